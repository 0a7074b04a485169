/** `ditdah spots`: the built command reads a recorded band and prints DX-cluster lines (or the API's JSON). */
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { recordBand } from "../fixtures/band.js";
import { ditdah, MAIN } from "../helpers/cli.js";
import { parseDxSpot } from "../helpers/dx-cluster.js";

describe("ditdah spots", () => {
  let dir = "";
  let band = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "ditdah-spots-"));
    band = join(dir, "band.wav");
    const signals = [
      { text: "CQ CQ DE K1ABC K1ABC K", wpm: 22, frequency: 600, snrDb: 8, startS: 0.5 },
      { text: "VK2XYZ DE JA1ZZ JA1ZZ K", wpm: 25, frequency: 1400, snrDb: 6, startS: 1 },
      { text: "NAME HR IS BOB", wpm: 20, frequency: 2000, snrDb: 8, startS: 1 },
    ];
    await writeFile(band, encodeWav([recordBand({ signals, durationS: 13, sampleRate: 8000, noiseSeed: 3 })], 8000));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it("prints one DX-cluster line per spot, by frequency, that an RBN feed's parser reads", async () => {
    const { code, stdout, stderr } = await ditdah(["spots", "--dial", "14025", band]);
    assert.equal(code, 0, stderr);
    const lines = stdout.split("\n").slice(0, -1);
    assert.equal(lines.length, 2, stdout);
    const spots = lines.map((line) => parseDxSpot(line));
    assert.deepEqual(
      spots.map((s) => [s?.spotter, s?.frequencyKHz, s?.call, s?.mode, s?.kind]),
      [
        ["DITDAH-#", 14025.6, "K1ABC", "CW", "CQ"],
        ["DITDAH-#", 14026.4, "JA1ZZ", "CW", "DX"],
      ],
    );
    for (const line of lines) assert.equal(line.length, 75, line);
    assert.match(stderr, /^2 spots from 3 signals in 13 s of audio\n$/);
  });

  it("names the reporter, takes LSB, and prints the API's JSON with --json", async () => {
    const lsb = await ditdah(["spots", "--dial", "7030", "--sideband", "lsb", "--reporter", "n0call", band]);
    assert.deepEqual(
      lsb.stdout
        .split("\n")
        .slice(0, -1)
        .map((line) => [parseDxSpot(line)?.spotter, parseDxSpot(line)?.frequencyKHz]),
      [
        ["N0CALL-#", 7028.6],
        ["N0CALL-#", 7029.4],
      ],
    );
    const json = JSON.parse((await ditdah(["spots", "--dial", "14025", "--json", band])).stdout);
    assert.equal(json.success, true);
    assert.deepEqual(
      json.spots.map((s: { call: string; frequencyKHz: number; kind: string }) => [s.call, s.frequencyKHz, s.kind]),
      [
        ["K1ABC", 14025.6, "CQ"],
        ["JA1ZZ", 14026.4, "DX"],
      ],
    );
  });

  it("refuses a wrong command line with exit code 2, and a bad dial with the API's message and 1", async () => {
    for (const args of [
      ["spots", band],
      ["spots", "--dial", "x", band],
      ["spots", "--dial", "14025"],
      ["spots", "--dial", "14025", "--sideband", "am", band],
    ]) {
      assert.equal((await ditdah(args)).code, 2, args.join(" "));
    }
    const low = await ditdah(["spots", "--dial", "50", band]);
    assert.deepEqual([low.code, low.stdout, low.stderr], [1, "", "ditdah: Parameter dial must be a number between 100 and 300000\n"]);
  });

  describe("--live", () => {
    it("prints each spot as it is heard from a WAV stream on standard input, before the stream ends", async () => {
      const wav = await readFile(band);
      const child = spawn(process.execPath, [MAIN, "spots", "--live", "--dial", "14025"], { stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      let inputEnded = false;
      /** Whether standard input was still open when each line came. */
      const early: boolean[] = [];
      child.stdout.on("data", (data: Buffer) => {
        stdout += data;
        early.push(
          ...data
            .toString()
            .split("\n")
            .slice(0, -1)
            .map(() => !inputEnded),
        );
      });
      child.stderr.on("data", (data: Buffer) => (stderr += data));
      const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
      // Real time: 100 ms of audio every 100 ms, the header first.
      const step = 1600;
      for (let at = 0; at < wav.length; at += step) {
        child.stdin.write(wav.subarray(at, at + step));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      inputEnded = true;
      child.stdin.end();
      assert.equal(await exited, 0, stderr);
      const lines = stdout.split("\n").slice(0, -1);
      assert.deepEqual(lines.map((line) => [parseDxSpot(line)?.call, parseDxSpot(line)?.kind]).sort(), [
        ["JA1ZZ", "DX"],
        ["K1ABC", "CQ"],
      ]);
      assert.deepEqual(early, [true, true], "each spot printed while the audio still came");
      assert.match(stderr, /^2 spots from 3 signals in 13 s of audio\n$/);
    });

    it("reads raw PCM at --rate, and prints spot events as JSON lines with --json", async () => {
      const pcm = (await readFile(band)).subarray(44);
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [MAIN, "spots", "--live", "--dial", "7030", "--sideband", "lsb", "--rate", "8000", "--json", "-"],
          (error, out, err) => resolve({ code: error ? Number(error.code) : 0, stdout: out, stderr: err }),
        );
        child.stdin!.end(pcm);
      });
      assert.equal(code, 0, stderr);
      const events = stdout
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line));
      assert.deepEqual(events.map((e) => [e.type, e.call, e.frequencyKHz]).sort(), [
        ["spot", "JA1ZZ", 7028.6],
        ["spot", "K1ABC", 7029.4],
      ]);
    });

    it("refuses --speed and --rate where they mean nothing, with exit code 2", async () => {
      for (const args of [
        ["spots", "--live", "--dial", "14025", "--speed", "fast", band],
        ["spots", "--live", "--dial", "14025", "--rate", "8000", band],
        ["spots", "--dial", "14025", "--speed", "max", band],
      ]) {
        assert.equal((await ditdah(args)).code, 2, args.join(" "));
      }
    });
  });
});
