/**
 * Core library against the npm packages `morsee` and `morse-decoder`: encode and decode
 * of a 1000-character mixed text, in one process, interleaved rounds (A B C A B C ...),
 * medians of ops/s. Neither package knows prosigns, so they get the same text with each
 * prosign written as its letters (`<SK>` -> `SK`), and, for decode, the Morse of that text
 * in their format (letters split by one space, words by ` / `). Outputs are compared first.
 */
import { createRequire } from "node:module";
import { decode, encode } from "../src/core/index.js";
import { isProsignWord, mixedText, withoutProsigns } from "./lib/corpus.js";
import { envNumber, fmt, fmtRatio, line, median, verdict, warn } from "./lib/stats.js";

const require = createRequire(import.meta.url);

interface Morsee {
  encode(text: string): string;
  decode(morse: string): string;
}
interface MorseDecoder {
  encode(text: string, options?: object): string;
  decode(morse: string, options?: object): string;
}
const morsee = require("morsee") as Morsee;
const morseDecoder = require("morse-decoder") as MorseDecoder;

export interface CoreFigure {
  op: "encode" | "decode";
  ours: number;
  morsee: number;
  morseDecoder: number;
  ratio: number;
}

interface Candidate {
  name: string;
  run: () => string;
}

let sink = 0;

/** Calls `fn` for about `ms` milliseconds; returns ops/s. */
function measure(fn: () => string, ms: number, batch: number): number {
  const budget = BigInt(Math.round(ms * 1e6));
  const start = process.hrtime.bigint();
  let ops = 0;
  let elapsed = 0n;
  do {
    for (let i = 0; i < batch; i++) sink += fn().length;
    ops += batch;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < budget);
  return ops / (Number(elapsed) / 1e9);
}

/** A batch that takes roughly half a millisecond, so the clock is read rarely. */
function batchSize(fn: () => string): number {
  const start = process.hrtime.bigint();
  let n = 0;
  while (process.hrtime.bigint() - start < 5_000_000n) {
    sink += fn().length;
    n++;
  }
  return Math.max(1, Math.round(n / 10));
}

function interleaved(candidates: Candidate[], rounds: number, roundMs: number, warmupRounds: number): number[] {
  const batches = candidates.map((c) => batchSize(c.run));
  const samples: number[][] = candidates.map(() => []);
  for (let round = 0; round < warmupRounds + rounds; round++) {
    // Rotate the starting candidate so none always runs first after the previous round.
    for (let k = 0; k < candidates.length; k++) {
      const i = (round + k) % candidates.length;
      const opsPerSecond = measure(candidates[i]!.run, roundMs, batches[i]!);
      if (round >= warmupRounds) samples[i]!.push(opsPerSecond);
    }
  }
  return samples.map(median);
}

/** Our output with the prosign words' letter gaps taken out, for comparison with a peer's. */
function sameEncoding(ours: string, peer: string, words: string[]): boolean {
  const a = ours.split(" / ");
  const b = peer.split(" / ");
  if (a.length !== b.length || a.length !== words.length) return false;
  return a.every((word, i) => (isProsignWord(words[i]!) ? word.replaceAll(" ", "") === b[i]!.replaceAll(" ", "") : word === b[i]));
}

function checkEquivalence(text: string, peerText: string, ourMorse: string, peerMorse: string): boolean {
  let ok = true;
  const words = text.split(" ");
  const outputs = {
    morsee: morsee.encode(peerText),
    "morse-decoder": morseDecoder.encode(peerText),
  };
  for (const [name, output] of Object.entries(outputs)) {
    if (!sameEncoding(ourMorse, output, words)) {
      warn(`core encode: ${name} output differs from ours`);
      ok = false;
    }
  }
  const expected = text.toUpperCase();
  const ourText = decode(ourMorse);
  if (ourText !== expected) {
    warn("core decode: ours does not give back the upper-cased text");
    ok = false;
  }
  const decoded = {
    morsee: morsee.decode(peerMorse).toUpperCase(),
    "morse-decoder": morseDecoder.decode(peerMorse),
  };
  for (const [name, output] of Object.entries(decoded)) {
    if (output !== withoutProsigns(ourText)) {
      warn(`core decode: ${name} output differs from ours (prosigns aside)`);
      ok = false;
    }
  }
  return ok;
}

export async function runCoreBench(): Promise<CoreFigure[]> {
  const rounds = envNumber("BENCH_CORE_ROUNDS", 15);
  const roundMs = envNumber("BENCH_CORE_ROUND_MS", 150);
  const text = mixedText(1000, 3);
  const peerText = withoutProsigns(text);
  const ourMorse = encode(text);
  const peerMorse = morseDecoder.encode(peerText);
  const equivalent = checkEquivalence(text, peerText, ourMorse, peerMorse);
  line(
    "core input",
    `text ${text.length} chars (${(text.match(/<[A-Z]+>/g) ?? []).length} prosigns), ` +
      `morse ${ourMorse.length} chars (ours) / ${peerMorse.length} chars (peers); ` +
      `outputs ${equivalent ? "equivalent" : "NOT equivalent, see warnings"}`,
  );
  line("core method", `${rounds} interleaved rounds of ${roundMs} ms per library after 3 warm-up rounds; medians of ops/s`);

  const figures: CoreFigure[] = [];
  const ops = {
    encode: [
      { name: "ours", run: () => encode(text) },
      { name: "morsee", run: () => morsee.encode(peerText) },
      { name: "morse-decoder", run: () => morseDecoder.encode(peerText) },
    ],
    decode: [
      { name: "ours", run: () => decode(ourMorse) },
      { name: "morsee", run: () => morsee.decode(peerMorse) },
      { name: "morse-decoder", run: () => morseDecoder.decode(peerMorse) },
    ],
  } satisfies Record<string, Candidate[]>;
  for (const op of ["encode", "decode"] as const) {
    const [ours, a, b] = interleaved(ops[op], rounds, roundMs, 3) as [number, number, number];
    const fasterName = a >= b ? "morsee" : "morse-decoder";
    const ratio = ours / Math.max(a, b);
    figures.push({ op, ours, morsee: a, morseDecoder: b, ratio });
    line(`core ${op}`, `ours ${fmt(ours)} ops/s | morsee ${fmt(a)} ops/s | morse-decoder ${fmt(b)} ops/s`);
    line(`core ${op} ratio`, `${fmtRatio(ratio)} ours / ${fasterName} (${verdict(ratio, 4, "min")})`);
  }
  if (sink === 42) console.log(""); // keeps the results observable
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCoreBench();
}
