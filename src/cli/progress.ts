/**
 * Progress on standard error for long work, only when it is a terminal: in a pipe or a
 * file it would be noise. A status line is drawn over itself and cleared when done.
 */

/** Work on more audio than this, in seconds, shows its progress. */
const LONG_AUDIO_SECONDS = 10;

const BAR_WIDTH = 30;

export function showsProgress(audioSeconds: number): boolean {
  return process.stderr.isTTY === true && audioSeconds > LONG_AUDIO_SECONDS;
}

/** "2.5 s", "45 s", "3.2 min". */
export function formatSeconds(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  return seconds < 60 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`;
}

function status(line: string): void {
  process.stderr.write(`\r${line}\x1b[K`);
}

/** Synchronous work under a status line, cleared when it ends. */
export function during<T>(line: string, shown: boolean, work: () => T): T {
  if (!shown) return work();
  status(line);
  try {
    return work();
  } finally {
    status("");
  }
}

function bar(done: number, total: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  return `[${"#".repeat(filled)}${" ".repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}%`;
}

/** The chunks passed through, with a bar of the bytes so far against `totalBytes`. */
export function withProgressBar(chunks: Iterable<Uint8Array>, totalBytes: number, label: string, shown: boolean): Generator<Uint8Array> {
  let done = 0;
  const share = (chunk: Uint8Array) => {
    done += chunk.length;
    return done / totalBytes;
  };
  return withProgress(chunks, share, label, shown);
}

/** The chunks passed through, with a bar of the share of the work done once each has come (`share`, 0 to 1). */
export function* withProgress<T>(chunks: Iterable<T>, share: (chunk: T) => number, label: string, shown: boolean): Generator<T> {
  if (!shown) return yield* chunks;
  let drawn = "";
  try {
    for (const chunk of chunks) {
      const line = `${label} ${bar(share(chunk), 1)}`;
      if (line !== drawn) status(line);
      drawn = line;
      yield chunk;
    }
  } finally {
    status("");
  }
}
