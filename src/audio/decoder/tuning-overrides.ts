/**
 * Configurations of the decoder other than DEFAULT_TUNING (tuning.ts): the default with some
 * constants overridden, each override checked, the result frozen. A decoder takes one as its
 * `tuning` option; what is computed from a configuration is cached per configuration
 * (perTuning), so two decoders tuned apart never share it.
 */
import { MorseError } from "../../core/errors.js";
import { deepFreeze, DEFAULT_TUNING, type Tuning } from "./tuning.js";

/** Overrides by name, `NAME` or `group.NAME`: a number, an array (the weights, the lists of windows), or either as JSON. */
export type TuningOverrides = Readonly<Record<string, number | string | readonly unknown[]>>;

/** Every configuration made here, and the default: a decoder takes no other. */
const MADE = new WeakSet<Tuning>([DEFAULT_TUNING]);

const GROUPS = DEFAULT_TUNING as unknown as Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** Counts (whole numbers, 0 or more): what the name says is a number of points, marks, steps, passes... */
const COUNT =
  /(_POINTS|_FRAMES|_SEGMENTS|_STEPS|_FILTERS|_RUNGS|_CHARACTERS|REFINEMENTS|_BLOCKS|_MARKS|SEGMENTATIONS|_PASSES|_EDGES|_TRIES|REFITS|_READINGS|_MIN_GAPS)$/;
/** Shares and quantiles, and the weights' shares: from 0 to 1. */
const SHARE = /(QUANTILE|_SHARES?)$/;

function invalid(message: string): never {
  throw new MorseError("INVALID_OPTION", message);
}

/** The group and key of a constant named `group.NAME` or bare `NAME` (every name is one group's alone). */
function constantNamed(name: string): { group: string; key: string } {
  const dot = name.indexOf(".");
  const key = name.slice(dot + 1);
  const group = dot === -1 ? Object.keys(GROUPS).find((g) => Object.hasOwn(GROUPS[g]!, key)) : name.slice(0, dot);
  if (group === undefined || !Object.hasOwn(GROUPS, group) || !Object.hasOwn(GROUPS[group]!, key)) invalid(`Unknown tuning constant ${name}`);
  return { group, key };
}

/** Why `value` is no sensible number for the constant `key` whose default is `fallback`; undefined if it is one. */
function numberFault(key: string, value: unknown, fallback: number, share: boolean): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return "a finite number";
  if (share && (value < 0 || value > 1)) return "a share from 0 to 1";
  if (COUNT.test(key)) return Number.isInteger(value) && value >= 0 ? undefined : "a whole number, 0 or more";
  if (key.endsWith("_DB")) return undefined;
  if (fallback < 0 && value > 0) return "a number, 0 or less";
  if (fallback > 0 && value <= 0) return "a positive number";
  return undefined;
}

/** Why `value` does not fit the constant `key` whose default is `fallback` (a number, a list of numbers, or a list of [length, share] pairs); undefined if it does. */
function fault(key: string, value: unknown, fallback: unknown): string | undefined {
  if (!Array.isArray(fallback)) return numberFault(key, value, fallback as number, SHARE.test(key));
  const pairs = Array.isArray(fallback[0]);
  if (!Array.isArray(value) || value.length === 0) return pairs ? "a list of [length, share] pairs" : "a list of numbers";
  for (const item of value) {
    const itemFault = pairs
      ? Array.isArray(item) && item.length === 2
        ? (numberFault(key, item[0], 1, false) ?? numberFault(key, item[1], 1, true))
        : "[length, share]"
      : numberFault(key, item, fallback[0] as number, SHARE.test(key));
    if (itemFault) return `${pairs ? "a list of [length, share] pairs" : "a list of numbers"}, each ${itemFault}`;
  }
  return undefined;
}

function parsed(name: string, value: number | string | readonly unknown[]): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return invalid(`${name} takes a number or JSON, not ${value}`);
  }
}

/**
 * The configuration `base` (the default unless given) with `overrides`, frozen. Throws
 * MorseError INVALID_OPTION for a name no group holds, or a value of another shape than the
 * default's or out of its range: a count must be a whole number, a share or quantile from 0
 * to 1, a positive constant stays positive and a negative one (a log-probability, an exponent)
 * at 0 or less (a level in dB may be any number).
 */
export function tuningWith(overrides: TuningOverrides, base: Tuning = DEFAULT_TUNING): Tuning {
  checkTuning(base);
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [group, constants] of Object.entries(base)) groups[group] = { ...constants };
  for (const [name, raw] of Object.entries(overrides)) {
    const { group, key } = constantNamed(name);
    const value = parsed(name, raw);
    const why = fault(key, value, GROUPS[group]![key]);
    if (why) invalid(`${name} takes ${why}, not ${JSON.stringify(value)}`);
    groups[group]![key] = structuredClone(value);
  }
  const made = deepFreeze(groups) as unknown as Tuning;
  MADE.add(made);
  return made;
}

/** Throws MorseError INVALID_OPTION unless `tuning` is DEFAULT_TUNING or made by tuningWith. */
export function checkTuning(tuning: Tuning): void {
  if (!MADE.has(tuning)) invalid("The tuning must be DEFAULT_TUNING or made by tuningWith");
}

/** The configuration an entry point's options give (`tuning`, the default if none), checked as checkTuning does. */
export function tuningOf(options: { readonly tuning?: Tuning }): Tuning {
  const tuning = options.tuning ?? DEFAULT_TUNING;
  checkTuning(tuning);
  return tuning;
}

/** `make` of a configuration, made once for each configuration it is asked for. */
export function perTuning<V>(make: (tuning: Tuning) => V): (tuning: Tuning) => V {
  const made = new WeakMap<Tuning, V>();
  return (tuning) => {
    let value = made.get(tuning);
    if (value === undefined) {
      value = make(tuning);
      made.set(tuning, value);
    }
    return value;
  };
}
