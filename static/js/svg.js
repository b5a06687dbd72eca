// Building SVG and HTML from code, and the players' colours every game's drawing shares.

export const SVG_NS = "http://www.w3.org/2000/svg";

// Okabe-Ito's yellow, green and blue, and a red that reads as red (Okabe-Ito's vermillion looks orange
// beside a seat called Red); drawings tell pieces apart by shape and letter too, not by colour alone.
export const PLAYER_COLOURS = { red: "#D62728", yellow: "#E6C700", green: "#009E73", blue: "#0072B2" };
export const INK_ON = { red: "#fff", yellow: "#1d2433", green: "#fff", blue: "#fff" };

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

export function titled(node, words) {
  el("title", {}, node).textContent = words;
  return node;
}

/** The class that paints text in a player's colour (style attributes are refused by the security policy). */
export const inkClass = (colour) => `ink-${PLAYER_COLOURS[colour] ? colour : "none"}`;

export function html(tag, content, attrs = {}) {
  const node = document.createElement(tag);
  if (content !== undefined && content !== null) node.textContent = content;
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  return node;
}
