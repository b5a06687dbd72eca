// The Argo station drawn as SVG from a rules-module view. Pure drawing: no fetching, no state.
// Cells are "x|y" (x east, y south). Every element a player may choose carries data-token, and the
// caller marks the current choices; keyboard users reach them with Tab and choose with Enter.

const SVG = "http://www.w3.org/2000/svg";
export const CELL = 100;
const SIDES = [[1, "N"], [2, "E"], [4, "S"], [8, "W"]];

// Okabe-Ito colours (safe for colour-blind players); shapes and letters tell roles apart too.
export const PLAYER_COLOURS = { red: "#D55E00", yellow: "#E6C700", green: "#009E73", blue: "#0072B2" };
const ROLE_LETTER = { chief: "C", explorer: "E", pilot: "P", grunt: "G", robot: "R" };
const KIND_STYLE = {
  waking_room: ["#dfe7f2", "⌂"], corridor: ["#eceff3", ""], teleporter: ["#e5dcf5", "⌾"],
  lab: ["#dff3ea", "⚗"], control_room: ["#fde9d2", "⟳"], jump_room: ["#e0ecff", "⤴"],
  laser: ["#fbdada", "✷"], infirmary: ["#fdf0f0", "✚"], warehouse: ["#f3ead8", "▦"],
  security_center: ["#e4eef7", "⚑"], core_room: ["#ffe7b3", "☢"], safe_room: ["#dff5df", "☂"],
  pod: ["#d9dde3", "◈"],
};

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

export function parseCell(cell) {
  const [x, y] = cell.split("|").map(Number);
  return { x, y };
}

/** Bounds of the drawing: every tile plus any extra cells (placement targets), with a margin. */
export function bounds(view, extraCells = []) {
  const cells = Object.keys(view.board).concat(extraCells).map(parseCell);
  const xs = cells.map((c) => c.x), ys = cells.map((c) => c.y);
  return { minX: Math.min(...xs) - 1, maxX: Math.max(...xs) + 1, minY: Math.min(...ys) - 1, maxY: Math.max(...ys) + 1 };
}

function rolePath(role, cx, cy, r) {
  const pts = (n, rot = -Math.PI / 2, scale = 1) => Array.from({ length: n }, (_, i) => {
    const a = rot + (i * 2 * Math.PI) / n;
    return `${cx + Math.cos(a) * r * scale},${cy + Math.sin(a) * r * scale}`;
  });
  switch (role) {
    case "chief": { // a star
      const out = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.5 : r * 1.15;
        out.push(`${cx + Math.cos(a) * rr},${cy + Math.sin(a) * rr}`);
      }
      return ["polygon", { points: out.join(" ") }];
    }
    case "explorer": return ["polygon", { points: pts(3, -Math.PI / 2, 1.15).join(" ") }];
    case "pilot": return ["polygon", { points: pts(4, -Math.PI / 2, 1.1).join(" ") }];
    case "grunt": return ["rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7 }];
    default: return ["polygon", { points: pts(6, 0, 1).join(" ") }];
  }
}

function drawFigure(group, figure, cx, cy, labels) {
  const [colour, role] = figure.split("-");
  const [shape, attrs] = rolePath(role, cx, cy, 9);
  const g = el("g", { class: "figure", "data-token": `fig:${figure}`, "data-figure": figure }, group);
  el("title", {}, g).textContent = labels.figure(figure);
  el(shape, { ...attrs, fill: PLAYER_COLOURS[colour] || "#888", stroke: "#1d2433", "stroke-width": 1.5 }, g);
  el("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": "bold",
               fill: colour === "yellow" ? "#1d2433" : "#fff", "pointer-events": "none" }, g).textContent = ROLE_LETTER[role] || "?";
  return g;
}

function drawAlien(group, alien, cx, cy, labels) {
  const g = el("g", { class: "alien", "data-token": `fig:${alien}`, "data-figure": alien }, group);
  el("title", {}, g).textContent = labels.figure(alien);
  el("ellipse", { cx, cy, rx: 13, ry: 11, fill: "#2b2b2b", stroke: "#8fe38f", "stroke-width": 2 }, g);
  el("circle", { cx: cx - 5, cy: cy - 2, r: 2.5, fill: "#8fe38f" }, g);
  el("circle", { cx: cx + 5, cy: cy - 2, r: 2.5, fill: "#8fe38f" }, g);
  el("text", { x: cx, y: cy + 8, "text-anchor": "middle", "font-size": 7, fill: "#fff", "pointer-events": "none" }, g)
    .textContent = alien.split("-")[1];
  return g;
}

function drawDoors(g, doors, x, y) {
  for (const [bit, side] of SIDES) {
    const open = doors & bit;
    const len = open ? 34 : 100, thick = open ? 9 : 4;
    const pos = {
      N: [x + (CELL - len) / 2, y, len, thick], S: [x + (CELL - len) / 2, y + CELL - thick, len, thick],
      W: [x, y + (CELL - len) / 2, thick, len], E: [x + CELL - thick, y + (CELL - len) / 2, thick, len],
    }[side];
    el("rect", { x: pos[0], y: pos[1], width: pos[2], height: pos[3],
                 fill: open ? "url(#door-stripes)" : "#4a5568", class: open ? "door" : "wall" }, g);
  }
}

function drawTile(layer, cell, tile, view, labels) {
  const { x, y } = parseCell(cell);
  const px = x * CELL, py = y * CELL;
  const [fill, icon] = KIND_STYLE[tile.kind] || ["#eee", "?"];
  const g = el("g", { class: `tile kind-${tile.kind}`, "data-token": `cell:${cell}`, "data-cell": cell }, layer);
  el("title", {}, g).textContent = `${labels.kind(tile.kind)} ${tile.tile} · ${cell}`;
  el("rect", { x: px + 2, y: py + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill, stroke: "#7b8794", class: "tile-bg" }, g);
  drawDoors(g, tile.doors, px + 2, py + 2);
  el("text", { x: px + 10, y: py + 24, "font-size": 15, fill: "#1d2433" }, g).textContent = icon;
  el("text", { x: px + 50, y: py + 36, "text-anchor": "middle", "font-size": 9.5, fill: "#1d2433", "font-weight": "bold",
               textLength: labels.kind(tile.kind).length > 13 ? 80 : undefined, lengthAdjust: "spacingAndGlyphs" }, g)
    .textContent = labels.kind(tile.kind);
  el("text", { x: px + 50, y: py + 92, "text-anchor": "middle", "font-size": 8, fill: "#52606d" }, g).textContent = tile.tile;
  if (tile.capacity !== null && tile.kind !== "pod") {
    el("text", { x: px + 88, y: py + 24, "text-anchor": "end", "font-size": 10, fill: "#52606d", class: "capacity" }, g)
      .textContent = `▢${tile.capacity}`;
  }
  if (tile.alien_symbol) {
    el("circle", { cx: px + 14, cy: py + 84, r: 6, fill: "#8fe38f", stroke: "#2b2b2b", class: "alien-symbol" }, g);
  }
  (tile.marks || []).forEach((colour, i) => {
    el("circle", { cx: px + 70 + i * 12, cy: py + 84, r: 5, fill: PLAYER_COLOURS[colour], stroke: "#1d2433", class: "mark" }, g)
      .appendChild(Object.assign(document.createElementNS(SVG, "title"), { textContent: labels.mark(colour) }));
  });
  if (tile.seats) {
    tile.seats.forEach((seat, i) => {
      const sx = px + 30 + i * 40, sy = py + 55;
      el("rect", { x: sx - 14, y: sy - 14, width: 28, height: 28, rx: 4, fill: "#fff", stroke: "#52606d", class: "seat" }, g);
      el("text", { x: sx + 11, y: sy - 4, "text-anchor": "end", "font-size": 8, fill: "#52606d" }, g).textContent = seat.value;
      if (seat.figure) drawFigure(g, seat.figure, sx, sy + 2, labels);
    });
  }
  return g;
}

/**
 * Draw `view` into `svg`.
 * options: labels {kind(kind), figure(id), mark(colour)}; extraCells: empty cells to draw as targets;
 * preview: {cell, tile: {kind, doors, capacity, tile}} drawn translucent.
 */
export function drawBoard(svg, view, options = {}) {
  const labels = options.labels || { kind: (k) => k.replace("_", " "), figure: (f) => f, mark: (c) => c };
  const extra = options.extraCells || [];
  const b = bounds(view, extra.concat(options.preview ? [options.preview.cell] : []));
  svg.replaceChildren();
  const defs = el("defs", {}, svg);
  const pattern = el("pattern", { id: "door-stripes", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  el("rect", { width: 8, height: 8, fill: "#f5c400" }, pattern);
  el("rect", { width: 4, height: 8, fill: "#1d2433" }, pattern);

  const world = el("g", { class: "world" }, svg);
  const grid = el("g", { class: "targets" }, world);
  for (const cell of extra) {
    if (view.board[cell]) continue;
    const { x, y } = parseCell(cell);
    const g = el("g", { class: "empty-cell", "data-token": `cell:${cell}`, "data-cell": cell }, grid);
    el("rect", { x: x * CELL + 4, y: y * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 6, fill: "transparent",
                 stroke: "#7b8794", "stroke-dasharray": "6 4" }, g);
    el("text", { x: x * CELL + 50, y: y * CELL + 54, "text-anchor": "middle", "font-size": 10, fill: "#7b8794" }, g).textContent = cell;
  }
  const tiles = el("g", { class: "tiles" }, world);
  for (const [cell, tile] of Object.entries(view.board)) drawTile(tiles, cell, tile, view, labels);
  if (options.preview) {
    const p = drawTile(tiles, options.preview.cell, options.preview.tile, view, labels);
    p.classList.add("preview");
    p.setAttribute("opacity", "0.75");
  }

  // Figures standing on tiles (seated ones are drawn in their pods).
  const figures = el("g", { class: "figures" }, world);
  const byCell = {};
  for (const [figure, where] of Object.entries(view.astronauts)) {
    if (where === "dead" || where === "escaped") continue;
    const tile = view.board[where];
    if (!tile || tile.kind === "pod") continue;
    (byCell[where] = byCell[where] || []).push(figure);
  }
  for (const [cell, list] of Object.entries(byCell)) {
    const { x, y } = parseCell(cell);
    const perRow = list.length > 10 ? 6 : 5, step = list.length > 10 ? 13 : 16;
    list.sort().forEach((figure, i) => {
      const col = i % perRow, row = Math.floor(i / perRow);
      drawFigure(figures, figure, x * CELL + 16 + col * step, y * CELL + 52 + row * (list.length > 10 ? 12 : 19), labels);
    });
  }
  for (const [alien, cell] of Object.entries(view.aliens)) {
    const { x, y } = parseCell(cell);
    drawAlien(figures, alien, x * CELL + 78, y * CELL + 76, labels);
  }

  // Coordinates on the edges.
  const axes = el("g", { class: "axes", "font-size": 11, fill: "#52606d" }, world);
  for (let x = b.minX; x <= b.maxX; x++) {
    el("text", { x: x * CELL + 50, y: b.minY * CELL - 6, "text-anchor": "middle" }, axes).textContent = x;
  }
  for (let y = b.minY; y <= b.maxY; y++) {
    el("text", { x: b.minX * CELL - 8, y: y * CELL + 54, "text-anchor": "end" }, axes).textContent = y;
  }
  const box = { x: b.minX * CELL - 30, y: b.minY * CELL - 24, w: (b.maxX - b.minX + 1) * CELL + 40, h: (b.maxY - b.minY + 1) * CELL + 34 };
  svg.dataset.fit = `${box.x} ${box.y} ${box.w} ${box.h}`;
  if (!svg.getAttribute("viewBox") || options.fit) svg.setAttribute("viewBox", svg.dataset.fit);
  return svg;
}

/** Mark the elements whose token is in `tokens` as choices (focusable, highlighted). */
export function markChoices(svg, tokens, selected = []) {
  const wanted = new Set(tokens);
  for (const node of svg.querySelectorAll("[data-token]")) {
    const token = node.dataset.token;
    const on = wanted.has(token);
    node.classList.toggle("choice", on);
    node.classList.toggle("selected", selected.includes(token));
    if (on) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
  }
}

/** Highlight one cell (hovering a coordinate in the log). */
export function highlightCell(svg, cell, on) {
  for (const node of svg.querySelectorAll(`[data-cell="${cell}"]`)) node.classList.toggle("hover", on);
}

/** Pan with drag, zoom with the wheel or pinch; returns {zoom(f), fit()}. */
export function enablePanZoom(svg) {
  const get = () => svg.getAttribute("viewBox").split(" ").map(Number);
  const set = (v) => svg.setAttribute("viewBox", v.map((n) => Math.round(n * 10) / 10).join(" "));
  const zoom = (factor, cx = 0.5, cy = 0.5) => {
    const [x, y, w, h] = get();
    const nw = Math.min(Math.max(w * factor, 150), 6000), nh = (h * nw) / w;
    set([x + (w - nw) * cx, y + (h - nh) * cy, nw, nh]);
  };
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  }, { passive: false });
  let drag = null;
  const pointers = new Map();
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, e);
    if (e.target.closest(".choice")) return;
    drag = { x: e.clientX, y: e.clientY, box: get(), moved: false };
  });
  svg.addEventListener("pointermove", (e) => {
    if (pointers.size === 2 && pointers.has(e.pointerId)) {
      const [a, b] = [...pointers.values()];
      const before = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      pointers.set(e.pointerId, e);
      const [c, d] = [...pointers.values()];
      const after = Math.hypot(c.clientX - d.clientX, c.clientY - d.clientY);
      if (before > 0 && after > 0) zoom(before / after);
      return;
    }
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const [, , w, h] = drag.box;
    const dx = ((e.clientX - drag.x) * w) / r.width, dy = ((e.clientY - drag.y) * h) / r.height;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    set([drag.box[0] - dx, drag.box[1] - dy, w, h]);
  });
  const end = (e) => { pointers.delete(e.pointerId); drag = null; };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  return { zoom: (f) => zoom(f), fit: () => svg.setAttribute("viewBox", svg.dataset.fit) };
}
