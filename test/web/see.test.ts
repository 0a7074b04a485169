/** The page's timing strip, lamp, Morse tree, chart playing and settings in the URL, in Chromium. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pageUnderTest, showView, statusSays } from "./page.js";

const t = pageUnderTest();

interface Timing {
  morse: string;
  unitMs: number;
  sequence: { type: string; startMs: number; durationMs: number }[];
}

async function timingOf(query: Record<string, string>): Promise<Timing> {
  return (await (await fetch(`${t.server.url}/api/v1/audio?${new URLSearchParams(query)}`)).json()) as Timing;
}

/** The index of the strip's highlighted segment, -1 for none. */
function highlighted(): Promise<number> {
  return t.page.evaluate(() => Number(document.querySelector<HTMLElement>("#strip .now")?.dataset.segment ?? -1));
}

describe("seeing the Morse", () => {
  it("draws the strip to scale: one box per segment of /api/v1/audio's sequence, widths as their durations", async () => {
    const { page } = t;
    await page.fill("#wpm", "20");
    await page.fill("#fwpm", "10");
    await page.fill("#text", "PARIS ME");
    const timing = await timingOf({ text: "PARIS ME", wpm: "20", fwpm: "10" });
    // The strip is drawn again as each setting is typed: this is the last drawing.
    await page.locator("#strip[aria-label*='PARIS ME at 20 wpm, Farnsworth 10 wpm']").waitFor();
    // Laid out: the strip's stylesheet makes its boxes blocks as wide as their durations. A
    // drawing may still replace the one measured (each setting typed draws again): measure
    // until two readings agree.
    const measure = () =>
      page
        .locator("#strip [data-segment]")
        .evaluateAll((boxes) =>
          boxes.map((box) => ({ index: Number((box as HTMLElement).dataset.segment), width: box.getBoundingClientRect().width, kind: box.className })),
        );
    let widths = await measure();
    for (let tries = 0; tries < 50; tries++) {
      await page.waitForTimeout(100);
      const again = await measure();
      const settled = JSON.stringify(again) === JSON.stringify(widths) && (again[0]?.width ?? 0) > 0;
      widths = again;
      if (settled) break;
    }
    const diagnosis = await page.evaluate(() => {
      const first = document.querySelector<HTMLElement>("#strip [data-segment]");
      const sheets = [...document.styleSheets].map((sheet) => `${sheet.href} (${sheet.cssRules.length} rules)`).join(", ");
      return `first box: ${first?.outerHTML.slice(0, 120)}, display ${first && getComputedStyle(first).display}; sheets: ${sheets}`;
    });
    assert.ok(widths[0]!.width > 0, `the strip is laid out; ${diagnosis}`);
    assert.equal(widths.length, timing.sequence.length);
    assert.deepEqual(
      widths.map((w) => w.index),
      timing.sequence.map((_, i) => i),
    );
    const pxPerMs = widths[0]!.width / timing.sequence[0]!.durationMs;
    timing.sequence.forEach((segment, i) => {
      assert.ok(Math.abs(widths[i]!.width - segment.durationMs * pxPerMs) < 0.05, `segment ${i}: ${widths[i]!.width} px for ${segment.durationMs} ms`);
      assert.equal(widths[i]!.kind.split(" ")[0], segment.type === "silence" ? "gap" : "tone");
    });
    // Farnsworth: a letter gap is wider than three of the letters' own units.
    const letterGap = widths.find((w) => w.kind === "gap letter")!;
    assert.ok(letterGap.width > 3 * timing.unitMs * pxPerMs * 1.5, `letter gap ${letterGap.width} px`);
    assert.deepEqual(await page.locator("#strip .label").allTextContents(), ["P", "A", "R", "I", "S", "M", "E"]);
    assert.match((await page.getAttribute("#strip", "aria-label"))!, /PARIS ME at 20 wpm, Farnsworth 10 wpm, drawn to scale: \.--\. /);
    await t.done();
  });

  it("highlights the element sounding, the lamp and the tree's path in step with playback", async () => {
    const { page } = t;
    await page.fill("#text", "TEST");
    await page.fill("#wpm", "8");
    await page.check("#flash");
    await page.click("#play");
    await page.locator("#play-status", { hasText: "Playing" }).waitFor();
    const seen: number[] = [];
    const lamp = new Set<boolean>();
    const lit = new Set<string>();
    while (!(await page.textContent("#play-status"))!.startsWith("Played")) {
      const [index, on, path] = await page.evaluate(() => [
        Number(document.querySelector<HTMLElement>("#strip .now")?.dataset.segment ?? -1),
        document.getElementById("light")!.classList.contains("on"),
        [...document.querySelectorAll<SVGElement>("#tree g.lit")].map((g) => g.textContent).join(""),
      ]);
      if (index !== -1 && index !== seen.at(-1)) seen.push(index);
      lamp.add(on as boolean);
      lit.add(path as string);
      await page.waitForTimeout(20);
    }
    const timing = await timingOf({ text: "TEST", wpm: "8" });
    // Every segment is highlighted in its turn, in order.
    assert.deepEqual(
      seen,
      timing.sequence.map((_, i) => i),
    );
    assert.deepEqual([...lamp].sort(), [false, true]);
    // T, E, S (E then I then S down the tree), T: each character's path lit as it sounds.
    for (const path of ["T", "E", "EIS"]) assert.ok(lit.has(path), `path ${path} lit; saw ${[...lit]}`);
    assert.equal(await highlighted(), -1);
    await t.done();
  });

  it("plays a character of the chart when it is clicked, and lights its path on the tree", async () => {
    const { page } = t;
    await page.fill("#wpm", "10");
    await showView(page, "chart");
    await page.locator("#chart .chart-grid").first().waitFor();
    await page.click("#chart button[data-character='Q']");
    await statusSays(page, "#play-status", "Playing");
    assert.equal(await page.getAttribute("#strip .character", "data-pattern"), "--.-");
    await page.locator("#tree g.lit", { hasText: /^Q$/ }).waitFor();
    assert.deepEqual(await page.locator("#tree g.lit").allTextContents(), ["T", "M", "G", "Q"]);
    assert.equal(await page.locator("#tree line.lit").count(), 4);
    await statusSays(page, "#play-status", "Played", 5000);
    assert.equal(await page.inputValue("#text"), "Q");
    await t.done();
  });

  it("keeps the chart character on the strip while it plays, then draws the text it was typed into", async () => {
    const { page } = t;
    await page.fill("#wpm", "10");
    await page.fill("#text", "PARIS ");
    await page.locator("#strip .character").nth(4).waitFor();
    await showView(page, "chart");
    await page.click("#chart button[data-character='Q']");
    await statusSays(page, "#play-status", "Playing");
    // Past the typing pause and the text's encode (Q lasts 1.56 s at 10 wpm).
    await page.waitForTimeout(800);
    assert.match((await page.locator("#play-status").textContent()) ?? "", /^Playing/);
    assert.deepEqual(await page.locator("#strip .character").evaluateAll((els) => els.map((e) => e.getAttribute("data-pattern"))), ["--.-"]);
    await statusSays(page, "#play-status", "Played", 5000);
    assert.equal(await page.inputValue("#text"), "PARIS Q");
    await page.locator("#strip .character").nth(5).waitFor({ state: "attached" });
    assert.equal(await page.locator("#strip .character").count(), 6);
    await t.done();
  });

  it("draws the tree from the chart: each character where its Morse leads", async () => {
    const { page } = t;
    await page.locator("#tree g").first().waitFor({ state: "attached" });
    const chart = (await (await fetch(`${t.server.url}/api/v1/chart`)).json()) as Record<string, Record<string, string>>;
    for (const [letter, pattern] of Object.entries(chart.alphabet!)) {
      assert.equal(await page.locator(`#tree g[data-pattern="${pattern}"]`).textContent(), letter);
    }
    for (const [digit, pattern] of Object.entries(chart.numbers!)) {
      assert.equal(await page.locator(`#tree g[data-pattern="${pattern}"]`).textContent(), digit);
    }
    // Left is a dot, right a dash: E's node is left of T's, and so on down.
    const x = (pattern: string) => page.locator(`#tree g[data-pattern="${pattern}"] circle`).evaluate((c) => Number(c.getAttribute("cx")));
    assert.ok((await x(".")) < (await x("-")));
    assert.ok((await x("..")) < (await x(".")) && (await x(".")) < (await x(".-")));
    assert.ok((await x("-.")) < (await x("-")) && (await x("-")) < (await x("--")));
    // Decoding lights the last character's path.
    await showView(page, "read");
    await page.fill("#morse-input", "-.-. --.-");
    await page.locator("#tree g.lit", { hasText: /^Q$/ }).waitFor({ state: "attached" });
    await t.done();
  });

  it("keeps the text and the sound settings in the URL: a link reproduces them", async () => {
    const { page } = t;
    await page.fill("#text", "CQ DE W1AW");
    await page.fill("#wpm", "25");
    await page.fill("#fwpm", "15");
    await page.fill("#frequency", "700");
    // Written once typing pauses.
    await page.waitForFunction(() => new URLSearchParams(location.search).get("frequency") === "700");
    const url = new URL(await page.evaluate(() => location.href));
    assert.deepEqual(Object.fromEntries(url.searchParams), { text: "CQ DE W1AW", wpm: "25", fwpm: "15", frequency: "700" });
    const wav = await page.getAttribute("#wav", "href");

    const again = await t.browser.newPage();
    await again.goto(url.href);
    assert.equal(await again.inputValue("#text"), "CQ DE W1AW");
    assert.equal(await again.inputValue("#wpm"), "25");
    assert.equal(await again.inputValue("#fwpm"), "15");
    assert.equal(await again.inputValue("#frequency"), "700");
    assert.equal(await again.getAttribute("#wav", "href"), wav);
    await again.locator("#morse", { hasText: /./ }).waitFor();
    assert.equal(await again.textContent("#morse"), "-.-. --.- / -.. . / .-- .---- .- .--");
    await again.locator("#strip .character").first().waitFor();
    assert.equal(await again.locator("#strip .character").count(), 8);
    await again.close();

    // A cleared setting leaves the URL.
    await page.fill("#fwpm", "");
    await page.waitForFunction(() => !new URLSearchParams(location.search).has("fwpm"));
    await t.done();
  });
});

describe("other alphabets on the page", () => {
  it("reads Morse in the alphabet chosen, and shows that alphabet's chart, tree and source", async () => {
    const { page } = t;
    await showView(page, "read");
    await page.locator("#alphabet option[value='cyrillic']").waitFor({ state: "attached" });
    await page.selectOption("#alphabet", "cyrillic");
    await page.fill("#morse-input", "-.-. --.- / -.. .");
    await page.locator("#decoded", { hasText: "ЦЩ ДЕ" }).waitFor();
    await showView(page, "chart");
    await page.selectOption("#chart-alphabet", "greek");
    await page.locator("#chart button[data-character='Ω']").waitFor();
    assert.equal(await page.locator("#chart h3").first().textContent(), "Letters");
    assert.match((await page.textContent("#chart-source"))!, /^Greek.*Source: /);
    assert.equal(await page.locator('#tree g[data-pattern=".--"]').textContent(), "Ω");
    // A Greek letter clicked plays and types it, encoded by its own table.
    await page.click("#chart button[data-character='Ω']");
    await showView(page, "hear");
    await page.locator("#morse", { hasText: ".--" }).waitFor();
    assert.equal(await page.inputValue("#text"), "Ω");
    await t.done();
  });

  it("reads the Morse typed again when the alphabet changes", async () => {
    const { page } = t;
    await showView(page, "read");
    await page.locator("#alphabet option[value='cyrillic']").waitFor({ state: "attached" });
    await page.fill("#morse-input", "-.-. --.- / -.. .");
    await page.locator("#decoded", { hasText: "CQ DE" }).waitFor();
    await page.selectOption("#alphabet", "cyrillic");
    await page.locator("#decoded", { hasText: "ЦЩ ДЕ" }).waitFor();
    await t.done();
  });

  it("shows the chart chosen last, however slowly an earlier choice's chart arrives", async () => {
    const { page } = t;
    await showView(page, "chart");
    await page.locator("#chart-alphabet option[value='cyrillic']").waitFor({ state: "attached" });
    let slow: Promise<void> | undefined;
    await page.route("**/api/v1/chart?alphabet=cyrillic", (route) => {
      slow = new Promise<void>((resolve) => setTimeout(resolve, 500)).then(() => route.continue().catch(() => undefined));
    });
    await page.selectOption("#chart-alphabet", "cyrillic");
    await page.selectOption("#chart-alphabet", "greek");
    await page.locator("#chart button[data-character='Ω']").waitFor();
    await slow;
    // Long enough for the slow answer, had it been taken, to be drawn.
    await page.waitForTimeout(200);
    assert.equal(await page.locator("#chart button[data-character='Ω']").count(), 1);
    assert.equal(await page.locator("#chart button[data-character='Щ']").count(), 0);
    assert.equal(await page.textContent("#chart-error"), "");
    await page.unroute("**/api/v1/chart?alphabet=cyrillic");
    await t.done();
  });
});
