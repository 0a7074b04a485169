/**
 * The page's Lighthouse scores (`npm run bench -- page`): performance, accessibility, best
 * practices and SEO, with Lighthouse's mobile and desktop presets, of the page as the real
 * server (dist/http/server.js) serves it, in Debian's Chromium started by chrome-launcher
 * (CHROME_PATH, by default /usr/bin/chromium; never a downloaded browser). The target is 95 or
 * more in each. Lighthouse's mobile preset simulates a slow phone on a slow 4G link from what it
 * measures, so its performance figure varies by a point or two with the machine's load: each
 * preset is run BENCH_PAGE_RUNS times (default 3) and the median of each score printed, with
 * the range.
 */
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { HEADLESS_ARGS } from "../test/web/chromium.js";
import { startOurServer } from "./lib/server.js";
import { PINNED, pinLoadGenerator, stopServer } from "./lib/process.js";
import { line, median } from "./lib/stats.js";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** Lighthouse's own target for the page: 95 in each category. */
const TARGET = 95;

/** The measures performance is scored from, in ms but for the layout shift. */
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index", "cumulative-layout-shift"] as const;
/** With Lighthouse's own measure of the machine's speed (benchmarkIndex: higher is faster), which its mobile figures scale by. */
type Metric = (typeof METRICS)[number] | "benchmarkIndex";

const PRESETS = { mobile: undefined, desktop: desktopConfig } as const;
type Preset = keyof typeof PRESETS;

/** One Lighthouse run of `url` with `preset`: each category's score out of 100, and the audits that lost points. */
async function audit(
  url: string,
  port: number,
  preset: Preset,
): Promise<{ scores: Record<Category, number>; lost: string[]; metrics: Record<Metric, number> }> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, PRESETS[preset]);
  if (!result) throw new Error("Lighthouse gave no result");
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round(100 * (categories[name]?.score ?? 0))])) as Record<Category, number>;
  const lost = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a.id} ${Math.round(100 * (a.score ?? 0))}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  const metrics = Object.fromEntries(METRICS.map((id) => [id, audits[id]?.numericValue ?? Number.NaN])) as Record<Metric, number>;
  metrics.benchmarkIndex = result.lhr.environment.benchmarkIndex;
  return { scores, lost, metrics };
}

/**
 * Chromium on every CPU, as a browser is: it inherits this process's CPUs, which the harness
 * keeps off the server's (lib/process.ts), so they are widened while it starts and narrowed
 * again after. Pinned to one CPU, Chromium's threads queue behind each other and Lighthouse,
 * which scales what it measures by four for its mobile preset, reports seconds of blocking.
 */
async function launchUnpinned(): Promise<chromeLauncher.LaunchedChrome> {
  if (PINNED) execFileSync("taskset", ["-a", "-cp", `0-${cpus().length - 1}`, String(process.pid)], { stdio: "ignore" });
  try {
    return await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: HEADLESS_ARGS });
  } finally {
    pinLoadGenerator();
  }
}

export async function runPageBench(): Promise<void> {
  const runs = Number(process.env.BENCH_PAGE_RUNS ?? 3);
  const server = await startOurServer();
  const chrome = await launchUnpinned();
  try {
    const url = `${server.baseUrl}/`;
    for (const preset of Object.keys(PRESETS) as Preset[]) {
      const taken: Record<Category, number>[] = [];
      const lost = new Set<string>();
      const measured: Record<Metric, number>[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await audit(url, chrome.port, preset);
        taken.push(result.scores);
        measured.push(result.metrics);
        for (const item of result.lost) lost.add(item.replace(/ \d+( \(.*\))?$/, ""));
      }
      const figures = CATEGORIES.map((name) => {
        const values = taken.map((scores) => scores[name]);
        const range = Math.min(...values) === Math.max(...values) ? "" : ` (${Math.min(...values)}-${Math.max(...values)})`;
        return `${name} ${median(values)}${range}`;
      });
      line(`page lighthouse ${preset}`, `${figures.join(", ")}; median of ${runs} runs, target ≥ ${TARGET} each`);
      const metrics = METRICS.map((id) => `${id} ${median(measured.map((m) => m[id])).toFixed(id === "cumulative-layout-shift" ? 3 : 0)}`);
      const speed = median(measured.map((m) => m.benchmarkIndex)).toFixed(0);
      line(
        `page lighthouse ${preset} measures`,
        `${metrics.join(", ")} (ms but the shift; medians, as Lighthouse simulates them); machine benchmarkIndex ${speed}`,
      );
      line(`page lighthouse ${preset} audits below 90`, lost.size === 0 ? "none" : [...lost].join(", "));
    }
  } finally {
    chrome.kill();
    await stopServer(server);
  }
}
