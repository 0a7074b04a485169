/**
 * Real HF (`npm run bench -- hf`, issue 44): the decoder on the channel simulator
 * (test/fixtures/channel/), a grid of fading {none; flat Rayleigh of 0.1, 0.5, 1 and 2 Hz
 * spread; Watterson mid-latitude moderate and disturbed of ITU-R F.1487} by keying {machine,
 * electronic keyer, hand key} by SNR {-6, 0, +6, +10, +20 dB in 3 kHz, averaged over the
 * fading}, at 24 wpm; then drift, chirp, static, a neighbour and a receiver's filter and
 * AGC at +10 dB, each beside the same recordings without it.
 *
 * Each cell is many short ham-style messages (two phrases each, at 400-900 Hz, 1 s of noise
 * either side), at least HF_CHARS characters; a row's messages, keying and fades are the
 * same at every SNR, only the noise's level changes. CER is the edit distance between the
 * reference and the decode with spaces removed from both, over the reference's non-space
 * characters (as VE3NEA's DeepCW scores its accuracy charts), summed over the cell.
 * Beside the flat 0.1 and 1 Hz keyer and hand-key cells, CW Skimmer's and DeepCW's published
 * figures, as issue 44 quotes them (their "paddle" is the keyer here).
 *
 * Environment: HF_CHARS (default 1500) characters a cell; HF_HINT=1 gives the decoder the
 * pitch (`frequency`), otherwise it is told nothing; HF_WORKERS (default: the machine's
 * CPUs) threads, on every CPU while they run; AUDIO_BENCH_VERBOSE=1 prints every decode.
 */
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { decodeAudio, tuningWith, type Tuning } from "../src/audio/index.js";
import { hamText } from "../test/fixtures/conditions.js";
import { type Fading, type Simulation, simulate } from "../test/fixtures/channel/index.js";
import type { Keying } from "../test/fixtures/channel/keying.js";
import { drawNeighbour } from "../test/fixtures/channel/qrm.js";
import { F1487 } from "../test/fixtures/channel/watterson.js";
import { rng } from "../test/fixtures/random.js";
import { levenshtein } from "../test/fixtures/simulator.js";
import { PINNED, pinLoadGenerator } from "./lib/process.js";
import { envNumber, line } from "./lib/stats.js";

/** Seeds of the bench's messages, apart from the tests' (which use 900-9000). */
const SEED = 44_000;
const WPM = 24;
const SAMPLE_RATE = 8000;
const SNRS_DB = [-6, 0, 6, 10, 20] as const;

const FADINGS: readonly { name: string; fading: Fading }[] = [
  { name: "none", fading: { kind: "none" } },
  { name: "flat 0.1 Hz", fading: { kind: "rayleigh", spreadHz: 0.1 } },
  { name: "flat 0.5 Hz", fading: { kind: "rayleigh", spreadHz: 0.5 } },
  { name: "flat 1 Hz", fading: { kind: "rayleigh", spreadHz: 1 } },
  { name: "flat 2 Hz", fading: { kind: "rayleigh", spreadHz: 2 } },
  { name: "Watterson moderate", fading: { kind: "watterson", ...F1487["mid-latitude moderate"] } },
  { name: "Watterson disturbed", fading: { kind: "watterson", ...F1487["mid-latitude disturbed"] } },
];

const KEYINGS: readonly { name: string; keying: Keying }[] = [
  { name: "machine", keying: { kind: "machine" } },
  { name: "keyer", keying: { kind: "keyer" } },
  { name: "hand", keying: { kind: "hand" } },
];

/**
 * CW Skimmer's and DeepCW's CER (%) at -6, 0, +6, +10 and +20 dB, flat Rayleigh fading at 24 wpm,
 * as quoted in issue 44's table from DeepCW's accuracy charts (keyed by fading name and keying).
 */
const PUBLISHED: Record<string, { skimmer: readonly number[]; deepcw: readonly number[] }> = {
  "flat 0.1 Hz/keyer": { skimmer: [36.4, 10.1, 3.9, 2.2, 1.1], deepcw: [37.3, 13.7, 4.8, 2.5, 0.9] },
  "flat 1 Hz/keyer": { skimmer: [45.7, 22.1, 13.5, 11.1, 10.1], deepcw: [45.2, 19.5, 7.4, 3.5, 0.9] },
  "flat 0.1 Hz/hand": { skimmer: [42.9, 18.8, 10.6, 9.1, 7.6], deepcw: [41.2, 18.6, 11.0, 8.2, 6.9] },
  "flat 1 Hz/hand": { skimmer: [55.2, 32.9, 23.7, 21.3, 19.7], deepcw: [50.9, 26.1, 13.7, 9.3, 6.0] },
};

/** One recording to decode: the simulation, and whether to hint its pitch. */
interface Job {
  cell: string;
  sim: Simulation;
  hint: boolean;
}

interface Score {
  cell: string;
  errors: number;
  length: number;
  audioS: number;
  decodeMs: number;
  text: string;
  output: string;
}

/** Non-space characters, upper case. */
function squeeze(text: string): string {
  return text.toUpperCase().replace(/\s+/g, "");
}

function run(tuning: Tuning, job: Job): Score {
  const samples = simulate(job.sim);
  const t0 = performance.now();
  const decoded = decodeAudio(samples, job.sim.sampleRate, job.hint ? { frequency: job.sim.pitchHz, tuning } : { tuning });
  const decodeMs = performance.now() - t0;
  const reference = squeeze(job.sim.text);
  return {
    cell: job.cell,
    errors: levenshtein(reference, squeeze(decoded.output)),
    length: reference.length,
    audioS: samples.length / job.sim.sampleRate,
    decodeMs,
    text: job.sim.text,
    output: decoded.output,
  };
}

/** A row's messages (the same at every SNR): text, pitch and the seed of their channel, `chars` non-space characters at least. */
function messages(seed: number, chars: number): { text: string; pitchHz: number; seed: number }[] {
  const random = rng(seed);
  const out: { text: string; pitchHz: number; seed: number }[] = [];
  let total = 0;
  while (total < chars) {
    const text = hamText(random, 2);
    out.push({ text, pitchHz: 400 + Math.floor(random() * 501), seed: Math.floor(random() * 2 ** 31) });
    total += squeeze(text).length;
  }
  return out;
}

/** The extra lines at +10 dB: each an impairment added to the same keyer-keyed, unfaded recordings. */
function extras(chars: number, hint: boolean): { name: string; jobs: Job[] }[] {
  const list = messages(SEED + 900, chars);
  const random = rng(SEED + 901);
  const neighbours = list.map(() => drawNeighbour(random));
  const level = list.map(() => drawNeighbour(random, { levelDb: [0, 0], offsetHz: [100, 300] }));
  const strong = list.map(() => drawNeighbour(random, { levelDb: [10, 10], offsetHz: [150, 300] }));
  const line = (name: string, change: (sim: Simulation, i: number) => Simulation, hinted = hint) => ({
    name,
    jobs: list.map((m, i) => {
      const sim: Simulation = {
        text: m.text,
        wpm: WPM,
        keying: { kind: "keyer" },
        fading: { kind: "none" },
        snrDb: 10,
        pitchHz: m.pitchHz,
        sampleRate: SAMPLE_RATE,
        seed: m.seed,
      };
      return { cell: name, sim: change(sim, i), hint: hinted };
    }),
  });
  return [
    line("without impairment", (s) => s),
    line("drift 1 Hz/s", (s) => ({ ...s, drift: { rateHzPerS: 1 } })),
    line("drift walk ±50 Hz/min", (s) => ({ ...s, drift: { walkHz: 50 } })),
    line("chirp 50 Hz, 20 ms", (s) => ({ ...s, chirp: { shiftHz: 50, settleMs: 20 } })),
    line("QRN 2 crashes/s", (s) => ({ ...s, qrn: { ratePerS: 2 } })),
    line("QRM -6..+10 dB 30-300 Hz", (s, i) => ({ ...s, qrm: neighbours[i]! })),
    line("QRM 0 dB 100-300 Hz, told nothing", (s, i) => ({ ...s, qrm: level[i]! }), false),
    line("QRM 0 dB 100-300 Hz, hinted", (s, i) => ({ ...s, qrm: level[i]! }), true),
    // A neighbour 10 dB stronger inside an SSB filter pumps the AGC; the pitch is hinted, so that the line
    // measures the pumping rather than which station is read.
    line("SSB filter + AGC, +10 dB QRM 150-300 Hz, hinted", (s, i) => ({ ...s, qrm: strong[i]!, receiver: { filter: "ssb2400", agc: {} } }), true),
  ];
}

/** Every constant of `tuning` by its qualified name: what a worker makes the same configuration from (tuningWith). */
function constantsOf(tuning: Tuning): Record<string, number | readonly unknown[]> {
  return Object.fromEntries(
    Object.entries(tuning).flatMap(([group, constants]) => Object.entries(constants).map(([name, value]) => [`${group}.${name}`, value])),
  );
}

/** Runs the jobs decoding with `tuning` on `threads` worker threads, in order of submission; returns their scores. */
async function runAll(tuning: Tuning, jobs: Job[], threads: number): Promise<Score[]> {
  if (threads <= 1) return jobs.map((job) => run(tuning, job));
  const scores: Score[] = new Array(jobs.length);
  let next = 0;
  const entry = new URL("./lib/ts-worker.mjs", import.meta.url);
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(entry, { workerData: { entry: import.meta.url, hf: true, tuning: constantsOf(tuning) }, execArgv: [] });
      try {
        for (;;) {
          const i = next++;
          if (i >= jobs.length) break;
          scores[i] = await new Promise<Score>((resolve, reject) => {
            worker.once("message", resolve);
            worker.once("error", reject);
            worker.postMessage(jobs[i]);
          });
          worker.removeAllListeners("error");
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return scores;
}

function cer(scores: readonly Score[]): { percent: number; errors: number; length: number } {
  const errors = scores.reduce((a, s) => a + s.errors, 0);
  const length = scores.reduce((a, s) => a + s.length, 0);
  return { percent: (100 * errors) / length, errors, length };
}

export async function runHfBench(tuning: Tuning): Promise<void> {
  const chars = envNumber("HF_CHARS", 1500);
  const hint = process.env.HF_HINT === "1";
  const threads = Math.round(envNumber("HF_WORKERS", cpus().length));
  const started = performance.now();
  const jobs: Job[] = [];
  FADINGS.forEach((f, fi) => {
    KEYINGS.forEach((k, ki) => {
      const list = messages(SEED + 10 * fi + ki, chars);
      for (const snrDb of SNRS_DB) {
        for (const m of list) {
          const sim: Simulation = {
            text: m.text,
            wpm: WPM,
            keying: k.keying,
            fading: f.fading,
            snrDb,
            pitchHz: m.pitchHz,
            sampleRate: SAMPLE_RATE,
            seed: m.seed,
          };
          jobs.push({ cell: `${f.name}/${k.name}/${snrDb}`, sim, hint });
        }
      }
    });
  });
  const extraLines = extras(chars, hint);
  for (const e of extraLines) jobs.push(...e.jobs);
  // The harness pins itself to the load generator's CPUs (lib/process.ts); the threads run on all of them, and the pinning is restored after.
  if (threads > 1 && PINNED) execFileSync("taskset", ["-a", "-cp", `0-${cpus().length - 1}`, String(process.pid)], { stdio: "ignore" });
  const scores = await runAll(tuning, jobs, threads).finally(() => {
    if (threads > 1 && PINNED) pinLoadGenerator();
  });
  if (process.env.AUDIO_BENCH_VERBOSE) for (const s of scores) console.log(`  ${s.cell}: ${s.errors}/${s.length} | ${s.text} | ${s.output}`);
  const byCell = new Map<string, Score[]>();
  for (const s of scores) byCell.set(s.cell, [...(byCell.get(s.cell) ?? []), s]);
  const mode = hint ? "frequency hinted" : "told nothing";
  line(
    "hf grid",
    `CER %, 24 wpm, ${mode}, ≥${chars} characters a cell, SNR in 3 kHz: ${SNRS_DB.map((d) => `${d > 0 ? "+" : ""}${d}`).join(" / ")} dB` +
      "; [CW Skimmer / DeepCW] as quoted in issue 44 (flat Rayleigh, paddle = keyer)",
  );
  let atOrBelow = { skimmer: 0, deepcw: 0, cells: 0 };
  for (const f of FADINGS) {
    for (const k of KEYINGS) {
      const published = PUBLISHED[`${f.name}/${k.name}`];
      const cells = SNRS_DB.map((snr, i) => {
        const c = cer(byCell.get(`${f.name}/${k.name}/${snr}`) ?? []);
        if (!published) return c.percent.toFixed(1).padStart(5);
        const [sk, dc] = [published.skimmer[i]!, published.deepcw[i]!];
        atOrBelow = {
          skimmer: atOrBelow.skimmer + (c.percent <= sk ? 1 : 0),
          deepcw: atOrBelow.deepcw + (c.percent <= dc ? 1 : 0),
          cells: atOrBelow.cells + 1,
        };
        return `${c.percent.toFixed(1).padStart(5)} [${sk.toFixed(1)} / ${dc.toFixed(1)}]`;
      });
      line(`hf ${f.name} ${k.name}`, cells.join(" | "));
    }
  }
  line(
    "hf against published",
    `at or below CW Skimmer in ${atOrBelow.skimmer} of ${atOrBelow.cells} cells (target all), at or below DeepCW in ${atOrBelow.deepcw} (target ≥10)`,
  );
  const base = cer(byCell.get("without impairment") ?? []);
  for (const e of extraLines) {
    const c = cer(byCell.get(e.name) ?? []);
    const hinted = e.jobs[0]?.hint ? "hinted" : "told nothing";
    line(
      `hf +10 dB ${e.name}`,
      `${c.percent.toFixed(1)} % (${c.errors}/${c.length}; keyer, no fading, ${hinted}${e.name === "without impairment" ? "" : `; without it ${base.percent.toFixed(1)} %`})`,
    );
  }
  const audioS = scores.reduce((a, s) => a + s.audioS, 0);
  const decodeMs = scores.reduce((a, s) => a + s.decodeMs, 0);
  line(
    "hf run",
    `${jobs.length} recordings, ${(audioS / 3600).toFixed(1)} h of audio, decoded at ${((1000 * audioS) / decodeMs).toFixed(0)}x real time a thread; ${threads} threads, ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
}

// A worker thread of runAll: simulates and decodes the jobs it is sent.
if (!isMainThread && (workerData as { hf?: boolean } | undefined)?.hf) {
  const tuning = tuningWith((workerData as { tuning: Record<string, number | unknown[]> }).tuning);
  parentPort!.on("message", (job: Job) => parentPort!.postMessage(run(tuning, job)));
}
