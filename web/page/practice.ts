/**
 * The practice panel: the Koch method (web/page/koch.ts holds its rules). A round of random
 * groups from the characters learned is timed by the API and played; the learner types what
 * they heard and it is scored character by character; a round of 90 % or more offers the next
 * character. Progress lives in this browser's localStorage, under one key.
 */
import { Failure, report, type Timing, timingOf } from "./api.js";
import { byId, plural, seconds } from "./dom.js";
import {
  charactersInPlay,
  dayOf,
  GROUP_LENGTH,
  GROUPS,
  KOCH_ORDER,
  LESSONS,
  lessonOf,
  mayAdvance,
  MODES,
  type Mode,
  mayGoBack,
  nextCharacter,
  PASS_PERCENT,
  type Progress,
  percent,
  type Score,
  scoreAnswer,
  withRound,
} from "./koch.js";
import { exportedProgress, importedProgress, readProgress, storedProgress } from "./progress.js";
import { drawRound } from "./rounds.js";
import { pitchHz } from "./pitch.js";
import { type Playback, playTiming } from "./sound.js";
import { renderAccuracy, renderMarks, renderRounds, renderTally } from "./practice-render.js";
import { charactersPractised, renderHistory } from "./history-render.js";

/** The localStorage key of the learner's progress. */
const STORAGE_KEY = "ditdah.practice";

/** The round being practised: what was sent, with how many characters learned, and its score once checked. */
interface Round {
  /** What was sent: groups, words or call signs, each scored as a group. */
  groups: string[];
  mode: Mode;
  groupLength: number;
  learned: number;
  timing: Timing;
  score?: Score;
}

function findElements() {
  return {
    set: byId("practice-set", HTMLElement),
    count: byId("practice-count", HTMLElement),
    next: byId("practice-next", HTMLElement),
    wpm: byId("practice-wpm", HTMLInputElement),
    fwpm: byId("practice-fwpm", HTMLInputElement),
    mode: byId("practice-mode", HTMLSelectElement),
    groupLength: byId("practice-group-length", HTMLInputElement),
    groups: byId("practice-groups", HTMLInputElement),
    play: byId("practice-play", HTMLButtonElement),
    replay: byId("practice-replay", HTMLButtonElement),
    stop: byId("practice-stop", HTMLButtonElement),
    status: byId("practice-status", HTMLElement),
    error: byId("practice-error", HTMLElement),
    answer: byId("practice-answer", HTMLInputElement),
    check: byId("practice-check", HTMLButtonElement),
    score: byId("practice-score", HTMLElement),
    marks: byId("practice-marks", HTMLElement),
    tally: byId("practice-tally", HTMLElement),
    tallyBox: byId("practice-tally-box", HTMLElement),
    add: byId("practice-add", HTMLButtonElement),
    back: byId("practice-back", HTMLButtonElement),
    rounds: byId("practice-rounds", HTMLElement),
    lesson: byId("practice-lesson", HTMLElement),
    accuracyBox: byId("practice-accuracy", HTMLElement),
    accuracy: byId("practice-accuracy-chart", SVGSVGElement),
    historyBox: byId("practice-history-box", HTMLElement),
    historyCharacter: byId("practice-history-character", HTMLSelectElement),
    history: byId("practice-history-chart", SVGSVGElement),
    historyDays: byId("practice-history-days", HTMLTableSectionElement),
    exportButton: byId("practice-export", HTMLButtonElement),
    importFile: byId("practice-import", HTMLInputElement),
    keepStatus: byId("practice-keep-status", HTMLElement),
  };
}

type Elements = ReturnType<typeof findElements>;

/** Stored progress, or a new learner's when there is none, it is corrupt, or storage is off. */
function loadProgress(): Progress {
  try {
    return readProgress(localStorage.getItem(STORAGE_KEY));
  } catch {
    return readProgress(null);
  }
}

function saveProgress(progress: Progress): void {
  try {
    localStorage.setItem(STORAGE_KEY, storedProgress(progress));
  } catch {
    // Storage is off or full: the progress lasts this visit only, which is no reason to stop practising.
  }
}

/** A whole number typed in `input` within `bounds`, or a Failure saying what fits. */
function wholeNumber(input: HTMLInputElement, name: string, bounds: { min: number; max: number }): number {
  const value = Number(input.value);
  if (input.value.trim() === "" || !Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new Failure(`${name} must be a whole number from ${bounds.min} to ${bounds.max}`);
  }
  return value;
}

class PracticePanel {
  readonly #ui: Elements;
  #progress: Progress;
  #round: Round | undefined;
  #playback: Playback | undefined;
  /** Whether a round is being asked of the API. */
  #asking = false;

  constructor(ui: Elements) {
    this.#ui = ui;
    this.#progress = loadProgress();
    this.#showSettings();
    this.#showProgress();
    ui.play.addEventListener("click", () => void this.#playNewRound());
    ui.replay.addEventListener("click", () => this.#replay());
    ui.stop.addEventListener("click", () => this.#playback?.stop());
    ui.check.addEventListener("click", () => this.#check());
    ui.answer.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.#check();
    });
    ui.add.addEventListener("click", () => this.#changeLearned(+1));
    ui.back.addEventListener("click", () => this.#changeLearned(-1));
    ui.exportButton.addEventListener("click", () => this.#export());
    ui.importFile.addEventListener("change", () => void this.#import());
    ui.historyCharacter.addEventListener("change", () => this.#showHistory());
  }

  /** The progress as a JSON file, downloaded: to keep, or to carry to another browser. */
  #export(): void {
    const url = URL.createObjectURL(new Blob([exportedProgress(this.#progress)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "ditdah-progress.json";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    this.#ui.keepStatus.textContent = `Exported: lesson ${lessonOf(this.#progress.learned)}, ${plural(Object.keys(this.#progress.accuracy).length, "character")} with scores.`;
  }

  /** Progress from a file made by Export, in place of this browser's. */
  async #import(): Promise<void> {
    const file = this.#ui.importFile.files?.[0];
    if (file === undefined) return;
    const progress = importedProgress(await file.text());
    this.#ui.importFile.value = "";
    if (progress === undefined) {
      report(this.#ui.error, new Failure(`${file.name} is not a file of ditdah practice progress (one made by Export)`));
      return;
    }
    report(this.#ui.error);
    this.#progress = progress;
    saveProgress(progress);
    this.#round = undefined;
    this.#showSettings();
    this.#clearAnswer();
    this.#ui.keepStatus.textContent = `Imported ${file.name}: lesson ${lessonOf(progress.learned)}, ${charactersInPlay(progress.learned).join(" ")}.`;
  }

  #showSettings(): void {
    const { settings } = this.#progress;
    this.#ui.wpm.value = String(settings.wpm);
    this.#ui.fwpm.value = String(settings.fwpm);
    this.#ui.mode.value = settings.mode;
    this.#ui.groupLength.value = String(settings.groupLength);
    this.#ui.groups.value = String(settings.groups);
  }

  /** The characters in play, the next one, the go-back and add buttons and the recent rounds. */
  #showProgress(): void {
    const { learned, rounds, accuracy } = this.#progress;
    this.#ui.lesson.textContent = `Lesson ${lessonOf(learned)} of ${LESSONS}`;
    this.#ui.set.textContent = charactersInPlay(learned).join(" ");
    this.#ui.count.textContent = `${learned} of ${KOCH_ORDER.length}`;
    this.#ui.next.textContent = nextCharacter(learned) ?? "none: every character is learned";
    this.#ui.back.disabled = !mayGoBack(learned);
    const offer = this.#offer();
    this.#ui.add.hidden = offer === undefined;
    this.#ui.add.textContent = `Add ${offer ?? ""}`;
    renderRounds(this.#ui.rounds, rounds);
    // The chart shows from the first scored round on.
    this.#ui.accuracyBox.hidden = Object.keys(accuracy).length === 0;
    renderAccuracy(this.#ui.accuracy, charactersInPlay(learned), accuracy, PASS_PERCENT);
    this.#showHistory();
  }

  /**
   * The accuracy over time of the character chosen, kept while it has a day practised, else
   * of the newest character practised (the one being learned, most often); shown from the
   * first scored round on.
   */
  #showHistory(): void {
    const { history } = this.#progress;
    const practised = charactersPractised(history);
    this.#ui.historyBox.hidden = practised.length === 0;
    if (practised.length === 0) return;
    const choice = this.#ui.historyCharacter;
    const character = practised.includes(choice.value) ? choice.value : practised.at(-1)!;
    choice.replaceChildren(...practised.map((c) => new Option(c, c, false, c === character)));
    renderHistory(this.#ui.history, this.#ui.historyDays, history, character, PASS_PERCENT);
  }

  /** The character the last round earned, while it is still the one to add. */
  #offer(): string | undefined {
    const round = this.#round;
    if (round?.score === undefined || round.learned !== this.#progress.learned) return undefined;
    return mayAdvance(round.score.right, round.score.total, round.learned) ? nextCharacter(round.learned) : undefined;
  }

  /** A new round, played: a button kept enabled meanwhile (a disabled one would drop the keyboard's focus). */
  async #playNewRound(): Promise<void> {
    if (this.#asking) return;
    report(this.#ui.error);
    this.#asking = true;
    try {
      const round = await this.#newRound();
      this.#round = round;
      // Settings are kept once the API has taken them: what is stored is always playable.
      const { wpm, fwpm } = round.timing;
      this.#progress = { ...this.#progress, settings: { mode: round.mode, wpm, fwpm, groupLength: round.groupLength, groups: round.groups.length } };
      saveProgress(this.#progress);
      this.#clearAnswer();
      this.#play(round.timing);
      this.#ui.answer.focus();
    } catch (error) {
      report(this.#ui.error, error);
    } finally {
      this.#asking = false;
    }
  }

  /** Random groups from the characters learned, timed by the API with the settings as typed. */
  async #newRound(): Promise<Round> {
    const groupLength = wholeNumber(this.#ui.groupLength, "Group length", GROUP_LENGTH);
    const groupCount = wholeNumber(this.#ui.groups, "How many a round", GROUPS);
    const learned = this.#progress.learned;
    const mode = (MODES as readonly string[]).includes(this.#ui.mode.value) ? (this.#ui.mode.value as Mode) : "groups";
    const drawn = drawRound(mode, charactersInPlay(learned), groupLength, groupCount, Math.random);
    if ("reason" in drawn) throw new Failure(drawn.reason);
    const groups = drawn.items;
    const fwpm = this.#ui.fwpm.value.trim();
    const timing = await timingOf({ text: groups.join(" "), wpm: this.#ui.wpm.value, frequency: String(pitchHz()), ...(fwpm === "" ? {} : { fwpm }) });
    return { groups, learned, timing, mode, groupLength };
  }

  #replay(): void {
    if (this.#round) this.#play(this.#round.timing);
  }

  #play(timing: Timing): void {
    const playback = playTiming(timing);
    this.#playback = playback;
    const round = this.#round!;
    this.#ui.stop.disabled = false;
    this.#ui.replay.disabled = false;
    const farnsworth = timing.fwpm < timing.wpm ? `, Farnsworth ${timing.fwpm} wpm` : "";
    const size = {
      groups: () => `${plural(round.groups.length, "group")} of ${plural(round.groups[0]?.length ?? 0, "character")}`,
      words: () => plural(round.groups.length, "word"),
      calls: () => plural(round.groups.length, "call sign"),
      qso: () => `a QSO of ${plural(round.groups.length, "word")}`,
    }[round.mode]();
    this.#ui.status.textContent = `Playing ${size}: ${seconds(timing.durationMs)} at ${timing.wpm} wpm${farnsworth}`;
    void playback.ended.then((how) => {
      if (this.#playback !== playback) return;
      this.#playback = undefined;
      this.#ui.stop.disabled = true;
      this.#ui.status.textContent = how === "played" ? "Played: type what you heard, a space between groups, then Check" : "Stopped";
    });
  }

  #clearAnswer(): void {
    this.#ui.answer.value = "";
    this.#ui.check.disabled = this.#round === undefined;
    this.#ui.score.textContent = "";
    this.#ui.marks.replaceChildren();
    this.#ui.tally.replaceChildren();
    this.#ui.tallyBox.hidden = true;
    this.#showProgress();
  }

  /** Scores the answer against the round (once a round), keeps the score and offers the next character on a pass. */
  #check(): void {
    const round = this.#round;
    if (round === undefined || round.score !== undefined) return;
    this.#playback?.stop();
    const score = scoreAnswer(round.groups, this.#ui.answer.value);
    round.score = score;
    this.#progress = withRound(this.#progress, { learned: round.learned, right: score.right, total: score.total }, score.perCharacter, dayOf(new Date()));
    saveProgress(this.#progress);
    this.#ui.check.disabled = true;
    renderMarks(this.#ui.marks, score);
    renderTally(this.#ui.tally, charactersInPlay(round.learned), score);
    this.#ui.tallyBox.hidden = false;
    this.#showProgress();
    this.#ui.score.textContent = this.#verdict(round, score);
  }

  /** The score in words, and what it allows. */
  #verdict(round: Round, score: Score): string {
    const summary = `${percent(score.right, score.total)} % right: ${score.right} of ${plural(score.total, "character")}.`;
    const next = nextCharacter(round.learned);
    if (!mayAdvance(score.right, score.total, round.learned)) return `${summary} ${PASS_PERCENT} % or more lets you add the next character.`;
    return next === undefined ? `${summary} Every character is learned.` : `${summary} You can add the next character, ${next}.`;
  }

  /** Adds the next character (+1) or goes back one (-1). */
  #changeLearned(step: 1 | -1): void {
    // Only a passed round adds a character; going back is the learner's own call.
    if (step > 0 ? this.#offer() === undefined : !mayGoBack(this.#progress.learned)) return;
    const learned = this.#progress.learned + step;
    const changed = KOCH_ORDER[Math.min(learned, this.#progress.learned)];
    this.#progress = { ...this.#progress, learned };
    saveProgress(this.#progress);
    this.#showProgress();
    this.#ui.status.textContent = `${step > 0 ? "Added" : "Left out"} ${changed}: now ${plural(learned, "character")}, ${charactersInPlay(learned).join(" ")}`;
    // The add button hides once used; focus goes on to what comes next rather than to the page's top.
    if (step > 0 || this.#ui.back.disabled) this.#ui.play.focus();
  }
}

export function setupPractice(): void {
  new PracticePanel(findElements());
}
