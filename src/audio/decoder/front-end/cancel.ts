/**
 * A signal taken out of the samples, so that the weaker signals beside it are read without
 * its keying: its sidebands, which a channel filter cannot shut out where they fall on a
 * neighbour's pitch. Each mark it was read with is rebuilt as a tone keyed on and off with
 * raised-cosine edges centred on the mark's edges, as long as the signal's own edges fit
 * best (rampOf), at the pitch within ±CANCEL_SEARCH_HZ that fits the mark best (drift), its
 * edges moved by up to CANCEL_EDGE_MS to where they fit best (a reading places them to a
 * block, and an edge subtracted a millisecond off leaves a click wider than the keying's
 * own sidebands), and with the amplitude and phase that fit it least-squares; the rebuilt
 * tone is subtracted.
 */
import { RAMP_MS } from "../../limits.js";
import { TUNING } from "../tuning.js";

export interface Mark {
  startMs: number;
  endMs: number;
}

/** A raised-cosine edge's height at `x` ramps past its start (0 before, 1 after). */
function edge(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return 0.5 - 0.5 * Math.cos(Math.PI * t);
}

/** A tone's least-squares fit to a mark: its complex amplitude and the energy it explains. */
interface Fit {
  re: number;
  im: number;
  explained: number;
}

/**
 * The samples around a mark mixed down by `omega` (radians per sample), with running sums,
 * so that a keying envelope's fit costs its edges' length, not the mark's.
 */
class MixedMark {
  private readonly sumRe: Float64Array;
  private readonly sumIm: Float64Array;

  constructor(
    private readonly samples: Float32Array,
    readonly from: number,
    readonly to: number,
    readonly omega: number,
  ) {
    this.sumRe = new Float64Array(to - from + 1);
    this.sumIm = new Float64Array(to - from + 1);
    for (let n = from; n < to; n++) {
      const x = samples[n]!;
      this.sumRe[n - from + 1] = this.sumRe[n - from]! + x * Math.cos(omega * n);
      this.sumIm[n - from + 1] = this.sumIm[n - from]! - x * Math.sin(omega * n);
    }
  }

  /** The keying envelope at sample n: edges `ramp` samples long centred on `start` and `end`. */
  static envelope(n: number, start: number, end: number, ramp: number): number {
    return edge((n - start) / ramp + 0.5) * edge((end - n) / ramp + 0.5);
  }

  /** The fit of a tone keyed from `start` to `end` (samples) with edges `ramp` long. */
  fit(start: number, end: number, ramp: number): Fit {
    const { from, to } = this;
    const flatFrom = Math.max(from, Math.ceil(start + ramp / 2));
    const flatTo = Math.min(to, Math.floor(end - ramp / 2) + 1);
    let re = 0;
    let im = 0;
    let weight = 0;
    const add = (n: number) => {
      const a = MixedMark.envelope(n, start, end, ramp);
      const x = this.samples[n]! * a;
      re += x * Math.cos(this.omega * n);
      im -= x * Math.sin(this.omega * n);
      weight += a * a;
    };
    if (flatTo > flatFrom) {
      for (let n = Math.max(from, Math.floor(start - ramp / 2)); n < flatFrom; n++) add(n);
      re += this.sumRe[flatTo - from]! - this.sumRe[flatFrom - from]!;
      im += this.sumIm[flatTo - from]! - this.sumIm[flatFrom - from]!;
      weight += flatTo - flatFrom;
      for (let n = flatTo; n < Math.min(to, Math.ceil(end + ramp / 2) + 1); n++) add(n);
    } else for (let n = from; n < to; n++) add(n);
    if (weight === 0) return { re: 0, im: 0, explained: 0 };
    // x ≈ Re(C a e^{jωn}) = a (C e^{jωn} + conj) / 2: C = 2 Σ x a e^{-jωn} / Σ a², explaining |C|² Σ a² / 2.
    const c = { re: (2 * re) / weight, im: (2 * im) / weight };
    return { ...c, explained: ((c.re * c.re + c.im * c.im) * weight) / 2 };
  }
}

/** A mark's samples mixed down at the pitch within ±CANCEL_SEARCH_HZ of `frequency` that fits it best, with edges `reach` samples to spare. */
function mixedAtItsPitch(samples: Float32Array, sampleRate: number, frequency: number, start: number, end: number, reach: number): MixedMark {
  const { CANCEL_SEARCH_HZ, CANCEL_STEP_HZ } = TUNING.band;
  const from = Math.max(0, Math.floor(start - reach));
  const to = Math.min(samples.length, Math.ceil(end + reach) + 1);
  const nominalRamp = (RAMP_MS * sampleRate) / 1000;
  let best: { mixed: MixedMark; explained: number } | undefined;
  for (let hz = frequency - CANCEL_SEARCH_HZ; hz <= frequency + CANCEL_SEARCH_HZ; hz += CANCEL_STEP_HZ) {
    const mixed = new MixedMark(samples, from, to, (2 * Math.PI * hz) / sampleRate);
    const { explained } = mixed.fit(start, end, nominalRamp);
    if (!best || explained > best.explained) best = { mixed, explained };
  }
  return best!.mixed;
}

/** A mark fitted with edges `ramp` samples long, each edge moved to where the tone explains the most. */
function fitEdges(mixed: MixedMark, start: number, end: number, ramp: number, sampleRate: number): Fit & { start: number; end: number } {
  const { CANCEL_EDGE_MS, CANCEL_EDGE_STEP_MS } = TUNING.band;
  const step = (CANCEL_EDGE_STEP_MS * sampleRate) / 1000;
  const shifts = Math.round(CANCEL_EDGE_MS / CANCEL_EDGE_STEP_MS);
  let best = { ...mixed.fit(start, end, ramp), start, end };
  for (let k = -shifts; k <= shifts; k++) {
    const s = start + k * step;
    const tone = mixed.fit(s, best.end, ramp);
    if (s < best.end && tone.explained > best.explained) best = { ...tone, start: s, end: best.end };
  }
  const from = best.start;
  for (let k = -shifts; k <= shifts; k++) {
    const e = end + k * step;
    const tone = mixed.fit(from, e, ramp);
    if (e > from && tone.explained > best.explained) best = { ...tone, start: from, end: e };
  }
  return best;
}

/** A mark's samples mixed at its pitch, in samples, ready to fit. */
function prepared(samples: Float32Array, sampleRate: number, frequency: number, mark: Mark) {
  const { CANCEL_EDGE_MS, CANCEL_RAMPS_MS } = TUNING.band;
  const start = (mark.startMs * sampleRate) / 1000;
  const end = (mark.endMs * sampleRate) / 1000;
  const reach = ((Math.max(...CANCEL_RAMPS_MS) / 2 + CANCEL_EDGE_MS) * sampleRate) / 1000;
  return { start, end, mixed: mixedAtItsPitch(samples, sampleRate, frequency, start, end, reach) };
}

/**
 * The length of the signal's edges, samples: of CANCEL_RAMPS_MS, the one whose fits explain
 * the most of its first CANCEL_RAMP_MARKS marks (transmitters shape their keying differently).
 */
function rampOf(marks: ReturnType<typeof prepared>[], sampleRate: number): number {
  const { CANCEL_RAMPS_MS, CANCEL_RAMP_MARKS } = TUNING.band;
  let best = { ramp: 1, explained: -1 };
  for (const rampMs of CANCEL_RAMPS_MS) {
    const ramp = Math.max(1, (rampMs * sampleRate) / 1000);
    const explained = marks.slice(0, CANCEL_RAMP_MARKS).reduce((sum, m) => sum + fitEdges(m.mixed, m.start, m.end, ramp, sampleRate).explained, 0);
    if (explained > best.explained) best = { ramp, explained };
  }
  return best.ramp;
}

/** Subtracts, in place, the signal at `frequency` keyed as `marks` (ms) from `samples` (at `sampleRate`). */
export function cancelSignal(samples: Float32Array, sampleRate: number, frequency: number, marks: readonly Mark[]): void {
  const ready = marks.map((m) => prepared(samples, sampleRate, frequency, m));
  const ramp = rampOf(ready, sampleRate);
  for (const { mixed, start, end } of ready) {
    const fit = fitEdges(mixed, start, end, ramp, sampleRate);
    for (let n = mixed.from; n < mixed.to; n++) {
      const a = MixedMark.envelope(n, fit.start, fit.end, ramp);
      samples[n] = samples[n]! - a * (fit.re * Math.cos(mixed.omega * n) - fit.im * Math.sin(mixed.omega * n));
    }
  }
}
