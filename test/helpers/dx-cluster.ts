/**
 * A DX-cluster spot line parser written from the Reverse Beacon Network's published telnet
 * line format (reversebeacon.net, "RBN telnet": the fixed columns CW Skimmer Server and the
 * RBN aggregator send), as a logging program reads it:
 *
 *   DX de KM3T-#:     7013.8  UA3AGB         CW    16 dB  24 WPM  CQ      2100Z
 *
 * `DX de ` then the spotter and a colon; the frequency in kHz to 0.1, ending at column 24;
 * the spotted call from column 27; then the comment, columns 40 to 69 (the mode, the SNR
 * `NN dB`, the speed `NN WPM`, the kind: CQ, DX, BEACON, NCDXF B); the time `HHMMZ` at
 * columns 71 to 75. RBN lines as RBN clients quote them from the feed are read by it too
 * (test/core/spots/spots.test.ts), so that ours are held to the parser theirs pass.
 */
export interface DxSpot {
  spotter: string;
  frequencyKHz: number;
  call: string;
  mode: string;
  snrDb: number;
  wpm: number;
  kind: string;
  time: string;
}

const SPOT = /^DX de ([A-Z0-9/#-]+):\s+(\d+\.\d)\s+([A-Z0-9/]+)\s+([A-Z]+)\s+(-?\d+) dB\s+(\d+) WPM\s+(CQ|DX|BEACON|NCDXF B)\s+(\d{4})Z$/;

/** A spot line's fields, or undefined where it is none (by columns and by its words alike). */
export function parseDxSpot(line: string): DxSpot | undefined {
  const m = SPOT.exec(line);
  if (!m) return undefined;
  // The fixed columns: the frequency ends at 24, the call starts at 27, the time is 71-75.
  if (line.slice(0, 24).trimEnd().length !== 24 || line[26 - 1] !== " " || line.slice(26, 26 + m[3]!.length) !== m[3] || line.slice(70, 75) !== `${m[8]}Z`) {
    return undefined;
  }
  return {
    spotter: m[1]!,
    frequencyKHz: Number(m[2]),
    call: m[3]!,
    mode: m[4]!,
    snrDb: Number(m[5]),
    wpm: Number(m[6]),
    kind: m[7]!,
    time: m[8]!,
  };
}
