/** The package as users import it: `import … from "ditdah"` resolves to the built library. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";

describe('import from "ditdah"', () => {
  it("gives encode, decode, the chart, timing, audio and the one error class", async () => {
    const ditdah = await import("ditdah");
    assert.equal(ditdah.encode("Hello World"), ".... . .-.. .-.. --- / .-- --- .-. .-.. -..");
    assert.equal(ditdah.decode("...-.- / -.-"), "<SK> K");
    assert.equal(ditdah.CHART.alphabet.A, ".-");
    assert.equal(ditdah.timeline("E").durationMs, 60);
    assert.throws(
      () => ditdah.encode("#"),
      (error: unknown) =>
        error instanceof ditdah.MorseError && error.code === "UNSUPPORTED_CHARACTER" && error.message === 'Cannot encode character "#" at position 1',
    );
    const wav = Buffer.concat([...ditdah.renderWavChunks(ditdah.timeline("TEST", { wpm: 20 }), { frequency: 600, sampleRate: 8000 })]);
    const { samples, sampleRate } = ditdah.readWav(wav);
    assert.equal(ditdah.decodeAudio(samples, sampleRate).output, "TEST");
    assert.equal(typeof ditdah.decodeTimings, "function");
  });
});
