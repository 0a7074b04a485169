/**
 * How many cases a property test tries. `npm test` tries each property's full count; `npm run
 * test:unit`, which is to finish within two minutes on two cores, tries the share of it that
 * FUZZ_SHARE gives (scripts/test-unit.sh), never fewer than ten cases nor more than the full count.
 */
const SHARE = Number(process.env.FUZZ_SHARE ?? 1);

export function fuzzRuns(full: number): number {
  if (!(SHARE > 0 && SHARE <= 1)) throw new Error(`FUZZ_SHARE must be a number above 0 and at most 1 (got ${process.env.FUZZ_SHARE})`);
  return Math.min(full, Math.max(10, Math.round(full * SHARE)));
}
