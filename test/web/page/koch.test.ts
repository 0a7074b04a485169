/** The Koch method's rules (web/page/koch.ts), under Node: no page needed. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../src/core/index.js";
import {
  charactersInPlay,
  dayOf,
  DEFAULT_SETTINGS,
  drawGroups,
  FIRST_LESSON,
  HISTORY_DAYS,
  KOCH_ORDER,
  LESSONS,
  lessonOf,
  mayAdvance,
  mayGoBack,
  nextCharacter,
  percent,
  type Progress,
  RECENT_ROUNDS,
  scoreAnswer,
  seededRandom,
  startingProgress,
  withRound,
} from "../../../web/page/koch.js";
import { EXPORT_FORMAT, exportedProgress, importedProgress, readProgress, storedProgress } from "../../../web/page/progress.js";
import { drawRound, FEWEST_WORDS, WORDS, wordsOf } from "../../../web/page/rounds.js";

describe("the Koch order", () => {
  it("is LCWO's, 41 distinct characters the API can send, starting with K and M", () => {
    assert.equal(KOCH_ORDER.join(" "), "K M U R E S N A P T L W I . J Z = F O Y , V G 5 / Q 9 2 H 3 8 B ? 4 7 C 1 D 6 0 X");
    assert.equal(new Set(KOCH_ORDER).size, 41);
    assert.deepEqual(charactersInPlay(FIRST_LESSON), ["K", "M"]);
    assert.equal(nextCharacter(FIRST_LESSON), "U");
    assert.equal(nextCharacter(KOCH_ORDER.length), undefined);
    assert.doesNotThrow(() => timeline(KOCH_ORDER.join(" ")));
  });
});

describe("drawing a round", () => {
  it("draws the groups asked for, only from the characters given, the same for the same seed", () => {
    const characters = charactersInPlay(5);
    const round = drawGroups(characters, 4, 6, seededRandom(7));
    assert.equal(round.length, 6);
    for (const group of round) {
      assert.equal(group.length, 4);
      for (const character of group) assert.ok(characters.includes(character), character);
    }
    assert.deepEqual(drawGroups(characters, 4, 6, seededRandom(7)), round);
    assert.notDeepEqual(drawGroups(characters, 4, 6, seededRandom(8)), round);
  });

  it("draws the newest character twice as often as each other one", () => {
    const characters = charactersInPlay(4);
    const drawn = drawGroups(characters, 10, 4000, seededRandom(1)).join("");
    const share = (character: string) => [...drawn].filter((c) => c === character).length / drawn.length;
    // Weights 1, 1, 1, 2 of 5.
    assert.ok(Math.abs(share("R") - 0.4) < 0.02, `R: ${share("R")}`);
    for (const older of ["K", "M", "U"]) assert.ok(Math.abs(share(older) - 0.2) < 0.02, `${older}: ${share(older)}`);
  });

  it("follows an injected source: its lowest number draws the first character, its highest the newest", () => {
    assert.deepEqual(
      drawGroups(["K", "M", "U"], 3, 1, () => 0),
      ["KKK"],
    );
    assert.deepEqual(
      drawGroups(["K", "M", "U"], 3, 1, () => 0.9999),
      ["UUU"],
    );
    assert.throws(() => drawGroups([], 3, 1, Math.random), RangeError);
  });
});

describe("scoring an answer", () => {
  it("counts every character right when the answer is what was sent, in any case and spacing", () => {
    const score = scoreAnswer(["KMK", "MMK"], "  kmk   MMk ");
    assert.equal(score.right, 6);
    assert.equal(score.total, 6);
    assert.equal(percent(score.right, score.total), 100);
    assert.deepEqual(score.perCharacter.get("K"), { sent: 3, right: 3 });
    assert.deepEqual(score.perCharacter.get("M"), { sent: 3, right: 3 });
  });

  it("marks a wrong character where it stands, and tallies it against the character sent", () => {
    const score = scoreAnswer(["KMU", "RKM"], "KRU RKM");
    assert.deepEqual(score.groups[0]!.marks, [
      { sent: "K", typed: "K", right: true },
      { sent: "M", typed: "R", right: false },
      { sent: "U", typed: "U", right: true },
    ]);
    assert.equal(score.right, 5);
    assert.equal(score.total, 6);
    assert.equal(percent(score.right, score.total), 83);
    assert.deepEqual(score.perCharacter.get("M"), { sent: 2, right: 1 });
    assert.deepEqual(score.perCharacter.get("R"), { sent: 1, right: 1 });
  });

  it("keeps a slip within its group: a missing character is an error there and the next group still lines up", () => {
    const score = scoreAnswer(["KMU", "RKM"], "KM RKM");
    assert.deepEqual(score.groups[0]!.marks[2], { sent: "U", typed: undefined, right: false });
    assert.ok(score.groups[1]!.marks.every((mark) => mark.right));
    assert.equal(score.right, 5);
    assert.equal(score.total, 6);
  });

  it("counts each extra character as an error, in a group or past the last one", () => {
    const score = scoreAnswer(["KM"], "KMM U");
    assert.equal(score.groups[0]!.extra, "M");
    assert.deepEqual(score.extraGroups, ["U"]);
    assert.equal(score.right, 2);
    assert.equal(score.total, 4);
    assert.equal(percent(score.right, score.total), 50);
  });

  it("scores an empty answer as nothing right, and a missing group as all missing", () => {
    const score = scoreAnswer(["KM", "MK"], "");
    assert.equal(score.right, 0);
    assert.equal(score.total, 4);
    assert.equal(scoreAnswer(["KM", "MK"], "KM").right, 2);
  });

  it("reads punctuation as characters like any other", () => {
    const score = scoreAnswer(["A.=", ",/?"], "a.= ,/?");
    assert.equal(score.right, 6);
  });
});

describe("the advance rule", () => {
  it("offers the next character from 90 % of a round, never past the last one", () => {
    assert.equal(mayAdvance(9, 10, 2), true);
    assert.equal(mayAdvance(45, 50, 2), true);
    assert.equal(mayAdvance(44, 50, 2), false);
    assert.equal(mayAdvance(0, 0, 2), false);
    assert.equal(mayAdvance(10, 10, KOCH_ORDER.length), false);
    // Shown rounded down, so a round that shows 90 % has passed and one that fails shows less.
    assert.equal(percent(899, 1000), 89);
    assert.equal(percent(9, 10), 90);
  });

  it("lets a learner go back, but not below K and M", () => {
    assert.equal(mayGoBack(3), true);
    assert.equal(mayGoBack(FIRST_LESSON), false);
  });
});

describe("stored progress", () => {
  it("reads back what it stored", () => {
    let progress: Progress = { ...startingProgress(), learned: 7, settings: { mode: "words", wpm: 25, fwpm: 12, groupLength: 4, groups: 3 } };
    progress = withRound(progress, { learned: 7, right: 18, total: 20 });
    assert.deepEqual(readProgress(storedProgress(progress)), progress);
  });

  it("starts anew from missing, corrupt or foreign data, without throwing", () => {
    const start = startingProgress();
    for (const stored of [null, undefined, "", "{", "null", "42", '"text"', "[]", '{"learned":"many"}']) {
      assert.deepEqual(readProgress(stored), start, String(stored));
    }
    assert.equal(start.learned, 2);
    assert.deepEqual(start.settings, { mode: "groups", wpm: 20, fwpm: 10, groupLength: 5, groups: 5 });
  });

  it("keeps the parts that fit and resets those that do not", () => {
    const stored = JSON.stringify({
      learned: 99,
      settings: { mode: "poems", wpm: 30, fwpm: 40, groupLength: 0, groups: 3 },
      rounds: [{ learned: 3, right: 5, total: 5 }, { learned: 3, right: 6, total: 5 }, "round", null, { learned: 2.5, right: 1, total: 2 }],
    });
    const progress = readProgress(stored);
    assert.equal(progress.learned, FIRST_LESSON);
    assert.deepEqual(progress.settings, { mode: "groups", wpm: 30, fwpm: DEFAULT_SETTINGS.fwpm, groupLength: 5, groups: 3 });
    assert.deepEqual(progress.rounds, [{ learned: 3, right: 5, total: 5 }]);
  });

  it("keeps only the recent rounds", () => {
    let progress = startingProgress();
    for (let i = 1; i <= RECENT_ROUNDS + 3; i++) progress = withRound(progress, { learned: 2, right: i, total: 100 });
    assert.equal(progress.rounds.length, RECENT_ROUNDS);
    assert.equal(progress.rounds.at(-1)!.right, RECENT_ROUNDS + 3);
    assert.equal(readProgress(storedProgress(progress)).rounds.length, RECENT_ROUNDS);
  });
});

describe("the course", () => {
  it("has 40 lessons, the first with K and M, the last with all 41 characters", () => {
    assert.equal(LESSONS, 40);
    assert.equal(lessonOf(FIRST_LESSON), 1);
    assert.equal(lessonOf(KOCH_ORDER.length), LESSONS);
  });

  it("adds up each character's accuracy over the rounds scored", () => {
    let progress = startingProgress();
    progress = withRound(progress, { learned: 2, right: 3, total: 4 }, scoreAnswer(["KMKM"], "KMKK").perCharacter);
    progress = withRound(progress, { learned: 2, right: 2, total: 2 }, scoreAnswer(["MM"], "MM").perCharacter);
    assert.deepEqual(progress.accuracy, { K: { sent: 2, right: 2 }, M: { sent: 4, right: 3 } });
    assert.deepEqual(readProgress(storedProgress(progress)).accuracy, progress.accuracy);
  });

  it("keeps only the stored accuracy that adds up, for characters of the course", () => {
    const stored = JSON.stringify({
      accuracy: { K: { sent: 4, right: 3 }, M: { sent: 2, right: 3 }, "#": { sent: 1, right: 1 }, U: { sent: 0, right: 0 }, R: "lots" },
    });
    assert.deepEqual(readProgress(stored).accuracy, { K: { sent: 4, right: 3 } });
    assert.deepEqual(readProgress(JSON.stringify({ accuracy: [1, 2] })).accuracy, {});
  });

  it("exports progress as a file that imports back as it was, and refuses a file that is not one", () => {
    let progress = { ...startingProgress(), learned: 9 };
    progress = withRound(progress, { learned: 9, right: 9, total: 10 }, scoreAnswer(["KMURE"], "KMURS").perCharacter);
    const file = exportedProgress(progress);
    assert.equal(JSON.parse(file).format, EXPORT_FORMAT);
    assert.deepEqual(importedProgress(file), progress);
    for (const foreign of ["", "{", "[]", "null", JSON.stringify(progress), JSON.stringify({ format: "other", learned: 9 })]) {
      assert.equal(importedProgress(foreign), undefined, foreign);
    }
  });
});

describe("rounds of words and call signs", () => {
  it("sends words only once enough are made of the characters in play, and then only those", () => {
    const early = drawRound("words", charactersInPlay(FIRST_LESSON), 5, 5, seededRandom(1));
    assert.ok("reason" in early && /^Words come once 8 can be made/.test(early.reason));
    // Lesson 4 (K M U R E) makes too few; lesson 5 (K M U R E S) the first words, SEE and SURE among them.
    assert.ok(wordsOf(charactersInPlay(5)).length < FEWEST_WORDS);
    assert.ok("reason" in drawRound("words", charactersInPlay(5), 5, 5, seededRandom(1)));
    const inPlay = charactersInPlay(6);
    assert.ok(wordsOf(inPlay).length >= FEWEST_WORDS);
    assert.ok(wordsOf(inPlay).includes("SEE") && wordsOf(inPlay).includes("SURE"));
    const round = drawRound("words", inPlay, 5, 40, seededRandom(2));
    assert.ok("items" in round);
    assert.equal(round.items.length, 40);
    for (const word of round.items) {
      assert.ok(WORDS.includes(word), word);
      for (const character of word) assert.ok(inPlay.includes(character), `${word} holds ${character}`);
    }
    assert.ok(new Set(round.items).size > 1);
  });

  it("sends call signs once a digit is in play: a prefix of 1 or 2 letters, a digit, a suffix of 1 to 3", () => {
    const beforeDigit = drawRound("calls", charactersInPlay(KOCH_ORDER.indexOf("5")), 5, 5, seededRandom(1));
    assert.ok("reason" in beforeDigit && /digit/.test(beforeDigit.reason));
    const inPlay = charactersInPlay(KOCH_ORDER.indexOf("5") + 1);
    const round = drawRound("calls", inPlay, 5, 200, seededRandom(3));
    assert.ok("items" in round);
    for (const call of round.items) {
      assert.match(call, /^[A-Z]{1,2}5[A-Z]{1,3}$/);
      for (const character of call) assert.ok(inPlay.includes(character), `${call} holds ${character}`);
    }
    const all = drawRound("calls", KOCH_ORDER, 5, 500, seededRandom(4));
    assert.ok("items" in all);
    assert.ok(all.items.every((call) => /^[A-Z]{1,2}[0-9][A-Z]{1,3}$/.test(call)));
    assert.ok(new Set(all.items.map((call) => call.replace(/\D/g, ""))).size > 5);
  });

  it("sends groups as before, of the length asked", () => {
    const round = drawRound("groups", charactersInPlay(5), 4, 6, seededRandom(7));
    assert.deepEqual(round, { items: drawGroups(charactersInPlay(5), 4, 6, seededRandom(7)) });
  });
});

describe("accuracy day by day", () => {
  const round = { learned: 2, right: 3, total: 4 };
  const tallies = scoreAnswer(["KMKM"], "KMKK").perCharacter;

  it("adds a round to its day's tallies, a new day after the last, and keeps the last 60 days", () => {
    let progress = withRound(startingProgress(), round, tallies, "2026-11-01");
    progress = withRound(progress, round, tallies, "2026-11-01");
    progress = withRound(progress, round, tallies, "2026-11-02");
    assert.deepEqual(progress.history, [
      { day: "2026-11-01", tallies: { K: { sent: 4, right: 4 }, M: { sent: 4, right: 2 } } },
      { day: "2026-11-02", tallies: { K: { sent: 2, right: 2 }, M: { sent: 2, right: 1 } } },
    ]);
    assert.deepEqual(readProgress(storedProgress(progress)).history, progress.history);
    for (let day = 3; day <= 70; day++) progress = withRound(progress, round, tallies, `2026-12-${String(day).padStart(2, "0")}`);
    assert.equal(progress.history.length, HISTORY_DAYS);
    assert.equal(progress.history.at(-1)?.day, "2026-12-70");
    // A round with nothing scored, or without a day, leaves the history as it was.
    assert.deepEqual(withRound(progress, round, new Map(), "2027-01-01").history, progress.history);
    assert.deepEqual(withRound(progress, round, tallies).history, progress.history);
  });

  it("names a day in the learner's time zone", () => {
    assert.equal(dayOf(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
  });

  it("keeps only the stored days that name a day and have a tally that adds up", () => {
    const stored = JSON.stringify({
      history: [
        { day: "2026-11-01", tallies: { K: { sent: 4, right: 3 }, "#": { sent: 1, right: 1 } } },
        { day: "yesterday", tallies: { K: { sent: 4, right: 3 } } },
        { day: "2026-11-02", tallies: { M: { sent: 1, right: 2 } } },
        "2026-11-03",
        null,
      ],
    });
    assert.deepEqual(readProgress(stored).history, [{ day: "2026-11-01", tallies: { K: { sent: 4, right: 3 } } }]);
    assert.deepEqual(readProgress(JSON.stringify({ history: {} })).history, []);
  });
});
