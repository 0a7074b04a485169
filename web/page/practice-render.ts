/**
 * The practice panel's results drawn into the page: each sent character marked right or
 * wrong, the accuracy per character and the recent rounds. A mark is a class for its colour
 * and a visible sign (✓ or ✗ with what was typed), and says it in words to a screen reader,
 * so nothing is told by colour alone.
 */
import { type CharacterMark, type CharacterTally, KOCH_ORDER, percent, type RoundRecord, type Score } from "./koch.js";
import { percentScale, svgElement } from "./svg.js";

/** What stands for "nothing" where a character was missing or not sent. */
const NOTHING = "—";

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

/** One cell: the character on top, its sign below (hidden from screen readers, which get `spoken`). */
function cell(kind: "right" | "wrong" | "missing" | "extra", top: string, sign: string, spoken: string): HTMLLIElement {
  const item = document.createElement("li");
  item.className = `practice-char ${kind}`;
  item.title = spoken;
  const shown = span("practice-shown", "");
  shown.setAttribute("aria-hidden", "true");
  shown.append(span("sent", top), span("sign", sign));
  // A mark's verdict in words, for screen readers only.
  item.append(shown, span("visually-hidden", spoken));
  return item;
}

function markCell({ sent, typed, right }: CharacterMark): HTMLLIElement {
  if (right) return cell("right", sent, "✓", `${sent} right`);
  if (typed === undefined) return cell("missing", sent, `✗ ${NOTHING}`, `${sent} missing`);
  return cell("wrong", sent, `✗ ${typed}`, `${sent} wrong, typed ${typed}`);
}

function extraCells(extra: string): HTMLLIElement[] {
  return [...extra].map((typed) => cell("extra", NOTHING, `✗ ${typed}`, `extra ${typed}`));
}

function groupItem(number: number, cells: HTMLLIElement[]): HTMLLIElement {
  const item = document.createElement("li");
  item.className = "practice-group";
  const list = document.createElement("ol");
  list.setAttribute("aria-label", `Group ${number}`);
  list.append(...cells);
  item.append(list);
  return item;
}

/** Each sent group with its characters marked, and whatever was typed past the round's end. */
export function renderMarks(container: HTMLElement, score: Score): void {
  const groups = score.groups.map(({ marks, extra }, i) => groupItem(i + 1, [...marks.map(markCell), ...extraCells(extra)]));
  const extraGroups = score.extraGroups.map((typed, i) => groupItem(score.groups.length + i + 1, extraCells(typed)));
  container.replaceChildren(...groups, ...extraGroups);
}

function tallyText(character: string, tally: CharacterTally | undefined): string {
  if (tally === undefined) return `${character}: not sent`;
  return `${character}: ${percent(tally.right, tally.sent)} % (${tally.right} of ${tally.sent})`;
}

/** The accuracy of each character in play, in Koch order. */
export function renderTally(container: HTMLElement, inPlay: readonly string[], score: Score): void {
  const items = inPlay.map((character) => {
    const tally = score.perCharacter.get(character);
    const item = document.createElement("li");
    item.textContent = tallyText(character, tally);
    if (tally === undefined) item.className = "unsent";
    return item;
  });
  container.replaceChildren(...items);
}

/** The recent rounds' scores, newest first. */
export function renderRounds(container: HTMLElement, rounds: readonly RoundRecord[]): void {
  const items = [...rounds].reverse().map(({ learned, right, total }) => {
    const item = document.createElement("li");
    item.textContent = `${percent(right, total)} % (${right} of ${total}) with ${learned} characters, up to ${KOCH_ORDER[learned - 1]}`;
    return item;
  });
  if (items.length === 0) items.push(Object.assign(document.createElement("li"), { textContent: "None yet" }));
  container.replaceChildren(...items);
}

/** The accuracy chart's drawing units: a bar's step and width, the plot's height, the room for the scale at the left and the labels below. */
const STEP = 18;
const BAR = 13;
const PLOT = 80;
const SCALE = 30;
const LABELS = 18;
const TOP = 6;

/** Characters a row of the chart holds at most: 21, so that on a phone its labels stay 10 px or more. */
const PER_ROW = 21;
/** The height of one row: its plot and its labels. */
const ROW = TOP + PLOT + LABELS;

/** The height of `share` percent in the plot of a row whose top is at `top`. */
function yOf(share: number, top: number): number {
  return top + TOP + PLOT - (PLOT * share) / 100;
}

/**
 * Each character in play's accuracy over every round so far, as a bar chart drawn in `svg`:
 * a bar per character in Koch order, as high as its share copied right, marked when it
 * reaches the pass mark (drawn as a line); a character not yet sent has no bar. Past 21
 * characters the bars go on in a second row. The chart says the same in words to a screen
 * reader, and each bar has its figures as a tooltip.
 */
export function renderAccuracy(svg: SVGSVGElement, inPlay: readonly string[], accuracy: Readonly<Record<string, CharacterTally>>, passPercent: number): void {
  const rows = Math.max(1, Math.ceil(inPlay.length / PER_ROW));
  const width = SCALE + Math.min(inPlay.length, PER_ROW) * STEP + 4;
  const height = rows * ROW;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  const drawn: SVGElement[] = [];
  for (let row = 0; row < rows; row++) {
    const top = row * ROW;
    drawn.push(...percentScale(SCALE, width, (share) => yOf(share, top), passPercent));
  }
  const words: string[] = [];
  inPlay.forEach((character, i) => {
    const top = Math.floor(i / PER_ROW) * ROW;
    const x = SCALE + (i % PER_ROW) * STEP + (STEP - BAR) / 2;
    const tally = accuracy[character];
    drawn.push(
      svgElement(
        "text",
        { x: x + BAR / 2, y: top + TOP + PLOT + LABELS / 2 + 2, class: "label", "text-anchor": "middle", "dominant-baseline": "central" },
        character,
      ),
    );
    if (tally === undefined) {
      words.push(`${character} not sent yet`);
      return;
    }
    const share = percent(tally.right, tally.sent);
    words.push(`${character} ${share} %`);
    const bar = svgElement("rect", {
      x,
      y: yOf(share, top),
      width: BAR,
      height: Math.max((PLOT * share) / 100, 1),
      rx: 2,
      class: share >= passPercent ? "bar pass" : "bar",
      "data-character": character,
      "data-percent": share,
    });
    bar.append(svgElement("title", {}, `${character}: ${share} % (${tally.right} of ${tally.sent})`));
    drawn.push(bar);
  });
  svg.setAttribute("aria-label", `Accuracy per character over every round, ${passPercent} % to pass: ${words.join(", ")}`);
  svg.replaceChildren(...drawn);
}
