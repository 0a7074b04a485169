/**
 * The text and the sound settings kept in the page's URL (`?text=…&wpm=…&fwpm=…&frequency=…`),
 * so a link reproduces what you see and hear: read into the fields at load, written back
 * (replacing the history entry, not adding one per keystroke) once typing pauses.
 */

/** Quiet time after a keystroke before the URL is written, ms: browsers limit how often a page may rewrite it (Safari throws after 100 times in 30 s). */
const WRITE_PAUSE_MS = 300;

/** The fields kept, by their URL parameter. */
export type SettingFields = Record<"text" | "wpm" | "fwpm" | "frequency", HTMLInputElement | HTMLTextAreaElement>;

/** Fills the fields from the URL's parameters (those it has), then keeps the URL in step with them. */
export function keepInUrl(fields: SettingFields): void {
  const query = new URLSearchParams(location.search);
  for (const [name, field] of Object.entries(fields)) {
    const value = query.get(name);
    if (value !== null) field.value = value;
  }
  const write = () => {
    const params = new URLSearchParams(location.search);
    for (const [name, field] of Object.entries(fields)) {
      if (field.value === "") params.delete(name);
      else params.set(name, field.value);
    }
    const search = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writeSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_PAUSE_MS);
  };
  for (const field of Object.values(fields)) field.addEventListener("input", writeSoon);
}
