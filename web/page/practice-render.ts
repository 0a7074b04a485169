/**
 * The practice panel's results drawn into the page: each sent character marked right or
 * wrong, the accuracy per character and the recent rounds. A mark is a class for its colour
 * and a visible sign (✓ or ✗ with what was typed), and says it in words to a screen reader,
 * so nothing is told by colour alone.
 */
import { type CharacterMark, type CharacterTally, KOCH_ORDER, percent, type RoundRecord, type Score } from "./koch.js";

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
  item.append(shown, span("practice-sr", spoken));
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
