// Andromeda Escape's board module (docs/games.md): the three approach zones around the wormhole drawn
// as SVG from a rules-module view, the side panel (your hand and missions, the open cards, the tracks),
// and the clicks that make each decision. Every element a player may choose carries data-token.
import { el, html, inkClass, INK_ON, PLAYER_COLOURS, titled } from "../js/svg.js";
import { boardShell, catalogueWords, markMine, withShownText } from "../js/board_shell.js";

const NODE_R = 24;
const WORMHOLE = "W";

// Every word comes from the page's client_data (`words`, in the page's language, from the game's
// catalogue: games/rules/andromeda/board_words.py); the texts hold {placeholders} `fill` fills. The
// functions the page calls with a language alone (label, columns) read the data it last handed the
// module (createBoard, picture, decorateRules), or the data they are given.
let pageData = null;

function words(data) {
  const t = catalogueWords(data || pageData), { fill } = t;
  return {
    ...t,
    lostState: { aside: t["lostState.aside"], due: t["lostState.due"], placed: t["lostState.placed"] },
    fields: { 1: t["fields.1"], 2: t["fields.2"], 3: t["fields.3"] }, when: { play: t["when.play"], end: t["when.end"] },
    buttons: { skip: t["buttons.skip"], decline: t["buttons.decline"], end_turn: t["buttons.end_turn"] },
    colours: t.colours || {}, link: (a, b) => fill("link", { a, b }),
  };
}

// --- the interface the game page uses ----------------------------------------------------------

const FIELD_TOKENS = [["ship", "node"], ["with", "node"], ["to", "node"], ["player", "player"], ["link", "link"],
                      ["discard", "hand"], ["take", "open"]];

/** The clicks that make a decision: a card, then what it needs; a ship, then where it goes. */
export function pathOf(d) {
  switch (d.type) {
    case "return":
    case "keep": return [`mission:${d.mission}`];
    case "enter":
    case "place_lost": return [`node:${d.to}`];
    case "move":
    case "warp":
    case "shift": return [`node:${d.from}`, `node:${d.to}`];
    case "swap": return [`node:${d.ship}`, `node:${d.with}`];
    case "raise": return [`node:${d.ship}`];
    case "take": return [`open:${d.card}`];
    case "play": return [`hand:${d.card}`, ...FIELD_TOKENS.filter(([f]) => f in d).map(([f, kind]) => `${kind}:${d[f]}`)];
    default: return [`btn:${d.type}`];
  }
}

/** Nodes named in log lines ("A6 → A9"): hovering one lights it on the board. */
export const placePattern = /\b[ABC](?:1[01]|[1-9])\b/g;

export function label(token, lang, data = pageData) {
  if (token.startsWith("btn:")) return words(data).buttons[token.slice(4)] || token.slice(4);
  return null;
}

// What choosing an offered target does, in words (the game page names the target with them for
// screen readers and as its tooltip): by the kind of the legal decisions it leads to. The wormhole
// is a destination ("into the wormhole"), a dotted link is said from its start to its end, never
// with an arrow a screen reader would spell out.
function actions(data) {
  const w = words(data);
  const at = (key) => (p) => w.fill(key, { p });
  return {
    enter: at("act.enter"), place_lost: at("act.place_lost"), move: at("act.move"), warp: at("act.warp"),
    shift: at("act.shift"), swap: at("act.swap"), raise: at("act.raise"), choose: at("act.choose"),
    to: (verb, from, dest) => w.fill("act.to", { verb, from, dest }), swapWith: (from, p) => w.fill("act.swapWith", { from, p }),
    dest: (p) => (p === WORMHOLE ? w["act.dest.wormhole"] : w.fill("act.dest", { p })), wormhole: w["act.wormhole"],
    verbs: { move: w["act.verbs.move"], warp: w["act.verbs.warp"], shift: w["act.verbs.shift"] },
    play: (card, what) => w.fill("act.play", { card, what }),
    fields: { ship: at("act.fields.ship"), with: at("act.fields.with"), link: at("act.fields.link"),
              player: at("act.fields.player"), discard: at("act.fields.discard"), take: at("act.fields.take") },
    // the panel's chips: a card in hand, an open card, a mission dealt or drawn
    playCard: (card) => w.fill("act.playCard", { card }), takeCard: (card) => w.fill("act.takeCard", { card }),
    giveBack: (m) => w.fill("act.giveBack", { m }), keepMission: (m) => w.fill("act.keepMission", { m }),
    mission: (n, name, vp) => w.fill("act.mission", { n, name, vp }),
  };
}

/** The name of an offered target: what choosing it does, e.g. "Move the ship from A3 to A5". */
function describeTarget(token, { selected = [], decisions = [] }, data) {
  const w = words(data), a = actions(data);
  const [kind, value] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
  const place = { node: (v) => (v === WORMHOLE ? a.wormhole : v), link: (v) => w.link(...v.split(">")),
                  player: (v) => colourName(v, data) }[kind];
  if (!place) return null;  // cards and missions are buttons in the panel, named there (chipName)
  const types = new Set(decisions.map((d) => d.type));
  const only = types.size === 1 ? [...types][0] : null;
  if (only === "play" && selected.length) {
    const d = decisions[0];
    const [field] = FIELD_TOKENS.filter(([f]) => f in d)[selected.length - 1] || [];
    return a.play(selected[0].slice(5), field === "to" ? a.dest(value) : (a.fields[field] || String)(place(value)));
  }
  const from = selected.length ? place(selected[0].slice(selected[0].indexOf(":") + 1)) : null;
  if (from && only === "swap") return a.swapWith(from, place(value));
  if (from && a.verbs[only]) return a.to(a.verbs[only], from, a.dest(value));
  return (a[only] || a.choose)(place(value));
}

/** The name of an offered chip in the panel, what choosing it does: "Play W4 Drift", "Play A10:
 * discard W4 Drift", "Take W4 Drift", "Give back mission 4 Dotted line (+5 VP)", "Keep …", "Play W3: for Red". */
function chipName(token, data, view, selected) {
  const a = actions(data);
  const [kind, value] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
  const card = selected.length && selected[0].startsWith("hand:") ? selected[0].slice(5) : null;
  const cardName = data.cards[value] ? `${value} ${data.cards[value].name}` : value;
  if (kind === "hand") return card ? a.play(card, a.fields.discard(cardName)) : a.playCard(cardName);
  if (kind === "open") return card ? a.play(card, a.fields.take(cardName)) : a.takeCard(cardName);
  if (kind === "player") return card ? a.play(card, a.fields.player(colourName(value, data))) : null;
  const mission = kind === "mission" ? data.missions[value] : null;
  if (!mission) return null;
  const said = a.mission(value, mission.name, mission.vp);
  return (view.question || {}).q === "return_mission" ? a.giveBack(said) : a.keepMission(said);
}

/** Each chip of the panel that is offered now is named for what choosing it does. */
function nameChips(panel, data, view, opts) {
  const offered = new Set(opts.choices || []);
  for (const chip of panel.querySelectorAll("button[data-token]")) {
    const name = offered.has(chip.dataset.token) && chipName(chip.dataset.token, data, view, opts.selected || []);
    if (name) chip.setAttribute("aria-label", withShownText(name, chip.textContent));
  }
}

// What the next click of a played card chooses: the prompt follows each step (docs/games.md).
/** After a card is chosen, what its next click picks; other steps keep the page's words (null). */
export function stepPrompt(selected, next, { decisions = [], data = pageData }) {
  const w = words(data);
  if (!selected.length || !selected[0].startsWith("hand:") || !decisions.length || decisions.some((d) => d.type !== "play")) return null;
  const [field] = FIELD_TOKENS.filter(([f]) => f in decisions[0])[selected.length - 1] || [];
  return field ? w.fill("act.play", { card: selected[0].slice(5), what: w[`step.${field}`] }) : null;
}

export function columns(view, lang, data = pageData) {
  const w = words(data);
  const count = (value) => (Array.isArray(value) ? value.length : value);
  return [
    { title: w.vp, value: (order, c) => view.vp[c] },
    { title: w.platform, value: (order, c) => view.platform[c] },
    { title: w.saved, value: (order, c) => view.saved[c] },
    { title: w.lost, value: (order, c) => w.lostState[view.lost[c]] },
    { title: w.skip, value: (order, c) => w.fields[view.skip[c]] },
    { title: w.hand, value: (order, c) => count(view.hands[c]) },
    { title: w.missions, value: (order, c) => count(view.missions[c]) },
  ];
}

export function notes() {
  return { turn: "", outcome: "" };
}

// --- drawing the board -------------------------------------------------------------------------

function colourName(colour, data) {
  return words(data).colours[colour] || colour;
}

function frame(data) {
  const xs = Object.values(data.nodes).map((n) => n.x), ys = Object.values(data.nodes).map((n) => n.y);
  const pad = NODE_R + 30;
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return `${x} ${y} ${Math.max(...xs) + pad - x} ${Math.max(...ys) + pad - y}`;
}

function arrowDefs(svg) {
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "inward", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5,
                                orient: "auto-start-reverse" }, defs);
  el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#7b8794" }, marker);
}

function linkLine(layer, data, a, b, attrs) {
  const p = data.nodes[a], q = data.nodes[b];
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  const rq = b === WORMHOLE ? NODE_R * 2 : NODE_R;
  const ux = (q.x - p.x) / len, uy = (q.y - p.y) / len;
  return el("line", { x1: p.x + ux * NODE_R, y1: p.y + uy * NODE_R, x2: q.x - ux * (rq + 2), y2: q.y - uy * (rq + 2), ...attrs }, layer);
}

function drawLinks(svg, view, data) {
  const w = words(data);
  const layer = el("g", { class: "links" }, svg);
  // A solid link is no target and says nothing a node's words do not (the board in words lists each
  // node's links), so it stays out of the accessibility tree; a dotted link is a target, named by its title.
  for (const [a, b] of data.links) {
    linkLine(layer, data, a, b, { stroke: "#9aa5b1", "stroke-width": 3, "marker-end": "url(#inward)", "aria-hidden": "true" });
  }
  const blocked = new Set((view.blocked || []).map((x) => x.link));
  for (const [a, b] of data.dotted) {
    const id = `${a}>${b}`;
    const g = titled(el("g", { class: `dotted${blocked.has(id) ? " blocked" : ""}`, "data-token": `link:${id}` }, layer),
    `${w.link(a, b)}${blocked.has(id) ? ` (${w.blocked})` : ""}`);
    linkLine(g, data, a, b, { stroke: "transparent", "stroke-width": 18, class: "hit" });
    linkLine(g, data, a, b, { stroke: blocked.has(id) ? "#a00" : "#52606d", "stroke-width": 3, "stroke-dasharray": "6 6",
                              "marker-end": "url(#inward)" });
    if (blocked.has(id)) {
      const p = data.nodes[a], q = data.nodes[b];
      el("text", { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 + 6, "text-anchor": "middle", "font-size": 20, fill: "#a00",
                   "font-weight": "bold" }, g).textContent = "✕";
    }
  }
}

function drawShip(g, colour, x, y, upright, data) {
  const fill = PLAYER_COLOURS[colour] || "#888";
  if (upright) {
    el("polygon", { points: `${x},${y - 17} ${x + 14},${y + 12} ${x - 14},${y + 12}`, fill, stroke: "#1d2433", "stroke-width": 2,
                    class: "ship upright" }, g);
  } else {
    el("ellipse", { cx: x, cy: y, rx: 16, ry: 11, fill, stroke: "#1d2433", "stroke-width": 2, class: "ship" }, g);
  }
  el("text", { x, y: y + (upright ? 7 : 4), "text-anchor": "middle", "font-size": 11, "font-weight": "bold",
               fill: INK_ON[colour] || "#fff", "pointer-events": "none", "aria-hidden": "true" }, g).textContent = colourName(colour, data)[0];
}

function drawNodes(svg, view, data) {
  const w = words(data);
  const layer = el("g", { class: "nodes" }, svg);
  const upright = new Set(Object.keys(view.upright || {}));
  for (const [name, node] of Object.entries(data.nodes)) {
    const colour = view.board[name];
    const what = name === WORMHOLE ? w.wormhole
      : colour ? `${name}: ${w.ship} ${colourName(colour, data)}${upright.has(name) ? `, ${w.upright}` : ""}` : `${name}: ${w.free}`;
    const g = titled(el("g", { class: `node depth-${node.depth}`, "data-token": `node:${name}`, "data-place": name }, layer), what);
    if (name === WORMHOLE) {
      el("circle", { cx: node.x, cy: node.y, r: NODE_R * 2, fill: "url(#swirl)", stroke: "#1d2433", "stroke-width": 2, class: "spot" }, g);
      el("text", { x: node.x, y: node.y + 5, "text-anchor": "middle", "font-size": 14, fill: "#fff", "pointer-events": "none" }, g)
        .textContent = w.wormhole;
      continue;
    }
    el("circle", { cx: node.x, cy: node.y, r: NODE_R, fill: node.depth === 4 ? "#eef2f7" : node.depth === 1 ? "#e4ddf6" : "#f7f8fa",
                   stroke: "#7b8794", "stroke-width": 2, class: "spot" }, g);
    el("text", { x: node.x, y: node.y + NODE_R + 13, "text-anchor": "middle", "font-size": 12, fill: "#52606d",
                 "pointer-events": "none", class: "node-name" }, g).textContent = name;
    if (colour) drawShip(g, colour, node.x, node.y, upright.has(name), data);
  }
}

function drawBoard(svg, view, data, fit) {
  svg.replaceChildren();
  arrowDefs(svg);
  const gradient = el("radialGradient", { id: "swirl" }, svg.querySelector("defs"));
  el("stop", { offset: "0%", "stop-color": "#1d2433" }, gradient);
  el("stop", { offset: "100%", "stop-color": "#56428f" }, gradient);
  const zones = el("g", { class: "zones", "font-size": 26, fill: "#9aa5b1", "font-weight": "bold" }, svg);
  for (const zone of data.zones) {
    const outer = Object.entries(data.nodes).filter(([n, v]) => v.depth === 4 && n.startsWith(zone)).map(([, v]) => v);
    const cx = outer.reduce((s, v) => s + v.x, 0) / outer.length, cy = outer.reduce((s, v) => s + v.y, 0) / outer.length;
    el("text", { x: cx * 1.18, y: cy * 1.18 + 9, "text-anchor": "middle" }, zones).textContent = zone;
  }
  drawLinks(svg, view, data);
  drawNodes(svg, view, data);
  // Decoration stays out of the accessibility tree: a node and a link are named by their <title>.
  for (const node of svg.querySelectorAll("defs, text, .zones")) node.setAttribute("aria-hidden", "true");
  svg.dataset.fit = frame(data);
  if (!svg.getAttribute("viewBox") || fit) svg.setAttribute("viewBox", svg.dataset.fit);
}

// --- the panel ---------------------------------------------------------------------------------

const signed = (n) => `${n >= 0 ? "+" : ""}${n}`;

/** An action card's or a mission's whole text as js/card_text.js shows it: key "card:W1", "mission:3". */
function cardDetails(data, key) {
  const w = words(data), [kind, id] = key.split(":");
  if (kind === "card" && data.cards[id]) {
    const card = data.cards[id];
    return { title: `${id} ${card.name}`, lines: [card.text, `${w.played} ${signed(card.played)} ${w.vp}, ${w.inHand} ${signed(card.in_hand)} ${w.vp}`] };
  }
  const mission = kind === "mission" ? data.missions[id] : null;
  return mission ? { title: `${id} ${mission.name}`, lines: [mission.text, `+${mission.vp} ${w.vp} (${w.when[mission.when] || mission.when})`] } : null;
}

/** The "i" beside a chip: it reads the card, offered or not (a chip not offered cannot be pressed). */
function infoButton(key, name, data) {
  return html("button", "i", { type: "button", class: "card-info", "data-card-info": key, "aria-label": `${words(data).read}: ${name}` });
}

function cardChip(data, id, token) {
  const w = words(data);
  const card = data.cards[id];
  const chip = html("button", null, { type: "button", class: `token-chip card-chip deck-${card.deck}`, "data-token": token, "data-card": `card:${id}`,
                                      title: `${card.text} (${w.played} ${signed(card.played)}, ${w.inHand} ${card.in_hand})` });
  chip.append(html("strong", id), ` ${card.name} `, html("small", `${signed(card.played)}/${card.in_hand}`));
  const holder = html("span", null, { class: "chip-with-info" });
  holder.append(chip, infoButton(`card:${id}`, card.name, data));
  return holder;
}

function missionChip(data, number, token) {
  const mission = data.missions[number];
  const chip = html("button", null, { type: "button", class: "token-chip mission-chip", "data-token": token, "data-card": `mission:${number}`,
                                      title: mission.text });
  chip.append(html("strong", `${number}`), ` ${mission.name} `, html("small", `+${mission.vp}`));
  const holder = html("span", null, { class: "chip-with-info" });
  holder.append(chip, infoButton(`mission:${number}`, mission.name, data));
  return holder;
}

function section(title, ...children) {
  const box = html("section", null, { class: "card" });
  box.append(html("h2", title), ...children);
  return box;
}

function line(...parts) {
  const p = html("p");
  p.append(...parts);
  return p;
}

function drawPanel(panel, view, data, ctx, opts) {
  const w = words(data);
  const mine = ctx.you !== null && ctx.you !== undefined ? view.colours[ctx.you] : null;
  const parts = [];
  const question = view.question || {};
  const asked = (opts.choices || []);
  if (mine) {
    const hand = Array.isArray(view.hands[mine]) ? view.hands[mine] : [];
    const handBox = html("div", null, { id: "hand", class: "display" });
    for (const id of hand) handBox.append(cardChip(data, id, `hand:${id}`));
    if (!hand.length) handBox.append(w.noCards);
    const kept = Array.isArray(view.missions[mine]) ? view.missions[mine] : [];
    const missionBox = html("div", null, { id: "my-missions", class: "display" });
    for (const m of kept) {
      const chip = missionChip(data, m, `kept:${m}`);
      missionBox.append(chip);
    }
    if (!kept.length) missionBox.append(w.noMissions);
    parts.push(section(w.yourHand, handBox), section(w.yourMissions, missionBox));
  }
  const offeredMissions = asked.filter((t) => t.startsWith("mission:"));
  if (offeredMissions.length) {
    // Returning one of the three dealt (setup) or keeping one of those drawn (card A2).
    const choice = html("div", null, { id: "mission-choice", class: "display" });
    for (const token of offeredMissions) choice.append(missionChip(data, Number(token.slice(8)), token));
    parts.unshift(section(question.q === "return_mission" ? w.returnMission : w.chooseMission, choice));
  }
  if (asked.some((t) => t.startsWith("player:"))) {
    const who = html("div", null, { id: "player-choice", class: "display" });
    for (const c of view.colours) {
      const chip = html("button", colourName(c, data), { type: "button", class: "token-chip", "data-token": `player:${c}` });
      chip.prepend(html("span", "● ", { class: inkClass(c), "aria-hidden": "true" }));
      who.append(chip);
    }
    parts.unshift(section(w.choosePlayer, who));
  }
  const open = html("div", null, { id: "open-cards", class: "display" });
  for (const kind of ["warning", "alert"]) if (view.open[kind]) open.append(cardChip(data, view.open[kind], `open:${view.open[kind]}`));
  const decks = line(`${w.decks}: WARNING ${view.decks.warning} · ALERT ${view.decks.alert} · ${w.missionCards} ${view.decks.mission}`);
  const discards = [...view.discard.warning, ...view.discard.alert];
  parts.push(section(w.open, open, decks, line(`${w.discard}: ${discards.join(", ") || w.none}`)));
  const track = html("ol", null, { id: "last-ship", class: "track" });
  data.last_ship_vp.forEach((vp, i) => {
    const who = view.last_ship[i];
    track.append(html("li", `${i + 1}. (${vp} ${w.vp}) ${who ? colourName(who, data) : "–"}`));
  });
  const revealed = html("ul", null, { id: "revealed" });
  for (const c of view.colours) {
    for (const m of view.revealed[c]) revealed.append(html("li", `${colourName(c, data)}: ${m} ${data.missions[m].name} (+${data.missions[m].vp})`));
  }
  parts.push(section(w.lastShip, track, html("h3", w.revealed), revealed));
  if (view.outcome) parts.unshift(section(w.breakdown, breakdownTable(view, data)));
  panel.replaceChildren(...parts);
  nameChips(panel, data, view, opts);
}

function breakdownTable(view, data) {
  const w = words(data);
  const table = html("table", null, { class: "players", id: "breakdown" });
  const head = html("tr");
  for (const h of ["", w.track, w.lastShip, w.handVp, w.endMissions, w.total]) head.append(html("th", h));
  table.append(head);
  for (const c of view.colours) {
    const b = view.outcome.breakdown[c];
    const row = html("tr");
    for (const v of [colourName(c, data), b.track, b.last_ship, b.hand, b.end_missions_vp, view.outcome.scores[c]]) row.append(html("td", v));
    table.append(row);
  }
  return table;
}

export function createBoard({ board, panel }, ctx) {
  pageData = ctx.data;
  const { board: name, roledescription } = words(ctx.data);
  const shell = boardShell(board, { name, roledescription, place: "data-place" }, (svg, view, opts) => {
    drawBoard(svg, view, ctx.data, opts.fit);
    // The viewer's own ships.
    markMine(svg.querySelectorAll(".node[data-place]"), view, ctx.you, (node, mine) => view.board[node.dataset.place] === mine);
    if (panel) drawPanel(panel, view, ctx.data, ctx, opts);
  });
  return { ...shell, describe: (token, context) => describeTarget(token, context, ctx.data),
           cardText: (key) => cardDetails(ctx.data, key) };
}

/** A small, still drawing of a view (the lobby's picture, the moderators' desk). */
export function picture(svg, view, data) {
  pageData = data;
  drawBoard(svg, view, data, true);
}

/** The rules page: the board, drawn empty. */
export function decorateRules(root, data) {
  pageData = data;
  const svg = root.querySelector("svg.rules-board");
  if (svg) drawBoard(svg, { board: {}, upright: {}, blocked: [] }, data, true);
}
