/** Bounds of the audio features, shared by the library checks, the HTTP schemas and the docs. */

/** Sample rates we render at (the WAV endpoint's `sampleRate`). */
export const SAMPLE_RATE = { min: 8000, max: 48000, default: 8000 } as const;

/** Sample rates we accept in a recording to decode, or a stream to listen to. */
export const READ_SAMPLE_RATE = { min: 2000, max: 96000 } as const;

/**
 * The rate, Hz, that recordings and live streams of higher rates are brought down to (or a
 * little above, by the largest whole factor that keeps them there: decodeFactor) before
 * they are decoded, compressed ones as they arrive. It holds a receiver's whole CW and SSB
 * audio passband, up to DECODE_FREQUENCY_MAX_OF_RATE of it (3.6 kHz); the decoder's work
 * grows with the rate.
 */
export const DECODE_RATE = 8000;

/** Speeds the decoder reads, and the range of its `wpm` hint (wider than the seed's 5-50 for rendering: fast senders reach 60). */
export const DECODE_WPM = { min: 5, max: 60 } as const;

/**
 * The highest pitch the decoder reads, as a share of the sample rate: 3600 Hz at 8000
 * samples/s, 900 Hz at 2000. Below half the rate with a margin, so that the tone's peak and
 * its neighbourhood fit under Nyquist, the decimator's passband holds it (dsp/decimator.ts)
 * and the tone's image, mixed down, lies 0.1 of the rate or more from it, where the
 * dot-length filters keep it out.
 */
export const DECODE_FREQUENCY_MAX_OF_RATE = 0.45;

/**
 * Pitches the decoder reads, Hz: from `min` to DECODE_FREQUENCY_MAX_OF_RATE of the rate
 * (highestPitch), `max` at the highest rate read. Told nothing, it searches the whole of
 * that at the rate it decodes at (3.6 kHz at DECODE_RATE: a receiver's CW and SSB passband);
 * a pitch hinted may be anywhere a recording's own rate holds.
 */
export const DECODE_FREQUENCY = { min: 200, max: DECODE_FREQUENCY_MAX_OF_RATE * READ_SAMPLE_RATE.max } as const;

/** The highest pitch the decoder reads in samples at `sampleRate`, Hz. */
export function highestPitch(sampleRate: number): number {
  return DECODE_FREQUENCY_MAX_OF_RATE * sampleRate;
}

/**
 * The whole factor a recording or stream at `sampleRate` is brought down by before it is
 * decoded: to DECODE_RATE or a little above, but no lower than keeps a pitch hinted at
 * `hintHz` readable.
 */
export function decodeFactor(sampleRate: number, hintHz?: number): number {
  const lowest = Math.max(DECODE_RATE, (hintHz ?? 0) / DECODE_FREQUENCY_MAX_OF_RATE);
  return Math.max(1, Math.floor(sampleRate / lowest));
}

/** Length of each raised-cosine edge, in ms: long enough to keep key clicks out of the neighbouring kHz. */
export const RAMP_MS = 5;

/**
 * Silence around the timeline in a rendered file, in ms at each end: a whole ramp. The first
 * rise and the last fall are centred on the timeline's ends, so half a ramp would only just
 * hold them; a whole one keeps them whole and leaves half a ramp of samples that are exactly
 * 0 before the first and after the last, so the file neither starts nor ends with a click.
 */
export const PAD_MS = RAMP_MS;

/** Peak sample value, as a fraction of full scale: 0.89 is -1.0 dBFS, leaving headroom for resamplers. */
export const PEAK = 0.89;

/**
 * Sample rates an MP3 can have (MPEG-1, 2 and 2.5 layer III). The MP3 endpoint refuses any
 * other rather than rendering at a rate the client did not ask for.
 */
export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/**
 * Constant bitrates of a rendered MP3, kbit/s: those that MP3 has at every rate of
 * MP3_SAMPLE_RATES (MPEG-2.5 at 8 to 12 kHz goes no higher than 64; MPEG-1 at 32 to 48 kHz
 * no lower than 32). 56 is missing: the encoder (wasm-media-encoders) does not take it.
 * The default, 32, makes an MP3 a quarter of the size of an 8 kHz WAV.
 */
export const MP3_BITRATE = { values: [32, 40, 48, 64], min: 32, max: 64, default: 32 } as const;
