import assert from "node:assert/strict";
import { type ExecFileOptions, execFile, spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { MPEGDecoder } from "mpg123-decoder";
import { decodeAudio, encodeWav, readRecording, renderMp3Chunks, renderWavChunks } from "../../src/audio/index.js";
import { CHART, timeline } from "../../src/core/index.js";
import { FREQUENCY, MAX_RECORDING_SECONDS, MP3_BITRATE, READ_SAMPLE_RATE, SAMPLE_RATE, WPM } from "../../src/http/limits.js";
import { timelineInMicroseconds } from "../../src/http/microseconds.js";
import { recordBand } from "../fixtures/band.js";
import { encodeAs } from "../fixtures/encoded.js";
import { mp3Frames } from "../helpers/mp3.js";
import { freePorts, httpGet, Managed, waitFor } from "../helpers/processes.js";

/** The built command, as npm installs it (`npm test` builds first: scripts/test.sh). */
const MAIN = new URL("../../dist/cli/main.js", import.meta.url).pathname;
/** The built server, as `npm start` runs it. */
const SERVER = new URL("../../dist/http/server.js", import.meta.url).pathname;
const PACKAGE = new URL("../../package.json", import.meta.url);
const COMMANDS = ["encode", "decode", "chart", "audio", "timing", "wav", "mp3", "listen", "spots", "serve"];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function ditdahBytes(args: string[], stdin: string | Buffer = "", options: ExecFileOptions = {}): Promise<Run & { bytes: Buffer }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [MAIN, ...args], { ...options, encoding: "buffer" }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout: stdout.toString("utf8"), stderr: stderr.toString("utf8"), bytes: stdout });
    });
    child.stdin!.end(stdin);
  });
}

async function ditdah(args: string[], stdin?: string | Buffer, options?: ExecFileOptions): Promise<Run> {
  const { code, stdout, stderr } = await ditdahBytes(args, stdin, options);
  return { code, stdout, stderr };
}

/** The command with its standard error on a terminal (util-linux `script`) and its standard output in `stdoutFile`: what the terminal shows. */
function ditdahOnTerminal(args: string[], stdoutFile: string): Promise<Run> {
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
const CLEAR = "\x1b[K";

const wavOf = (text: string, wpm: number, frequency: number) => Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency, sampleRate: 8000 })]);

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
    const wav = join(dir, "operands.wav");
    assert.deepEqual(await ditdah(["wav", "--out", wav, "--", "-E"]), ok(""));
    assert.ok((await readFile(wav)).equals(wavOf("-E", 20, 600)));
    assert.deepEqual(await ditdah(["mp3", "--out", join(dir, "operands.mp3"), "--", "-E"]), ok(""));
    // A recording whose name starts with a hyphen.
    await writeFile(join(dir, "-cq.wav"), wavOf("CQ", 20, 700));
    const listen = await new Promise<Run>((resolve) =>
      execFile(process.execPath, [MAIN, "listen", "--", "-cq.wav"], { cwd: dir }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
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
      const own = await ditdah([command, "--help"]);
      for (const flag of ["--help", "-h"]) assert.deepEqual(await ditdah([flag, command]), own, `${flag} ${command}`);
    }
    const unknown = await ditdah(["--help", "bogus"]);
    assert.deepEqual([unknown.code, unknown.stdout], [2, ""]);
    assert.match(unknown.stderr, /^ditdah: unknown command "bogus"\n\nUsage: ditdah COMMAND/);
  });

  it("explains every command with --help and -h, on standard output", async () => {
    const usage = (command: string) => `Usage: ditdah ${command === "timing" ? "audio" : command}`;
    const runs = ["--help", "-h"].flatMap((flag) => [[flag], ...COMMANDS.map((command) => [command, flag])]);
    for (const [i, run] of (await Promise.all(runs.map((args) => ditdah(args)))).entries()) {
      const [command, flag] = runs[i]!;
      assert.deepEqual([run.code, run.stderr], [0, ""], runs[i]!.join(" "));
      assert.match(run.stdout, new RegExp(`^${flag ? usage(command!) : "Usage: ditdah COMMAND"}\\b`));
      if (!flag) for (const name of COMMANDS) assert.ok(run.stdout.includes(`\n  ${usage(name).slice(14)} `), name);
    }
  });

  it("prints the chart as a table: every character of the core's chart, the Morse in one column", async () => {
    const { code, stdout, stderr } = await ditdah(["chart"]);
    assert.equal(code, 0);
    assert.equal(stderr, "");
    const lines = stdout.split("\n");
    const ROW = /^\S+ {2,}\S+$/;
    assert.deepEqual(
      lines.filter((line) => line !== "" && !ROW.test(line)),
      ["Letters", "Digits", "Punctuation", "Prosigns", "Accented letters", "Other signs"],
    );
    const rows = lines.filter((line) => ROW.test(line));
    assert.deepEqual(
      rows.map((row) => row.split(/ +/)),
      Object.values(CHART).flatMap((table) => Object.entries(table)),
    );
    const column = (character: string) => rows.find((row) => row.startsWith(`${character} `))!.search(/[-.]+$/);
    for (const character of ["0", "?", "<SK>", "<SOS>", "É"]) assert.equal(column(character), column("A"), character);
    assert.ok(rows.includes(`<SK>${" ".repeat(column("A") - 4)}...-.-`));
  });

  it("takes --alphabet for the chart and for decode, and refuses an unknown one with the list", async () => {
    const greek = await ditdah(["chart", "--alphabet", "greek"]);
    assert.equal(greek.code, 0);
    assert.ok(
      greek.stdout.split("\n").includes(
        `Ω${" ".repeat(
          greek.stdout
            .split("\n")
            .find((l) => l.startsWith("Α "))!
            .search(/[-.]+$/) - 1,
        )}.--`,
      ),
    );
    const decoded = await ditdah(["decode", "--alphabet", "cyrillic", "-.-.", "--.-", "/", "-..", "."]);
    assert.equal(decoded.stdout, "ЦЩ ДЕ\n");
    const bad = await ditdah(["decode", "--alphabet", "elvish", "-.-."]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /alphabet must be one of latin, cyrillic, /);
  });

  it("takes any alphabet for encode, audio and wav (--alphabet persian), and refuses an unknown one with the list", async () => {
    // خانه has no letter only Persian has: without --alphabet it goes out in Arabic's table.
    assert.deepEqual(await ditdah(["encode", "خانه"]), { code: 0, stdout: "--- .- -. ..-..\n", stderr: "" });
    assert.deepEqual(await ditdah(["encode", "--alphabet", "persian", "خانه"]), { code: 0, stdout: "-..- .- -. .\n", stderr: "" });
    const audio = await ditdah(["audio", "--alphabet", "persian", "خانه"]);
    assert.equal(audio.code, 0);
    assert.equal(JSON.parse(audio.stdout).morse, "-..- .- -. .");
    const file = join(dir, "persian.wav");
    assert.deepEqual(await ditdah(["wav", "--alphabet", "persian", "--out", file, "خانه"]), { code: 0, stdout: "", stderr: "" });
    const persian = timeline("خانه", { alphabet: "persian" });
    assert.ok((await readFile(file)).equals(Buffer.concat([...renderWavChunks(persian, { frequency: FREQUENCY.default, sampleRate: SAMPLE_RATE.default })])));
    assert.deepEqual(await ditdah(["encode", "--alphabet", "persian", "CQ"]), {
      code: 1,
      stdout: "",
      stderr: 'ditdah: Cannot encode characters "C" at position 1 and "Q" at position 2\n',
    });
    const bad = await ditdah(["encode", "--alphabet", "elvish", "E"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /alphabet must be one of latin, cyrillic, .*persian.* or american\n$/);
    assert.match((await ditdah(["encode", "--help"])).stdout, /--alphabet NAME .*latin.*persian.*american/);
  });

  it("prints the chart as the API's JSON", async () => {
    const { code, stdout, stderr } = await ditdah(["chart", "--json"]);
    assert.equal(code, 0);
    assert.equal(stderr, "");
    assert.deepEqual(JSON.parse(stdout), { success: true, ...CHART });
    assert.equal(stdout, `${JSON.stringify({ success: true, ...CHART })}\n`);
  });

  it("prints the /api/v1/audio JSON for a text, also as timing", async () => {
    const run = await ditdah(["audio", "--wpm", "20", "E"]);
    assert.deepEqual(run, {
      code: 0,
      stdout:
        '{"success":true,"text":"E","morse":".","wpm":20,"frequency":600,"unitMs":60,"fwpm":20,"durationMs":60,"sequence":[{"type":"dot","startMs":0,"durationMs":60}]}\n',
      stderr: "",
    });
    const args = ["--wpm", "25", "--fwpm", "15", "--frequency", "700", "-"];
    const audio = await ditdah(["audio", ...args], "PARIS <AR>\n");
    assert.equal(audio.code, 0);
    const sound = timelineInMicroseconds(timeline("PARIS <AR>", { wpm: 25, fwpm: 15 }));
    assert.deepEqual(JSON.parse(audio.stdout), { success: true, text: "PARIS <AR>", frequency: 700, ...sound });
    assert.deepEqual(await ditdah(["timing", ...args], "PARIS <AR>\n"), audio);
  });

  it("gives times to the microsecond, as the API does: audio, listen --json and listen --live --json", async () => {
    const audio = JSON.parse((await ditdah(["audio", "--wpm", "25", "--fwpm", "15", "PARIS"])).stdout);
    assert.equal(audio.durationMs, Math.round(timeline("PARIS", { wpm: 25, fwpm: 15 }).durationMs * 1000) / 1000);
    for (const segment of audio.sequence) assert.match(`${segment.startMs} ${segment.durationMs}`, /^\d+(\.\d{1,3})? \d+(\.\d{1,3})?$/);
    // At 44100 samples a second, a length in ms that a float writes in 17 digits.
    const file = join(dir, "e-44100.wav");
    await writeFile(file, Buffer.concat([...renderWavChunks(timeline("E", { wpm: 19 }), { frequency: 600, sampleRate: 44100 })]));
    const { samples, sampleRate } = await readRecording(await readFile(file));
    const exact = (1000 * samples.length) / sampleRate;
    assert.notEqual(exact, Math.round(exact * 1000) / 1000);
    assert.equal(JSON.parse((await ditdah(["listen", "--json", file])).stdout).durationMs, Math.round(exact * 1000) / 1000);
    const live = (await ditdah(["listen", "--live", "--json", "--speed", "max", file])).stdout.trimEnd().split("\n");
    const end = JSON.parse(live.at(-1)!);
    assert.equal(end.type, "end");
    assert.match(String(end.durationMs), /^\d+\.\d{1,3}$/);
  });

  it("refuses what the API refuses, with its message, exit code 1", async () => {
    assert.deepEqual(await ditdah(["audio", "--frequency", "1001", "E"]), {
      code: 1,
      stdout: "",
      stderr: `ditdah: Parameter frequency must be a number between ${FREQUENCY.min} and ${FREQUENCY.max}\n`,
    });
    assert.deepEqual(await ditdah(["audio", "--wpm", "51", "E"]), {
      code: 1,
      stdout: "",
      stderr: `ditdah: Parameter wpm must be a number between ${WPM.min} and ${WPM.max}\n`,
    });
  });

  describe("listen", () => {
    let cq: string;
    before(async () => {
      cq = join(dir, "listen-cq.wav");
      await writeFile(cq, wavOf("CQ DE K1ABC", 25, 700));
    });

    it("prints the text alone on standard output, the rest on standard error", async () => {
      const { code, stdout, stderr } = await ditdah(["listen", cq]);
      assert.equal(code, 0);
      assert.equal(stdout, "CQ DE K1ABC\n");
      assert.match(stderr, /^morse: -\.-\. --\.- \/ -\.\. \. \/ -\.- \.---- \.- -\.\.\. -\.-\.\nspeed: 2[45](\.\d)? wpm\npitch: 700 Hz\n$/);
    });

    it("reads the recording from standard input for -", async () => {
      const run = await ditdah(["listen", "-"], await readFile(cq));
      assert.equal(run.code, 0);
      assert.equal(run.stdout, "CQ DE K1ABC\n");
    });

    it("prints the rest after the text with --verbose", async () => {
      const { code, stdout, stderr } = await ditdah(["listen", "--verbose", cq]);
      assert.equal(code, 0);
      assert.equal(stderr, "");
      assert.match(stdout, /^CQ DE K1ABC\nmorse: -\.-\. --\.- \/ -\.\. \. \/ -\.- \.---- \.- -\.\.\. -\.-\.\nspeed: 2[45](\.\d)? wpm\npitch: 700 Hz\n$/);
    });

    it("prints the decode-audio JSON with --json", async () => {
      const { code, stdout, stderr } = await ditdah(["listen", "--json", "--frequency", "700", cq]);
      assert.equal(code, 0);
      assert.equal(stderr, "");
      assert.ok(stdout.endsWith("}\n") && !stdout.slice(0, -1).includes("\n"));
      const heard = JSON.parse(stdout);
      assert.deepEqual(Object.keys(heard), ["success", "output", "morse", "characters", "wpm", "frequency", "durationMs"]);
      assert.equal(heard.success, true);
      assert.equal(heard.output, "CQ DE K1ABC");
      assert.ok(Math.abs(heard.wpm - 25) <= 1, `wpm ${heard.wpm}`);
      assert.equal(heard.frequency, 700);
    });

    it("says so when there is no Morse, with an empty line for the text", async () => {
      const silence = join(dir, "silence.wav");
      await writeFile(silence, encodeWav([new Float32Array(16000)], 8000));
      assert.deepEqual(await ditdah(["listen", silence]), { code: 0, stdout: "\n", stderr: "No Morse was found between 200 and 3600 Hz in 2.0 s of audio\n" });
    });

    it("reads MP3 and FLAC as well, by their bytes whatever the file's name", async () => {
      const samples = (await readRecording(await readFile(cq))).samples;
      for (const format of ["mp3", "flac"] as const) {
        const file = join(dir, `listen-cq-${format}.bin`);
        await writeFile(file, await encodeAs(format, samples, 8000));
        assert.equal((await ditdah(["listen", file])).stdout, "CQ DE K1ABC\n", format);
      }
    });

    it("refuses a file that is no recording (exit code 1) and a wrong command line (exit code 2)", async () => {
      const text = join(dir, "not.wav");
      await writeFile(text, "not a wav");
      const bad = await ditdah(["listen", text]);
      assert.deepEqual([bad.code, bad.stdout], [1, ""]);
      assert.match(bad.stderr, /^ditdah: The recording is not a file we can read/);
      const both = await ditdah(["listen", "--json", "--verbose", cq]);
      assert.deepEqual([both.code, both.stdout], [2, ""]);
      assert.match(both.stderr, /^ditdah: --verbose and --json exclude each other\n\nUsage: ditdah listen/);
    });
  });

  it("refuses a recording over the service's 15 minutes with the API's message, in listen, listen --live and spots (exit code 1)", async () => {
    const long = join(dir, "sixteen-minutes.wav");
    await writeFile(long, encodeWav([new Float32Array(16 * 60 * 2000)], 2000, { format: "pcm", bits: 8 }));
    const message = `ditdah: At most ${MAX_RECORDING_SECONDS} s (15 minutes) of recording can be decoded; this one lasts 960 s\n`;
    for (const args of [
      ["listen", long],
      ["listen", "--live", long],
      ["spots", "--dial", "14025", long],
    ]) {
      assert.deepEqual(await ditdah(args), { code: 1, stdout: "", stderr: message }, args.join(" "));
    }
  });

  describe("listen --all", () => {
    let band: string;
    before(async () => {
      band = join(dir, "band.wav");
      const sent = [
        { text: "CQ CQ DE W1AW K", wpm: 20, frequency: 600, snrDb: 10, startS: 0.5 },
        { text: "TEST DL1ABC", wpm: 25, frequency: 1400, snrDb: 8, startS: 1 },
      ];
      await writeFile(band, encodeWav([recordBand({ signals: sent, durationS: 10, sampleRate: 8000, noiseSeed: 1 })], 8000));
    });

    it("prints one line per signal: pitch, speed, level and text", async () => {
      const { code, stdout, stderr } = await ditdah(["listen", "--all", band]);
      assert.equal(code, 0);
      assert.match(stdout, /^ {2}60\d Hz {2}20 wpm +[\d.]+ dB {2}CQ CQ DE W1AW K\n {1}1[34]\d\d Hz {2}2[45] wpm +[\d.]+ dB {2}TEST DL1ABC\n$/);
      assert.equal(stderr, "2 signals found in 10 s of audio\n");
      const json = JSON.parse((await ditdah(["listen", "--all", "--json", band])).stdout);
      assert.deepEqual(
        json.signals.map((s: { output: string }) => s.output),
        ["CQ CQ DE W1AW K", "TEST DL1ABC"],
      );
      // As POST /api/v1/decode-audio takes them: the pitch given names the main reading's signal; every signal is still read.
      const hinted = JSON.parse((await ditdah(["listen", "--all", "--json", "--frequency", "1400", band])).stdout);
      assert.equal(hinted.output, "TEST DL1ABC");
      assert.deepEqual(hinted.signals, json.signals);
    });

    it("prints a line per word, tagged by pitch, with --live", async () => {
      const { code, stdout } = await ditdah(["listen", "--all", "--live", "--speed", "max", band]);
      assert.equal(code, 0);
      const lines = stdout.trimEnd().split("\n");
      const words = (hz: RegExp) => lines.filter((l) => hz.test(l)).map((l) => l.split("Hz  ")[1]);
      assert.deepEqual(words(/^ {2}60\d Hz/), ["CQ", "CQ", "DE", "W1AW", "K"]);
      assert.deepEqual(words(/^ 1[34]\d\d Hz/), ["TEST", "DL1ABC"]);
    });
  });

  describe("listen --live", () => {
    let long: string;
    const text = "CQ CQ DE K1ABC K1ABC K";
    before(async () => {
      long = join(dir, "live.wav");
      await writeFile(long, wavOf(text, 25, 650));
    });

    it("plays a file through the live decoder, as fast as it decodes with --speed max", async () => {
      const { code, stdout, stderr } = await ditdah(["listen", "--live", "--speed", "max", long]);
      assert.equal(code, 0);
      assert.equal(stdout, `${text}\n`);
      assert.match(stderr, /^morse: [-. /]+\nspeed: 2[45](\.\d)? wpm\npitch: 650 Hz\n$/);
    });

    it("rewrites on a terminal the characters a correction changes", async () => {
      // Slow I S, dots alone, are first decided as T T and T T T at three times the speed.
      const slow = join(dir, "slow.wav");
      await writeFile(slow, wavOf("IS LUCK FOX", 10, 650));
      const quote = (word: string) => `'${word}'`;
      const shown = await new Promise<string>((resolve, reject) =>
        execFile("script", ["-qec", [process.execPath, MAIN, "listen", "--live", "--speed", "max", slow].map(quote).join(" "), "/dev/null"], (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      );
      assert.match(shown, /^TT TTT/);
      // What the terminal shows: each backspace moves back a column, each character writes over one.
      const line: string[] = [];
      let column = 0;
      for (const c of shown.split(/\r?\n/)[0]!)
        if (c === "\b") column--;
        else line[column++] = c;
      assert.equal(line.join("").trimEnd(), "IS LUCK FOX");
    });

    it("prints each character as it is decided, while the file plays in real time", async () => {
      const started = performance.now();
      const child = spawn(process.execPath, [MAIN, "listen", "--live", long], { stdio: ["ignore", "pipe", "pipe"] });
      let firstAt = 0;
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        firstAt ||= performance.now();
        out += chunk.toString();
      });
      const code = await new Promise((resolve) => child.on("exit", resolve));
      const ended = performance.now();
      assert.equal(code, 0);
      assert.equal(out, `${text}\n`);
      const seconds = (await readRecording(await readFile(long))).samples.length / 8000;
      assert.ok(ended - started >= 1000 * seconds - 500, `${ended - started} ms for ${seconds} s`);
      assert.ok(ended - firstAt >= 0.5 * 1000 * seconds, `the first character ${ended - firstAt} ms before the end`);
    });

    it("reads a WAV stream or raw PCM from standard input, events as JSON lines with --json", async () => {
      const wav = await readFile(long);
      const fromWav = await ditdah(["listen", "--live"], wav);
      assert.equal(fromWav.stdout, `${text}\n`);
      const raw = await ditdah(["listen", "--live", "--rate", "8000", "--json", "-"], wav.subarray(44));
      const events = raw.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      assert.equal(events.at(-1).type, "end");
      assert.equal(events.at(-1).output, text);
      const characters = events.filter((e) => e.type === "character");
      assert.equal(characters.length, 17);
      // Emitted as the stream goes: each character that ends 1.5 s before the stream does, within 1.5 s of its last mark.
      const beforeTheEnd = characters.filter((e) => e.endMs + 1500 < events.at(-1).durationMs);
      assert.ok(beforeTheEnd.length >= 14);
      for (const e of beforeTheEnd) assert.ok(e.emittedAtMs - e.endMs <= 1500, `${e.text} ended at ${e.endMs} ms, emitted at ${e.emittedAtMs}`);
    });

    it("wants --rate for raw PCM, and --speed and --rate where they apply", async () => {
      const noRate = await ditdah(["listen", "--live"], Buffer.alloc(800));
      assert.equal(noRate.code, 2);
      assert.match(noRate.stderr, /^ditdah: standard input is not a WAV stream: give raw PCM's sample rate with --rate/);
      assert.equal((await ditdah(["listen", "--speed", "max", long])).code, 2);
      assert.equal((await ditdah(["listen", "--live", "--speed", "fast", long])).code, 2);
      assert.equal((await ditdah(["listen", "--live", "--rate", "8000", long])).code, 2);
    });
  });

  describe("wav", () => {
    it("writes a WAV that listen hears back", async () => {
      const file = join(dir, "cq.wav");
      assert.deepEqual(await ditdah(["wav", "--out", file, "--wpm", "25", "--frequency", "700", "CQ DE K1ABC"]), { code: 0, stdout: "", stderr: "" });
      assert.equal((await readFile(file)).subarray(0, 4).toString(), "RIFF");
      assert.deepEqual((await ditdah(["listen", file])).stdout, "CQ DE K1ABC\n");
    });

    it("writes the WAV to standard output for --out -", async () => {
      const run = await ditdahBytes(["wav", "--out", "-", "--wpm", "25", "--frequency", "700", "CQ"]);
      assert.equal(run.code, 0);
      assert.equal(run.stderr, "");
      assert.ok(run.bytes.equals(wavOf("CQ", 25, 700)));
    });

    it("writes a WAV at the default sample rate when none is given", async () => {
      const file = join(dir, "default.wav");
      assert.equal((await ditdah(["wav", "--out", file, "E"])).code, 0);
      assert.equal((await readFile(file)).readUInt32LE(24), SAMPLE_RATE.default);
    });
  });

  describe("wav --format mp3, and mp3", () => {
    /** The first channel of an MP3, by mpg123 (which gives a mono file as two equal channels). */
    async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
      const decoder = new MPEGDecoder();
      await decoder.ready;
      try {
        const { channelData, sampleRate } = decoder.decode(bytes);
        return { samples: channelData[0]!, sampleRate };
      } finally {
        decoder.free();
      }
    }

    it("writes an MP3 that decodes back to the text", async () => {
      const file = join(dir, "cq.mp3");
      assert.deepEqual(await ditdah(["wav", "--format", "mp3", "--out", file, "--wpm", "25", "--frequency", "700", "CQ DE K1ABC"]), {
        code: 0,
        stdout: "",
        stderr: "",
      });
      const bytes = await readFile(file);
      const frames = mp3Frames(bytes);
      assert.deepEqual(new Set(frames.map((f) => `${f.sampleRate} ${f.bitrate} ${f.mono}`)), new Set([`${SAMPLE_RATE.default} ${MP3_BITRATE.default} true`]));
      const { samples, sampleRate } = await decodeMp3(bytes);
      assert.equal(sampleRate, SAMPLE_RATE.default);
      assert.deepEqual([decodeAudio(samples, sampleRate).output, decodeAudio(samples, sampleRate).frequency], ["CQ DE K1ABC", 700]);
    });

    it("ditdah mp3 writes the library's MP3 to standard output, at the rate and bitrate asked", async () => {
      const run = await ditdahBytes(["mp3", "--out", "-", "--sample-rate", "16000", "--bitrate", "64", "--wpm", "22", "CQ"]);
      assert.deepEqual([run.code, run.stderr], [0, ""]);
      const library = Buffer.concat([
        ...(await renderMp3Chunks(timeline("CQ", { wpm: 22 }), { frequency: FREQUENCY.default, sampleRate: 16000, bitrate: 64 })),
      ]);
      assert.ok(run.bytes.equals(library));
      assert.deepEqual(new Set(mp3Frames(run.bytes).map((f) => `${f.sampleRate} ${f.bitrate}`)), new Set(["16000 64"]));
      const same = await ditdahBytes(["wav", "--format", "mp3", "--out", "-", "--sample-rate", "16000", "--bitrate", "64", "--wpm", "22", "CQ"]);
      assert.ok(same.bytes.equals(library));
    });

    it("refuses what MP3 cannot be with the API's messages (exit 1), and a wrong command line (exit 2)", async () => {
      const out = join(dir, "never.mp3");
      assert.deepEqual(await ditdah(["mp3", "--out", out, "--bitrate", "56", "E"]), {
        code: 1,
        stdout: "",
        stderr: "ditdah: Parameter bitrate must be one of 32, 40, 48 or 64\n",
      });
      assert.deepEqual(await ditdah(["wav", "--format", "mp3", "--out", out, "--sample-rate", "10000", "E"]), {
        code: 1,
        stdout: "",
        stderr: "ditdah: Parameter sampleRate must be one of 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000\n",
      });
      await assert.rejects(readFile(out), { code: "ENOENT" });
      const wavBitrate = await ditdah(["wav", "--out", join(dir, "x.wav"), "--bitrate", "32", "E"]);
      assert.deepEqual([wavBitrate.code, wavBitrate.stdout], [2, ""]);
      assert.match(wavBitrate.stderr, /^ditdah: --bitrate is for MP3 \(--format mp3\)\n\nUsage: ditdah wav/);
      const format = await ditdah(["wav", "--format", "ogg", "--out", join(dir, "x.ogg"), "E"]);
      assert.deepEqual([format.code, format.stdout], [2, ""]);
      assert.match(format.stderr, /^ditdah: --format must be wav or mp3 \(got "ogg"\)/);
      assert.match((await ditdah(["mp3", "E"])).stderr, /^ditdah: mp3 needs --out FILE/);
      const help = (await ditdah(["mp3", "--help"])).stdout;
      assert.match(help, new RegExp(`--bitrate KBPS +${MP3_BITRATE.values.join(", ")} kbit/s \\(default ${MP3_BITRATE.default}\\)`));
      assert.match((await ditdah(["wav", "--help"])).stdout, /--format F +wav \(default\) or mp3/);
    });
  });

  describe("progress on long work", () => {
    // 12 s at 20 wpm: over the 10 s from which the command shows its progress (src/cli/progress.ts).
    const PARIS = Array(4).fill("PARIS");
    let long: string;
    before(async () => {
      long = join(dir, "long.wav");
      await writeFile(long, wavOf(PARIS.join(" "), 20, 600));
    });

    it("shows none in a pipe", async () => {
      const listen = await ditdah(["listen", long]);
      assert.equal(listen.stdout, `${PARIS.join(" ")}\n`);
      assert.match(listen.stderr, /^morse: [-. /]+\nspeed: [\d.]+ wpm\npitch: \d+ Hz\n$/);
      assert.deepEqual(await ditdah(["wav", "--out", join(dir, "long-again.wav"), ...PARIS]), { code: 0, stdout: "", stderr: "" });
    });

    it("shows a status line while decoding, on a terminal, and clears it", async () => {
      const stdoutFile = join(dir, "decoded.txt");
      const { code, stdout } = await ditdahOnTerminal(["listen", long], stdoutFile);
      assert.equal(code, 0);
      assert.ok(stdout.startsWith(`\rdecoding 12 s of audio…${CLEAR}\r${CLEAR}morse: `), JSON.stringify(stdout.slice(0, 60)));
      assert.equal(await readFile(stdoutFile, "utf8"), `${PARIS.join(" ")}\n`);
    });

    /** The bar of rendering PARIS (12 s), from its first draw to its last, then cleared. */
    function assertRenderingBar(stdout: string): void {
      const line = "\rrendering 12 s of audio [";
      assert.ok(stdout.startsWith(line), JSON.stringify(stdout.slice(0, 60)));
      assert.ok(stdout.endsWith(`${line}${"#".repeat(30)}] 100%${CLEAR}\r${CLEAR}`), JSON.stringify(stdout.slice(-80)));
    }

    it("shows a bar while rendering, on a terminal, and clears it", async () => {
      const file = join(dir, "rendered.wav");
      const { code, stdout } = await ditdahOnTerminal(["wav", "--out", file, ...PARIS], join(dir, "nothing.txt"));
      assert.equal(code, 0);
      assertRenderingBar(stdout);
      assert.ok((await readFile(file)).equals(wavOf(PARIS.join(" "), 20, 600)));
    });

    it("shows the same bar while encoding an MP3, and none in a pipe", async () => {
      const file = join(dir, "rendered.mp3");
      const { code, stdout } = await ditdahOnTerminal(["mp3", "--out", file, ...PARIS], join(dir, "nothing.txt"));
      assert.equal(code, 0);
      assertRenderingBar(stdout);
      const library = Buffer.concat([...(await renderMp3Chunks(timeline(PARIS.join(" ")), { frequency: 600, sampleRate: 8000 }))]);
      assert.ok((await readFile(file)).equals(library));
      assert.deepEqual(await ditdah(["wav", "--format", "mp3", "--out", join(dir, "piped.mp3"), ...PARIS]), { code: 0, stdout: "", stderr: "" });
    });
  });

  describe("files and ports it cannot use", () => {
    /** Run as root, the tests run the command as nobody where a permission must be denied: root is denied none. */
    const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    let denied: string;
    before(async () => {
      // Readable by all but one file that none may read, and a directory that none may write.
      denied = await mkdtemp(join(tmpdir(), "ditdah-denied-"));
      await chmod(denied, 0o755);
      await writeFile(join(denied, "secret.wav"), wavOf("E", 20, 600), { mode: 0o000 });
      await mkdir(join(denied, "locked"), { mode: 0o555 });
    });
    after(async () => rm(denied, { recursive: true, force: true }));

    /** The whole of standard error: one line naming the file and why, nothing on standard output, exit code 1. */
    const refused = (message: string) => ({ code: 1, stdout: "", stderr: `ditdah: ${message}\n` });

    it("says an empty recording is empty", async () => {
      const empty = join(dir, "empty.wav");
      await writeFile(empty, "");
      const { code, stdout, stderr } = await ditdah(["listen", empty]);
      assert.deepEqual({ code, stdout }, { code: 1, stdout: "" });
      assert.match(stderr, /^ditdah: The recording is empty \(no bytes\)/);
    });

    it("names a recording it cannot read, and why, in one line", async () => {
      const missing = join(dir, "missing.wav");
      assert.deepEqual(await ditdah(["listen", missing]), refused(`cannot read ${missing}: no such file or directory`));
      assert.deepEqual(await ditdah(["listen", "--live", missing]), refused(`cannot read ${missing}: no such file or directory`));
      assert.deepEqual(await ditdah(["listen", "--all", dir]), refused(`cannot read ${dir}: it is a directory`));
      assert.deepEqual(
        await ditdah(["listen", join(dir, "listen-cq.wav", "x.wav")]),
        refused(`cannot read ${join(dir, "listen-cq.wav", "x.wav")}: a part of its path is not a directory`),
      );
      const secret = join(denied, "secret.wav");
      assert.deepEqual(await ditdah(["listen", secret], "", unprivileged), refused(`cannot read ${secret}: permission denied`));
    });

    it("names a file it cannot write, and why, in one line", async () => {
      const nowhere = join(dir, "no-such-directory", "cq.wav");
      assert.deepEqual(await ditdah(["wav", "--out", nowhere, "CQ"]), refused(`cannot write ${nowhere}: no such file or directory`));
      assert.deepEqual(await ditdah(["mp3", "--out", dir, "CQ"]), refused(`cannot write ${dir}: it is a directory`));
      const locked = join(denied, "locked", "cq.wav");
      assert.deepEqual(await ditdah(["wav", "--out", locked, "CQ"], "", unprivileged), refused(`cannot write ${locked}: permission denied`));
    });

    /** The server as `command` starts it, on 127.0.0.1:`port` unless `env` says otherwise: its exit and its whole output. */
    async function failedStart(command: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
      const server = new Managed(
        command.join(" "),
        spawn(process.execPath, command, { env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env } }),
      );
      const exit = (await server.exitWithin(10_000)) ?? (await server.stop("SIGKILL"));
      return { code: exit.code, output: server.output };
    }

    it("says in one line that the port is in use, or the host no address of this machine, and exits 1 (serve and npm start alike)", async () => {
      const [port] = await freePorts(1);
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
      try {
        for (const command of [[MAIN, "serve"], [SERVER]]) {
          assert.deepEqual(await failedStart(command, { PORT: String(port) }), {
            code: 1,
            output: `ditdah: port ${port} is in use on 127.0.0.1: stop what listens there, or set PORT to a free port\n`,
          });
          // TEST-NET-1 (RFC 5737): never an address of this machine.
          assert.deepEqual(await failedStart(command, { HOST: "192.0.2.1", PORT: String(port) }), {
            code: 1,
            output: "ditdah: cannot listen on 192.0.2.1: it is no address of this machine (HOST)\n",
          });
        }
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    });
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
    const wav = (await ditdah(["wav", "--help"])).stdout;
    assert.match(wav, new RegExp(`--wpm N .*${WPM.min} to ${WPM.max} words per minute \\(default ${WPM.default}\\b`));
    assert.match(wav, new RegExp(`--frequency HZ .*${FREQUENCY.min} to ${FREQUENCY.max} Hz \\(default ${FREQUENCY.default}\\)`));
    assert.match(wav, new RegExp(`--sample-rate HZ .*${SAMPLE_RATE.min} to ${SAMPLE_RATE.max} samples per second \\(default ${SAMPLE_RATE.default}\\)`));
    const listen = (await ditdah(["listen", "--help"])).stdout;
    assert.match(listen, new RegExp(`${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second,\\s+at most ${MAX_RECORDING_SECONDS / 60} minutes`));
  });

  it("serves the API as npm start does, with the same JSON as chart --json, audio and listen --json", async () => {
    const [port] = await freePorts(1);
    const env = { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" };
    const server = new Managed("ditdah serve", spawn(process.execPath, [MAIN, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] }));
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await waitFor("ditdah serve", async () => ((await httpGet(`${base}/healthz`)).status === 200 ? true : undefined));
      assert.equal(health, true, server.describe());
      assert.equal(`${(await httpGet(`${base}/api/v1/chart`)).text}\n`, (await ditdah(["chart", "--json"])).stdout);
      const audio = await httpGet(`${base}/api/v1/audio?text=CQ%20de%20K1ABC%3F&wpm=23&fwpm=13&frequency=650`);
      assert.equal(`${audio.text}\n`, (await ditdah(["audio", "--wpm", "23", "--fwpm", "13", "--frequency", "650", "CQ de K1ABC?"])).stdout);
      const wav = wavOf("CQ DE K1ABC", 25, 700);
      const heard = await fetch(`${base}/api/v1/decode-audio`, { method: "POST", body: wav, headers: { "content-type": "audio/wav" } });
      assert.equal(`${await heard.text()}\n`, (await ditdah(["listen", "--json", "-"], wav)).stdout);
    } finally {
      const exit = await server.stop("SIGTERM");
      assert.deepEqual(exit, { code: 0, signal: null }, server.describe());
    }
  });
});
