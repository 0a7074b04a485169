/** The alphabets the API reads Morse in, offered in the page's alphabet choices. */
import type { AlphabetSummary } from "../../src/core/chart.js";
import { call } from "./api.js";

/** Fills each choice with the API's alphabets (Latin, the default, stays first and chosen), and returns them. */
export async function offerAlphabets(choices: readonly HTMLSelectElement[]): Promise<AlphabetSummary[]> {
  const { alphabets } = (await call("/api/v1/alphabets")) as { alphabets: AlphabetSummary[] };
  for (const choice of choices) {
    choice.replaceChildren(
      ...alphabets.map((alphabet) => {
        const option = document.createElement("option");
        option.value = alphabet.name;
        option.textContent = alphabet.title.split(":")[0]!;
        return option;
      }),
    );
  }
  return alphabets;
}
