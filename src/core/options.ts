/** The drawing options shared by encode and decode, and the rules that keep every output readable back. */
import { MorseError } from "./errors.js";
import { DEFAULT_DASH, DEFAULT_DOT, DEFAULT_SEPARATOR, GLYPH_LENGTH, SEPARATOR_LENGTH } from "./limits.js";
import { glyphRule, glyphsOverlap, notAString, separatorRule, separatorSharesGlyph } from "./messages.js";
import { codePointLength } from "./text.js";

export interface GlyphOptions {
  /** Placed between words (default `" / "`). */
  separator?: string;
  /** Draws a dot (default `.`). */
  dotChar?: string;
  /** Draws a dash (default `-`). */
  dashChar?: string;
}

export type Glyphs = Required<GlyphOptions>;

export const DEFAULT_GLYPHS: Glyphs = Object.freeze({
  separator: DEFAULT_SEPARATOR,
  dotChar: DEFAULT_DOT,
  dashChar: DEFAULT_DASH,
});

const WHITE_SPACE = /\s/u;

function stringOption(options: GlyphOptions, name: keyof GlyphOptions): string | undefined {
  const value = options[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new MorseError("INVALID_OPTION", notAString(name));
  return value;
}

function checkGlyph(name: "dotChar" | "dashChar", value: string): void {
  const length = codePointLength(value);
  if (length < GLYPH_LENGTH.min || length > GLYPH_LENGTH.max || WHITE_SPACE.test(value)) {
    throw new MorseError("INVALID_OPTION", glyphRule(name, GLYPH_LENGTH.min, GLYPH_LENGTH.max));
  }
}

function checkSeparator(separator: string, dotChar: string, dashChar: string): void {
  const length = codePointLength(separator);
  if (length < SEPARATOR_LENGTH.min || length > SEPARATOR_LENGTH.max || separator === " ") {
    throw new MorseError("INVALID_OPTION", separatorRule(SEPARATOR_LENGTH.min, SEPARATOR_LENGTH.max));
  }
  for (const ch of separator) {
    if (dotChar.includes(ch) || dashChar.includes(ch)) {
      throw new MorseError("INVALID_OPTION", separatorSharesGlyph());
    }
  }
}

/** Options with defaults filled in, checked against API.md's validity rules. */
export function resolveGlyphs(options: GlyphOptions | undefined): Glyphs {
  if (!options) return DEFAULT_GLYPHS;
  const dotChar = stringOption(options, "dotChar") ?? DEFAULT_DOT;
  const dashChar = stringOption(options, "dashChar") ?? DEFAULT_DASH;
  const separator = stringOption(options, "separator") ?? DEFAULT_SEPARATOR;
  if (dotChar === DEFAULT_DOT && dashChar === DEFAULT_DASH && separator === DEFAULT_SEPARATOR) return DEFAULT_GLYPHS;
  checkGlyph("dotChar", dotChar);
  checkGlyph("dashChar", dashChar);
  if (dotChar.includes(dashChar) || dashChar.includes(dotChar)) throw new MorseError("INVALID_OPTION", glyphsOverlap());
  checkSeparator(separator, dotChar, dashChar);
  return { separator, dotChar, dashChar };
}
