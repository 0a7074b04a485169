/**
 * A spot as a DX-cluster line, in the fixed columns the Reverse Beacon Network and CW
 * Skimmer Server send (API.md section 9), so that a logging program that reads their telnet
 * feeds reads ours:
 *
 * ```
 * DX de DITDAH-#:  14025.0  K1ABC          CW    22 dB  25 WPM  CQ      1234Z
 * ```
 *
 * Columns (1-based): the reporter from 7 as `CALL-#:`; the frequency, kHz to 0.1,
 * right-aligned to 24; the call from 27; `CW` at 42; the SNR, dB, right-aligned to 49,
 * then ` dB`; the speed, wpm, right-aligned to 56, then ` WPM`; the kind from 63; the time,
 * UTC, `HHMMZ`, at 71 to 75. A field too long for its columns (a reporter of 8 characters
 * or more, a call of 15) pushes the rest right by as much, with one space kept between.
 */
import type { Spot } from "./spots.js";

export const DX_COLUMNS = { frequencyEnd: 24, call: 27, mode: 42, snrEnd: 49, wpmEnd: 56, kind: 63, time: 71 } as const;

/** `text` written so that it ends at column `end` (1-based) of `line`, or one space after it where it cannot. */
function endingAt(line: string, text: string, end: number): string {
  return line + " ".repeat(Math.max(1, end - line.length - text.length)) + text;
}

/** `text` written from column `start` (1-based) of `line`, or one space after it where it cannot. */
function from(line: string, text: string, start: number): string {
  return line + " ".repeat(Math.max(1, start - 1 - line.length)) + text;
}

/** HHMMZ, UTC. */
export function utcTime(at: Date): string {
  return `${String(at.getUTCHours()).padStart(2, "0")}${String(at.getUTCMinutes()).padStart(2, "0")}Z`;
}

/** The DX-cluster line of a spot made by `reporter` at `at` (without a line ending). */
export function dxClusterLine(spot: Pick<Spot, "call" | "frequencyKHz" | "snrDb" | "wpm" | "kind">, reporter: string, at: Date): string {
  let line = `DX de ${reporter}-#:`;
  line = endingAt(line, spot.frequencyKHz.toFixed(1), DX_COLUMNS.frequencyEnd);
  line = from(line, spot.call, DX_COLUMNS.call);
  line = from(line, "CW", DX_COLUMNS.mode);
  line = endingAt(line, String(Math.round(spot.snrDb)), DX_COLUMNS.snrEnd);
  line += " dB";
  line = endingAt(line, String(Math.round(spot.wpm)), DX_COLUMNS.wpmEnd);
  line += " WPM";
  line = from(line, spot.kind, DX_COLUMNS.kind);
  return from(line, utcTime(at), DX_COLUMNS.time);
}
