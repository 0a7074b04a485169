/**
 * The tuned constants of timings to text (characters/timings.ts, characters/letter-split.ts,
 * characters/timed.ts; passes.ts, STANDARD_SPACING), with their units and reasons as tuning.ts
 * says, in a file of their own; tuning.ts holds them as its `timings` group
 * (DEFAULT_TUNING.timings).
 */
export const TIMINGS_TUNING = {
  /** Marks either side of a mark that its dot estimate is drawn from. Estimator. */
  DOT_WINDOW_MARKS: 8,
  /** Two clusters of mark lengths this far apart (ratio of geometric means) are dots and dashes. Estimator: 3 ideally. */
  MIN_DASH_RATIO: 1.8,
  /** Marks from this many dots are dashes. Standard: the midpoint of 1 and 3. */
  DASH_FROM: 2,
  /** Gaps from this many dots end a letter. Standard: the midpoint of 1 and 3. */
  LETTER_GAP_FROM: 2,
  /** Gaps from this many dots end a word. Standard: the midpoint of 3 and 7. */
  WORD_GAP_FROM: 5,
  /** Gaps are taken as Farnsworth-stretched when fewer than this share of the long ones fall at 2 to 5 dots. Estimator. */
  FARNSWORTH_LETTER_SHARE: 0.2,
  /** Long gaps needed before any stretch is believed. Estimator. */
  FARNSWORTH_MIN_GAPS: 4,
  /** Two clusters of long gaps this far apart are letter and word gaps. Estimator: 7 / 3 ideally. */
  MIN_WORD_RATIO: 1.6,
  /** A tight fist's letter gaps are looked for from this many dots. Estimator: above a hand's element gaps (1 ± 20 %), below a letter gap compressed to 2. */
  TIGHT_GAP_FROM: 1.5,
  /** Letter gaps whose median stands under this many dots come from a tight fist; the letter and word gaps then shrink with it. Estimator: a hand's ±20 % keeps standard letter gaps above it. */
  TIGHT_LETTER_UNDER: 2.4,
  /** A gap between two characters this long, in dots at the faster one's speed, ends a transmission: what follows may be another station, at the same pitch and another speed (characters/timed.ts). Estimator: two word gaps; a sender's word gaps stand under it (7 dots, ±30 % by hand). */
  TRANSMISSION_PAUSE_DOTS: 14,
  /** An upper cluster of long gaps more than this far above the lower holds pauses, not word gaps. Estimator: word gaps stand 7 / 3 above letter gaps, a hand's ±20 % on either side, the lower cluster taking in some word gaps. */
  PAUSE_RATIO: 4,
  /** A tight fist's long gaps in two clusters this far apart (ratio of geometric means) are letter and word gaps. Estimator: beyond a hand's ±20 % letter gaps; a tight fist's word gaps can stand only 1.5 above its letter gaps. */
  MIN_CLUSTER_RATIO: 1.3,
  /** ...if their means also stand this many pooled standard deviations apart (natural log). Estimator: one normal cluster split in two stands about 2.7 apart; the search's steps of a third of a dot blur two that stand 4 apart. */
  CLUSTER_SEPARATION: 3.5,
  /** Letter gaps within this factor of 3 dots are standard spacing, and two estimates of a sender's letter gaps within it agree. Estimator: a hand's ±20 %. */
  STANDARD_SPACING: 1.25,
  /** Largest mark lengthening believed, dots. Estimator: beyond it the timing is just poor. */
  MAX_WEIGHT: 0.45,
  /** A cut of an unknown sequence scores its gap's length less this, dots. Standard: between 1 and 3. */
  CUT_FROM_DOTS: 2,
  /** No cut at a gap shorter than this, dots. Estimator: that is an element gap. */
  MIN_CUT_DOTS: 1.4,
};
