/**
 * Audio from standard input as it arrives, for `ditdah listen --live`: a WAV stream (its
 * header read, then its samples chunk by chunk, however long it runs) or raw 16-bit
 * little-endian PCM at a rate the command line gives.
 */
import { readWav } from "../audio/index.js";
import { UsageError } from "./command.js";

export interface PcmChunk {
  /** Floats from a WAV; raw PCM's 16-bit samples as they are (the listener scales them). */
  samples: Float32Array | Int16Array;
  sampleRate: number;
}

const RIFF = Buffer.from("RIFF");

/** Where a WAV stream's samples start, and its frame size; undefined while the header is incomplete. */
function wavLayout(bytes: Buffer): { dataAt: number; blockAlign: number } | undefined {
  let blockAlign = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString("latin1", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === "data") return blockAlign > 0 ? { dataAt: at + 8, blockAlign } : undefined;
    if (id === "fmt " && at + 8 + 14 <= bytes.length) blockAlign = bytes.readUInt16LE(at + 8 + 12);
    at += 8 + size + (size & 1);
  }
  return undefined;
}

/** Raw s16le samples, copied so that they are aligned for an Int16Array. */
function s16Samples(bytes: Buffer): Int16Array {
  return new Int16Array(Uint8Array.from(bytes).buffer);
}

/** The chunks of a PCM stream: WAV when it starts as one, else raw s16le at `rawRate` (required then). */
export async function* pcmChunks(input: AsyncIterable<Buffer>, rawRate: number | undefined): AsyncGenerator<PcmChunk> {
  let pending = Buffer.alloc(0);
  let wav: { header: Buffer; blockAlign: number } | undefined;
  let raw = false;
  for await (const chunk of input) {
    pending = Buffer.concat([pending, chunk]);
    if (!wav && !raw) {
      if (pending.length < 4) continue;
      if (pending.subarray(0, 4).equals(RIFF)) {
        const layout = wavLayout(pending);
        if (!layout) continue;
        // The header with its data chunk's size made open-ended: a stream's is often 0 or a guess.
        const header = Buffer.from(pending.subarray(0, layout.dataAt));
        header.writeUInt32LE(0xffffffff, layout.dataAt - 4);
        wav = { header, blockAlign: layout.blockAlign };
        pending = pending.subarray(layout.dataAt);
      } else {
        if (rawRate === undefined) throw new UsageError("standard input is not a WAV stream: give raw PCM's sample rate with --rate");
        raw = true;
      }
    }
    const size = wav ? wav.blockAlign : 2;
    const whole = pending.length - (pending.length % size);
    if (whole === 0) continue;
    const bytes = pending.subarray(0, whole);
    pending = pending.subarray(whole);
    if (wav) yield readWav(Buffer.concat([wav.header, bytes]));
    else yield { samples: s16Samples(bytes), sampleRate: rawRate! };
  }
}
