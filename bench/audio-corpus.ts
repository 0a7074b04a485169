/**
 * The audio decoder's test corpus, generated in memory from a fixed seed: amateur-radio
 * traffic and plain words, keyed by machine or by hand, with fading, pitch drift and
 * white noise at a chosen SNR, written as WAV files of assorted formats.
 *
 * SNR is the tone's power while the key is down (averaged over the fading) against the
 * noise power in a 3 kHz bandwidth; the white noise over the whole band 0 to
 * sampleRate/2 is therefore (sampleRate / 2) / 3000 times stronger than that.
 */
import { timeline, type Segment, type Timeline } from "../src/core/index.js";
import { KeyingEnvelope, encodeWav, type WavEncoding } from "../src/audio/index.js";
import { rng } from "./lib/corpus.js";

export type Random = () => number;

const CALLS = ["W1AW", "DL1ABC", "G4XYZ", "JA1NUT", "VK2DX", "K5ZD", "F6ABC", "EA3XX", "ON4UN", "OH2BH", "N0AX", "I2ABC"];
const NAMES = ["JOHN", "HANS", "PETE", "YUKI", "BOB", "ANNA", "MARC", "JOSE", "LUC", "ARI", "TOM", "LISA"];
const QTHS = ["BOSTON", "BERLIN", "LONDON", "TOKYO", "SYDNEY", "DALLAS", "PARIS", "MADRID", "GHENT", "HELSINKI"];
const RIGS = ["K3", "IC7300", "FT991", "TS590"];
const WORDS = [
  "THE", "QUICK", "BROWN", "FOX", "JUMPS", "OVER", "LAZY", "DOG", "WEATHER", "IS", "SUNNY", "AND", "WARM",
  "ANTENNA", "DIPOLE", "UP", "FEET", "POWER", "WATTS", "THANKS", "FOR", "THE", "NICE", "CONTACT", "GOOD", "LUCK",
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const TEMPLATES: ((r: Random) => string)[] = [
  (r) => `CQ CQ CQ DE ${pick(r, CALLS)} ${pick(r, CALLS)} K`,
  (r) => `${pick(r, CALLS)} DE ${pick(r, CALLS)} GM UR RST ${pick(r, ["599", "579", "449", "5NN"])} ${pick(r, ["599", "579"])} BK`,
  (r) => `QTH ${pick(r, QTHS)} NAME ${pick(r, NAMES)} HW CPY?`,
  (r) => `RIG ${pick(r, RIGS)} PWR ${Math.floor(5 + r() * 995)}W ANT ${pick(r, ["DIPOLE", "YAGI", "VERT"])}`,
  (r) => `TNX FER QSO ${pick(r, NAMES)} 73 ES GL <SK>`,
  (r) => Array.from({ length: 4 }, () => pick(r, WORDS)).join(" "),
];

/** About `seconds` of text at `wpm` (a PARIS word is 50 dots), whole phrases. */
export function corpusText(random: Random, wpm: number, seconds: number): string {
  const words = Math.max(1, Math.round((seconds * wpm) / 60));
  const parts: string[] = [];
  let count = 0;
  while (count < words) {
    const phrase = pick(random, TEMPLATES)(random);
    parts.push(phrase);
    count += phrase.split(" ").length;
  }
  let text = parts.join(" ").split(" ").slice(0, Math.max(1, words)).join(" ");
  if (text.endsWith("<SK")) text = text.slice(0, -4);
  return text.trim() || "E";
}

/**
 * The timeline of a hand-keyed text: every element and gap off by up to ±`jitter`
 * (uniform), and the speed drifting by `speedChange` (0.3: 30 % faster by the end).
 */
export function handKeyed(base: Timeline, random: Random, jitter: number, speedChange: number): Timeline {
  const sequence: Segment[] = [];
  let at = 0;
  for (const s of base.sequence) {
    const progress = base.durationMs > 0 ? s.startMs / base.durationMs : 0;
    const durationMs = (s.durationMs * (1 + jitter * (2 * random() - 1))) / (1 + speedChange * progress);
    sequence.push({ type: s.type, startMs: at, durationMs });
    at += durationMs;
  }
  return { ...base, sequence, durationMs: at };
}

export interface Channel {
  frequency: number;
  /** Pitch change over the recording, Hz (linear). */
  driftHz: number;
  /** Depth of slow amplitude fading, 0 (none) to 1, and its period in s. */
  fadeDepth: number;
  fadePeriodS: number;
  /** SNR in dB in 3 kHz, or Infinity for no noise. */
  snrDb: number;
  /** Silence before and after the Morse, s. */
  padS: number;
}

/** One standard normal deviate (Box-Muller). */
export function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * The channel's amplitude gain `t` s into the recording: fading 1 - d (1 - cos) / 2,
 * scaled so that its mean square is 1 (the SNR holds on average).
 */
export function fadeGain(channel: Pick<Channel, "fadeDepth" | "fadePeriodS">, t: number): number {
  const d = channel.fadeDepth;
  const fadeRms = Math.sqrt((1 - d / 2) ** 2 + d * d / 8);
  return (1 - d * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / channel.fadePeriodS))) / fadeRms;
}

/** The recording of a timeline over a channel, as float samples at `sampleRate`, scaled to leave headroom. */
export function record(tl: Timeline, channel: Channel, sampleRate: number, random: Random): Float32Array {
  const keying = new KeyingEnvelope(tl, sampleRate);
  const pad = Math.round(channel.padS * sampleRate);
  const total = keying.length + 2 * pad;
  const out = new Float32Array(total);
  keying.fill(0, out.subarray(pad, pad + keying.length));
  let phase = 0;
  for (let n = 0; n < total; n++) {
    const f = channel.frequency + channel.driftHz * (n / total - 0.5);
    phase += (2 * Math.PI * f) / sampleRate;
    out[n] = out[n]! * fadeGain(channel, n / sampleRate) * Math.sin(phase);
  }
  // Tone amplitude 1 has power 1/2 while the key is down.
  const noiseRms = Number.isFinite(channel.snrDb)
    ? Math.sqrt((0.5 / 10 ** (channel.snrDb / 10)) * (sampleRate / 2 / 3000))
    : 0;
  if (noiseRms > 0) for (let n = 0; n < total; n++) out[n] = out[n]! + noiseRms * gaussian(random);
  // Peak of tone plus noise (about 4.5 sigma) at 0.9 of full scale.
  const scale = 0.9 / (1 / (1 - channel.fadeDepth / 2) + 4.5 * noiseRms);
  for (let n = 0; n < total; n++) out[n] = out[n]! * scale;
  return out;
}

export const ENCODINGS: readonly (WavEncoding & { stereo?: boolean })[] = [
  { format: "pcm", bits: 16 },
  { format: "pcm", bits: 8 },
  { format: "pcm", bits: 24 },
  { format: "pcm", bits: 32 },
  { format: "float", bits: 32 },
  { format: "pcm", bits: 16, extensible: true },
  { format: "float", bits: 32, extensible: true, stereo: true },
  { format: "pcm", bits: 16, stereo: true },
];
export const SAMPLE_RATES = [8000, 11025, 22050, 44100] as const;
export const SNR_BUCKETS_DB = [10, 0, -6, -10] as const;

export interface Recording {
  text: string;
  wpm: number;
  handKeyed: boolean;
  channel: Channel;
  sampleRate: number;
  encoding: WavEncoding & { stereo?: boolean };
  wav: Buffer;
  durationMs: number;
}

/** What stays the same for one message across the SNR buckets. */
export interface Message {
  text: string;
  wpm: number;
  tl: Timeline;
  handKeyed: boolean;
  channel: Omit<Channel, "snrDb">;
  sampleRate: number;
  encoding: WavEncoding & { stereo?: boolean };
}

/** `count` messages: speeds spread evenly over 5..50 wpm (log scale), everything else drawn at random. */
export function messages(count: number, seed: number, secondsEach: number): Message[] {
  const random = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const wpm = Math.round(5 * 10 ** ((i + random()) / count));
    const text = corpusText(random, wpm, secondsEach);
    const base = timeline(text, { wpm });
    const hand = random() < 0.5;
    const tl = hand ? handKeyed(base, random, 0.2, random() < 0.5 ? 0.3 * (2 * random() - 1) : 0) : base;
    return {
      text, wpm, tl, handKeyed: hand,
      channel: {
        frequency: Math.round(300 + random() * 700),
        driftHz: random() < 0.5 ? 40 * (random() - 0.5) : 0,
        fadeDepth: random() < 0.5 ? 0.7 * random() : 0,
        fadePeriodS: 3 + 9 * random(),
        padS: 0.3 + 1.5 * random(),
      },
      sampleRate: SAMPLE_RATES[i % SAMPLE_RATES.length]!,
      encoding: ENCODINGS[Math.floor(random() * ENCODINGS.length)]!,
    };
  });
}

/** A message over a channel at `snrDb`, as WAV bytes. */
export function recordMessage(m: Message, snrDb: number, seed: number): Recording {
  const random = rng(seed);
  const channel = { ...m.channel, snrDb };
  const samples = record(m.tl, channel, m.sampleRate, random);
  const channels = m.encoding.stereo ? [samples, samples] : [samples];
  const wav = encodeWav(channels, m.sampleRate, m.encoding);
  return {
    text: m.text, wpm: m.wpm, handKeyed: m.handKeyed, channel, sampleRate: m.sampleRate, encoding: m.encoding,
    wav, durationMs: (1000 * samples.length) / m.sampleRate,
  };
}

/** Edit distance between two strings (insertions, deletions, substitutions). */
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Wrong characters in `output` against `reference`: the edit distance, at most the reference's length. */
export function characterErrors(reference: string, output: string): number {
  return Math.min(reference.length, levenshtein(reference, output));
}
