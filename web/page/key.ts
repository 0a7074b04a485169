/**
 * The key panel: a straight key and iambic paddles keying one key line, which sounds the
 * sidetone, lights the lamp and is read as it is keyed (key-text.ts). The paddles drive
 * the pure keyer of iambic.ts, woken by a timer whenever it has something to do.
 */
import { WPM } from "../../src/core/limits.js";
import { dotMs, wpmOfDot } from "../../src/core/units.js";
import { announceCharacter, lastPattern } from "./announce.js";
import { byId } from "./dom.js";
import { IambicKeyer, type IambicMode, type KeyEdge, type Paddle } from "./iambic.js";
import { pitchHz } from "./pitch.js";
import { Hold, holdWithKeys, holdWithPointer } from "./key-hold.js";
import { KeyedText } from "./key-text.js";
import { Sidetone } from "./sound.js";

/** The keyboard's paddles, by `KeyboardEvent.code` (where the key sits, whatever the layout prints on it). */
const PADDLE_KEYS: Readonly<Record<string, Paddle>> = { ArrowLeft: "dit", BracketLeft: "dit", ArrowRight: "dah", BracketRight: "dah" };

const ui = {
  straightKey: byId("straight-key", HTMLButtonElement),
  paddles: byId("paddles", HTMLElement),
  ditPaddle: byId("dit-paddle", HTMLButtonElement),
  dahPaddle: byId("dah-paddle", HTMLButtonElement),
  wpm: byId("key-wpm", HTMLInputElement),
  modeA: byId("iambic-a", HTMLInputElement),
  sidetone: byId("key-sidetone", HTMLInputElement),
  lamp: byId("key-lamp", HTMLElement),
  text: byId("key-text", HTMLOutputElement),
  morse: byId("key-morse", HTMLOutputElement),
  speed: byId("key-speed", HTMLOutputElement),
  clear: byId("key-clear", HTMLButtonElement),
};

/** The keyer's speed typed, wpm, within the library's speeds; the default when not a number. */
function keyerWpm(): number {
  const wpm = Number(ui.wpm.value);
  if (ui.wpm.value.trim() === "" || !Number.isFinite(wpm)) return WPM.default;
  return Math.min(WPM.max, Math.max(WPM.min, wpm));
}

function keyerMode(): IambicMode {
  return ui.modeA.checked ? "A" : "B";
}

/** The Morse of the character keyed last, as last announced to the tree. */
let lastAnnounced = "";

/** What has been read, shown; the text in a live region, the speed rounded; the last character announced (its path lit on the tree). */
function show(reading: KeyedText): void {
  const { text, morse, wpm } = reading.view;
  ui.text.value = text;
  ui.morse.value = morse;
  const pattern = lastPattern(morse, "last");
  if (pattern !== lastAnnounced) announceCharacter(pattern);
  lastAnnounced = pattern;
  ui.speed.value = wpm > 0 ? String(Math.round(wpm)) : "–";
}

/**
 * The key line both keys drive, down while either is: the sidetone sounds, the lamp is
 * lit, and on each key-up, and as the silence after it ends a letter and a word, the
 * reading is shown again.
 */
class KeyLine {
  readonly reading = new KeyedText(keyerWpm());
  readonly #sidetone = new Sidetone(pitchHz());
  /** Keys down now (the straight key, the keyer). */
  #downs = 0;
  #silenceTimer: ReturnType<typeof setTimeout> | undefined;

  /** A key went down at `atMs`; `keyerWpm` where the keyer keyed it. */
  down(atMs: number, keyerWpm?: number): void {
    if (this.#downs++ > 0) return;
    clearTimeout(this.#silenceTimer);
    if (ui.sidetone.checked) {
      this.#sidetone.frequency = pitchHz();
      this.#sidetone.down();
    }
    ui.lamp.classList.add("on");
    this.reading.down(atMs, keyerWpm);
  }

  up(atMs: number): void {
    if (this.#downs === 0 || --this.#downs > 0) return;
    this.#sidetone.up();
    ui.lamp.classList.remove("on");
    this.reading.up(atMs);
    this.refresh();
  }

  /** Shows the reading and waits for what the silence will decide next. */
  refresh(): void {
    show(this.reading);
    clearTimeout(this.#silenceTimer);
    const dueMs = this.reading.nextSilenceMs();
    if (dueMs === undefined) return;
    this.#silenceTimer = setTimeout(() => {
      this.reading.silence(performance.now());
      this.refresh();
    }, dueMs - performance.now());
  }

  muteSidetone(): void {
    this.#sidetone.up();
  }
}

/** The iambic keyer keying `line`, woken by a timer when it next has an edge to give or an element to choose. */
class PaddleKeyer {
  readonly #keyer = new IambicKeyer(keyerMode(), dotMs(keyerWpm()));
  readonly #line: KeyLine;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(line: KeyLine) {
    this.#line = line;
  }

  press(paddle: Paddle, atMs: number): void {
    this.#key(this.#keyer.press(paddle, atMs));
  }

  release(paddle: Paddle, atMs: number): void {
    this.#key(this.#keyer.release(paddle, atMs));
  }

  set(mode: IambicMode, wpm: number): void {
    this.#keyer.mode = mode;
    this.#keyer.unitMs = dotMs(wpm);
  }

  /** Keys the line with `edges` (at the keyer's own times, which the reading takes) and sets the timer for what is next. */
  #key(edges: readonly KeyEdge[]): void {
    for (const edge of edges) {
      if (edge.down) this.#line.down(edge.atMs, wpmOfDot(this.#keyer.unitMs));
      else this.#line.up(edge.atMs);
    }
    clearTimeout(this.#timer);
    const dueMs = this.#keyer.nextChangeMs();
    if (dueMs === undefined) return;
    // A timer may fire a little early: advance then gives nothing, and the timer is set again.
    this.#timer = setTimeout(() => this.#key(this.#keyer.advance(performance.now())), dueMs - performance.now());
  }
}

function setupStraightKey(line: KeyLine): void {
  const hold = new Hold(
    ui.straightKey,
    (atMs) => line.down(atMs),
    (atMs) => line.up(atMs),
  );
  holdWithPointer(ui.straightKey, hold);
  holdWithKeys(ui.straightKey, [hold], (event) => (event.code === "Space" ? hold : undefined));
}

function setupPaddles(keyer: PaddleKeyer): void {
  const holdOf = (paddle: Paddle, shown: HTMLElement) =>
    new Hold(
      shown,
      (atMs) => keyer.press(paddle, atMs),
      (atMs) => keyer.release(paddle, atMs),
    );
  const holds = { dit: holdOf("dit", ui.ditPaddle), dah: holdOf("dah", ui.dahPaddle) };
  holdWithPointer(ui.ditPaddle, holds.dit);
  holdWithPointer(ui.dahPaddle, holds.dah);
  holdWithKeys(ui.paddles, [holds.dit, holds.dah], (event) => {
    const paddle = PADDLE_KEYS[event.code];
    if (paddle !== undefined) return holds[paddle];
    // The space bar works the paddle that has the focus.
    if (event.code === "Space" && event.target === ui.ditPaddle) return holds.dit;
    if (event.code === "Space" && event.target === ui.dahPaddle) return holds.dah;
    return undefined;
  });
  const settle = () => keyer.set(keyerMode(), keyerWpm());
  ui.wpm.addEventListener("input", settle);
  for (const radio of document.querySelectorAll<HTMLInputElement>("input[name=iambic-mode]")) radio.addEventListener("change", settle);
}

export function setupKey(): void {
  const line = new KeyLine();
  setupStraightKey(line);
  setupPaddles(new PaddleKeyer(line));
  ui.wpm.addEventListener("input", () => {
    line.reading.expectedWpm = keyerWpm();
  });
  ui.sidetone.addEventListener("change", () => {
    if (!ui.sidetone.checked) line.muteSidetone();
  });
  ui.clear.addEventListener("click", () => {
    line.reading.clear();
    line.refresh();
  });
  show(line.reading);
}
