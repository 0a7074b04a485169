/**
 * The API's answers the page can make itself, by the same library the service runs, for when
 * the service cannot be reached: offline, once the service worker (web/sw.js) has loaded the
 * page from its copy. Encoding, a text's timing (to hear it and for practice rounds),
 * decoding, the chart and the list of alphabets are pure functions of the library, so the
 * answers are the service's own but for its checks of the request: a parameter the service
 * would refuse is refused here by the library, in its own words.
 */
import { ALPHABET_SUMMARIES, anyAlphabetNamed, chartOf, codePointLength, decodeToResult, encode, MorseError, timeline } from "../../src/core/index.js";
import { FREQUENCY } from "../../src/core/limits.js";
import { timelineInMicroseconds } from "../../src/http/microseconds.js";

type Params = Record<string, unknown>;

/** A request's parameters: its JSON body's, or its query's. */
function paramsOf(url: URL, init?: RequestInit): Params {
  if (typeof init?.body === "string") return JSON.parse(init.body) as Params;
  return Object.fromEntries(url.searchParams);
}

function text(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== "string") throw new MorseError("INVALID_OPTION", `Parameter ${name} is required`);
  return value;
}

/** An optional number, sent as a decimal string or a number. */
function number(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  const parsed = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new MorseError("INVALID_OPTION", `Parameter ${name} must be a number`);
  return parsed;
}

function optionalName(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The answer the service would give to `path` with `init`, made here, or undefined for a
 * request the page cannot answer itself (reading a recording). Throws what the library
 * throws for what it refuses.
 */
export function answerHere(path: string, init?: RequestInit): object | undefined {
  const url = new URL(path, location.origin);
  const params = paramsOf(url, init);
  switch (url.pathname) {
    case "/api/v1/encode": {
      const input = text(params, "text");
      return { success: true, input, output: encode(input, { alphabet: optionalName(params, "alphabet") }), characters: codePointLength(input) };
    }
    case "/api/v1/audio": {
      const input = text(params, "text");
      const frequency = number(params, "frequency") ?? FREQUENCY.default;
      if (frequency < FREQUENCY.min || frequency > FREQUENCY.max) {
        throw new MorseError("INVALID_OPTION", `Parameter frequency must be a number between ${FREQUENCY.min} and ${FREQUENCY.max}`);
      }
      const timing = timeline(input, { wpm: number(params, "wpm"), fwpm: number(params, "fwpm"), alphabet: optionalName(params, "alphabet") });
      return { success: true, text: input, frequency, ...timelineInMicroseconds(timing) };
    }
    case "/api/v1/decode": {
      const morse = text(params, "morse");
      return { success: true, input: morse, ...decodeToResult(morse, { alphabet: optionalName(params, "alphabet") }) };
    }
    case "/api/v1/chart":
      return { success: true, ...chartOf(anyAlphabetNamed(optionalName(params, "alphabet"))) };
    case "/api/v1/alphabets":
      return { success: true, alphabets: ALPHABET_SUMMARIES };
    default:
      return undefined;
  }
}
