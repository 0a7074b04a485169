/**
 * The page in Debian's Chromium against a real server, for a test file: a fresh tab before
 * each test, with whatever it logs as an error or throws collected, and `done()` to close
 * the tab and assert there was none.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach } from "node:test";
import type { Browser, Page } from "playwright-core";
import { serveForTests, type FileServer } from "../helpers/server.js";
import { launchChromium } from "./chromium.js";

export interface PageUnderTest {
  readonly server: FileServer;
  readonly browser: Browser;
  readonly page: Page;
  /** Closes the tab; fails if the page logged an error or a script threw. */
  done(): Promise<void>;
}

/**
 * Serves the app for this file and opens `path` (default `/`) in a fresh tab before each test.
 * The page's service worker is blocked but with `serviceWorkers: "allow"`: it installs on a
 * first visit, fetching every file of the page in the background, which each fresh tab would be,
 * and the keying and playback tests time the page to the millisecond.
 */
export function pageUnderTest(path = "/", { serviceWorkers = "block" }: { serviceWorkers?: "allow" | "block" } = {}): PageUnderTest {
  const server = serveForTests();
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage({ serviceWorkers });
    problems = [];
    page.on("console", (message) => {
      // The browser logs every 400 the API answers; tests cause those on purpose.
      if (message.type() === "error" && !message.text().includes("status of 400")) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${server.url}${path}`);
  });
  return {
    server,
    get browser() {
      return browser;
    },
    get page() {
      return page;
    },
    async done() {
      await page.close();
      assert.deepEqual(problems, []);
    },
  };
}

/** The page's views (web/page/views.ts), by their route in the URL's hash. */
export const VIEWS = ["hear", "key", "practise", "read", "listen", "chart"] as const;
export type View = (typeof VIEWS)[number];

/** Shows `view` as a learner would: a click on its link in the navigation. */
export async function showView(page: Page, view: View): Promise<void> {
  await page.click(`nav.tabs a[data-view="${view}"]`);
  await page.locator(`section.view[data-view="${view}"]`).waitFor();
}

/** Waits until the element of `selector`, shown or not, says something starting with `start`. */
export async function statusSays(page: Page, selector: string, start: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(([selector, start]) => document.querySelector(selector)?.textContent?.startsWith(start), [selector, start] as const, { timeout });
}
