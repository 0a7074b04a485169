/** `ditdah audio` (alias `timing`): the tones and silences that sound a text, as the API's JSON. */
import { timeline } from "../../core/index.js";
import { timelineInMicroseconds } from "../../http/microseconds.js";
import { defineCommand, print } from "../command.js";
import { inputText } from "../input.js";
import { ALPHABET_OPTION, frequencyOption, HELP_LINES, SPEED_OPTIONS, speeds } from "../options.js";

export const audioCommand = defineCommand({
  usage: `Usage: ditdah audio [--wpm N] [--fwpm N] [--frequency HZ] [--alphabet NAME] [TEXT... | -]
The timed tones and silences of the text, as GET /api/v1/audio answers them (alias: timing).
Without TEXT, or with - alone, standard input is read.

${HELP_LINES.speed}
${HELP_LINES.frequency}
${HELP_LINES.encodeAlphabet}
${HELP_LINES.help}`,
  options: { ...SPEED_OPTIONS, ...ALPHABET_OPTION, frequency: { type: "string" } },
  async run(values, words) {
    const text = await inputText(words);
    const frequency = frequencyOption(values.frequency);
    const { morse, wpm, unitMs, fwpm, durationMs, sequence } = timelineInMicroseconds(timeline(text, { ...speeds(values), alphabet: values.alphabet }));
    // The API's keys in the API's order (its schema's), and its times to the microsecond, so that the bytes are the same too.
    print(JSON.stringify({ success: true, text, morse, wpm, frequency, unitMs, fwpm, durationMs, sequence }));
  },
});
