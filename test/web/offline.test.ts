/**
 * The page as an installable app that loads offline: a web app manifest with icons that
 * exist, and a service worker (web/sw.js) that, after one visit, loads the page with no
 * network, where the views, the key, and what the library answers in the page in the API's
 * place (text to Morse, a practice round, the chart, a recording read) still work.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pageUnderTest, showView } from "./page.js";

const t = pageUnderTest("/", { serviceWorkers: "allow" });

describe("the page offline", () => {
  it("serves a web app manifest whose icons exist at the sizes it says", async () => {
    const html = await (await fetch(`${t.server.url}/`)).text();
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest">/);
    const response = await fetch(`${t.server.url}/manifest.webmanifest`);
    assert.equal(response.headers.get("content-type"), "application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    assert.equal(manifest.short_name, "ditdah");
    assert.equal(manifest.start_url, "/");
    assert.equal(manifest.display, "standalone");
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, t.server.url));
      assert.equal(file.status, 200, icon.src);
      assert.equal(file.headers.get("content-type"), icon.type, icon.src);
      if (icon.type !== "image/png") continue;
      // A PNG's width and height, from its IHDR chunk.
      const png = Buffer.from(await file.arrayBuffer());
      assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, icon.src);
      sizes.add(icon.sizes);
    }
    assert.deepEqual([...sizes].sort(), ["192x192", "512x512"]);
    await t.done();
  });

  it("loads with no network after one visit: its views, the key, text to Morse, a practice round, the chart and reading a recording work", async () => {
    const { page } = t;
    // A recording made by the service while it can be reached; offline, the page reads it itself.
    const wav = Buffer.from(await (await fetch(`${t.server.url}/api/v1/audio.wav?text=CQ%20TEST&wpm=25&frequency=650`)).arrayBuffer());
    // The first visit: the worker installs, keeping the page's files, and takes the page over.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.context().setOffline(true);
    try {
      assert.equal(await page.evaluate(async () => (await fetch("/api/v1/alphabets").catch(() => undefined)) === undefined), true, "the network is off");
      await page.goto(`${t.server.url}/?text=SOS#key`);
      assert.equal(await page.title(), "Key it · ditdah");
      assert.equal(await page.isVisible("nav.tabs"), true);
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector(".app-bar")!).position), "sticky");
      // The key is read in the page: a held Space is a T.
      await page.focus("#straight-key");
      await page.keyboard.down("Space");
      await page.waitForTimeout(400);
      await page.keyboard.up("Space");
      await page.locator("#key-text", { hasText: "T" }).waitFor();
      // What the API answers, the library answers in the page: text to Morse, played.
      await showView(page, "hear");
      await page.fill("#text", "SOS");
      await page.locator("#morse", { hasText: "... --- ..." }).waitFor();
      await page.locator("#strip .character").nth(2).waitFor();
      await page.click("#play");
      await page.locator("#play-status", { hasText: "Playing" }).waitFor();
      // A practice round, played and scored.
      await showView(page, "practise");
      await page.fill("#practice-wpm", "30");
      await page.fill("#practice-fwpm", "30");
      await page.fill("#practice-group-length", "3");
      await page.fill("#practice-groups", "1");
      await page.click("#practice-play");
      await page.locator("#practice-status", { hasText: "Playing" }).waitFor();
      await page.fill("#practice-answer", "KKK");
      await page.click("#practice-check");
      await page.locator("#practice-score", { hasText: "% right" }).waitFor();
      // The chart and the tree, and another alphabet's.
      await showView(page, "chart");
      await page.locator("#chart button[data-character='Q']").waitFor();
      assert.equal(await page.getAttribute("#chart button[data-character='Q']", "data-pattern"), "--.-");
      await page.selectOption("#chart-alphabet", "greek");
      await page.locator("#chart button[data-character='Ω']").waitFor();
      assert.equal(await page.textContent("#chart-error"), "");
      // A recording read in the page: the browser decodes the file, the library's listener reads it in its worker.
      await showView(page, "listen");
      await page.setInputFiles("#recording", { name: "cq.wav", mimeType: "audio/wav", buffer: wav });
      await page.locator("#heard-details", { hasText: "characters" }).waitFor({ timeout: 30_000 });
      assert.equal(await page.textContent("#heard"), "CQ TEST");
      assert.match((await page.textContent("#heard-details"))!, /^6 characters at 2\d(\.\d)? wpm, 6[45]\d Hz, in \d\.\d s$/);
      assert.equal(await page.textContent("#listen-error"), "");
      await page.setInputFiles("#recording", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a recording") });
      await page.locator("#listen-error", { hasText: /./ }).waitFor();
      assert.match((await page.textContent("#listen-error"))!, /^With no network, this browser could not read the file/);
      // What the library refuses is said in the same words as the service.
      await showView(page, "hear");
      await page.fill("#wpm", "60");
      await page.click("#play");
      await page.locator("#sound-error", { hasText: /./ }).waitFor();
      assert.equal(await page.textContent("#sound-error"), "Parameter wpm must be a number between 5 and 50");
    } finally {
      await page.context().setOffline(false);
    }
    // Offline, the API's calls failed and the browser logged them: that is expected here, so the tab is closed without t.done()'s check.
    await page.close();
  });

  it("leaves the API to the network: its answers are never kept", async () => {
    const { page } = t;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.fill("#text", "SOS");
    await page.locator("#morse", { hasText: "..." }).waitFor();
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls.sort();
    });
    assert.ok(kept.includes("/") && kept.includes("/build/page.js"), kept.join(" "));
    assert.deepEqual(
      kept.filter((path) => path.startsWith("/api/")),
      [],
    );
    await t.done();
  });
});
