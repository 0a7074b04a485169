/**
 * Text to Morse: the Morse as you type, played from the API's timeline with the elements
 * highlighted on the strip (and, if chosen, a flashing lamp and vibration) in step, the
 * character sounding lit on the tree, a WAV to download, and the settings kept in the URL.
 */
import { announceCharacter } from "./announce.js";
import { postJson, report, type SoundParams, type Timing, timingOf } from "./api.js";
import { answerAsTyped } from "./as-typed.js";
import { byId, seconds } from "./dom.js";
import { showLamp, stopVibrating, vibrate } from "./light.js";
import { keepInUrl } from "./settings.js";
import { follow, type Playback, playTiming, stopSound } from "./sound.js";
import { charactersOf, Strip } from "./strip.js";

/** Quiet time after a change of the settings before the strip is drawn again, ms. */
const REDRAW_PAUSE_MS = 300;

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
  flash: byId("flash", HTMLInputElement),
  vibrate: byId("vibrate", HTMLInputElement),
  lamp: byId("light", HTMLElement),
  playStatus: byId("play-status", HTMLElement),
  soundError: byId("sound-error", HTMLElement),
  strip: byId("strip", HTMLElement),
};

/** The sound settings as typed, with `text` (default: the text typed), in American Morse if `alphabet` says so. */
function soundParams(text = ui.text.value, alphabet?: string): SoundParams {
  const params: SoundParams = { text, wpm: ui.wpm.value, frequency: ui.frequency.value };
  if (ui.fwpm.value.trim() !== "") params.fwpm = ui.fwpm.value;
  if (alphabet !== undefined) params.alphabet = alphabet;
  return params;
}

export class Hear {
  readonly #strip = new Strip(ui.strip);
  /** Presses of Play so far: a timeline that arrives after a later press is not played. */
  #presses = 0;
  /** Drawings of the strip asked for so far: one of the typed text that arrives after a later one is not drawn. */
  #drawn = 0;
  /** The typed text changed while something played: it is drawn once that ends (the strip shows what sounds). */
  #textWaits = false;
  #redraw: ReturnType<typeof setTimeout> | undefined;
  /** What plays now, if anything. */
  #playing: Playback | undefined;
  readonly encodeNow: () => Promise<void>;

  constructor() {
    keepInUrl({ text: ui.text, wpm: ui.wpm, fwpm: ui.fwpm, frequency: ui.frequency });
    this.encodeNow = answerAsTyped(ui.text, (text, signal) => this.#encode(text, signal), ui.morse, ui.encodeError);
    ui.play.addEventListener("click", () => void this.play());
    ui.stop.addEventListener("click", () => stopSound());
    ui.text.addEventListener("input", () => this.#linkWav());
    for (const input of [ui.wpm, ui.fwpm, ui.frequency]) input.addEventListener("input", () => this.#settingsChanged());
    this.#linkWav();
    if (ui.text.value.trim() !== "") void this.encodeNow();
  }

  /** Encodes `text` and, on the way, draws its timing on the strip. */
  async #encode(text: string, signal: AbortSignal): Promise<string> {
    const { output } = await postJson("/api/v1/encode", { text }, signal);
    void this.#drawText(signal);
    return output;
  }

  /** Draws the typed text's timing at the typed settings; settings the API refuses leave the strip as it was. */
  async #drawText(signal?: AbortSignal): Promise<void> {
    const drawing = ++this.#drawn;
    if (ui.text.value.trim() === "") return;
    if (this.#playing) {
      this.#textWaits = true;
      return;
    }
    try {
      const timing = await timingOf(soundParams(), signal);
      if (drawing === this.#drawn) this.#strip.draw(timing);
    } catch {
      // The sound's own errors are shown when it is played.
    }
  }

  /** The strip is drawn again once typing in the settings pauses. */
  #settingsChanged(): void {
    this.#linkWav();
    clearTimeout(this.#redraw);
    this.#redraw = setTimeout(() => void this.#drawText(), REDRAW_PAUSE_MS);
  }

  /** The download link follows the text and the sound settings. */
  #linkWav(): void {
    ui.wav.href = `/api/v1/audio.wav?${new URLSearchParams({ ...soundParams() })}`;
  }

  /** Plays the typed text, or `text` (a character from the chart, in American Morse if `alphabet` says so), at the typed settings. */
  async play(text?: string, alphabet?: string): Promise<void> {
    const press = ++this.#presses;
    stopSound();
    report(ui.soundError);
    let timing: Timing;
    try {
      timing = await timingOf(soundParams(text, alphabet));
    } catch (error) {
      if (press === this.#presses) report(ui.soundError, error);
      return;
    }
    if (press !== this.#presses) return;
    // A drawing of the typed text still on its way would cover what plays.
    this.#drawn++;
    this.#strip.draw(timing);
    this.#sound(timing, text !== undefined);
  }

  /** Plays `timing`, drawn on the strip; `notTheText`: it is a chart character, and the typed text is drawn again after it. */
  #sound(timing: Timing, notTheText: boolean): void {
    const playback = playTiming(timing);
    this.#playing = playback;
    const characters = charactersOf(timing);
    let lit = -1;
    if (ui.vibrate.checked) vibrate(timing, -playback.elapsedMs());
    follow(playback, (elapsedMs) => {
      const index = this.#strip.highlight(timing, elapsedMs);
      if (ui.flash.checked) showLamp(ui.lamp, timing, elapsedMs);
      const character = characters.findIndex((c) => index >= c.from && index < c.to);
      if (character !== -1 && character !== lit) announceCharacter(characters[character]!.pattern);
      if (character !== -1) lit = character;
    });
    ui.stop.disabled = false;
    ui.playStatus.textContent = `Playing ${seconds(timing.durationMs)} at ${timing.wpm} wpm, ${timing.frequency} Hz`;
    void playback.ended.then((how) => {
      if (this.#playing !== playback) return;
      this.#playing = undefined;
      if (notTheText || this.#textWaits) void this.#drawText();
      this.#textWaits = false;
      ui.lamp.classList.remove("on");
      if (how === "stopped") stopVibrating();
      ui.stop.disabled = true;
      ui.playStatus.textContent = how === "played" ? `Played ${seconds(timing.durationMs)}` : "Stopped";
    });
  }

  /** Adds `character` to the text at the cursor, as if typed. */
  type(character: string): void {
    const { selectionStart, selectionEnd, value } = ui.text;
    ui.text.value = value.slice(0, selectionStart) + character + value.slice(selectionEnd);
    ui.text.selectionStart = ui.text.selectionEnd = selectionStart + character.length;
    ui.text.dispatchEvent(new Event("input"));
  }
}
