/**
 * Writes to a streamed answer with at most a few chunks not yet taken by the socket, so
 * that memory stays flat however long the answer and a producer (the WAV renderer, the MP3
 * encoder) waits for a slow client instead of running ahead of it; a client that goes away
 * stops it.
 */
import type { ServerResponse } from "node:http";

export class PacedWrites {
  private inFlight = 0;
  private wake?: () => void;

  constructor(
    private readonly response: ServerResponse,
    private readonly max: number,
  ) {
    response.once("close", () => this.wake?.());
  }

  /** Resolves once a chunk may be written: true, or false when the client has gone. */
  async room(): Promise<boolean> {
    while (this.inFlight >= this.max && !this.response.destroyed)
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    return !this.response.destroyed;
  }

  /** Writes `chunk`; `taken` runs once the socket has it (or the answer was cut). */
  write(chunk: Uint8Array, taken?: () => void): void {
    this.inFlight++;
    this.response.write(chunk, () => {
      this.inFlight--;
      taken?.();
      this.wake?.();
    });
  }
}
