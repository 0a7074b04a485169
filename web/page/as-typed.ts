/** Answers from the API to what is being typed, once typing pauses. */
import { latestOnly, report } from "./api.js";

/** Quiet time after a keystroke before asking the API, ms. */
const TYPING_PAUSE_MS = 150;

/**
 * Asks the API about what is typed in `input` once typing pauses, and shows the answer; an
 * answer to something since typed over is dropped. Returns the check, to run it at once.
 */
export function answerAsTyped(
  input: HTMLTextAreaElement,
  ask: (value: string, signal: AbortSignal) => Promise<string>,
  output: HTMLOutputElement,
  errorBox: HTMLElement,
): () => Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = latestOnly();
  const check = async () => {
    const signal = next();
    if (input.value.trim() === "") {
      output.value = "";
      report(errorBox);
      return;
    }
    try {
      const answer = await ask(input.value, signal);
      if (signal.aborted) return;
      output.value = answer;
      report(errorBox);
    } catch (error) {
      if (signal.aborted) return;
      output.value = "";
      report(errorBox, error);
    }
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(check, TYPING_PAUSE_MS);
  });
  return check;
}
