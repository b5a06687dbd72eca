// The game page: draws the station, offers the legal decisions as clicks, keeps itself up to date.
import { drawBoard, enablePanZoom, highlightCell, markChoices, PLAYER_COLOURS } from "./board.js";
import { Chooser } from "./choices.js";
import { api, LiveSocket } from "./live.js";

const config = JSON.parse(document.getElementById("page-config").textContent);
const T = JSON.parse(document.getElementById("texts").textContent);
const $ = (id) => document.getElementById(id);
const svg = $("board");
const panZoom = enablePanZoom(svg);
const CELL_RE = /-?\d+\|-?\d+/g;

const state = {
  game: null, view: null, actions: null, chooser: null, rotations: [], rotation: 0,
  busy: false, wasMyTurn: false, replay: null, firstDraw: true,
};

const labels = {
  kind: (k) => config.kinds[k] || k,
  figure: (f) => f,
  mark: (c) => c,
};

function text(tag, content, attrs = {}) {
  const node = document.createElement(tag);
  if (content !== undefined && content !== null) node.textContent = content;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function seatName(order) {
  const seat = state.game.seats.find((s) => s.order === order);
  return seat ? seat.display_name : `#${order}`;
}

function formatTime(iso) {
  const options = { dateStyle: "medium", timeStyle: "short" };
  if (config.timeZone) options.timeZone = config.timeZone;
  return new Intl.DateTimeFormat(config.lang, options).format(new Date(iso));
}

function rotateMask(mask, r) {
  return ((mask << r) | (mask >> (4 - r))) & 15;
}

// --- loading -------------------------------------------------------------------------------

async function refresh() {
  setBusy(true);
  try {
    state.game = await api(`/api/games/${config.game}/`);
    state.view = state.game.view;
    const myTurn = state.game.status === "active" && state.game.your_seat !== null
      && state.game.current_seat === state.game.your_seat
      && !state.game.seats.find((s) => s.order === state.game.your_seat).played_by_bot;
    state.actions = myTurn ? await api(`/api/games/${config.game}/actions/`) : null;
    state.chooser = state.actions ? new Chooser(state.actions.actions) : null;
    if (myTurn && !state.wasMyTurn && !state.firstDraw) announceTurn();
    state.wasMyTurn = myTurn;
    render();
    await Promise.all([loadLog(), loadChat()]);
  } catch (error) {
    showError(error.message);
  } finally {
    setBusy(false);
  }
}

function setBusy(on) {
  state.busy = on;
  $("busy").hidden = !on;
  document.body.classList.toggle("busy", on);
}

function showError(message) {
  const prompt = $("prompt");
  prompt.textContent = `${T.error}: ${message}`;
  prompt.classList.add("error");
}

// --- drawing -------------------------------------------------------------------------------

function render() {
  const view = state.replay ? state.replay.view : state.view;
  if (!view) return;
  const chooser = state.replay ? null : state.chooser;
  const next = chooser ? chooser.next() : [];
  const extraCells = next.filter((t) => t.startsWith("cell:")).map((t) => t.slice(5));
  drawBoard(svg, view, { labels, extraCells, preview: preview(view), fit: state.firstDraw });
  state.firstDraw = false;
  markChoices(svg, chooser && !chooser.choosingRotation() ? next : [], chooser ? chooser.prefix : []);
  $("game-root").dataset.choices = next.join(" ");
  renderPrompt(chooser);
  renderButtons(chooser, next);
  renderSide(view);
  renderOutcome(view);
}

function preview(view) {
  const chooser = state.chooser;
  if (state.replay || !chooser || !chooser.choosingRotation()) return null;
  const cell = chooser.prefix[chooser.prefix.length - 1].slice(5);
  const first = chooser.prefix[0];
  const rotation = state.rotations[state.rotation];
  let spec;
  if (first.startsWith("tile:")) spec = config.tiles[first.slice(5)];
  else if (state.actions.question.q === "relocate") spec = config.tiles[view.board[state.actions.question.cell].tile];
  else spec = config.tiles[view.board[state.actions.question.cell].tile];  // the Pilot's pod
  return { cell, tile: { ...spec, rotation, doors: rotateMask(spec.doors, rotation), marks: [],
                         seats: spec.seats.length ? spec.seats.map((v) => ({ value: v, figure: null })) : undefined } };
}

function renderPrompt(chooser) {
  const prompt = $("prompt");
  prompt.classList.remove("error");
  if (state.replay) {
    prompt.textContent = `${T.decision} ${state.replay.position} ${T.of} ${state.replay.numbers.length}`;
  } else if (state.actions) {
    prompt.textContent = `${T.yourTurn}: ${state.actions.prompt}`;
  } else if (state.game.status === "finished") {
    prompt.textContent = T.gameOver;
  } else {
    prompt.textContent = `${T.waitingFor} ${seatName(state.game.current_seat)}: ${state.view.prompt[config.lang]}`;
  }
  $("game-root").dataset.myTurn = state.actions ? "yes" : "no";
  const status = $("game-status");
  status.textContent = T.status[state.game.status] || state.game.status;
  status.className = `status status-${state.game.status}`;
  $("game-root").dataset.seq = state.game.seq;
}

function button(label, token, onClick) {
  const b = text("button", label, { type: "button", "data-token": token });
  b.classList.add("choice");
  b.addEventListener("click", onClick);
  return b;
}

function renderButtons(chooser, next) {
  const holder = $("choice-buttons");
  holder.replaceChildren();
  const rotating = chooser && chooser.choosingRotation();
  $("rotate").hidden = !rotating || state.rotations.length < 2;
  $("confirm").hidden = !rotating;
  $("cancel").hidden = !(chooser && chooser.prefix.length);
  $("undo").hidden = !(state.actions && state.actions.undoable > 0) || state.replay !== null;
  const me = state.game.seats.find((s) => s.order === state.game.your_seat);
  $("resign").hidden = !(state.game.status === "active" && me && !me.played_by_bot);
  if (!chooser || rotating) return;
  const names = { "btn:end_turn": T.endTurn, "btn:stop": T.stop, "btn:stay": T.stay, "btn:launch": T.launch,
                  "btn:activate": T.activate };
  for (const token of next) {
    if (token.startsWith("btn:")) holder.appendChild(button(names[token] || token.slice(4), token, () => choose(token)));
  }
}

function renderSide(view) {
  const turn = $("turn");
  if (view.turn) {
    const name = seatName(view.turn.seat);
    turn.replaceChildren(text("span", "● ", { style: `color:${PLAYER_COLOURS[view.turn.colour]}` }),
      text("strong", `${name} (${view.turn.colour})`),
      text("span", view.final_round !== null ? ` · ${T.last}` : ""));
  } else {
    turn.textContent = T.gameOver;
  }
  $("deadline").textContent = !state.replay && state.game.deadline ? `${T.deadline}: ${formatTime(state.game.deadline)}` : "";

  const table = $("players");
  table.replaceChildren();
  const head = text("tr");
  for (const h of [T.player, T.score, T.activations, T.escaped]) head.appendChild(text("th", h));
  table.appendChild(head);
  view.colours.forEach((colour, order) => {
    const seat = state.game.seats.find((s) => s.order === order);
    const row = text("tr", null, { "data-colour": colour });
    const who = text("td");
    who.appendChild(text("span", "■ ", { style: `color:${PLAYER_COLOURS[colour]}` }));
    const name = seat ? seat.display_name : colour;
    who.appendChild(seat ? Object.assign(text("a", name), { href: `/players/${seat.username}/` }) : text("span", name));
    if (seat && seat.played_by_bot) who.appendChild(text("small", ` (${T.botPlays})`));
    if (seat && seat.away_until) who.appendChild(text("small", ` (${T.awayUntil} ${seat.away_until})`, { class: "away" }));
    if (order === state.game.your_seat) who.appendChild(text("small", ` (${T.you})`));
    row.append(who, text("td", view.scores[colour]), text("td", view.activations[colour]), text("td", view.escaped[colour]));
    table.appendChild(row);
  });
  const track = view.alien_track;
  const deadList = text("span");
  const next = state.chooser && !state.replay ? state.chooser.next() : [];
  track.dead.forEach((figure) => {
    const token = `dead:${figure}`;
    if (next.includes(token)) deadList.appendChild(button(`${T.heal} ${figure}`, token, () => choose(token)));
    else deadList.appendChild(text("span", figure + " ", { class: "dead" }));
  });
  $("alien-track").replaceChildren(text("strong", `${T.alienScore}: ${track.score}`),
    text("span", ` · ${T.dead}: `), deadList,
    text("span", ` · ${track.slots.map((v, i) => (i < track.covered_by_token + track.dead.length ? `[${v}]` : v)).join(" ")} ☠`));

  const display = $("display");
  display.replaceChildren();
  for (const tile of view.display.concat(view.pods_waiting.slice(0, 1))) {
    const token = `tile:${tile}`;
    const spec = config.tiles[tile];
    const label = `${tile} · ${labels.kind(spec.kind)}${spec.capacity && spec.kind !== "pod" ? ` ▢${spec.capacity}` : ""}${spec.seats.length ? ` (${spec.seats.join("/")})` : ""}`;
    const chosen = state.chooser && state.chooser.prefix[0] === token;
    const node = next.includes(token) || chosen ? button(label, token, () => choose(token)) : text("span", label, { class: "tile-chip" });
    if (chosen) node.classList.add("selected");
    display.appendChild(node);
  }
  $("pods-waiting").textContent = `${T.podsWaiting}: ${view.pods_waiting.join(", ") || "–"}`;
  $("face-down-count").textContent = `${view.face_down.length} ${T.facedown}`;
  $("face-down").textContent = view.face_down.join(", ");
}

function renderOutcome(view) {
  const box = $("outcome");
  const outcome = view.outcome;
  box.hidden = !outcome;
  if (!outcome) return;
  box.replaceChildren(text("h2", T.gameOver));
  const byColour = Object.fromEntries(state.game.seats.map((s) => [s.colour, s.display_name]));
  box.appendChild(text("p", outcome.alien_victory ? T.aliensWin
    : `${T.winners}: ${outcome.winners.map((c) => byColour[c] || c).join(", ")}`, { id: "winner" }));
  const list = text("ol", null, { class: "ranking" });
  for (const entry of outcome.ranking) {
    const name = entry.who === "aliens" ? T.aliens : `${byColour[entry.who] || entry.who} (${entry.who})`;
    list.appendChild(text("li", `${T.rank} ${entry.rank}: ${name} — ${entry.score}`));
  }
  box.appendChild(list);
  const changes = state.game.rating_changes || [];
  if (changes.length) {
    const rated = text("ul", null, { class: "rating-changes", id: "rating-changes" });
    for (const c of changes) {
      const name = c.who === "aliens" ? T.aliens : c.who;
      rated.appendChild(text("li", `${name}: ${c.before} → ${c.after} (${c.change >= 0 ? "+" : ""}${c.change})${c.reverted ? ` — ${T.reverted}` : ""}`));
    }
    box.append(text("h3", T.ratingChanges), rated);
  } else if (state.game.rated === false) {
    box.appendChild(text("p", T.unrated));
  }
  $("replay").hidden = false;
}

// --- choosing ------------------------------------------------------------------------------

async function choose(token) {
  const chooser = state.chooser;
  if (!chooser || state.busy || state.replay) return;
  const decision = chooser.choose(token);
  if (decision) return submit(decision);
  if (chooser.choosingRotation()) {
    state.rotations = chooser.next().map((t) => Number(t.slice(4)));
    state.rotation = 0;
  }
  render();
}

async function submit(decision) {
  setBusy(true);
  try {
    await api(`/api/games/${config.game}/moves/`, { method: "POST", body: { seq: state.game.seq, action: decision } });
  } catch (error) {
    showError(error.message);
    setBusy(false);
    return setTimeout(refresh, 1500);
  }
  await refresh();
}

svg.addEventListener("click", (e) => {
  const target = e.target.closest(".choice[data-token]");
  if (target) choose(target.dataset.token);
});
svg.addEventListener("keydown", (e) => {
  const target = e.target.closest(".choice[data-token]");
  if (target && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    choose(target.dataset.token);
  }
});
$("rotate").addEventListener("click", () => {
  state.rotation = (state.rotation + 1) % state.rotations.length;
  render();
});
$("confirm").addEventListener("click", () => {
  const decision = state.chooser.choose(`rot:${state.rotations[state.rotation]}`);
  if (decision) submit(decision);
});
$("cancel").addEventListener("click", () => {
  state.chooser.reset();
  render();
});
$("undo").addEventListener("click", async () => {
  setBusy(true);
  try {
    await api(`/api/games/${config.game}/undo/`, { method: "POST", body: { seq: state.game.seq } });
  } catch (error) {
    showError(error.message);
  }
  await refresh();
});
$("resign").addEventListener("click", async () => {
  if (!window.confirm(T.resignConfirm)) return;
  await api(`/api/games/${config.game}/resign/`, { method: "POST", body: {} }).catch((e) => showError(e.message));
  await refresh();
});
for (const b of document.querySelectorAll("[data-zoom]")) {
  b.addEventListener("click", () => {
    const how = b.dataset.zoom;
    if (how === "fit") panZoom.fit();
    else panZoom.zoom(how === "in" ? 1 / 1.25 : 1.25);
  });
}

// --- log and chat --------------------------------------------------------------------------

function withCells(line) {
  const span = text("span");
  let last = 0;
  for (const match of line.matchAll(CELL_RE)) {
    span.appendChild(document.createTextNode(line.slice(last, match.index)));
    const cell = text("span", match[0], { class: "coord", tabindex: "0", "data-cell": match[0] });
    for (const [event, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) {
      cell.addEventListener(event, () => highlightCell(svg, match[0], on));
    }
    span.appendChild(cell);
    last = match.index + match[0].length;
  }
  span.appendChild(document.createTextNode(line.slice(last)));
  return span;
}

async function loadLog() {
  const decisions = await api(`/api/games/${config.game}/moves/?lang=${config.lang}`);
  const log = $("log");
  log.replaceChildren();
  for (const d of decisions.slice().reverse()) {
    const item = text("li", null, { value: d.number });
    if (d.undone) item.classList.add("undone");
    item.appendChild(text("strong", `${seatName(d.seat)}${d.by_bot ? ` (${T.bot})` : ""}${d.undone ? ` — ${T.undone}` : ""}: `));
    d.log.forEach((line) => { item.appendChild(withCells(line)); item.appendChild(document.createTextNode(" ")); });
    log.appendChild(item);
  }
}

async function loadChat() {
  const messages = await api(`/api/games/${config.game}/chat/`);
  const chat = $("chat");
  chat.replaceChildren(...messages.map((m) => {
    const li = text("li");
    li.append(text("strong", `${m.username}: `), text("span", m.text), text("small", ` ${formatTime(m.created_at)}`));
    return li;
  }));
  chat.scrollTop = chat.scrollHeight;
}

const chatForm = $("chat-form");
if (chatForm) {
  chatForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    const input = $("chat-text");
    if (!input.value.trim()) return;
    await api(`/api/games/${config.game}/chat/`, { method: "POST", body: { text: input.value } }).catch((err) => showError(err.message));
    input.value = "";
    await loadChat();
  });
}

// --- replay of a finished game -------------------------------------------------------------

async function replayTo(upto) {
  setBusy(true);
  try {
    state.replay = await api(`/api/games/${config.game}/replay/?upto=${upto}`);
    $("replay-pos").textContent = `${state.replay.position} / ${state.replay.numbers.length}`;
    render();
  } finally {
    setBusy(false);
  }
}

function replayStep(delta) {
  const numbers = state.replay ? state.replay.numbers : null;
  if (!numbers) return replayTo(0);
  const position = Math.min(Math.max(state.replay.position + delta, 0), numbers.length);
  return replayTo(position === 0 ? 0 : numbers[position - 1]);
}

$("replay-first").addEventListener("click", () => replayTo(0));
$("replay-prev").addEventListener("click", () => replayStep(-1));
$("replay-next").addEventListener("click", () => replayStep(1));
$("replay-last").addEventListener("click", async () => {
  state.replay = null;
  $("replay-pos").textContent = "";
  render();
});

// --- live updates --------------------------------------------------------------------------

function announceTurn() {
  if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
    new Notification(T.notifyTitle, { body: `${T.notifyBody} ${config.game}`, tag: `argo-${config.game}` });
  }
}

document.addEventListener("click", () => {
  if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
}, { once: true });

const live = new LiveSocket(`/ws/games/${config.game}/`, {
  onMessage: (message) => {
    if (typeof message.seq !== "number" || !state.game || message.seq !== state.game.seq || message.event === "chat") refresh();
  },
  onState: (connection) => {
    const marker = $("connection");
    marker.dataset.state = connection;
    marker.querySelector(".label").textContent = T[connection === "open" ? "online" : connection] || connection;
  },
  poll: refresh,
});

refresh().then(() => live.connect());
