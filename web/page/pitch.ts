/** The pitch set in the page's sound settings, which the key's sidetone and practice share. */
import { FREQUENCY } from "../../src/core/limits.js";

/** The pitch typed in `#frequency`, Hz, or the API's default when it is not a positive number. */
export function pitchHz(): number {
  const input = document.getElementById("frequency");
  const hz = input instanceof HTMLInputElement && input.value.trim() !== "" ? Number(input.value) : Number.NaN;
  return Number.isFinite(hz) && hz > 0 ? hz : FREQUENCY.default;
}
