import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { FREQUENCY, MAX_RECORDING_SECONDS, READ_SAMPLE_RATE, SAMPLE_RATE, WPM } from "../../src/http/limits.js";

const MAIN = new URL("../../src/cli/main.ts", import.meta.url).pathname;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function ditdah(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ["--import", "tsx", MAIN, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
    child.stdin!.end(stdin ?? "");
  });
}

describe("the ditdah command", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "ditdah-cli-"));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it("encodes arguments", async () => {
    assert.deepEqual(await ditdah(["encode", "Hello", "World"]), { code: 0, stdout: ".... . .-.. .-.. --- / .-- --- .-. .-.. -..\n", stderr: "" });
  });

  it("decodes standard input, with options", async () => {
    const run = await ditdah(["decode", "--dot", "*", "--dash", "=", "--separator", " | "], "*** === *** | ==*\n");
    assert.deepEqual(run, { code: 0, stdout: "SOS G\n", stderr: "" });
  });

  it("prints the timeline as JSON", async () => {
    const run = await ditdah(["timing", "--wpm", "20", "E"]);
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout).sequence, [{ type: "dot", startMs: 0, durationMs: 60 }]);
  });

  it("writes a WAV and hears it back", async () => {
    const file = join(dir, "cq.wav");
    assert.equal((await ditdah(["wav", "--out", file, "--wpm", "25", "--frequency", "700", "CQ DE K1ABC"])).code, 0);
    assert.equal((await readFile(file)).subarray(0, 4).toString(), "RIFF");
    const run = await ditdah(["listen", file]);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^CQ DE K1ABC\n\(-\.-\. --\.- \/ -\.\. \. \/ -\.- \.---- \.- -\.\.\. -\.-\.; 2[45](\.\d)? wpm, 700 Hz\)\n$/);
  });

  it("says what it cannot encode, exit code 1", async () => {
    assert.deepEqual(await ditdah(["encode", "a#"]), { code: 1, stdout: "", stderr: 'ditdah: Cannot encode character "#" at position 2\n' });
  });

  it("explains its usage on a wrong command, exit code 2", async () => {
    const run = await ditdah(["bogus"]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /unknown command "bogus"[\s\S]*Usage:/);
    assert.equal((await ditdah(["timing", "--wpm", "fast", "E"])).stderr.split("\n")[0], 'ditdah: --wpm must be a number (got "fast")');
  });

  it("states the service's limits and defaults, as the API does", async () => {
    const { code, stdout } = await ditdah(["--help"]);
    assert.equal(code, 0);
    assert.match(stdout, new RegExp(`--wpm N .*${WPM.min} to ${WPM.max} words per minute \\(default ${WPM.default}\\b`));
    assert.match(stdout, new RegExp(`--frequency HZ .*${FREQUENCY.min} to ${FREQUENCY.max} Hz \\(default ${FREQUENCY.default}\\)`));
    assert.match(stdout, new RegExp(`--sample-rate HZ .*${SAMPLE_RATE.min} to ${SAMPLE_RATE.max} samples per second \\(default ${SAMPLE_RATE.default}\\)`));
    assert.match(stdout, new RegExp(`${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second, at most ${MAX_RECORDING_SECONDS / 60} minutes`));
  });

  it("writes a WAV at the default sample rate when none is given", async () => {
    const file = join(dir, "default.wav");
    assert.equal((await ditdah(["wav", "--out", file, "E"])).code, 0);
    assert.equal((await readFile(file)).readUInt32LE(24), SAMPLE_RATE.default);
  });
});
