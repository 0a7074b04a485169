/**
 * Spots (`npm run bench -- spots`): crowded bands of known stations, generated here from a
 * seed of their own (4848: apart from the tests' and the band bench's), spotted as POST
 * /api/v1/spots spots them (spotRecording) and as listen with spots=1 does (the live
 * listener). Each recording of a minute holds 5 to 9 stations, 150 Hz apart or more over
 * 300-2900 Hz, at -6 to +20 dB in 3 kHz, 16 to 35 wpm, half keyed by hand; each calls CQ
 * (or TEST), answers another (`W1XX DE CALL CALL K`), signs after QRZ, or is a VVV beacon,
 * and one or two more send plain text with no call.
 *
 * Prints, against the targets of section 9's design: recall of the stations at 0 dB or more
 * (all of them send their call twice or after DE; target 95 %), busted spots (calls not on
 * the air, target at most 2 % of spots), frequency error (target within 0.1 kHz), kind right
 * (target 90 %), spots in plain text and in noise alone (target none); live, how long after
 * a call qualified its spot came, in stream time over the recordings and in wall time on one
 * real-time stream through the server's WebSocket (target 5 s); and the speed on an hour of
 * crowded band, on one core (target at least 20x real time).
 *
 * Environment: SPOTS_BENCH_RECORDINGS (default 20), SPOTS_BENCH_NOISE_S (600),
 * SPOTS_BENCH_LIVE_RECORDINGS (6), SPOTS_BENCH_HOUR_S (3600).
 */
import { createListener, decodeSignalWords, type SpotEvent, spotRecording, type Tuning } from "../src/audio/index.js";
import { isCallSign, type Spot, spotsFromSignals } from "../src/core/index.js";
import { bandWordEndsS, recordBand, type BandSignal } from "../test/fixtures/band.js";
import { rng, type Random } from "../test/fixtures/random.js";
import { realTimeSpots } from "./lib/live-spots.js";
import { envNumber, line } from "./lib/stats.js";

const SEED = 4848;
const RATE = 8000;
const DIAL = 14020;
const MINUTE_S = 60;
const PREFIXES = ["K", "W", "N", "AA", "DL", "G", "F", "I", "JA", "VK", "UA", "EA", "OH", "SM", "PY", "LU", "ZS", "VE", "9A", "S5", "OK", "HA", "YO", "SP"];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PLAIN = [
  "NAME HR IS",
  "BOB",
  "JIM",
  "ANN",
  "RIG IS",
  "HOMEBREW",
  "ANT IS",
  "DIPOLE",
  "WX IS",
  "SUNNY",
  "COLD",
  "TNX FER CALL",
  "HW CPY",
  "FB OM",
  "QTH NR",
  "BOSTON",
  "73",
  "GL",
  "ES",
  "GE",
  "UR RST",
];

type Kind = Spot["kind"];

/** A station on the air: its call, what it does, and the signal it sends. */
interface Station {
  call?: string;
  kind?: Kind;
  signal: BandSignal;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function drawCall(random: Random, taken: Set<string>): string {
  for (;;) {
    const suffix = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, [...LETTERS])).join("");
    const call = `${pick(random, PREFIXES)}${Math.floor(random() * 10)}${suffix}`;
    if (isCallSign(call) && !taken.has(call)) {
      taken.add(call);
      return call;
    }
  }
}

/** What a station sends, and its kind: calling CQ or TEST, answering another, signing after QRZ, or a beacon. */
function drawMessage(random: Random, call: string, taken: Set<string>): { text: string; kind: Kind } {
  const r = random();
  if (r < 0.45) return { text: pick(random, [`CQ CQ DE ${call} ${call} K`, `CQ TEST ${call} ${call}`, `CQ CQ CQ DE ${call} K`]), kind: "CQ" };
  if (r < 0.8) return { text: `${drawCall(random, taken)} DE ${call} ${pick(random, [`${call} K`, "5NN TU K", "TNX FER CALL UR RST 579 K"])}`, kind: "DX" };
  if (r < 0.9) return { text: `QRZ DE ${call} K`, kind: "CQ" };
  return { text: `VVV VVV DE ${call} ${call} VVV`, kind: "BEACON" };
}

function plainText(random: Random): string {
  return Array.from({ length: 6 }, () => pick(random, PLAIN)).join(" ");
}

/** The stations of a band `durationS` long: at each pitch one station after another, each sending its message once or twice. */
function drawStations(random: Random, durationS: number, taken: Set<string>): Station[] {
  const stations: Station[] = [];
  const slots = 5 + Math.floor(random() * 5);
  let pitch = 300 + random() * 200;
  for (let slot = 0; slot < slots && pitch <= 2900; slot++, pitch += 150 + random() * 250) {
    const plain = slot >= slots - 1 - Math.floor(random() * 2);
    for (let startS = 0.3 + random() * 8; startS < durationS - 10; ) {
      const wpm = Math.round(16 + random() * 19);
      const hand = random() < 0.5 ? { jitter: 0.1, speedChange: 0, seed: Math.floor(random() * 1e9) } : undefined;
      const snrDb = Math.round(-6 + random() * 26);
      const call = plain ? undefined : drawCall(random, taken);
      const message = call ? drawMessage(random, call, taken) : { text: plainText(random), kind: undefined };
      const text = random() < 0.5 ? message.text : `${message.text} ${message.text}`;
      const signal: BandSignal = { text, wpm, frequency: Math.round(pitch + (random() - 0.5) * 20), snrDb, startS, hand };
      const endS = bandWordEndsS(signal).at(-1)!;
      if (endS > durationS - 0.5) break;
      stations.push({ call, kind: message.kind, signal });
      startS = endS + 2 + random() * 10;
    }
  }
  return stations;
}

interface Tally {
  qualifying: number;
  found: number;
  spots: number;
  busted: number;
  kindRight: number;
  frequencyErrorsKHz: number[];
  plainSpots: number;
}

/** Scores a recording's spots against its stations. */
function score(stations: readonly Station[], spots: readonly Spot[], tally: Tally): void {
  const byCall = new Map(stations.filter((s) => s.call).map((s) => [s.call!, s]));
  for (const station of stations) if (station.call && station.signal.snrDb >= 0) tally.qualifying++;
  tally.spots += spots.length;
  for (const spot of spots) {
    const station = byCall.get(spot.call);
    if (!station) {
      tally.busted++;
      continue;
    }
    if (station.signal.snrDb >= 0) tally.found++;
    if (spot.kind === station.kind) tally.kindRight++;
    tally.frequencyErrorsKHz.push(Math.abs(spot.frequencyKHz - (DIAL + station.signal.frequency / 1000)));
  }
  const plainPitches = stations.filter((s) => !s.call).map((s) => s.signal.frequency);
  tally.plainSpots += spots.filter((s) => !byCall.has(s.call) && plainPitches.some((p) => Math.abs(p - s.audioHz) < 40)).length;
}

const percent = (n: number, of: number) => (of === 0 ? "n/a" : `${((100 * n) / of).toFixed(1)} %`);
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;

function printTally(label: string, tally: Tally): void {
  const within = tally.frequencyErrorsKHz.filter((e) => e <= 0.1 + 1e-9).length;
  line(`${label}: recall at 0 dB or more`, `${percent(tally.found, tally.qualifying)} (${tally.found} of ${tally.qualifying} stations; target 95 %)`);
  line(`${label}: busted spots`, `${percent(tally.busted, tally.spots)} (${tally.busted} of ${tally.spots} spots not on the air; target at most 2 %)`);
  const worst = Math.max(0, ...tally.frequencyErrorsKHz).toFixed(2);
  line(`${label}: frequency within 0.1 kHz`, `${percent(within, tally.frequencyErrorsKHz.length)} (worst ${worst} kHz; target all)`);
  line(`${label}: kind right`, `${percent(tally.kindRight, tally.spots - tally.busted)} (target 90 %)`);
  line(`${label}: spots on plain text`, `${tally.plainSpots} (target 0)`);
}

/** When a station's call qualified, s: the end of its second sending, of its sending after DE, or of the K after it. */
function qualifiedAtS(station: Station): number {
  const words = station.signal.text.split(" ");
  const ends = bandWordEndsS(station.signal);
  const at = words.flatMap((w, i) => (w === station.call ? [i] : []));
  const times = [
    ends[at[1] ?? -1],
    ...at.map((i) => (words[i - 1] === "DE" ? ends[i] : ["K", "AR", "BK"].includes(words[i + 1] ?? "") ? ends[i + 1] : undefined)),
  ];
  return Math.min(...times.filter((t): t is number => t !== undefined));
}

/** A recording's spot events from the live listener, streamed in 100 ms chunks as fast as it reads. */
function liveSpots(tuning: Tuning, samples: Float32Array): SpotEvent[] {
  const listener = createListener({ sampleRate: RATE, signals: "all", spots: { dial: DIAL }, tuning });
  const spots: SpotEvent[] = [];
  const step = RATE / 10;
  const keep = (events: ReturnType<typeof listener.push>) => spots.push(...events.filter((e): e is SpotEvent => e.type === "spot"));
  for (let at = 0; at < samples.length; at += step) keep(listener.push(samples.subarray(at, at + step)));
  keep(listener.flush().events);
  return spots;
}

/** How long after each station's call qualified its spot came, s (stream or wall time, as `emittedS` gives it). */
function latencies<T extends { call: string }>(stations: readonly Station[], spots: readonly T[], emittedS: (spot: T) => number): number[] {
  return stations.flatMap((station) => {
    const spot = spots.find((s) => s.call === station.call);
    return spot ? [emittedS(spot) - qualifiedAtS(station)] : [];
  });
}

function printLatency(label: string, values: number[]): void {
  const worst = Math.max(...values);
  line(
    label,
    `p50 ${quantile(values, 0.5).toFixed(2)} s, p95 ${quantile(values, 0.95).toFixed(2)} s, max ${worst.toFixed(2)} s over ${values.length} spots (target 5 s)`,
  );
}

export async function runSpotsBench(tuning: Tuning): Promise<void> {
  const random = rng(SEED);
  const taken = new Set<string>();
  const recordings = Array.from({ length: envNumber("SPOTS_BENCH_RECORDINGS", 20) }, (_, i) => {
    const stations = drawStations(random, MINUTE_S, taken);
    return { stations, samples: recordBand({ signals: stations.map((s) => s.signal), durationS: MINUTE_S, sampleRate: RATE, noiseSeed: SEED + i }) };
  });
  const tally: Tally = { qualifying: 0, found: 0, spots: 0, busted: 0, kindRight: 0, frequencyErrorsKHz: [], plainSpots: 0 };
  for (const { stations, samples } of recordings) score(stations, spotRecording(samples, RATE, { dial: DIAL, tuning }).spots, tally);
  printTally(`recordings (${recordings.length} x 1 min)`, tally);

  const noiseS = envNumber("SPOTS_BENCH_NOISE_S", 600);
  const noise = spotRecording(recordBand({ signals: [], durationS: noiseS, sampleRate: RATE, noiseSeed: SEED - 1 }), RATE, { dial: DIAL, tuning }).spots;
  line(`noise alone (${noiseS} s): spots`, `${noise.length} (target 0)`);

  const live = recordings.slice(0, envNumber("SPOTS_BENCH_LIVE_RECORDINGS", 6));
  const liveTally: Tally = { qualifying: 0, found: 0, spots: 0, busted: 0, kindRight: 0, frequencyErrorsKHz: [], plainSpots: 0 };
  const streamLatency: number[] = [];
  for (const { stations, samples } of live) {
    const spots = liveSpots(tuning, samples);
    score(stations, spots, liveTally);
    streamLatency.push(...latencies(stations, spots, (s) => s.emittedAtMs / 1000));
  }
  printTally(`live (${live.length} x 1 min)`, liveTally);
  printLatency("live: spot after its call qualified (stream time)", streamLatency);
  const first = recordings[0]!;
  const { spots: realTime, startedAt } = await realTimeSpots(first.samples, RATE, DIAL);
  printLatency(
    "live: spot after its call qualified (wall time, one real-time WebSocket stream)",
    latencies(first.stations, realTime, (s) => (s.receivedAt - startedAt) / 1000),
  );

  const hourS = envNumber("SPOTS_BENCH_HOUR_S", 3600);
  const hourStations = drawStations(random, hourS, taken);
  const hour = recordBand({ signals: hourStations.map((s) => s.signal), durationS: hourS, sampleRate: RATE, noiseSeed: SEED + 1000 });
  // CPU time as well as wall time: the machine may be shared, and the reading runs on this one thread.
  const started = { wall: performance.now(), cpu: process.cpuUsage() };
  const { signals } = decodeSignalWords(hour, RATE, { tuning });
  const read = { wall: performance.now(), cpu: process.cpuUsage(started.cpu) };
  const hourSpots = spotsFromSignals(signals, { dial: DIAL }).spots;
  const spotted = { wall: performance.now(), cpu: process.cpuUsage(started.cpu) };
  const cpuS = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
  const wallS = (spotted.wall - started.wall) / 1000;
  const spottingS = cpuS(spotted.cpu) - cpuS(read.cpu);
  line(
    `${hourS} s of crowded band, one core`,
    `${(hourS / cpuS(spotted.cpu)).toFixed(1)}x real time in CPU time, ${(hourS / wallS).toFixed(1)}x in wall time ` +
      `(${hourStations.length} stations, ${signals.length} signals read; ${cpuS(spotted.cpu).toFixed(1)} s of CPU, of which the spot rules ${spottingS.toFixed(2)} s; target 20x)`,
  );
  const hourTally: Tally = { qualifying: 0, found: 0, spots: 0, busted: 0, kindRight: 0, frequencyErrorsKHz: [], plainSpots: 0 };
  score(hourStations, hourSpots, hourTally);
  printTally(`the ${hourS} s band`, hourTally);
}
