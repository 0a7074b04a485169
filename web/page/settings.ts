/**
 * The text and the sound settings kept in the page's URL (`?text=…&wpm=…&fwpm=…&frequency=…`),
 * so a link reproduces what you see and hear: read into the fields at load, written back
 * (replacing the history entry, not adding one per keystroke) as they change.
 */

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
  for (const field of Object.values(fields)) field.addEventListener("input", write);
}
