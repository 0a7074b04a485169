/** SVG drawn by the page's own code: the tree and the practice charts. */
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with `attributes`, and `text` inside when given. */
export function svgElement(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}
