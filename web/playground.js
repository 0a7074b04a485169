// @ts-check
/**
 * The playground: text to Morse and Morse to text as you type, the Morse played through
 * WebAudio from the API's timeline, a WAV to download, a recording read back, and the
 * chart. Every answer comes from the ditdah API on this page's origin: the page checks
 * nothing itself and shows the API's own error messages, so it can never disagree with it.
 */

/** Quiet time after a keystroke before asking the API, ms. */
const TYPING_PAUSE_MS = 150;
/** Tone edges, s: the WAV endpoint's raised-cosine ramps are 5 ms (src/audio/limits.ts RAMP_MS). */
const RAMP_S = 0.005;
/** Tone level, of full scale. */
const LEVEL = 0.5;
/** Head start for the audio clock before the first tone, s. */
const LEAD_S = 0.1;
/** The chart's groups, in the order shown. */
const CHART_GROUPS = [
  ["alphabet", "Letters"],
  ["numbers", "Digits"],
  ["punctuation", "Punctuation"],
  ["prosigns", "Prosigns"],
  ["accented", "Accented letters"],
];

/** @typedef {{ type: "dot" | "dash" | "silence", startMs: number, durationMs: number }} Segment */
/** @typedef {{ text: string, wpm: string, frequency: string, fwpm?: string }} SoundParams */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind
 * @returns {T}
 */
function byId(id, kind) {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no #${id}`);
  return found;
}

const ui = {
  text: byId("text", HTMLTextAreaElement),
  morse: byId("morse", HTMLOutputElement),
  encodeError: byId("encode-error", HTMLElement),
  wpm: byId("wpm", HTMLInputElement),
  fwpm: byId("fwpm", HTMLInputElement),
  frequency: byId("frequency", HTMLInputElement),
  play: byId("play", HTMLButtonElement),
  stop: byId("stop", HTMLButtonElement),
  wav: byId("wav", HTMLAnchorElement),
  playStatus: byId("play-status", HTMLElement),
  soundError: byId("sound-error", HTMLElement),
  morseInput: byId("morse-input", HTMLTextAreaElement),
  decoded: byId("decoded", HTMLOutputElement),
  decodeError: byId("decode-error", HTMLElement),
  recording: byId("recording", HTMLInputElement),
  listen: byId("listen", HTMLButtonElement),
  listenStatus: byId("listen-status", HTMLElement),
  heard: byId("heard", HTMLOutputElement),
  heardDetails: byId("heard-details", HTMLElement),
  waterfall: byId("waterfall", HTMLCanvasElement),
  everySignal: byId("every-signal", HTMLInputElement),
  signalLabels: byId("signal-labels", HTMLElement),
  listenError: byId("listen-error", HTMLElement),
  chart: byId("chart", HTMLElement),
  chartError: byId("chart-error", HTMLElement),
};

/** A failure to show as it is: the API's own message, or why it could not be reached. */
class Failure extends Error {}

/**
 * The API's answer to a request, or a Failure with its error message.
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<any>}
 */
async function call(path, init) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new Failure("Could not reach the ditdah service");
  }
  const body = await response.json().catch(() => undefined);
  if (body?.success !== true) throw new Failure(body?.error ?? `The service answered ${response.status}`);
  return body;
}

/**
 * @param {string} path
 * @param {object} body
 * @param {AbortSignal} [signal]
 */
function postJson(path, body, signal) {
  return call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
}

/**
 * Shows an error's message in an error box, or clears the box (no error). Anything but a
 * Failure is a bug of the page's own: logged too.
 * @param {HTMLElement} box
 * @param {unknown} [error]
 */
function report(box, error) {
  if (error !== undefined && !(error instanceof Failure)) console.error(error);
  box.textContent = error === undefined ? "" : error instanceof Error ? error.message : String(error);
}

/**
 * Asks the API about what is typed in `input` once typing pauses, and shows the answer; an
 * answer to something since typed over is dropped. Returns the check, to run it at once.
 * @param {HTMLTextAreaElement} input
 * @param {(value: string, signal: AbortSignal) => Promise<string>} ask
 * @param {HTMLOutputElement} output
 * @param {HTMLElement} errorBox
 */
function answerAsTyped(input, ask, output, errorBox) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {AbortController | undefined} */
  let pending;
  const check = async () => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    if (input.value.trim() === "") {
      output.value = "";
      report(errorBox);
      return;
    }
    try {
      const answer = await ask(input.value, controller.signal);
      output.value = answer;
      report(errorBox);
    } catch (error) {
      if (controller.signal.aborted) return;
      output.value = "";
      report(errorBox, error);
    }
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(check, TYPING_PAUSE_MS);
  });
  return check;
}

// ---------------------------------------------------------------------------------------
// Text to Morse and back

const encodeNow = answerAsTyped(ui.text, async (text, signal) => (await postJson("/api/v1/encode", { text }, signal)).output, ui.morse, ui.encodeError);
answerAsTyped(ui.morseInput, async (morse, signal) => (await postJson("/api/v1/decode", { morse }, signal)).output, ui.decoded, ui.decodeError);

// ---------------------------------------------------------------------------------------
// Sound

/** @returns {SoundParams} */
function soundParams() {
  /** @type {SoundParams} */
  const params = { text: ui.text.value, wpm: ui.wpm.value, frequency: ui.frequency.value };
  if (ui.fwpm.value.trim() !== "") params.fwpm = ui.fwpm.value;
  return params;
}

/** The download link follows the text and the sound settings. */
function updateWavLink() {
  ui.wav.href = `/api/v1/audio.wav?${new URLSearchParams({ ...soundParams() })}`;
}

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** @type {{ context: AudioContext, oscillator: OscillatorNode } | undefined} */
let playing;

function stop() {
  if (!playing) return;
  const { context } = playing;
  playing = undefined;
  void context.close();
  ui.playStatus.textContent = "Stopped";
  ui.stop.disabled = true;
}

/**
 * Schedules the timeline's tones on a gain envelope: each edge a ramp of RAMP_S centred on
 * the element's nominal edge, as in the WAV (linear here, a raised cosine there).
 * @param {AudioParam} gain
 * @param {Segment[]} sequence
 * @param {number} start
 */
function scheduleTones(gain, sequence, start) {
  for (const segment of sequence) {
    if (segment.type === "silence") continue;
    const on = start + segment.startMs / 1000;
    const off = on + segment.durationMs / 1000;
    gain.setValueAtTime(0, on - RAMP_S / 2);
    gain.linearRampToValueAtTime(LEVEL, on + RAMP_S / 2);
    gain.setValueAtTime(LEVEL, off - RAMP_S / 2);
    gain.linearRampToValueAtTime(0, off + RAMP_S / 2);
  }
}

/** Presses of Play so far: a timeline that arrives after a later press is not played. */
let presses = 0;

async function play() {
  const press = ++presses;
  stop();
  report(ui.soundError);
  let timing;
  try {
    timing = await postJson("/api/v1/audio", soundParams());
  } catch (error) {
    if (press === presses) report(ui.soundError, error);
    return;
  }
  if (press !== presses) return;
  const context = new AudioContext();
  const oscillator = new OscillatorNode(context, { frequency: timing.frequency });
  const envelope = new GainNode(context, { gain: 0 });
  oscillator.connect(envelope).connect(context.destination);
  const start = context.currentTime + LEAD_S;
  scheduleTones(envelope.gain, timing.sequence, start);
  oscillator.start(start);
  oscillator.stop(start + timing.durationMs / 1000 + RAMP_S);
  oscillator.addEventListener("ended", () => {
    if (playing?.oscillator !== oscillator) return;
    playing = undefined;
    void context.close();
    ui.playStatus.textContent = `Played ${seconds(timing.durationMs)}`;
    ui.stop.disabled = true;
  });
  playing = { context, oscillator };
  ui.stop.disabled = false;
  ui.playStatus.textContent = `Playing ${seconds(timing.durationMs)} at ${timing.wpm} wpm, ${timing.frequency} Hz`;
}

ui.play.addEventListener("click", () => void play());
ui.stop.addEventListener("click", stop);
for (const input of [ui.text, ui.wpm, ui.fwpm, ui.frequency]) input.addEventListener("input", updateWavLink);
updateWavLink();

// ---------------------------------------------------------------------------------------
// A recording read back

/**
 * Sends a recording (a file of any format) to the API's decoder,
 * which tells its format by its bytes, and shows what it heard.
 * @param {Blob} recording
 * @param {string} name what to call it while it is read
 */
async function readBack(recording, name) {
  ui.heard.value = "";
  report(ui.listenError);
  ui.heardDetails.textContent = `Reading ${name}…`;
  try {
    const read = await call("/api/v1/decode-audio", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: recording });
    ui.heard.value = read.output;
    ui.heardDetails.textContent =
      read.characters === 0
        ? `No Morse found in ${seconds(read.durationMs)}`
        : `${read.characters} characters at ${read.wpm} wpm, ${read.frequency} Hz, in ${seconds(read.durationMs)}`;
  } catch (error) {
    ui.heardDetails.textContent = "";
    report(ui.listenError, error);
  }
}

ui.recording.addEventListener("change", () => {
  const file = ui.recording.files?.[0];
  if (file) void readBack(file, file.name);
});

/** Samples gathered from the worklet's 128-sample blocks before they go to the listener. */
const BATCH_SAMPLES = 4096;
/** Highest pitch the waterfall shows, Hz: the decoder looks no higher than 1200 for one signal, 3000 for every signal. */
const WATERFALL_TOP_HZ = { one: 1500, every: 3000 };

/**
 * A scrolling spectrogram of what the microphone hears, 0 to `topHz` across, the newest
 * row on top, with the pitches being read marked. Drawing a row costs the same after an
 * hour as after a second: the canvas shifts its own image down.
 */
class Waterfall {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {AnalyserNode} analyser
   * @param {number} sampleRate
   * @param {number} topHz
   */
  constructor(canvas, analyser, sampleRate, topHz) {
    this.canvas = canvas;
    this.analyser = analyser;
    this.bins = new Uint8Array(analyser.frequencyBinCount);
    this.hzPerBin = sampleRate / analyser.fftSize;
    this.topHz = topHz;
    /** @type {number[]} */
    this.pitches = [];
    this.running = true;
    const context = canvas.getContext("2d");
    if (!context) throw new Failure("The page cannot draw here (no 2D canvas)");
    this.context = context;
    context.fillStyle = "#000";
    context.fillRect(0, 0, canvas.width, canvas.height);
    requestAnimationFrame(() => this.draw());
  }

  draw() {
    if (!this.running) return;
    const { canvas, context, bins } = this;
    this.analyser.getByteFrequencyData(bins);
    context.drawImage(canvas, 0, 0, canvas.width, canvas.height - 1, 0, 1, canvas.width, canvas.height - 1);
    const row = context.createImageData(canvas.width, 1);
    for (let x = 0; x < canvas.width; x++) {
      const level = bins[Math.min(bins.length - 1, Math.round((x * this.topHz) / canvas.width / this.hzPerBin))] ?? 0;
      row.data.set([level, Math.max(0, 2 * level - 255), 255 - level, 255], 4 * x);
    }
    context.putImageData(row, 0, 0);
    context.fillStyle = "#ff0";
    for (const pitch of this.pitches) context.fillRect(Math.round((pitch * canvas.width) / this.topHz) - 1, 0, 3, 1);
    requestAnimationFrame(() => this.draw());
  }

  stop() {
    this.running = false;
  }
}

/** The take under way: what ends it. @type {(() => void) | undefined} */
let finishTake;

/**
 * What the live listener says, shown as it comes: characters added to the text (a
 * correction rewrites the last), the pitch and speed it reads at. With every signal
 * followed, each signal's text is a label over the waterfall at its pitch.
 */
class Heard {
  /** @param {number} topHz */
  constructor(topHz) {
    this.last = "";
    this.frequency = 0;
    this.wpm = 0;
    this.topHz = topHz;
    /** Each signal followed: its pitch, its text and its label. @type {Map<number, { frequency: number, text: string, last: string, label: HTMLElement }>} */
    this.signals = new Map();
    ui.heard.value = "";
    ui.signalLabels.replaceChildren();
  }

  /** @param {{ type: string, text?: string, frequency?: number, wpm?: number, state?: string, signal?: number }} event */
  show(event) {
    if (event.signal !== undefined) return this.showOf(event.signal, event);
    if (event.type === "character" || event.type === "correction") {
      if (event.type === "correction") ui.heard.value = ui.heard.value.slice(0, ui.heard.value.length - this.last.length);
      ui.heard.value += event.text ?? "";
      this.last = event.text ?? "";
    } else if (event.type === "space") ui.heard.value += " ";
    else if (event.type === "signal" && event.state !== "lost") {
      this.frequency = event.frequency ?? 0;
      this.wpm = event.wpm ?? 0;
    }
  }

  /** The pitches being read. */
  get pitches() {
    return this.signals.size > 0 ? [...this.signals.values()].map((s) => s.frequency) : this.frequency > 0 ? [this.frequency] : [];
  }

  /**
   * @param {number} id
   * @param {{ type: string, text?: string, frequency?: number, state?: string }} event
   */
  showOf(id, event) {
    let signal = this.signals.get(id);
    if (!signal) {
      const label = document.createElement("span");
      ui.signalLabels.append(label);
      signal = { frequency: event.frequency ?? 0, text: "", last: "", label };
      this.signals.set(id, signal);
    }
    if (event.frequency) signal.frequency = event.frequency;
    if (event.type === "character" || event.type === "correction") {
      if (event.type === "correction") signal.text = signal.text.slice(0, signal.text.length - signal.last.length);
      signal.text += event.text ?? "";
      signal.last = event.text ?? "";
    } else if (event.type === "space") signal.text += " ";
    else if (event.type === "signal" && event.state === "closed") {
      signal.label.remove();
      this.signals.delete(id);
      return;
    }
    // The latest few words, over the pitch; labels of neighbours take turns a line lower.
    signal.label.textContent = `${signal.frequency} Hz ${signal.text.slice(-LABEL_CHARACTERS)}`;
    signal.label.style.left = `${(100 * signal.frequency) / this.topHz}%`;
    signal.label.style.top = `${1.2 * ([...this.signals.keys()].indexOf(id) % 3)}em`;
  }
}

/** Characters of a signal's text its label over the waterfall shows: the latest. */
const LABEL_CHARACTERS = 14;

/**
 * Listens to the microphone until the button is pressed again, decoding in the page as it
 * hears (the library's listener in a Web Worker): text appears as it is sent. The
 * browser's echo cancelling, noise suppression and gain control are off: each would
 * reshape the keying.
 */
async function startTake() {
  report(ui.listenError);
  ui.heardDetails.textContent = "";
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  } catch (error) {
    report(ui.listenError, new Failure(`The microphone is not available (${error instanceof Error ? error.message : String(error)})`));
    return;
  }
  const context = new AudioContext();
  await context.audioWorklet.addModule("/capture-worklet.js");
  const capture = new AudioWorkletNode(context, "capture", { numberOfOutputs: 0 });
  const source = new MediaStreamAudioSourceNode(context, { mediaStream: stream });
  source.connect(capture);
  const analyser = new AnalyserNode(context, { fftSize: 4096, smoothingTimeConstant: 0 });
  source.connect(analyser);
  const every = ui.everySignal.checked;
  const topHz = every ? WATERFALL_TOP_HZ.every : WATERFALL_TOP_HZ.one;
  const waterfall = new Waterfall(ui.waterfall, analyser, context.sampleRate, topHz);
  const worker = new Worker("/build/listen-worker.js", { type: "module" });
  worker.postMessage({ type: "start", sampleRate: context.sampleRate, signals: every ? "all" : undefined });
  ui.everySignal.disabled = true;
  const heard = new Heard(topHz);
  let count = 0;
  let batch = new Float32Array(BATCH_SAMPLES);
  let filled = 0;
  const status = () => {
    const reading = every
      ? ` · ${heard.signals.size} signal${heard.signals.size === 1 ? "" : "s"}`
      : heard.frequency > 0
        ? ` · ${heard.frequency} Hz · ${heard.wpm} wpm`
        : "";
    ui.listenStatus.textContent = `Listening ${seconds((1000 * count) / context.sampleRate)}${reading}`;
  };
  worker.onmessage = (/** @type {MessageEvent<any>} */ event) => {
    if (event.data.error) report(ui.listenError, new Failure(event.data.error));
    for (const e of event.data.events ?? []) heard.show(e);
    waterfall.pitches = heard.pitches;
    status();
    const summary = event.data.summary;
    if (!summary) return;
    worker.terminate();
    ui.everySignal.disabled = false;
    ui.heard.value = summary.signals
      ? summary.signals.map((/** @type {{ frequency: number, output: string }} */ s) => `${s.frequency} Hz: ${s.output}`).join("\n")
      : summary.output;
    const found = summary.signals?.length;
    ui.heardDetails.textContent =
      found !== undefined
        ? `${found} signal${found === 1 ? "" : "s"} in ${seconds(summary.durationMs)}`
        : summary.characters === 0
          ? `No Morse found in ${seconds(summary.durationMs)}`
          : `${summary.characters} characters at ${summary.wpm} wpm, ${summary.frequency} Hz, in ${seconds(summary.durationMs)}`;
    ui.listenStatus.textContent = "";
  };
  const send = () => {
    worker.postMessage({ type: "samples", samples: batch.subarray(0, filled) }, [batch.buffer]);
    batch = new Float32Array(BATCH_SAMPLES);
    filled = 0;
    status();
  };
  capture.port.onmessage = (/** @type {MessageEvent<Float32Array>} */ event) => {
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

ui.listen.addEventListener("click", () => (finishTake ? finishTake() : void startTake()));

// ---------------------------------------------------------------------------------------
// The chart

/**
 * Adds `character` to the text at the cursor, and encodes again.
 * @param {string} character
 */
function typeCharacter(character) {
  const { selectionStart, selectionEnd, value } = ui.text;
  ui.text.value = value.slice(0, selectionStart) + character + value.slice(selectionEnd);
  ui.text.selectionStart = ui.text.selectionEnd = selectionStart + character.length;
  updateWavLink();
  void encodeNow();
}

/**
 * @param {string} title
 * @param {Record<string, string>} patterns
 */
function chartTable(title, patterns) {
  const table = document.createElement("table");
  table.createCaption().textContent = title;
  const body = table.createTBody();
  for (const [character, pattern] of Object.entries(patterns)) {
    const row = body.insertRow();
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = character;
    button.addEventListener("click", () => typeCharacter(character));
    row.insertCell().append(button);
    row.insertCell().textContent = pattern;
  }
  return table;
}

async function showChart() {
  try {
    const chart = await call("/api/v1/chart");
    ui.chart.replaceChildren(...CHART_GROUPS.map(([group, title]) => chartTable(title, chart[group])));
  } catch (error) {
    report(ui.chartError, error);
  }
}

void showChart();
