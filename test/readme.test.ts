/**
 * The README's examples, run as written against a real listening server, in the README's
 * order and in one directory (an example reads the files that those before it wrote): every
 * curl command, each answer shown beside one compared with what the service says, and every
 * JavaScript example of the library and of the WebSocket, each value shown beside one of its
 * expression statements compared with what the statement gives (a value shown beside a
 * declaration is prose to this test). Only `localhost:3000` is changed, to the test server's
 * address. The built package is what `import ... from "ditdah"` loads (`npm
 * test` builds first: scripts/test.sh).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { REPO_ROOT } from "./helpers/processes.js";
import { codeBlocks, curlExamples, shownStatements, type CodeBlock } from "./helpers/readme-examples.js";
import { serveForTests } from "./helpers/server.js";
import { assertShown, shownValue } from "./helpers/shown-answers.js";

const README = join(REPO_ROOT, "README.md");
const README_SERVER = "localhost:3000";
/** Where each example's shown values are written by the example itself, in its directory. */
const SHOWN_FILE = "shown-values.json";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { ...options, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The block as a module that records, beside running as written, the value of each statement
 * whose value it shows, and writes them to SHOWN_FILE as it exits (JSON: typed arrays as arrays).
 */
function recording(block: CodeBlock, server: string): string {
  const statements = shownStatements(block);
  const lines = block.lines.map((line) => line.replaceAll(README_SERVER, server));
  for (const { index, expression } of statements) lines[index] = lines[index]!.replace(`${expression};`, `__shown(${index}, ${expression});`);
  return [
    `import { writeFileSync as __writeShown } from "node:fs";`,
    ...lines,
    // Each value wrapped, so that an undefined one (a key JSON leaves out) is told from one never recorded.
    `function __shown(index, value) { (globalThis.__shownValues ??= {})[index] = { value }; return value; }`,
    `process.on("exit", () => __writeShown(${JSON.stringify(SHOWN_FILE)}, ` +
      `JSON.stringify(globalThis.__shownValues ?? {}, (_key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value))));`,
  ].join("\n");
}

/** A block of JavaScript that uses the library or the WebSocket: an example to run. */
const isLibraryExample = (block: CodeBlock) =>
  ["ts", "js"].includes(block.language) && block.lines.some((line) => /^import .* from "(ditdah|ws)";$/.test(line));

describe("the README's examples", () => {
  const server = serveForTests();
  let dir: string;
  let blocks: CodeBlock[];

  before(async () => {
    blocks = codeBlocks(await readFile(README, "utf8"));
    dir = await mkdtemp(join(tmpdir(), "ditdah-readme-"));
    // `import ... from "ditdah"` (the built package) and `from "ws"`, as after `npm i ditdah ws`.
    await mkdir(join(dir, "node_modules"));
    await symlink(REPO_ROOT, join(dir, "node_modules", "ditdah"), "dir");
    await symlink(join(REPO_ROOT, "node_modules", "ws"), join(dir, "node_modules", "ws"), "dir");
    // curl as written, but failing on an HTTP error (its body still shown) and quiet about progress.
    await writeFile(join(dir, ".curlrc"), "fail-with-body\nsilent\nshow-error\n");
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it("holds curl and library examples, and answers shown beside them", () => {
    const curls = blocks.filter((b) => b.language === "sh").flatMap(curlExamples);
    const library = blocks.filter(isLibraryExample);
    assert.ok(curls.length >= 10 && curls.filter((c) => c.shown).length >= 4, `${curls.length} curl examples`);
    assert.ok(library.length >= 10 && library.flatMap(shownStatements).length >= 20, `${library.length} library examples`);
  });

  it("runs every example in the README's order, each shown answer what the service and the library say", { timeout: 300_000 }, async () => {
    const host = new URL(server.url).host;
    const env = { ...process.env, CURL_HOME: dir };
    for (const block of blocks) {
      if (block.language === "sh") {
        for (const { line, command, shown } of curlExamples(block)) {
          const where = `README.md:${line}`;
          const { code, stdout, stderr } = await run("bash", ["-c", command.replaceAll(README_SERVER, host)], { cwd: dir, env });
          assert.equal(code, 0, `${where}: ${command}\n${stderr}${stdout}`);
          if (stdout !== "") assert.equal(JSON.parse(stdout).success, true, `${where}: ${stdout}`);
          if (shown) assertShown(JSON.parse(stdout), shownValue(shown), where);
        }
      } else if (isLibraryExample(block)) {
        const file = join(dir, `example-${block.line}.mts`);
        await writeFile(file, recording(block, host));
        await rm(join(dir, SHOWN_FILE), { force: true });
        const { code, stdout, stderr } = await run(process.execPath, ["--import", import.meta.resolve("tsx"), file], { cwd: dir });
        assert.equal(code, 0, `README.md:${block.line}: the example failed\n${stderr}${stdout}`);
        const values = JSON.parse(await readFile(join(dir, SHOWN_FILE), "utf8")) as Record<string, { value?: unknown }>;
        for (const { index, expression, shown } of shownStatements(block)) {
          const where = `README.md:${block.line + index}: ${expression}`;
          assert.ok(Object.hasOwn(values, index), `${where}: not run`);
          assertShown(values[index]!.value, shownValue(shown), where);
        }
      }
    }
  });
});
