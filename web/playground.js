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
 * Sends a recording (a file of any format, or the microphone's WAV) to the API's decoder,
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

/**
 * Longest take from the microphone, s: 16-bit samples at 48 kHz fill the API's 32 MiB in
 * about 5.8 minutes.
 */
const TAKE_LIMIT_S = 300;

/**
 * A mono 16-bit PCM WAV of samples in [-1, 1] (clipped). Written here: the library's
 * writer (src/audio/wav-writer.ts) fills Node Buffers, which a page has not got.
 * @param {Float32Array[]} chunks
 * @param {number} sampleRate
 */
function wavOf(chunks, sampleRate) {
  const count = chunks.reduce((n, chunk) => n + chunk.length, 0);
  const view = new DataView(new ArrayBuffer(44 + 2 * count));
  const text = (/** @type {number} */ at, /** @type {string} */ s) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + 2 * count, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, 2 * sampleRate, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits
  text(36, "data");
  view.setUint32(40, 2 * count, true);
  let at = 44;
  for (const chunk of chunks) {
    for (const x of chunk) {
      view.setInt16(at, Math.round(32767 * Math.max(-1, Math.min(1, x))), true);
      at += 2;
    }
  }
  return new Blob([view.buffer], { type: "audio/wav" });
}

/** The take under way: what ends it and reads it back. @type {(() => Promise<void>) | undefined} */
let finishTake;

/**
 * Records from the microphone until the button is pressed again (or TAKE_LIMIT_S), then
 * reads the take back. The browser's echo cancelling, noise suppression and gain control
 * are off: each would reshape the keying.
 */
async function startTake() {
  report(ui.listenError);
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
  new MediaStreamAudioSourceNode(context, { mediaStream: stream }).connect(capture);
  /** @type {Float32Array[]} */
  const chunks = [];
  let count = 0;
  const limit = TAKE_LIMIT_S * context.sampleRate;
  finishTake = async () => {
    finishTake = undefined;
    for (const track of stream.getTracks()) track.stop();
    await context.close();
    ui.listen.textContent = "Record from the microphone";
    ui.listenStatus.textContent = "";
    await readBack(wavOf(chunks, context.sampleRate), `${seconds((1000 * count) / context.sampleRate)} from the microphone`);
  };
  capture.port.onmessage = (/** @type {MessageEvent<Float32Array>} */ event) => {
    chunks.push(event.data);
    count += event.data.length;
    ui.listenStatus.textContent = `Recording ${seconds((1000 * count) / context.sampleRate)}`;
    if (count >= limit) void finishTake?.();
  };
  ui.listen.textContent = "Stop and read";
}

ui.listen.addEventListener("click", () => void (finishTake ? finishTake() : startTake()));

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
