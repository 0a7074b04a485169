// Bundles the page for the browser into web/build/: its script (web/page/main.ts) and its
// Web Worker (the library's live listener, web/workers/listen.ts).
import { build } from "esbuild";

await build({
  entryPoints: { page: "web/page/main.ts", "listen-worker": "web/workers/listen.ts" },
  outdir: "web/build",
  bundle: true,
  format: "esm",
  // A Node built-in anywhere in their imports fails the build.
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: true,
  logLevel: "warning",
});
