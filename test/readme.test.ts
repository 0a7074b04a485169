/**
 * The examples of the README and of the docs pages, run as written against a real listening
 * server, each page in its own directory and in its order (an example reads the files that
 * those before it wrote): every curl command, each answer shown beside one compared with what
 * the service says (an answer shown with `"success":false` is the error the command must get);
 * every `ditdah` command, its standard output compared with the string shown beside it; and
 * every JavaScript example of the library and of the WebSocket, each value shown beside one of
 * its expression statements compared with what the statement gives (a value shown beside a
 * declaration is prose to this test). Only `localhost:3000` is changed, to the test server's
 * address. The built package is what `import ... from "ditdah"` and `ditdah` run (`npm test`
 * and `npm run test:unit` build first).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { transform } from "esbuild";
import { REPO_ROOT } from "./helpers/processes.js";
import { codeBlocks, commandExamples, curlExamples, shownStatements, type CodeBlock } from "./helpers/readme-examples.js";
import { serveForTests } from "./helpers/server.js";
import { assertShown, shownValue } from "./helpers/shown-answers.js";

/** The pages whose examples run, each in a directory of its own. */
const PAGES = ["README.md", "docs/api.md", "docs/alphabets.md", "docs/library.md", "docs/cli.md"];
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

/** Whether a shown answer is an error's: the command is then to fail with it. */
const isErrorShown = (shown: string) => (shownValue(shown) as { success?: unknown }).success === false;

/** A directory to run a page's examples in, as after `npm i ditdah ws`, with `ditdah` on the PATH. */
async function exampleDirectory(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ditdah-readme-"));
  await mkdir(join(dir, "node_modules", ".bin"), { recursive: true });
  await symlink(REPO_ROOT, join(dir, "node_modules", "ditdah"), "dir");
  await symlink(join(REPO_ROOT, "node_modules", "ws"), join(dir, "node_modules", "ws"), "dir");
  await symlink(join(REPO_ROOT, "dist", "cli", "main.js"), join(dir, "node_modules", ".bin", "ditdah"));
  // curl as written, but failing on an HTTP error (its body still shown) and quiet about progress.
  await writeFile(join(dir, ".curlrc"), "fail-with-body\nsilent\nshow-error\n");
  return dir;
}

async function runPage(page: string, blocks: CodeBlock[], dir: string, host: string): Promise<void> {
  const env = { ...process.env, CURL_HOME: dir, PATH: `${join(dir, "node_modules", ".bin")}:${process.env.PATH}` };
  for (const block of blocks) {
    if (block.language === "sh") {
      for (const { line, command, shown } of curlExamples(block)) {
        const where = `${page}:${line}`;
        const { code, stdout, stderr } = await run("bash", ["-c", command.replaceAll(README_SERVER, host)], { cwd: dir, env });
        // curl --fail-with-body exits 22 on an HTTP error, its body still written.
        const failing = shown !== undefined && isErrorShown(shown);
        assert.equal(code, failing ? 22 : 0, `${where}: ${command}\n${stderr}${stdout}`);
        if (stdout !== "") assert.equal(JSON.parse(stdout).success, !failing, `${where}: ${stdout}`);
        if (shown) assertShown(JSON.parse(stdout), shownValue(shown), where);
      }
      for (const { line, command, output } of commandExamples(block)) {
        const where = `${page}:${line}: ${command}`;
        const { code, stdout, stderr } = await run("bash", ["-c", command], { cwd: dir, env });
        assert.equal(code, 0, `${where}\n${stderr}${stdout}`);
        if (output !== undefined) assert.equal(stdout.trimEnd(), output, where);
      }
    } else if (isLibraryExample(block)) {
      // Its types stripped as tsx would (esbuild), so that node runs it without loading tsx each time.
      const file = join(dir, `example-${block.line}.mjs`);
      await writeFile(file, (await transform(recording(block, host), { loader: "ts", format: "esm" })).code);
      await rm(join(dir, SHOWN_FILE), { force: true });
      const { code, stdout, stderr } = await run(process.execPath, [file], { cwd: dir });
      assert.equal(code, 0, `${page}:${block.line}: the example failed\n${stderr}${stdout}`);
      const values = JSON.parse(await readFile(join(dir, SHOWN_FILE), "utf8")) as Record<string, { value?: unknown }>;
      for (const { index, expression, shown } of shownStatements(block)) {
        const where = `${page}:${block.line + index}: ${expression}`;
        assert.ok(Object.hasOwn(values, index), `${where}: not run`);
        assertShown(values[index]!.value, shownValue(shown), where);
      }
    }
  }
}

describe("the examples of the README and the docs", () => {
  const server = serveForTests();
  const pages = new Map<string, CodeBlock[]>();
  const dirs: string[] = [];

  before(async () => {
    for (const page of PAGES) pages.set(page, codeBlocks(await readFile(join(REPO_ROOT, page), "utf8")));
  });
  after(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("hold curl, command and library examples, and answers shown beside them", () => {
    const blocks = [...pages.values()].flat();
    const shell = blocks.filter((b) => b.language === "sh");
    const curls = shell.flatMap(curlExamples);
    const commands = shell.flatMap(commandExamples);
    const library = blocks.filter(isLibraryExample);
    assert.ok(curls.length >= 20 && curls.filter((c) => c.shown).length >= 10, `${curls.length} curl examples`);
    assert.ok(
      curls.some((c) => c.shown && isErrorShown(c.shown)),
      "an error shown",
    );
    assert.ok(commands.length >= 10 && commands.filter((c) => c.output !== undefined).length >= 5, `${commands.length} command examples`);
    assert.ok(library.length >= 10 && library.flatMap(shownStatements).length >= 20, `${library.length} library examples`);
    const readme = pages.get("README.md")!;
    assert.ok(
      readme.some((b) => b.language === "sh" && curlExamples(b).length > 0) && readme.some(isLibraryExample),
      "the README runs an API and a library example",
    );
  });

  for (const page of PAGES) {
    it(`runs every example of ${page} in order, each shown answer what the service, the command and the library say`, { timeout: 300_000 }, async () => {
      const dir = await exampleDirectory();
      dirs.push(dir);
      await runPage(page, pages.get(page)!, dir, new URL(server.url).host);
    });
  }
});
