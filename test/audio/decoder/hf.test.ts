/**
 * decodeAudio on the HF channel simulator (test/fixtures/channel/): the failure classes
 * real HF showed, each on a few short messages whose seeds lie apart from the bench's.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio } from "../../../src/audio/index.js";
import { type Simulation, simulate } from "../../fixtures/channel/index.js";
import { hamText } from "../../fixtures/conditions.js";
import { rng } from "../../fixtures/random.js";
import { levenshtein } from "../../fixtures/simulator.js";

/** Non-space characters, upper case: CER is scored on them (as the hf bench scores it). */
const squeeze = (text: string) => text.toUpperCase().replace(/\s+/g, "");

/** `count` two-phrase ham messages, each with its pitch and channel seed, drawn from `seed`. */
function messages(seed: number, count: number): Pick<Simulation, "text" | "pitchHz" | "seed">[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => ({ text: hamText(random, 2), pitchHz: 400 + Math.floor(random() * 501), seed: Math.floor(random() * 2 ** 31) }));
}

/** The character error rate over the messages, each simulated with `channel`, and what was read. */
function cer(list: ReturnType<typeof messages>, channel: Omit<Simulation, "text" | "pitchHz" | "seed">): { rate: number; read: string[] } {
  let errors = 0;
  let length = 0;
  const read: string[] = [];
  for (const m of list) {
    const sim = { ...channel, ...m };
    const output = decodeAudio(simulate(sim), sim.sampleRate).output;
    read.push(output);
    errors += levenshtein(squeeze(m.text), squeeze(output));
    length += squeeze(m.text).length;
  }
  return { rate: errors / length, read };
}

/** A deep slow fade on a clear tone: flat Rayleigh, 0.1 Hz spread, +20 dB, 24 wpm. */
const SLOW_FADE = { wpm: 24, fading: { kind: "rayleigh", spreadHz: 0.1 }, snrDb: 20, sampleRate: 8000 } as const;

describe("decodeAudio on HF", () => {
  it("keeps dashes whole through fast fading (flat Rayleigh, 1 Hz spread, +20 dB, 24 wpm)", () => {
    const { rate, read } = cer(messages(4401, 5), {
      wpm: 24,
      keying: { kind: "keyer" },
      fading: { kind: "rayleigh", spreadHz: 1 },
      snrDb: 20,
      sampleRate: 8000,
    });
    assert.ok(rate <= 0.06, `CER ${(100 * rate).toFixed(1)} %: ${read.join(" | ")}`);
  });

  it("reads through a slow fade's troughs 20 to 30 dB deep (flat Rayleigh, 0.1 Hz spread, +20 dB, 24 wpm)", () => {
    const { rate, read } = cer(messages(4405, 8), { ...SLOW_FADE, keying: { kind: "keyer" } });
    // 4.7 % before a deep slow fade was taken out.
    assert.ok(rate <= 0.02, `CER ${(100 * rate).toFixed(1)} %: ${read.join(" | ")}`);
  });

  it("reads whole messages, not garbage, where a slow fade is taken out of a machine-keyed tone (0.1 Hz spread, +20 dB)", () => {
    const { rate, read } = cer(messages(4417, 6), { ...SLOW_FADE, keying: { kind: "machine" } });
    // 11 % while the fade's level was also read on the filter's ramps, which put it at half the marks' between them.
    assert.ok(rate <= 0.02, `CER ${(100 * rate).toFixed(1)} %: ${read.join(" | ")}`);
  });

  it("keeps the phase of a pitch wandering ±50 Hz a minute (a random walk, keyer, +10 dB)", () => {
    const { rate, read } = cer(messages(4402, 4), {
      wpm: 24,
      keying: { kind: "keyer" },
      fading: { kind: "none" },
      snrDb: 10,
      sampleRate: 8000,
      drift: { walkHz: 50 },
    });
    assert.ok(rate <= 0.02, `CER ${(100 * rate).toFixed(1)} %: ${read.join(" | ")}`);
  });
});
