/**
 * The built command, run as npm installs it (`npm test` and `npm run test:unit` build first):
 * its exit code and what it writes, through pipes or with its standard error on a terminal.
 */
import { type ExecFileOptions, execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { renderWavChunks } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";

/** The built command. */
export const MAIN = new URL("../../dist/cli/main.js", import.meta.url).pathname;
/** The built server, as `npm start` runs it. */
export const SERVER = new URL("../../dist/http/server.js", import.meta.url).pathname;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function ditdahBytes(args: string[], stdin: string | Buffer = "", options: ExecFileOptions = {}): Promise<Run & { bytes: Buffer }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [MAIN, ...args], { ...options, encoding: "buffer" }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout: stdout.toString("utf8"), stderr: stderr.toString("utf8"), bytes: stdout });
    });
    // A command that reads no input (--help) may exit before its input is written: the pipe's EPIPE is no failure of it, and what it wrote is asserted.
    child.stdin!.on("error", () => {});
    child.stdin!.end(stdin);
  });
}

export async function ditdah(args: string[], stdin?: string | Buffer, options?: ExecFileOptions): Promise<Run> {
  const { code, stdout, stderr } = await ditdahBytes(args, stdin, options);
  return { code, stdout, stderr };
}

/** The command with its standard error on a terminal (util-linux `script`) and its standard output in `stdoutFile`: what the terminal shows. */
export function ditdahOnTerminal(args: string[], stdoutFile: string): Promise<Run> {
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, MAIN, ...args].map(quote).join(" ");
  return new Promise((resolve) => {
    const child = execFile("script", ["-qec", `${command} > ${quote(stdoutFile)}`, "/dev/null"], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
    child.stdin!.end();
  });
}

/** The terminal's "erase to the end of the line". */
export const CLEAR = "\x1b[K";

export const wavOf = (text: string, wpm: number, frequency: number) =>
  Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency, sampleRate: 8000 })]);

/** A directory of its own for the tests of the describe block it is called in: made before them, removed after. Its path, once made. */
export function temporaryDir(prefix: string): () => string {
  let dir: string | undefined;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  after(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error("temporaryDir is read before its tests run");
    return dir;
  };
}
