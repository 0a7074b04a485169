/** `ditdah listen --live`: a recording or standard input read through the live listener, characters printed as they are decided. */
import { setTimeout as sleep } from "node:timers/promises";
import { createListener, LiveText, type Listener, type ListenerOptions, type ListenEvent, type ListenSummary } from "../audio/index.js";
import { durationInMicroseconds } from "../http/microseconds.js";

/** The listener's options but its sample rate, which comes with the audio: the hints, `signals`, `alphabet`. */
export type LiveOptions = Omit<ListenerOptions, "sampleRate">;
import { UsageError } from "./command.js";
import { DASH } from "./input.js";
import { type PcmChunk, pcmChunks } from "./pcm-stream.js";

/** Audio handed to the listener at a time from a file, ms: what a sound card's buffer holds. */
const FILE_CHUNK_MS = 100;

/**
 * Prints characters as decided; on a terminal a correction rewrites the text from the
 * character it names (piped, the text stays as first decided: --json gives the
 * corrections). With every signal followed, a line per word, tagged by its pitch.
 */
class LivePrinter implements EventSink {
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

/** What a live run's events and summary go to: the printer of `listen --live`, or of `spots --live`. */
export interface EventSink {
  events(events: readonly ListenEvent[]): void;
  end(summary: ListenSummary): void;
}

/** A decoded recording's samples in FILE_CHUNK_MS chunks, at real time unless `max`. */
export async function* fileChunks(samples: Float32Array, sampleRate: number, max: boolean): AsyncGenerator<PcmChunk> {
  const step = Math.round((FILE_CHUNK_MS * sampleRate) / 1000);
  const started = performance.now();
  for (let at = 0; at < samples.length; at += step) {
    if (!max) await sleep(Math.max(0, (1000 * at) / sampleRate - (performance.now() - started)));
    yield { samples: samples.subarray(at, at + step), sampleRate };
  }
}

/** Feeds the chunks to a listener made at the first chunk's rate; tells `printer` as it goes; returns the summary. */
export async function listenTo(chunks: AsyncIterable<PcmChunk>, hints: LiveOptions, printer: EventSink): Promise<ListenSummary> {
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
  return listenTo(fileChunks(recording.samples, recording.sampleRate, options.max), hints, new LivePrinter(options.json));
}

export function listenLiveInput(rawRate: number | undefined, hints: LiveOptions, json: boolean) {
  return listenTo(inputChunks(rawRate), hints, new LivePrinter(json));
}

/** Standard input's audio as it arrives: a WAV stream, or raw s16le at `rawRate`. */
export function inputChunks(rawRate: number | undefined): AsyncGenerator<PcmChunk> {
  return pcmChunks(process.stdin as AsyncIterable<Buffer>, rawRate);
}

/** Checks a --live run's FILE, --speed and --rate (`command`: listen or spots); returns the FILE, undefined for standard input. */
export function liveFile(values: { speed?: string; rate?: string }, files: string[], command: string): string | undefined {
  if (files.length > 1) throw new UsageError(`${command} --live reads one recording, or standard input`);
  if (values.speed !== undefined && values.speed !== "real" && values.speed !== "max") throw new UsageError(`--speed is real or max (got "${values.speed}")`);
  const file = files[0];
  const fromStdin = file === undefined || file === DASH;
  if (fromStdin && values.speed !== undefined) throw new UsageError("--speed plays a FILE; standard input is read as it arrives");
  if (!fromStdin && values.rate !== undefined) throw new UsageError("--rate is for raw PCM on standard input");
  return fromStdin ? undefined : file;
}
