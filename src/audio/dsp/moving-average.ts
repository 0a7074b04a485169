/** Centred moving average of `length` values, same length as the input (edges averaged over fewer), into `out` (every value written). */
export function movingAverage(x: Float32Array, length: number, out: Float32Array = new Float32Array(x.length)): Float32Array {
  const n = x.length;
  if (length <= 1) {
    out.set(x);
    return out;
  }
  const before = length >> 1;
  let sum = 0;
  let count = 0;
  // The window for i is [i - before, i - before + length).
  for (let j = 0; j < Math.min(n, length - before); j++) {
    sum += x[j]!;
    count++;
  }
  // After out[i], a value enters while i < entering and one leaves once i >= before: the
  // loop is cut where either changes, so that no step tests them.
  const entering = n - length + before;
  let i = 0;
  for (; i < Math.min(entering, before); i++) {
    out[i] = sum / count;
    sum += x[i - before + length]!;
    count++;
  }
  for (; i < Math.min(before, n); i++) out[i] = sum / count;
  for (; i < entering; i++) {
    out[i] = sum / count;
    sum += x[i - before + length]!;
    sum -= x[i - before]!;
  }
  for (; i < n; i++) {
    out[i] = sum / count;
    sum -= x[i - before]!;
    count--;
  }
  return out;
}
