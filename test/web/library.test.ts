/**
 * The library in a browser: the package's built entry (dist/) bundled for the browser by
 * esbuild, as a web app's bundler would, and run in Debian's Chromium. Decoding a recording
 * must work there as in Node (issue 4: the same decoder serves the CLI and the browser).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { decodeTimings, renderWavChunks } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { launchChromium } from "./chromium.js";

/** What the page holds: the bundle's exports under `ditdah` (esbuild's globalName). */
interface Bundled {
  ditdah: typeof import("../../src/index.js");
}

const ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

let browser: Browser;
let page: Page;

before(async () => {
  // platform "browser": a Node built-in anywhere in the graph fails the build.
  const bundle = await build({ entryPoints: [ENTRY], bundle: true, format: "iife", globalName: "ditdah", platform: "browser", target: "es2022", write: false });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});
after(async () => browser?.close());

/** A WAV made in Node, as bytes the page can take. */
function wavOf(text: string, wpm: number, frequency: number, sampleRate: number): number[] {
  return [...Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency, sampleRate })])];
}

describe("the library bundled for a browser", () => {
  it("encodes, decodes, gives the chart and the timing", async () => {
    const result = await page.evaluate(() => {
      const { encode, decode, CHART, timeline: timing, MorseError } = (globalThis as unknown as Bundled).ditdah;
      let error = "";
      try {
        encode("#");
      } catch (e) {
        error = e instanceof MorseError ? `${e.code}: ${e.message}` : "not a MorseError";
      }
      return { morse: encode("Hello World"), text: decode("...-.- / -.-"), a: CHART.alphabet.A, ms: timing("PARIS").durationMs, error };
    });
    assert.deepEqual(result, {
      morse: ".... . .-.. .-.. --- / .-- --- .-. .-.. -..",
      text: "<SK> K",
      a: ".-",
      ms: timeline("PARIS").durationMs,
      error: 'UNSUPPORTED_CHARACTER: Cannot encode character "#" at position 1',
    });
  });

  it("reads a WAV and decodes the Morse in it, with the same answer as in Node", async () => {
    for (const [text, wpm, frequency, sampleRate] of [
      ["CQ DE W1AW K", 20, 600, 8000],
      ["QTH BERLIN 73", 35, 900, 22050],
    ] as const) {
      const decoded = await page.evaluate(
        (bytes) => {
          const { readWav, decodeAudio } = (globalThis as unknown as Bundled).ditdah;
          const { samples, sampleRate: rate } = readWav(Uint8Array.from(bytes));
          return decodeAudio(samples, rate);
        },
        wavOf(text, wpm, frequency, sampleRate),
      );
      assert.equal(decoded.output, text);
      assert.ok(Math.abs(decoded.wpm - wpm) <= 0.1 * wpm, `${decoded.wpm} wpm`);
      assert.ok(Math.abs(decoded.frequency - frequency) <= 3, `${decoded.frequency} Hz`);
    }
  });

  it("decodes samples and key timings handed over directly", async () => {
    const timings = [60, 60, 180, 180, 60, 420, 180];
    const result = await page.evaluate((durations) => {
      const { decodeAudio, decodeTimings: fromTimings } = (globalThis as unknown as Bundled).ditdah;
      return { silence: decodeAudio(new Float32Array(8000), 8000).output, timings: fromTimings(durations).output };
    }, timings);
    assert.deepEqual(result, { silence: "", timings: decodeTimings(timings).output });
    assert.equal(result.timings, "AE T");
  });
});
