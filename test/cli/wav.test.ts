/** ditdah wav and mp3, and the progress they show on a terminal, on the built command. */
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { MPEGDecoder } from "mpg123-decoder";
import { decodeAudio, renderMp3Chunks } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { FREQUENCY, MP3_BITRATE, SAMPLE_RATE } from "../../src/http/limits.js";
import { CLEAR, ditdah, ditdahBytes, ditdahOnTerminal, temporaryDir, wavOf } from "../helpers/cli.js";
import { mp3Frames } from "../helpers/mp3.js";

describe("ditdah wav and mp3", () => {
  const dir = temporaryDir("ditdah-cli-wav-");

  describe("wav", () => {
    it("writes a WAV that listen hears back", async () => {
      const file = join(dir(), "cq.wav");
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
      const file = join(dir(), "default.wav");
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
      const file = join(dir(), "cq.mp3");
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
      const out = join(dir(), "never.mp3");
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
      const wavBitrate = await ditdah(["wav", "--out", join(dir(), "x.wav"), "--bitrate", "32", "E"]);
      assert.deepEqual([wavBitrate.code, wavBitrate.stdout], [2, ""]);
      assert.match(wavBitrate.stderr, /^ditdah: --bitrate is for MP3 \(--format mp3\)\n\nUsage: ditdah wav/);
      const format = await ditdah(["wav", "--format", "ogg", "--out", join(dir(), "x.ogg"), "E"]);
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
      long = join(dir(), "long.wav");
      await writeFile(long, wavOf(PARIS.join(" "), 20, 600));
    });

    it("shows none in a pipe", async () => {
      const listen = await ditdah(["listen", long]);
      assert.equal(listen.stdout, `${PARIS.join(" ")}\n`);
      assert.match(listen.stderr, /^morse: [-. /]+\nspeed: [\d.]+ wpm\npitch: \d+ Hz\n$/);
      assert.deepEqual(await ditdah(["wav", "--out", join(dir(), "long-again.wav"), ...PARIS]), { code: 0, stdout: "", stderr: "" });
    });

    it("shows a status line while decoding, on a terminal, and clears it", async () => {
      const stdoutFile = join(dir(), "decoded.txt");
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
      const file = join(dir(), "rendered.wav");
      const { code, stdout } = await ditdahOnTerminal(["wav", "--out", file, ...PARIS], join(dir(), "nothing.txt"));
      assert.equal(code, 0);
      assertRenderingBar(stdout);
      assert.ok((await readFile(file)).equals(wavOf(PARIS.join(" "), 20, 600)));
    });

    it("shows the same bar while encoding an MP3, and none in a pipe", async () => {
      const file = join(dir(), "rendered.mp3");
      const { code, stdout } = await ditdahOnTerminal(["mp3", "--out", file, ...PARIS], join(dir(), "nothing.txt"));
      assert.equal(code, 0);
      assertRenderingBar(stdout);
      const library = Buffer.concat([...(await renderMp3Chunks(timeline(PARIS.join(" ")), { frequency: 600, sampleRate: 8000 }))]);
      assert.ok((await readFile(file)).equals(library));
      assert.deepEqual(await ditdah(["wav", "--format", "mp3", "--out", join(dir(), "piped.mp3"), ...PARIS]), { code: 0, stdout: "", stderr: "" });
    });
  });
});
