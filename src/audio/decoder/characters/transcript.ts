/** Text and Morse built from elements and gaps as a decode decides them. */
import { DEFAULT_SEPARATOR, UNKNOWN_CHARACTER } from "../../../core/limits.js";
import { textOfPattern } from "../../../core/tables.js";
import { GapKind, type Keyed } from "../keyed.js";
import { splitIntoCharacters } from "./letter-split.js";
import type { Tuning } from "../tuning.js";

export interface TimingDecode {
  /** Upper-case text, words joined by one space; `*` for a sequence that means nothing. */
  output: string;
  /** What was heard, with default glyphs: `... --- ...`, words split by ` / `. */
  morse: string;
  /** Morse characters heard (a prosign or a `*` is one), not counting spaces between words. */
  characters: number;
  /** Median speed, words per minute (PARIS), to 0.1; 0 when there was nothing to decode. */
  wpm: number;
}

/** Builds the text and the Morse as elements, the gaps inside letters, letter ends and word ends arrive. */
export class Transcript {
  private readonly words: string[][] = [];
  private readonly texts: string[] = [];
  private word: string[] = [];
  private text = "";
  private pattern = "";
  /** The gaps inside the letter so far, in dots. */
  private gaps: number[] = [];
  characters = 0;

  constructor(private readonly tuning: Tuning) {}

  element(dash: boolean): void {
    this.pattern += dash ? "-" : ".";
  }

  elementGap(dots: number): void {
    this.gaps.push(dots);
  }

  /** Ends the letter; one that is no character is read as several where its gaps allow (letter-split.ts). */
  endLetter(): void {
    if (this.pattern === "") return;
    const known = textOfPattern(this.pattern);
    if (known !== undefined) this.addCharacter(this.pattern, known);
    else
      for (const part of splitIntoCharacters(this.tuning, this.pattern, this.gaps) ?? [this.pattern])
        this.addCharacter(part, textOfPattern(part) ?? UNKNOWN_CHARACTER);
    this.pattern = "";
    this.gaps = [];
  }

  private addCharacter(pattern: string, text: string): void {
    this.text += text;
    this.word.push(pattern);
    this.characters++;
  }

  endWord(): void {
    this.endLetter();
    if (this.word.length === 0) return;
    this.words.push(this.word);
    this.texts.push(this.text);
    this.word = [];
    this.text = "";
  }

  result(wpm: number): TimingDecode {
    this.endWord();
    const morse = this.words.map((w) => w.join(" ")).join(DEFAULT_SEPARATOR);
    return { output: this.texts.join(" "), morse, characters: this.characters, wpm };
  }
}

/** The text of what a character search keyed, elements [from, to), which start and end with a mark. */
export function transcribe(tuning: Tuning, keyed: Keyed, wpm: number, from = 0, to = keyed.length): TimingDecode {
  const out = new Transcript(tuning);
  for (let i = from; i < to; i++) {
    const e = keyed[i]!;
    if (e.mark) {
      out.element(e.dash === true);
      continue;
    }
    if (i + 1 >= to) break;
    if (e.ends === GapKind.Element) out.elementGap(e.durationMs / e.dotMs!);
    else if (e.ends === GapKind.Letter) out.endLetter();
    else out.endWord();
  }
  return out.result(wpm);
}
