/**
 * A character's accuracy over time, drawn in the practice panel: a line chart (SVG) of each day
 * practised, the character's share copied right beside all characters' and the pass mark,
 * with a table of the same figures as its text alternative.
 */
import { type CharacterTally, KOCH_ORDER, percent, type Session } from "./koch.js";
import { percentScale, svgElement } from "./svg.js";

/** The chart's drawing units: its width and the plot's height, the room for the scale at the left and the days below. */
const WIDTH = 340;
const PLOT = 100;
const SCALE = 30;
const DAYS = 16;
const TOP = 8;
const RIGHT = 12;

/** The characters with a day in `history`, in Koch order. */
export function charactersPractised(history: readonly Session[]): string[] {
  return KOCH_ORDER.filter((character) => history.some((session) => session.tallies[character] !== undefined));
}

/** All characters' copying on one day. */
function allOf(session: Session): CharacterTally {
  const tallies = Object.values(session.tallies);
  return { sent: tallies.reduce((n, t) => n + t.sent, 0), right: tallies.reduce((n, t) => n + t.right, 0) };
}

function yOf(share: number): number {
  return TOP + PLOT - (PLOT * share) / 100;
}

/** A line through `points` (x, share), with a dot at each: a day alone is a dot. */
function line(points: readonly [number, number][], className: string, title: (i: number) => string): SVGElement[] {
  const drawn: SVGElement[] = [];
  if (points.length > 1) {
    drawn.push(svgElement("polyline", { points: points.map(([x, share]) => `${x},${yOf(share)}`).join(" "), class: className }));
  }
  points.forEach(([x, share], i) => {
    const dot = svgElement("circle", { cx: x, cy: yOf(share), r: 3, class: `${className} dot` });
    dot.append(svgElement("title", {}, title(i)));
    drawn.push(dot);
  });
  return drawn;
}

/** The grid and scale, the pass line, and the first and last days under the plot. */
function frame(days: readonly string[], xOf: (i: number) => number, passPercent: number): SVGElement[] {
  const drawn = percentScale(SCALE, WIDTH - RIGHT, yOf, passPercent);
  const labelled = days.length > 1 ? [0, days.length - 1] : [0];
  for (const i of labelled) {
    const anchor = days.length === 1 ? "middle" : i === 0 ? "start" : "end";
    drawn.push(
      svgElement("text", { x: xOf(i), y: TOP + PLOT + DAYS / 2 + 3, class: "label", "text-anchor": anchor, "dominant-baseline": "central" }, days[i]!.slice(5)),
    );
  }
  return drawn;
}

function cell(tag: "td" | "th", text: string): HTMLTableCellElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function shareText(tally: CharacterTally | undefined): string {
  return tally === undefined ? "not sent" : `${percent(tally.right, tally.sent)} % (${tally.right} of ${tally.sent})`;
}

/**
 * `character`'s accuracy on each day of `history` drawn in `svg`, beside all characters' and
 * the pass mark, and the same figures as rows of `body` (a table's body): day, the
 * character's share and all characters'.
 */
export function renderHistory(svg: SVGSVGElement, body: HTMLTableSectionElement, history: readonly Session[], character: string, passPercent: number): void {
  const days = history.map((session) => session.day);
  const step = days.length > 1 ? (WIDTH - SCALE - RIGHT - 8) / (days.length - 1) : 0;
  const xOf = (i: number) => (days.length > 1 ? SCALE + 4 + i * step : (SCALE + WIDTH - RIGHT) / 2);
  const all = history.map(allOf);
  const allPoints = all.map((tally, i): [number, number] => [xOf(i), percent(tally.right, tally.sent)]);
  const practised = history.flatMap((session, i) => (session.tallies[character] === undefined ? [] : [{ i, tally: session.tallies[character]! }]));
  const points = practised.map(({ i, tally }): [number, number] => [xOf(i), percent(tally.right, tally.sent)]);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${TOP + PLOT + DAYS}`);
  svg.replaceChildren(
    ...frame(days, xOf, passPercent),
    ...line(allPoints, "all", (i) => `${days[i]}, all characters: ${shareText(all[i])}`),
    ...line(points, "character", (j) => `${days[practised[j]!.i]}, ${character}: ${shareText(practised[j]!.tally)}`),
  );
  const shares = points.map(([, share]) => `${share} %`);
  svg.setAttribute(
    "aria-label",
    `${character}'s accuracy on the ${days.length === 1 ? "day" : `${days.length} days`} practised, ${passPercent} % to pass: ${shares.join(", ")}; the table gives each day`,
  );
  body.replaceChildren(
    ...history.map((session, i) => {
      const row = document.createElement("tr");
      row.append(cell("th", session.day), cell("td", shareText(session.tallies[character])), cell("td", shareText(all[i])));
      return row;
    }),
  );
}
