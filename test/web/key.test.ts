/**
 * The key panel in Chromium: Morse keyed on the straight key and on the iambic paddles (in
 * mode A and mode B) is read as it is keyed, at the speed it was sent. The keying is
 * dispatched from inside the page on its own clock (see `keyInPage`), since Playwright's
 * calls from Node jitter by tens of ms under load.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { encode } from "../../src/core/index.js";
import { pageUnderTest, showView, statusSays } from "./page.js";

const t = pageUnderTest("/#key");

/** A dot at 20 wpm, ms. */
const UNIT = 60;

/** A key event to dispatch at `atMs` on the element `target` (a selector), as a key `code` (with its `key`). */
interface Stroke {
  readonly atMs: number;
  readonly type: "keydown" | "keyup";
  readonly target: string;
  readonly code: string;
  readonly key: string;
}

/**
 * Dispatches `strokes` as KeyboardEvents from inside the page, each at its time after a
 * common start: every wait is measured from that start, so lateness does not add up.
 * Events made by script are timed (`timeStamp`) when dispatched, as the page reads them.
 * A timer wakes the page near each time and a busy wait reaches it exactly: timers alone
 * fire tens of ms late on a loaded machine, which turns a 60 ms dot into a dash.
 */
async function keyInPage(page: Page, strokes: readonly Stroke[]): Promise<void> {
  await page.evaluate(async (strokes) => {
    const start = performance.now() + 50;
    for (const stroke of strokes) {
      const at = start + stroke.atMs;
      if (at - performance.now() > 25) await new Promise((resolve) => setTimeout(resolve, at - performance.now() - 25));
      while (performance.now() < at) {
        // the last few ms, waited out exactly
      }
      const init = { code: stroke.code, key: stroke.key, bubbles: true, cancelable: true };
      document.querySelector(stroke.target)!.dispatchEvent(new KeyboardEvent(stroke.type, init));
    }
  }, strokes);
}

/** Each element of `text`'s Morse with its nominal start (ms from 0) and whether it starts a letter, at 20 wpm with standard spacing. */
function elementsOf(text: string): { startMs: number; dash: boolean; firstOfLetter: boolean }[] {
  const elements: { startMs: number; dash: boolean; firstOfLetter: boolean }[] = [];
  let atMs = 0;
  for (const word of encode(text).split(" / ")) {
    for (const letter of word.split(" ")) {
      [...letter].forEach((element, i) => {
        const dash = element === "-";
        elements.push({ startMs: atMs, dash, firstOfLetter: i === 0 });
        atMs += (dash ? 3 : 1) * UNIT + UNIT;
      });
      atMs += 2 * UNIT; // a letter gap: 3 units after the last key-up
    }
    atMs += 4 * UNIT; // a word gap: 7 units
  }
  return elements;
}

/** `text` on the straight key with the space bar: key down for each element's length. */
function straightKeyStrokes(text: string): Stroke[] {
  const space = { target: "#straight-key", code: "Space", key: " " };
  return elementsOf(text).flatMap(({ startMs, dash }) => [
    { ...space, type: "keydown" as const, atMs: startMs },
    { ...space, type: "keyup" as const, atMs: startMs + (dash ? 3 : 1) * UNIT },
  ]);
}

const DIT = { target: "#dit-paddle", code: "ArrowLeft", key: "ArrowLeft" };
const DAH = { target: "#dit-paddle", code: "ArrowRight", key: "ArrowRight" };

/**
 * `text` on the paddles, one paddle tapped per element: the first of a letter at its start
 * (the keyer idle), the others 40 ms before, in the gap after the element before, where the
 * keyer remembers them and starts them on its own time; each let go 20 ms into its element.
 */
function paddleStrokes(text: string, keys = { dit: DIT, dah: DAH }): Stroke[] {
  return elementsOf(text).flatMap(({ startMs, dash, firstOfLetter }) => {
    const paddle = dash ? keys.dah : keys.dit;
    return [
      { ...paddle, type: "keydown" as const, atMs: firstOfLetter ? startMs : startMs - 40 },
      { ...paddle, type: "keyup" as const, atMs: startMs + 20 },
    ];
  });
}

/** Both paddles squeezed, dah first (30 ms before dit), both let go at `releaseMs`. */
function squeeze(releaseMs: number): Stroke[] {
  return [
    { ...DAH, type: "keydown", atMs: 0 },
    { ...DIT, type: "keydown", atMs: 30 },
    { ...DIT, type: "keyup", atMs: releaseMs },
    { ...DAH, type: "keyup", atMs: releaseMs },
  ];
}

/** What the panel read, once a pause has ended the last word: the text, the Morse and the speed shown. */
async function read(page: Page): Promise<{ text: string; morse: string; wpm: number }> {
  await page.locator("#key-morse", { hasText: / \/$/ }).waitFor();
  return {
    text: (await page.textContent("#key-text"))!,
    morse: (await page.textContent("#key-morse"))!,
    wpm: Number(await page.textContent("#key-speed")),
  };
}

async function clear(page: Page): Promise<void> {
  await page.click("#key-clear");
  assert.equal(await page.textContent("#key-text"), "");
  assert.equal(await page.textContent("#key-speed"), "–");
}

function assertAbout20(wpm: number): void {
  assert.ok(Math.abs(wpm - 20) <= 2, `read at ${wpm} wpm`);
}

describe("keying Morse", () => {
  it("reads what the straight key sends with the space bar, at about 20 wpm", async () => {
    const { page } = t;
    await page.focus("#straight-key");
    // The page's first key-down starts its audio, which on a cold page can take longer than a
    // dot: the strokes are dispatched from the page itself, so a key-up due meanwhile would be
    // dispatched late. A person's key-up keeps its own time; one E first pays that cost.
    await keyInPage(page, straightKeyStrokes("E"));
    await read(page);
    await clear(page);
    for (const text of ["PARIS", "TEST", "CQ DE"]) {
      await keyInPage(page, straightKeyStrokes(text));
      const shown = await read(page);
      assert.equal(shown.text, text);
      assert.equal(shown.morse, `${encode(text)} /`);
      assertAbout20(shown.wpm);
      // The last character keyed is lit on the tree: S of PARIS, T of TEST, E of CQ DE.
      assert.equal((await page.locator("#tree g.lit").allTextContents()).at(-1), text.at(-1));
      await clear(page);
    }
    await t.done();
  });

  it("reads the paddles' squeezed C where each mode needs the paddles let go, and K where mode A is let go early", async () => {
    const { page } = t;
    await page.focus("#dit-paddle");
    // A squeeze keys dah 0-180, dit 240-300, dah 360-540, dit 600-660 (ms).
    const cases = [
      { mode: "#iambic-a", releaseMs: 620, text: "C" }, // during the last dit: A stops after it
      { mode: "#iambic-b", releaseMs: 380, text: "C" }, // during the second dah: B adds the dit
      { mode: "#iambic-a", releaseMs: 380, text: "K" }, // ...where A stops after the dah
    ];
    for (const { mode, releaseMs, text } of cases) {
      await page.check(mode);
      await page.focus("#dit-paddle");
      await keyInPage(page, squeeze(releaseMs));
      const shown = await read(page);
      assert.equal(shown.text, text, `${mode} let go at ${releaseMs} ms`);
      // The keyer's own timings: exactly 20 wpm.
      assert.equal(shown.wpm, 20);
      await clear(page);
    }
    await t.done();
  });

  it("reads words tapped on the paddles in mode A and mode B, from the arrow keys and the bracket keys", async () => {
    const { page } = t;
    const brackets = {
      dit: { target: "#dah-paddle", code: "BracketLeft", key: "[" },
      dah: { target: "#dah-paddle", code: "BracketRight", key: "]" },
    };
    for (const mode of ["#iambic-a", "#iambic-b"]) {
      await page.check(mode);
      for (const [text, keys] of [
        ["TEST", undefined],
        ["PARIS", brackets],
      ] as const) {
        await page.focus("#dit-paddle");
        await keyInPage(page, paddleStrokes(text, keys));
        const shown = await read(page);
        assert.equal(shown.text, text, `${text} in ${mode}`);
        assert.equal(shown.wpm, 20);
        await clear(page);
      }
    }
    await t.done();
  });

  it("keys at the keyer's speed as set", async () => {
    const { page } = t;
    await page.fill("#key-wpm", "30");
    await page.check("#iambic-a");
    await page.focus("#dit-paddle");
    // At 30 wpm a dot is 40 ms: the squeeze's C (dah 0-120, dit 160-200, dah 240-360, dit 400-440) is let go during its last dit.
    await keyInPage(page, squeeze(410));
    const shown = await read(page);
    assert.equal(shown.text, "C");
    assert.equal(shown.wpm, 30);
    await t.done();
  });

  it("keys from the mouse on the straight key and the paddles, lit while down", async () => {
    const { page } = t;
    await page.hover("#straight-key");
    await page.mouse.down();
    // Lit while the key is down.
    await page.locator("#key-lamp.on").waitFor();
    await page.locator("#straight-key.held").waitFor();
    await page.waitForTimeout(400);
    await page.mouse.up();
    assert.equal(await page.locator("#key-lamp.on").count(), 0);
    assert.equal((await read(page)).text, "T");
    // A tap on the dah paddle sends one whole dah at the keyer's speed.
    await page.hover("#dah-paddle");
    await page.mouse.down();
    await page.mouse.up();
    await page.locator("#key-morse", { hasText: /^- \/ - \/$/ }).waitFor();
    assert.equal(await page.textContent("#key-text"), "T T");
    await t.done();
  });

  it("stops a text playing when the key goes down with the sidetone on: one sound at a time", async () => {
    const { page } = t;
    // Not only the first key-down, which starts the sidetone's audio: every one.
    await page.hover("#straight-key");
    await page.mouse.down();
    await page.mouse.up();
    await showView(page, "hear");
    await page.fill("#text", "PARIS PARIS PARIS");
    await page.fill("#wpm", "5");
    await page.click("#play");
    await page.locator("#play-status", { hasText: "Playing" }).waitFor();
    await showView(page, "key");
    await page.hover("#straight-key");
    await page.mouse.down();
    await statusSays(page, "#play-status", "Stopped");
    await page.mouse.up();
    assert.equal(await page.isEnabled("#stop"), false);
    await t.done();
  });

  it("takes the keyboard's keys from real key presses, and lets go of the key when focus leaves it", async () => {
    const { page } = t;
    await page.focus("#straight-key");
    await page.keyboard.down("Space");
    await page.locator("#key-lamp.on").waitFor();
    await page.waitForTimeout(400);
    await page.keyboard.press("Tab");
    await page.locator("#key-lamp.on").waitFor({ state: "detached" });
    assert.equal((await read(page)).text, "T");
    // The paddles' keys, from a focused paddle: a dah then a dit, each tapped.
    await clear(page);
    await page.focus("#dah-paddle");
    await page.keyboard.press("ArrowRight");
    await page.locator("#key-text", { hasText: "T" }).waitFor();
    await page.keyboard.press("[");
    // Whether the dit joins the dah's letter or word depends on how soon Playwright sends it.
    assert.equal((await read(page)).morse.replace(/[ /]/g, ""), "-.");
    await t.done();
  });
});
