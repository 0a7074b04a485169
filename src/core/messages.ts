/**
 * Every sentence the product says about a bad parameter, in one place, so that the
 * core, the HTTP layer and the docs never drift apart.
 */
import { listInWords } from "./text.js";

export const missingParameter = (name: string) => `Missing required parameter: ${name}`;

export const tooLong = (name: string, max: number, got: number) => `Parameter ${name} must be at most ${max} characters (got ${got})`;

export const notAString = (name: string) => `Parameter ${name} must be a string`;

export const numberOutOfRange = (name: string, min: number, max: number) => `Parameter ${name} must be a number between ${min} and ${max}`;

export const glyphRule = (name: string, min: number, max: number) => `Parameter ${name} must be ${min} to ${max} characters without white space`;

export const glyphsOverlap = () => "Parameters dotChar and dashChar must differ, and neither may contain the other";

export const separatorRule = (min: number, max: number) => `Parameter separator must be ${min} to ${max} characters and not a single space`;

export const separatorSharesGlyph = () => "Parameter separator must not share a character with dotChar or dashChar";

export const nothingTo = (name: string, verb: "encode" | "decode") =>
  `Parameter ${name} has nothing to ${verb}: it holds only white space${verb === "decode" ? " and separators" : ""}`;

export const integerOutOfRange = (name: string, min: number, max: number) => `Parameter ${name} must be an integer between ${min} and ${max}`;

/** "Parameter bitrate must be one of 32, 40, 48 or 64". */
export const notOneOf = (name: string, values: readonly unknown[]) =>
  `Parameter ${name} must be one of ${values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}` : String(values[0])}`;

/** "Cannot encode characters "#" at position 1 and "~" at position 3". */
export const cannotEncode = (problems: readonly string[]) => `Cannot encode ${problems.length === 1 ? "character" : "characters"} ${listInWords(problems)}`;

/** "Cannot decode sequence "......." at position 1". */
export const cannotDecode = (problems: readonly string[]) => `Cannot decode ${listInWords(problems)}`;

/** Glyph options that would draw over American Morse's own marks (`marks`: "⸺, ⸻ or ␣"). */
export const glyphsClashWithAmerican = (marks: string) => `With alphabet american, parameters dotChar, dashChar and separator must not contain ${marks}`;

/** A whole number of seconds as people write limits: "15 minutes", "90 seconds". */
export function formatDuration(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}` : `${seconds} second${seconds === 1 ? "" : "s"}`;
}
