/** The page's practice panel (the Koch method), driven in Debian's Chromium against a real server. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { pageUnderTest } from "./page.js";

const t = pageUnderTest("/#practise");

/** Short rounds, so the tests run fast: one group of three characters at 30 wpm. */
async function shortRounds(page: Page): Promise<void> {
  await page.fill("#practice-wpm", "30");
  await page.fill("#practice-fwpm", "30");
  await page.fill("#practice-group-length", "3");
  await page.fill("#practice-groups", "1");
}

/** Plays a round with `start` (a click or a key press) and returns what the page asked the API to send. */
async function playRound(page: Page, start: () => Promise<void>): Promise<{ text: string; wpm: string; fwpm: string; frequency: string }> {
  const asked = page.waitForRequest((request) => request.url().endsWith("/api/v1/audio") && request.method() === "POST");
  await start();
  const body = (await asked).postDataJSON();
  await page.locator("#practice-status", { hasText: "Playing" }).waitFor();
  return body;
}

/** `text` with its character at `index` swapped for the other of K and M. */
function oneWrong(text: string, index: number): string {
  const swapped = text[index] === "K" ? "M" : "K";
  return text.slice(0, index) + swapped + text.slice(index + 1);
}

describe("the practice panel", () => {
  it("plays a round of groups from the characters learned, timed by the API, and plays it again", async () => {
    const { page } = t;
    assert.equal(await page.textContent("#practice-set"), "K M");
    assert.equal(await page.inputValue("#practice-wpm"), "20");
    assert.equal(await page.inputValue("#practice-fwpm"), "10");
    assert.equal(await page.isVisible("#practice-tally-box"), false);
    await shortRounds(page);
    const sent = await playRound(page, () => page.click("#practice-play"));
    assert.match(sent.text, /^[KM]{3}$/);
    assert.deepEqual({ ...sent, text: undefined }, { text: undefined, wpm: "30", fwpm: "30", frequency: "600" });
    assert.match((await page.textContent("#practice-status"))!, /^Playing 1 group of 3 characters: \d\.\d s at 30 wpm$/);
    assert.equal(await page.isEnabled("#practice-stop"), true);
    assert.equal(await page.locator("#practice-answer").evaluate((input) => input.matches(":focus")), true);
    await page.locator("#practice-status", { hasText: "Played" }).waitFor({ timeout: 5000 });
    assert.equal(await page.isEnabled("#practice-stop"), false);

    // The same round again: played as it was, with no new request.
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/")) requests++;
    });
    await page.click("#practice-replay");
    await page.locator("#practice-status", { hasText: "Playing" }).waitFor();
    await page.click("#practice-stop");
    assert.equal(await page.textContent("#practice-status"), "Stopped");
    assert.equal(requests, 0);
    await t.done();
  });

  it("shows the API's error for speeds it refuses, and its own for a round it cannot draw", async () => {
    const { page } = t;
    await shortRounds(page);
    await page.fill("#practice-wpm", "60");
    await page.click("#practice-play");
    await page.locator("#practice-error", { hasText: /./ }).waitFor();
    assert.equal(await page.textContent("#practice-error"), "Parameter wpm must be a number between 5 and 50");
    await page.fill("#practice-wpm", "30");
    await page.fill("#practice-group-length", "0");
    await page.click("#practice-play");
    await page.locator("#practice-error", { hasText: "Group length" }).waitFor();
    assert.equal(await page.textContent("#practice-error"), "Group length must be a whole number from 1 to 10");
    assert.equal(await page.isEnabled("#practice-check"), false);
    await t.done();
  });

  it("scores a typed answer character by character, from the keyboard alone", async () => {
    const { page } = t;
    await shortRounds(page);
    await page.focus("#practice-play");
    const { text } = await playRound(page, () => page.keyboard.press("Enter"));
    // Focus is on the answer: type it with the second character wrong, and Enter checks it.
    await page.keyboard.type(oneWrong(text, 1).toLowerCase());
    await page.keyboard.press("Enter");
    await page.locator("#practice-score", { hasText: "%" }).waitFor();

    assert.equal(await page.textContent("#practice-score"), "66 % right: 2 of 3 characters. 90 % or more lets you add the next character.");
    assert.equal(await page.getAttribute("#practice-score", "aria-live"), "polite");
    const marks = page.locator("#practice-marks .practice-char");
    assert.equal(await marks.count(), 3);
    const classes = await marks.evaluateAll((cells) => cells.map((cell) => cell.className));
    assert.deepEqual(classes, ["practice-char right", "practice-char wrong", "practice-char right"]);
    // Marked by a visible sign and in words, not by colour alone.
    assert.equal(await marks.nth(1).locator(".sign").textContent(), `✗ ${oneWrong(text, 1)[1]}`);
    assert.equal(await marks.nth(0).locator(".sign").textContent(), "✓");
    assert.equal(await marks.nth(1).locator(".visually-hidden").textContent(), `${text[1]} wrong, typed ${oneWrong(text, 1)[1]}`);

    // Each character in play with its own accuracy.
    const tally = (character: string) => {
      const sent = [...text].filter((c) => c === character).length;
      const right = [...text].filter((c, i) => c === character && i !== 1).length;
      return sent === 0 ? `${character}: not sent` : `${character}: ${Math.floor((100 * right) / sent)} % (${right} of ${sent})`;
    };
    assert.deepEqual(await page.locator("#practice-tally li").allTextContents(), [tally("K"), tally("M")]);
    // Behind a disclosure, which shows once a round is scored.
    assert.equal(await page.isVisible("#practice-tally-box summary"), true);
    assert.equal(await page.isHidden("#practice-add"), true);
    assert.equal(await page.isEnabled("#practice-check"), false);
    assert.deepEqual(await page.locator("#practice-rounds li").allTextContents(), ["66 % (2 of 3) with 2 characters, up to M"]);
    await t.done();
  });

  it("adds the next character after a good round and keeps it, the settings and the scores across a reload", async () => {
    const { page } = t;
    await shortRounds(page);
    const { text } = await playRound(page, () => page.click("#practice-play"));
    await page.fill("#practice-answer", text);
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "%" }).waitFor();
    assert.equal(await page.textContent("#practice-score"), "100 % right: 3 of 3 characters. You can add the next character, U.");
    assert.equal(await page.textContent("#practice-add"), "Add U");
    await page.click("#practice-add");
    assert.equal(await page.textContent("#practice-set"), "K M U");
    assert.equal(await page.isHidden("#practice-add"), true);
    assert.equal(await page.isEnabled("#practice-back"), true);

    await page.reload();
    assert.equal(await page.textContent("#practice-set"), "K M U");
    assert.equal(await page.textContent("#practice-next"), "R");
    assert.equal(await page.inputValue("#practice-wpm"), "30");
    assert.equal(await page.inputValue("#practice-group-length"), "3");
    assert.deepEqual(await page.locator("#practice-rounds li").allTextContents(), ["100 % (3 of 3) with 2 characters, up to M"]);
    const next = await playRound(page, () => page.click("#practice-play"));
    assert.match(next.text, /^[KMU]{3}$/);

    // Going back a character is kept too, down to K and M and no further.
    await page.click("#practice-back");
    assert.equal(await page.textContent("#practice-set"), "K M");
    assert.equal(await page.isEnabled("#practice-back"), false);
    await page.reload();
    assert.equal(await page.textContent("#practice-set"), "K M");
    await t.done();
  });

  it("runs a course: a lesson passed at 90 % leads to the next, and each character's accuracy is kept and drawn", async () => {
    const { page } = t;
    assert.equal(await page.textContent("#practice-lesson"), "Lesson 1 of 40");
    // No chart before the first scored round.
    assert.equal(await page.isVisible("#practice-accuracy-chart"), false);
    await shortRounds(page);
    await page.fill("#practice-group-length", "10");
    // A round of 10 with one character wrong: exactly 90 %, a pass.
    const first = await playRound(page, () => page.click("#practice-play"));
    await page.fill("#practice-answer", oneWrong(first.text, 0));
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "%" }).waitFor();
    assert.match((await page.textContent("#practice-score"))!, /^90 % right: 9 of 10 characters\. You can add the next character, U\.$/);
    assert.equal(await page.isVisible("#practice-accuracy-chart"), true);
    const bars = () =>
      page
        .locator("#practice-accuracy-chart rect.bar")
        .evaluateAll((rects) => Object.fromEntries(rects.map((r) => [r.getAttribute("data-character"), Number(r.getAttribute("data-percent"))])));
    const expected = (sent: string, typed: string, before: Record<string, [number, number]> = {}) => {
      const tallies: Record<string, [number, number]> = structuredClone(before);
      [...sent].forEach((c, i) => {
        const [n, right] = tallies[c] ?? [0, 0];
        tallies[c] = [n + 1, right + (typed[i] === c ? 1 : 0)];
      });
      return tallies;
    };
    const percents = (tallies: Record<string, [number, number]>) =>
      Object.fromEntries(Object.entries(tallies).map(([c, [n, right]]) => [c, Math.floor((100 * right) / n)]));
    const afterFirst = expected(first.text, oneWrong(first.text, 0));
    assert.deepEqual(await bars(), percents(afterFirst));
    await page.click("#practice-add");
    assert.equal(await page.textContent("#practice-lesson"), "Lesson 2 of 40");
    // U, not sent yet, is labelled without a bar; the chart says so in words too.
    assert.match((await page.getAttribute("#practice-accuracy-chart", "aria-label"))!, /U not sent yet$/);

    // A round of lesson 2 all wrong: no pass, and the accuracy adds up over both rounds.
    const second = await playRound(page, () => page.click("#practice-play"));
    const wrong = [...second.text].map((c) => (c === "E" ? "T" : "E")).join("");
    await page.fill("#practice-answer", wrong);
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "%" }).waitFor();
    assert.match((await page.textContent("#practice-score"))!, /^0 % right/);
    assert.equal(await page.isHidden("#practice-add"), true);
    const afterSecond = expected(second.text, wrong, afterFirst);
    assert.deepEqual(await bars(), percents(afterSecond));

    // All of it kept across a reload.
    await page.reload();
    assert.equal(await page.textContent("#practice-lesson"), "Lesson 2 of 40");
    assert.deepEqual(await bars(), percents(afterSecond));
    await t.done();
  });

  it("exports the progress as a file, and imports it back into a browser that has none", async () => {
    const { page } = t;
    await shortRounds(page);
    const { text } = await playRound(page, () => page.click("#practice-play"));
    await page.fill("#practice-answer", text);
    await page.click("#practice-check");
    await page.click("#practice-add");
    const stored = await page.evaluate(() => localStorage.getItem("ditdah.practice"));

    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#practice-export")]);
    assert.equal(download.suggestedFilename(), "ditdah-progress.json");
    const file = await download.path();
    const exported = JSON.parse(await readFile(file, "utf8"));
    assert.equal(exported.format, "ditdah.practice");
    assert.equal(exported.learned, 3);
    assert.deepEqual(exported.rounds, [{ learned: 2, right: 3, total: 3 }]);

    // A browser with nothing stored: the first lesson, no chart.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    assert.equal(await page.textContent("#practice-lesson"), "Lesson 1 of 40");
    assert.equal(await page.isVisible("#practice-accuracy-chart"), false);

    await page.setInputFiles("#practice-import", file);
    await page.locator("#practice-keep-status", { hasText: "Imported" }).waitFor();
    assert.equal(await page.textContent("#practice-lesson"), "Lesson 2 of 40");
    assert.equal(await page.textContent("#practice-set"), "K M U");
    assert.equal(await page.inputValue("#practice-wpm"), "30");
    assert.equal(await page.isVisible("#practice-accuracy-chart"), true);
    assert.equal(await page.evaluate(() => localStorage.getItem("ditdah.practice")), stored);

    // A file that is not one changes nothing, and says so.
    await page.setInputFiles("#practice-import", { name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"learned": 41}') });
    await page.locator("#practice-error", { hasText: "notes.json is not" }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("ditdah.practice")), stored);
    await t.done();
  });

  it("sends words or call signs made of the characters in play, once there are some, and keeps the choice", async () => {
    const { page } = t;
    await shortRounds(page);
    await page.selectOption("#practice-mode", "words");
    await page.click("#practice-play");
    await page.locator("#practice-error", { hasText: /./ }).waitFor();
    assert.match((await page.textContent("#practice-error"))!, /^Words come once 8 can be made of the characters in play \(at lesson 5\): there are \d yet$/);
    await page.selectOption("#practice-mode", "calls");
    await page.click("#practice-play");
    await page.locator("#practice-error", { hasText: "digit" }).waitFor();
    assert.equal(await page.textContent("#practice-error"), "Call signs come once a digit is in play (5, at lesson 23)");

    // Lesson 8: K M U R E S N A P, of which RUN, MAN, SPARK... are made.
    await page.evaluate(() => localStorage.setItem("ditdah.practice", JSON.stringify({ learned: 9 })));
    await page.reload();
    await shortRounds(page);
    await page.fill("#practice-groups", "4");
    await page.selectOption("#practice-mode", "words");
    const { text } = await playRound(page, () => page.click("#practice-play"));
    const words = text.split(" ");
    assert.equal(words.length, 4);
    for (const word of words) assert.match(word, /^[KMURESNAP]+$/);
    assert.match((await page.textContent("#practice-status"))!, /^Playing 4 words: /);
    await page.fill("#practice-answer", text.toLowerCase());
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "100 % right" }).waitFor();
    await page.reload();
    assert.equal(await page.inputValue("#practice-mode"), "words");

    // With a digit in play, call signs: a prefix, the digit, a suffix.
    await page.evaluate(() => localStorage.setItem("ditdah.practice", JSON.stringify({ learned: 24, settings: { mode: "calls" } })));
    await page.reload();
    await shortRounds(page);
    assert.equal(await page.inputValue("#practice-mode"), "calls");
    const calls = await playRound(page, () => page.click("#practice-play"));
    assert.match(calls.text, /^[KMURESNAPTLWIJZFOYVG]{1,2}5[KMURESNAPTLWIJZFOYVG]{1,3}$/);
    await t.done();
  });

  it("sends QSO-like text once it can be spelled: exchanges of a contact, scored word by word", async () => {
    const { page } = t;
    await shortRounds(page);
    await page.selectOption("#practice-mode", "qso");
    await page.click("#practice-play");
    await page.locator("#practice-error", { hasText: /./ }).waitFor();
    assert.match((await page.textContent("#practice-error"))!, /^QSO text comes once .* \(at lesson \d+\)$/);

    await page.evaluate(() => localStorage.setItem("ditdah.practice", JSON.stringify({ learned: 41, settings: { mode: "qso" } })));
    await page.reload();
    await shortRounds(page);
    await page.fill("#practice-groups", "7");
    const { text } = await playRound(page, () => page.click("#practice-play"));
    // Seven exchanges: a call, the report, name, QTH, rig, weather, goodbye.
    assert.match(text, /\b(CQ|QRZ|DE)\b/);
    assert.match(text, /\b(RST|UR) (5NN|[1-5][1-9]9)\b/);
    assert.match(text, /\b(73|GL)\b/);
    const words = text.split(" ").length;
    assert.match((await page.textContent("#practice-status"))!, new RegExp(`^Playing a QSO of ${words} words: `));
    await page.fill("#practice-answer", text);
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "100 % right" }).waitFor();
    await t.done();
  });

  it("draws a character's accuracy day by day from the first scored round, with a table of the same figures", async () => {
    const { page } = t;
    assert.equal(await page.isVisible("#practice-history-box"), false);
    // Two days practised before today, K better on the second.
    const history = [
      { day: "2026-01-01", tallies: { K: { sent: 10, right: 5 }, M: { sent: 10, right: 8 } } },
      { day: "2026-01-02", tallies: { K: { sent: 10, right: 8 }, M: { sent: 10, right: 9 } } },
    ];
    await page.evaluate((stored) => localStorage.setItem("ditdah.practice", stored), JSON.stringify({ learned: 2, history }));
    await page.reload();
    assert.equal(await page.isVisible("#practice-history-box"), true);
    await shortRounds(page);
    const { text } = await playRound(page, () => page.click("#practice-play"));
    await page.fill("#practice-answer", text);
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "100 % right" }).waitFor();
    await page.click("#practice-history-box summary");
    // M, the newer of the two, is drawn first: a dot a day, a line through them, beside all characters'. It was practised
    // on the stored days, so it is the newest practised even where today's round drew no M (the test once expected K then).
    assert.equal(await page.inputValue("#practice-history-character"), "M");
    await page.selectOption("#practice-history-character", "K");
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    });
    const rows = await page.locator("#practice-history-days tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    const k = [...text].filter((c) => c === "K").length;
    const all = text.length;
    assert.deepEqual(rows, [
      ["2026-01-01", "50 % (5 of 10)", "65 % (13 of 20)"],
      ["2026-01-02", "80 % (8 of 10)", "85 % (17 of 20)"],
      [today, k === 0 ? "not sent" : `100 % (${k} of ${k})`, `100 % (${all} of ${all})`],
    ]);
    assert.equal(await page.locator("#practice-history-chart circle.all").count(), 3);
    assert.equal(await page.locator("#practice-history-chart circle.character").count(), k === 0 ? 2 : 3);
    assert.equal(await page.locator("#practice-history-chart polyline.character").count(), 1);
    // Higher on the page is better: K's second day above its first.
    const heights = await page.locator("#practice-history-chart circle.character").evaluateAll((dots) => dots.map((d) => Number(d.getAttribute("cy"))));
    assert.ok(heights[1]! < heights[0]!, JSON.stringify(heights));
    assert.match((await page.getAttribute("#practice-history-chart", "aria-label"))!, /^K's accuracy on the 3 days practised, 90 % to pass: 50 %, 80 %/);
    // Kept with the progress, across a reload.
    await page.reload();
    assert.equal(await page.locator("#practice-history-days tr").count(), 3);
    await t.done();
  });

  it("starts anew from corrupt stored progress", async () => {
    const { page } = t;
    // A string, evaluated in the page (this file is type-checked without the DOM's names).
    await page.evaluate(`localStorage.setItem("ditdah.practice", '{"learned": "lots", "settings": 7')`);
    await page.reload();
    assert.equal(await page.textContent("#practice-set"), "K M");
    assert.equal(await page.inputValue("#practice-wpm"), "20");
    assert.deepEqual(await page.locator("#practice-rounds li").allTextContents(), ["None yet"]);
    await t.done();
  });

  it("fits a 360 px wide screen with touch targets of 44 px or more", async () => {
    const { page } = t;
    await page.setViewportSize({ width: 360, height: 740 });
    const section = await page.locator("#practice").evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    assert.ok(section.scroll <= section.client, `${section.scroll} > ${section.client}`);
    const targets = page.locator("#practice button:not([hidden]), #practice input");
    for (const box of await targets.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))) {
      assert.ok(box.height >= 44 && box.width >= 44 && box.right <= 360, JSON.stringify(box));
    }
    // On a phone each setting's label takes its own line; the answer is typed in monospace.
    assert.deepEqual(
      new Set(await page.locator("#practice fieldset label").evaluateAll((labels) => labels.map((l) => getComputedStyle(l).display))),
      new Set(["block"]),
    );
    assert.match(await page.locator("#practice-answer").evaluate((answer) => getComputedStyle(answer).fontFamily), /monospace/);
    await t.done();
  });
});
