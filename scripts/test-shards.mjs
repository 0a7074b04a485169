/**
 * Puts test files together in a few processes (scripts/test-unit.sh): a process per file costs
 * its start, tsx and every module the file loads again, a third of a second for the smallest file.
 * Writes one entry per process into DIR and prints them to give Node's test runner: first the
 * files named FIRST, one a process; then SHARDS processes that share the other files; then the
 * files that keep a process of their own. Node's runner sorts the files it is given, so each
 * entry's name starts with its place (01-, 02-, ...): the order given is the order they start in.
 *
 * The shared files are a queue, in the order given (the heaviest first, so that none is left to
 * run alone at the end): each sharing process takes the next file no other has taken (a
 * directory made under DIR/taken/RUNNER/, which only one process of the run can make), runs its
 * tests, then takes the next, until none is left. A process that starts late, or draws short
 * files, so takes more.
 *
 * An entry runs each of its files inside a suite named after the file, so that a file that will
 * not load fails as that suite, and the hooks a file writes at its top level run around its own
 * tests. Tests report their own file, so a failure still names it (scripts/test-summary.mjs).
 * A file keeps its own process when it changes what other files would see (the environment, the
 * working directory, process handlers) or awaits at its top level, and when it is named FIRST,
 * so that the files that wait longest start first and none runs alone at the end.
 *
 * Usage: node scripts/test-shards.mjs DIR SHARDS FIRST_FILE... -- FILE...
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What a file does that other files in its process would see, or that needs the process to itself. */
const OWN_PROCESS = [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/, /\bprocess\.(chdir|on|once)\(/, /^(const|let) [^=]+= await /m, /^await /m];

const [dir, count, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--");
const first = rest.slice(0, split);
const files = rest.slice(split + 1);
const ownProcess = (file) => first.includes(file) || OWN_PROCESS.some((pattern) => pattern.test(readFileSync(file, "utf8")));
const own = files.filter(ownProcess);
const queue = files.filter((file) => !own.includes(file));

/** A file in a process of its own, its entry named after it. */
const alone = (file) => ({ name: file.replace(/\.test\.ts$/, "").replaceAll("/", "-"), source: entrySource([file], false) });
const runs = [
  ...first.filter((file) => own.includes(file)).map(alone),
  ...Array.from({ length: Math.min(Number(count), queue.length) }, (_, i) => ({ name: `shard-${i + 1}`, source: entrySource(queue, true) })),
  ...own.filter((file) => !first.includes(file)).map(alone),
];
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const width = String(runs.length).length;
const entries = runs.map((run, i) => {
  const entry = join(dir, `${String(i + 1).padStart(width, "0")}-${run.name}.mjs`);
  writeFileSync(entry, run.source);
  return entry;
});
process.stdout.write(`${entries.join("\n")}\n`);

/** An entry: each of its files' tests in a suite named after the file, one file after the other; from a queue shared with other processes, only the files it takes. */
function entrySource(files, shared) {
  const paths = JSON.stringify(files.map((file) => [file, relative(dir, file)]));
  return `// Written by scripts/test-shards.mjs: ${shared ? "the next test file no other process has taken, until none is left" : "this test file, in a process of its own"}.
import { mkdirSync } from "node:fs";
import { describe } from "node:test";

/** This run's claims: the runner that started this process started the others too. */
const taken = new URL(\`taken/\${process.ppid}/\`, import.meta.url);

/** Whether this process takes the queue's file number \`index\`: only one process can make its directory. */
function take(index) {
  try {
    mkdirSync(taken, { recursive: true });
    mkdirSync(new URL(String(index), taken));
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
}

for (const [index, [file, path]] of ${paths}.entries()) {
  if (${shared ? "take(index)" : "true"}) await describe(file, () => import(new URL(path, import.meta.url).href));
}
`;
}
