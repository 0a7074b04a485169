// Bundles the page for the browser into web/build/: its script (web/page/main.ts), its Web
// Worker (the library's live listener, web/workers/listen.ts) and its styles (web/styles/page.css
// and what it imports), each beside a Brotli and a gzip copy that the server sends to a browser
// that accepts one (src/http/playground.ts): about a third of the bytes on the wire. The page
// itself (web/index.html) gets its copies beside it too.
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build } from "esbuild";

const { metafile } = await build({
  entryPoints: [
    { in: "web/page/main.ts", out: "page" },
    { in: "web/workers/listen.ts", out: "listen-worker" },
    { in: "web/styles/page.css", out: "style" },
  ],
  outdir: "web/build",
  bundle: true,
  format: "esm",
  // A Node built-in anywhere in their imports fails the build.
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const served = [...Object.keys(metafile.outputs).filter((path) => !path.endsWith(".map")), "web/index.html"];
for (const path of served) {
  const bytes = await readFile(path);
  await writeFile(`${path}.br`, await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  await writeFile(`${path}.gz`, await gzipped(bytes, { level: 9 }));
}
