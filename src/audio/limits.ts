/** Bounds of the audio features, shared by the library checks, the HTTP schemas and the docs. */

/** Sample rates we render at (the WAV endpoint's `sampleRate`). */
export const SAMPLE_RATE = { min: 8000, max: 48000, default: 8000 } as const;

/** Sample rates we accept in a recording to decode. */
export const READ_SAMPLE_RATE = { min: 2000, max: 96000 } as const;

/** Longest recording we decode, in seconds (15 minutes). */
export const MAX_RECORDING_SECONDS = 15 * 60;

/** Speeds the decoder reads, and the range of its `wpm` hint (wider than the seed's 5-50 for rendering: fast senders reach 60). */
export const DECODE_WPM = { min: 5, max: 60 } as const;

/** Where the decoder looks for the tone, in Hz (below DECODE_FREQUENCY_MAX_OF_RATE of the sample rate too). */
export const DECODE_FREQUENCY = { min: 200, max: 1200 } as const;

/**
 * The highest pitch the decoder looks for, as a share of the recording's sample rate: 900 Hz
 * at 2000 samples/s. Below half the rate with a margin, so that the tone's peak and its
 * neighbourhood fit under Nyquist and the tone's image, mixed down, lies 0.1 of the rate
 * or more from it (200 Hz at 2000 samples/s), where the dot-length filters keep it out.
 */
export const DECODE_FREQUENCY_MAX_OF_RATE = 0.45;

/** Length of each raised-cosine edge, in ms: long enough to keep key clicks out of the neighbouring kHz. */
export const RAMP_MS = 5;

/** Peak sample value, as a fraction of full scale: 0.89 is -1.0 dBFS, leaving headroom for resamplers. */
export const PEAK = 0.89;
