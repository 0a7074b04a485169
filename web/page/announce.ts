/**
 * One panel telling the others which character was just played, keyed or decoded (the tree
 * lights its path), without knowing who listens: an event on the document.
 */

const CHARACTER = "ditdah:character";

/** Says that the character of `pattern` (dots and dashes) was just sounded or read. */
export function announceCharacter(pattern: string): void {
  document.dispatchEvent(new CustomEvent(CHARACTER, { detail: pattern }));
}

/**
 * The pattern of the last character of `morse` (characters apart by white space, words by
 * "/"), "" if it has none. Morse that ends with a word's "/" gives its last word's last
 * character with `afterWord` "last" (the key, which shows a "/" once a pause ends a word),
 * and "" with "none" (Morse as typed: a word ended clears the tree).
 */
export function lastPattern(morse: string, afterWord: "last" | "none"): string {
  if (afterWord === "none" && /\/\s*$/.test(morse)) return "";
  return (
    morse
      .split(/[\s/]+/)
      .filter(Boolean)
      .at(-1) ?? ""
  );
}

/** Calls `heard` with the pattern of every character announced. */
export function onCharacter(heard: (pattern: string) => void): void {
  document.addEventListener(CHARACTER, (event) => heard((event as CustomEvent<string>).detail));
}
