// What every game's board module does alike (docs/games.md, "The board module"): the board's <svg>
// with its name for a screen reader, pan and zoom handed to panzoom.js, the marks of places named in
// the log or in the last turns, and the viewer's own pieces marked "mine". The module draws and
// describes; the shell is the part of createBoard()'s answer that is the same for every game.
import { el } from "./svg.js";
import { enablePanZoom } from "./panzoom.js";

/**
 * The board's drawing in `board`, named `name` (role "group", described as `roledescription`), with
 * `draw(svg, view, opts)` drawing a view into it and `place` the attribute its places carry
 * (e.g. "data-cell"): createBoard()'s answer but for `describe`, which the module adds.
 */
export function boardShell(board, { name, roledescription, place }, draw) {
  const svg = el("svg", { class: "board", role: "group", "aria-label": name, "aria-roledescription": roledescription,
                          preserveAspectRatio: "xMidYMid meet" });
  board.replaceChildren(svg);
  const panZoom = enablePanZoom(svg);
  return {
    svg,
    draw: (view, opts = {}) => draw(svg, view, opts),
    highlight(where, on, kind = "hover") {
      for (const node of svg.querySelectorAll(`[${place}="${where}"]`)) node.classList.toggle(kind, on);
    },
    zoom: (f) => panZoom.zoom(f),
    fit: (chosen) => panZoom.fit(chosen),
    focus: (boxes, minPx, keep) => panZoom.focus(boxes, minPx, keep),
    panTo: (boxes) => panZoom.panTo(boxes),
    // The place a node of the board stands for (its `place` attribute, or its nearest holder's; a piece
    // drawn above its place says it in `data-at`): the id by which the rules' describe() names it
    // (docs/frontend.md, the board in words).
    placeOf(node) {
      const holder = node instanceof Element ? node.closest(`[${place}], [data-at]`) : null;
      return holder ? holder.getAttribute(place) ?? holder.getAttribute("data-at") : null;
    },
  };
}

/** Gives each of `nodes` the class "mine" when `owned(node, colour)` says it is the viewer's (`you`, a
 * seat, or none for a spectator): the page keeps them in view when it opens a turn on a phone. */
export function markMine(nodes, view, you, owned) {
  const mine = you !== null && you !== undefined ? view.colours[you] : null;
  for (const node of nodes) node.classList.toggle("mine", Boolean(mine) && owned(node, mine));
}

/** A control's name holds the words it shows (WCAG's "label in name": a speech user says what they
 * see): a name that says what choosing it does but lacks those words gets them after a dash (not in
 * brackets, which checkers such as axe-core read past). */
export function withShownText(name, shown) {
  const words = (text) => text.replace(/\s+/g, " ").trim();
  const seen = words(shown || "");
  return !seen || words(name).toLowerCase().includes(seen.toLowerCase()) ? name : `${name} — ${seen}`;
}

/** A board module's words, which the page hands it in client_data (`words`, in the game's language,
 * from the game's catalogue: docs/games.md): the texts by key, and `fill(key, values)`, the text with
 * its {placeholders} filled. */
export function catalogueWords(data) {
  const texts = (data && data.words) || {};
  const fill = (key, values) => (texts[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  return { ...texts, fill };
}
