// Bundles the page's Web Worker (the library's live listener) for the browser: web/build/.
import { build } from "esbuild";

await build({
  entryPoints: ["web/workers/listen.ts"],
  outfile: "web/build/listen-worker.js",
  bundle: true,
  format: "esm",
  // A Node built-in anywhere in the listener's imports fails the build.
  platform: "browser",
  target: "es2022",
  minify: true,
  logLevel: "warning",
});
