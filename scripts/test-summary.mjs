/**
 * A test reporter for people (node --test --test-reporter=./scripts/test-summary.mjs): a dot for
 * each test that passes and an F for each that fails while the run goes on, then each failure
 * with its file, its place among its suites and its error, then the counts. The full TAP goes
 * to a file through a second reporter (scripts/test.sh, scripts/test-unit.sh).
 */
import { join, relative } from "node:path";

const WIDTH = 80;
/** The slowest files named at the end, with the time their tests took. */
const SLOWEST = 5;
/** Lines of an error's stack kept in the summary; the TAP file has it whole. */
const ERROR_LINES = 12;

/** Stack frames of Node's own, which say nothing about the test. */
const NODE_FRAME = /^\s+at (?:.*\()?(?:node:|new Promise|Array\.map|async Promise\.all)/;

/** The error a test failed with, as lines: its own, not the runner's wrapper, without Node's frames. */
function errorLines(error) {
  const cause = error?.failureType === "testCodeFailure" && error.cause ? error.cause : error;
  const lines = String(cause?.stack ?? cause?.message ?? cause)
    .split("\n")
    .filter((line) => !NODE_FRAME.test(line));
  return lines.length > ERROR_LINES ? [...lines.slice(0, ERROR_LINES), `… ${lines.length - ERROR_LINES} more lines`] : lines;
}

const where = (file) => (file ? relative(process.cwd(), file) : "(no file)");

/**
 * A suite in which an entry of scripts/test-shards.mjs runs a file's tests: named after that file,
 * reported from the entry. It is no test of the file's; it fails on its own only where the file
 * would not load.
 */
const isEntrySuite = (data) => data.nesting === 0 && data.name.endsWith(".test.ts") && data.file !== undefined && where(data.file) !== data.name;

/** An entry that found every file of its queue taken: Node reports a process that ran no test as a passing test named after it. */
const isIdleEntry = (type, data) => type === "test:pass" && data.nesting === 0 && data.name === data.file && data.file.endsWith(".mjs");

export default async function* summary(source) {
  const started = Date.now();
  const counts = { passed: 0, failed: 0, skipped: 0, todo: 0, cancelled: 0 };
  const files = new Set();
  /** Per file, the time its top-level tests took, ms. */
  const busy = new Map();
  const failures = [];
  /** Per file, the names of the tests now open, by nesting: a failure's place among its suites. */
  const open = new Map();
  /** Per file, the nesting of its tests' top level: 0 where the file was run alone, 1 in an entry's suite. */
  const top = new Map();
  /** Per file, what it wrote to standard error: the reason when a whole file fails (it would not load, or it crashed). */
  const stderr = new Map();
  let column = 0;
  const mark = function* (char) {
    column++;
    yield column % WIDTH === 0 ? `${char}\n` : char;
  };

  for await (const { type, data } of source) {
    if (type === "test:stderr") stderr.set(data.file, `${stderr.get(data.file) ?? ""}${data.message}`);
    if (type === "test:start" && !isEntrySuite(data)) {
      if (!top.has(data.file)) top.set(data.file, data.nesting);
      const stack = open.get(data.file) ?? [];
      stack.length = data.nesting;
      stack.push(data.name);
      open.set(data.file, stack);
    }
    if ((type !== "test:pass" && type !== "test:fail") || isIdleEntry(type, data)) continue;
    if (isEntrySuite(data)) {
      // The file's tests are counted by themselves; the suite only where the file failed as a whole
      // (it would not load, or a hook at its top level failed), as a file run alone would.
      if (type === "test:fail" && data.details?.error?.failureType !== "subtestsFailed") {
        const file = join(process.cwd(), data.name);
        files.add(file);
        counts.failed++;
        failures.push({ ...data, name: file, file, process: data.file });
      }
      continue;
    }
    files.add(data.file);
    if (data.nesting === (top.get(data.file) ?? 0)) busy.set(data.file, (busy.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    if (data.details?.type === "suite") {
      // A suite fails only through its tests, which are reported; a hook's failure is its own.
      if (type === "test:fail" && data.details.error?.failureType !== "subtestsFailed") {
        counts.failed++;
        failures.push(data);
      }
      continue;
    }
    if (data.skip !== undefined) counts.skipped++;
    else if (data.todo !== undefined) counts.todo++;
    else if (type === "test:pass") counts.passed++;
    else if (data.details?.error?.failureType === "cancelledByParent") counts.cancelled++;
    // A test whose subtests failed is counted through them.
    else if (data.details?.error?.failureType !== "subtestsFailed") {
      counts.failed++;
      failures.push({ ...data, path: [...(open.get(data.file) ?? []).slice(top.get(data.file) ?? 0, data.nesting), data.name] });
    }
    yield* mark(type === "test:pass" ? "." : "F");
  }

  if (column % WIDTH !== 0) yield "\n";
  if (failures.length > 0) {
    yield `\nfailed (${failures.length}):\n`;
    for (const failure of failures) {
      const place = failure.name === failure.file ? "" : ` › ${(failure.path ?? [failure.name]).join(" › ")}`;
      yield `\n✗ ${where(failure.file)}${place}\n`;
      for (const line of errorLines(failure.details?.error)) yield `    ${line}\n`;
      // A whole file that failed (its own name): what its process wrote to standard error says why.
      const wrote = failure.name === failure.file ? stderr.get(failure.process ?? failure.file) : undefined;
      for (const line of wrote?.trimEnd().split("\n").slice(-ERROR_LINES) ?? []) yield `    ${line}\n`;
    }
  }
  const slowest = [...busy].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
  if (slowest.length > 1) yield `\nslowest: ${slowest.map(([file, ms]) => `${where(file)} ${(ms / 1000).toFixed(1)} s`).join(", ")}\n`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const parts = Object.entries(counts)
    .filter(([name, count]) => count > 0 || name === "passed" || name === "failed")
    .map(([name, count]) => `${name} ${count}`);
  yield `\n${failures.length > 0 ? "FAILED" : "ok"}: ${parts.join(", ")}; ${files.size} files in ${seconds} s\n`;
}
