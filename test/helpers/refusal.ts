import assert from "node:assert/strict";
import { MorseError } from "../../src/core/index.js";

/** The MorseError `promise` is refused with (and fails the test if it is not refused with one). */
export async function refusal(promise: Promise<unknown>): Promise<MorseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof MorseError, String(error));
  return error;
}
