/**
 * The benchmark harness (issue 3): `npm run bench` runs every part; name parts to run only
 * those, e.g. `npm run bench -- core http`. Parts: core, http, memory, stream, audio, conditions (the audio
 * bench's fixed-condition lines alone), foreign, formats, live, band, hf (bench/hf.ts: the channel simulator's grid), page (bench/page.ts:
 * the page's Lighthouse scores, mobile and desktop), spots (bench/spots.ts: spotting crowded bands of known stations).
 * Nothing is asserted: each figure is printed on one line, with its target where it has one.
 * `--param NAME=VALUE` (repeatable) overrides one of the decoder's tuned constants
 * (src/audio/decoder/tuning.ts) for this run, to sweep it without editing code; NAME may be
 * qualified by its group (`band.DETECT_WINDOW_MS`).
 *
 * Tuning (environment): BENCH_CORE_ROUNDS, BENCH_CORE_ROUND_MS, BENCH_HTTP_DURATION,
 * BENCH_HTTP_WARMUP, BENCH_HTTP_ROUNDS, BENCH_HTTP_CONNECTIONS, BENCH_MEMORY_WARMUP,
 * BENCH_MEMORY_REQUESTS; BENCH_SERVER=<entry> benchmarks another server entry; BENCH_PIN=0 leaves
 * the servers and the load generator where the scheduler puts them (see lib/process.ts).
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tuningWith, type Tuning } from "../src/audio/index.js";
import { runCoreBench } from "./core.js";
import { runForeignBench } from "./foreign.js";
import { runFormatsBench } from "./formats.js";
import { runHfBench } from "./hf.js";
import { runHttpBench } from "./http.js";
import { runLiveBench } from "./live.js";
import { runBandBench } from "./band.js";
import { runSpotsBench } from "./spots.js";
import { pinLoadGenerator } from "./lib/process.js";
import { SkipError } from "./lib/server.js";
import { REFERENCE_STEPS, referenceLoopMs } from "./lib/machine.js";
import { line } from "./lib/stats.js";
import { runMemoryBench } from "./memory.js";
import { runPageBench } from "./page.js";
import { runWavStreamBench } from "./wav-stream.js";

const PARTS = ["core", "http", "memory", "stream", "audio", "conditions", "foreign", "formats", "live", "band", "hf", "page", "spots"] as const;
type Part = (typeof PARTS)[number];

const AUDIO_BENCH = fileURLToPath(new URL("./audio.ts", import.meta.url));

async function runAudio(entry: "runAudioBench" | "runConditionsBench", tuning: Tuning): Promise<void> {
  if (!existsSync(AUDIO_BENCH)) throw new SkipError("bench/audio.ts does not exist");
  const mod = (await import(pathToFileURL(AUDIO_BENCH).href)) as Record<string, ((tuning: Tuning) => unknown) | undefined>;
  const run = mod[entry];
  if (typeof run !== "function") throw new SkipError(`bench/audio.ts exports no ${entry}()`);
  const result = await run(tuning);
  // The audio bench prints its own figures; print anything it returns as lines too.
  if (Array.isArray(result)) {
    for (const item of result) {
      if (typeof item === "string") console.log(item);
    }
  }
}

/** Each part, given the decoder's configuration (the parts that decode pass it to every decoder they make). */
const RUNNERS: Record<Part, (tuning: Tuning) => Promise<unknown>> = {
  core: () => runCoreBench(),
  http: () => runHttpBench(),
  memory: () => runMemoryBench(),
  stream: () => runWavStreamBench(),
  audio: (tuning) => runAudio("runAudioBench", tuning),
  conditions: (tuning) => runAudio("runConditionsBench", tuning),
  foreign: runForeignBench,
  formats: runFormatsBench,
  live: runLiveBench,
  band: runBandBench,
  hf: runHfBench,
  page: () => runPageBench(),
  spots: runSpotsBench,
};

/** The decoder's configuration the `--param NAME=VALUE` overrides make (NAME or group.NAME: tuningWith), the overrides, and the other arguments. */
function applyParams(args: string[]): { rest: string[]; params: string[]; tuning: Tuning } {
  const rest: string[] = [];
  const params: string[] = [];
  const overrides: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const param = arg === "--param" ? args[++i] : arg.startsWith("--param=") ? arg.slice("--param=".length) : undefined;
    if (param === undefined) {
      rest.push(arg);
      continue;
    }
    const at = param.indexOf("=");
    if (at < 1) fail(`--param takes NAME=VALUE, not ${param}`);
    overrides[param.slice(0, at)] = param.slice(at + 1);
    params.push(param);
  }
  try {
    return { rest, params, tuning: tuningWith(overrides) };
  } catch (error) {
    return fail((error as Error).message);
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function selectedParts(args: string[]): Part[] {
  const names = args.filter((a) => a !== "--");
  if (names.length === 0) return [...PARTS];
  const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    console.error(`Unknown part(s): ${unknown.join(", ")}. Parts: ${PARTS.join(", ")}.`);
    process.exit(2);
  }
  return PARTS.filter((p) => names.includes(p));
}

async function main(): Promise<void> {
  const { rest, params, tuning } = applyParams(process.argv.slice(2));
  const parts = selectedParts(rest);
  const cpu = cpus();
  line(
    "environment",
    `node ${process.version}, ${cpu.length} CPU(s) ${cpu[0]?.model.trim() ?? ""}, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}, parts: ${parts.join(" ")}` +
      (params.length > 0 ? `, tuning: ${params.join(" ")}` : ""),
  );
  line(
    "machine speed",
    `${referenceLoopMs().toFixed(0)} ms for a reference loop of ${REFERENCE_STEPS.toExponential()} multiply-adds ` +
      "(lower is faster; compare figures only between runs whose loops took about as long)",
  );
  line("cpu placement", pinLoadGenerator());
  let failed = false;
  for (const part of parts) {
    const started = Date.now();
    try {
      await RUNNERS[part](tuning);
      line(`${part} done`, `${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      if (error instanceof SkipError) {
        line(`${part} skipped`, error.message);
      } else {
        failed = true;
        line(`${part} FAILED`, (error as Error).stack ?? String(error));
      }
    }
  }
  line(
    "environment after",
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (other processes on this machine skew every figure; compare runs made on a quiet machine)`,
  );
  if (failed) process.exitCode = 1;
}

await main();
