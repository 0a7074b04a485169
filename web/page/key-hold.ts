/**
 * A key or paddle held down by hand: from the keyboard, a mouse button, fingers or a pen,
 * each press timed by its event's `timeStamp` (the time of the input, not of the script
 * that handles it), so the timings read are the hand's own.
 */

/** One key or paddle, down while anything holds it (a keyboard key, a pointer): down with the first, up with the last. */
export class Hold {
  readonly #holders = new Set<string>();
  readonly #onDown: (atMs: number) => void;
  readonly #onUp: (atMs: number) => void;
  /** The element shown pressed while held. */
  readonly #shown: HTMLElement;

  constructor(shown: HTMLElement, onDown: (atMs: number) => void, onUp: (atMs: number) => void) {
    this.#shown = shown;
    this.#onDown = onDown;
    this.#onUp = onUp;
  }

  add(holder: string, atMs: number): void {
    if (this.#holders.has(holder)) return;
    this.#holders.add(holder);
    if (this.#holders.size > 1) return;
    this.#shown.classList.add("held");
    this.#onDown(atMs);
  }

  remove(holder: string, atMs: number): void {
    if (!this.#holders.delete(holder) || this.#holders.size > 0) return;
    this.#shown.classList.remove("held");
    this.#onUp(atMs);
  }

  /** Lets go for every holder named from `prefix`: the keyboard's keys when focus leaves. */
  removeAll(prefix: string, atMs: number): void {
    for (const holder of [...this.#holders]) if (holder.startsWith(prefix)) this.remove(holder, atMs);
  }
}

/**
 * Holds `hold` while a pointer is down on `target`: the main mouse button, a finger, a pen.
 * The pointer is captured, so sliding off the button does not let go; a long touch opens
 * no menu.
 */
export function holdWithPointer(target: HTMLElement, hold: Hold): void {
  target.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // Synthetic pointers (and some pens) cannot be captured; holding works without it.
    if (event.isTrusted) target.setPointerCapture(event.pointerId);
    hold.add(`pointer:${event.pointerId}`, event.timeStamp);
  });
  const letGo = (event: PointerEvent) => hold.remove(`pointer:${event.pointerId}`, event.timeStamp);
  target.addEventListener("pointerup", letGo);
  target.addEventListener("pointercancel", letGo);
  target.addEventListener("lostpointercapture", letGo);
  target.addEventListener("contextmenu", (event) => event.preventDefault());
}

/**
 * Holds while a key is down in `area` (which has the focus, or holds it): `holdOf` says
 * which hold a key event is for, if any. The keyboard's autorepeat is ignored; keys held
 * as focus leaves the area are let go, as their key-up will go elsewhere.
 */
export function holdWithKeys(area: HTMLElement, holds: readonly Hold[], holdOf: (event: KeyboardEvent) => Hold | undefined): void {
  area.addEventListener("keydown", (event) => {
    const hold = holdOf(event);
    if (hold === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    // Not a click of the button, nor a scroll of the page.
    event.preventDefault();
    if (!event.repeat) hold.add(`key:${event.code}`, event.timeStamp);
  });
  area.addEventListener("keyup", (event) => {
    const hold = holdOf(event);
    if (hold === undefined) return;
    event.preventDefault();
    hold.remove(`key:${event.code}`, event.timeStamp);
  });
  area.addEventListener("focusout", (event) => {
    if (event.relatedTarget instanceof Node && area.contains(event.relatedTarget)) return;
    for (const hold of holds) hold.removeAll("key:", event.timeStamp);
  });
}
