// Theseus' board module (docs/games.md): the station drawn as SVG from a rules-module view — the ring
// of sectors clockwise, each with its four rooms, its install slots and pending positions, the cards on
// them and the units in the rooms, space in the middle — the side panel (the seats' points, tiles, decks
// and held cards, the end track, the turn), and the clicks that make each decision. A decision is
// {type: question, pick: token}; every element a player may choose carries data-token.
import { el, html, titled } from "../js/svg.js";
import { boardShell, catalogueWords, markMine } from "../js/board_shell.js";

// --- geometry (drawing units) ---------------------------------------------------------------------
const ROOM_W = 92, ROOM_H = 78, GAP = 14, PAD = 10, HEAD = 44;
const PEND_W = 104, SLOT_W = 100, SLOT_H = 74, SLOT_GAP = 8;
const ROOMS_TOP = HEAD + PAD;
const SLOTS_TOP = ROOMS_TOP + 2 * ROOM_H + GAP + 18;
const BOX_W = PAD + 4 * (SLOT_W + SLOT_GAP) - SLOT_GAP + PAD;
const BOX_H = SLOTS_TOP + 2 * (SLOT_H + SLOT_GAP) - SLOT_GAP + PAD;
const UNIT_R = 25, YOUNG_R = 21;
const WIDE = 1.3, ROW_GAP = 40;  // a board this much wider than tall lays the sectors out in two rows
const CARD_H = 48, CARD_FONT = 18, LETTER_EM = 0.56, SQUEEZE = 1.5;  // a card's name at 12 px or more on a 1920 px wide screen
// The four rooms of a sector in a square, clockwise from the top left: 1 2 / 4 3.
const ROOM_CELLS = [[0, 0], [1, 0], [1, 1], [0, 1]];

const WORDS = ["continue", "pass", "done", "end_phase", "no", "skip", "stop", "upgrade"];

// Every word comes from the page's client_data (`words`, in the game's language, from the game's
// catalogue: games/rules/theseus/board_words.py); texts with {placeholders} are filled with `fill`. The
// functions the page calls with a language alone (label, columns, notes, stepPrompt) read the data it last
// handed the module (createBoard, picture, decorateRules).
let pageData = null;

const group = (t, prefix) => Object.fromEntries(Object.keys(t).filter((k) => k.startsWith(`${prefix}.`))
  .map((k) => [k.slice(prefix.length + 1), t[k]]));

function words(data = pageData) {
  const t = catalogueWords(data), { fill } = t;
  return { ...t, actions: group(t, "actions"), phases: group(t, "phases"),
           buttons: { ...group(t, "buttons"), spend: (n) => fill("buttons.spend", { n }) },
           linked: (rooms) => fill("linked", { rooms }) };
}

// The places a log line names (the log writes words, e.g. "Corridors room 2", "Marines unit 1"; the
// board's places carry the same words in data-place), in the game's language: made again from each
// client_data the module is handed (its sectors' and factions' names and the words that name a place).
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\']/g, "\\$&");
/** Rooms, slots, pending positions and units named in log lines: hovering one lights it on the board.
 * The page reads its `source` (js/game.js, splitPlaces), which is the one learnPlaces last made. */
let placeSource = "(?!)";
class LearnedPattern extends RegExp {
  get source() { return placeSource; }
}
export const placePattern = new LearnedPattern(placeSource, "g");

function learnPlaces(data) {
  pageData = data;
  if (!data || !data.sectors || !data.words) return;
  const alternatives = (names) => `(?:${names.map(escape).join("|")})`;
  const sectors = alternatives(Object.values(data.sectors).map((sec) => sec.name));
  const factions = alternatives(Object.values(data.factions || {}).map((f) => f.name));
  const shape = (key, name, value) => escape(data.words[key]).replace(/\\\{(\w+)\\\}/g, (whole, field) => (field === "n" ? "\\d" : field === name ? value : whole));
  placeSource = [shape("room", "sector", sectors), shape("slot", "sector", sectors), shape("pending", "sector", sectors),
                 shape("unit", "faction", factions)].join("|");
}

// --- tokens -----------------------------------------------------------------------------------------

/** The clicks that make a decision. A word is a button; a unit, room, slot, position, sector or card is
 * its drawing; a tile or an upgrade is the card or unit and then the button saying what happens to it; a
 * pending card's three uses are the position and then the use; a move with Passage is the card, then
 * the unit. */
export function pathOf(d) {
  const pick = String(d.pick);
  if (WORDS.includes(pick) || pick.startsWith("spend:")) return [`btn:${pick}`];
  const colon = pick.indexOf(":");
  if (colon > 0) {
    const head = pick.slice(0, colon), rest = pick.slice(colon + 1);
    if (head === "flip") return [rest, "btn:flip"];
    if (head === "tile") return [rest, "btn:tile"];
    if (head === "A" || head === "B" || head === "C") return [rest, `btn:${head}`];
    if (head === "play" || head === "cleanup" || head === "teleport") return [rest];
    return [pick];  // seat:<n>, trap:<kind>: drawn in the panel while offered
  }
  if (pick.includes("+")) {
    const [unit, card] = pick.split("+");
    return [card, unit];
  }
  return [pick];
}

export function label(token) {
  if (!token.startsWith("btn:")) return null;
  const b = words().buttons, key = token.slice(4);
  if (key.startsWith("spend:")) return b.spend(key.slice(6));
  return b[key] || key;
}

// --- names ------------------------------------------------------------------------------------------

const UNIT_FACTION = { M: "marines", A: "aliens", S: "scientists", G: "greys" };
const sectorOfRoom = (room) => room.replace(/\d+$/, "");

function sectorName(data, id) {
  return (data.sectors[id] && data.sectors[id].name) || id;
}
function roomName(data, room) {
  return words().fill("room", { sector: sectorName(data, sectorOfRoom(room)), n: room.slice(sectorOfRoom(room).length) });
}
function placeName(data, place) {
  const [sector, spot] = place.split(".");
  return words().fill(spot.startsWith("p") ? "pending" : "slot", { sector: sectorName(data, sector), n: spot.slice(1) });
}
function cardName(data, card) {
  const [base, host] = card.split("@");
  const c = data.cards[base];
  const name = c ? c.name : base;
  return host ? words().fill("copy", { name }) : name;
}
const hasNumber = (c) => c.number !== null && c.number !== undefined;
/** A card's text with its number written in for X ("it takes 2 damage"). */
function effect(c) {
  return hasNumber(c) ? c.text.replace(/\bX\b/g, String(c.number)) : c.text;
}
function cardText(data, card) {
  const c = data.cards[card.split("@")[0]];
  if (!c) return card;
  return `${c.name}: ${effect(c)}${hasNumber(c) ? ` (X = ${c.number})` : ""}`;
}
/** A card's whole text as js/card_text.js shows it. */
function cardDetails(data, card, lang) {
  const c = data.cards[card.split("@")[0]];
  if (!c) return null;
  return { title: cardName(data, card, lang), lines: [effect(c), ...(hasNumber(c) ? [`X = ${c.number}`] : [])] };
}
/** The "i" beside a card in the panel: it reads the card, offered or not. */
function infoButton(data, card, lang) {
  return html("button", "i", { type: "button", class: "card-info", "data-card-info": card,
                               "aria-label": `${words().read}: ${cardName(data, card, lang)}` });
}
function factionName(data, faction) {
  return (data.factions[faction] && data.factions[faction].name) || faction;
}
function unitName(data, unit) {
  if (unit[0] === "Y") return words().young;
  return words().fill("unit", { faction: factionName(data, UNIT_FACTION[unit[0]]), n: unit.slice(1) });
}
function isPlace(token) {
  return /^[A-Z]+\.[sp]\d+$/.test(token);
}
function isRoom(data, token) {
  return /\d$/.test(token) && Boolean(data.sectors[sectorOfRoom(token)]) && token[0] !== "Y";
}
function isCard(data, token) {
  return Boolean(data.cards[token.split("@")[0]]);
}
function roomOf(view, piece) {
  if (view.units && view.units[piece]) return view.units[piece].at;
  return Object.keys(view.rooms || {}).find((r) => view.rooms[r] === piece) || null;
}
function cardAt(view, place) {
  if (view.slots && view.slots[place]) return view.slots[place].card;
  return view.pending ? view.pending[place] : null;
}
/** The words of a token on its own: a unit "Marines unit 1", a room, a place with its card. */
function thing(data, view, token, lang) {
  if (isPlace(token)) {
    const card = view ? cardAt(view, token) : null;
    return card ? `${cardName(data, card, lang)} (${placeName(data, token, lang)})` : placeName(data, token, lang);
  }
  if (isCard(data, token)) return cardName(data, token, lang);
  if (data.sectors[token]) return sectorName(data, token);
  if (isRoom(data, token)) return roomName(data, token, lang);
  if (token[0] === "Y") {
    const at = view && roomOf(view, token);
    return at ? `${words().young} (${roomName(data, at, lang)})` : words().young;
  }
  if (UNIT_FACTION[token[0]]) return unitName(data, token, lang);
  if (token.startsWith("seat:")) {
    const faction = view && view.colours ? view.colours[Number(token.slice(5))] : null;
    return faction ? factionName(data, faction) : token;
  }
  if (token.startsWith("trap:")) return trapName(data, token.slice(5));
  return token;
}
/** A trap offered by its kind (trap_next): the name of its card. */
function trapName(data, kind) {
  const inst = Object.keys(data.cards).find((k) => data.cards[k].kind === kind);
  return inst ? data.cards[inst].name : kind;
}
/** The rooms a room is connected to (its doors on the board), in words: "connected to room 2 and room 4". */
function roomLinks(data, room) {
  const w = words(), sector = data.sectors[sectorOfRoom(room)];
  const other = (sector ? sector.connections : []).filter((c) => c.includes(room)).map((c) => (c[0] === room ? c[1] : c[0]));
  if (!other.length) return w.unlinked;
  const names = other.map((r) => w.fill("roomAlone", { n: r.slice(sectorOfRoom(r).length) }));
  return w.linked(names.length > 1 ? `${names.slice(0, -1).join(", ")} ${w.and} ${names[names.length - 1]}` : names[0]);
}

// What choosing an offered target does, by the question asked: {t} the target, {c} the card it is for,
// {u} the unit.
function verbs() {
  const w = words(), fill = (key, values) => w.fill(`verbs.${key}`, values);
  const pick = (t, c) => (c ? fill("pickFor", { t, c }) : fill("pick", { t }));
  const plain = (key) => (t) => fill(key, { t });
  return {
    team_sector: plain("team_sector"), setup_card: plain("setup_card"),
    setup_slot: (t, c) => fill("setup_slot", { t, c: c || w["verbs.theCard"] }),
    setup_room: (t, u) => fill("setup_room", { t, u: u || w["verbs.yourUnit"] }),
    move_unit: plain("move_unit"), passage: plain("passage"), movePassage: (t, c) => fill("movePassage", { t, c }),
    shortcut: plain("shortcut"), eject: plain("eject"), room: (t, u) => fill("room", { t, u: u || w["verbs.theUnit"] }),
    space_room: (t, u) => fill("space_room", { t, u: u || w["verbs.theUnit"] }), target: plain("target"),
    double_shot: plain("double_shot"), action_next: plain("action_next"), pick_unit: pick, pick_card: pick, pick_slot: pick,
    pick_pending: pick, disc_target: plain("disc_target"), faction_action: plain("faction_action"),
    extra_unit: plain("extra_unit"), pending: (t) => pick(t),
    install_slot: (t, c) => fill("install_slot", { t, c: c || w["verbs.theCard"] }), lose_upgrade: plain("lose_upgrade"),
    flip: plain("flip"), tile: plain("tile"), play: plain("play"),
    pick_opponent: (t, c) => (c ? fill("pick_opponentFor", { t, c }) : fill("pick_opponent", { t })),
    heal_split: plain("heal_split"), trap_next: plain("trap_next"), cleanup: plain("cleanup"),
    uses: (t, list) => fill("uses", { t, list: list.join(w["verbs.or"]) }),
    use: { A: w["verbs.use.A"], B: w["verbs.use.B"], C: w["verbs.use.C"] },
    other: (t) => pick(t),
  };
}

/** The name of an offered target: what choosing it does, e.g. "Move Marines unit 2 into Corridors room 3". */
function describe(token, { selected = [], decisions = [], view = null }, data, lang) {
  if (token.startsWith("btn:")) return null;
  const v = verbs();
  const what = thing(data, view, token, lang);
  const d = decisions[0];
  if (!d) return v.other(what);
  const ask = view && view.ask ? view.ask : { about: {} };
  const about = ask.about || {};
  const pick = String(d.pick);
  const aboutCard = about.card ? cardName(data, String(about.card), lang) : null;
  const aboutUnit = about.unit ? thing(data, view, String(about.unit), lang) : null;
  if (pick.startsWith("flip:")) return v.flip(what);
  if (pick.startsWith("tile:")) return v.tile(what);
  if (pick.startsWith("play:")) return v.play(what);
  if (pick.startsWith("cleanup:")) return v.cleanup(what);
  if (pick.startsWith("teleport:")) return v.shortcut(what);
  if (pick.includes("+")) {
    if (!selected.length) return v.passage(what);
    return v.movePassage(what, cardName(data, selected[0], lang));
  }
  if (/^[ABC]:/.test(pick)) {
    const heads = [...new Set(decisions.map((x) => String(x.pick).slice(0, 1)))].filter((h) => /^[ABC]$/.test(h));
    return v.uses(what, heads.map((h) => v.use[h]));
  }
  const verb = v[d.type] || v.other;
  if (d.type === "room" || d.type === "space_room" || d.type === "setup_room") return verb(what, aboutUnit);
  return verb(what, aboutCard);
}

/** After a pending position, a unit to upgrade or a card for a tile is chosen, the buttons say what to do. */
export function stepPrompt(selected, next, context) {
  if (!selected.length || !next.length || !next.every((t) => t.startsWith("btn:"))) return null;
  return words((context && context.data) || pageData).stepPrompt;
}

// --- the players table and the notes ---------------------------------------------------------------

export function columns(view) {
  const w = words();
  const sideOf = (order) => (view.side_of ? view.side_of[order] : order);
  return [
    { title: w.lp, value: (order) => (view.lp ? view.lp[order] : "") },
    { title: w.dp, value: (order) => (view.dp ? view.dp[order] : "") },
    { title: w.upgradeTiles, value: (order) => (view.tiles ? view.tiles[sideOf(order)] : "") },
  ];  // decks, discards and held cards are in the seats' panel: the players table stays narrow beside the board
}

export function notes(view) {
  const w = words();
  if (!view || !view.turn) return { turn: "", outcome: "" };
  const phase = w.phases[view.turn.phase] || view.turn.phase;
  return { turn: view.round ? `${w.round} ${view.round} · ${phase}` : phase, outcome: "" };
}

// --- drawing ----------------------------------------------------------------------------------------

function colourOf(data, faction, scheme = "light") {
  const c = data.seat_colours && data.seat_colours[faction];
  return c ? c[scheme] : "#777";
}

/** The sectors drawn: the ring, or before a team game's ring is laid out, the seats' own sectors. */
function sectorsDrawn(view, data) {
  if (view.ring && view.ring.length) return view.ring;
  const own = (view.colours || []).map((f) => data.factions[f] && data.factions[f].sector).filter(Boolean);
  return [...new Set(own)];
}

/** Where each sector's box stands, clockwise: on a ring around space, or on a board much wider than
 * tall, in two rows with space between them (the top row left to right, the bottom one back), so that
 * the station fills a wide screen and its cards' names are drawn large enough to read. */
function layout(count, aspect, spaceH) {
  if (count >= 4 && aspect >= WIDE) return rows(count, spaceH);
  const r = count <= 1 ? 0 : Math.max(330, (Math.hypot(BOX_W, BOX_H) / 2 + 30) / Math.sin(Math.PI / count));
  return Array.from({ length: count }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / count;
    return { x: r * Math.cos(a) - BOX_W / 2, y: r * Math.sin(a) - BOX_H / 2, r, a };
  });
}

function rows(count, spaceH) {
  const top = Math.ceil(count / 2), step = BOX_W + ROW_GAP;
  const xAt = (i, inRow) => (i - (inRow - 1) / 2) * step - BOX_W / 2;
  return Array.from({ length: count }, (_, i) => (i < top
    ? { x: xAt(i, top), y: -spaceH / 2 - ROW_GAP - BOX_H }
    : { x: xAt(count - 1 - i, count - top), y: spaceH / 2 + ROW_GAP }));
}

function seatWords(view, data, seat) {
  const f = view.colours ? view.colours[seat] : null;
  return words().fill("seatOf", { faction: factionName(data, f), n: seat + 1 });
}

function unitTitle(view, data, id, lang) {
  const w = words(), u = view.units[id];
  const parts = [unitName(data, id, lang)];  // its faction names its player: each seat plays a faction of its own
  if (u.up) parts.push(w.upgraded);
  if (u.invisible) parts.push(w.invisible);
  if (u.gripped) parts.push(w.gripped);
  if (u.parasites) parts.push(`${u.parasites} ${w.parasites}`);
  if (u.at === "space") parts.push(w.space);
  else if (u.at === "moving") parts.push(w.moving);
  else parts.push(roomName(data, u.at, lang));
  return parts.join(", ");
}

function drawPiece(layer, view, data, id, x, y, lang) {
  const u = view.units[id];
  const faction = view.colours[u.seat];
  const g = titled(el("g", { class: `unit${u.up ? " up" : ""}${u.invisible ? " invisible" : ""}`, "data-token": id,
                             "data-place": unitName(data, id, lang) }, layer), unitTitle(view, data, id, lang));
  el("circle", { cx: x, cy: y, r: UNIT_R + 7, class: "ring" }, g);
  el("circle", { cx: x, cy: y, r: UNIT_R, fill: colourOf(data, faction), class: "piece" }, g);
  if (u.up) el("circle", { cx: x, cy: y, r: UNIT_R - 5, fill: "none", stroke: "#fff", "stroke-width": 2.5, class: "up-mark" }, g);
  el("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 17, "font-weight": "bold", fill: "#fff", class: "label" }, g)
    .textContent = `${id}${u.up ? "+" : ""}`;
  const badge = (dx, dy, text, cls) => {
    el("circle", { cx: x + dx, cy: y + dy, r: 9, class: `badge ${cls}` }, g);
    el("text", { x: x + dx, y: y + dy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", class: `badge-text ${cls}` }, g)
      .textContent = text;
  };
  if (u.parasites) badge(UNIT_R - 4, UNIT_R - 6, `P${u.parasites}`, "parasite");
  if (u.gripped) badge(-UNIT_R + 4, UNIT_R - 6, "G", "gripped");
  if (u.invisible) badge(-UNIT_R + 4, -UNIT_R + 6, "I", "invisible");
  return g;
}

function drawYoung(layer, view, data, id, room, x, y, lang) {
  const g = titled(el("g", { class: "young", "data-token": id, "data-place": roomName(data, room, lang) }, layer),
    `${words().young}, ${roomName(data, room, lang)}`);
  el("circle", { cx: x, cy: y, r: YOUNG_R + 7, class: "ring" }, g);
  el("circle", { cx: x, cy: y, r: YOUNG_R, fill: colourOf(data, "aliens"), class: "piece", "stroke-dasharray": "4 3" }, g);
  el("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#fff", class: "label" }, g)
    .textContent = "Y";
  return g;
}

function textLines(g, x, y, text, size, cls, width) {
  // A card's name on one or two lines within `width`: a line a little too long is drawn narrower (its
  // letters keep their height), a much longer one is cut.
  const max = Math.max(6, Math.floor(width / (size * LETTER_EM)));
  const parts = text.split(" ");
  const lines = [""];
  for (const p of parts) {
    const cur = lines[lines.length - 1];
    if (!cur) lines[lines.length - 1] = p;
    else if ((cur + " " + p).length <= max) lines[lines.length - 1] = cur + " " + p;
    else if (lines.length < 2) lines.push(p);
    else lines[1] = `${lines[1]} ${p}`;
  }
  lines.forEach((line, i) => {
    const squeeze = line.length > max ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
    const shown = line.length > max * SQUEEZE ? `${line.slice(0, Math.floor(max * SQUEEZE) - 1)}…` : line;
    el("text", { x, y: y + i * (size + 2), "font-size": size, class: cls, "text-anchor": "middle", ...squeeze }, g)
      .textContent = shown;
  });
}

function slotTitle(view, data, place, lang) {
  const w = words(), slot = view.slots[place];
  const spec = (data.sectors[place.split(".")[0]].slots || []).find((s) => s.id === place.split(".")[1]) || {};
  const parts = [placeName(data, place, lang) + (spec.bonus ? ` (${w.bonusSlot})` : "")];
  parts.push(slot.card ? cardText(data, slot.card) : w.empty);
  if (slot.bonus) parts.push(`${w.bonus}: ${cardText(data, slot.bonus)}`);
  if (slot.tiles) parts.push(`${slot.tiles} ${w.tiles}`);
  if (slot.counter) parts.push(`${w.counter} ${slot.counter}`);
  if (slot.deact) parts.push(`${slot.deact} ${w.deact}`);
  if (view.disc === place) parts.push(w.disc);
  return parts.join("; ");
}

// `at`: the name of the place the card lies on (the page says that place's words for it).
function drawCard(layer, view, data, card, x, y, width, lang, owner, at = null) {
  const g = titled(el("g", { class: "card-on", "data-token": card, "data-card": card, ...(at ? { "data-at": at } : {}) }, layer),
                   cardText(data, card));
  el("rect", { x, y, width, height: CARD_H, rx: 5, class: "card-face", fill: "#fff", stroke: colourOf(data, owner), "stroke-width": 3 }, g);
  textLines(g, x + width / 2, y + CARD_FONT + 2, cardName(data, card, lang), CARD_FONT, "card-name", width - 6);
  drawInfo(layer, data, card, x, y, lang);
  return g;
}

/** The card's "i" on its top left corner (the malfunction disc takes the right one), a sibling of the
 * card so that reading an offered card does not choose it. */
function drawInfo(layer, data, card, x, y, lang) {
  const info = el("g", { class: "card-info", "data-card-info": card, role: "button", tabindex: 0,
                         "aria-label": `${words().read}: ${cardName(data, card, lang)}` }, layer);
  el("circle", { cx: x, cy: y, r: 18, fill: "transparent", class: "info-hit" }, info);
  el("circle", { cx: x, cy: y, r: 11, class: "info-dot" }, info);
  el("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 15 }, info).textContent = "i";
}

function ownerOf(data, card) {
  const c = data.cards[card.split("@")[0]];
  return c ? c.faction : null;
}

function drawSector(svg, view, data, id, box, lang) {
  const w = words(), sec = data.sectors[id];
  const g = el("g", { class: `sector ${sec.kind}`, transform: `translate(${box.x} ${box.y})` }, svg);
  el("rect", { x: 0, y: 0, width: BOX_W, height: BOX_H, rx: 12, class: "sector-box" }, g);
  const ownerFaction = sec.faction;
  const head = titled(el("g", { class: "sector-head", "data-token": id, "data-place": sec.name }, g),
    `${sec.name}: ${w.actions[sec.action] || sec.action}`);
  el("rect", { x: 0, y: 0, width: BOX_W, height: HEAD, rx: 12, class: "head-spot", fill: ownerFaction ? colourOf(data, ownerFaction) : "#56606e" }, head);
  el("text", { x: 14, y: 28, "font-size": 19, "font-weight": "bold", fill: "#fff", class: "label" }, head).textContent = sec.name;
  el("text", { x: BOX_W - 12, y: 28, "font-size": 13, fill: "#fff", "text-anchor": "end", class: "label" }, head)
    .textContent = w.actions[sec.action] || sec.action;
  // Rooms, their doors (connections), walls elsewhere.
  const centre = {};
  sec.rooms.forEach((room, i) => {
    const [cx, cy] = ROOM_CELLS[i];
    centre[room] = { x: PAD + cx * (ROOM_W + GAP), y: ROOMS_TOP + cy * (ROOM_H + GAP) };
  });
  const doors = el("g", { class: "doors" }, g);
  for (const [a, b] of sec.connections) {
    const p = centre[a], q = centre[b];
    if (!p || !q) continue;
    el("line", { x1: p.x + ROOM_W / 2, y1: p.y + ROOM_H / 2, x2: q.x + ROOM_W / 2, y2: q.y + ROOM_H / 2, class: "door" }, doors);
  }
  const pieces = [];
  for (const room of sec.rooms) {
    const { x, y } = centre[room];
    const occ = view.rooms ? view.rooms[room] : undefined;
    const who = occ ? (occ[0] === "Y" ? words().young : unitTitle(view, data, occ, lang)) : w.empty;
    const rg = titled(el("g", { class: "room", "data-token": room, "data-place": roomName(data, room, lang) }, g),
      `${roomName(data, room, lang)}: ${who}; ${roomLinks(data, room, lang)}`);
    el("rect", { x, y, width: ROOM_W, height: ROOM_H, rx: 6, class: "spot room-spot" }, rg);
    el("text", { x: x + 7, y: y + 16, "font-size": 13, class: "room-number" }, rg).textContent = room.slice(id.length);
    if (occ) pieces.push([occ, room, x + ROOM_W / 2 + 8, y + ROOM_H / 2 + 4]);
  }
  // Pending positions beside the rooms.
  for (let k = 1; k <= sec.pending; k++) {
    const place = `${id}.p${k}`;
    if (!view.pending || !(place in view.pending)) continue;
    const x = PAD + 2 * (ROOM_W + GAP) + 8, y = ROOMS_TOP + (k - 1) * (ROOM_H + GAP);
    const card = view.pending[place];
    const pg = titled(el("g", { class: "pending", "data-token": place, "data-place": placeName(data, place, lang) }, g),
      `${placeName(data, place, lang)}: ${card ? cardText(data, card) : w.empty}${view.disc === place ? `; ${w.disc}` : ""}`);
    el("rect", { x, y, width: PEND_W, height: ROOM_H, rx: 6, class: "spot pending-spot" }, pg);
    el("text", { x: x + 6, y: y + ROOM_H - 8, "font-size": 12, class: "place-number" }, pg).textContent = `P${k}`;
    if (card) pieces.push(["card", card, x + 4, y + 6, PEND_W - 8, place]);
  }
  // Install slots in their grid.
  for (const spec of sec.slots) {
    const place = `${id}.${spec.id}`;
    const slot = view.slots ? view.slots[place] : null;
    if (!slot) continue;
    const [row, col] = spec.pos;
    const x = PAD + col * (SLOT_W + SLOT_GAP), y = SLOTS_TOP + row * (SLOT_H + SLOT_GAP);
    const sg = titled(el("g", { class: `slot${spec.bonus ? " bonus" : ""}`, "data-token": place, "data-place": placeName(data, place, lang) }, g),
      slotTitle(view, data, place, lang));
    el("rect", { x, y, width: SLOT_W, height: SLOT_H, rx: 6, class: "spot slot-spot" }, sg);
    if (spec.bonus) el("text", { x: x + SLOT_W - 6, y: y + SLOT_H - 8, "font-size": 13, "text-anchor": "end", class: "bonus-star" }, sg).textContent = "★";
    const marks = [];
    if (slot.tiles) marks.push(`▲${slot.tiles}`);
    if (slot.counter) marks.push(`◷${slot.counter}`);
    if (slot.deact) marks.push(`⊘${slot.deact}`);
    if (slot.bonus && !slot.card) {
      sg.dataset.card = slot.bonus;
      textLines(sg, x + SLOT_W / 2, y + CARD_FONT + 4, cardName(data, slot.bonus, lang), CARD_FONT, "bonus-name", SLOT_W - 8);
      drawInfo(g, data, slot.bonus, x + 4, y + 4, lang);
    } else if (slot.bonus) {
      marks.push("★");
    }
    el("text", { x: x + 6, y: y + SLOT_H - 8, "font-size": 12, class: "tile-marks" }, sg).textContent =
      marks.length ? marks.join(" ") : spec.id.slice(1);
    if (slot.card) pieces.push(["card", slot.card, x + 4, y + 4, SLOT_W - 8, place]);
  }
  // Cards and pieces above the places they stand on (siblings, never inside another target).
  for (const p of pieces) {
    if (p[0] === "card") {
      const [, card, x, y, width, place] = p;
      drawCard(g, view, data, card, x, y, width, lang, ownerOf(data, card), placeName(data, place, lang));
      if (view.disc === place) {
        el("circle", { cx: x + width - 4, cy: y + 4, r: 9, class: "disc" }, g);
      }
    } else {
      const [occ, room, x, y] = p;
      if (occ[0] === "Y") drawYoung(g, view, data, occ, room, x, y, lang);
      else drawPiece(g, view, data, occ, x, y, lang);
    }
  }
}

const inSpace = (view) => Object.keys(view.units || {}).filter((u) => view.units[u].at === "space" || view.units[u].at === "moving");
const SPACE_PER_ROW = 5;
const spaceHeight = (view) => 56 + Math.max(1, Math.ceil(inSpace(view).length / SPACE_PER_ROW)) * 64;

function drawSpace(svg, view, data, lang) {
  const w = words();
  const out = inSpace(view);
  const perRow = SPACE_PER_ROW, width = 340, height = spaceHeight(view);
  const g = el("g", { class: "space" }, svg);
  el("rect", { x: -width / 2, y: -height / 2, width, height, rx: 16, class: "space-box" }, g);
  el("text", { x: 0, y: -height / 2 + 26, "text-anchor": "middle", "font-size": 18, "font-weight": "bold", class: "space-name" }, g)
    .textContent = w.space;
  out.forEach((u, i) => {
    const row = Math.floor(i / perRow), col = i % perRow, inRow = Math.min(perRow, out.length - row * perRow);
    const x = (col - (inRow - 1) / 2) * 64, y = -height / 2 + 56 + 32 + row * 64 - 4;
    drawPiece(g, view, data, u, x, y, lang);
  });
  return height;
}

function drawRingPath(svg, boxes) {
  if (boxes.length < 2) return;
  const g = el("g", { class: "ring-path" }, svg);
  const arrow = (x, y, deg) => el("polygon", { points: "-12,-10 12,0 -12,10", transform: `translate(${x} ${y}) rotate(${deg})`, class: "arrow" }, g);
  if (boxes[0].r === undefined) {  // the two rows: a loop through the sectors' centres
    const centres = boxes.map((b) => [b.x + BOX_W / 2, b.y + BOX_H / 2]);
    el("polygon", { points: centres.map((c) => c.join(",")).join(" "), class: "corridor" }, g);
    centres.forEach(([x, y], i) => {
      const [nx, ny] = centres[(i + 1) % centres.length];
      arrow((x + nx) / 2, (y + ny) / 2, (Math.atan2(ny - y, nx - x) * 180) / Math.PI);
    });
    return;
  }
  const r = boxes[0].r;
  el("circle", { cx: 0, cy: 0, r, class: "corridor" }, g);
  boxes.forEach((b) => {
    const a = b.a + Math.PI / boxes.length;  // halfway to the next sector clockwise
    const x = r * Math.cos(a), y = r * Math.sin(a), deg = (a * 180) / Math.PI + 90;
    arrow(x, y, deg - 90);
  });
}

function drawBoard(svg, view, data, lang, fit) {
  svg.replaceChildren();
  const ids = sectorsDrawn(view, data);
  const { width, height } = svg.getBoundingClientRect();
  const boxes = ids.length ? layout(ids.length, height ? width / height : 1, spaceHeight(view)) : [];
  drawRingPath(svg, boxes);
  const spaceH = drawSpace(svg, view, data, lang);
  ids.forEach((id, i) => drawSector(svg, view, data, id, boxes[i], lang));
  for (const node of svg.querySelectorAll("text, .ring-path, .doors, .disc, .badge, .up-mark")) node.setAttribute("aria-hidden", "true");
  const xs = boxes.flatMap((b) => [b.x, b.x + BOX_W]).concat([-180, 180]);
  const ys = boxes.flatMap((b) => [b.y, b.y + BOX_H]).concat([-spaceH / 2, spaceH / 2]);
  const x = Math.min(...xs) - 20, y = Math.min(...ys) - 20;
  svg.dataset.fit = `${x} ${y} ${Math.max(...xs) + 20 - x} ${Math.max(...ys) + 20 - y}`;
  if (!svg.getAttribute("viewBox") || fit) svg.setAttribute("viewBox", svg.dataset.fit);
}

// --- the panel --------------------------------------------------------------------------------------

function section(title, ...content) {
  const s = html("section", null, { class: "panel-section" });
  s.append(html("h3", title), ...content);
  return s;
}

/** A card in the panel, with its text and its number, and its "i" beside it. */
function cardChip(data, card, token, lang) {
  const b = html("button", null, { type: "button", class: "token-chip card th-card", "data-token": token, "data-card": card,
                                   title: cardText(data, card) });
  const c = data.cards[card.split("@")[0]];
  b.append(html("strong", cardName(data, card, lang)), html("span", c ? ` — ${effect(c)}` : "", { class: "card-text" }));
  return [b, infoButton(data, card, lang)];
}

/** A seat offered in the panel (an opponent for a card, whose LP a deathmatch heal takes), by what choosing it does. */
function seatChoice(view, data, token, lang) {
  const v = verbs(), ask = view.ask || {}, about = ask.about || {};
  const who = factionName(data, view.colours[Number(token.slice(5))]);
  if (ask.type === "heal_split") return v.heal_split(who);
  return v.pick_opponent(who, about.card ? cardName(data, String(about.card), lang) : null);
}

function drawPanel(panel, view, data, lang, opts) {
  const w = words();
  const offered = opts.choices || [];
  const parts = [];
  // What the question offers in the panel: the cards drawn at setup, opponents, traps.
  const seatsAsked = offered.filter((t) => t.startsWith("seat:"));
  if (seatsAsked.length) {
    const box = html("div", null, { class: "display", id: "seat-choice" });
    for (const t of seatsAsked) box.append(html("button", seatChoice(view, data, t, lang), { type: "button", class: "token-chip", "data-token": t }));
    parts.push(section(w.choose, box));
  }
  const trapsAsked = offered.filter((t) => t.startsWith("trap:"));
  if (trapsAsked.length) {
    const box = html("div", null, { class: "display", id: "trap-choice" });
    for (const t of trapsAsked) {
      const kind = t.slice(5);
      const inst = Object.keys(data.cards).find((k) => data.cards[k].kind === kind);
      const name = verbs().trap_next(trapName(data, kind));
      box.append(html("button", name, { type: "button", class: "token-chip", "data-token": t, title: inst ? cardText(data, inst) : kind }));
      if (inst) box.append(infoButton(data, inst, lang));
    }
    parts.push(section(w.traps, box));
  }
  // The seats: points, tiles, decks, held and drawn cards.
  const seats = html("div", null, { id: "seats" });
  (view.colours || []).forEach((faction, seat) => {
    const box = html("div", null, { class: "seat-box" });
    const head = html("h4", null);
    head.append(html("span", "● ", { class: `th-dot th-${faction}`, "aria-hidden": "true" }), html("span", seatWords(view, data, seat, lang)));
    if (view.turn && view.turn.seat === seat && !view.over) head.append(html("span", ` · ${w.turn}`, { class: "th-turn" }));
    box.append(head);
    const side = view.side_of ? view.side_of[seat] : seat;
    const deck = view.decks ? view.decks[seat] : null;
    box.append(html("p", `${w.lp} ${view.lp[seat]} · ${w.dp} ${view.dp[seat]} · ${w.upgradeTiles} ${view.tiles ? view.tiles[side] : 0}`));
    if (deck) {
      const line = html("p", `${w.deck}: ${deck.size}${deck.top ? ` · ${w.top}: ${cardName(data, deck.top, lang)}` : ""} · ${w.discards}: ${(view.discards[seat] || []).length}`,
        { title: deck.top ? cardText(data, deck.top) : "" });
      if (deck.top) line.append(" ", infoButton(data, deck.top, lang));
      box.append(line);
    }
    const held = view.held ? view.held[seat] : [];
    const drawn = view.drawn ? view.drawn[seat] : [];
    if (held.length) {
      const list = html("div", null, { class: "display held" });
      for (const c of held) list.append(...cardChip(data, c, c, lang));
      box.append(html("p", `${w.held}:`), list);
    }
    if (drawn.length) {
      const list = html("div", null, { class: "display drawn" });
      for (const c of drawn) list.append(...cardChip(data, c, c, lang));
      box.append(html("p", `${w.drawn}:`), list);
    }
    seats.append(box);
  });
  parts.push(section(w.seats, seats));
  // The end track and the turn.
  const track = html("ol", null, { class: "track", id: "end-track" });
  (data.end_track || []).forEach((step, i) => {
    const li = html("li", null, { class: i === view.end ? "here" : "" });
    if (i === view.end) {
      li.setAttribute("aria-current", "step");
      li.append(html("span", "▶ ", { "aria-hidden": "true" }), step, html("span", ` (${w.endHere})`, { class: "visually-hidden" }));
    } else {
      li.append(step);
    }
    track.append(li);
  });
  const turn = view.turn ? html("p", `${w.round} ${view.round} · ${w.phase}: ${w.phases[view.turn.phase] || view.turn.phase}` +
    (view.ask ? ` · ${w.asks}: ${seatWords(view, data, view.ask.seat, lang)}` : ""), { id: "turn-phase" }) : html("p", "");
  parts.push(section(w.endTrack, track, turn));
  panel.replaceChildren(...parts);
}

// --- the interface ----------------------------------------------------------------------------------

export function createBoard({ board, panel }, ctx) {
  learnPlaces(ctx.data);
  const { board: name, roledescription } = words(ctx.data);
  const shell = boardShell(board, { name, roledescription, place: "data-place" }, (svg, view, opts) => {
    drawBoard(svg, view, ctx.data, ctx.lang, opts.fit);
    // The viewer's own units (a team's partner's are not the viewer's to move).
    markMine(svg.querySelectorAll(".unit[data-token]"), view, ctx.you,
      (node, mine) => view.units[node.dataset.token] && view.colours[view.units[node.dataset.token].seat] === mine);
    if (panel) drawPanel(panel, view, ctx.data, ctx.lang, opts);
  });
  return { ...shell, describe: (token, context) => describe(token, context, ctx.data, ctx.lang),
           cardText: (card) => cardDetails(ctx.data, card, ctx.lang) };
}

/** A still drawing of a view (the lobby's picture, the moderators' desk): nothing in it to press. */
export function picture(svg, view, data, lang) {
  learnPlaces(data);
  drawBoard(svg, view, data, lang, true);
  for (const node of svg.querySelectorAll("[data-card-info]")) node.remove();
}

/** The rules page: a sector of each kind, drawn empty. */
export function decorateRules(root, data, lang) {
  learnPlaces(data);
  const svg = root.querySelector("svg.rules-board");
  if (!svg) return;
  const ring = ["COR", "CTL", "DOCK", "TEC", "NEST"];
  const rooms = {}, slots = {}, pending = {};
  for (const id of ring) {
    for (const r of data.sectors[id].rooms) rooms[r] = null;
    for (const s of data.sectors[id].slots) slots[`${id}.${s.id}`] = { card: null, bonus: null, tiles: 0, counter: 0, deact: 0 };
    for (let k = 1; k <= data.sectors[id].pending; k++) pending[`${id}.p${k}`] = null;
  }
  drawBoard(svg, { ring, rooms, slots, pending, units: {}, colours: [], disc: null }, data, lang, true);
  for (const node of svg.querySelectorAll("[data-token]")) node.removeAttribute("data-token");
}
