/**
 * The schema validator's findings as the API's sentences. The schemas say what is
 * valid; this says it in words a person reads (API.md section 2).
 */
import type { FastifySchemaValidationError } from "fastify";
import type { SchemaErrorDataVar } from "fastify/types/schema.js";
import { codePointLength } from "../core/index.js";
import {
  glyphRule, integerOutOfRange, missingParameter, notAString, numberOutOfRange, separatorRule, tooLong,
} from "../core/messages.js";
import { GLYPH_LENGTH, SEPARATOR_LENGTH } from "../core/limits.js";

/** Parameters whose rule break has a sentence of its own. */
const RULES: Record<string, () => string> = {
  dotChar: () => glyphRule("dotChar", GLYPH_LENGTH.min, GLYPH_LENGTH.max),
  dashChar: () => glyphRule("dashChar", GLYPH_LENGTH.min, GLYPH_LENGTH.max),
  separator: () => separatorRule(SEPARATOR_LENGTH.min, SEPARATOR_LENGTH.max),
};

interface VerboseError extends FastifySchemaValidationError {
  data?: unknown;
  parentSchema?: { type?: string; minimum?: number; maximum?: number; maxLength?: number; minLength?: number };
}

function parameterName(error: VerboseError): string {
  if (error.keyword === "required") return String(error.params.missingProperty);
  return decodeURIComponent(error.instancePath.split("/")[1] ?? "").replace(/~1/g, "/").replace(/~0/g, "~");
}

export function describeValidationError(errors: FastifySchemaValidationError[], context: SchemaErrorDataVar | undefined): string {
  const error = errors[0] as VerboseError | undefined;
  if (!error) return "Invalid request";
  const name = parameterName(error);
  if (name === "") return context === "body" ? "Request body must be a JSON object" : "Invalid query string";
  const schema = error.parentSchema ?? {};
  if (error.keyword === "required" || (error.keyword === "minLength" && error.data === "" && !(name in RULES))) {
    return missingParameter(name);
  }
  if (schema.type === "number") return numberOutOfRange(name, schema.minimum ?? -Infinity, schema.maximum ?? Infinity);
  if (schema.type === "integer") return integerOutOfRange(name, schema.minimum ?? -Infinity, schema.maximum ?? Infinity);
  if (error.keyword === "type") return notAString(name);
  if (error.keyword === "maxLength" && !(name in RULES)) {
    return tooLong(name, schema.maxLength ?? 0, codePointLength(String(error.data)));
  }
  return RULES[name]?.() ?? `Parameter ${name} is invalid`;
}
