/**
 * Calls to the ditdah API on the page's own origin. The page checks nothing itself and
 * shows the API's own error messages, so it can never disagree with it. With no network
 * (offline, the page loaded by its service worker) the library answers in the page.
 */
import type { Segment, Timeline } from "../../src/core/timing.js";
import { answerHere } from "./offline.js";

/**
 * Requests of which only the latest answer counts: each call aborts the request before and
 * returns the new one's signal, which its caller checks before showing an answer.
 */
export function latestOnly(): () => AbortSignal {
  let pending: AbortController | undefined;
  return () => {
    pending?.abort();
    pending = new AbortController();
    return pending.signal;
  };
}

/** A failure to show as it is: the API's own message, or why it could not be reached. */
export class Failure extends Error {}

/** The service could not be reached, for a request the page cannot answer itself. */
export class Unreachable extends Failure {}

/**
 * The answer the page makes itself (offline.ts) when the service cannot be reached, or a
 * Failure saying so for a request it cannot answer; what the library refuses is a Failure
 * with its message.
 */
function answeredHere(path: string, init?: RequestInit): object {
  let answer: object | undefined;
  try {
    answer = answerHere(path, init);
  } catch (error) {
    throw new Failure(error instanceof Error ? error.message : String(error));
  }
  if (answer === undefined) throw new Unreachable("Could not reach the ditdah service");
  return answer;
}

/** The API's answer to a request, or a Failure with its error message; with no network, the page's own answer where it can make one. */
// biome-ignore lint/suspicious/noExplicitAny: each caller reads the fields its endpoint answers with.
export async function call(path: string, init?: RequestInit): Promise<any> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return answeredHere(path, init);
  }
  const body = await response.json().catch(() => undefined);
  if (body?.success !== true) throw new Failure(body?.error ?? `The service answered ${response.status}`);
  return body;
}

/** POSTs `body` as JSON to `path`. */
export function postJson(path: string, body: object, signal?: AbortSignal): ReturnType<typeof call> {
  return call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
}

/**
 * Shows an error's message in an error box, or clears the box (no error). Anything but a
 * Failure is a bug of the page's own: logged too.
 */
export function report(box: HTMLElement, error?: unknown): void {
  if (error !== undefined && !(error instanceof Failure)) console.error(error);
  box.textContent = error === undefined ? "" : error instanceof Error ? error.message : String(error);
}

/** One element of `/api/v1/audio`'s sequence. */
export type { Segment };

/** `/api/v1/audio`'s answer: the text's tones and silences, timed (the library's timeline), with the text and its pitch. */
export type Timing = Timeline & { text: string; frequency: number };

/** What `/api/v1/audio` is asked for; numbers as typed (the API reads decimal strings). */
export interface SoundParams {
  text: string;
  wpm: string;
  frequency: string;
  fwpm?: string;
  /** `american` for American Morse; absent: each character in its own alphabet. */
  alphabet?: string;
}

/** The timed sequence of `params`, from the API. */
export function timingOf(params: SoundParams, signal?: AbortSignal): Promise<Timing> {
  return postJson("/api/v1/audio", params, signal);
}
