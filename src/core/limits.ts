/** Bounds shared by the core's checks, the HTTP schemas and the docs. */
export const TEXT_MAX_LENGTH = 1000;
export const WPM = { min: 5, max: 50, default: 20 } as const;
export const FREQUENCY = { min: 200, max: 1000, default: 600 } as const;
export const GLYPH_LENGTH = { min: 1, max: 8 } as const;
export const SEPARATOR_LENGTH = { min: 1, max: 16 } as const;

export const DEFAULT_DOT = ".";
export const DEFAULT_DASH = "-";
export const DEFAULT_SEPARATOR = " / ";
/** Stands for a sequence of dots and dashes that is no character, where Morse heard is written as text. */
export const UNKNOWN_CHARACTER = "*";
