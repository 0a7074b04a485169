/**
 * One panel telling the others which character was just played, keyed or decoded (the tree
 * lights its path), without knowing who listens: an event on the document.
 */

const CHARACTER = "ditdah:character";

/** Says that the character of `pattern` (dots and dashes) was just sounded or read. */
export function announceCharacter(pattern: string): void {
  document.dispatchEvent(new CustomEvent(CHARACTER, { detail: pattern }));
}

/** Calls `heard` with the pattern of every character announced. */
export function onCharacter(heard: (pattern: string) => void): void {
  document.addEventListener(CHARACTER, (event) => heard((event as CustomEvent<string>).detail));
}
