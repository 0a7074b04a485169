/** The coherent evidence's input: the baseband turned onto the tone's own phase. */
import type { Baseband } from "../front-end/baseband.js";

/**
 * The baseband turned onto the tone's own phase: its in-phase component, one real value
 * per block. The phase at each block is that of the baseband summed over the marks
 * (`marks`: 1 where a first segmentation keyed, else 0) within `halfWindow` blocks
 * either side, leaving out the `exclude` blocks either side of it, so that the block's
 * own noise does not pull the reference towards itself. A keyed oscillator keeps its
 * phase from one element to the next, and the drift follower has taken out its slow
 * wander, so the marks nearby share it. Where no mark is that near (the silence around
 * a message, or a letter the segmentation missed), the marks around the nearest one set
 * the phase: a zero there would claim silence, and a slow letter lost in a fade's trough
 * could never be found again. (Not the blocks around it: a window centred on the block
 * turns with any tone in it, a neighbouring station's too, and would make it ours.)
 */
export function inPhase(bb: Baseband, marks: Uint8Array, halfWindow: number, exclude: number): Float32Array {
  const n = bb.re.length;
  const { re, im, count } = markSums(bb, marks);
  const nearest = nearestMarks(marks);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = Math.max(0, i - halfWindow);
    let b = Math.min(n, i + halfWindow + 1);
    let c = Math.max(0, i - exclude);
    let d = Math.min(n, i + exclude + 1);
    if (count[b] === count[a] && nearest[i]! >= 0) {
      // The window around the nearest mark; the block is far from it, nothing to leave out.
      a = Math.max(0, nearest[i]! - halfWindow);
      b = Math.min(n, nearest[i]! + halfWindow + 1);
      c = d = a;
    }
    const refRe = re[b]! - re[a]! - (re[d]! - re[c]!);
    const refIm = im[b]! - im[a]! - (im[d]! - im[c]!);
    const norm = Math.sqrt(refRe * refRe + refIm * refIm);
    y[i] = norm > 0 ? (bb.re[i]! * refRe + bb.im[i]! * refIm) / norm : 0;
  }
  return y;
}

/** Running sums of the baseband over the marks, and of the marks. */
function markSums(bb: Baseband, marks: Uint8Array): { re: Float64Array; im: Float64Array; count: Uint32Array } {
  const n = bb.re.length;
  const re = new Float64Array(n + 1);
  const im = new Float64Array(n + 1);
  const count = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const w = marks[i]!;
    re[i + 1] = re[i]! + w * bb.re[i]!;
    im[i + 1] = im[i]! + w * bb.im[i]!;
    count[i + 1] = count[i]! + w;
  }
  return { re, im, count };
}

/** For every block, the nearest block in a mark; -1 everywhere when there is none. */
function nearestMarks(marks: Uint8Array): Int32Array {
  const n = marks.length;
  const nearest = new Int32Array(n).fill(-1);
  for (let i = 0, last = -1; i < n; i++) {
    if (marks[i] === 1) last = i;
    nearest[i] = last;
  }
  for (let i = n - 1, next = -1; i >= 0; i--) {
    if (marks[i] === 1) next = i;
    if (next >= 0 && (nearest[i]! < 0 || next - i < i - nearest[i]!)) nearest[i] = next;
  }
  return nearest;
}
