/** The playground page, driven in Debian's Chromium (playwright-core) against a real server. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeWav, readWav, sampleCount } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { recordBand } from "../fixtures/band.js";
import { launchChromium } from "./chromium.js";
import { pageUnderTest, showView } from "./page.js";

const t = pageUnderTest();
const { server } = t;

/** The text of an <output> once it shows something. */
async function shown(selector: string): Promise<string> {
  const output = t.page.locator(selector, { hasText: /./ });
  await output.waitFor();
  return (await output.textContent())!;
}

/**
 * The page in a Chromium whose fake microphone plays `samples` (48 kHz) once from the start
 * of the take ("%noloop"), handed to `run`.
 */
async function withMicrophone(samples: Float32Array, run: (page: Page) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "ditdah-mic-"));
  const file = join(dir, "microphone.wav");
  writeFileSync(file, encodeWav([samples], 48000));
  const microphone = await launchChromium([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${file}%noloop`,
  ]);
  try {
    // As pageUnderTest: no service worker fetching the page in the background while the microphone is read in real time.
    const page = await microphone.newPage({ serviceWorkers: "block" });
    await page.goto(`${server.url}/#listen`);
    await run(page);
  } finally {
    await microphone.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the playground page", () => {
  it("encodes text as it is typed, and shows the API's own error for what cannot be encoded", async () => {
    const { page } = t;
    await page.fill("#text", "SOS 73");
    assert.equal(await shown("#morse"), "... --- ... / --... ...--");
    await page.fill("#text", "A#B");
    await page.locator("#encode-error", { hasText: "Cannot encode" }).waitFor();
    assert.equal(await page.textContent("#encode-error"), 'Cannot encode character "#" at position 2');
    assert.equal(await page.textContent("#morse"), "");
    // Cleared text clears the error too.
    await page.fill("#text", "");
    await page.locator("#encode-error").waitFor({ state: "hidden" });
    assert.equal(await page.textContent("#encode-error"), "");
    await t.done();
  });

  it("decodes Morse as it is typed", async () => {
    const { page } = t;
    await showView(page, "read");
    await page.fill("#morse-input", "-.-. --.- / -.. . / .-- .---- .- .--");
    assert.equal(await shown("#decoded"), "CQ DE W1AW");
    await page.fill("#morse-input", "...---...---...");
    await page.locator("#decode-error", { hasText: /./ }).waitFor();
    assert.match((await page.textContent("#decode-error"))!, /\.\.\.---\.\.\.---\.\.\./);
    await t.done();
  });

  it("shows the chart as a grid, each character with its Morse, and a click on a character types it", async () => {
    const { page } = t;
    await showView(page, "chart");
    await page.locator("#chart .chart-grid").first().waitFor();
    const chart = (await (await fetch(`${server.url}/api/v1/chart`)).json()) as Record<string, Record<string, string>>;
    const titles = await page.locator("#chart h3, #chart summary").allTextContents();
    assert.deepEqual(titles, ["Letters", "Digits", "Punctuation", "Prosigns (13)", "Accented letters (48)", "Other signs (2)"]);
    const groups = ["alphabet", "numbers", "punctuation", "prosigns", "accented", "signs"];
    const shown = await page
      .locator("#chart button")
      .evaluateAll((buttons) => buttons.map((b) => [b.getAttribute("data-character"), b.getAttribute("data-pattern")]));
    assert.deepEqual(
      shown,
      groups.flatMap((group) => Object.entries(chart[group]!)),
    );
    // Q drawn as its Morse: dash, dash, dot, dash; its name to a screen reader with the pattern.
    const q = page.locator("#chart button[data-character='Q']");
    assert.deepEqual(await q.locator(".pattern span").evaluateAll((marks) => marks.map((m) => m.className)), ["dah", "dah", "dit", "dah"]);
    assert.equal((await q.textContent())!.replace(/\s+/g, " "), "Q --.-");
    // Prosigns, accented letters and other signs behind a disclosure, a tap away.
    assert.equal(await page.isVisible("#chart button[data-character='<SK>']"), false);
    await page.click("#chart details[data-group='prosigns'] summary");
    await page.click("#chart button[data-character='C']");
    await page.click("#chart button[data-character='Q']");
    await page.click("#chart button[data-character='<SK>']");
    assert.equal(await page.inputValue("#text"), "CQ<SK>");
    await showView(page, "hear");
    // Each click asks the API again: the answer for "CQ" may show before the one for "CQ<SK>".
    await page.locator("#morse", { hasText: "...-.-" }).waitFor();
    assert.equal(await page.textContent("#morse"), "-.-. --.- ...-.-");
    await t.done();
  });

  it("plays a chart's letters in its alphabet, and the signs every alphabet shares in their own", async () => {
    const { page } = t;
    await showView(page, "chart");
    await page.selectOption("#chart-alphabet", "persian");
    await page.locator("#chart button[data-character='خ']").waitFor();
    const asked = (character: string) =>
      Promise.all([
        page.waitForRequest((r) => r.url().includes("/api/v1/audio") && r.method() === "POST"),
        page.click(`#chart button[data-character='${character}']`),
      ]).then(([request]) => request.postDataJSON() as Record<string, string>);
    // Persian's خ is -..-; as Arabic text alone would send it, ---.
    const letter = await asked("خ");
    assert.equal(letter.text, "خ");
    assert.equal(letter.alphabet, "persian");
    assert.equal((await asked("?")).alphabet, undefined);
    await t.done();
  });

  it("plays the API's timeline to its end, and links a WAV of the same settings", async () => {
    const { page } = t;
    await page.fill("#text", "EE");
    await page.fill("#wpm", "30");
    await page.fill("#frequency", "700");
    const href = await page.getAttribute("#wav", "href");
    assert.equal(href, "/api/v1/audio.wav?text=EE&wpm=30&frequency=700");
    const wav = Buffer.from(await (await fetch(new URL(href!, server.url))).arrayBuffer());
    assert.equal(wav.toString("latin1", 0, 4), "RIFF");
    const durationMs = timeline("EE", { wpm: 30 }).durationMs;
    assert.equal(wav.readUInt32LE(40), 2 * sampleCount(timeline("EE", { wpm: 30 }), 8000));

    await page.click("#play");
    await page.locator("#play-status", { hasText: "Playing" }).waitFor();
    assert.equal(await page.textContent("#play-status"), `Playing ${(durationMs / 1000).toFixed(1)} s at 30 wpm, 700 Hz`);
    assert.equal(await page.isEnabled("#stop"), true);
    // The oscillator's end is on the audio clock: it comes once the tones have sounded.
    await page.locator("#play-status", { hasText: "Played" }).waitFor({ timeout: 5000 });
    assert.equal(await page.isEnabled("#stop"), false);

    // Settings the API refuses are shown, not played.
    await page.fill("#wpm", "60");
    await page.click("#play");
    await page.locator("#sound-error", { hasText: /./ }).waitFor();
    assert.equal(await page.textContent("#sound-error"), "Parameter wpm must be a number between 5 and 50");
    await t.done();
  });

  it("stops what it plays", async () => {
    const { page } = t;
    await page.fill("#text", "PARIS PARIS PARIS");
    await page.fill("#wpm", "5");
    await page.click("#play");
    await page.locator("#play-status", { hasText: "Playing" }).waitFor();
    await page.click("#stop");
    assert.equal(await page.textContent("#play-status"), "Stopped");
    assert.equal(await page.isEnabled("#stop"), false);
    await t.done();
  });

  it("reads back a recording chosen from disk, and says so when it holds no Morse", async () => {
    const { page } = t;
    await showView(page, "listen");
    const wav = Buffer.from(await (await fetch(`${server.url}/api/v1/audio.wav?text=CQ%20TEST&wpm=25&frequency=650`)).arrayBuffer());
    await page.setInputFiles("#recording", { name: "cq.wav", mimeType: "audio/wav", buffer: wav });
    await page.locator("#heard-details", { hasText: "characters" }).waitFor({ timeout: 20_000 });
    assert.equal(await page.textContent("#heard"), "CQ TEST");
    assert.match((await page.textContent("#heard-details"))!, /^6 characters at 2\d(\.\d)? wpm, 6[45]\d Hz, in \d\.\d s$/);

    const silence = Buffer.alloc(44 + 16000);
    wav.copy(silence, 0, 0, 44);
    silence.writeUInt32LE(36 + 16000, 4);
    silence.writeUInt32LE(16000, 40);
    await page.setInputFiles("#recording", { name: "quiet.wav", mimeType: "audio/wav", buffer: silence });
    await page.locator("#heard-details", { hasText: "No Morse" }).waitFor({ timeout: 20_000 });
    assert.equal(await page.textContent("#heard-details"), "No Morse found in 1.0 s");

    await page.setInputFiles("#recording", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a recording") });
    await page.locator("#listen-error", { hasText: /./ }).waitFor();
    assert.match((await page.textContent("#listen-error"))!, /not a file we can read/);
    await t.done();
  });

  it("listens to the microphone, decoding in the page as it hears, with a waterfall", async () => {
    // Chromium's fake microphone plays a file once from the start of the take ("%noloop"):
    // a WAV from the API with a second of silence either side, at 48 kHz.
    const rendered = Buffer.from(
      await (await fetch(`${server.url}/api/v1/audio.wav?text=CQ%20TEST%20DE%20W1AW&wpm=20&frequency=700&sampleRate=48000`)).arrayBuffer(),
    );
    const { samples } = readWav(rendered);
    const padded = new Float32Array(samples.length + 2 * 48000);
    padded.set(samples, 48000);
    await withMicrophone(padded, async (micPage) => {
      assert.equal(await micPage.isVisible("#waterfall"), false);
      await micPage.click("#listen");
      await micPage
        .locator("#listen", { hasText: "Stop listening" })
        .or(micPage.locator("#listen-error", { hasText: /./ }))
        .waitFor();
      assert.equal(await micPage.textContent("#listen-error"), "");
      // The waterfall shows once listening starts.
      assert.equal(await micPage.isVisible("#waterfall"), true);
      const fileS = padded.length / 48000;
      // Text appears while the file still plays: the first word, read in the page.
      await micPage.locator("#heard", { hasText: /^CQ/ }).waitFor({ timeout: 3000 * fileS });
      const heardAt = Number(/Listening (\d+\.\d) s/.exec((await micPage.textContent("#listen-status"))!)?.[1]);
      assert.ok(heardAt < fileS - 2, `CQ read after ${heardAt} s of a ${fileS.toFixed(1)} s file`);
      // The pitch and a first estimate of the speed, from the first few characters.
      assert.match((await micPage.textContent("#listen-status"))!, / · 70\d Hz · \d+(\.\d)? wpm$/);
      // The waterfall draws the tone: its brightest column, summed down the canvas, is at 700 Hz.
      const peakHz = await micPage.evaluate(() => {
        type Canvas = {
          width: number;
          height: number;
          getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
        };
        const canvas = (globalThis as unknown as { document: { getElementById(id: string): Canvas } }).document.getElementById("waterfall");
        const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
        const columns = new Float64Array(canvas.width);
        for (let i = 0; i < data.length; i += 4) columns[(i / 4) % canvas.width]! += data[i]!;
        let best = 0;
        for (let x = 1; x < canvas.width; x++) if (columns[x]! > columns[best]!) best = x;
        return (best * 3600) / canvas.width;
      });
      assert.ok(Math.abs(peakHz - 700) <= 20, `waterfall peak at ${peakHz} Hz`);
      const takeS = Math.ceil(fileS) + 1;
      await micPage.locator("#listen-status", { hasText: `Listening ${takeS}.` }).waitFor({ timeout: 3000 * takeS });
      // By the end, the speed the last characters were read at.
      assert.match((await micPage.textContent("#listen-status"))!, / · 70\d Hz · (19|20|21)(\.\d)? wpm$/);
      await micPage.click("#listen");
      await micPage.locator("#heard-details", { hasText: "characters" }).waitFor({ timeout: 20_000 });
      assert.equal(await micPage.textContent("#heard"), "CQ TEST DE W1AW");
      assert.match((await micPage.textContent("#heard-details"))!, /^12 characters at (19|20|21)(\.\d)? wpm, (69\d|70\d) Hz, in \d+\.\d s$/);
      assert.equal(await micPage.textContent("#listen"), "Listen with the microphone");
    });
    await t.done();
  });

  it("with every signal, labels each signal on the waterfall with its text as it is read, and lists the stations spotted", async () => {
    const sent = [
      { text: "CQ CQ DE W1AW K", wpm: 20, frequency: 600, snrDb: 15, startS: 1 },
      { text: "TEST DL1ABC TEST", wpm: 24, frequency: 1800, snrDb: 12, startS: 1.5 },
    ];
    const band = recordBand({ signals: sent, durationS: 13, sampleRate: 48000, noiseSeed: 3 });
    await withMicrophone(band, async (micPage) => {
      await micPage.check("#every-signal");
      await micPage.fill("#dial", "14025");
      await micPage.click("#listen");
      // Each signal's label appears over its pitch while the file still plays.
      const label = (hz: string, text: string) => micPage.locator("#signal-labels span", { hasText: new RegExp(`^${hz}\\d Hz .*${text}`) });
      await label("60", "CQ").waitFor({ timeout: 3000 * 13 });
      await label("1[78]\\d", "TEST").waitFor({ timeout: 3000 * 13 });
      const heardAt = Number(/Listening (\d+\.\d) s/.exec((await micPage.textContent("#listen-status"))!)?.[1]);
      assert.ok(heardAt < 12, `both labelled after ${heardAt} s of a 13 s file`);
      // W1AW signs after DE: spotted, listed beside the signals while the file still plays; TEST DL1ABC TEST qualifies no call.
      await micPage.locator("#spots li", { hasText: /^14025\.6 kHz {2}W1AW {2}CQ {2}\d+ wpm/ }).waitFor({ timeout: 3000 * 13 });
      const left = await label("60", "CQ").evaluate((el) => (el as unknown as { style: { left: string } }).style.left);
      assert.ok(Math.abs(Number.parseFloat(left) - 100 * (600 / 3600)) < 1, `600 Hz label at ${left} of a 0-3600 Hz waterfall`);
      await micPage.locator("#listen-status", { hasText: "Listening 14." }).waitFor({ timeout: 3000 * 14 });
      await micPage.click("#listen");
      await micPage.locator("#heard-details", { hasText: "signals" }).waitFor({ timeout: 20_000 });
      assert.match((await micPage.textContent("#heard"))!, /^60\d Hz: CQ CQ DE W1AW K\n1[78]\d\d Hz: TEST DL1ABC TEST$/);
      assert.match((await micPage.textContent("#heard-details"))!, /^2 signals in \d+\.\d s$/);
      assert.deepEqual(await micPage.locator("#spots li").allTextContents(), [(await micPage.textContent("#spots li"))!]);
    });
    await t.done();
  });
});
