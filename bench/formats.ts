/**
 * Recordings in the compressed formats (`npm run bench -- formats`): the bench's corpus
 * (audio-corpus.ts: its 96 messages at +10, 0 and -6 dB) decoded as WAV, through MP3
 * at 32 kbit/s (LAME) and through Ogg Opus at 16 kbit/s (Debian's opusenc), and the CER of
 * each against the WAV's (target: within 0.2 points at -6 dB and above); then the speed of
 * reading and decoding each format, in x real time, on the 0 dB recordings (FLAC and Ogg
 * Vorbis too). The encoders are test/fixtures/encoded.ts's.
 *
 * Environment: FORMATS_BENCH_MESSAGES (default 96: all) for a quicker run.
 */
import { decodeAudio, readRecording, readWav, type Tuning } from "../src/audio/index.js";
import { encodeAs, type EncodedFormat } from "../test/fixtures/encoded.js";
import { characterErrors } from "../test/fixtures/simulator.js";
import { messages, recordMessage, type Recording } from "./audio-corpus.js";
import { envNumber, fmt, line } from "./lib/stats.js";

/** The CER target: a compressed copy within this many points of the WAV. */
const CER_POINTS = 0.2;
const SNRS_DB = [10, 0, -6] as const;

interface Tally {
  errors: number;
  length: number;
  audioMs: number;
  ms: number;
}

const tally = (): Tally => ({ errors: 0, length: 0, audioMs: 0, ms: 0 });
const cer = (t: Tally) => (100 * t.errors) / t.length;

/** The text a decode of `bytes` reads, and the time reading and decoding took. */
async function decodeFile(tuning: Tuning, bytes: Uint8Array): Promise<{ output: string; ms: number }> {
  const t0 = performance.now();
  const { samples, sampleRate } = await readRecording(bytes);
  return { output: decodeAudio(samples, sampleRate, { tuning }).output, ms: performance.now() - t0 };
}

async function score(tuning: Tuning, r: Recording, bytes: Uint8Array, into: Tally): Promise<void> {
  const { output, ms } = await decodeFile(tuning, bytes);
  const reference = r.text.toUpperCase().split(/\s+/).filter(Boolean).join(" ");
  into.errors += characterErrors(reference, output);
  into.length += reference.length;
  into.audioMs += r.durationMs;
  into.ms += ms;
}

/** The samples of a corpus recording, as the encoders take them. */
function samplesOf(r: Recording): Float32Array {
  return readWav(r.wav).samples;
}

const LOSSY: [EncodedFormat, string, number][] = [
  ["mp3", "MP3 32 kbit/s", 32],
  ["ogg-opus", "Opus 16 kbit/s", 16],
];

export async function runFormatsBench(tuning: Tuning): Promise<void> {
  const list = messages(96, 2026, 20).slice(0, envNumber("FORMATS_BENCH_MESSAGES", 96));
  const speed = new Map<string, Tally>();
  for (const snr of SNRS_DB) {
    const wav = tally();
    const lossy = LOSSY.map(tally);
    for (const [i, m] of list.entries()) {
      const r = recordMessage(m, snr, 1000 * i + snr);
      await score(tuning, r, r.wav, wav);
      const samples = samplesOf(r);
      for (const [k, [format, , kbps]] of LOSSY.entries()) await score(tuning, r, await encodeAs(format, samples, r.sampleRate, kbps), lossy[k]!);
    }
    const figures = LOSSY.map(([, name], k) => {
      const points = cer(lossy[k]!) - cer(wav);
      return `${name} ${cer(lossy[k]!).toFixed(2)} % (${points >= 0 ? "+" : ""}${points.toFixed(2)} points; target ≤${CER_POINTS}: ${points <= CER_POINTS ? "met" : "MISSED"})`;
    });
    line(`formats CER ${snr > 0 ? "+" : ""}${snr} dB`, `WAV ${cer(wav).toFixed(2)} % (${wav.errors}/${wav.length} chars); ${figures.join("; ")}`);
    if (snr === 0) speed.set("WAV", wav);
  }
  // Speed: every format on the same 0 dB recordings, the encoding left out of the time.
  const speedFormats: [EncodedFormat, string][] = [
    ["mp3", "MP3"],
    ["ogg-vorbis", "Ogg Vorbis"],
    ["ogg-opus", "Ogg Opus"],
    ["flac", "FLAC"],
  ];
  for (const [format, name] of speedFormats) {
    const t = tally();
    for (const [i, m] of list.entries()) {
      const r = recordMessage(m, 0, 1000 * i);
      await score(tuning, r, await encodeAs(format, samplesOf(r), r.sampleRate), t);
    }
    speed.set(name, t);
  }
  const rates = [...speed].map(([name, t]) => `${name} ${fmt(t.audioMs / t.ms)}x`);
  line("formats decode", `${rates.join(", ")} real time (read + decode, ${fmt(speed.get("WAV")!.audioMs / 60_000, 1)} min of audio each, 0 dB)`);
}
