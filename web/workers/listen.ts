/**
 * The library's live listener in a Web Worker, for the page's microphone: the page posts
 * `start` with the sample rate (and the listener's options: `signals: "all"` to follow every
 * signal, the `alphabet` to read in, `spots` to spot the stations heard), `samples` as they are captured and `end`; the worker
 * posts back each batch of events, and with the last the stream's summary. Bundled for the
 * browser by scripts/build-web.mjs into web/build/listen-worker.js.
 */
import { createListener } from "../../src/audio/decoder/live/create-listener.js";
import type { Listener, ListenEvent, ListenSummary, LiveSpotOptions } from "../../src/audio/decoder/live/listener.js";

type Message =
  | { type: "start"; sampleRate: number; signals?: "all"; alphabet?: string; spots?: LiveSpotOptions }
  | { type: "samples"; samples: Float32Array }
  | { type: "end" };

interface WorkerScope {
  onmessage: ((event: { data: Message }) => void) | null;
  postMessage(message: { events: ListenEvent[]; summary?: ListenSummary } | { error: string }): void;
}

const scope = globalThis as unknown as WorkerScope;
let listener: Listener | undefined;

scope.onmessage = ({ data }) => {
  try {
    if (data.type === "start") {
      const { sampleRate, signals, alphabet, spots } = data;
      listener = createListener({ sampleRate, signals, alphabet, spots });
    } else if (data.type === "samples" && listener) {
      const events = listener.push(data.samples);
      if (events.length > 0) scope.postMessage({ events });
    } else if (data.type === "end" && listener) scope.postMessage(listener.flush());
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
