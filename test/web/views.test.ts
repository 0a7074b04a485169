/**
 * The page as an app: its views as routes in the URL's hash, one shown at a time, the
 * navigation always in reach (a bar at the bottom of a phone, at the top of a desktop), and
 * on a phone the key and what it reads in view together. In Debian's Chromium.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { pageUnderTest, showView, VIEWS } from "./page.js";

const t = pageUnderTest();

/** The views shown now, by their route. */
function shownViews(page: Page): Promise<string[]> {
  return page.locator("section.view").evaluateAll((sections) => sections.filter((s) => s.checkVisibility()).map((s) => (s as HTMLElement).dataset.view!));
}

/** The rectangle of `selector`'s first element, in the viewport's coordinates. */
function box(page: Page, selector: string): Promise<{ top: number; bottom: number; left: number; right: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().toJSON());
}

describe("the page's views", () => {
  it("shows one view at a time, each by its link, its route in the hash, and Back returns to the one before", async () => {
    const { page } = t;
    assert.deepEqual(await shownViews(page), ["hear"]);
    assert.equal(await page.getAttribute('nav.tabs a[data-view="hear"]', "aria-current"), "page");
    for (const view of VIEWS) {
      await showView(page, view);
      assert.deepEqual(await shownViews(page), [view]);
      assert.equal(await page.evaluate(() => location.hash), `#${view}`);
      assert.deepEqual(await page.locator("nav.tabs a[aria-current]").evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.view)), [view]);
      // The focus goes to the view's heading, which names it.
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), "H2");
    }
    assert.match(await page.title(), /^The chart · ditdah$/);
    await page.goBack();
    assert.deepEqual(await shownViews(page), ["listen"]);
    await page.goBack();
    assert.deepEqual(await shownViews(page), ["read"]);
    await page.goForward();
    assert.deepEqual(await shownViews(page), ["listen"]);
    await t.done();
  });

  it("opens the view a link names, and the old anchors of the sections at theirs", async () => {
    const { page } = t;
    await page.goto(`${t.server.url}/#key`);
    assert.deepEqual(await shownViews(page), ["key"]);
    // Opened at its top: the bar and the view's heading in view.
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.goto(`${t.server.url}/?text=SOS#practice`);
    assert.deepEqual(await shownViews(page), ["practise"]);
    assert.equal(await page.inputValue("#text"), "SOS");
    await page.goto(`${t.server.url}/#nowhere`);
    assert.deepEqual(await shownViews(page), ["hear"]);
    await t.done();
  });

  it("is worked from the keyboard: Tab reaches the views' links, and Enter on one shows its view", async () => {
    const { page } = t;
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.view), "hear");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    assert.deepEqual(await shownViews(page), ["key"]);
    await t.done();
  });

  it("on a 390 × 844 phone: the bar at the bottom from any scroll position, and the key and its read-out in view together", async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await showView(page, "key");
    const bar = await box(page, "nav.tabs");
    assert.ok(bar.bottom === 844 && bar.top >= 844 - 80, `the bar is at ${JSON.stringify(bar)}`);
    for (const selector of ["#key-text", "#key-morse", "#straight-key", "#dit-paddle", "#dah-paddle"]) {
      const { top, bottom, right } = await box(page, selector);
      assert.ok(top >= 0 && bottom <= bar.top && right <= 390, `${selector} is at ${top}-${bottom} px, the bar at ${bar.top}`);
    }
    // Every link of the bar a touch target of 44 px or more, all in one row.
    const links = await page.locator("nav.tabs a").evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()));
    for (const link of links) assert.ok(link.width >= 44 && link.height >= 44 && link.top === links[0].top, JSON.stringify(link));
    for (const view of VIEWS) {
      await showView(page, view);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.deepEqual(await box(page, "nav.tabs"), bar, `the bar moved in ${view}`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height <= 2 * 844, `${view} is ${height} px tall`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${view} is ${width} px wide`);
    }
    await t.done();
  });

  it("on a 390 × 844 phone, Practise at its fullest (all 41 characters, a round of 5 groups of 5 checked, 10 rounds and 60 days kept) is at most two screens", async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    const order = [..."KMURESNAPTLWI.JZ=FOY,VG5/Q92H38B?47C1D60X"];
    const progress = {
      learned: 41,
      settings: { wpm: 30, fwpm: 30, groupLength: 5, groups: 5 },
      rounds: Array.from({ length: 10 }, () => ({ learned: 41, right: 20, total: 25 })),
      accuracy: Object.fromEntries(order.map((c) => [c, { sent: 10, right: 8 }])),
      history: Array.from({ length: 60 }, (_, day) => ({
        day: `2026-${String(1 + Math.floor(day / 28)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}`,
        tallies: Object.fromEntries(order.map((c) => [c, { sent: 10, right: 8 }])),
      })),
    };
    await page.evaluate((stored) => localStorage.setItem("ditdah.practice", stored), JSON.stringify(progress));
    await page.goto(`${t.server.url}/#practise`);
    await page.click("#practice-play");
    await page.locator("#practice-status", { hasText: "Playing" }).waitFor();
    await page.fill("#practice-answer", "ABCDE FGHIJ KLMNO PQRST UVWXY");
    await page.click("#practice-check");
    await page.locator("#practice-score", { hasText: "%" }).waitFor();
    assert.equal(await page.locator("#practice-marks .practice-char").count(), 25);
    assert.equal(await page.isVisible("#practice-history-box"), true);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(height <= 2 * 844, `Practise is ${height} px tall`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `Practise is ${width} px wide`);
    await t.done();
  });

  it("on a 1280 × 800 desktop: the bar at the top, staying there as a view scrolls", async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 800 });
    await showView(page, "practise");
    await page.evaluate(() => window.scrollTo(0, 400));
    const bar = await box(page, "nav.tabs");
    assert.ok(bar.top >= 0 && bar.bottom <= 80, `the bar is at ${JSON.stringify(bar)}`);
    await t.done();
  });

  it("on a 1280 × 800 desktop, the chart view, grid and tree, is at most 1.5 screens tall", async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 800 });
    await showView(page, "chart");
    await page.locator("#chart button[data-character='0']").waitFor();
    await page.locator("#tree g").first().waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(height <= 1.5 * 800, `the chart view is ${height} px tall`);
    // The letters, digits and punctuation all in the grid, the other groups a tap away.
    assert.ok((await page.locator("#chart button.chart-character").count()) >= 26 + 10);
    await t.done();
  });

  it("loads at most 150 kB of JavaScript gzipped at first, and the decoder only when a view needs it", async () => {
    const scripts = new Map<string, number>();
    const tab = await t.browser.newPage({ serviceWorkers: "block" });
    tab.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type === "script" || type === "worker" || response.url().endsWith(".js")) {
        scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
      }
    });
    await tab.goto(`${t.server.url}/`);
    await tab.waitForLoadState("networkidle");
    const firstLoad = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    assert.ok(scripts.has("/build/page.js"), [...scripts.keys()].join(" "));
    assert.ok(firstLoad <= 150_000, `${firstLoad} bytes of JavaScript gzipped: ${JSON.stringify([...scripts])}`);
    // Every view shown, none of which needs the decoder until a recording is read offline or the microphone listened to.
    for (const view of VIEWS) await showView(tab, view);
    await tab.waitForLoadState("networkidle");
    assert.deepEqual([...scripts.keys()], ["/build/page.js"]);
    await tab.close();
    await t.done();
  });

  it("shows the waterfall only once listening starts", async () => {
    const { page } = t;
    await showView(page, "listen");
    assert.equal(await page.isVisible("#waterfall"), false);
    assert.equal(await page.isVisible("#listen"), true);
    await t.done();
  });
});
