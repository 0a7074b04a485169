/**
 * How fast this machine runs plain JavaScript today, so that figures in x real time or
 * ops/s from different runs can be told apart from the machine they ran on: the VMs
 * these benchmarks run on have differed by 3 to 6 times from one day to the next with
 * the same code (WAV rendering 15,003x one day, 2,460x another).
 */

/** Multiply-adds in the reference loop. */
export const REFERENCE_STEPS = 1e8;

/** A dependent chain of float multiply-adds: one core's speed, no memory traffic. */
function referenceLoop(steps: number): number {
  let x = 0;
  for (let i = 0; i < steps; i++) x = x * 0.999999 + i;
  return x;
}

/** The best of three timings of the reference loop, ms (the first also compiles it). */
export function referenceLoopMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    if (!Number.isFinite(referenceLoop(REFERENCE_STEPS))) throw new Error("reference loop overflowed");
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}
