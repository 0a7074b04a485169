/**
 * Answers that the README shows beside its examples, read and compared with what the code
 * says. A shown answer is a JSON or JavaScript value at the start of a comment (`# {"success":
 * true,...}`, `// "CQ DE K1ABC": ...`, `// 221164 bytes`), anything after it being prose. It
 * may elide with `...` or `…`: in an object, the keys not shown (an object never needs to show
 * all of its keys); in an array, the elements after it; as a value (`"morse":"..."`), any value.
 */
import assert from "node:assert/strict";
import vm from "node:vm";

/** What an elision stands for: whatever the answer holds there. */
const ELIDED = Symbol("elided");
const ELIDED_NAME = "__elided__";

const ELLIPSES = ["...", "…"];

/** The end of the string literal that opens at `start` (the index after its closing quote). */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i + 1;
  }
  return -1;
}

/** The end of the bracketed value that opens at `start`, or -1 where the text ends first. */
function bracketEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** A literal that is no string or bracket: a number, true, false, null or undefined, ending where a word would. */
const SCALAR = /^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|true|false|null|undefined)(?=$|[\s:;,)])/;

/**
 * The value that opens `text`, as its source: undefined where the text opens with prose, and
 * "incomplete" where a bracket opens that the text does not close (the answer goes on below).
 */
export function leadingValue(text: string): string | "incomplete" | undefined {
  const trimmed = text.trimStart();
  const first = trimmed[0];
  if (first === '"' || first === "'") {
    const end = stringEnd(trimmed, 0);
    return end === -1 ? undefined : trimmed.slice(0, end);
  }
  if (first === "{" || first === "[") {
    const end = bracketEnd(trimmed, 0);
    return end === -1 ? "incomplete" : trimmed.slice(0, end);
  }
  return SCALAR.exec(trimmed)?.[1];
}

/** The source with every elision made a name that stands for ELIDED: `...` and `…` outside strings, and strings that hold nothing else. */
function markElisions(source: string): string {
  let marked = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(source, i);
      const literal = source.slice(i, end);
      marked += ELLIPSES.includes(literal.slice(1, -1)) ? ELIDED_NAME : literal;
      i = end - 1;
      continue;
    }
    const ellipsis = ELLIPSES.find((e) => source.startsWith(e, i));
    if (ellipsis) {
      marked += ELIDED_NAME;
      i += ellipsis.length - 1;
    } else marked += c;
  }
  return marked;
}

/** A shown answer's source (JSON, or a JavaScript literal with unquoted keys) as the value it shows. */
export function shownValue(source: string): unknown {
  return vm.runInNewContext(`(${markElisions(source)})`, { [ELIDED_NAME]: ELIDED, undefined });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Asserts that `actual` is what `shown` shows: every key shown, every element shown in order, every scalar equal. */
export function assertShown(actual: unknown, shown: unknown, where: string): void {
  if (shown === ELIDED) return;
  if (Array.isArray(shown)) {
    assert.ok(Array.isArray(actual), `${where}: an array is shown, the answer is ${JSON.stringify(actual)}`);
    const elided = shown.at(-1) === ELIDED;
    const elements = elided ? shown.slice(0, -1) : shown;
    if (elided) assert.ok(actual.length >= elements.length, `${where}: ${elements.length} elements or more are shown, the answer has ${actual.length}`);
    else assert.equal(actual.length, elements.length, `${where}: ${elements.length} elements are shown, the answer has ${actual.length}`);
    for (const [i, element] of elements.entries()) assertShown(actual[i], element, `${where}[${i}]`);
    return;
  }
  if (isObject(shown)) {
    assert.ok(isObject(actual), `${where}: an object is shown, the answer is ${JSON.stringify(actual)}`);
    for (const [key, value] of Object.entries(shown)) {
      if (key === ELIDED_NAME) continue;
      assert.ok(Object.hasOwn(actual, key), `${where}: "${key}" is shown, the answer has none: ${JSON.stringify(actual)}`);
      assertShown(actual[key], value, `${where}.${key}`);
    }
    return;
  }
  assert.equal(actual, shown, `${where}: ${JSON.stringify(shown)} is shown, the answer is ${JSON.stringify(actual)}`);
}
