/**
 * A signal taken out of the samples, so that the weaker signals beside it are decoded without
 * its keying: its sidebands, which a channel filter cannot shut out where they fall on a
 * neighbour's pitch. Each mark it was decoded with is rebuilt as a tone keyed on and off with
 * raised-cosine edges centred on the mark's edges, as long as the signal's own edges fit
 * best (rampOf), at the mark's own pitch (drift: measured from how its phase turns along
 * it, within ±CANCEL_SEARCH_HZ), its edges moved by up to CANCEL_EDGE_MS to where they fit
 * best (a decode places them to a block, and an edge subtracted a millisecond off leaves a
 * click wider than the keying's own sidebands), and with the amplitude and phase that fit
 * it least-squares; the rebuilt tone is subtracted.
 */
import type { Tuning } from "../tuning.js";

export interface Mark {
  startMs: number;
  endMs: number;
}

/** A raised-cosine edge's height at `x` ramps past its start (0 before, 1 after). */
function edge(x: number): number {
  // Outside the ramp, exactly the cosine's ends (cos 0 = 1, cos π = -1), without its call.
  if (x >= 1) return 1;
  if (x <= 0) return 0;
  return 0.5 - 0.5 * Math.cos(Math.PI * x);
}

/** An edge's heights sample by sample, for the edge at `at` (samples) with a ramp `ramp` long. */
interface EdgeValues {
  at: number;
  ramp: number;
  values: Float64Array;
}

/** The heights `height(n)` for n from `a` to `b` (exclusive): `last`'s where it was the same edge. */
function edgeValues(last: EdgeValues | undefined, at: number, ramp: number, a: number, b: number, height: (n: number) => number): EdgeValues {
  if (last && last.at === at && last.ramp === ramp) return last;
  const values = new Float64Array(Math.max(0, b - a));
  for (let n = a; n < b; n++) values[n - a] = height(n);
  return { at, ramp, values };
}

/** A tone's least-squares fit to a mark: its complex amplitude and the energy it explains. */
interface Fit {
  re: number;
  im: number;
  explained: number;
}

/**
 * cos(ωn) and sin(ωn) for n from `from` to `to`, by turning a phasor sample by sample (two
 * multiplications, not two calls of Math.cos and Math.sin): in doubles it strays under 1e-12
 * over a mark.
 */
function oscillator(omega: number, from: number, to: number): { cos: Float64Array; sin: Float64Array } {
  const cos = new Float64Array(to - from);
  const sin = new Float64Array(to - from);
  const [stepCos, stepSin] = [Math.cos(omega), Math.sin(omega)];
  let [c, s] = [Math.cos(omega * from), Math.sin(omega * from)];
  for (let i = 0; i < cos.length; i++) {
    cos[i] = c;
    sin[i] = s;
    [c, s] = [c * stepCos - s * stepSin, s * stepCos + c * stepSin];
  }
  return { cos, sin };
}

/**
 * The samples around a mark mixed down by `omega` (radians per sample), sample by sample
 * and in running sums, so that a keying envelope's fit costs its edges' length, not the
 * mark's.
 */
class MixedMark {
  readonly osc: { cos: Float64Array; sin: Float64Array };
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly sumRe: Float64Array;
  private readonly sumIm: Float64Array;
  /** The last rising and falling edges' heights: an edge search moves one edge while the other stays. */
  private lead: EdgeValues | undefined;
  private trail: EdgeValues | undefined;

  constructor(
    samples: Float32Array,
    readonly from: number,
    readonly to: number,
    readonly omega: number,
  ) {
    this.osc = oscillator(omega, from, to);
    const n = to - from;
    this.re = new Float64Array(n);
    this.im = new Float64Array(n);
    this.sumRe = new Float64Array(n + 1);
    this.sumIm = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      const x = samples[from + i]!;
      this.re[i] = x * this.osc.cos[i]!;
      this.im[i] = -x * this.osc.sin[i]!;
      this.sumRe[i + 1] = this.sumRe[i]! + this.re[i]!;
      this.sumIm[i + 1] = this.sumIm[i]! + this.im[i]!;
    }
  }

  /** The mixed samples summed over [a, b), sample indices clipped to the mark's span. */
  sum(a: number, b: number): { re: number; im: number } {
    const [i, j] = [Math.max(0, Math.min(a, this.to) - this.from), Math.max(0, Math.min(b, this.to) - this.from)];
    return { re: this.sumRe[j]! - this.sumRe[i]!, im: this.sumIm[j]! - this.sumIm[i]! };
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
    const sums = { re: 0, im: 0, weight: 0 };
    if (flatTo > flatFrom) {
      // Either edge lies where the other is flat (its factor exactly 1): each is a function of its own end and the ramp.
      const rising = Math.max(from, Math.floor(start - ramp / 2));
      this.lead = edgeValues(this.lead, start, ramp, rising, flatFrom, (n) => edge((n - start) / ramp + 0.5));
      this.addEdge(sums, rising, this.lead.values);
      const flat = this.sum(flatFrom, flatTo);
      sums.re += flat.re;
      sums.im += flat.im;
      sums.weight += flatTo - flatFrom;
      this.trail = edgeValues(this.trail, end, ramp, flatTo, Math.min(to, Math.ceil(end + ramp / 2) + 1), (n) => edge((end - n) / ramp + 0.5));
      this.addEdge(sums, flatTo, this.trail.values);
    } else this.addEnvelope(sums, from, to, start, end, ramp);
    const { re, im, weight } = sums;
    if (weight === 0) return { re: 0, im: 0, explained: 0 };
    // x ≈ Re(C a e^{jωn}) = a (C e^{jωn} + conj) / 2: C = 2 Σ x a e^{-jωn} / Σ a², explaining |C|² Σ a² / 2.
    const c = { re: (2 * re) / weight, im: (2 * im) / weight };
    return { ...c, explained: ((c.re * c.re + c.im * c.im) * weight) / 2 };
  }

  /** Adds to `sums` the mixed samples from `a` on weighted by `weights`, and the weights' squares. */
  private addEdge(sums: { re: number; im: number; weight: number }, a: number, weights: Float64Array): void {
    for (let i = 0; i < weights.length; i++) {
      const e = weights[i]!;
      sums.re += e * this.re[a + i - this.from]!;
      sums.im += e * this.im[a + i - this.from]!;
      sums.weight += e * e;
    }
  }

  /** Adds to `sums` the mixed samples from `a` to `b` (exclusive) weighted by the keying envelope, and the envelope's squares. */
  private addEnvelope(sums: { re: number; im: number; weight: number }, a: number, b: number, start: number, end: number, ramp: number): void {
    for (let n = a; n < b; n++) {
      const e = MixedMark.envelope(n, start, end, ramp);
      sums.re += e * this.re[n - this.from]!;
      sums.im += e * this.im[n - this.from]!;
      sums.weight += e * e;
    }
  }
}

/**
 * A mark's samples mixed down at its own pitch, with edges `reach` samples to spare: mixed
 * at `frequency`, a tone Δf off turns by 2π Δf L from one piece of L samples to the next;
 * the turn is averaged over the mark's pieces (the angle of the sum of each piece times the
 * conjugate of the one before), with pieces short enough that ±CANCEL_SEARCH_HZ turns by
 * no more than a quarter turn, and the mark is mixed again at the pitch so measured.
 */
function mixedAtItsPitch(tuning: Tuning, samples: Float32Array, sampleRate: number, frequency: number, start: number, end: number, reach: number): MixedMark {
  const { CANCEL_SEARCH_HZ } = tuning.band;
  const from = Math.max(0, Math.floor(start - reach));
  const to = Math.min(samples.length, Math.ceil(end + reach) + 1);
  const nominal = new MixedMark(samples, from, to, (2 * Math.PI * frequency) / sampleRate);
  const pieces = Math.max(2, Math.ceil((4 * CANCEL_SEARCH_HZ * (end - start)) / sampleRate));
  const piece = (end - start) / pieces;
  let [turnRe, turnIm] = [0, 0];
  let before = nominal.sum(Math.round(start), Math.round(start + piece));
  for (let k = 1; k < pieces; k++) {
    const next = nominal.sum(Math.round(start + k * piece), Math.round(start + (k + 1) * piece));
    turnRe += next.re * before.re + next.im * before.im;
    turnIm += next.im * before.re - next.re * before.im;
    before = next;
  }
  const offsetHz = (Math.atan2(turnIm, turnRe) * sampleRate) / (2 * Math.PI * piece);
  if (!(offsetHz !== 0 && Number.isFinite(offsetHz))) return nominal;
  const hz = frequency + Math.max(-CANCEL_SEARCH_HZ, Math.min(CANCEL_SEARCH_HZ, offsetHz));
  return new MixedMark(samples, from, to, (2 * Math.PI * hz) / sampleRate);
}

/** A mark fitted with edges `ramp` samples long, each edge moved to where the tone explains the most. */
function fitEdges(tuning: Tuning, mixed: MixedMark, start: number, end: number, ramp: number, sampleRate: number): Fit & { start: number; end: number } {
  const { CANCEL_EDGE_MS, CANCEL_EDGE_STEP_MS } = tuning.band;
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
function prepared(tuning: Tuning, samples: Float32Array, sampleRate: number, frequency: number, mark: Mark) {
  const { CANCEL_EDGE_MS, CANCEL_RAMPS_MS } = tuning.band;
  const start = (mark.startMs * sampleRate) / 1000;
  const end = (mark.endMs * sampleRate) / 1000;
  const reach = ((Math.max(...CANCEL_RAMPS_MS) / 2 + CANCEL_EDGE_MS) * sampleRate) / 1000;
  return { start, end, mixed: mixedAtItsPitch(tuning, samples, sampleRate, frequency, start, end, reach) };
}

/** A mark fitted by fitEdges. */
type EdgesFit = ReturnType<typeof fitEdges>;

/**
 * The length of the signal's edges, samples: of CANCEL_RAMPS_MS, the one whose fits explain
 * the most of its first CANCEL_RAMP_MARKS marks (transmitters shape their keying differently);
 * with those marks' fits at it.
 */
function rampOf(tuning: Tuning, marks: ReturnType<typeof prepared>[], sampleRate: number): { ramp: number; fits: EdgesFit[] } {
  const { CANCEL_RAMPS_MS, CANCEL_RAMP_MARKS } = tuning.band;
  let best: { ramp: number; explained: number; fits: EdgesFit[] } = { ramp: 1, explained: -1, fits: [] };
  for (const rampMs of CANCEL_RAMPS_MS) {
    const ramp = Math.max(1, (rampMs * sampleRate) / 1000);
    const fits = marks.slice(0, CANCEL_RAMP_MARKS).map((m) => fitEdges(tuning, m.mixed, m.start, m.end, ramp, sampleRate));
    const explained = fits.reduce((sum, fit) => sum + fit.explained, 0);
    if (explained > best.explained) best = { ramp, explained, fits };
  }
  return best;
}

/** Subtracts, in place, the signal at `frequency` keyed as `marks` (ms) from `samples` (at `sampleRate`). */
export function cancelSignal(tuning: Tuning, samples: Float32Array, sampleRate: number, frequency: number, marks: readonly Mark[]): void {
  const ready = marks.map((m) => prepared(tuning, samples, sampleRate, frequency, m));
  const { ramp, fits } = rampOf(tuning, ready, sampleRate);
  for (const [k, { mixed, start, end }] of ready.entries()) {
    // The first marks were fitted at this ramp when it was chosen.
    const fit = fits[k] ?? fitEdges(tuning, mixed, start, end, ramp, sampleRate);
    const { cos, sin } = mixed.osc;
    for (let n = mixed.from; n < mixed.to; n++) {
      const a = MixedMark.envelope(n, fit.start, fit.end, ramp);
      samples[n] = samples[n]! - a * (fit.re * cos[n - mixed.from]! - fit.im * sin[n - mixed.from]!);
    }
  }
}
