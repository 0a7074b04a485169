/**
 * The audio decoder's bench corpus, generated in memory from a fixed seed: amateur-radio
 * traffic and plain words, keyed by machine or by hand, with fading, pitch drift and
 * white noise at a chosen SNR, written as WAV files of assorted formats. The channel
 * itself (hand keying, fading, drift, noise) is the tests' simulator,
 * test/fixtures/simulator.ts, where SNR is defined.
 */
import { timeline, type Timeline } from "../src/core/index.js";
import { encodeWav, type WavEncoding } from "../src/audio/index.js";
import { rng, type Random } from "../test/fixtures/random.js";
import { handKeyed, record, type Channel } from "../test/fixtures/simulator.js";

const CALLS = ["W1AW", "DL1ABC", "G4XYZ", "JA1NUT", "VK2DX", "K5ZD", "F6ABC", "EA3XX", "ON4UN", "OH2BH", "N0AX", "I2ABC"];
const NAMES = ["JOHN", "HANS", "PETE", "YUKI", "BOB", "ANNA", "MARC", "JOSE", "LUC", "ARI", "TOM", "LISA"];
const QTHS = ["BOSTON", "BERLIN", "LONDON", "TOKYO", "SYDNEY", "DALLAS", "PARIS", "MADRID", "GHENT", "HELSINKI"];
const RIGS = ["K3", "IC7300", "FT991", "TS590"];
const WORDS = [
  "THE",
  "QUICK",
  "BROWN",
  "FOX",
  "JUMPS",
  "OVER",
  "LAZY",
  "DOG",
  "WEATHER",
  "IS",
  "SUNNY",
  "AND",
  "WARM",
  "ANTENNA",
  "DIPOLE",
  "UP",
  "FEET",
  "POWER",
  "WATTS",
  "THANKS",
  "FOR",
  "THE",
  "NICE",
  "CONTACT",
  "GOOD",
  "LUCK",
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
  wav: Uint8Array;
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
      text,
      wpm,
      tl,
      handKeyed: hand,
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
    text: m.text,
    wpm: m.wpm,
    handKeyed: m.handKeyed,
    channel,
    sampleRate: m.sampleRate,
    encoding: m.encoding,
    wav,
    durationMs: (1000 * samples.length) / m.sampleRate,
  };
}
