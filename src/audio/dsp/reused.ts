/**
 * Typed arrays for temporaries that a function holds only within one call, reused from
 * call to call. Fresh arrays the length of a recording, a few per decode, were most of
 * the live listener's garbage and kept the collector busy (as many full collections as
 * readings). Arrays longer than REUSED_LENGTH are held only weakly: a long recording's
 * decode reuses them from call to call (made afresh, arrays of an hour's blocks cost it
 * more in allocation and collection than its own work), and once the decode is done
 * (a weakly held array stays alive to the end of the synchronous job that used it) the
 * collector may take them, so that no long recording's arrays stay held.
 */

/** The longest arrays reused: a minute of 1 ms blocks. */
export const REUSED_LENGTH = 1 << 16;

type Typed = Float32Array | Float64Array;

/** `count` arrays of one length at a time, for one function's temporaries. */
export class Reused<T extends Typed> {
  private store: T;
  /** The last store longer than REUSED_LENGTH allows to keep. */
  private long: WeakRef<T> | undefined;

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
    if (length > REUSED_LENGTH) store = this.longStore(this.count * length);
    else if (store.length < this.count * length) {
      // Grown by doubling: a live listener's window lengthens a little at every reading at first.
      const grown = Math.min(REUSED_LENGTH, Math.max(length, (2 * store.length) / this.count));
      store = this.store = this.make(this.count * grown);
    }
    return Array.from({ length: this.count }, (_, k) => store.subarray(k * length, (k + 1) * length) as T);
  }

  /** A store of at least `length`, weakly held: the last one if the collector has left it and it is long enough. */
  private longStore(length: number): T {
    const last = this.long?.deref();
    if (last && last.length >= length) return last;
    const store = this.make(length);
    this.long = new WeakRef(store);
    return store;
  }
}
