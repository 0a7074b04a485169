/**
 * Streaming WAV (issue 4): the longest input, 1000 zeros at 5 wpm (88 minutes of audio),
 * downloaded from our server (its own process) while its RSS is sampled. Target: RSS
 * never more than 20 MB above its level before the download. Also prints the rate at
 * which the audio arrives, in multiples of real time.
 */
import { get } from "node:http";
import { startOurServer } from "./lib/server.js";
import { rssKiB, sleep, stopServer, type Child } from "./lib/process.js";
import { fmtBytes, line } from "./lib/stats.js";

const TEXT = "0".repeat(1000);
const WPM = 5;
const TARGET_RISE_KIB = 20 * 1024;

interface Download {
  bytes: number;
  seconds: number;
  peakKiB: number;
}

/** Downloads the WAV, throwing the bytes away, sampling the server's RSS every 20 ms. */
async function download(server: Child, sampleRate: number, text = TEXT): Promise<Download> {
  let peakKiB = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakKiB = Math.max(peakKiB, await rssKiB(server.pid));
      await sleep(20);
    }
  })();
  const started = process.hrtime.bigint();
  const bytes = await new Promise<number>((resolve, reject) => {
    const url = `${server.baseUrl}/api/v1/audio.wav?text=${text}&wpm=${WPM}&sampleRate=${sampleRate}`;
    get(url, (response) => {
      let total = 0;
      response.on("data", (chunk: Buffer) => {
        total += chunk.length;
      });
      response.on("end", () => resolve(total));
      response.on("error", reject);
    }).on("error", reject);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  sampling = false;
  await sampler;
  return { bytes, seconds, peakKiB };
}

export async function runWavStreamBench(): Promise<void> {
  const server = await startOurServer();
  try {
    // Warm up (code loaded and compiled, heap grown to its working size) with a short download.
    await download(server, 8000, "PARIS");
    for (const sampleRate of [8000, 48000]) {
      await sleep(500);
      const before = await rssKiB(server.pid);
      const { bytes, seconds, peakKiB } = await download(server, sampleRate);
      const audioSeconds = (bytes - 44) / 2 / sampleRate;
      const rise = peakKiB - before;
      line(
        `stream ${sampleRate / 1000} kHz`,
        `${fmtBytes(bytes / 1024)} (${(audioSeconds / 60).toFixed(0)} min of audio) in ${seconds.toFixed(2)} s: ` +
          `${Math.round(audioSeconds / seconds)}x real time (target ≥1000x: ${audioSeconds / seconds >= 1000 ? "met" : "MISSED"})`,
      );
      line(
        `stream ${sampleRate / 1000} kHz rss`,
        `before ${fmtBytes(before)}, peak while streaming ${fmtBytes(peakKiB)}: ` +
          `rise ${fmtBytes(rise)} (target ≤20 MB: ${rise <= TARGET_RISE_KIB ? "met" : "MISSED"})`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWavStreamBench();
}
