/** SVG drawn by the page's own code: the tree and the practice charts. */
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with `attributes`, and `text` inside when given. */
export function svgElement(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * A chart's percent scale from `left` to `right`: lines at 0, 50 and 100 % labelled at the
 * left, and the pass mark as a dashed line; `yOf` places a share.
 */
export function percentScale(left: number, right: number, yOf: (share: number) => number, passPercent: number): SVGElement[] {
  const drawn: SVGElement[] = [];
  for (const share of [0, 50, 100]) {
    drawn.push(svgElement("line", { x1: left - 3, x2: right, y1: yOf(share), y2: yOf(share), class: "grid" }));
    drawn.push(svgElement("text", { x: left - 6, y: yOf(share), class: "scale", "text-anchor": "end", "dominant-baseline": "central" }, `${share}`));
  }
  drawn.push(svgElement("line", { x1: left - 3, x2: right, y1: yOf(passPercent), y2: yOf(passPercent), class: "pass-line" }));
  return drawn;
}
