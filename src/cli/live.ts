/** `ditdah listen --live`: a recording or standard input read through the live listener, characters printed as they are decided. */
import { setTimeout as sleep } from "node:timers/promises";
import { createListener, LiveText, type Listener, type ListenerOptions, type ListenEvent, type ListenSummary } from "../audio/index.js";
import { durationInMicroseconds } from "../http/microseconds.js";

/** The listener's options but its sample rate, which comes with the audio: the hints, `signals`, `alphabet`. */
export type LiveOptions = Omit<ListenerOptions, "sampleRate">;
import { type PcmChunk, pcmChunks } from "./pcm-stream.js";

/** Audio handed to the listener at a time from a file, ms: what a sound card's buffer holds. */
const FILE_CHUNK_MS = 100;

/**
 * Prints characters as decided; on a terminal a correction rewrites the text from the
 * character it names (piped, the text stays as first decided: --json gives the
 * corrections). With every signal followed, a line per word, tagged by its pitch.
 */
class LivePrinter {
  private readonly liveText = new LiveText();
  /** What is on the terminal's line. */
  private shown = "";
  /** With signals=all: each signal's word so far, and its pitch. */
  private readonly words = new Map<number, { frequency: number; text: string }>();

  constructor(private readonly json: boolean) {}

  events(events: readonly ListenEvent[]): void {
    for (const e of events) {
      if (this.json) process.stdout.write(`${JSON.stringify(e)}\n`);
      else if (e.signal !== undefined) this.tagged(e, e.signal);
      else if (e.type === "character" || e.type === "space" || (e.type === "correction" && process.stdout.isTTY)) {
        this.liveText.take(e);
        this.show(this.liveText.text);
      }
    }
  }

  end(summary: ListenSummary): void {
    // The WebSocket's end event, its duration to the microsecond as there.
    if (this.json) process.stdout.write(`${JSON.stringify({ type: "end", ...durationInMicroseconds(summary) })}\n`);
    else if (summary.signals) for (const signal of this.words.keys()) this.endWord(signal);
    else process.stdout.write("\n");
  }

  private tagged(e: ListenEvent, signal: number): void {
    if (e.type === "character") {
      const word = this.words.get(signal) ?? { frequency: e.frequency, text: "" };
      word.text += e.text;
      this.words.set(signal, word);
    } else if (e.type === "space" || (e.type === "signal" && e.state === "closed")) this.endWord(signal);
  }

  private endWord(signal: number): void {
    const word = this.words.get(signal);
    if (word?.text) process.stdout.write(`${String(word.frequency).padStart(5)} Hz  ${word.text}\n`);
    this.words.delete(signal);
  }

  /** Writes `text` over what is shown: back to where the two part, then the rest, blanking what is left over. */
  private show(text: string): void {
    let same = 0;
    while (same < text.length && text[same] === this.shown[same]) same++;
    const back = this.shown.length - same;
    const over = Math.max(0, this.shown.length - text.length);
    process.stdout.write("\b".repeat(back) + text.slice(same) + " ".repeat(over) + "\b".repeat(over));
    this.shown = text;
  }
}

/** A decoded recording's samples in FILE_CHUNK_MS chunks, at real time unless `max`. */
async function* fileChunks(samples: Float32Array, sampleRate: number, max: boolean): AsyncGenerator<PcmChunk> {
  const step = Math.round((FILE_CHUNK_MS * sampleRate) / 1000);
  const started = performance.now();
  for (let at = 0; at < samples.length; at += step) {
    if (!max) await sleep(Math.max(0, (1000 * at) / sampleRate - (performance.now() - started)));
    yield { samples: samples.subarray(at, at + step), sampleRate };
  }
}

/** Feeds the chunks to a listener made at the first chunk's rate; prints as it goes; returns the summary. */
async function listenTo(chunks: AsyncIterable<PcmChunk>, hints: LiveOptions, json: boolean): Promise<ListenSummary> {
  const printer = new LivePrinter(json);
  let listener: Listener | undefined;
  for await (const { samples, sampleRate } of chunks) {
    listener ??= createListener({ sampleRate, ...hints });
    printer.events(listener.push(samples));
  }
  listener ??= createListener({ sampleRate: 8000, ...hints });
  const { events, summary } = listener.flush();
  printer.events(events);
  printer.end(summary);
  return summary;
}

export function listenLive(recording: { samples: Float32Array; sampleRate: number }, hints: LiveOptions, options: { max: boolean; json: boolean }) {
  return listenTo(fileChunks(recording.samples, recording.sampleRate, options.max), hints, options.json);
}

export function listenLiveInput(rawRate: number | undefined, hints: LiveOptions, json: boolean) {
  return listenTo(pcmChunks(process.stdin as AsyncIterable<Buffer>, rawRate), hints, json);
}
