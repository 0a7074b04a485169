/**
 * The tuned constants of decoding every signal of a band (front-end/signals.ts,
 * front-end/channel.ts, front-end/cancel.ts, decode-signals.ts, live/band-listener.ts), with their
 * units and reasons as tuning.ts says, in a file of their own; tuning.ts holds them as its `band`
 * group (DEFAULT_TUNING.band).
 */
export const BAND_TUNING = {
  /** Coarsest spectral resolution, Hz. Estimator: two signals 50 Hz apart lie five bins apart or more. */
  BAND_RESOLUTION_HZ: 10,
  /** Windows a signal is looked for in, ms, each starting half a window after the last. Estimator: several characters at 12 wpm; short enough to find where a signal starts and stops. */
  DETECT_WINDOW_MS: 2000,
  /** The noise's shape across the band is measured over this either side, Hz. Estimator: wider than a few signals side by side, narrower than a receiver's passband slopes. */
  NOISE_NEIGHBOURHOOD_HZ: 150,
  /** A window's mean power at a pitch this many times the noise's holds a signal. Estimator: noise alone, averaged over a window's 30 frames, exceeds twice its mean with a probability under 1e-6; a keyed tone at -3 dB in 3 kHz stands about 50 times above it. */
  DETECT_RATIO: 4,
  /** Within the windows a signal shows in, it is keyed in the frames where its power stands this many times above the noise's. Estimator: noise alone reaches it in one frame and bin in 20000; a dot of a -3 dB tone at 40 wpm stands higher. */
  KEYED_RATIO: 10,
  /** A signal's peak is the highest within this either side, Hz. Estimator: under the 50 Hz two signals are read apart at, over a drifting tone's spread. */
  PEAK_HALF_HZ: 35,
  /** The frames a signal's keyed power is measured over: this quantile of the frames where it is heard. Estimator: a frame wholly inside a mark, at 10 % keyed or more. */
  KEYED_QUANTILE: 0.9,
  /** Audio read either side of where a signal is heard, ms. Estimator: a window's resolution. */
  PAD_MS: 1000,
  /** Half-width of a signal's channel: half the way to the nearest other signal, at least this, Hz. Estimator: 25 Hz passes keying at 40 wpm. */
  CHANNEL_MIN_HZ: 25,
  /** ... and at most this, Hz. Estimator: wider than any keying read. */
  CHANNEL_MAX_HZ: 150,
  /** The channel filter spans this many periods of its half-width. Estimator: a Blackman window, down 70 dB from about 1.6 times the half-width. */
  CHANNEL_FILTER_PERIODS: 4,
  /** A signal read as fewer characters than this is noise. Estimator: noise read as Morse gives a letter or two. */
  MIN_CHARACTERS: 2,
  /** A signal weaker than this in 3 kHz, dB as estimated, is noise. Estimator: the decoder reads one signal down to -10 dB; the estimate reads about 3 dB low. */
  MIN_SNR_DB: -12,
  /** A signal whose marks' median is shorter than this share of a dot at the fastest speed read is clicks or noise. Estimator: Morse's median mark is a dot or longer; hand keying shortens one by a fifth. */
  SHORTEST_MARK: 0.8,
  /** A signal read is taken out before the weaker ones within this of it are read, Hz. Estimator: a hard-keyed signal's sidebands reach a few hundred Hz. */
  SIDEBAND_HZ: 300,
  /** A mark copying the keying of a signal this much stronger, dB, is a leak of it (sidebands, harmonics). Estimator: a leak is weaker than its source by far more. */
  LEAK_DB: 6,
  /** A leak matches its source's edges within this, ms. Estimator: a click is read within a few blocks of its edge; a mark keyed apart matches both edges of one this closely about once in forty. */
  ALIGNED_MS: 8,
  /** A signal this share of whose marks copy another's keying or are centred on its edges is a leak as a whole. Estimator: a station keying apart matches so in about one mark in six; a leak in nearly all. */
  LEAKED_SHARE: 0.5,
  /** A signal taken out before its weaker neighbours are read is fitted mark by mark at its own pitch, measured within this either side of the signal's, Hz. Estimator: a receiver's drift and the pitch's own error over a mark. */
  CANCEL_SEARCH_HZ: 6,
  /** The edge lengths tried for a signal taken out, ms (raised cosine, 10 % to 90 % in about 60 % of it). Estimator: from hard keying to the softest a transmitter shapes; 5 is what the service sends. */
  CANCEL_RAMPS_MS: [1, 2.5, 5, 8, 12],
  /** The marks its edge length is fitted on. Estimator: enough to average the noise, few enough to cost little. */
  CANCEL_RAMP_MARKS: 12,
  /** Each edge of a mark taken out is moved by up to this either way to fit, ms, ... Estimator: a decode's edges fall within a block or two of the keying's. */
  CANCEL_EDGE_MS: 2,
  /** ... in steps of this, ms. Estimator: an edge this far off leaves a click 20 dB under the mark's. */
  CANCEL_EDGE_STEP_MS: 0.25,
  /** A live signal with no character for this long is closed, ms. Standard: issue 20's 30 s. */
  CLOSE_MS: 30000,
};
