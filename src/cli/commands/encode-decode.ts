/** `ditdah encode` and `ditdah decode`. */
import { decode, encode } from "../../core/index.js";
import { defineCommand, print } from "../command.js";
import { inputText } from "../input.js";
import { ALPHABET_OPTION, GLYPH_OPTIONS, glyphs, HELP_LINES } from "../options.js";

export const encodeCommand = defineCommand({
  usage: `Usage: ditdah encode [--alphabet NAME] [--dot C] [--dash C] [--separator S] [TEXT... | -]
Text to Morse, in any alphabet ditdah has (each character's own, or the one --alphabet names). Without TEXT, or with - alone, standard input is read.

${HELP_LINES.encodeAlphabet}
${HELP_LINES.glyphs}
${HELP_LINES.help}`,
  options: { ...GLYPH_OPTIONS, ...ALPHABET_OPTION },
  async run(values, words) {
    print(encode(await inputText(words), { ...glyphs(values), alphabet: values.alphabet }));
  },
});

export const decodeCommand = defineCommand({
  usage: `Usage: ditdah decode [--alphabet NAME] [--dot C] [--dash C] [--separator S] [MORSE... | -]
Morse to text. Without MORSE, or with - alone, standard input is read; arguments such as -.-. are Morse, not options,
and every argument after -- is Morse (-- itself ends the options: ditdah decode -- -- --- is MO).

${HELP_LINES.decodeAlphabet}
${HELP_LINES.glyphs}
${HELP_LINES.help}`,
  options: { ...GLYPH_OPTIONS, ...ALPHABET_OPTION },
  morseArguments: true,
  async run(values, words) {
    print(decode(await inputText(words), { ...glyphs(values), alphabet: values.alphabet }));
  },
});
