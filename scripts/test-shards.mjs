/**
 * Puts test files together in a few processes (scripts/test-unit.sh): a process per file costs
 * its start, tsx and every module the file loads again, a third of a second for the smallest file.
 * Writes DIR/shard-N.mjs, each importing its share of the files, and prints the files to give
 * Node's test runner: the shards, then the files that keep a process of their own.
 * Tests report their own file, so a failure still names it (scripts/test-summary.mjs).
 *
 * A file keeps its own process when it changes what other files would see (the environment, the
 * working directory, process handlers), when it writes hooks or awaits at its top level (hooks
 * there belong to the process: they run before its next test and at its end, which suits a
 * file's server, serveForTests, but nothing that must end with the file), and when it is named
 * SLOW, so that the long files start first and none runs alone at the end.
 *
 * Usage: node scripts/test-shards.mjs DIR SHARDS SLOW_FILE... -- FILE...
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What a file does that other files in its process would see, or that needs the process to itself. */
const OWN_PROCESS = [
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bprocess\.(chdir|on|once)\(/,
  /^(before|after|beforeEach|afterEach)\(/m,
  /^(const|let) [^=]+= await /m,
  /^await /m,
];

const [dir, count, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--");
const slow = new Set(rest.slice(0, split));
const files = rest.slice(split + 1);
const ownProcess = (file) => slow.has(file) || OWN_PROCESS.some((pattern) => pattern.test(readFileSync(file, "utf8")));
const own = files.filter(ownProcess);
const shared = files.filter((file) => !own.includes(file));

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const shards = Array.from({ length: Math.min(Number(count), shared.length) }, (_, i) => shared.filter((_, j) => j % Number(count) === i));
const entries = shards.map((share, i) => {
  const entry = join(dir, `shard-${i + 1}.mjs`);
  writeFileSync(entry, shardSource(share.map((file) => [file, relative(dir, file)])));
  return entry;
});
// The named slow files first, in their order; then the shards, then the rest of their own.
const first = [...slow].filter((file) => own.includes(file));
process.stdout.write(`${[...first, ...entries, ...own.filter((file) => !slow.has(file))].join("\n")}\n`);

/** A shard: its files imported one after the other; a file that will not load fails as a test of that name. */
function shardSource(files) {
  return `// Written by scripts/test-shards.mjs: these test files, in one process.
import { test } from "node:test";

for (const [file, path] of ${JSON.stringify(files)}) {
  try {
    await import(new URL(path, import.meta.url).href);
  } catch (error) {
    test(\`\${file} loads\`, () => {
      throw error;
    });
  }
}
`;
}
