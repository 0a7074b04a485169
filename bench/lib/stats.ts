/** Small statistics and formatting helpers shared by the benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** 12345.6 -> "12,346"; small numbers keep a few significant digits. */
export function fmt(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function fmtRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : String(value);
}

/** "met" / "MISSED" against a target, for the printed figures (nothing is asserted). */
export function verdict(value: number, target: number, direction: "min" | "max"): string {
  const ok = direction === "min" ? value >= target : value <= target;
  const sign = direction === "min" ? "≥" : "≤";
  return `target ${sign}${target}x: ${ok ? "met" : "MISSED"}`;
}

export function fmtMs(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function fmtBytes(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

/** One figure, one line, with a fixed-width label so the output lines up. */
export function line(label: string, text: string): void {
  console.log(`${label.padEnd(28)} ${text}`);
}

export function warn(text: string): void {
  console.log(`WARNING: ${text}`);
}

/** A number from the environment, for tuning run lengths without editing code. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
