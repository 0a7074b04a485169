/**
 * Puts test files together in a few processes (scripts/test-unit.sh): a process per file costs
 * its start, tsx and every module the file loads again, a third of a second for the smallest file.
 * Writes one entry per process into DIR, each importing its file or its share of the files, and
 * prints the entries to give Node's test runner: the files named FIRST, then the shards, then the
 * other files that keep a process of their own. Node's runner sorts the files it is given, so each
 * entry's name starts with its place (01-, 02-, ...): the order given is the order they start in.
 * Tests report their own file, so a failure still names it (scripts/test-summary.mjs).
 *
 * A file keeps its own process when it changes what other files would see (the environment, the
 * working directory, process handlers), when it writes hooks or awaits at its top level (hooks
 * there belong to the process: they run before its next test and at its end, which suits a
 * file's server, serveForTests, but nothing that must end with the file), and when it is named
 * FIRST, so that the files that wait longest start first and none runs alone at the end.
 *
 * Usage: node scripts/test-shards.mjs DIR SHARDS FIRST_FILE... -- FILE...
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
const first = rest.slice(0, split);
const files = rest.slice(split + 1);
const ownProcess = (file) => first.includes(file) || OWN_PROCESS.some((pattern) => pattern.test(readFileSync(file, "utf8")));
const own = files.filter(ownProcess);
const shared = files.filter((file) => !own.includes(file));
const shards = Array.from({ length: Math.min(Number(count), shared.length) }, (_, i) => shared.filter((_, j) => j % Number(count) === i));

/** A file in a process of its own, its entry named after it. */
const alone = (file) => ({ name: file.replace(/\.test\.ts$/, "").replaceAll("/", "-"), files: [file] });
// The files named FIRST, in their order; then the shards, then the rest of their own.
const runs = [
  ...first.filter((file) => own.includes(file)).map(alone),
  ...shards.map((share, i) => ({ name: `shard-${i + 1}`, files: share })),
  ...own.filter((file) => !first.includes(file)).map(alone),
];
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const width = String(runs.length).length;
const entries = runs.map((run, i) => {
  const entry = join(dir, `${String(i + 1).padStart(width, "0")}-${run.name}.mjs`);
  writeFileSync(entry, entrySource(run.files.map((file) => [file, relative(dir, file)])));
  return entry;
});
process.stdout.write(`${entries.join("\n")}\n`);

/** An entry: its files imported one after the other; a file that will not load fails as a test of that name. */
function entrySource(files) {
  return `// Written by scripts/test-shards.mjs: ${files.length === 1 ? "this test file, in a process of its own" : "these test files, in one process"}.
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
