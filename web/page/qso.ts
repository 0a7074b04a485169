/**
 * QSO-like text for a practice round: the exchanges of a typical CW contact in their order (a
 * call, the signal report, name, QTH, rig and antenna, weather, the goodbye), each from a few
 * templates filled from this file's own lists of reports, names, places, rigs and weather, with
 * two call signs made up for the round. Only what the characters in play can spell is used: a
 * template whose fixed words or whose every choice for a slot cannot be spelled yet is left out,
 * and so is an exchange with no template left.
 */
import { callSign, pick } from "./call-signs.js";
import { KOCH_ORDER, type RandomSource } from "./koch.js";

/** What may fill each slot of a template; `{MY}` and `{DX}` are the round's two call signs, made up. */
export const FILLS: Readonly<Record<string, readonly string[]>> = {
  RST: ["599", "589", "579", "569", "559", "549", "479", "449", "339", "5NN"],
  NAME: [
    "TOM",
    "ANN",
    "JOE",
    "SUE",
    "KEN",
    "MAX",
    "EVA",
    "RON",
    "PAT",
    "JIM",
    "ALEX",
    "MARK",
    "PETE",
    "MIKE",
    "KURT",
    "RENE",
    "SAM",
    "UTE",
    "OLE",
    "KARL",
    "NORA",
    "ROSA",
  ],
  QTH: [
    "PARIS",
    "OSLO",
    "TURIN",
    "ROME",
    "BERN",
    "LYON",
    "PERTH",
    "AUSTIN",
    "TOKYO",
    "LIMA",
    "QUITO",
    "TULSA",
    "ESSEN",
    "RENO",
    "KOBE",
    "MALMO",
    "TRURO",
    "MUNICH",
    "SEATTLE",
    "NEAR MAINZ",
  ],
  RIG: ["IC7300", "K3", "FT991", "TS590", "KX2", "FT817", "K2", "HOMEBREW", "TRUSDX"],
  PWR: ["5W", "10W", "50W", "100W", "400W"],
  ANT: ["DIPOLE", "VERTICAL", "YAGI", "LOOP", "EFHW", "WIRE", "GP", "INV V"],
  WX: ["SUNNY", "RAIN", "SNOW", "CLOUDY", "FOG", "WARM", "COLD", "WINDY", "FINE", "CLEAR"],
  TEMP: ["2C", "5C", "8C", "12C", "15C", "20C", "25C", "30C", "MINUS 3C"],
};

/** The exchanges of a contact in the order they come, each a choice of templates. */
const EXCHANGES: readonly (readonly string[])[] = [
  ["CQ CQ DE {MY} {MY} K", "{DX} DE {MY} {MY} K", "QRZ DE {MY} K"],
  ["GM OM = UR RST {RST} {RST}", "TNX CALL = UR RST {RST}", "UR {RST} {RST}", "R TU UR {RST}", "RST {RST} {RST}"],
  ["NAME {NAME} {NAME}", "OP {NAME} {NAME}", "NAME HR {NAME}", "MY NAME IS {NAME}"],
  ["QTH {QTH} {QTH}", "QTH IS {QTH}", "QTH NR {QTH}"],
  ["RIG {RIG} {PWR} = ANT {ANT}", "RIG HR {RIG} ES {ANT}", "PWR {PWR} ANT {ANT}", "ANT {ANT}"],
  ["WX {WX} {TEMP}", "WX HR {WX} = TEMP {TEMP}", "WX {WX}"],
  ["TNX QSO 73 {DX} DE {MY} K", "TU 73 ES GL", "CUL 73 = {DX} DE {MY}", "73 TU"],
];

/** Fewest exchanges a round of QSO text can draw from: fewer would hardly read as a contact. */
export const FEWEST_EXCHANGES = 3;

function spelled(text: string, inPlay: ReadonlySet<string>): boolean {
  return [...text].every((c) => c === " " || inPlay.has(c));
}

/** A template's fixed text and slots: its fixed words must be spelled, and each slot have a fill that is. */
function templateParts(template: string): { fixed: string; slots: string[] } {
  const slots = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return { fixed: template.replace(/\{\w+\}/g, " "), slots };
}

/** The exchanges that can be spelled with `characters`, each with its templates that can. */
function spellableExchanges(characters: readonly string[]): { templates: string[]; fills: Record<string, string[]> }[] {
  const inPlay = new Set(characters);
  const fills = Object.fromEntries(Object.entries(FILLS).map(([slot, values]) => [slot, values.filter((value) => spelled(value, inPlay))]));
  const calls = callSign(characters, () => 0) !== undefined;
  const usable = (template: string) => {
    const { fixed, slots } = templateParts(template);
    return spelled(fixed, inPlay) && slots.every((slot) => (slot === "MY" || slot === "DX" ? calls : (fills[slot]?.length ?? 0) > 0));
  };
  return EXCHANGES.map((templates) => ({ templates: templates.filter(usable), fills })).filter((exchange) => exchange.templates.length > 0);
}

/**
 * The text of `count` exchanges of a contact (all of them when fewer can be spelled), in their
 * order, with the same call signs, report, name and so on throughout; undefined while fewer than FEWEST_EXCHANGES
 * exchanges can be spelled with `characters`.
 */
export function qsoText(characters: readonly string[], count: number, random: RandomSource): string | undefined {
  const exchanges = spellableExchanges(characters);
  if (exchanges.length < FEWEST_EXCHANGES) return undefined;
  // Which exchanges, kept in their order: `count` of them, each as likely as the others.
  const chosen = exchanges.map((exchange, i) => ({ exchange, i, key: random() })).sort((a, b) => a.key - b.key);
  const kept = chosen.slice(0, Math.min(count, exchanges.length)).sort((a, b) => a.i - b.i);
  // The contact's own details, drawn once: a slot says the same wherever it comes.
  const details = new Map<string, string>([
    ["MY", callSign(characters, random)!],
    ["DX", callSign(characters, random)!],
  ]);
  const detail = (slot: string, fills: Record<string, string[]>) => {
    if (!details.has(slot)) details.set(slot, pick(fills[slot]!, random));
    return details.get(slot)!;
  };
  return kept.map(({ exchange }) => pick(exchange.templates, random).replace(/\{(\w+)\}/g, (_, slot: string) => detail(slot, exchange.fills))).join(" ");
}

/** How many characters a learner has in play when QSO text first comes (its lesson is one less). */
export function firstQsoLearned(): number {
  for (let learned = 1; learned <= KOCH_ORDER.length; learned++) {
    if (spellableExchanges(KOCH_ORDER.slice(0, learned)).length >= FEWEST_EXCHANGES) return learned;
  }
  return KOCH_ORDER.length;
}
