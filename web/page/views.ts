/**
 * The page's views as routes in the URL's hash (`#hear`, `#key`, `#practise`, `#read`,
 * `#listen`, `#chart`): one view shows at a time, the navigation's link to it is marked
 * `aria-current="page"`, and each link followed is a history entry, so a view can be linked
 * and Back returns to the one before. The sections' own ids of earlier versions of the page
 * (`#practice`, `#decode`, `#listen-section`, `#chart-section`) still lead to their views.
 */

export const VIEWS = ["hear", "key", "practise", "read", "listen", "chart"] as const;
export type View = (typeof VIEWS)[number];

/** The view shown when the hash names none. */
const HOME: View = "hear";

/** Links made before the page had views: a section's id, leading to its view. */
const OLD_ANCHORS: Readonly<Record<string, View>> = { practice: "practise", decode: "read", "listen-section": "listen", "chart-section": "chart" };

const SHOWN = "ditdah:view";

function isView(name: string): name is View {
  return (VIEWS as readonly string[]).includes(name);
}

/** The view the URL's hash names, or the home view. */
export function viewOf(hash: string): View {
  const name = decodeURIComponent(hash.replace(/^#\/?/, ""));
  if (isView(name)) return name;
  return OLD_ANCHORS[name] ?? HOME;
}

/** Calls `shown` with each view as it is shown (and at once with the one showing). */
export function onView(shown: (view: View) => void): void {
  document.addEventListener(SHOWN, (event) => shown((event as CustomEvent<View>).detail));
}

/** Shows the view the hash names; `moved` (a link followed, Back) also takes the focus and the scroll to its top. */
function show(moved: boolean): void {
  const view = viewOf(location.hash);
  let heading: HTMLElement | null = null;
  for (const section of document.querySelectorAll<HTMLElement>("section.view")) {
    const here = section.dataset.view === view;
    section.hidden = !here;
    if (here) heading = section.querySelector<HTMLElement>("h2");
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>("nav.tabs a[data-view]")) {
    if (link.dataset.view === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  document.title = `${heading?.textContent ?? "ditdah"} · ditdah`;
  if (moved) {
    window.scrollTo(0, 0);
    // To a screen reader the view's heading says where the link led; `preventScroll` keeps the bar in view.
    heading?.focus({ preventScroll: true });
  }
  document.dispatchEvent(new CustomEvent(SHOWN, { detail: view }));
}

/** Shows the view in the URL now and on every change of the hash. */
export function setupViews(): void {
  window.addEventListener("hashchange", () => show(true));
  show(false);
}
