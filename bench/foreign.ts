/**
 * The decoder on recordings that other people's software made (../shared/corpora/foreign,
 * read from there and never copied in: its README says where each file comes from).
 * Each scored file's decode is compared with its stated text, character by character,
 * prosigns compared by their Morse (so `<BT>` equals `=`); a file the reader refuses
 * counts as read empty. Prints the pooled character error rate, per group, and the
 * files read perfectly; the errors in the files that are clean or at +10 dB or more
 * (which the issue holds to none); and the worst files.
 *
 * Environment: FOREIGN_CORPUS (default ../shared/corpora/foreign beside the repository);
 * AUDIO_BENCH_VERBOSE=1 prints every decode.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeAudio, readRecording, type Tuning } from "../src/audio/index.js";
import { textToPatterns } from "../src/core/index.js";
import { SkipError } from "./lib/server.js";
import { measuredSnrDb } from "./lib/snr.js";
import { levenshtein } from "../test/fixtures/simulator.js";
import { fmt, line } from "./lib/stats.js";

export const DEFAULT_CORPUS = fileURLToPath(new URL("../../shared/corpora/foreign", import.meta.url));

export interface Item {
  id: string;
  file: string;
  group: string;
  reference: string;
  conditions: string;
}

/** The scored items of transcripts.tsv (those with a reference). */
export function items(corpus: string): Item[] {
  const [header, ...rows] = readFileSync(join(corpus, "transcripts.tsv"), "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => l.split("\t"));
  const column = (name: string): number => header!.indexOf(name);
  const [id, file, group, reference, conditions] = ["id", "file", "group", "reference", "conditions"].map(column) as [number, number, number, number, number];
  return rows
    .map((r) => ({ id: r[id]!, file: r[file]!, group: r[group]!, reference: r[reference]!, conditions: r[conditions] ?? "" }))
    .filter((i) => i.reference.trim() !== "");
}

/** Files held to no errors at all: those at +10 dB or more. */
const CLEAN_SNR_DB = 10;

/**
 * Whether a file is clean or strong: stated clean, or stated at CLEAN_SNR_DB or more (the
 * first level its conditions state), or else (the Kaggle set states only a range; a
 * band-pass filter leaves no whole-band noise to measure, but those files state theirs)
 * measured so (`measured`: measuredSnrDb of its samples, or -Infinity for a file refused).
 */
function isCleanOrStrong(item: Item, measured: () => number): boolean {
  if (/^clean\b/i.test(item.conditions)) return true;
  const stated = /(-?[\d.]+) dB/.exec(item.conditions);
  if (stated && !/random/i.test(item.conditions)) return Number(stated[1]) >= CLEAN_SNR_DB;
  return measured() >= CLEAN_SNR_DB;
}

/** Errors of `output` against `reference`, counted on Morse tokens, at most the reference's length. */
export function tokenErrors(reference: string, output: string): { errors: number; length: number } {
  const tokens = morseTokens(reference);
  return { errors: Math.min(tokens.length, levenshtein(tokens, morseTokens(output))), length: tokens.length };
}

/** A text as Morse tokens: one per character (a prosign is one), "/" between words; what cannot be encoded stays itself. */
export function morseTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.toUpperCase().split(/\s+/).filter(Boolean)) {
    if (tokens.length > 0) tokens.push("/");
    try {
      for (const patterns of textToPatterns(word)) tokens.push(...patterns);
    } catch {
      tokens.push(...(word.match(/<[A-Z0-9]+>|./gu) ?? []));
    }
  }
  return tokens;
}

/** Files listed on the "foreign worst" line. */
const WORST_FILES = 8;

interface Tally {
  errors: number;
  length: number;
  files: number;
  perfect: number;
}

async function decodeItem(tuning: Tuning, corpus: string, item: Item): Promise<{ output: string; audioMs: number; ms: number; clean: boolean }> {
  const t0 = performance.now();
  try {
    const { samples, sampleRate } = await readRecording(readFileSync(join(corpus, item.file)));
    const decoded = decodeAudio(samples, sampleRate, { tuning });
    const ms = performance.now() - t0;
    return { output: decoded.output, audioMs: decoded.durationMs, ms, clean: isCleanOrStrong(item, () => measuredSnrDb(samples, sampleRate)) };
  } catch (error) {
    if (process.env.AUDIO_BENCH_VERBOSE) console.log(`  ${item.id}: refused: ${(error as Error).message}`);
    return { output: "", audioMs: 0, ms: performance.now() - t0, clean: isCleanOrStrong(item, () => -Infinity) };
  }
}

export async function runForeignBench(tuning: Tuning): Promise<void> {
  const corpus = process.env.FOREIGN_CORPUS ?? DEFAULT_CORPUS;
  if (!existsSync(join(corpus, "transcripts.tsv"))) throw new SkipError(`no foreign corpus at ${corpus}`);
  const groups = new Map<string, Tally>();
  const all: Tally = { errors: 0, length: 0, files: 0, perfect: 0 };
  const worst: { id: string; errors: number; length: number; output: string }[] = [];
  const clean: Tally = { errors: 0, length: 0, files: 0, perfect: 0 };
  const cleanMisses: string[] = [];
  let audioMs = 0;
  let decodeMs = 0;
  for (const item of items(corpus)) {
    const decoded = await decodeItem(tuning, corpus, item);
    audioMs += decoded.audioMs;
    decodeMs += decoded.ms;
    const { errors, length } = tokenErrors(item.reference, decoded.output);
    const group = groups.get(item.group) ?? { errors: 0, length: 0, files: 0, perfect: 0 };
    groups.set(item.group, group);
    if (decoded.clean && errors > 0) cleanMisses.push(item.id);
    for (const t of decoded.clean ? [group, all, clean] : [group, all]) {
      t.errors += errors;
      t.length += length;
      t.files++;
      t.perfect += errors === 0 ? 1 : 0;
    }
    if (errors > 0) worst.push({ id: item.id, errors, length, output: decoded.output });
    if (process.env.AUDIO_BENCH_VERBOSE) console.log(`  ${item.id}: ${errors}/${length} | ${item.reference} | ${decoded.output}`);
  }
  const cer = (t: Tally): string => `${((100 * t.errors) / t.length).toFixed(1)} %`;
  line(
    "foreign CER",
    `${cer(all)} (target ≤5 %: ${all.errors <= 0.05 * all.length ? "met" : "MISSED"}; ${all.errors}/${all.length} characters, ${all.perfect} of ${all.files} files read perfectly; ${[...groups].map(([name, t]) => `${name} ${cer(t)} ${t.perfect}/${t.files}`).join(", ")})`,
  );
  line(
    "foreign clean",
    `${clean.errors} errors in ${clean.files} files stated clean or at +${CLEAN_SNR_DB} dB or more (the Kaggle set's measured: tone over whole-band noise; target 0: ${clean.errors === 0 ? "met" : `MISSED in ${cleanMisses.join(", ")}`})`,
  );
  worst.sort((a, b) => b.errors / b.length - a.errors / a.length);
  line(
    "foreign worst",
    worst
      .slice(0, WORST_FILES)
      .map((w) => `${w.id} ${w.errors}/${w.length} "${w.output.length > 24 ? `${w.output.slice(0, 24)}…` : w.output}"`)
      .join("; ") || "none",
  );
  line("foreign decode", `${fmt(audioMs / decodeMs)}x real time (${(audioMs / 60000).toFixed(1)} min of audio read)`);
}
