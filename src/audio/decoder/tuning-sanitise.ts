/**
 * The tuned constants of sanitising the samples and of static crashes
 * (front-end/usable-samples.ts, front-end/crashes.ts, front-end/crash-bridge.ts), with their units
 * and reasons as tuning.ts says, in a file of their own; tuning.ts holds them as its `sanitise`
 * group (DEFAULT_TUNING.sanitise).
 */
export const SANITISE_TUNING = {
  /** Peak |sample| above which a recording is rescaled, full scale = 1. Estimator: far beyond any audio file, short of float32 overflow when squared. */
  LOUDEST: 1e4,
  /** Peak |sample| below which a recording is rescaled. Estimator: under 24-bit PCM's least step. */
  QUIETEST: 1e-8,
  /** Quantile of |sample| that a rescaled recording brings to 1. Estimator: a level that a few spikes cannot set. */
  LEVEL_QUANTILE: 0.999,
  /** Samples looked at for that quantile. Estimator: enough for a stable 99.9th percentile. */
  LEVEL_POINTS: 65536,
  /** Level, after rescaling, at which spikes are clipped. Estimator: far above any tone. */
  CLIP: 100,
  /** Static crashes (front-end/crashes.ts) are limited to this many times the usual loud level. Fitted: 146 wrong characters of 500 at +10 dB with 2 crashes a second, 55 at 3, 43 at 5, 61 at 8; a tone's peak is 1.4 times its RMS, so no mark is touched. */
  CRASH_LIMIT: 5,
  /** ... the usual loud level being this quantile of the blocks' RMS. Estimator: the key-down level, crashes taking a few per cent of the time. */
  CRASH_QUANTILE: 0.9,
  /** ... over blocks of this, ms. Estimator: shorter than a crash's burst, longer than a cycle of the lowest tone read (200 Hz). */
  CRASH_BLOCK_MS: 20,
  /** A block of the baseband is a crash's where, mixed down this far from the tone on either side (the first two that fit in the band), it stands CRASH_OVER_NOISE times over the probes' noise, Hz. Standard: a block's integrate-and-dump (BLOCK_MS) has its nulls at whole kHz, so the tone leaks least there. */
  CRASH_PROBES_HZ: [1000, 2000, 3000],
  /** ...this many times (power; the lesser of the two probes, over its upper quartile around). Estimator: noise alone's upper quartile is 0.7 of its mean, so a crash 15 dB or more over the noise passes, noise alone never; fitted: 100 read 27 of 317 characters wrong at 2 crashes a second, 50 read 8; over the median, 20 took the spikes of an AGC that a strong neighbour pumps in an SSB filter for crashes (hinted, 4.7 -> 7.3 %), which 50 over the quartile does not (4.7 %). */
  CRASH_OVER_NOISE: 50,
  /** ...and holds this share or more of the tone's own power there and of its loud level (the CRASH_QUANTILE of its windows). Estimator: a tone's leak into a probe is under 3 % of it, a clean recording's codec and keying traces far under it; a crash 13 dB over the noise of a +10 dB signal lifts the probes as much as the tone. */
  CRASH_SHARE: 0.1,
  /** The probes' noise is their CRASH_NOISE_QUANTILE within this either side, ms. Estimator: long against a crash (50 ms at most, a few per cent of the time), short against the AGC moving the noise's level. */
  CRASH_NOISE_MS: 250,
  /** ...this quantile. Estimator: over the crashes' few per cent of the time, and over the near silence of a receiver muted half the time between the noise it hears. */
  CRASH_NOISE_QUANTILE: 0.75,
  /** The tone's baseband and the probes are each integrated over this, ms, for the test. Estimator: a window of 4 blocks has nulls every 250 Hz and a neighbour's image, kHz away, leaks into a probe 20 dB less than through one block, while a crash lifts the window as much as one block. */
  CRASH_PROBE_MS: 4,
  /** ...widened by this either side, ms. Estimator: a crash's attack and the tail of its decay under the threshold. */
  CRASH_GUARD_MS: 4,
  /** ...and a crash so widened is this long at most, ms: a longer lift of the whole band is not a crash but the noise rising (an AGC recovering while a strong neighbour is silent), and the tone is still heard through it. Standard: crashes last 1 to 50 ms. */
  CRASH_MAX_MS: 60,
};
