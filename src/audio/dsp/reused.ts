/**
 * Typed arrays for temporaries that a function holds only within one call, reused from
 * call to call. Fresh arrays the length of a recording, a few per reading, were most of
 * the live listener's garbage and kept the collector busy (as many full collections as
 * readings). Arrays longer than REUSED_LENGTH are made afresh, so that no long
 * recording's arrays stay held.
 */

/** The longest arrays reused: a minute of 1 ms blocks. */
export const REUSED_LENGTH = 1 << 16;

type Typed = Float32Array | Float64Array;

/** `count` arrays of one length at a time, for one function's temporaries. */
export class Reused<T extends Typed> {
  private store: T;

  constructor(
    private readonly make: (length: number) => T,
    private readonly count: number,
  ) {
    this.store = make(0);
  }

  /**
   * `count` arrays of `length`, holding what the call before left there: the caller
   * writes every value before it reads it, and keeps none past its own call.
   */
  arrays(length: number): T[] {
    let store = this.store;
    if (length > REUSED_LENGTH) store = this.make(this.count * length);
    else if (store.length < this.count * length) {
      // Grown by doubling: a live listener's window lengthens a little at every reading at first.
      const grown = Math.min(REUSED_LENGTH, Math.max(length, (2 * store.length) / this.count));
      store = this.store = this.make(this.count * grown);
    }
    return Array.from({ length: this.count }, (_, k) => store.subarray(k * length, (k + 1) * length) as T);
  }
}
