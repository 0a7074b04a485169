/** Centred moving average of `length` values, same length as the input (edges averaged over fewer). */
export function movingAverage(x: Float32Array, length: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
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
  for (let i = 0; i < n; i++) {
    out[i] = sum / count;
    const enter = i - before + length;
    const leave = i - before;
    if (enter < n) {
      sum += x[enter]!;
      count++;
    }
    if (leave >= 0) {
      sum -= x[leave]!;
      count--;
    }
  }
  return out;
}
