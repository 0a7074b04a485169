/**
 * Crowded bands (`npm run bench -- band`): every signal of a band read at once
 * (decodeSignals), on a band corpus generated here from a fixed seed. Each recording holds
 * 2 to 8 signals over 200-2800 Hz, spaced 50 Hz apart or more, at -3 to +20 dB in 3 kHz,
 * 12-40 wpm, keyed by machine or by hand, starting and stopping at their own times; every
 * fourth adds a 0 dB signal 150 Hz from a +20 dB one; and ten minutes of band noise alone.
 * Prints recall (signals found of those present, at 0 dB or more; target 95 %), phantom
 * signals per 10 minutes (target at most 1), CER per signal by level and by spacing
 * (target at most 2 % at 0 dB or more), the level estimate's error and the speed in real
 * time (target at least 20x). The same for the live listener (`signals: "all"`, streamed in
 * 100 ms chunks) on the first recordings and two minutes of noise, with its latency; and for
 * the bands as MP3s at 32 kbit/s (LAME, read back as decode-audio reads them), whose codec
 * must add no phantom and cost little text.
 *
 * Environment: BAND_BENCH_RECORDINGS (default 40), BAND_BENCH_NOISE_S (default 600),
 * BAND_BENCH_LIVE_RECORDINGS (default 20), BAND_BENCH_LIVE_NOISE_S (default 120),
 * BAND_BENCH_MP3_RECORDINGS (default 40), BAND_BENCH_MP3_NOISE_S (default 120).
 */
import { decodeSignals, readRecording, type SignalDecode, type Tuning } from "../src/audio/index.js";
import { encodeAs } from "../test/fixtures/encoded.js";
import { rng, type Random } from "../test/fixtures/random.js";
import { bandSignalEndS, recordBand, type Band, type BandSignal } from "../test/fixtures/band.js";
import { characterErrors } from "../test/fixtures/simulator.js";
import { corpusText } from "./audio-corpus.js";
import { envNumber, line } from "./lib/stats.js";
import { streamed } from "../test/fixtures/streamed.js";

const SEED = 2020;
const DURATION_S = 30;
const RATES = [8000, 11025, 22050, 44100] as const;
const SPACINGS_HZ = [50, 60, 75, 100, 150, 200, 300, 500] as const;
/** A decoded signal this close to a sent one is it. */
const MATCH_HZ = 25;

interface Sent extends BandSignal {
  /** Distance to the nearest other signal, Hz. */
  spacingHz: number;
  /** A 0 dB signal 150 Hz from a +20 dB one. */
  besideStrong: boolean;
}

function uniform(random: Random, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}

/** A signal at `frequency` and `snrDb`, its text fitted to end before the recording does. */
function drawSignal(random: Random, frequency: number, snrDb: number): BandSignal {
  const wpm = Math.round(12 * (40 / 12) ** random());
  const startS = uniform(random, 0.3, 8);
  const hand = random() < 0.5 ? { jitter: 0.15, speedChange: 0, seed: Math.floor(random() * 1e9) } : undefined;
  let words = corpusText(random, wpm, uniform(random, 8, 20)).split(" ");
  const signal = (): BandSignal => ({ text: words.join(" "), wpm, frequency, snrDb, startS, hand });
  while (words.length > 1 && bandSignalEndS(signal()) > DURATION_S - 0.5) words = words.slice(0, -1);
  return signal();
}

function drawBand(random: Random, index: number): { band: Band; sent: Sent[] } {
  const count = 2 + (index % 7);
  const signals: BandSignal[] = [];
  const besideStrong = new Set<BandSignal>();
  let pitch = uniform(random, 200, 500);
  for (let k = 0; k < count && pitch <= 2800; k++) {
    signals.push(drawSignal(random, Math.round(pitch), Math.round(uniform(random, -3, 20))));
    pitch += SPACINGS_HZ[Math.floor(random() * SPACINGS_HZ.length)]!;
  }
  if (index % 4 === 3) {
    const strong = Math.round(Math.min(2650, pitch + 100));
    signals.push(drawSignal(random, strong, 20));
    const weak = drawSignal(random, strong + 150, 0);
    signals.push(weak);
    besideStrong.add(weak);
  }
  const sent = signals.map((s) => ({
    ...s,
    spacingHz: Math.min(...signals.filter((o) => o !== s).map((o) => Math.abs(o.frequency - s.frequency))),
    besideStrong: besideStrong.has(s),
  }));
  return { band: { signals, durationS: DURATION_S, sampleRate: RATES[index % RATES.length]!, noiseSeed: SEED + index }, sent };
}

/** Each sent signal's decode (the closest within MATCH_HZ, each taken once), and the decodes that match none. */
function match(sent: Sent[], decoded: SignalDecode[]): { found: (SignalDecode | undefined)[]; phantoms: number } {
  const taken = new Set<SignalDecode>();
  const found = sent.map((s) => {
    const near = decoded.filter((d) => !taken.has(d) && Math.abs(d.frequency - s.frequency) <= MATCH_HZ);
    const best = near.sort((a, b) => Math.abs(a.frequency - s.frequency) - Math.abs(b.frequency - s.frequency))[0];
    if (best) taken.add(best);
    return best;
  });
  return { found, phantoms: decoded.length - taken.size };
}

interface Tally {
  present: number;
  found: number;
  errors: number;
  length: number;
}

function tally(): Tally {
  return { present: 0, found: 0, errors: 0, length: 0 };
}

function add(t: Tally, s: Sent, d: SignalDecode | undefined): void {
  t.present++;
  t.length += s.text.length;
  if (d) t.found++;
  t.errors += d ? Math.min(s.text.length, characterErrors(s.text, d.output)) : s.text.length;
}

function describe(t: Tally): string {
  const cer = t.length > 0 ? (100 * t.errors) / t.length : Number.NaN;
  return `${t.found}/${t.present} found, CER ${cer.toFixed(2)} % (${t.errors}/${t.length})`;
}

const LEVELS: [string, number, number][] = [
  ["-3..0 dB", -3, 0],
  ["0..6 dB", 0, 6],
  ["6..12 dB", 6, 12],
  ["12..20 dB", 12, 21],
];
const SPACINGS: [string, number, number][] = [
  ["50-74 Hz", 50, 75],
  ["75-149 Hz", 75, 150],
  ["150-299 Hz", 150, 300],
  ["300 Hz or more", 300, Infinity],
];

/** What a decoder reads of every signal, as decodeSignals answers. */
type BandReader = (samples: Float32Array, band: Band) => SignalDecode[] | Promise<SignalDecode[]>;

interface Measured {
  target: Tally;
  byLevel: Tally[];
  bySpacing: Tally[];
  beside: Tally;
  levelErrors: number[];
  phantoms: number;
  noisePhantoms: number;
  bandS: number;
  noiseS: number;
  decodeMs: number;
  /** CPU time of the decodes, ms: the machine may be shared, and they run on this one thread. */
  decodeCpuMs: number;
}

/** The corpus's first `recordings` bands and `noiseS` of noise alone, read by `read`. */
async function measure(read: BandReader, recordings: number, noiseS: number): Promise<Measured> {
  const random = rng(SEED);
  const m: Measured = {
    target: tally(),
    byLevel: LEVELS.map(tally),
    bySpacing: SPACINGS.map(tally),
    beside: tally(),
    levelErrors: [],
    phantoms: 0,
    noisePhantoms: 0,
    bandS: 0,
    noiseS,
    decodeMs: 0,
    decodeCpuMs: 0,
  };
  const decode = async (band: Band) => {
    const samples = recordBand(band);
    const started = { wall: performance.now(), cpu: process.cpuUsage() };
    const signals = await read(samples, band);
    m.decodeMs += performance.now() - started.wall;
    const cpu = process.cpuUsage(started.cpu);
    m.decodeCpuMs += (cpu.user + cpu.system) / 1000;
    return signals;
  };
  for (let i = 0; i < recordings; i++) {
    const { band, sent } = drawBand(random, i);
    const result = match(sent, await decode(band));
    m.bandS += band.durationS;
    m.phantoms += result.phantoms;
    sent.forEach((s, k) => {
      const d = result.found[k];
      if (d) m.levelErrors.push(d.snrDb - s.snrDb);
      if (s.snrDb >= 0) add(m.target, s, d);
      add(m.byLevel[LEVELS.findIndex(([, lo, hi]) => s.snrDb >= lo && s.snrDb < hi)]!, s, d);
      add(m.bySpacing[SPACINGS.findIndex(([, lo, hi]) => s.spacingHz >= lo && s.spacingHz < hi)]!, s, d);
      if (s.besideStrong) add(m.beside, s, d);
    });
  }
  for (let at = 0, k = 0; at < noiseS; at += 60, k++) {
    m.noisePhantoms += (await decode({ signals: [], durationS: 60, sampleRate: RATES[k % RATES.length]!, noiseSeed: SEED * 7 + k })).length;
  }
  return m;
}

/** The figures of a measure, each line's label starting with `name`; the targets' verdicts where `targets`. */
function report(name: string, m: Measured, targets: boolean): void {
  const verdict = (ok: boolean, text: string) => (targets ? `, ${text}: ${ok ? "met" : "MISSED"}` : "");
  const recall = (100 * m.target.found) / m.target.present;
  const cer = (100 * m.target.errors) / m.target.length;
  const audioS = m.bandS + m.noiseS;
  const allPhantoms = m.phantoms + m.noisePhantoms;
  const per10 = (600 * allPhantoms) / audioS;
  line(`${name} recall ≥0 dB`, `${recall.toFixed(1)} % (${m.target.found}/${m.target.present})${verdict(recall >= 95, "target ≥95 %")}`);
  line(`${name} CER ≥0 dB`, `${cer.toFixed(2)} % (${m.target.errors}/${m.target.length})${verdict(cer <= 2, "target ≤2 %")}`);
  line(
    `${name} phantoms`,
    `${per10.toFixed(2)} per 10 min (${m.phantoms} in ${m.bandS} s of band, ${m.noisePhantoms} in ${m.noiseS} s of noise)${verdict(per10 <= 1, "target ≤1")}`,
  );
  for (const [k, [level]] of LEVELS.entries()) line(`${name} level ${level}`, describe(m.byLevel[k]!));
  for (const [k, [spacing]] of SPACINGS.entries()) line(`${name} spacing ${spacing}`, describe(m.bySpacing[k]!));
  line(`${name} 0 dB by +20 dB 150 Hz`, describe(m.beside));
  const speed = (1000 * audioS) / m.decodeMs;
  const cpuSpeed = (1000 * audioS) / m.decodeCpuMs;
  line(`${name} speed`, `${speed.toFixed(1)}x real time on one core, ${cpuSpeed.toFixed(1)}x in CPU time${verdict(speed >= 20, "target ≥20x")}`);
}

/** A band streamed through the listener (test/fixtures/streamed.ts); the summary's signals, and each character's latency. */
function listened(tuning: Tuning, samples: Float32Array, sampleRate: number, latencies: number[]): SignalDecode[] {
  const { events, summary } = streamed(samples, sampleRate, { signals: "all", tuning });
  for (const e of events) if (e.type === "character") latencies.push(e.emittedAtMs - e.endMs);
  return summary.signals ?? [];
}

/** A band as an MP3 at 32 kbit/s holds it, read back as decode-audio reads it, its every signal read. */
async function throughMp3(tuning: Tuning, samples: Float32Array, sampleRate: number): Promise<SignalDecode[]> {
  const recording = await readRecording(await encodeAs("mp3", samples, sampleRate, 32));
  return decodeSignals(recording.samples, recording.sampleRate, { tuning }).signals;
}

export async function runBandBench(tuning: Tuning): Promise<void> {
  const recordings = envNumber("BAND_BENCH_RECORDINGS", 40);
  const noiseS = envNumber("BAND_BENCH_NOISE_S", 600);
  line("band corpus", `${recordings} recordings of ${DURATION_S} s (seed ${SEED}); ${noiseS} s of noise alone`);
  const batch = await measure((samples, band) => decodeSignals(samples, band.sampleRate, { tuning }).signals, recordings, noiseS);
  report("band", batch, true);
  const meanError = batch.levelErrors.reduce((a, b) => a + b, 0) / batch.levelErrors.length;
  const sd = Math.sqrt(batch.levelErrors.reduce((a, b) => a + (b - meanError) ** 2, 0) / batch.levelErrors.length);
  line("band level estimate", `off by ${meanError.toFixed(1)} dB on average (SD ${sd.toFixed(1)} dB)`);
  const latencies: number[] = [];
  const live = await measure(
    (samples, band) => listened(tuning, samples, band.sampleRate, latencies),
    envNumber("BAND_BENCH_LIVE_RECORDINGS", 20),
    envNumber("BAND_BENCH_LIVE_NOISE_S", 120),
  );
  report("band live", live, false);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  line("band live latency", `last mark to event: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  // The decode's time here includes the MP3's encoding and decoding.
  const mp3 = await measure(
    (samples, band) => throughMp3(tuning, samples, band.sampleRate),
    envNumber("BAND_BENCH_MP3_RECORDINGS", 40),
    envNumber("BAND_BENCH_MP3_NOISE_S", 120),
  );
  report("band mp3", mp3, false);
}
