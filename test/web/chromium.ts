/** Debian's Chromium for the browser tests, started as this machine needs it. */
import { chromium, type Browser } from "playwright-core";

/**
 * Headless as root on a machine without a network (the tool library's machines/node.md):
 * no sandbox, and no background connections, which the closed network refuses. The page's
 * Lighthouse bench (bench/page.ts) starts Chromium with these too.
 */
export const HEADLESS_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Audio may start without a gesture, so that a test can play before it clicks anything. */
const ARGS = [...HEADLESS_ARGS, "--autoplay-policy=no-user-gesture-required"];

/** Chromium with the standard flags and `extra` ones. */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: [...ARGS, ...extra] });
}
