/**
 * The tuned constants of the live listeners (live/listener.ts, live/band-listener.ts,
 * live/decider.ts): how often they read, how much they keep, when they decide, with their units
 * and reasons as tuning.ts says, in a file of their own; tuning.ts holds them as its `live` group
 * (DEFAULT_TUNING.live).
 */
export const LIVE_TUNING = {
  /** Every this much stream, ms, a reading searches the pitch and speed afresh (a followed clear signal's speed only at the rungs near the speed followed, NEAR_RUNGS); between them, a reading takes the pitches the one before found and tries only the speed ladder's rungs near its (NEAR_RUNGS). Estimator: a new pitch is then picked up within 2 s, under the 3 s allowed (a new speed at the same pitch shows in every reading, as its transmission's own speed: characters/timed.ts). */
  FULL_SEARCH_MS: 2000,
  /** A reading narrows the next one's searches only if it read at least this many characters. Estimator: one alone is as often a burst of noise, or of another station, as the signal; the pitch it was read at is unconfirmed. */
  NARROWING_CHARACTERS: 2,
  /** A stream's first characters, decided before its speed is known, are read again by at most this many readings once it is, and settled by the first two in turn that read them alike. Estimator: two full searches' worth (FULL_SEARCH_MS at HOP_MS), so that a reading of the whole speed ladder is among them. */
  READ_AGAIN_READINGS: 4,
  /** Audio between two readings of the window, ms. Estimator: each reading costs a window's decode, so this sets the work per second of audio against the latency. */
  HOP_MS: 500,
  /** ... once the stream's speed is known and its signal followed (one signal's listener; not a weak signal, WEAK_CLARITY), ms. Estimator: a reading costs a window's decode, and the readings are halved; with FOLLOWED_DECIDE_MS and a letter gap at 20 wpm, at most 1.5 s from a character's last mark to the reading that decides it. */
  FOLLOWED_HOP_MS: 1000,
  /** At FOLLOWED_HOP_MS, a character at the pitch and speed followed is decided by one reading once this much audio follows its letter gap, ms. Estimator: 1.5 s less the hop and a letter gap at 20 wpm leaves 320 ms; half of it, the rest for a reading that places a character's end early (with 300 ms, latency p95 1.44 s at 20 wpm and above). */
  FOLLOWED_DECIDE_MS: 150,
  /** Audio kept before the oldest undecided moment, ms, or CONTEXT_DOTS if longer. Estimator: enough marks for the pitch, speed and levels to be measured as in a whole recording. */
  CONTEXT_MS: 4000,
  /** ... dots at the speed read. Estimator: about five characters, so that slow Morse has as many marks to measure as fast. */
  CONTEXT_DOTS: 60,
  /** Audio a reading of a clear signal followed reads before the oldest undecided moment, ms, or FOLLOWED_CONTEXT_DOTS if longer; the listener still keeps CONTEXT_MS, for the final reading and for a signal that weakens. Estimator: about five characters at 20 wpm, the pitch and speed no longer measured from them. Fitted: with 2.5 s and 40 dots the foreign corpus read live with 89 errors against 70, with 3 s 69. */
  FOLLOWED_CONTEXT_MS: 3000,
  /** ... dots at the speed followed. Estimator: CONTEXT_DOTS scaled as FOLLOWED_CONTEXT_MS is to CONTEXT_MS, rounded up. */
  FOLLOWED_CONTEXT_DOTS: 50,
  /** CONTEXT_MS for a weak signal, ms. Fitted: at −10 dB a reading's levels and speed want more marks than 4 s hold (the corpus's live errors 167 → 129 with 8 s, 146 with 6 s); at −6 dB 8 s read no better. */
  WEAK_CONTEXT_MS: 8000,
  /** A signal is weak when the median over its last CLARITY_READINGS readings of how far its tone stands above the noise floor (characters/lone-ends.ts clarity) is under this. Fitted: the corpus's messages stand 2.7 to 6 above it at −10 dB, 3.9 to 8.6 at −6 dB, 6.6 or more at 0 dB. */
  WEAK_CLARITY: 4.5,
  /** ... readings. Estimator: 10 s of stream, longer than a fade, so that a trough does not make a signal weak. */
  CLARITY_READINGS: 20,
  /** A stream's speed is known, and its first characters (decided as two readings agree, as every character is) are read again, once a reading holds this many (or the stream has ended). Fitted: the speed and the levels want several characters to be measured; with 3, a stream's first letters were misread. */
  FIRST_CHARACTERS: 8,
  /** ... read at the speed of the reading before within this ratio. Estimator: the same rung of the speed ladder, whose rungs stand √2 apart (half a rung either way, 2^¼): eight characters of dots read as dashes at a rung or more off (a slow H as E T T T) are no speed to know. */
  FIRST_SPEED_AGREEMENT: 1.19,
  /** ... or once the first has waited this long after its last mark, ms. Estimator: slow Morse holds eight characters only after 10 to 20 s; the first characters should be settled sooner. */
  FIRST_WAIT_MS: 5000,
  /** ... or, at EARLY_WPM and faster, once a reading holds this many with dots and dashes among them and one of more than one element, read at the speed of the reading before within EARLY_SPEED_AGREEMENT. Fitted when the first characters waited for it: with 4 the corpus and the foreign corpus read live as with 6 and 8; with 3, +10 dB read worse. Reading them again instead, without the rule −6 and −10 dB read 11 and 131 errors against 10 and 125. */
  EARLY_CHARACTERS: 4,
  /** ... wpm. Standard: the issue's latency target is tightest from 20 wpm. Fitted when the first characters waited for it: below it, four characters misread 0 dB messages' first letters (7 errors against 1: RIG read RIM at 8 wpm, MADRID read MADRINE at 15), and six misread two at +10 dB. */
  EARLY_WPM: 20,
  /** ... as a ratio less 1. Estimator: a reading's speed moves by a few per cent from one reading to the next once it holds enough marks. */
  EARLY_SPEED_AGREEMENT: 0.05,
  /** Before the speed is known, a reading that reads the stream this many times faster or slower than the reading before is passed over, once: a speed search over a stream's first two or three characters can take its dots for dashes (3x) or its dashes for dots, and one such reading would hold back every character the next reading confirms. Estimator: halfway between the same speed and 3x in log terms (√3, 1.73), rounded down. */
  OUTLIER_SPEED_RATIO: 1.7,
  /** Longest window read, ms. Estimator: bounds the work and memory where nothing is ever decided (a carrier left on). */
  MAX_WINDOW_MS: 30000,
  /** A character is decided once two readings that follow its last mark by DECIDE_DOTS agree on it. Standard: a letter gap, so that it is known to have ended. */
  DECIDE_DOTS: 3,
  /** ... or, where they never agree, once this much more audio follows it, ms. Estimator: the latency budget (1.5 s) less a hop. */
  DECIDE_ANYWAY_MS: 1000,
  /** A character read again this close to one already decided, dots, is the same one (or its correction). Estimator: under an element gap's worth of shift between readings. */
  SAME_CHARACTER_DOTS: 1,
  /** No character for this long, ms, and the signal is lost. Estimator: longer than any pause inside a message. */
  SIGNAL_LOST_MS: 10000,
};
