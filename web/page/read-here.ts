/**
 * A recording read in the page, for when the service cannot be reached (offline, the page
 * loaded by its service worker): the browser decodes the file (WAV, MP3, Ogg, FLAC: what it
 * can play), and the library's live listener, the one the microphone is read by, reads its
 * samples in a Web Worker (web/workers/listen.ts), fed as fast as it takes them. The worker is
 * fetched only then, or when the microphone is first listened to.
 */
import type { ListenEvent, ListenSummary } from "../../src/audio/decoder/live/events.js";
import { Failure } from "./api.js";

/** The listener's worker, bundled by scripts/build-web.mjs. */
export const LISTEN_WORKER = "/build/listen-worker.js";

/** The rate the recording is decoded at: a microphone's, which the listener brings down to its own. */
const SAMPLE_RATE = 48_000;
/** Samples a message to the worker: a second. */
const CHUNK = SAMPLE_RATE;

/** The recording's samples, its channels mixed down to one, at SAMPLE_RATE. */
async function samplesOf(recording: Blob): Promise<Float32Array> {
  const context = new OfflineAudioContext({ numberOfChannels: 1, length: 1, sampleRate: SAMPLE_RATE });
  let audio: AudioBuffer;
  try {
    audio = await context.decodeAudioData(await recording.arrayBuffer());
  } catch {
    throw new Failure("With no network, this browser could not read the file: it is not a recording it can play");
  }
  const mixed = new Float32Array(audio.length);
  for (let channel = 0; channel < audio.numberOfChannels; channel++) {
    const samples = audio.getChannelData(channel);
    for (let i = 0; i < mixed.length; i++) mixed[i]! += samples[i]! / audio.numberOfChannels;
  }
  return mixed;
}

/** What the listener reads in `recording`, in `alphabet`: its summary, as the service's decode-audio answers. */
export async function readHere(recording: Blob, alphabet: string): Promise<ListenSummary> {
  const samples = await samplesOf(recording);
  const worker = new Worker(LISTEN_WORKER, { type: "module" });
  try {
    return await new Promise<ListenSummary>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ error?: string; events?: ListenEvent[]; summary?: ListenSummary }>) => {
        if (event.data.error) reject(new Failure(event.data.error));
        else if (event.data.summary) resolve(event.data.summary);
      };
      worker.onerror = () => reject(new Failure("The page's decoder could not be started"));
      worker.postMessage({ type: "start", sampleRate: SAMPLE_RATE, alphabet });
      for (let at = 0; at < samples.length; at += CHUNK) worker.postMessage({ type: "samples", samples: samples.slice(at, at + CHUNK) });
      worker.postMessage({ type: "end" });
    });
  } finally {
    worker.terminate();
  }
}
