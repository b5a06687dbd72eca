// Argo's board module (docs/games.md): the station drawn as SVG from a rules-module view, its side
// panel (alien track, supply), and the clicks that make each decision. Cells are "x|y" (x east, y
// south). Every element a player may choose carries data-token; the game page marks the offered ones.
import { el, html, INK_ON, PLAYER_COLOURS, SVG_NS as SVG } from "../js/svg.js";
import { boardShell, catalogueWords, markMine } from "../js/board_shell.js";

export const CELL = 100;
const SIDES = [[1, "N", 0], [2, "E", 1], [4, "S", 2], [8, "W", 3]];
const ROLE_LETTER = { chief: "C", explorer: "E", pilot: "P", grunt: "G", robot: "R" };
const KIND_STYLE = {
  waking_room: "#dfe7f2", corridor: "#eceff3", teleporter: "#e5dcf5", lab: "#dff3ea", control_room: "#fde9d2",
  jump_room: "#e0ecff", laser: "#fbdada", infirmary: "#fdf0f0", warehouse: "#f3ead8", security_center: "#e4eef7",
  core_room: "#ffe7b3", safe_room: "#dff5df", pod: "#d9dde3",
};

// Each module kind's icon, drawn (not a font's glyph) in a 24-unit box from its corner (x, y): dark
// strokes on the tile's light colour, the same at every zoom and on every system.
const INK = "#1d2433";
const ICONS = {
  waking_room(g, x, y) {  // a bed: frame, pillow, blanket
    el("path", { d: `M${x + 2} ${y + 20} V${y + 6} M${x + 2} ${y + 15} H${x + 22} V${y + 20}` }, g);
    el("rect", { x: x + 4, y: y + 9, width: 6, height: 5, rx: 1.5, fill: INK }, g);
    el("path", { d: `M${x + 11} ${y + 15} V${y + 10} H${x + 20} Q${x + 22} ${y + 10} ${x + 22} ${y + 13} V${y + 15}` }, g);
  },
  teleporter(g, x, y) {  // rings of a beam
    for (const [ry, dy] of [[2.5, 4], [3.5, 12], [2.5, 20]]) el("ellipse", { cx: x + 12, cy: y + dy, rx: ry * 3, ry: ry * 0.8 }, g);
    el("path", { d: `M${x + 5} ${y + 4} V${y + 20} M${x + 19} ${y + 4} V${y + 20}`, "stroke-dasharray": "2 2" }, g);
  },
  lab(g, x, y) {  // a flask
    el("path", { d: `M${x + 9} ${y + 2} H${x + 15} M${x + 10} ${y + 2} V${y + 9} L${x + 3} ${y + 21} H${x + 21} L${x + 14} ${y + 9} V${y + 2}` }, g);
    el("path", { d: `M${x + 6} ${y + 16} H${x + 18} L${x + 21} ${y + 21} H${x + 3} Z`, fill: INK }, g);
  },
  control_room(g, x, y) {  // a dial turning
    el("path", { d: `M${x + 4} ${y + 17} A9 9 0 1 1 ${x + 20} ${y + 17}` }, g);
    el("path", { d: `M${x + 12} ${y + 14} L${x + 17} ${y + 7}` }, g);
    el("circle", { cx: x + 12, cy: y + 14, r: 2.2, fill: INK }, g);
    el("path", { d: `M${x + 4} ${y + 21} H${x + 20}` }, g);
  },
  jump_room(g, x, y) {  // a leap over a gap
    el("path", { d: `M${x + 2} ${y + 21} Q${x + 12} ${y - 2} ${x + 20} ${y + 14}` }, g);
    el("path", { d: `M${x + 15} ${y + 13} L${x + 20} ${y + 15} L${x + 22} ${y + 9}` }, g);
    el("path", { d: `M${x + 1} ${y + 22} H${x + 7} M${x + 17} ${y + 22} H${x + 23}` }, g);
  },
  laser(g, x, y) {  // a crosshair
    el("circle", { cx: x + 12, cy: y + 12, r: 7 }, g);
    el("path", { d: `M${x + 12} ${y + 1} V${y + 8} M${x + 12} ${y + 16} V${y + 23} M${x + 1} ${y + 12} H${x + 8} M${x + 16} ${y + 12} H${x + 23}` }, g);
    el("circle", { cx: x + 12, cy: y + 12, r: 1.8, fill: INK }, g);
  },
  infirmary(g, x, y) {  // a cross
    el("path", { d: `M${x + 9} ${y + 2} H${x + 15} V${y + 9} H${x + 22} V${y + 15} H${x + 15} V${y + 22} H${x + 9} V${y + 15} H${x + 2} V${y + 9} H${x + 9} Z`,
                 fill: "#c0392b", stroke: INK }, g);
  },
  warehouse(g, x, y) {  // stacked crates
    for (const [cx, cy] of [[2, 12], [12, 12], [7, 2]]) {
      el("rect", { x: x + cx, y: y + cy, width: 10, height: 10 }, g);
      el("path", { d: `M${x + cx} ${y + cy} L${x + cx + 10} ${y + cy + 10}` }, g);
    }
  },
  security_center(g, x, y) {  // a shield with a star
    el("path", { d: `M${x + 12} ${y + 1} L${x + 21} ${y + 5} V${y + 12} Q${x + 21} ${y + 19} ${x + 12} ${y + 23} Q${x + 3} ${y + 19} ${x + 3} ${y + 12} V${y + 5} Z` }, g);
    el("path", { d: `M${x + 12} ${y + 6} L${x + 14} ${y + 11} H${x + 18} L${x + 15} ${y + 14} L${x + 16} ${y + 19} L${x + 12} ${y + 16} L${x + 8} ${y + 19} L${x + 9} ${y + 14} L${x + 6} ${y + 11} H${x + 10} Z`, fill: INK, "stroke-width": 1 }, g);
  },
  core_room(g, x, y) {  // the radiation sign
    el("circle", { cx: x + 12, cy: y + 12, r: 11, fill: "#f5c400" }, g);
    for (const a of [-90, 30, 150]) {
      const r1 = 3.2, r2 = 9.5, a1 = ((a - 30) * Math.PI) / 180, a2 = ((a + 30) * Math.PI) / 180;
      const p = (r, t) => `${x + 12 + r * Math.cos(t)} ${y + 12 + r * Math.sin(t)}`;
      el("path", { d: `M${p(r1, a1)} L${p(r2, a1)} A${r2} ${r2} 0 0 1 ${p(r2, a2)} L${p(r1, a2)} Z`, fill: INK, stroke: "none" }, g);
    }
    el("circle", { cx: x + 12, cy: y + 12, r: 1.8, fill: INK, stroke: "none" }, g);
  },
  safe_room(g, x, y) {  // a padlock
    el("path", { d: `M${x + 7} ${y + 11} V${y + 7} A5 5 0 0 1 ${x + 17} ${y + 7} V${y + 11}` }, g);
    el("rect", { x: x + 4, y: y + 11, width: 16, height: 12, rx: 2, fill: INK }, g);
    el("circle", { cx: x + 12, cy: y + 16, r: 1.8, fill: "#fff", stroke: "none" }, g);
  },
  pod(g, x, y) {  // a capsule with its flame
    el("path", { d: `M${x + 12} ${y + 1} Q${x + 20} ${y + 8} ${x + 18} ${y + 17} H${x + 6} Q${x + 4} ${y + 8} ${x + 12} ${y + 1} Z`, fill: "#fff" }, g);
    el("circle", { cx: x + 12, cy: y + 9, r: 2.5 }, g);
    el("path", { d: `M${x + 8} ${y + 18} L${x + 12} ${y + 23} L${x + 16} ${y + 18}`, fill: "#E69F00" }, g);
  },
};

function drawIcon(g, kind, x, y) {
  const draw = ICONS[kind];
  if (!draw) return;
  const icon = el("g", { class: `kind-icon icon-${kind}`, fill: "none", stroke: INK, "stroke-width": 1.8,
                         "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true" }, g);
  draw(icon, x, y);
}

function parseCell(cell) {
  const [x, y] = cell.split("|").map(Number);
  return { x, y };
}

/** Bounds of the drawing: every tile plus any extra cells (placement targets), with a margin. */
function bounds(view, extraCells = []) {
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

// A piece stands on a disc: invisible until the piece is offered, then a white ring edged in black
// that shows on every player colour and every tile, and that answers a click as the piece does.
function ring(g, cx, cy, r) {
  el("circle", { cx, cy, r, class: "ring", fill: "transparent" }, g);
}

// `at`: the cell a piece drawn above the tiles stands on (the page says that place's words for it).
function drawFigure(group, figure, cx, cy, labels, r = 9, at = null) {
  const [colour, role] = figure.split("-");
  const [shape, attrs] = rolePath(role, cx, cy, r);
  const g = el("g", { class: "figure", "data-token": `fig:${figure}`, "data-figure": figure, ...(at ? { "data-at": at } : {}) }, group);
  el("title", {}, g).textContent = labels.figure(figure);
  ring(g, cx, cy, r * 1.45);
  // A light halo and a dark edge that keep their width on screen at any zoom: the piece stands out
  // from every tile colour and from the dark board around it.
  el(shape, { ...attrs, class: "halo" }, g);
  el(shape, { ...attrs, fill: PLAYER_COLOURS[colour] || "#888", stroke: "#1d2433", "stroke-width": r / 6, class: "piece" }, g);
  el("text", { x: cx, y: cy + r * 0.39, "text-anchor": "middle", "font-size": r, "font-weight": "bold",
               fill: INK_ON[colour] || "#fff", "pointer-events": "none" }, g).textContent = ROLE_LETTER[role] || "?";
  return g;
}

function drawAlien(group, alien, cx, cy, labels, r = 9, at = null) {
  const g = el("g", { class: "alien", "data-token": `fig:${alien}`, "data-figure": alien, ...(at ? { "data-at": at } : {}) }, group);
  el("title", {}, g).textContent = labels.figure(alien);
  ring(g, cx, cy, r * 1.45);
  el("ellipse", { cx, cy, rx: r * 1.3, ry: r * 1.1, class: "halo" }, g);
  el("ellipse", { cx, cy, rx: r * 1.3, ry: r * 1.1, fill: "#2b2b2b", stroke: "#8fe38f", "stroke-width": r / 4.5, class: "piece" }, g);
  el("circle", { cx: cx - r * 0.5, cy: cy - r * 0.2, r: r * 0.26, fill: "#8fe38f" }, g);
  el("circle", { cx: cx + r * 0.5, cy: cy - r * 0.2, r: r * 0.26, fill: "#8fe38f" }, g);
  el("text", { x: cx, y: cy + r * 0.85, "text-anchor": "middle", "font-size": r * 0.78, fill: "#fff", "pointer-events": "none" }, g)
    .textContent = alien.split("-")[1];
  return g;
}

// The free floor of a tile, inside the doors and below its name: every piece standing there gets a
// cell of a grid of its own, so none hides another however many there are (15 in a full Waking Room).
const FLOOR = { left: 13, top: 40, width: 74, height: 49 };

/** Centres (relative to the tile's corner) and piece radius for n pieces on one tile. */
function floorPlan(n) {
  const cols = Math.max(1, Math.ceil(Math.sqrt((n * FLOOR.width) / FLOOR.height)));
  const rows = Math.max(1, Math.ceil(n / cols));
  const cellW = FLOOR.width / cols, cellH = FLOOR.height / rows;
  const r = Math.min(9, Math.min(cellW, cellH) / 2.95);
  const spots = Array.from({ length: n }, (_, i) => ({
    x: FLOOR.left + cellW * ((i % cols) + 0.5), y: FLOOR.top + cellH * (Math.floor(i / cols) + 0.5),
  }));
  return { spots, r };
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

// A tile's name stays between the stripes of its side doors (x 11 and 89 of the tile): a long name
// ("Sicherheitszentrale") is set smaller, down to a size still read on a phone, then pressed to fit.
const NAME_WIDTH = 72, NAME_SIZE = 9.5, NAME_MIN_SIZE = 7.5, LETTER_EM = 0.62;

function nameFit(name) {
  const natural = name.length * LETTER_EM * NAME_SIZE;
  if (natural <= NAME_WIDTH * 0.85) return { "font-size": NAME_SIZE };
  const size = Math.max(NAME_MIN_SIZE, Math.min(NAME_SIZE, (NAME_SIZE * NAME_WIDTH) / natural));
  const width = Math.min(NAME_WIDTH, name.length * LETTER_EM * size);
  return { "font-size": size, textLength: width, lengthAdjust: "spacingAndGlyphs" };
}

function drawTile(layer, cell, tile, view, labels) {
  const { x, y } = parseCell(cell);
  const px = x * CELL, py = y * CELL;
  const fill = KIND_STYLE[tile.kind] || "#eee";
  const g = el("g", { class: `tile kind-${tile.kind}`, "data-token": `cell:${cell}`, "data-cell": cell }, layer);
  el("title", {}, g).textContent = labels.tile(tile, cell);
  el("rect", { x: px + 2, y: py + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill, stroke: "#7b8794", class: "tile-bg" }, g);
  drawDoors(g, tile.doors, px + 2, py + 2);
  el("rect", { x: px + 6, y: py + 6, width: CELL - 12, height: CELL - 12, rx: 4, class: "tile-lit", fill: "none" }, g);
  drawIcon(g, tile.kind, px + 8, py + 7);
  el("text", { x: px + 50, y: py + 36, "text-anchor": "middle", fill: "#1d2433", "font-weight": "bold", class: "tile-name",
               ...nameFit(labels.kind(tile.kind)) }, g)
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
function drawBoard(svg, view, options = {}) {
  const labels = options.labels || labelsFor({ kinds: {} }, "en");
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
    p.querySelector("title").textContent = labels.turned(options.preview.tile, options.preview.cell);
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
  for (const [alien, cell] of Object.entries(view.aliens).sort()) (byCell[cell] = byCell[cell] || []).push(alien);
  for (const [cell, list] of Object.entries(byCell)) {
    const { x, y } = parseCell(cell);
    // Aliens first, then the astronauts by colour and role: the same order on every draw.
    const pieces = list.sort((a, b) => (b.startsWith("alien-") - a.startsWith("alien-")) || a.localeCompare(b));
    const { spots, r } = floorPlan(pieces.length);
    pieces.forEach((piece, i) => {
      const draw = piece.startsWith("alien-") ? drawAlien : drawFigure;
      draw(figures, piece, x * CELL + spots[i].x, y * CELL + spots[i].y, labels, r, cell);
    });
  }

  // Coordinates on the edges.
  const axes = el("g", { class: "axes", "font-size": 11, fill: "#52606d" }, world);
  for (let x = b.minX; x <= b.maxX; x++) {
    el("text", { x: x * CELL + 50, y: b.minY * CELL - 6, "text-anchor": "middle" }, axes).textContent = x;
  }
  for (let y = b.minY; y <= b.maxY; y++) {
    el("text", { x: b.minX * CELL - 8, y: y * CELL + 54, "text-anchor": "end" }, axes).textContent = y;
  }
  // Decoration stays out of the accessibility tree: a tile (its doors and room too) and a piece are
  // named by their <title>, an activation mark by its own.
  for (const node of svg.querySelectorAll("defs, text, .axes, .tile-bg, .tile-lit, .door, .wall, .seat, .alien-symbol, .empty-cell rect")) {
    node.setAttribute("aria-hidden", "true");
  }
  const box = { x: b.minX * CELL - 30, y: b.minY * CELL - 24, w: (b.maxX - b.minX + 1) * CELL + 40, h: (b.maxY - b.minY + 1) * CELL + 34 };
  svg.dataset.fit = `${box.x} ${box.y} ${box.w} ${box.h}`;
  if (!svg.getAttribute("viewBox") || options.fit) svg.setAttribute("viewBox", svg.dataset.fit);
  return svg;
}


// --- words -------------------------------------------------------------------------------------

// Every word comes from the page's client_data (`words`, in the page's language, from the game's
// catalogue: games/rules/argo/board_words.py); the texts hold {placeholders} `fill` fills. The
// functions the page calls with a language alone (label, columns, notes) read the data it last
// handed the module (createBoard, picture, decorateRules), or the data they are given.
let pageData = null;

function words(data) {
  const t = catalogueWords(data || pageData), { fill } = t;
  return {
    ...t,
    buttons: { end_turn: t["button.end_turn"], stop: t["button.stop"], activate: t["button.activate"], stay: t["button.stay"],
               launch: t["button.launch"] },
    cell: (x, y) => fill("cell", { x, y }),
    doors: (sides, n) => fill(n === 1 ? "door" : "doors", { sides }),
    turned: (sides, n) => fill(n === 1 ? "turned.one" : "turned.many", { sides }),
    markBy: (colour) => fill("markBy", { colour }), bringBack: (figure) => fill("bringBack", { figure }),
    chip: (tile, room) => fill("chip", { tile, room }), chipPod: (tile, low, high) => fill("chipPod", { tile, low, high }),
    offer: (chip, shape, alien) => `${fill("offer", { chip })}${shape ? fill("offer.shape", { shape }) : ""}${alien ? t["offer.alien"] : ""}`,
    shapes: { 1: t["shape.1"], 2: t["shape.2"], corner: t["shape.corner"], 3: t["shape.3"], 4: t["shape.4"] },
    figure: (figure) => (figure.startsWith("alien-") ? fill("alien", { n: figure.split("-")[1] }) : (t.figures || {})[figure] || figure),
    // a piece as a target's name says it: "the red Grunt", in German without article, "Roter Soldat"
    piece: (figure) => (figure.startsWith("alien-") ? fill("alien", { n: figure.split("-")[1] }) : (t.pieces || {})[figure] || figure),
  };
}

/** A cell in words, as a screen reader should say it: "column 0, row -1", never "0|-1". */
export function cellWords(cell, lang, data) {
  const { x, y } = parseCell(cell);
  return words(data).cell(x, y);
}

/** The sides a door mask opens, in words: "north and east". */
function sidesOf(doors, data) {
  const w = words(data);
  const sides = SIDES.filter(([bit]) => doors & bit).map(([, , i]) => w.sides[i]);
  return { text: sides.length > 1 ? `${sides.slice(0, -1).join(", ")}${w.and}${sides[sides.length - 1]}` : sides.join(""), n: sides.length };
}

/** Which doors a turned module opens: "turned so its doors face north and east". */
export function turnedWords(doors, lang, data) {
  const { text, n } = sidesOf(doors, data);
  return words(data).turned(text, n);
}

/** A module's doors whatever its turn: "doors on two sides at a corner". */
function shapeWords(doors, data) {
  const n = sidesOf(doors, data).n;
  return words(data).shapes[n === 2 && doors !== 5 && doors !== 10 ? "corner" : n];
}

function capital(text) {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

function labelsFor(data) {
  const w = words(data);
  const kind = (k) => data.kinds[k] || k.replace("_", " ");
  const at = (tile, cell) => w.fill("at", { kind: kind(tile.kind), tile: tile.tile, cell: cellWords(cell, null, data) });
  return {
    kind, figure: (f) => w.figure(f), mark: (c) => w.markBy(w.colours[c] || c),
    place: (tile, cell) => capital(at(tile, cell)),
    // A tile's name, its doors too: "Corridor C03 at column 0, row -1, doors north and south".
    tile: (tile, cell) => {
      const { text, n } = sidesOf(tile.doors, data);
      return `${capital(at(tile, cell))}, ${w.doors(text, n)}`;
    },
    // A module out of play (the rules page): its kind, id and doors at rotation 0.
    module: (tile) => {
      const { text, n } = sidesOf(tile.doors, data);
      return `${capital(`${kind(tile.kind)} ${tile.tile}`)}, ${w.doors(text, n)}`;
    },
    // The module being placed or moved, in the turn it is previewed in.
    turned: (tile, cell) => `${capital(at(tile, cell))}, ${turnedWords(tile.doors, null, data)}`,
  };
}

// --- the interface the game page uses ----------------------------------------------------------

/** The clicks that make a decision. */
export function pathOf(a) {
  switch (a.type) {
    case "alien": return [`fig:${a.alien}`, `cell:${a.to}`];
    case "push":
    case "step": return [`fig:${a.figure}`, `cell:${a.to}`];
    case "activate": return [`fig:${a.figure}`, "btn:activate"];
    case "victim": return [`fig:${a.figure}`];
    case "kill_first": return [`fig:${a.alien}`];
    case "teleport": return [`cell:${a.to}`];
    case "place": return [`tile:${a.tile}`, `cell:${a.cell}`, `rot:${a.rotation}`];
    case "pilot": return a.choice === "move" ? [`cell:${a.cell}`, `rot:${a.rotation}`] : [`btn:${a.choice}`];
    case "lift": return [`cell:${a.cell}`];
    case "relocate": return [`cell:${a.to}`, `rot:${a.rotation}`];
    case "swap": return [`fig:${a.astronaut}`, `fig:${a.alien}`];
    case "shoot": return [`fig:${a.alien}`];
    case "heal": return [`dead:${a.astronaut}`];
    case "launch": return [`cell:${a.pod}`];
    default: return [`btn:${a.type}`];
  }
}

/** A tile's rotations are previewed on the board, turned with a button and confirmed. */
export const cyclePrefix = "rot:";

/** Cells named in log lines ("2|-1"): hovering one lights it on the board. */
export const placePattern = /-?\d+\|-?\d+/g;

export function label(token, lang, data = pageData) {
  const w = words(data);
  if (token === "cycle") return w.rotate;
  if (token.startsWith("btn:")) return w.buttons[token.slice(4)] || token.slice(4);
  return null;
}

/** The name of an offered target: what choosing it does, e.g. "Move the red Grunt to corridor C14 at column 1,
 * row 1"; a cell is said in words (`cellWords`), never as "1|1". */
function describe(token, { selected = [], decisions = [], view = null }, lang, data = null) {
  const w = words(data);
  const say1 = (key) => (figure) => w.fill(key, { figure });
  const sayAt = (key) => (place) => w.fill(key, { place });
  const a = {
    move: say1("move"), moveTo: (figure, place) => w.fill("moveTo", { figure, place }), push: say1("push"),
    pushTo: (figure, place) => w.fill("pushTo", { figure, place }), activate: say1("activate"), victim: say1("victim"),
    killFirst: say1("killFirst"), swap: say1("swap"), swapWith: (figure, alien) => w.fill("swapWith", { figure, alien }),
    shoot: say1("shoot"), choose: say1("choose"), teleport: sayAt("teleport"), lift: sayAt("lift"), launch: sayAt("launch"),
    place: (tile, place) => w.fill("place", { tile, place }), fly: sayAt("fly"), relocate: sayAt("relocate"),
  };
  const [kind, value] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
  const types = new Set(decisions.map((d) => d.type));
  const only = types.size === 1 ? [...types][0] : null;
  const piece = (f) => w.piece(f);
  const place = (cell) => {
    const tile = view && view.board && view.board[cell];
    const kinds = (data && data.kinds) || {};
    const where = cellWords(cell, lang, data);
    return tile ? w.fill("at", { kind: kinds[tile.kind] || tile.kind.replace("_", " "), tile: tile.tile, cell: where }) : where;
  };
  if (kind === "fig") {
    const chosen = selected.find((t) => t.startsWith("fig:"));
    if (only === "swap" && chosen) return a.swapWith(piece(chosen.slice(4)), piece(value));
    const say = { step: a.move, alien: a.move, push: a.push, activate: a.activate, victim: a.victim, kill_first: a.killFirst,
                  swap: a.swap, shoot: a.shoot }[only] || a.choose;
    return say(piece(value));
  }
  if (kind === "cell") {
    const chosen = selected.find((t) => t.startsWith("fig:"));
    const tile = selected.find((t) => t.startsWith("tile:"));
    if (chosen) return (only === "push" ? a.pushTo : a.moveTo)(piece(chosen.slice(4)), place(value));
    if (tile) {
      const spec = data && data.tiles && data.tiles[tile.slice(5)];
      return a.place(spec ? `${(data.kinds || {})[spec.kind] || spec.kind} ${spec.tile}` : tile.slice(5), place(value));
    }
    const say = { teleport: a.teleport, lift: a.lift, launch: a.launch, pilot: a.fly, relocate: a.relocate }[only];
    return say ? say(place(value)) : a.choose(place(value));
  }
  return null;
}

/** describe() without a board, for tests: the name of an offered target in `lang`. */
export function targetName(token, context, lang, data = null) {
  return describe(token, context, lang, data);
}

// What the next click chooses while a module is placed: the prompt follows each step (docs/games.md).

// The turn of the module the board previews now (draw's `opts.cycle`): the page draws the board before
// it writes the prompt, so the prompt says the doors of the turn just drawn, and a screen reader hears
// them each time Rotate turns the module (the prompt is a live region).
let shownTurn = null;

/** The module turned while it is placed (its tile chosen), moved by the Control Room or flown by the
 * Pilot (the tile on the question's cell), in its shown turn: "Lab T7 at column 0, row 1, turned so
 * its doors face north and east: Rotate to turn it on, or Confirm"; null when no turn is shown. */
function turnPrompt(selected, next, { view, data, question, cycle }, lang) {
  const turn = cycle || shownTurn;
  if (!turn || !next.includes(turn) || !data || !data.tiles) return null;
  const tile = selected.find((t) => t.startsWith("tile:"));
  const id = tile ? tile.slice(5) : question && question.cell && view.board[question.cell] && view.board[question.cell].tile;
  const spec = id && data.tiles[id];
  const cell = [...selected].reverse().find((t) => t.startsWith("cell:"));
  if (!spec || !cell) return null;
  const place = labelsFor(data).place(spec, cell.slice(5));
  const doors = turnedWords(rotateMask(spec.doors, Number(turn.slice(4))), lang, data);
  return words(data).fill(next.length > 1 ? "step.turned" : "step.turned.last", { place, doors });
}

/** The prompt at each step of placing a module: only what is offered (the top pod only when it is),
 * then where, then its turn (the doors of the turn shown, `turnPrompt`). Other decisions keep the
 * page's words (null), but for a module turned by the Control Room or the Pilot. */
export function stepPrompt(selected, next, context, lang) {
  const { view, data } = context;
  const w = words(data);
  if (next.length && next.every((t) => t.startsWith("rot:"))) {
    const turned = turnPrompt(selected, next, context, lang);
    if (turned) return turned;
  }
  const tiles = next.filter((t) => t.startsWith("tile:"));
  if (!selected.length) {
    if (!tiles.length || !next.every((t) => t.startsWith("tile:") || t.startsWith("btn:"))) return null;
    const pod = `tile:${view.pods_waiting[0]}`;
    const podToo = tiles.includes(pod);
    return w[podToo && tiles.length > 1 ? "step.both" : podToo ? "step.pod" : "step.supply"];
  }
  const tile = selected.find((t) => t.startsWith("tile:"));
  if (!tile) return null;
  const spec = data && data.tiles && data.tiles[tile.slice(5)];
  const name = spec ? `${(data.kinds || {})[spec.kind] || spec.kind} ${spec.tile}` : tile.slice(5);
  return w.fill(next.every((t) => t.startsWith("rot:")) ? "step.turn" : "step.where", { tile: name });
}

export function columns(view, lang, data = pageData) {
  const w = words(data);
  return [
    { title: w.score, value: (order, colour) => view.scores[colour] },
    { title: w.activations, value: (order, colour) => view.activations[colour] },
    { title: w.escaped, value: (order, colour) => view.escaped[colour] },
  ];
}

export function notes(view, lang, data = pageData) {
  const w = words(data);
  return {
    turn: view.final_round !== null && view.turn ? w.last : "",
    outcome: view.outcome && view.outcome.alien_victory ? w.aliensWin : "",
  };
}

function rotateMask(mask, r) {
  return ((mask << r) | (mask >> (4 - r))) & 15;
}

function preview(view, data, opts) {
  const { selected = [], cycle = null, question = null } = opts;
  if (!cycle || !selected.length) return null;
  const cell = selected[selected.length - 1].slice(5);
  const rotation = Number(cycle.slice(4));
  const first = selected[0];
  const spec = first.startsWith("tile:") ? data.tiles[first.slice(5)] : data.tiles[view.board[question.cell].tile];
  return { cell, tile: { ...spec, rotation, doors: rotateMask(spec.doors, rotation), marks: [],
                         seats: spec.seats.length ? spec.seats.map((v) => ({ value: v, figure: null })) : undefined } };
}

function chip(content, token, selected) {
  const node = html("button", content, { type: "button", "data-token": token, class: "token-chip" });
  if (selected) node.classList.add("selected");
  return node;
}

/**
 * The alien track as a track: its spaces along a winding path, each with its score, the taken ones
 * holding an alien, the last one (the aliens' win) edged in red. The words say the same to a screen reader.
 */
function drawTrack(values, taken, words) {
  const n = values.length, width = 320, height = 84;
  const svg = el("svg", { id: "alien-track-slots", class: "alien-track", viewBox: `0 0 ${width} ${height}`, role: "img",
                          "aria-label": words });
  el("title", {}, svg).textContent = words;
  const at = (i) => ({ x: 22 + (i * (width - 44)) / Math.max(n - 1, 1), y: 42 + 20 * Math.sin((i * Math.PI) / 2.2) });
  const points = values.map((_, i) => at(i));
  el("polyline", { points: points.map((p) => `${p.x},${p.y}`).join(" "), class: "track-path", fill: "none" }, svg);
  values.forEach((value, i) => {
    const { x, y } = points[i];
    const space = el("g", { class: `track-space${i < taken ? " taken" : ""}${i === n - 1 ? " last" : ""}` }, svg);
    if (i === n - 1) el("circle", { cx: x, cy: y, r: 17.5, class: "track-goal" }, space);
    el("circle", { cx: x, cy: y, r: 14, class: "track-slot" }, space);
    if (i < taken) {
      el("circle", { cx: x - 5, cy: y - 6, r: 2.4, class: "track-eye" }, space);
      el("circle", { cx: x + 5, cy: y - 6, r: 2.4, class: "track-eye" }, space);
    }
    el("text", { x, y: y + (i < taken ? 8 : 5), "text-anchor": "middle", "font-size": i < taken ? 10 : 13, "font-weight": "bold",
                 class: "track-value" }, space).textContent = value;
  });
  return svg;
}

function drawPanel(panel, view, data, lang, opts) {
  const w = words(data);
  const labels = labelsFor(data);
  const track = view.alien_track;
  const dead = html("span");
  for (const figure of track.dead) {
    const node = chip(labels.figure(figure), `dead:${figure}`);
    node.title = w.heal;
    node.setAttribute("aria-label", w.bringBack(labels.figure(figure)));
    dead.append(node, " ");
  }
  const trackLine = html("p", null, { id: "alien-track" });
  const taken = track.covered_by_token + track.dead.length;
  const slots = drawTrack(track.slots, taken, `${w.trackTaken}: ${track.slots.slice(0, taken).join(", ") || w.none} · `
    + `${w.trackFree}: ${track.slots.slice(taken).join(", ") || w.none} · ${w.trackFull}`);
  trackLine.append(html("strong", `${w.alienScore}: ${track.score}`), ` · ${w.dead}: `,
    track.dead.length ? dead : w.none);
  const display = html("div", null, { id: "display", class: "display" });
  for (const tile of view.display.concat(view.pods_waiting.slice(0, 1))) {
    const spec = data.tiles[tile];
    // In words, no "▢": the module and its room (a pod: its seats); its name says what choosing it
    // does and the module's doors too, its visible words included.
    const name = `${labels.kind(spec.kind)} ${tile}`;
    const text = spec.kind === "pod" ? w.chipPod(name, spec.seats[0], spec.seats[1])
      : w.chip(name, spec.capacity === null ? w.anyRoom : spec.capacity);
    const node = chip(text, `tile:${tile}`, (opts.selected || [])[0] === `tile:${tile}`);
    node.setAttribute("aria-label", w.offer(text, spec.kind === "pod" ? "" : shapeWords(spec.doors, data), spec.alien_symbol));
    display.append(node);
  }
  const supply = html("section", null, { class: "card" });
  const facedown = html("details");
  facedown.append(html("summary", `${view.face_down.length} ${w.facedown}`, { id: "face-down-count" }),
    html("p", view.face_down.join(", "), { id: "face-down" }));
  supply.append(html("h2", w.supply), display, html("p", `${w.podsWaiting}: ${view.pods_waiting.join(", ") || "–"}`,
    { id: "pods-waiting" }), facedown);
  const aliens = html("section", null, { class: "card" });
  aliens.append(trackLine, slots);
  panel.replaceChildren(aliens, supply);
}

export function createBoard({ board, panel }, ctx) {
  pageData = ctx.data;
  const w = words(ctx.data);
  const names = { name: w.station, roledescription: w.boardRole, place: "data-cell" };
  const shell = boardShell(board, names, (svg, view, opts) => {
    const next = opts.choices || [];
    shownTurn = opts.cycle || null;
    const extraCells = next.filter((t) => t.startsWith("cell:")).map((t) => t.slice(5));
    drawBoard(svg, view, { labels: labelsFor(ctx.data), extraCells, preview: preview(view, ctx.data, opts),
                           fit: opts.fit });
    // The viewer's own astronauts.
    markMine(svg.querySelectorAll(".figure[data-figure]"), view, ctx.you, (node, mine) => node.dataset.figure.startsWith(`${mine}-`));
    if (panel) drawPanel(panel, view, ctx.data, ctx.lang, opts);
  });
  return { ...shell, describe: (token, context) => describe(token, context, ctx.lang, ctx.data) };
}

/** A small, still drawing of a view (the lobby's picture). */
export function picture(svg, view, data) {
  pageData = data;
  drawBoard(svg, view, { labels: labelsFor(data), fit: true });
}

/** The rules page: every tile drawn where the text names it, and each role's shape in its legend. */
export function decorateRules(root, data) {
  pageData = data;
  const labels = labelsFor(data);
  for (const svg of root.querySelectorAll("svg[data-tile], [data-tile] > svg")) {
    const t = data.tiles[svg.dataset.tile || svg.parentElement.dataset.tile];
    if (!t) continue;
    const tile = { ...t, rotation: 0, marks: [], seats: t.seats.length ? t.seats.map((v) => ({ value: v, figure: null })) : undefined };
    drawBoard(svg, { board: { "0|0": tile }, astronauts: {}, aliens: {} }, { labels });
    svg.querySelector("g.tile > title").textContent = labels.module(tile);
    svg.setAttribute("viewBox", "-4 -4 108 108");
  }
  for (const svg of root.querySelectorAll("svg[data-role]")) {
    const role = svg.dataset.role;
    if (role === "alien") drawAlien(svg, "alien-1", 15, 15, labels, 10);
    else drawFigure(svg, `red-${role}`, 15, 15, labels, 10);
  }
}
