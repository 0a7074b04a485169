/**
 * The schema validator's findings as the API's sentences and codes. The schemas say what
 * is valid; this says it in words a person reads, and with the code a program reads
 * (API.md section 2).
 */
import type { FastifySchemaValidationError } from "fastify";
import type { SchemaErrorDataVar } from "fastify/types/schema.js";
import { codePointLength } from "../core/index.js";
import { glyphRule, integerOutOfRange, missingParameter, notAString, notOneOf, numberOutOfRange, separatorRule, tooLong } from "../core/messages.js";
import type { ErrorCode } from "./error-codes.js";
import { GLYPH_LENGTH, SEPARATOR_LENGTH } from "./limits.js";
import { REQUIRED_PARAMETERS } from "./schemas.js";

/** Parameters whose rule break has a sentence of its own. */
const RULES: Record<string, () => string> = {
  dotChar: () => glyphRule("dotChar", GLYPH_LENGTH.min, GLYPH_LENGTH.max),
  dashChar: () => glyphRule("dashChar", GLYPH_LENGTH.min, GLYPH_LENGTH.max),
  separator: () => separatorRule(SEPARATOR_LENGTH.min, SEPARATOR_LENGTH.max),
};

interface VerboseError extends FastifySchemaValidationError {
  data?: unknown;
  parentSchema?: { type?: string; minimum?: number; maximum?: number; maxLength?: number; minLength?: number; enum?: unknown[]; const?: unknown };
}

function parameterName(error: VerboseError): string {
  // dependencies: a parameter another needs (a live stream's spots need dial).
  if (error.keyword === "required" || error.keyword === "dependencies") return String(error.params.missingProperty);
  return decodeURIComponent(error.instancePath.split("/")[1] ?? "")
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
}

export type ValidationCode = Extract<ErrorCode, "MISSING_PARAMETER" | "INVALID_PARAMETER" | "INVALID_OPTION" | "INVALID_BODY" | "BAD_REQUEST">;

export interface ValidationFinding {
  code: ValidationCode;
  message: string;
}

/** The sentence for a parameter that is there but not valid. */
function describeInvalid(error: VerboseError, name: string): string {
  const schema = error.parentSchema ?? {};
  // A parameter that takes a set of values (an MP3's sampleRate, bitrate): name them all.
  if (Array.isArray(schema.enum)) return notOneOf(name, schema.enum);
  if (schema.const !== undefined) return notOneOf(name, [schema.const]);
  if (schema.type === "number") return numberOutOfRange(name, schema.minimum ?? -Infinity, schema.maximum ?? Infinity);
  if (schema.type === "integer") return integerOutOfRange(name, schema.minimum ?? -Infinity, schema.maximum ?? Infinity);
  if (error.keyword === "type") return notAString(name);
  if (error.keyword === "maxLength" && !(name in RULES)) {
    return tooLong(name, schema.maxLength ?? 0, codePointLength(String(error.data)));
  }
  return RULES[name]?.() ?? `Parameter ${name} is invalid`;
}

export function describeValidationError(errors: FastifySchemaValidationError[], context: SchemaErrorDataVar | undefined): ValidationFinding {
  const error = errors[0] as VerboseError | undefined;
  if (!error) return { code: "BAD_REQUEST", message: "Invalid request" };
  const name = parameterName(error);
  if (name === "") {
    return context === "body"
      ? { code: "INVALID_BODY", message: "Request body must be a JSON object" }
      : { code: "BAD_REQUEST", message: "Invalid query string" };
  }
  if (error.keyword === "required" || error.keyword === "dependencies" || (error.keyword === "minLength" && error.data === "" && !(name in RULES))) {
    return { code: "MISSING_PARAMETER", message: missingParameter(name) };
  }
  // An optional parameter is an option, as the core calls it when it refuses one itself.
  return { code: REQUIRED_PARAMETERS.has(name) ? "INVALID_PARAMETER" : "INVALID_OPTION", message: describeInvalid(error, name) };
}
