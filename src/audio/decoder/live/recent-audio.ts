/**
 * The audio a listener keeps: samples by their index in the stream, appended as they
 * arrive and dropped from the front once they are no longer needed, in one array that
 * grows to the longest stretch kept and is then reused.
 */
export class RecentAudio {
  private samples = new Float32Array(1 << 14);
  /** Stream index of `samples[0]`. */
  private first = 0;
  private count = 0;

  /** Stream index one past the last sample received. */
  get end(): number {
    return this.first + this.count;
  }

  /** Stream index of the oldest sample kept. */
  get start(): number {
    return this.first;
  }

  append(chunk: Float32Array): void {
    if (this.count + chunk.length > this.samples.length) {
      const grown = new Float32Array(Math.max(2 * this.samples.length, this.count + chunk.length));
      grown.set(this.samples.subarray(0, this.count));
      this.samples = grown;
    }
    this.samples.set(chunk, this.count);
    this.count += chunk.length;
  }

  /** Forgets the samples before stream index `index`. */
  dropBefore(index: number): void {
    const drop = Math.min(this.count, Math.max(0, index - this.first));
    if (drop === 0) return;
    this.samples.copyWithin(0, drop, this.count);
    this.first += drop;
    this.count -= drop;
  }

  /** The samples from stream index `from` (at least the oldest kept) to `to`, as a view. */
  slice(from: number, to: number): Float32Array {
    return this.samples.subarray(Math.max(from, this.first) - this.first, Math.min(to, this.end) - this.first);
  }
}
