/**
 * Every tuned constant of the recording decoder, in one place, grouped by the stage that
 * reads it. Each says its unit and why it has its value:
 * - standard: set by the Morse standard or by arithmetic;
 * - estimator: a choice in how something is measured (a quantile, a window, a sample size);
 * - fitted: chosen because it decoded the bench's corpora best (the figures in its comment;
 *   docs/decoder.md describes the stages).
 * Values that follow from others are computed where they are used, never written twice.
 * Every name is held by one group alone. DEFAULT_TUNING is frozen; another configuration is
 * made from it with overrides (tuning-overrides.ts tuningWith) and given to a decoder when it
 * is made (the `tuning` option), which hands it to each stage it runs.
 */

import { BAND_TUNING } from "./tuning-band.js";
import { LIVE_TUNING } from "./tuning-live.js";
import { SANITISE_TUNING } from "./tuning-sanitise.js";
import { TIMINGS_TUNING } from "./tuning-timings.js";

const DEFAULTS = {
  /** Sanitising the samples and bridging static crashes (front-end/usable-samples.ts, crashes.ts, crash-bridge.ts). */
  sanitise: SANITISE_TUNING,
  /** Finding the tone (front-end/pitch.ts; front-end/signals.ts, a band's, shares DYNAMIC_RANGE_DB). */
  pitch: {
    /** Frames averaged into the spectrum of each stretch, at most. Estimator: spread over the stretch, they find a tone that is there often. */
    MAX_FRAMES: 32,
    /** The recording's spectrum is averaged in stretches of about this, s, each searched. Estimator: a tone drifting 1 Hz/s moves 20 Hz in it, about the peak's width. */
    SEGMENT_S: 20,
    /** A tone found in one stretch is looked for this far either side in the others, Hz, and mixed down at the middle of where it is: standard, half the ±50 Hz the drift follower tells apart (DRIFT_LAG_MS), so that a tone drifting 100 Hz stays within it. */
    DRIFT_HZ: 50,
    /** Finest spectral resolution needed, Hz. Estimator: a drift of 20 Hz spreads the peak anyway. */
    PITCH_RESOLUTION_HZ: 6,
    /** Half-width of the neighbourhood a peak is measured against, Hz. Estimator: wide enough for the noise floor, narrow enough for coloured noise. */
    PEAK_NEIGHBOURHOOD_HZ: 60,
    /** Half-width of the band summed as one peak, Hz. Estimator: a drifting tone spreads over it. */
    PEAK_HALF_WIDTH_HZ: 8,
    /** Nothing this far under the strongest tone (of the recording here, of the moment in a band: front-end/signals.ts) is a tone, dB. Estimator: a clean tone's 16-bit quantisation products and a resampler's images lie 70 dB or more under it, and so do an MP3 encoder's (our renderer's at every MP3 rate); S9+30 against S4 is 60 dB, more than a receiver's audio holds apart. */
    DYNAMIC_RANGE_DB: 60,
    /** Half-width of the search around a hinted pitch, Hz. Estimator: room for a receiver's tuning. */
    HINT_SEARCH_HZ: 50,
    /** The strongest peak must stand this far above its neighbourhood's median, or the recording holds no tone. Estimator: white noise's best bin stands 1.3 to 1.5 above it (20 seeds, muted in step with keying or not), the bench corpus's faintest Morse (−10 dB) 4.3 and other people's recordings 5.9 or more. */
    MIN_PEAK_SCORE: 2.5,
  },
  /** Telling stations apart: keying in turn (front-end/turns.ts), or after a pause at another pitch or speed (decode-audio.ts, live/decider.ts). */
  turns: {
    /** A second station is looked for this far from the first, Hz. Estimator: two stations 50 Hz apart are told apart by ear. */
    TURN_MIN_SEPARATION_HZ: 50,
    /** Bandwidth of each station's activity measure, Hz. Estimator: passes keying at 50 wpm, shuts out a station 50 Hz away. */
    TURN_BAND_HZ: 40,
    /** Stretches the activity is summed over, ms. Estimator: longer than a word gap at 12 wpm, shorter than the pause between two turns. */
    TURN_STRETCH_MS: 250,
    /** The activity's floor: this quantile of the stretches' power. Estimator: a station is silent in more than a fifth of them. */
    TURN_FLOOR_QUANTILE: 0.2,
    /** Stations keyed in turn where one did this much more of its keying than the other (shares of each one's whole) before a moment. Estimator: 0.9 each side, the other 0.1 or less. */
    TURN_CONTRAST: 0.8,
    /** A pitch this far from a station's is another station (a live listener's change of signal; a turn read at the speed followed), Hz. Estimator: beyond the drift a receiver shows, under the decoder's ±50 Hz hint window. */
    PITCH_CHANGE_HZ: 30,
    /** A speed this far from a station's is another station, as a ratio: a live listener's change of signal, and a transmission after a pause read on its own (decode-audio.ts). Estimator: beyond one decode's spread of the speed; fitted: 1.3 -> 1.2 read 3 more of the spots bench's 216 stations (24 wpm after 19.5 was read as UG GW for CQ CQ), leaving the audio, foreign, hf and band benches' text as it was. */
    SPEED_CHANGE: 1.2,
  },
  /** Mixing to baseband and following the pitch's drift (front-end/baseband.ts, front-end/drift.ts; evidence/fading.ts, MAX_FADE_GAIN). */
  baseband: {
    /** A fade taken out of the baseband is limited to this gain either way, and a mark deeper in a fast fade is not followed. Fitted: at +20 dB a 1 Hz fade's marks 20 to 30 dB down still stand over the noise (10 -> 40: the 1 Hz keyer at +10 dB 7.5 -> 5.1 % on the hf bench, no cell worse at -6 or 0 dB). */
    MAX_FADE_GAIN: 40,
    /** Target block length, ms. Estimator: fine enough for the edges of a 50 wpm dot (24 ms). */
    BLOCK_MS: 1,
    /** Stretch over which the pitch offset is measured, ms. Estimator: a drift moves little within it. */
    DRIFT_SEGMENT_MS: 1000,
    /** Stretches averaged either side. Estimator: smooths the noise of one stretch's measure. */
    DRIFT_SMOOTHING_SEGMENTS: 2,
    /** Lag of the pulse-pair frequency estimate, ms. Standard: offsets up to ±1 / (2 lag) = ±50 Hz are told apart. */
    DRIFT_LAG_MS: 10,
    /** Marks are cut into chunks of at most this, ms, to follow the offset left over. Estimator. */
    CHUNK_MS: 40,
    /** Chunks at most this far apart are paired, ms. Standard: offsets up to ±1 / (2 × this) ≈ ±4 Hz are told apart, over what the drift follower leaves. */
    PAIR_MS: 120,
    /** The offset at each point is the mean over the pairs within this either side, ms. Estimator: a pitch wandering ±50 Hz a minute moves about 3 Hz a second, and a window this short follows it; fitted: 1500 -> 800 halved the hf bench's random-walk errors (15 -> 7 of 1522), the fading cells alike. */
    FOLLOW_HALF_MS: 800,
    /** The offset is recomputed every this, ms. Estimator. */
    FOLLOW_STEP_MS: 100,
  },
  /** The speed search and the filters built for it (speed.ts, decode-audio.ts, passes.ts, evidence/fading.ts). */
  speed: {
    /** Shortest dot the speed search tries, ms (50 wpm). Standard: the fastest speed read. */
    LADDER_SHORTEST_DOT_MS: 24,
    /** Dot lengths the speed search tries, each √2 longer than the last: 24 to 270 ms (50 to 4.4 wpm). Estimator. */
    LADDER_STEPS: 8,
    /** The threshold keying's filter integrates over this share of a dot. Fitted: room for a sender who speeds up. */
    FILTER_DOTS: 0.7,
    /** Longest coherent integration, ms. Estimator: the drift follower leaves the tone within a Hz or two, which costs under 0.5 dB over this long. */
    COHERENT_MS: 100,
    /** Preference for shorter dots, per natural log of the dot length. Fitted: a long filter blurs fast Morse into blobs that fit 1:3:7 about as well. */
    SHORTER_DOT_BIAS: 0.02,
    /** Marks all of one length fit Morse as all dots or as all dashes at three times the speed (S at 15 wpm, TTT at 45): the one whose speed is nearer this is taken, wpm. Estimator: the geometric middle of the speeds operators send, 10 to 40 wpm. */
    TYPICAL_WPM: 20,
    /** ... when its misfit is within this of the best's. Estimator: about clean keying's misfit (0.05), so that only timings that fit both ways tie. */
    ONE_KIND_TIE_MISFIT: 0.05,
    /** Retries of the final decode with filters √2 longer each, when a hinted speed finds no keying. Estimator. */
    FALLBACK_FILTERS: 2,
    /** Given the rung a reading just before chose (a live listener's), only the ladder's rungs within this many of it are tried. Estimator: the speed moves less than a rung between two readings a second apart or less. */
    NEAR_RUNGS: 1,
    /** Keying read faster than this, wpm, is not Morse and reads as nothing. Standard: half as fast again as the fastest speed the decoder reads (60 wpm, limits.ts DECODE_WPM); what reads faster is elements a few ms long: clicks, or the noise of a receiver muted in step with its own transmitter (QSK), read at 300 to 500 wpm. */
    FASTEST_WPM: 90,
    /** A transmission after a pause is searched for a speed of its own (decode-audio.ts, SPEED_CHANGE) only if it holds at least this many characters, as does the transmission before it; shorter ones are read with their neighbours. Estimator: a speed search needs a few characters' marks and gaps to measure a dot by. */
    TRANSMISSION_CHARACTERS: 8,
  },
  /** Levels along the envelope and threshold keying (evidence/levels.ts, search/threshold.ts). */
  levels: {
    /** Local level windows are at least this long, ms. Estimator: slow fading moves the levels within seconds. */
    LEVEL_WINDOW_MS: 1000,
    /** ...and at least this many dots. Estimator: enough marks and gaps for both quantiles. */
    LEVEL_WINDOW_DOTS: 20,
    /** Quantile taken as the on level. Estimator: marks fill more than a tenth of keyed Morse. */
    ON_QUANTILE: 0.9,
    /** Quantile taken as the off level. Estimator: gaps fill more than a quarter. */
    OFF_QUANTILE: 0.25,
    /** Quantile taken as the on level over the whole recording, to tell noise alone. Estimator. */
    GLOBAL_ON_QUANTILE: 0.97,
    /** How far above 1 noise alone puts q90 / q25 at one look. Estimator: measured on white noise. */
    NOISE_SPREAD_ON: 1.75,
    /** How far above 1 noise alone puts q97 / q25 at one look. Estimator: measured on white noise. */
    NOISE_SPREAD_GLOBAL: 2.4,
    /** Exponent of the looks averaged into each value by which noise's spread narrows. Estimator: measured on white noise. */
    LOOKS_EXPONENT: -0.85,
    /** How much wider than noise's the spread must be to count as keying. Fitted. */
    PRESENCE_MARGIN: 1.3,
    /** A window whose on level is under this share of the keyed windows' median holds no keying. Fitted: fades stay above it. */
    WEAKEST_ON: 0.25,
    /** Hysteresis either side of the threshold, share of the on-off span. Estimator. */
    HYSTERESIS: 0.1,
    /** Marks and gaps shorter than this, dots, are noise. Fitted. */
    DEBOUNCE_DOTS: 0.35,
    /** A window's quantiles look at every k-th value where that leaves at least this many. Fitted: a cap of this many read -10 dB with 10 % more errors. */
    QUANTILE_POINTS: 512,
  },
  /** Signal models and likelihoods (evidence/models.ts, evidence/likelihood.ts, evidence/fading.ts), their refinement (search/marks.ts) and the phase reference (passes.ts). */
  evidence: {
    /** The segmentation's envelope filter, share of a dot. Fitted: nearly matched, short of it so that a one-dot gap still dips to the off level. */
    SEGMENT_FILTER_DOTS: 0.85,
    /** The noise's sigma over the off level (the envelope's lower quartile). Fitted: between pure Rayleigh noise (1 / 0.536) and noise under keying (1 / 0.773). */
    OFF_TO_SIGMA: 1.5,
    /** Noise over sigma that the on level (the 90th percentile) holds above the tone, at one look. Estimator. */
    ON_NOISE_SIGMAS: 0.9,
    /** The envelope's measured noise power is weighed by this. Fitted: each value counts 1 / filterBlocks of an independent one, which undercounts. */
    NOISE_WEIGHT: 0.5,
    /** Re-estimations of the envelope model from its segmentation. Fitted. */
    REFINEMENTS: 1,
    /** Half-width of the window the refined envelope model is measured over, dots. Fitted: fading moves the level within a second or two. */
    REFINE_DOTS: 12,
    /** ...at least this, ms. Fitted. */
    REFINE_MIN_MS: 600,
    /** ...at most this, ms. Fitted: a longer window averages a fade's trough with its peaks. */
    REFINE_MAX_MS: 1500,
    /** Least noise assumed, share of the tone's amplitude (26 dB SNR). Estimator: keeps a clean recording's evidence finite. */
    MIN_NOISE: 0.05,
    /** Noise in the coherent evidence is taken this many times as large. Fitted. */
    COHERENT_NOISE_WEIGHT: 2,
    /** Re-estimations of the coherent model from its segmentation. Fitted. */
    COHERENT_REFINEMENTS: 1,
    /** Half-width of the window the coherent model's noise is measured over, ms. Estimator: band noise changes slowly. */
    COHERENT_NOISE_MS: 800,
    /** Fewest blocks of marks and of gaps a coherent model is measured from. Estimator. */
    COHERENT_MIN_BLOCKS: 20,
    /** Half-widths tried for the window a fading tone's level is measured over, ms; the one whose marks best predict each other's level is taken. Estimator: down to a fifth of a 1 Hz fade; fitted: up to 800 ms, where the bench's slow fades (3-12 s) read best. */
    FADE_LEVEL_WINDOWS_MS: [200, 300, 450, 800],
    /** A tone whose level swings by this factor within one level window (evidence/levels.ts) fades too fast for the envelope's levels: read with the fade taken out (evidence/fading.ts). Standard: a trough at half the on level reaches the threshold halfway to the off level. */
    FAST_FADE_RATIO: 2,
    /** The envelope this many times over its off level (lower quartile) is a mark the tone's fade is measured on. Estimator: noise alone, at one look, passes 4 times its lower quartile 1 % of the time and only for a moment, and noise does not fade with the tone. */
    FADE_MARK_OVER_OFF: 4,
    /** Whether a tone fades fast is judged on marks down to this many times its off level where it is faint: down to a third of its on level, but not under this nor over FADE_MARK_OVER_OFF (evidence/fading.ts). Estimator: at -6 dB in 3 kHz the median mark stands 4.4 times over the off level, so at 4 times a fade's troughs hide and a 1 Hz fade's swing reads 1.8, under FAST_FADE_RATIO; a clear tone keeps 4, where the long gaps of Farnsworth timing hold noise 3 times over it. */
    FAINT_MARK_OVER_OFF: 3,
    /** ...where the recording holds this many level windows or more. Estimator: the median swing over fewer (a live reading's 3 s) is one slow fade's slope as often as a fast fade's; fitted: without it the live bench read 3 more errors at -6 dB (45 -> 48 of 3885), two slow fades taken for fast. */
    FAINT_FADE_WINDOWS: 6,
    /** A mark the level of a fast fade is followed on is as wide as a dot at this share of its peak. Estimator: a click through the filter stands the filter's length at any height, a mark widens below half its height by the filter's ramps, so a dot on a fade's slope, narrow at half its height, still stands a dot wide at a quarter. */
    FADE_MARK_FOOT: 0.25,
    /** A slow fade is taken out where its marks' levels spread this much or more, 10th to 90th percentile (evidence/fading.ts deepAndSlow). Estimator: a Rayleigh fade spreads them 4.7 times, a steady tone's noise 1.3 times at 0 dB. */
    SLOW_FADE_SPREAD: 3,
    /** ...where the median mark stands this many times over the noise's level. Estimator: +6 dB in 3 kHz through a 24 wpm filter; fitted: under it, taking the fade out adds more noise than it lifts marks. */
    SLOW_FADE_CLEAR: 16,
    /** ...where the median step from one mark's level to the next, in log, is this share of the spread's or less. Estimator: a 0.1 Hz fade steps 0.03-0.08 of it, 0.5 Hz 0.06-0.12; noise and the turns of two stations step by half of it. */
    SLOW_FADE_STEP: 0.15,
    /** ...from this many marks or more. Estimator: a spread and a median step need a few characters. */
    SLOW_FADE_MARKS: 20,
    /** In a tone that fades fast, a block of key down is taken to sit in a fade-out the fade follower missed with this probability: its coherent evidence is a mixture with the tone at any share of its level (evidence/likelihood.ts). Fitted: 2 Hz fading, keyer, +20 dB, 14.6 -> 8.0 % on the hf bench (the 2 Hz machine 8.7 -> 5.2, hand 21.2 -> 15.8), no cell at -6 to +6 dB changed, none worse than 0.4 points. */
    FADE_OUT_SHARE: 0.05,
    /** ...the tone there at this share of its level or more. Estimator: a fade-out deeper than 20 dB lasts a few ms at 2 Hz, and allowing for it would let a clear tone's keyed gaps count as fades. */
    FADE_OUT_LEAST: 0.1,
    /** ...only where the tone stands this many times over the noise in one block (in power, a²/σ²): where a block alone tells the tone from the noise, a tone missing from it is a fade-out or a gap, and the evidence for a gap outgrows what any timing prior bridges. Fitted: without it the mixture blurred a faint tone's evidence (the 2 Hz keyer at -6 dB 42.1 -> 43.3 %, 1 Hz machine 33.5 -> 34.4). */
    FADE_OUT_CLEAR: 16,
    /** Fewest such marks a fade is measured from. Estimator: a fade is a swing from mark to mark, a peak and a trough and the marks either side. */
    FADE_MARKS: 4,
    /** Blocks under this share of a tone's level (in amplitude) are digital silence (a receiver muted), not noise (evidence/fading.ts). Estimator: 80 dB, under any recording's noise floor. */
    SILENCE_UNDER_ON: 1e-4,
    /** The tone's level is compared between stretches this long, ms, to tell fading from a steady tone. Estimator. */
    LEVEL_BIN_MS: 1500,
    /** Blocks of marks a stretch must hold for its level to be compared. Estimator. */
    LEVEL_BIN_MARKS: 30,
    /** A tone whose level varies between stretches by less than this share, beyond the noise, is steady. Fitted. */
    STEADY_LEVEL_SPREAD: 0.045,
    /** The phase reference spans the marks within this either side, ms, and whether the phase carries from mark to mark is measured over it. Fitted: longer lets leftover pitch wander in, shorter the noise. */
    PHASE_HALF_WINDOW_MS: 150,
    /** ...leaving out this share of a dot either side of the block itself. Estimator: its own noise would bias it. */
    PHASE_EXCLUDE_DOTS: 0.15,
    /** Half-widths tried beside PHASE_HALF_WINDOW_MS for the phase reference, ms; the longest whose in-phase sum over the marks is within one standard error of the best (PHASE_STEADY_ERRORS for a tone that does not fade fast) is taken. Estimator: down to a sixth of a 1 Hz fade's coherence time; fitted: 25 ms let a neighbour 150-300 Hz away lift the in-phase sum of short windows (a +10 dB neighbour in an SSB filter: 10.2 -> 17.5 % CER). */
    PHASE_HALF_WINDOWS_MS: [50, 75, 100],
    /** ...within this many standard errors for a tone that does not fade fast. Fitted: 1 let the bench corpus's noise at -10 dB pick short windows (223 -> 230 errors), 2 holds it (226) and still follows a pitch wandering ±50 Hz a minute. */
    PHASE_STEADY_ERRORS: 2,
    /** Fewest marks a shorter phase reference is chosen on. Estimator: a standard error from fewer says too little; fitted: at 10, a live band stream's first word (TEST, 25 wpm) was decided as MEST before its speed was known. */
    PHASE_WINDOW_MARKS: 20,
    /** Below this mean cosine of the phase turned from one mark to the next, a clear tone's phase is taken within each mark only. Estimator: a keyed oscillator gives near 1, a sine restarted at every element about 0. */
    MIN_PHASE_CARRY: 0.5,
    /** Noise in the character search's evidence, weighed as COHERENT_NOISE_WEIGHT in the mark-by-mark one. Fitted. */
    CHARACTER_NOISE_WEIGHT: 4 / 3,
  },
  /** The order of passes in decodeAudio (passes.ts). */
  passes: {
    /** Envelope segmentations at the final dot length, each with the speed profile the one before found. Fitted. */
    SEGMENTATIONS: 2,
    /** Coherent segmentations after them, at most (they stop once nothing changes). Fitted: deep in noise 16 decode better than 8. */
    COHERENT_PASSES: 16,
    /** The segmentations' length-prior spread over the misfit of the decode before. Estimator: a mean absolute log deviation is about 0.8 of a standard deviation. */
    MISFIT_TO_SPREAD: 1.25,
    /** Narrowest length-prior spread, natural log. Fitted. */
    MIN_SPREAD: 0.1,
    /** Widest length-prior spread, natural log. Fitted. */
    MAX_SPREAD: 0.3,
    /** The character pass's dot length at each mark is the median over this many marks either side. Fitted: a sender's speed changes slowly. */
    STEADY_DOT_MARKS: 20,
  },
  /** Length priors and resolution of the searches (search/lengths.ts, search/marks.ts, search/characters.ts). */
  lengths: {
    /** Ratios of length to dot in the prior tables: up to this. Estimator: a word gap stretched by Farnsworth spacing fits. */
    TABLE_MAX: 12,
    /** ...in steps of this. Estimator. */
    TABLE_STEP: 0.02,
    /** Share of the per-step charge of a length prior levied on each segment. Fitted: in full it outweighs the evidence. */
    SEGMENT_CHARGE: 0.4,
    /** Segments shorter than this, dots, are not tried. Fitted: too improbable. */
    MIN_DOTS: 0.3,
    /** A dot estimate under this share of the median is an outlier when the step is set. Estimator. */
    OUTLIER_DOT_SHARE: 0.5,
    /** Values of the dot profile looked at for its median. Estimator. */
    MEDIAN_POINTS: 1024,
  },
  /** The mark-by-mark search (search/marks.ts, passes.ts), whose weights and resolution the character search shares (search/characters.ts). */
  marks: {
    /** Resolution, steps per dot. Fitted. */
    STEPS_PER_DOT: 6,
    /** Resolution of the coherent passes, steps per dot. Fitted: coarser decodes better. */
    COHERENT_STEPS_PER_DOT: 3,
    /** Spread of element lengths, natural log, when none is known. Estimator: ±20 % hand timing and more. */
    DEFAULT_SPREAD: 0.25,
    /** Shares of dots and dashes: [length in dots, share]. Estimator. */
    MARK_WEIGHTS: [
      [1, 0.5],
      [3, 0.5],
    ] as [number, number][],
    /** Shares of gaps inside characters, between characters and between words. Estimator: roughly as in text. */
    GAP_WEIGHTS: [
      [1, 0.55],
      [3, 0.3],
      [7, 0.12],
    ] as [number, number][],
    /** Share of pauses longer than a word gap. Estimator. */
    PAUSE_WEIGHT: 0.03,
    /** Longest single mark, dots; longer ones are chains (a carrier). Estimator. */
    MARK_MAX_DOTS: 5,
    /** Longest single gap, dots; longer ones are pauses. Estimator. */
    GAP_MAX_DOTS: 10,
    /** Log-probability of each link in a chain of marks. Fitted. */
    CHAIN: -4,
    /** A gap this long, dots, may go on as a pause. Estimator: between a letter gap and a word gap. */
    PAUSE_FROM_DOTS: 6,
    /** Log-probability of each link in a pause. Fitted. */
    PAUSE_LINK: -0.5,
  },
  /** The search over whole characters (search/characters.ts, search/character-tree.ts, passes.ts; its gap shares also the grid's, search/grid.ts), and where a word ends (characters/keyed-characters.ts, live/decider.ts). */
  characters: {
    /** Shares of letters, digits, punctuation, prosigns and accented letters. Fitted: roughly what traffic is made of. */
    KIND_SHARES: [0.87, 0.12, 0.01, 0.002, 0.001],
    /** Share of the gaps that end a character that are letter gaps. Estimator: roughly as in text. */
    LETTER_GAP_SHARE: 0.75,
    /** ... that are word gaps. Estimator: roughly as in text. */
    WORD_GAP_SHARE: 0.22,
    /** ... that are pauses longer than a word gap. Estimator. */
    PAUSE_SHARE: 0.03,
    /** Longest dot tried, dots. Estimator. */
    DOT_MAX_DOTS: 2.5,
    /** Shortest dash tried, dots. Estimator. */
    DASH_MIN_DOTS: 1.5,
    /** Longest dash tried, dots. Estimator. */
    DASH_MAX_DOTS: 5,
    /** Longest gap inside a character tried, dots. Estimator. */
    ELEMENT_GAP_MAX_DOTS: 3,
    /** Longest letter or word gap tried before it goes on as a pause, stretched dots. Estimator. */
    BOUNDARY_GAP_MAX_DOTS: 10,
    /** Nodes scoring more than this below the best of their step are not extended. Fitted: 20 decodes as no limit does, in half the time. */
    BEAM: 20,
    /** A span searched at once is cut at its longest gap once this long, dots. Estimator: memory, a score per node and step. */
    MAX_SPAN_DOTS: 600,
    /** Spans are cut at word gaps of at least this, stretched dots. Estimator. */
    CUT_GAP_DOTS: 6,
    /** Where spans join, a gap at least this long ends a word, stretched dots. Standard: between 3 and 7. */
    WORD_GAP_FROM_DOTS: 5,
    /** The length priors' spread, share of the mark-by-mark search's. Fitted: a mark that must be an element of a character needs less room. */
    CHARACTER_SPREAD: 0.65,
    /** Resolution, steps per dot. Fitted: a hand's edges fall anywhere. */
    CHARACTER_STEPS_PER_DOT: 4,
  },
  /** Machine keying read on its timing grid (search/grid.ts, passes.ts). */
  grid: {
    /** Letter gaps stretched more than this share (Farnsworth) are off any one grid. Estimator. */
    MAX_GRID_STRETCH: 0.05,
    /** Keyed edges within this of the grid's lines (root mean square, units) are machine keying. Fitted: hand keying comes out at 0.17 or more. */
    MAX_GRID_MISFIT: 0.16,
    /** From this many edges on, the limit is MAX_LONG_GRID_MISFIT. Fitted: a hand's edges wander further from one grid the longer it sends. */
    LONG_GRID_EDGES: 200,
    /** MAX_GRID_MISFIT from LONG_GRID_EDGES edges on, units. Fitted. */
    MAX_LONG_GRID_MISFIT: 0.2,
    /** Edges further than this from the last fit, units, are left out of the next. Estimator. */
    OUTLIER_UNITS: 0.35,
    /** The first fit spans this many units, each next one twice as many. Estimator. */
    FIRST_SPAN_UNITS: 12,
    /** Guesses of the unit tried either side of the measured dot. Estimator: a guess a few per cent off can lock on a wrong grid. */
    UNIT_TRIES: 8,
    /** ...each this share apart. Estimator. */
    UNIT_TRY_STEP: 0.005,
    /** Fits over each span. Estimator. */
    REFITS: 3,
    /** Fewest edges a fit is made from. Estimator. */
    MIN_FIT_EDGES: 8,
    /** Log-probability of each unit a pause goes on past a word gap. Fitted. */
    LOG_PAUSE_UNIT: -0.05,
  },
  /** What is dropped as noise after a search (search/weak-characters.ts, characters/lone-ends.ts). */
  noise: {
    /** A character whose marks hold under this share of its neighbours' level is noise. Fitted (0.5 to 0.6 all help). */
    WEAK_CHARACTER: 0.55,
    /** Marks apart by gaps under this, dots, are one character for that test. Standard: between 1 and 3. */
    WEAK_LETTER_GAP_DOTS: 2,
    /** Marks this close either side, dots, set the level a character is judged against. Estimator: they share its fading. */
    NEIGHBOUR_DOTS: 10,
    /** A gap this long, dots, sets a group of marks at either end apart. Estimator. */
    APART_DOTS: 5,
    /** Marks at most in a lone group at either end that is dropped. Estimator: E, T, I, A, N, M. */
    LONE_MARKS: 2,
    /** Lone groups are dropped only where the on-off span stands under this many times the noise floor. Fitted. */
    NOISY_CLARITY: 8,
    /** A character whose matched-filter score (its marks' in-phase sum over the noise's deviation) reaches this stands clear of noise. Estimator: the peak score noise alone reaches over a minute of likeliest marks is about 5. */
    CLEAR_SCORE: 5,
    /** This many characters in a row, none of them clear, are noise (the local squelch). Estimator: a lone weak character is an E or a T as often. */
    SQUELCH_CHARACTERS: 2,
    /** A character standing alone this many word gaps from any other, or from the recording's end, is noise unless clear. Estimator: a pause, twice a word gap. */
    PAUSE_WORD_GAPS: 2,
  },
  /** Timings to text (tuning-timings.ts). */
  timings: TIMINGS_TUNING,
  /** Every signal of a band (tuning-band.ts). */
  band: BAND_TUNING,
  /** The live listener: how often it reads, how much it keeps, when it decides (tuning-live.ts). */
  live: LIVE_TUNING,
};

/** A value, and all it holds, read-only. */
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A configuration of the decoder: every tuned constant, by group. Make one with tuningWith. */
export type Tuning = DeepReadonly<typeof DEFAULTS>;

/** `value` and all it holds, frozen. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** The decoder's configuration unless it is given another: the constants above, frozen. */
export const DEFAULT_TUNING: Tuning = deepFreeze(DEFAULTS);
