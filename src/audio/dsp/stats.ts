/** Small statistics shared by the decoder's stages. */

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The k-th smallest of `values` (0-based), found by quickselect in O(n): reorders
 * `values` in place, leaving it partitioned around position k.
 */
export function selectInPlace(values: Float32Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    // Median of three as the pivot: sorted or constant stretches stay O(n).
    const mid = (lo + hi) >> 1;
    const a = values[lo]!;
    const b = values[mid]!;
    const c = values[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** Each value replaced by the median of the values within `half` places either side (the upper one of an even count). */
export function runningMedian(values: ArrayLike<number>, half: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  const window = new Float32Array(2 * half + 1);
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - half);
    const to = Math.min(n, i + half + 1);
    for (let j = from; j < to; j++) window[j - from] = values[j]!;
    out[i] = selectInPlace(window.subarray(0, to - from), (to - from) >> 1);
  }
  return out;
}
