/** Morse to text as it is typed, in the alphabet chosen (read again when the choice changes); the last character's path lit on the tree. */
import { announceCharacter, lastPattern } from "./announce.js";
import { postJson } from "./api.js";
import { answerAsTyped } from "./as-typed.js";
import { byId } from "./dom.js";

export function setupDecode(): void {
  const input = byId("morse-input", HTMLTextAreaElement);
  const alphabet = byId("alphabet", HTMLSelectElement);
  const check = answerAsTyped(
    input,
    async (morse, signal) => {
      const { output } = await postJson("/api/v1/decode", { morse, alphabet: alphabet.value }, signal);
      announceCharacter(lastPattern(morse, "none"));
      return output;
    },
    byId("decoded", HTMLOutputElement),
    byId("decode-error", HTMLElement),
  );
  alphabet.addEventListener("change", () => void check());
}
