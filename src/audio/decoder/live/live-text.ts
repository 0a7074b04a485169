/**
 * A live listener's text as its events leave it: each character as decided, a word space
 * before the character it comes before, and each correction in place, where a character
 * may become several or none. What the page and the command line show as they hear.
 */
import type { ListenEvent } from "./events.js";

interface Shown {
  text: string;
  space: boolean;
}

export class LiveText {
  private readonly characters: Shown[] = [];

  /** Takes an event (others than characters, corrections and spaces change nothing). */
  take(event: ListenEvent): void {
    if (event.type === "space") this.at(event.index).space = true;
    else if (event.type === "character") this.at(event.index).text = event.text;
    else if (event.type === "correction") Object.assign(this.at(event.index), { text: event.text, space: event.space });
  }

  /** The text so far: a character read again as none leaves no trace, nor does its word space. */
  get text(): string {
    let text = "";
    for (const c of this.characters) if (c.text !== "") text += (c.space && text !== "" ? " " : "") + c.text;
    return text;
  }

  private at(index: number): Shown {
    this.characters[index] ??= { text: "", space: false };
    return this.characters[index]!;
  }
}
