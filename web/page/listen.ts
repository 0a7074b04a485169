/**
 * Reading Morse from sound: a recording sent to the API's decoder, or the microphone decoded
 * in the page as it hears (the library's live listener in a Web Worker), with a waterfall.
 */
import type { ListenEvent, ListenSummary, SpotEvent } from "../../src/audio/decoder/live/events.js";
import { LiveText } from "../../src/audio/decoder/live/live-text.js";
import { call, Failure, report, Unreachable } from "./api.js";
import { byId, plural, seconds } from "./dom.js";
import { LISTEN_WORKER, readHere } from "./read-here.js";

const ui = {
  recording: byId("recording", HTMLInputElement),
  listen: byId("listen", HTMLButtonElement),
  listenStatus: byId("listen-status", HTMLElement),
  heard: byId("heard", HTMLOutputElement),
  heardDetails: byId("heard-details", HTMLElement),
  waterfall: byId("waterfall", HTMLCanvasElement),
  waterfallBox: byId("waterfall-box", HTMLElement),
  everySignal: byId("every-signal", HTMLInputElement),
  dial: byId("dial", HTMLInputElement),
  spots: byId("spots", HTMLOListElement),
  signalLabels: byId("signal-labels", HTMLElement),
  listenError: byId("listen-error", HTMLElement),
  alphabet: byId("alphabet", HTMLSelectElement),
};

/** Samples gathered from the worklet's 128-sample blocks before they go to the listener. */
const BATCH_SAMPLES = 4096;
/** Highest pitch the waterfall shows, Hz: the decoder reads up to 0.45 of the 8 kHz it brings the microphone down to. */
const WATERFALL_TOP_HZ = 3600;
/** Characters of a signal's text its label over the waterfall shows: the latest. */
const LABEL_CHARACTERS = 14;

/**
 * What a reading found, in words: with every signal followed, how many; else the characters
 * and the speed and pitch they were read at. A recording's reading (decode-audio's answer) is
 * a live take's summary without its signals.
 */
function readingDetails(read: ListenSummary): string {
  const found = read.signals?.length;
  if (found !== undefined) return `${plural(found, "signal")} in ${seconds(read.durationMs)}`;
  return read.characters === 0
    ? `No Morse found in ${seconds(read.durationMs)}`
    : `${read.characters} characters at ${read.wpm} wpm, ${read.frequency} Hz, in ${seconds(read.durationMs)}`;
}

/**
 * Sends a recording (a file of any format) to the API's decoder, which tells its format by
 * its bytes, and shows what it heard; with no network, reads it in the page (read-here.ts).
 */
async function readBack(recording: Blob, name: string): Promise<void> {
  ui.heard.value = "";
  report(ui.listenError);
  ui.heardDetails.textContent = `Reading ${name}…`;
  try {
    const alphabet = new URLSearchParams({ alphabet: ui.alphabet.value });
    const read = await call(`/api/v1/decode-audio?${alphabet}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: recording,
    }).catch((error: unknown) => {
      if (error instanceof Unreachable) return readHere(recording, ui.alphabet.value);
      throw error;
    });
    ui.heard.value = read.output;
    ui.heardDetails.textContent = readingDetails(read);
  } catch (error) {
    ui.heardDetails.textContent = "";
    report(ui.listenError, error);
  }
}

/**
 * A scrolling spectrogram of what the microphone hears, 0 to `topHz` across, the newest
 * row on top, with the pitches being read marked. Drawing a row costs the same after an
 * hour as after a second: the canvas shifts its own image down. Its colours are its own
 * (black, the level from blue to yellow, yellow marks), the same in both themes.
 */
class Waterfall {
  readonly #bins: Uint8Array<ArrayBuffer>;
  readonly #hzPerBin: number;
  readonly #context: CanvasRenderingContext2D;
  #running = true;
  pitches: number[] = [];

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly analyser: AnalyserNode,
    sampleRate: number,
    readonly topHz: number,
  ) {
    this.#bins = new Uint8Array(analyser.frequencyBinCount);
    this.#hzPerBin = sampleRate / analyser.fftSize;
    const context = canvas.getContext("2d");
    if (!context) throw new Failure("The page cannot draw here (no 2D canvas)");
    this.#context = context;
    context.fillStyle = "#000";
    context.fillRect(0, 0, canvas.width, canvas.height);
    requestAnimationFrame(() => this.#draw());
  }

  #draw(): void {
    if (!this.#running) return;
    const { canvas } = this;
    const context = this.#context;
    const bins = this.#bins;
    this.analyser.getByteFrequencyData(bins);
    context.drawImage(canvas, 0, 0, canvas.width, canvas.height - 1, 0, 1, canvas.width, canvas.height - 1);
    const row = context.createImageData(canvas.width, 1);
    for (let x = 0; x < canvas.width; x++) {
      const level = bins[Math.min(bins.length - 1, Math.round((x * this.topHz) / canvas.width / this.#hzPerBin))] ?? 0;
      row.data.set([level, Math.max(0, 2 * level - 255), 255 - level, 255], 4 * x);
    }
    context.putImageData(row, 0, 0);
    context.fillStyle = "#ff0";
    for (const pitch of this.pitches) context.fillRect(Math.round((pitch * canvas.width) / this.topHz) - 1, 0, 3, 1);
    requestAnimationFrame(() => this.#draw());
  }

  stop(): void {
    this.#running = false;
  }
}

/** One signal followed with every signal in the band: its pitch, its text and its label. */
interface FollowedSignal {
  frequency: number;
  liveText: LiveText;
  label: HTMLElement;
}

/**
 * What the live listener says, shown as it comes: characters added to the text (a
 * correction rewrites the character it names), the pitch and speed it reads at. With
 * every signal followed, each signal's text is a label over the waterfall at its pitch.
 */
class Heard {
  readonly liveText = new LiveText();
  frequency = 0;
  wpm = 0;
  readonly signals = new Map<number, FollowedSignal>();

  constructor(readonly topHz: number) {
    ui.heard.value = "";
    ui.signalLabels.replaceChildren();
    ui.spots.replaceChildren();
  }

  show(event: ListenEvent): void {
    if (event.type === "spot") showSpot(event);
    else if (event.signal !== undefined) this.#showOf(event.signal, event);
    else if (event.type === "character" || event.type === "correction" || event.type === "space") {
      this.liveText.take(event);
      ui.heard.value = this.liveText.text;
      // The status follows the speed each character is read at: a signal's first estimate,
      // from its first few characters, can be a tenth off.
      if (event.type === "character") this.#takePitchAndSpeed(event);
    } else if (event.type === "signal" && event.state !== "lost") this.#takePitchAndSpeed(event);
  }

  #takePitchAndSpeed(event: { frequency?: number; wpm?: number }): void {
    this.frequency = event.frequency ?? 0;
    this.wpm = event.wpm ?? 0;
  }

  /** The pitches being read. */
  get pitches(): number[] {
    return this.signals.size > 0 ? [...this.signals.values()].map((s) => s.frequency) : this.frequency > 0 ? [this.frequency] : [];
  }

  #showOf(id: number, event: ListenEvent): void {
    let signal = this.signals.get(id);
    if (!signal) {
      const label = document.createElement("span");
      ui.signalLabels.append(label);
      signal = { frequency: event.frequency ?? 0, liveText: new LiveText(), label };
      this.signals.set(id, signal);
    }
    if (event.frequency) signal.frequency = event.frequency;
    signal.liveText.take(event);
    if (event.type === "signal" && event.state === "closed") {
      signal.label.remove();
      this.signals.delete(id);
      return;
    }
    // The latest few words, over the pitch; labels of neighbours take turns a line lower.
    signal.label.textContent = `${signal.frequency} Hz ${signal.liveText.text.slice(-LABEL_CHARACTERS)}`;
    signal.label.style.left = `${(100 * signal.frequency) / this.topHz}%`;
    signal.label.style.top = `${1.2 * ([...this.signals.keys()].indexOf(id) % 3)}em`;
  }
}

/** A station spotted, added to the list beside the signals as a DX cluster would show it. */
function showSpot(spot: SpotEvent): void {
  const item = document.createElement("li");
  item.textContent = `${spot.frequencyKHz.toFixed(1)} kHz  ${spot.call}  ${spot.kind}  ${Math.round(spot.wpm)} wpm  ${Math.round(spot.snrDb)} dB`;
  item.title = spot.heard;
  ui.spots.append(item);
  ui.spots.hidden = false;
}

/** Where the take's audio lies on the band, to spot the stations: with every signal followed and a dial given. */
function spotsAsked(every: boolean): { dial: number } | undefined {
  const dial = ui.dial.valueAsNumber;
  return every && ui.dial.checkValidity() && Number.isFinite(dial) ? { dial } : undefined;
}

/** The end of a take: the whole text, and what was read. */
function showSummary(summary: ListenSummary): void {
  ui.heard.value = summary.signals ? summary.signals.map((s) => `${s.frequency} Hz: ${s.output}`).join("\n") : summary.output;
  ui.heardDetails.textContent = readingDetails(summary);
  ui.listenStatus.textContent = "";
}

/** The take under way: what ends it. */
let finishTake: (() => void) | undefined;

/**
 * Listens to the microphone until the button is pressed again, decoding in the page as it
 * hears: text appears as it is sent. The browser's echo cancelling, noise suppression and
 * gain control are off: each would reshape the keying.
 */
async function startTake(): Promise<void> {
  report(ui.listenError);
  ui.heardDetails.textContent = "";
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  } catch (error) {
    report(ui.listenError, new Failure(`The microphone is not available (${error instanceof Error ? error.message : String(error)})`));
    return;
  }
  // The waterfall shows from the first take on: before it, it would be an empty box.
  ui.waterfallBox.hidden = false;
  const context = new AudioContext();
  await context.audioWorklet.addModule("/capture-worklet.js");
  const capture = new AudioWorkletNode(context, "capture", { numberOfOutputs: 0 });
  const source = new MediaStreamAudioSourceNode(context, { mediaStream: stream });
  source.connect(capture);
  const analyser = new AnalyserNode(context, { fftSize: 4096, smoothingTimeConstant: 0 });
  source.connect(analyser);
  const every = ui.everySignal.checked;
  const waterfall = new Waterfall(ui.waterfall, analyser, context.sampleRate, WATERFALL_TOP_HZ);
  const worker = new Worker(LISTEN_WORKER, { type: "module" });
  const spots = spotsAsked(every);
  worker.postMessage({ type: "start", sampleRate: context.sampleRate, signals: every ? "all" : undefined, alphabet: ui.alphabet.value, spots });
  ui.everySignal.disabled = true;
  ui.dial.disabled = true;
  ui.spots.hidden = true;
  const heard = new Heard(WATERFALL_TOP_HZ);
  let count = 0;
  let batch = new Float32Array(BATCH_SAMPLES);
  let filled = 0;
  const status = () => {
    const reading = every ? ` · ${plural(heard.signals.size, "signal")}` : heard.frequency > 0 ? ` · ${heard.frequency} Hz · ${heard.wpm} wpm` : "";
    ui.listenStatus.textContent = `Listening ${seconds((1000 * count) / context.sampleRate)}${reading}`;
  };
  worker.onmessage = (event: MessageEvent<{ error?: string; events?: ListenEvent[]; summary?: ListenSummary }>) => {
    if (event.data.error) report(ui.listenError, new Failure(event.data.error));
    for (const e of event.data.events ?? []) heard.show(e);
    waterfall.pitches = heard.pitches;
    status();
    const summary = event.data.summary;
    if (!summary) return;
    worker.terminate();
    ui.everySignal.disabled = false;
    ui.dial.disabled = false;
    showSummary(summary);
  };
  const send = () => {
    worker.postMessage({ type: "samples", samples: batch.subarray(0, filled) }, [batch.buffer]);
    batch = new Float32Array(BATCH_SAMPLES);
    filled = 0;
    status();
  };
  capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
    for (let at = 0; at < event.data.length; ) {
      const n = Math.min(event.data.length - at, BATCH_SAMPLES - filled);
      batch.set(event.data.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === BATCH_SAMPLES) send();
    }
    count += event.data.length;
  };
  finishTake = () => {
    finishTake = undefined;
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    waterfall.stop();
    if (filled > 0) send();
    worker.postMessage({ type: "end" });
    ui.listen.textContent = "Listen with the microphone";
  };
  ui.listen.textContent = "Stop listening";
}

export function setupListen(): void {
  ui.recording.addEventListener("change", () => {
    const file = ui.recording.files?.[0];
    if (file) void readBack(file, file.name);
  });
  ui.listen.addEventListener("click", () => (finishTake ? finishTake() : void startTake()));
}
