// Renders the app's PNG icons (web/icons/icon-192.png, icon-512.png) from web/icons/icon.svg in
// Debian's Chromium, for the web app manifest. Run again after changing the SVG; the PNGs are
// committed, so neither the build nor the tests need it.
import { readFile } from "node:fs/promises";
import { chromium } from "playwright-core";

const svg = await readFile("web/icons/icon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: `web/icons/icon-${size}.png`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
