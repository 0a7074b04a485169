/** Spots (API.md section 9): call signs, the rules that make a call a spot, and DX-cluster lines. Pure. */
export { baseCallOf, callSignIn, holderOf, isBaseCall, isCallSign, oneApart } from "./call-sign.js";
export { callsHeard, HEARD_MAX_CHARACTERS, SPOT_KINDS, textAround, wordsAround, wordsOf, type CallHeard, type HeardWord, type SpotKind } from "./calls.js";
export { dxClusterLine, DX_COLUMNS, utcTime } from "./dx-cluster.js";
export { ITU_SERIES, ITU_SOURCE, ONE_CHARACTER_PREFIXES, type SeriesBlock } from "./itu-series.js";
export {
  BUSTED_WITHIN_KHZ,
  checkSpotOptions,
  DEFAULT_REPORTER,
  DIAL_KHZ,
  REPEAT_WITHIN_KHZ,
  SIDEBANDS,
  SPOT_WINDOW_MS,
  SpotLog,
  spotFrequencyKHz,
  spotsFromSignals,
  spotOf,
  type Logged,
  type Sideband,
  type Spot,
  type SpotOptions,
  type SpotSignal,
  type SpotsResult,
  type Verdict,
} from "./spots.js";
