/**
 * Decompression bombs sent to a real server process, six at once (fewer than the recordings
 * it admits at a time), while its resident memory is read from /proc: each is answered with
 * its JSON refusal, and the process grows by at most 512 MB in all.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, it } from "node:test";
import { flacBomb, opusBomb } from "../fixtures/bombs.js";
import { encodeAs } from "../fixtures/encoded.js";
import { freePorts, startInstance, stopAll } from "../helpers/processes.js";

/** Resident memory of a process and its threads, bytes. */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? 0) * 1024;
}

describe("decompression bombs against a server", () => {
  after(stopAll);

  it("refuses each (400 or 413, JSON) while the server grows by at most 512 MB", { timeout: 180_000 }, async (t) => {
    const [port] = await freePorts(1);
    const server = await startInstance(port!, {});
    const pid = server.process.child.pid!;
    const real = await encodeAs(
      "ogg-opus",
      new Float32Array(5 * 8000).map((_, i) => 0.5 * Math.sin(i * 0.5)),
      8000,
    );
    const bombs: [string, Buffer, string, number][] = [
      [
        "FLAC, 8 channels said to be mono",
        flacBomb({ channels: 8, sampleRate: 96_000, seconds: 1800, declared: { channels: 1, sampleRate: 8000, samples: 8000 } }),
        "audio/flac",
        400,
      ],
      [
        "FLAC, 30 min of stereo at 96 kHz, length unsaid",
        flacBomb({ channels: 2, sampleRate: 96_000, seconds: 1800, declared: { samples: 0 } }),
        "audio/flac",
        413,
      ],
      ["Opus of 120 ms packets, length hidden", opusBomb(80, { declaredSeconds: 1 }), "audio/ogg", 400],
      ["Opus and 300 chained streams", Buffer.concat([real, ...Array.from({ length: 300 }, (_, k) => opusBomb(1, { serial: 100 + k }))]), "audio/ogg", 413],
      [
        "Opus and 300 chained streams, lengths hidden",
        Buffer.concat([real, ...Array.from({ length: 300 }, (_, k) => opusBomb(1, { serial: 100 + k, declaredSeconds: 0.01 }))]),
        "audio/ogg",
        400,
      ],
    ];
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    try {
      const answers = await Promise.all(
        [...bombs, bombs[0]!].map(async ([name, body, type, status]) => {
          const response = await fetch(`${server.url}/api/v1/decode-audio`, { method: "POST", body, headers: { "content-type": type } });
          const json = (await response.json()) as { success: boolean; code?: string };
          return { name, status, got: response.status, json };
        }),
      );
      for (const { name, status, got, json } of answers) {
        assert.equal(got, status, `${name}: ${JSON.stringify(json)}`);
        assert.equal(json.success, false, name);
      }
    } finally {
      clearInterval(sampler);
    }
    const grewMb = (peak - before) / 2 ** 20;
    t.diagnostic(`the server grew by ${grewMb.toFixed(0)} MB at the most`);
    assert.ok(grewMb <= 512, `the server grew by ${grewMb.toFixed(0)} MB`);
  });
});
