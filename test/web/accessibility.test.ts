/**
 * The page for everyone: an axe-core scan of every view in both themes finds no serious or
 * critical violation, every view fits from 360 px wide, the page follows the system's theme,
 * and everything is reachable from the keyboard. Screenshots of every view at 360 and 1280 px
 * in both themes are written to $DITDAH_SCREENSHOTS (default: a folder in the system's
 * temporary directory) to look at.
 */
import assert from "node:assert/strict";
import { readFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { pageUnderTest, showView, VIEWS } from "./page.js";

const t = pageUnderTest();
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SCREENSHOTS = process.env.DITDAH_SCREENSHOTS ?? join(tmpdir(), "ditdah-screenshots");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The page with something to show: text drawn on the strip, the tree loaded, and a learner's progress with three days practised. */
async function filled(page: Page): Promise<void> {
  const tallies = { K: { sent: 10, right: 7 }, M: { sent: 10, right: 9 } };
  const history = ["2026-01-01", "2026-01-02", "2026-01-03"].map((day) => ({ day, tallies }));
  await page.evaluate((stored) => localStorage.setItem("ditdah.practice", stored), JSON.stringify({ learned: 2, accuracy: tallies, history }));
  await page.reload();
  await page.fill("#text", "CQ DE W1AW");
  await page.locator("#strip .character").first().waitFor();
  await page.locator("#tree g").first().waitFor({ state: "attached" });
}

/** axe-core's serious and critical violations on the page as it is (evaluated by the DevTools protocol, which the page's CSP does not govern). */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return found.filter((v) => v.impact === "serious" || v.impact === "critical");
}

describe("the page for everyone", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious or critical axe-core violation in the ${colorScheme} theme`, async () => {
      const { page } = t;
      await page.emulateMedia({ colorScheme });
      await filled(page);
      const found: string[] = [];
      for (const view of VIEWS) {
        await showView(page, view);
        // The chart's grid is made when its view is first shown; the accuracy over time and its table open.
        if (view === "chart") {
          await page.locator("#chart .chart-grid").first().waitFor();
          await page.click("details[data-group='prosigns'] summary");
        }
        if (view === "practise") {
          await page.click("#practice-history-box summary");
          await page.click("#practice-history-box details summary");
        }
        for (const v of await violations(page)) found.push(`${view}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
      assert.deepEqual(found, []);
      await t.done();
    });
  }

  it("follows the system's theme", async () => {
    const { page } = t;
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.emulateMedia({ colorScheme: "light" });
    assert.equal(await background(), "rgb(246, 245, 241)");
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await background(), "rgb(17, 20, 23)");
    await t.done();
  });

  for (const width of [360, 1280]) {
    it(`fits ${width} px without scrolling sideways, and is photographed in both themes`, async () => {
      const { page } = t;
      await page.setViewportSize({ width, height: 800 });
      await filled(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      for (const view of VIEWS) {
        await showView(page, view);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrollWidth <= width, `${view} is ${scrollWidth} px wide in a ${width} px window`);
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: join(SCREENSHOTS, `page-${view}-${width}-${colorScheme}.png`), fullPage: true });
        }
      }
      await t.done();
    });
  }

  it("is usable from the keyboard: Tab reaches every control of every view, and Enter on a chart character plays it", async () => {
    const { page } = t;
    await filled(page);
    // Slow enough that K still plays when the strip is read.
    await page.fill("#wpm", "5");
    for (const view of VIEWS) await tabReachesEverything(page, view);
    await showView(page, "chart");
    await page.focus("#chart button[data-character='K']");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("play-status")?.textContent?.startsWith("Playing"));
    assert.equal(await page.getAttribute("#strip .character", "data-pattern"), "-.-");
    await t.done();
  });
});

/** Tab, pressed again and again in `view`, reaches each of its enabled, visible controls and the navigation's links. */
async function tabReachesEverything(page: Page, view: (typeof VIEWS)[number]): Promise<void> {
  await showView(page, view);
  // Every enabled, visible control is a Tab stop, but a group of radio buttons is one.
  const expected = await page.evaluate(() => {
    for (const stop of document.querySelectorAll<HTMLElement>("[data-tab-stop]")) delete stop.dataset.tabStop;
    const controls = [...document.querySelectorAll<HTMLElement>("button, input, textarea, select, a[href], summary")].filter(
      (c) => !(c as HTMLButtonElement).disabled && c.checkVisibility(),
    );
    const groups = new Set<string>();
    let n = 0;
    for (const control of controls) {
      const radio = control instanceof HTMLInputElement && control.type === "radio" ? control.name : undefined;
      if (radio !== undefined && groups.has(radio)) continue;
      if (radio !== undefined) groups.add(radio);
      control.dataset.tabStop = String(n++);
    }
    return n;
  });
  const reached = new Set<string>();
  for (let i = 0; i < expected + 10; i++) {
    await page.keyboard.press("Tab");
    const active = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.dataset.tabStop ?? (element instanceof HTMLInputElement && element.type === "radio" ? `radio:${element.name}` : "");
    });
    if (active.startsWith("radio:")) {
      const first = await page.evaluate(
        (name) => document.querySelector<HTMLElement>(`input[name="${name}"][data-tab-stop]`)?.dataset.tabStop,
        active.slice(6),
      );
      if (first !== undefined) reached.add(first);
    } else if (active !== "") reached.add(active);
  }
  assert.equal(reached.size, expected, `Tab reached ${reached.size} of ${expected} controls in ${view}`);
}
