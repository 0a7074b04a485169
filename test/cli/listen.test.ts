/** ditdah listen: a recording's text, its signals with --all, and live with --live, on the built command. */
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { encodeWav, readRecording } from "../../src/audio/index.js";
import { MAX_RECORDING_SECONDS } from "../../src/http/limits.js";
import { recordBand } from "../fixtures/band.js";
import { encodeAs } from "../fixtures/encoded.js";
import { ditdah, MAIN, temporaryDir, wavOf } from "../helpers/cli.js";

describe("ditdah listen", () => {
  const dir = temporaryDir("ditdah-cli-listen-");

  describe("listen", () => {
    let cq: string;
    before(async () => {
      cq = join(dir(), "listen-cq.wav");
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
      const silence = join(dir(), "silence.wav");
      await writeFile(silence, encodeWav([new Float32Array(16000)], 8000));
      assert.deepEqual(await ditdah(["listen", silence]), { code: 0, stdout: "\n", stderr: "No Morse was found between 200 and 3600 Hz in 2.0 s of audio\n" });
    });

    it("reads MP3 and FLAC as well, by their bytes whatever the file's name", async () => {
      const samples = (await readRecording(await readFile(cq))).samples;
      for (const format of ["mp3", "flac"] as const) {
        const file = join(dir(), `listen-cq-${format}.bin`);
        await writeFile(file, await encodeAs(format, samples, 8000));
        assert.equal((await ditdah(["listen", file])).stdout, "CQ DE K1ABC\n", format);
      }
    });

    it("refuses a file that is no recording (exit code 1) and a wrong command line (exit code 2)", async () => {
      const text = join(dir(), "not.wav");
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
    const long = join(dir(), "sixteen-minutes.wav");
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
      band = join(dir(), "band.wav");
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
      long = join(dir(), "live.wav");
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
      const slow = join(dir(), "slow.wav");
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
});
