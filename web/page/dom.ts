/** The page's elements, found once by id, and the words for counts and times it shows in them. */

/** The element with `id`, which must be a `kind`: a page without it is a bug, thrown at load. */
export function byId<T extends Element>(id: string, kind: abstract new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no #${id}`);
  return found;
}

/** `ms` as seconds to one decimal, "1.5 s". */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `count` of `noun`, plural but for one: "1 group", "5 groups". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
