/**
 * decodeAudio on recordings made by other people's software, read where they lie in
 * ../shared/corpora/foreign (never copied here; see its README for where each comes
 * from). Each must read exactly as its source states; `npm run bench -- foreign` scores
 * them all.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { decodeAudio, readWav } from "../../../src/audio/index.js";
import { streamed } from "../../fixtures/streamed.js";

const CORPUS = fileURLToPath(new URL("../../../../shared/corpora/foreign/", import.meta.url));

/** The stated text of each file, by id, from the corpus's transcripts.tsv. */
function transcripts(): Map<string, { file: string; reference: string }> {
  const [header, ...rows] = readFileSync(`${CORPUS}transcripts.tsv`, "utf8").trim().split("\n");
  const columns = header!.split("\t");
  const at = (name: string) => columns.indexOf(name);
  return new Map(rows.map((row) => row.split("\t")).map((cells) => [cells[at("id")]!, { file: cells[at("file")]!, reference: cells[at("reference")]! }]));
}

describe("decodeAudio on other people's recordings", () => {
  const stated = transcripts();
  const ids = [
    "hamlet-clean-18wpm", // Hamlet's test fixture: clean, 18 wpm
    "encse-hello-world-clean",
    "barrettotte-hello-world", // 44.1 kHz, 15 wpm
    "kaggle-cw074", // the Kaggle set: every element a sine started afresh, keyed hard; 35 wpm
    "kaggle-cw041", // the same at 43 wpm
    "pd0wm-hello_world", // pd0wm's morse.py: 2 kHz, its tone near 200 Hz
    "pd0wm-hello_world_noise", // the same in noise, its tone near 350 Hz, clipped in the original
    "hamlet-rx-tightfist-easy", // Hamlet's receiver fixtures: a tight fist, letter gaps about 2 dots, word gaps 3
    "hamlet-rx-qsk-preamble", // 12 s of receiver mutes, then a tight fist
    "hamlet-rx-two-station", // 615 Hz at 11 wpm, then 730 Hz at 22 wpm
  ];
  for (const id of ids) {
    it(`reads ${id} as its source states`, () => {
      const { file, reference } = stated.get(id)!;
      const { samples, sampleRate } = readWav(readFileSync(`${CORPUS}${file}`));
      assert.equal(decodeAudio(samples, sampleRate).output, reference);
    });
  }

  it("reads a stretch without a word gap as one word where noise draws gaps inside letters out (hamlet-rx-coverage-edge, 0 dB)", () => {
    // Its digits 2 to 7: the timings alone take the gaps inside letters for a tight fist's letter gaps, and the letter gaps for word gaps.
    const { samples, sampleRate } = readWav(readFileSync(`${CORPUS}${stated.get("hamlet-rx-coverage-edge")!.file}`));
    // The cut runs through the 1 and the 8: what is left of them may read as a letter either side, in the word.
    const { output } = decodeAudio(samples.subarray(Math.round(2.4 * sampleRate), Math.round(12.5 * sampleRate)), sampleRate);
    assert.match(output, /^[A-Z]?234567[A-Z]?$/);
  });
});

describe("the live listener on other people's recordings", () => {
  const stated = transcripts();
  const stream = (id: string) => {
    const { file, reference } = stated.get(id)!;
    const { samples, sampleRate } = readWav(readFileSync(`${CORPUS}${file}`));
    const { events, summary } = streamed(samples, sampleRate);
    return { reference, events, output: summary.output };
  };

  it("reads pd0wm's 2 kHz recordings as their source states, as the batch decoder does", () => {
    for (const id of ["pd0wm-hello_world", "pd0wm-hello_world_noise"]) {
      const { reference, output } = stream(id);
      assert.equal(output, reference, id);
    }
  });

  it("reads a 6 s Kaggle clip at 40 wpm, all of it a stream's start, as its source states (kaggle-cw119)", () => {
    // Its first readings hold 2 s of Morse; a speed read from them is a rung off, and the readings after must not keep it.
    const { reference, output } = stream("kaggle-cw119");
    assert.equal(output, reference);
  });

  it("reads the station the recording is of, not the interfering one whose burst the stream's first second holds (hamlet-interference-18wpm)", () => {
    // Its first readings hear the other station's DE; a pitch read from a single character must not narrow the next reading onto it.
    const { reference, output } = stream("hamlet-interference-18wpm");
    assert.equal(output, reference);
  });

  it("keeps an early character that two readings agreed on when the next is read a rung off in speed (encse-hello-world-clean)", () => {
    const { reference, output } = stream("encse-hello-world-clean");
    assert.equal(output, reference);
  });

  it("reads hamlet-rx-coverage-edge as its source states, though most windows hold no word gap", () => {
    const { reference, output } = stream("hamlet-rx-coverage-edge");
    assert.equal(output, reference);
  });

  it("reads nothing in a receiver's 12 s of QSK mutes (noise keyed in step with its own transmitter), then the station", () => {
    const { reference, events, output } = stream("hamlet-rx-qsk-preamble");
    const early = events.filter((e) => e.type === "character" && e.startMs < 12_000);
    assert.deepEqual(early, []);
    assert.equal(output.replaceAll(" ", ""), reference.replaceAll(" ", ""));
  });
});
