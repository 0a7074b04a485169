/** Small statistics shared by the decoder's stages. */

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The k-th smallest of `values` (0-based; of its first `length` where given), found by
 * quickselect in O(n): reorders them in place, leaving them partitioned around position k.
 */
export function selectInPlace(values: Float32Array, k: number, length = values.length): number {
  let lo = 0;
  let hi = length - 1;
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

/**
 * The median (as `median` takes it) of `values` within `half` places either side of each
 * place from `from` to `to` inclusive, the window cut at the ends: one sorted window slid
 * along, each step one value out and one in, instead of a sort per place.
 */
export function slidingMedians(values: ArrayLike<number>, from: number, to: number, half: number): Float64Array {
  return slidingSorted(values, from, to, half, (window, count) => {
    const mid = count >> 1;
    return count % 2 === 1 ? window[mid]! : (window[mid - 1]! + window[mid]!) / 2;
  });
}

/** As slidingMedians, the `share` quantile of each window (its value at place floor(share × (count − 1)) when sorted). */
export function slidingQuantiles(values: ArrayLike<number>, from: number, to: number, half: number, share: number): Float64Array {
  return slidingSorted(values, from, to, half, (window, count) => window[Math.floor(share * (count - 1))]!);
}

/** What `read` makes of the sorted window of `values` within `half` places either side of each place from `from` to `to`. */
function slidingSorted(values: ArrayLike<number>, from: number, to: number, half: number, read: (sorted: Float64Array, count: number) => number): Float64Array {
  const last = values.length - 1;
  const out = new Float64Array(Math.max(0, to - from + 1));
  if (out.length === 0) return out;
  const window = new Float64Array(2 * half + 1);
  let count = 0;
  const insert = (x: number) => {
    const at = sortedIndex(window, count, x);
    window.copyWithin(at + 1, at, count++);
    window[at] = x;
  };
  const remove = (x: number) => {
    const at = sortedIndex(window, count, x);
    window.copyWithin(at, at + 1, count--);
  };
  for (let j = Math.max(0, from - half); j <= Math.min(last, from + half); j++) insert(values[j]!);
  for (let k = from; k <= to; k++) {
    if (k > from) {
      if (k - half - 1 >= 0) remove(values[k - half - 1]!);
      if (k + half <= last) insert(values[k + half]!);
    }
    out[k - from] = read(window, count);
  }
  return out;
}

/** The first place in the sorted `sorted[0, count)` whose value is not below `x`. */
function sortedIndex(sorted: Float64Array, count: number, x: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (sorted[m]! < x) lo = m + 1;
    else hi = m;
  }
  return lo;
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

/** Two groups of sorted values: the first `split` of them, and the rest. */
export interface TwoGroups {
  split: number;
  /** The groups' means; `highMean` is `lowMean` when there is one group. */
  lowMean: number;
  highMean: number;
  /** The mean of all the values. */
  mean: number;
}

/**
 * Two-means of sorted values in one dimension: the split where the two groups' summed
 * squared deviations are least (exact, in one pass over prefix sums). Fewer than two
 * values make one group.
 */
export function splitInTwo(sorted: ArrayLike<number>): TwoGroups {
  const n = sorted.length;
  let total = 0;
  let totalSq = 0;
  for (let i = 0; i < n; i++) {
    total += sorted[i]!;
    totalSq += sorted[i]! * sorted[i]!;
  }
  let best = Infinity;
  let split = n;
  let low = 0;
  let lowSq = 0;
  for (let k = 1; k < n; k++) {
    low += sorted[k - 1]!;
    lowSq += sorted[k - 1]! * sorted[k - 1]!;
    const high = total - low;
    const sse = lowSq - (low * low) / k + (totalSq - lowSq) - (high * high) / (n - k);
    if (sse < best) {
      best = sse;
      split = k;
    }
  }
  let lowSum = 0;
  for (let i = 0; i < split; i++) lowSum += sorted[i]!;
  const lowMean = lowSum / split;
  return { split, lowMean, highMean: split < n ? (total - lowSum) / (n - split) : lowMean, mean: total / n };
}

/** The sum of `values` and its standard error (the spread of the values times the square root of their count). */
export function sumWithError(values: readonly number[]): { sum: number; standardError: number } {
  let sum = 0;
  let squares = 0;
  for (const v of values) {
    sum += v;
    squares += v * v;
  }
  const n = values.length;
  const variance = n > 1 ? Math.max(0, squares - (sum * sum) / n) / (n - 1) : 0;
  return { sum, standardError: Math.sqrt(n * variance) };
}
