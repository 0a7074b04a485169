/** The ditdah command line: its operands, version, help and usage, on the built command. */
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FREQUENCY, MAX_RECORDING_SECONDS, READ_SAMPLE_RATE, SAMPLE_RATE, WPM } from "../../src/http/limits.js";
import { ditdah, temporaryDir, wavOf } from "../helpers/cli.js";

const PACKAGE = new URL("../../package.json", import.meta.url);
const COMMANDS = ["encode", "decode", "chart", "audio", "timing", "wav", "mp3", "listen", "spots", "serve"];

/** The command's help for `args`, run once whichever tests read it. */
const helps = new Map<string, ReturnType<typeof ditdah>>();
function help(args: string[]): ReturnType<typeof ditdah> {
  const key = args.join("\0");
  if (!helps.has(key)) helps.set(key, ditdah(args));
  return helps.get(key)!;
}

describe("the ditdah command", () => {
  const dir = temporaryDir("ditdah-cli-");

  it("encodes arguments", async () => {
    assert.deepEqual(await ditdah(["encode", "Hello", "World"]), { code: 0, stdout: ".... . .-.. .-.. --- / .-- --- .-. .-.. -..\n", stderr: "" });
  });

  it("decodes standard input, with options", async () => {
    const run = await ditdah(["decode", "--dot", "*", "--dash", "=", "--separator", " | "], "*** === *** | ==*\n");
    assert.deepEqual(run, { code: 0, stdout: "SOS G\n", stderr: "" });
  });

  it("reads standard input for a lone -, and takes - among other words as a hyphen (or a T)", async () => {
    assert.deepEqual(await ditdah(["encode", "-"], "hi there\n"), { code: 0, stdout: ".... .. / - .... . .-. .\n", stderr: "" });
    assert.deepEqual(await ditdah(["decode", "-"], "-.-. --.-\n"), { code: 0, stdout: "CQ\n", stderr: "" });
    assert.deepEqual(await ditdah(["encode", "a", "-", "b"], "ignored"), { code: 0, stdout: ".- / -....- / -...\n", stderr: "" });
    assert.deepEqual(await ditdah(["decode", ".-", "-"], "ignored"), { code: 0, stdout: "AT\n", stderr: "" });
  });

  it("decodes Morse arguments that start with a hyphen, a quoted message too", async () => {
    assert.deepEqual(await ditdah(["decode", "-.-.", "--.-", "/", "...", "---", "..."]), { code: 0, stdout: "CQ SOS\n", stderr: "" });
    assert.deepEqual(await ditdah(["decode", "-.-. --.- / ... --- ..."]), { code: 0, stdout: "CQ SOS\n", stderr: "" });
    assert.deepEqual(await ditdah(["decode", "-- ---"]), { code: 0, stdout: "MO\n", stderr: "" });
  });

  it("takes every argument after -- as an operand, and -- itself as none, in every command", async () => {
    const ok = (stdout: string) => ({ code: 0, stdout, stderr: "" });
    assert.deepEqual(await ditdah(["decode", "--", "-.-. --.-"]), ok("CQ\n"));
    assert.deepEqual(await ditdah(["decode", "--", "-.-.", "--.-"]), ok("CQ\n"));
    assert.deepEqual(await ditdah(["decode", "--", "--", "---"]), ok("MO\n"));
    assert.deepEqual(await ditdah(["decode", "--alphabet", "cyrillic", "--", "-.-."]), ok("Ц\n"));
    // Nothing after it: standard input is read, as without it.
    assert.deepEqual(await ditdah(["decode", "--"], "-.-. --.-\n"), ok("CQ\n"));
    assert.deepEqual(await ditdah(["encode", "--"], "hi\n"), ok(".... ..\n"));
    // An option's value is no end of options, Morse-like or not.
    assert.deepEqual(await ditdah(["decode", "--dot", "*", "--dash", "--", "* -- *"]), ok("ETE\n"));
    assert.deepEqual(await ditdah(["decode", "--dash", "--", "--dot", "*", "--", "* -- *"]), ok("ETE\n"));
    assert.deepEqual(await ditdah(["encode", "--", "--help", "-5"]), ok("-....- -....- .... . .-.. .--. / -....- .....\n"));
    const audio = await ditdah(["audio", "--wpm", "25", "--", "-E"]);
    assert.deepEqual([audio.code, JSON.parse(audio.stdout).text], [0, "-E"]);
    assert.deepEqual(await ditdah(["timing", "--", "-E"]), await ditdah(["audio", "--", "-E"]));
    const wav = join(dir(), "operands.wav");
    assert.deepEqual(await ditdah(["wav", "--out", wav, "--", "-E"]), ok(""));
    assert.ok((await readFile(wav)).equals(wavOf("-E", 20, 600)));
    assert.deepEqual(await ditdah(["mp3", "--out", join(dir(), "operands.mp3"), "--", "-E"]), ok(""));
    // A recording whose name starts with a hyphen.
    await writeFile(join(dir(), "-cq.wav"), wavOf("CQ", 20, 700));
    const listen = await ditdah(["listen", "--", "-cq.wav"], "", { cwd: dir() });
    assert.deepEqual([listen.code, listen.stdout], [0, "CQ\n"]);
    assert.equal((await ditdah(["chart", "--"])).stdout, (await ditdah(["chart"])).stdout);
    // After --, an option is an operand: chart and serve take none.
    assert.equal((await ditdah(["chart", "--", "--json"])).code, 2);
    assert.equal((await ditdah(["serve", "--", "--help"])).code, 2);
  });

  it("prints its version, from package.json, for --version, -V and -v", async () => {
    const { version } = JSON.parse(await readFile(PACKAGE, "utf8"));
    for (const flag of ["--version", "-V", "-v"]) assert.deepEqual(await ditdah([flag]), { code: 0, stdout: `${version}\n`, stderr: "" }, flag);
    const extra = await ditdah(["-v", "listen"]);
    assert.deepEqual([extra.code, extra.stdout], [2, ""]);
    assert.match(extra.stderr, /^ditdah: -v takes no arguments\n\nUsage: ditdah COMMAND/);
  });

  it("explains a command with --help COMMAND and -h COMMAND as with COMMAND --help", async () => {
    for (const command of COMMANDS) {
      const own = await help([command, "--help"]);
      for (const flag of ["--help", "-h"]) assert.deepEqual(await help([flag, command]), own, `${flag} ${command}`);
    }
    const unknown = await ditdah(["--help", "bogus"]);
    assert.deepEqual([unknown.code, unknown.stdout], [2, ""]);
    assert.match(unknown.stderr, /^ditdah: unknown command "bogus"\n\nUsage: ditdah COMMAND/);
  });

  it("explains every command with --help and -h, on standard output", async () => {
    const usage = (command: string) => `Usage: ditdah ${command === "timing" ? "audio" : command}`;
    const runs = ["--help", "-h"].flatMap((flag) => [[flag], ...COMMANDS.map((command) => [command, flag])]);
    for (const [i, run] of (await Promise.all(runs.map((args) => help(args)))).entries()) {
      const [command, flag] = runs[i]!;
      assert.deepEqual([run.code, run.stderr], [0, ""], runs[i]!.join(" "));
      assert.match(run.stdout, new RegExp(`^${flag ? usage(command!) : "Usage: ditdah COMMAND"}\\b`));
      if (!flag) for (const name of COMMANDS) assert.ok(run.stdout.includes(`\n  ${usage(name).slice(14)} `), name);
    }
  });

  it("says what it cannot encode, exit code 1", async () => {
    assert.deepEqual(await ditdah(["encode", "a#"]), { code: 1, stdout: "", stderr: 'ditdah: Cannot encode character "#" at position 2\n' });
  });

  it("explains its usage on a wrong command line, exit code 2, nothing on standard output", async () => {
    const bogus = await ditdah(["bogus"]);
    assert.deepEqual([bogus.code, bogus.stdout], [2, ""]);
    assert.match(bogus.stderr, /^ditdah: unknown command "bogus"\n\nUsage: ditdah COMMAND/);
    const number = await ditdah(["timing", "--wpm", "fast", "E"]);
    assert.deepEqual([number.code, number.stdout], [2, ""]);
    assert.match(number.stderr, /^ditdah: --wpm must be a number \(got "fast"\)\n\nUsage: ditdah audio/);
    const option = await ditdah(["encode", "--wpm", "20", "E"]);
    assert.deepEqual([option.code, option.stdout], [2, ""]);
    assert.match(option.stderr, /^ditdah: Unknown option '--wpm'[\s\S]*Usage: ditdah encode/);
    assert.equal((await ditdah([])).code, 2);
    assert.equal((await ditdah(["chart", "extra"])).code, 2);
    assert.equal((await ditdah(["wav", "E"])).code, 2);
  });

  it("states the service's limits and defaults, as the API does", async () => {
    const wav = (await help(["wav", "--help"])).stdout;
    assert.match(wav, new RegExp(`--wpm N .*${WPM.min} to ${WPM.max} words per minute \\(default ${WPM.default}\\b`));
    assert.match(wav, new RegExp(`--frequency HZ .*${FREQUENCY.min} to ${FREQUENCY.max} Hz \\(default ${FREQUENCY.default}\\)`));
    assert.match(wav, new RegExp(`--sample-rate HZ .*${SAMPLE_RATE.min} to ${SAMPLE_RATE.max} samples per second \\(default ${SAMPLE_RATE.default}\\)`));
    const listen = (await help(["listen", "--help"])).stdout;
    assert.match(listen, new RegExp(`${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second,\\s+at most ${MAX_RECORDING_SECONDS / 60} minutes`));
  });
});
