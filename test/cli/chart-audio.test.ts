/** ditdah chart, audio and timing, and the alphabets of every command: the API's answers, on the built command. */
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readRecording, renderWavChunks } from "../../src/audio/index.js";
import { CHART, timeline } from "../../src/core/index.js";
import { FREQUENCY, SAMPLE_RATE, WPM } from "../../src/http/limits.js";
import { timelineInMicroseconds } from "../../src/http/microseconds.js";
import { ditdah, temporaryDir } from "../helpers/cli.js";

describe("ditdah chart and audio", () => {
  const dir = temporaryDir("ditdah-cli-chart-");

  it("prints the chart as a table: every character of the core's chart, the Morse in one column", async () => {
    const { code, stdout, stderr } = await ditdah(["chart"]);
    assert.equal(code, 0);
    assert.equal(stderr, "");
    const lines = stdout.split("\n");
    const ROW = /^\S+ {2,}\S+$/;
    assert.deepEqual(
      lines.filter((line) => line !== "" && !ROW.test(line)),
      ["Letters", "Digits", "Punctuation", "Prosigns", "Accented letters", "Other signs"],
    );
    const rows = lines.filter((line) => ROW.test(line));
    assert.deepEqual(
      rows.map((row) => row.split(/ +/)),
      Object.values(CHART).flatMap((table) => Object.entries(table)),
    );
    const column = (character: string) => rows.find((row) => row.startsWith(`${character} `))!.search(/[-.]+$/);
    for (const character of ["0", "?", "<SK>", "<SOS>", "É"]) assert.equal(column(character), column("A"), character);
    assert.ok(rows.includes(`<SK>${" ".repeat(column("A") - 4)}...-.-`));
  });

  it("takes --alphabet for the chart and for decode, and refuses an unknown one with the list", async () => {
    const greek = await ditdah(["chart", "--alphabet", "greek"]);
    assert.equal(greek.code, 0);
    assert.ok(
      greek.stdout.split("\n").includes(
        `Ω${" ".repeat(
          greek.stdout
            .split("\n")
            .find((l) => l.startsWith("Α "))!
            .search(/[-.]+$/) - 1,
        )}.--`,
      ),
    );
    const decoded = await ditdah(["decode", "--alphabet", "cyrillic", "-.-.", "--.-", "/", "-..", "."]);
    assert.equal(decoded.stdout, "ЦЩ ДЕ\n");
    const bad = await ditdah(["decode", "--alphabet", "elvish", "-.-."]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /alphabet must be one of latin, cyrillic, /);
  });

  it("takes any alphabet for encode, audio and wav (--alphabet persian), and refuses an unknown one with the list", async () => {
    // خانه has no letter only Persian has: without --alphabet it goes out in Arabic's table.
    assert.deepEqual(await ditdah(["encode", "خانه"]), { code: 0, stdout: "--- .- -. ..-..\n", stderr: "" });
    assert.deepEqual(await ditdah(["encode", "--alphabet", "persian", "خانه"]), { code: 0, stdout: "-..- .- -. .\n", stderr: "" });
    const audio = await ditdah(["audio", "--alphabet", "persian", "خانه"]);
    assert.equal(audio.code, 0);
    assert.equal(JSON.parse(audio.stdout).morse, "-..- .- -. .");
    const file = join(dir(), "persian.wav");
    assert.deepEqual(await ditdah(["wav", "--alphabet", "persian", "--out", file, "خانه"]), { code: 0, stdout: "", stderr: "" });
    const persian = timeline("خانه", { alphabet: "persian" });
    assert.ok((await readFile(file)).equals(Buffer.concat([...renderWavChunks(persian, { frequency: FREQUENCY.default, sampleRate: SAMPLE_RATE.default })])));
    assert.deepEqual(await ditdah(["encode", "--alphabet", "persian", "CQ"]), {
      code: 1,
      stdout: "",
      stderr: 'ditdah: Cannot encode characters "C" at position 1 and "Q" at position 2\n',
    });
    const bad = await ditdah(["encode", "--alphabet", "elvish", "E"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /alphabet must be one of latin, cyrillic, .*persian.* or american\n$/);
    assert.match((await ditdah(["encode", "--help"])).stdout, /--alphabet NAME .*latin.*persian.*american/);
  });

  it("prints the chart as the API's JSON", async () => {
    const { code, stdout, stderr } = await ditdah(["chart", "--json"]);
    assert.equal(code, 0);
    assert.equal(stderr, "");
    assert.deepEqual(JSON.parse(stdout), { success: true, ...CHART });
    assert.equal(stdout, `${JSON.stringify({ success: true, ...CHART })}\n`);
  });

  it("prints the /api/v1/audio JSON for a text, also as timing", async () => {
    const run = await ditdah(["audio", "--wpm", "20", "E"]);
    assert.deepEqual(run, {
      code: 0,
      stdout:
        '{"success":true,"text":"E","morse":".","wpm":20,"frequency":600,"unitMs":60,"fwpm":20,"durationMs":60,"sequence":[{"type":"dot","startMs":0,"durationMs":60}]}\n',
      stderr: "",
    });
    const args = ["--wpm", "25", "--fwpm", "15", "--frequency", "700", "-"];
    const audio = await ditdah(["audio", ...args], "PARIS <AR>\n");
    assert.equal(audio.code, 0);
    const sound = timelineInMicroseconds(timeline("PARIS <AR>", { wpm: 25, fwpm: 15 }));
    assert.deepEqual(JSON.parse(audio.stdout), { success: true, text: "PARIS <AR>", frequency: 700, ...sound });
    assert.deepEqual(await ditdah(["timing", ...args], "PARIS <AR>\n"), audio);
  });

  it("gives times to the microsecond, as the API does: audio, listen --json and listen --live --json", async () => {
    const audio = JSON.parse((await ditdah(["audio", "--wpm", "25", "--fwpm", "15", "PARIS"])).stdout);
    assert.equal(audio.durationMs, Math.round(timeline("PARIS", { wpm: 25, fwpm: 15 }).durationMs * 1000) / 1000);
    for (const segment of audio.sequence) assert.match(`${segment.startMs} ${segment.durationMs}`, /^\d+(\.\d{1,3})? \d+(\.\d{1,3})?$/);
    // At 44100 samples a second, a length in ms that a float writes in 17 digits.
    const file = join(dir(), "e-44100.wav");
    await writeFile(file, Buffer.concat([...renderWavChunks(timeline("E", { wpm: 19 }), { frequency: 600, sampleRate: 44100 })]));
    const { samples, sampleRate } = await readRecording(await readFile(file));
    const exact = (1000 * samples.length) / sampleRate;
    assert.notEqual(exact, Math.round(exact * 1000) / 1000);
    assert.equal(JSON.parse((await ditdah(["listen", "--json", file])).stdout).durationMs, Math.round(exact * 1000) / 1000);
    const live = (await ditdah(["listen", "--live", "--json", "--speed", "max", file])).stdout.trimEnd().split("\n");
    const end = JSON.parse(live.at(-1)!);
    assert.equal(end.type, "end");
    assert.match(String(end.durationMs), /^\d+\.\d{1,3}$/);
  });

  it("refuses what the API refuses, with its message, exit code 1", async () => {
    assert.deepEqual(await ditdah(["audio", "--frequency", "1001", "E"]), {
      code: 1,
      stdout: "",
      stderr: `ditdah: Parameter frequency must be a number between ${FREQUENCY.min} and ${FREQUENCY.max}\n`,
    });
    assert.deepEqual(await ditdah(["audio", "--wpm", "51", "E"]), {
      code: 1,
      stdout: "",
      stderr: `ditdah: Parameter wpm must be a number between ${WPM.min} and ${WPM.max}\n`,
    });
  });
});
