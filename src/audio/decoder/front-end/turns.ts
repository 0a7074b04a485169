/**
 * Stations that key in turn: a QSO recorded on one frequency holds one station, then
 * another at its own pitch and speed. Each turn is read on its own (decode-audio.ts).
 *
 * The second station's pitch is the strongest peak away from the first's (front-end/pitch.ts
 * findPitches). Each pitch's
 * activity is the power in a narrow band around it, stretch by stretch; where the share
 * of one pitch's activity before some moment stands far above the other's (a change
 * point), the two keyed in turn and the recording is cut there. Stations keying at the
 * same time (interference) or a single one (whose second peak is noise or a keying
 * sideband, active with it or all along) show no such moment.
 */
import { movingAverage } from "../../dsp/moving-average.js";
import { Reused } from "../../dsp/reused.js";
import type { Tuning } from "../tuning.js";
import { toBaseband, type Baseband } from "./baseband.js";

/** One station's turn: its pitch, Hz, and its samples [from, to). */
export interface Turn {
  frequency: number;
  from: number;
  to: number;
}

/** activity's narrow averages of the baseband (no call keeps them). */
const averages = new Reused((length) => new Float32Array(length), 2);

/** The power within TURN_BAND_HZ of the pitch `bb` was mixed down by, over each stretch of TURN_STRETCH_MS, above its quietest stretches. */
function activity(tuning: Tuning, bb: Baseband): Float64Array {
  const { TURN_BAND_HZ, TURN_STRETCH_MS, TURN_FLOOR_QUANTILE } = tuning.turns;
  const narrow = Math.max(1, Math.round(1000 / TURN_BAND_HZ / bb.blockMs));
  const [re, im] = averages.arrays(bb.re.length) as [Float32Array, Float32Array];
  movingAverage(bb.re, narrow, re);
  movingAverage(bb.im, narrow, im);
  const per = Math.max(1, Math.round(TURN_STRETCH_MS / bb.blockMs));
  const power = new Float64Array(Math.ceil(re.length / per));
  for (let i = 0; i < re.length; i++) {
    const k = Math.floor(i / per);
    power[k] = power[k]! + re[i]! * re[i]! + im[i]! * im[i]!;
  }
  const floor = Float64Array.from(power).sort()[Math.floor(TURN_FLOOR_QUANTILE * (power.length - 1))] ?? 0;
  return power.map((p) => Math.max(0, p - floor));
}

/**
 * The stretch before which `a` did at least TURN_CONTRAST more of its keying than `b`
 * (shares of each one's whole), or -1.
 */
function changePoint(tuning: Tuning, a: Float64Array, b: Float64Array): number {
  const { TURN_CONTRAST } = tuning.turns;
  const totalA = a.reduce((sum, v) => sum + v, 0);
  const totalB = b.reduce((sum, v) => sum + v, 0);
  if (!(totalA > 0 && totalB > 0)) return -1;
  let lead = 0;
  let best = -1;
  let bestLead = TURN_CONTRAST;
  for (let k = 0; k < a.length; k++) {
    lead += a[k]! / totalA - b[k]! / totalB;
    if (lead >= bestLead) {
      bestLead = lead;
      best = k + 1;
    }
  }
  return best;
}

/**
 * The turns of the recording: two where the tone at `second` Hz keys before or after the
 * strongest (at `strongest.frequency`, mixed down to `strongest.bb`, its drift not yet
 * followed), else one, the whole recording.
 */
export function turns(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  strongest: { frequency: number; bb: Baseband },
  second: number | undefined,
): Turn[] {
  const { TURN_STRETCH_MS } = tuning.turns;
  const first = strongest.frequency;
  const whole: Turn[] = [{ frequency: first, from: 0, to: samples.length }];
  if (second === undefined) return whole;
  const a = activity(tuning, strongest.bb);
  const b = activity(tuning, toBaseband(tuning, samples, sampleRate, second));
  const perStretch = Math.round((TURN_STRETCH_MS * sampleRate) / 1000);
  const firstThenSecond = changePoint(tuning, a, b);
  const secondThenFirst = changePoint(tuning, b, a);
  const cut = (k: number) => Math.min(samples.length, k * perStretch);
  if (firstThenSecond > 0)
    return [
      { frequency: first, from: 0, to: cut(firstThenSecond) },
      { frequency: second, from: cut(firstThenSecond), to: samples.length },
    ];
  if (secondThenFirst > 0)
    return [
      { frequency: second, from: 0, to: cut(secondThenFirst) },
      { frequency: first, from: cut(secondThenFirst), to: samples.length },
    ];
  return whole;
}
