// The game page, for every game: loads the game's board module (docs/games.md), offers the legal
// decisions as clicks on whatever the module drew with data-token, and keeps itself up to date.
// The page owns the prompt, the buttons, undo and resign, players, log, chat, replay and outcome.
import { Analysis } from "./analysis.js";
import { withShownText } from "./board_shell.js";
import { pageKey, wireBoardWords } from "./board_words.js";
import { cardToRead, readCard } from "./card_text.js";
import { Chooser } from "./choices.js";
import { showCountdowns, timeLeft } from "./countdown.js";
import { api, LiveSocket } from "./live.js";
import { StandingOrders } from "./orders.js";
import { boxIn } from "./panzoom.js";
import { html as text } from "./svg.js";

// Read from the page by start() (at the end): importing this module runs nothing, so that Node can
// import it too (tests/js/game.test.mjs).
let config = null;
let T = null;
let root = null;
let analysis = null;  // the analysis board (analysis.js): while it is open the board shows its line
let orders = null;  // the player's standing orders beside the board (orders.js)
const $ = (id) => document.getElementById(id);
const BOT_WATCH_MS = 1500;  // a look every 1.5 s while a bot decides
const ANNOUNCED_KEPT = 30;  // the live region's latest announcements; older ones were said already

/** Everything the page knows, in one object. */
export const state = {
  game: null, view: null, actions: null, chooser: null, cycle: [], cycleAt: 0,
  busy: false, wasMyTurn: false, shownSeq: -1, ownSeq: -1, replay: null, firstDraw: true, module: null, board: null,
  log: [], shownUpTo: null, fresh: new Set(), logShown: false, refreshing: null, again: false, chat: new Map(), olderChat: null,
  chatStale: true, held: null,
};

// The news after which the chat is as it was: a decision changes the game, never the chat (a chat
// message comes as `chat`; a moderator's desk action, which may hide a line, as `moderated`).
const CHAT_UNCHANGED = new Set(["decision", "turn_changed", "game_over"]);

// What this browser last saw of the game: the log marks what happened since.
const seenKey = () => `seen-game-${config.id}`;

function seatName(order) {
  const seat = state.game.seats.find((s) => s.order === order);
  return seat ? seat.display_name : `#${order}`;
}

function nameOf(who) {
  const seat = state.game.seats.find((s) => s.colour === who);
  return seat ? seat.display_name : (config.participants[who] || who);
}

/** A team as players read it, "Team A", from its index in the game's teams. */
export function teamName(index, words) {
  return words.replace("%(letter)s", String.fromCharCode(65 + index));
}

/** The team of the seat going by `who` in the outcome, or null (no teams, a participant). */
function teamOf(who, seats) {
  const seat = seats.find((s) => s.colour === who);
  return seat && seat.team !== null && seat.team !== undefined ? seat.team : null;
}

/** The winners as the outcome says them: their names, and in a game played in teams the team that won
 * first ("Team A (Ann, Cid)"). */
export function winnersLine(winners, seats, nameOf, words) {
  const names = winners.map(nameOf).join(", ");
  const teams = new Set(winners.map((who) => teamOf(who, seats)));
  return teams.size === 1 && !teams.has(null) ? `${teamName([...teams][0], words)} (${names})` : names;
}

/** A team game's result as the viewer's team lived it: "won", "lost" or "drew" (every team shares the
 * win); null for a spectator or a game without teams. */
export function teamResult(winners, seats, you) {
  const mine = seats.find((s) => s.order === you);
  if (!mine || mine.team === null || mine.team === undefined) return null;
  const teams = new Set(winners.map((who) => teamOf(who, seats)));
  if (!teams.has(mine.team)) return "lost";
  return teams.size > 1 ? "drew" : "won";
}

/** A line of the ranking: the place, the player and their score; in a team game their own score
 * beside their team's ("1. Ann — 22 (Team A: 61)"), which is what the place went by. */
export function rankingLine(entry, outcome, seats, nameOf, words) {
  const team = teamOf(entry.who, seats);
  const own = outcome.scores && entry.who in outcome.scores ? outcome.scores[entry.who] : entry.score;
  const line = `${entry.rank}. ${nameOf(entry.who)} — ${team === null ? entry.score : own}`;
  return team === null ? line : `${line} (${teamName(team, words)}: ${entry.score})`;
}

/** A mark in a seat's colours as its game gives them (client_data's seat_colours), light and dark. */
function seatMark(symbol, colour, attrs = {}) {
  const mark = text("span", symbol, { ...attrs, class: "ink-seat" });
  const colours = (config.data.seat_colours || {})[colour] || {};
  for (const [scheme, value] of Object.entries(colours)) mark.style.setProperty(`--seat-${scheme}`, value);
  return mark;
}

/** "Deadline: 3 Dec 2026, 14:00 · time left: 2d 23h", the time left kept live (countdown.js). */
function showDeadline(deadline) {
  const line = $("deadline");
  line.replaceChildren();
  if (!deadline) return;
  const left = document.createElement("time");
  left.dataset.countdown = "";
  left.setAttribute("datetime", deadline);
  line.append(`${T.deadline}: ${formatTime(deadline)} · ${T.timeLeft}: `, left);
  showCountdowns(line);
}

/** A time bank game's banks, seat by seat: "Time banks: Ann 3d 2h · Ben 2d 0h" (the deciding seat's as its turn began). */
function showBanks(game) {
  const line = $("banks");
  const clock = game.time_control || {};
  if (!line) return;
  line.textContent = clock.kind === "bank" && game.status !== "open"
    ? `${T.banks}: ${clock.banks.map((b) => `${seatName(b.seat)} ${timeLeft(b.seconds * 1000, config.lang)}`).join(" · ")}`
    : "";
}

function formatTime(iso) {
  const options = { dateStyle: "medium", timeStyle: "short" };
  if (config.timeZone) options.timeZone = config.timeZone;
  return new Intl.DateTimeFormat(config.lang, options).format(new Date(iso));
}

// --- loading -------------------------------------------------------------------------------

/** One refresh at a time; a push that arrives meanwhile asks for one more, not for a second in parallel. */
function refresh() {
  if (state.refreshing) {
    state.again = true;
    return state.refreshing;
  }
  state.refreshing = load().finally(() => {
    state.refreshing = null;
    if (state.again) {
      state.again = false;
      refresh();
    }
  });
  return state.refreshing;
}

async function load() {
  setBusy(true);
  try {
    state.game = await api(`/api/games/${config.id}/`);
    state.firstSeq ??= state.game.seq;
    state.view = state.game.view;
    const me = state.game.seats.find((s) => s.order === state.game.your_seat);
    const myTurn = state.game.status === "active" && me && state.game.current_seat === me.order && !me.played_by_bot;
    state.actions = myTurn ? await actionsAt(state.game.seq) : null;
    if (state.held && (!state.actions || state.actions.seq !== state.held.seq)) {
      dropHeld();  // chosen in a position that is gone: the player chooses afresh
      state.chooser = null;
    }
    const previous = state.chooser;
    state.chooser = state.actions ? new Chooser(state.actions.actions, state.module.pathOf, state.module.cyclePrefix || null).keepFrom(previous) : null;
    if (myTurn && !state.wasMyTurn && !state.firstDraw) announceTurn();
    const begins = turnBegins(myTurn);
    if (begins) forgetChosenView();
    state.wasMyTurn = myTurn;
    state.shownSeq = state.game.seq;
    render();
    if (begins) focusTurn();
    if (state.wordsChanged) state.wordsChanged();
    // The board takes taps again as soon as it is drawn (the log and the chat follow on their own),
    // unless a decision of this page is still on its way.
    if (!document.body.classList.contains("posting")) {
      setBusy(false);
      takeQueuedTap();
    }
    // The chat is read again only when it may have changed (the first load, a poll, other news).
    const chatStale = state.chatStale;
    state.chatStale = false;
    // The standing orders too: a decision may have fired one, or missed one (a look again shortly
    // after a new version of the game, while some wait: a missed one brings no live update).
    const moved = state.ordersSeq !== undefined && state.ordersSeq !== state.game.seq;
    state.ordersSeq = state.game.seq;
    await Promise.all([loadLog(), chatStale ? loadChat() : null, orders.refresh(moved)]);
    watchBots();
  } catch (error) {
    console.error(error);
    showError(error);
  } finally {
    setBusy(false);
  }
}

/** A turn of the player's begins: it is their turn now, and it was not, or decisions not made on this
 * page came since (the others' whole turn, when the bots answer at once). Their own steps do not. */
function turnBegins(myTurn) {
  return myTurn && (!state.wasMyTurn || state.game.seq > Math.max(state.shownSeq, state.ownSeq));
}

/** The choices for the version of the game just read. The game may move on between the two reads (a
 * decision of mine from another tab, or one this page posted meanwhile, a deadline): that is no
 * error to show, only a reason to read the game again. */
async function actionsAt(seq) {
  // A decision of this page on its way: its answer (or the reload after it) brings the next question.
  if (document.body.classList.contains("posting")) return null;
  try {
    const actions = await api(`/api/games/${config.id}/actions/`);
    if (actions.seq === seq) return actions;
  } catch (error) {
    if (error.status !== 403 && error.status !== 409) throw error;
  }
  state.again = true;
  return null;
}

/** A tap that came while the page reloaded is kept, and taken once the page is drawn again if what it
 * chose is still offered; otherwise its control lost its light, which the player sees. */
function takeQueuedTap() {
  const token = state.queuedTap;
  state.queuedTap = null;
  for (const node of root.querySelectorAll(".queued")) node.classList.remove("queued");
  if (token && state.chooser && state.chooser.next().includes(token)) choose(token);
}

/** A tap while the page is busy: queued during a reload, refused in sight while a decision is posted
 * (the controls look disabled then: body.posting). */
function tapWhileBusy(token) {
  if (document.body.classList.contains("posting")) return;
  state.queuedTap = token;
  for (const node of root.querySelectorAll(`[data-token="${CSS.escape(token)}"]`)) node.classList.add("queued");
}

/** While a bot decides, look again shortly: its moves come a few seconds apart (BOT_MOVE_DELAY) and
 * must show even where the live socket is slow to tell (the in-memory layer of the embedded defaults). */
function watchBots() {
  const game = state.game;
  const deciding = game && game.status === "active" && game.seats.find((s) => s.order === game.current_seat);
  clearTimeout(state.botWatch);
  if (deciding && deciding.played_by_bot) state.botWatch = setTimeout(refresh, BOT_WATCH_MS);
}

function setBusy(on) {
  // A replay's answer still on its way keeps the page busy, whatever else ends meanwhile: a load
  // that a live update began before the click ends first, and must not say the replay is drawn.
  on = on || Boolean(state.replayLoading);
  // Measured by benchmarks/redraw.py: how long the page keeps a player waiting.
  if (on && !state.busy) performance.mark("busy-start");
  if (!on && state.busy) performance.measure("busy", "busy-start");
  state.busy = on;
  $("busy").hidden = !on;
  document.body.classList.toggle("busy", on);
}

/** While a decision is on its way the offered controls show disabled: what they offered may be gone. */
function setPosting(on) {
  document.body.classList.toggle("posting", on);
  for (const node of root.querySelectorAll("#controls button, #game-panel button.choice")) {
    if (on && !node.disabled) node.dataset.posting = "1";
    if (node.dataset.posting) node.disabled = on;
    if (!on) delete node.dataset.posting;
  }
}

/** A refusal in the page's language: the server's own words only where they are in it too. */
function showError(error) {
  const prompt = $("prompt");
  const byStatus = { 409: T.conflict, 429: T.tooMany };
  const message = byStatus[error.status] || (config.lang === "en" || !error.status ? error.message : T.refused);
  prompt.textContent = message;
  prompt.classList.add("error");
}

// --- drawing -------------------------------------------------------------------------------

/** The view the player chose, kept across redraws until their next turn begins (panzoom.js marks it):
 * "yes" for a zoom or a pan, "fit" for Fit; null when the page chooses. */
function chosenView() {
  const svg = $("board").querySelector("svg");
  return (svg && svg.dataset.zoomed) || null;
}

/** At the start of the player's turn the page chooses the view again. */
function forgetChosenView() {
  const svg = $("board").querySelector("svg");
  if (svg) delete svg.dataset.zoomed;
}

/** What the board shows and offers: the analysis board's position while it is open, the replayed
 * position, or the game as it is with the player's own choices. `asked` holds the prompt, the
 * question and the decisions (GET actions/, or the analysis line's position). */
function onBoard() {
  if (analysis && analysis.active) {
    const position = analysis.position;
    return { view: position ? position.view : state.view, chooser: analysis.chooser, asked: position };
  }
  if (state.replay) return { view: state.replay.view, chooser: null, asked: null };
  return { view: state.view, chooser: state.chooser, asked: state.actions };
}

function render() {
  const shown = onBoard();
  const view = shown.view;
  if (!view) return;
  const focused = root.contains(document.activeElement) ? document.activeElement.dataset.token : undefined;
  const chooser = shown.chooser;
  const cycling = chooser && chooser.cycling();
  const next = chooser && !cycling ? chooser.next() : [];
  const started = performance.now();
  // Every legal target and the whole station stay in view, unless the player chose a view of their own.
  const chosen = chosenView();
  state.board.draw(view, {
    choices: next, selected: chooser ? chooser.prefix : [], fit: state.firstDraw || chosen !== "yes",
    cycle: cycling ? state.cycle[state.cycleAt] : null, question: shown.asked ? shown.asked.question : null,
  });
  state.firstDraw = false;
  markTurns();
  markChoices(next, chooser ? chooser.prefix : [], shown);
  if (!chosen) focusChoices();
  countOutOfView();
  root.dataset.choices = (chooser ? chooser.next() : []).join(" ");
  renderPrompt(shown);
  renderButtons(chooser, next, cycling);
  placePanel();
  // The players, the turn and the outcome are the game's as it is, never the analysis line's.
  const live = state.replay ? state.replay.view : state.view;
  renderPlayers(live);
  renderOutcome(live);
  renderSeatControls();
  analysis.offer(state.game.status === "active");
  keepFocus(focused);
  performance.measure("render", { start: started });
}

/** Where the keyboard was, focus stays: a redraw that offers the target that had it focuses it again
 * (the board and the panel are drawn anew); after a choice made with the keyboard (`state.refocus`)
 * it goes to the first target of the next step (or ⟳ when a tile is to be turned), or to the prompt
 * when nothing is offered (the turn passed). So it does when the target a keyboard player had focused
 * is drawn no more and the focus fell to the page (a live update's redraw came before the choice's
 * answer). A pointer's choice moves nothing: focus is the keyboard's. */
function keepFocus(token) {
  const refocus = state.refocus;
  state.refocus = false;
  const again = token && !refocus ? root.querySelector(`.choice[data-token="${CSS.escape(token)}"], .selected[data-token="${CSS.escape(token)}"]`) : null;
  const lost = token !== undefined && state.lastInput === "key" && document.activeElement === document.body;
  if (again) {
    again.focus({ preventScroll: true });
  } else if (refocus || lost) {
    // a target, else a tile to turn (⟳, then Confirm), else the prompt
    const to = firstOffered() || $("prompt");
    to.focus();
    // a control the page holds disabled while a decision is sent takes no focus: the next redraw tries again
    if (document.activeElement !== to) state.refocus = true;
  }
}

/** A turn of a keyboard player begins while their focus rests where the last turn left it (the prompt,
 * or nowhere): it goes to the turn's first target, which saves them the key T each turn. A reader
 * elsewhere (the log, the chat) is left where they are; a pointer's player is never moved. */
function focusTurn() {
  if (analysis.active) return;  // the keyboard is in the analysis line
  if (state.lastInput !== "key" || ![document.body, $("prompt")].includes(document.activeElement)) return;
  const first = firstOffered();
  if (first) first.focus();
}

/** What a keyboard player's choice starts from: the first offered target, else a tile's ⟳ or Confirm. */
function firstOffered() {
  return root.querySelector(".choice[data-token]:not([disabled])") || [$("cycle"), $("confirm")].find((button) => !button.hidden);
}

/** The controls of the viewer's own seat show only where they can act: a bot to keep the seat, muting
 * and the notification offer while the game is in progress and the seat still the player's; a game
 * that ended, or a seat resigned, timed out or removed, has nothing left for them to do. */
function renderSeatControls() {
  const me = state.game.seats.find((s) => s.order === state.game.your_seat);
  const playing = Boolean(me) && me.status === "active" && state.game.status === "active";
  for (const id of ["stand-in-form", "mute-form"]) {
    const form = $(id);
    if (form) form.hidden = !playing;
  }
  const offer = $("allow-notifications");
  if (offer) offer.hidden = !(playing && state.mayAskNotifications);
  // The chat is for the players still in the game (services.chat_refusal): it closes on the open page too.
  const chatting = Boolean(me) && me.status === "active" && state.game.status !== "aborted";
  if ($("chat-form") && !chatting) {
    for (const id of ["chat-form", "chat-refusal"]) $(id).hidden = true;
    $("chat-closed").hidden = false;
  }
}

/** What the page says to a player a moderator removed: that they were, and the moderator's reason
 * (the game's moderation entries give it to the player it concerned). */
function removedText(me) {
  const entry = (state.game.moderation || []).filter((m) => m.kind === "remove_player" && m.seat === me.order).pop();
  return entry && entry.reason ? `${T.removedYou} ${T.reason}: ${entry.reason}` : T.removedYou;
}

/** What the page says to a player who has left the game: resigned, out of time, or removed. */
function leftText(me) {
  if (me.status === "resigned") return T.resignedYou;
  if (me.status === "timed_out") return T.timedOutYou;
  return removedText(me);
}

// On a phone or a touch screen the board opens on the region of the offered targets (and of what is
// selected), zoomed so that each is at least 44 px across: a finger can hit it.
const SMALL_SCREEN = "(max-width: 700px), (pointer: coarse)";

function focusChoices() {
  const svg = $("board").querySelector("svg");
  if (!window.matchMedia(SMALL_SCREEN).matches || !svg || !state.board.focus) return;
  const boxesOf = (selector) => [...svg.querySelectorAll(selector)].map((node) => boxIn(svg, node))
    .filter((b) => b.width > 0 && b.height > 0);
  // The targets set the zoom (44 px each); what is selected, the player's own pieces and the last turn's
  // marks join the view where they fit beside them (a selected piece is smaller than the cells it goes to).
  state.board.focus(boxesOf("[data-token].choice"), 44,
    [boxesOf("[data-token].selected"), boxesOf(".mine"), boxesOf(".others-move")]);
}

/** The offered board targets outside the board's visible box. */
function targetsOutOfView() {
  const svg = $("board").querySelector("svg");
  if (!svg) return [];
  const r = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("[data-token].choice")].filter((node) => {
    const b = node.getBoundingClientRect();
    return b.width > 0 && (b.left < r.left - 1 || b.top < r.top - 1 || b.right > r.right + 1 || b.bottom > r.bottom + 1);
  });
}

/** Where the view cannot hold every offered target (at 44 px on a phone, or zoomed by the player), the
 * view bar says how many more there are; a tap on it pans to them (countOutOfView, panToMore). */
function countOutOfView() {
  const more = $("more-targets");
  if (!more) return;
  const out = state.replay ? [] : targetsOutOfView();
  more.hidden = !out.length;
  more.textContent = T.moreTargets.replace("%(count)s", String(out.length));
}

function panToMore() {
  const svg = $("board").querySelector("svg");
  const out = targetsOutOfView();
  if (svg && out.length) state.board.panTo(out.map((node) => boxIn(svg, node)));
}

/** On a phone the module's panel (hand, open cards, supply) sits under the prompt while it holds an
 * offered target, so that what the question asks for is in the first screen; otherwise it waits below
 * with the players. */
function placePanel() {
  const panel = $("game-panel");
  const asked = window.matchMedia(SMALL_SCREEN).matches && Boolean(panel.querySelector(".choice, .selected"));
  const home = document.querySelector(".side");
  if (asked && panel.parentElement !== $("controls").parentElement) $("controls").after(panel);
  else if (!asked && panel.parentElement !== home) home.appendChild(panel);
}

/** Whatever the module drew with a data-token becomes a choice when offered: lit, focusable, a button,
 * named for what choosing it does by the board's describe() (an SVG target by its <title>, which also
 * shows on hover; anything else but a <button>, whose text names it, by aria-label). */
function markChoices(tokens, selected, shown) {
  const wanted = new Set(tokens);
  const describe = state.board.describe;
  const context = { selected, view: shown.view, question: shown.asked ? shown.asked.question : null };
  for (const node of root.querySelectorAll("[data-token]")) {
    const token = node.dataset.token;
    const on = wanted.has(token);
    node.classList.toggle("choice", on);
    node.classList.toggle("selected", selected.includes(token));
    if (node.tagName === "BUTTON") {
      node.disabled = !on && !selected.includes(token);
    } else if (on) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const name = describe && shown.chooser && state.board.describe(token, { ...context, decisions: shown.chooser.through(token) });
      if (name && node instanceof SVGElement) {
        const title = [...node.children].find((c) => c.tagName === "title") || node.insertBefore(document.createElementNS(node.namespaceURI, "title"), node.firstChild);
        title.textContent = name;
      } else if (name) {
        node.setAttribute("aria-label", withShownText(name, node.textContent));
      }
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
  }
}

/** A live region's text changed only when it differs: the same words set again are said again. */
function say(node, words) {
  if (node.textContent !== words) node.textContent = words;
}

function renderPrompt(shown) {
  const prompt = $("prompt");
  const me = state.game.seats.find((s) => s.order === state.game.your_seat);
  prompt.classList.remove("error");
  if (analysis.active) {
    say(prompt, analysisPrompt(shown));
  } else if (state.replay) {
    const entry = state.log.find((d) => d.number === state.replay.upto);
    const what = entry && state.replay.position ? `${seatName(entry.seat)}: ${entry.log.join(" ")}` : T.replayStart;
    say(prompt, `${T.decision} ${state.replay.position} ${T.of} ${state.replay.numbers.length} · ${what}`);
  } else if (state.actions) {
    say(prompt, `${T.yourTurn}: ${stepText(shown)}`);
  } else if (state.game.status === "finished") {
    say(prompt, T.replayHint);  // "Game over" is said once, at the top of the result
  } else if (state.game.status === "aborted") {
    say(prompt, `${T.abortedBecause}: ${state.game.abort_reason}`);
    prompt.classList.add("error");
  } else if (me && me.status !== "active") {
    // A player who has left the game is told how, not whom the game waits for: it no longer waits for them.
    say(prompt, leftText(me));
    prompt.classList.add("error");
  } else {
    say(prompt, `${T.waitingFor} ${seatName(state.game.current_seat)}: ${state.game.prompt}`);
  }
  root.dataset.myTurn = state.actions ? "yes" : "no";
  const status = $("game-status");
  status.textContent = T.status[state.game.status] || state.game.status;
  status.className = `status status-${state.game.status}`;
  root.dataset.seq = state.game.seq;
}

/** The prompt follows each step of a decision: the board module's stepPrompt says what the next click
 * chooses; without it (or where it says nothing) the rules' question before the first click, then what
 * the last click chose and that a lit target comes next. */
function stepText(shown) {
  const { chooser, asked } = shown;
  const question = asked.prompt;
  if (!chooser) return question;
  const selected = chooser.prefix, next = chooser.next();
  const context = { view: shown.view, data: config.data, question: asked.question, prompt: question,
                    decisions: next.flatMap((t) => chooser.through(t)) };
  const own = state.module.stepPrompt && state.module.stepPrompt(selected, next, context, config.gameLang);
  if (own) return own;
  if (!selected.length) return question;
  if (chooser.cycling()) return T.stepTurn;
  const last = selected[selected.length - 1];
  const chosen = new Chooser(asked.actions, state.module.pathOf, state.module.cyclePrefix || null);
  selected.slice(0, -1).forEach((t) => chosen.choose(t));
  const name = state.board.describe && state.board.describe(last, { selected: chosen.prefix, view: shown.view,
    question: asked.question, decisions: chosen.through(last) });
  return name ? `${name} · ${T.stepNext}` : T.stepNext;
}

/** The analysis board's prompt: who decides in the line and the game's own question for them, or how
 * the line ended the game. */
function analysisPrompt(shown) {
  const position = analysis.position;
  if (!position) return analysis.busy ? T.analysisReading : analysis.said;
  if (position.seat === null) {
    const winners = position.outcome ? winnersLine(position.outcome.winners, state.game.seats, nameOf, T.teamName) : "";
    return `${T.analysisOver} · ${T.winners}: ${winners}`;
  }
  return `${T.analysisTurn.replace("%(player)s", seatName(position.seat))}: ${stepText(shown)}`;
}

function button(label, token, onClick) {
  const b = text("button", label, { type: "button", "data-token": token });
  b.classList.add("choice");
  b.addEventListener("click", onClick);
  return b;
}

function renderButtons(chooser, next, cycling) {
  const holder = $("choice-buttons");
  holder.replaceChildren();
  $("cycle").hidden = !cycling || state.cycle.length < 2;
  $("cycle").textContent = state.module.label("cycle", config.gameLang) || "⟳";
  $("confirm").hidden = !cycling;
  $("cancel").hidden = !(chooser && chooser.prefix.length);
  $("undo").hidden = !(state.actions && state.actions.undoable > 0) || state.replay !== null || analysis.active;
  const me = state.game.seats.find((s) => s.order === state.game.your_seat);
  $("resign").hidden = !(state.game.status === "active" && me && !me.played_by_bot) || analysis.active;
  if (!chooser || cycling) return;
  for (const token of next) {
    if (token.startsWith("btn:")) {
      holder.appendChild(button(state.module.label(token, config.gameLang) || token.slice(4), token, () => choose(token)));
    }
  }
}

function renderPlayers(view) {
  const turn = $("turn");
  const notes = state.module.notes ? state.module.notes(view, config.gameLang) : {};
  const current = state.game.current_seat;
  if (state.game.status === "active" && current !== null) {
    const seat = state.game.seats.find((s) => s.order === current);
    turn.replaceChildren(seatMark("● ", seat.colour),
      text("strong", seatName(current)), text("span", notes.turn ? ` · ${notes.turn}` : ""));
  } else {
    turn.textContent = T.status[state.game.status] || state.game.status;
  }
  showDeadline(!state.replay && state.game.deadline);
  // "Carol's clock is paused until 07:00 (quiet hours).": the API says it in the reader's words and zone
  $("paused").textContent = (!state.replay && state.game.clock_paused && state.game.clock_paused.text) || "";
  showBanks(state.game);
  const columns = state.module.columns ? state.module.columns(view, config.gameLang) : [];
  if (state.game.teams) {  // a game played in teams: each seat's team first
    const team = (order) => state.game.seats.find((s) => s.order === order).team;
    columns.unshift({ title: T.team, value: (order) => teamName(team(order), T.teamName) });
  }
  const table = $("players");
  const head = text("tr");
  for (const h of [T.player, ...columns.map((c) => c.title)]) head.appendChild(text("th", h));
  table.replaceChildren(head);
  for (const seat of state.game.seats) {
    const row = text("tr", null, { "data-colour": seat.colour });
    const who = text("td");
    const word = (config.seatWords || {})[seat.colour];
    who.appendChild(seatMark("■ ", seat.colour, { "aria-hidden": "true" }));
    if (word && seat.order !== state.game.your_seat) who.appendChild(text("span", `${word}: `, { class: "visually-hidden" }));
    who.appendChild(Object.assign(text("a", seat.display_name), { href: `/players/${seat.username}/` }));
    if (seat.played_by_bot && !seat.is_bot) who.appendChild(text("small", ` (${T.botPlays})`));
    if (seat.away_until) who.appendChild(text("small", ` (${T.awayUntil} ${seat.away_until})`, { class: "away" }));
    if (seat.order === state.game.your_seat) who.appendChild(text("small", word ? ` (${T.you}: ${word})` : ` (${T.you})`));
    row.appendChild(who);
    for (const c of columns) row.appendChild(text("td", c.value(seat.order, seat.colour)));
    table.appendChild(row);
  }
}

function renderOutcome(view) {
  const box = $("outcome");
  const outcome = state.game.outcome;
  box.hidden = !outcome;
  if (!outcome) return;
  const notes = state.module.notes ? state.module.notes(view, config.gameLang) : {};
  box.replaceChildren(text("h2", T.gameOver));
  if (state.game.ending) box.appendChild(text("p", state.game.ending, { id: "ending" }));
  const seats = state.game.seats;
  const side = teamResult(outcome.winners, seats, state.game.your_seat);
  const said = { won: T.teamWon, lost: T.teamLost, drew: T.teamDrew };
  if (side) box.appendChild(text("p", said[side], { id: "team-result", class: `team-${side}` }));
  const winners = winnersLine(outcome.winners, seats, nameOf, T.teamName);
  box.appendChild(text("p", notes.outcome || `${T.winners}: ${winners}`, { id: "winner" }));
  const list = text("ul", null, { class: "ranking" });
  for (const entry of outcome.ranking) list.appendChild(text("li", rankingLine(entry, outcome, seats, nameOf, T.teamName)));
  box.appendChild(list);
  const changes = state.game.rating_changes || [];
  if (changes.length) {
    const rated = text("ul", null, { class: "rating-changes", id: "rating-changes" });
    for (const [c, name] of ratingLines(changes, seats, config.participants)) rated.appendChild(ratingChangeItem(c, name));
    box.append(text("h3", T.ratingChanges), rated, ...provisionalNote(changes));
  } else if (state.game.rated === false) {
    box.appendChild(text("p", T.unrated));
  }
  $("replay").hidden = false;
}

/** The rating lines, one a seat in seat order (two seats of one bot account each show its change),
 * then the participants that are no seat (a game's own opponent): [change, name] pairs. */
export function ratingLines(changes, seats, participants) {
  const bySeat = seats.map((s) => [changes.find((c) => c.who === s.username), s.display_name]).filter(([c]) => c);
  const others = changes.filter((c) => !seats.some((s) => s.username === c.who));
  return [...bySeat, ...others.map((c) => [c, participants[c.who] || c.who])];
}

// A provisional rating (fewer than 5 rated games) is marked "1516?", as the leaderboard marks it, and
// explained under the list: its jumps of hundreds of points are how new ratings settle, not a fault.
function ratingChangeItem(c, name) {
  const after = c.provisional ? `${c.after}?` : `${c.after}`;
  const line = `${name}: ${c.before} → ${after} (${c.change >= 0 ? "+" : ""}${c.change})${c.reverted ? ` — ${T.reverted}` : ""}`;
  return text("li", line, c.provisional ? { title: T.provisional, class: "provisional" } : {});
}

function provisionalNote(changes) {
  return changes.some((c) => c.provisional) ? [text("p", T.provisionalNote, { class: "muted", id: "provisional-note" })] : [];
}

// --- choosing ------------------------------------------------------------------------------

async function choose(token) {
  // In the analysis board a complete decision goes on with its line; nothing is posted to the game.
  const analysing = analysis.active;
  const chooser = analysing ? analysis.chooser : state.chooser;
  if (!chooser || (!analysing && (state.replay || state.held))) return;
  state.refocus = state.lastInput === "key";
  if (analysing ? analysis.busy : state.busy) return analysing ? undefined : tapWhileBusy(token);
  const decision = chooser.choose(token);
  if (decision && analysing) return analysis.play(decision);
  if (decision) return endsTurn(decision) ? hold(decision) : submit(decision);
  if (chooser.cycling()) {
    state.cycle = chooser.next();
    state.cycleAt = 0;
  }
  render();
}

async function submit(decision) {
  setBusy(true);
  setPosting(true);
  let result;
  try {
    result = await api(`/api/games/${config.id}/moves/`, { method: "POST", body: { seq: state.game.seq, action: decision } });
  } catch (error) {
    showError(error);
    setBusy(false);
    return setTimeout(refresh, 1500);
  } finally {
    setPosting(false);
  }
  state.ownSeq = result.seq;
  state.chooser = null;
  // The answer says whether this decision ended the player's turn (no next question for them): told
  // once, here, whatever the live updates meanwhile drew (next_game.js goes on to the next game on it).
  if (!result.next) root.dispatchEvent(new CustomEvent("turn-passed", { bubbles: true }));
  if (result.next && !state.refreshing) return carryOn(result);
  await refresh();
}

// --- the decision that ends my turn, held for a Confirm ---------------------------------------

/** Whether the question marks this answer as one that ends the turn: it does so only for a player
 * who asked to confirm the end of a turn (`ends_turn`, the preference confirm_turn_end). */
function endsTurn(decision) {
  const ends = state.actions && state.actions.ends_turn;
  if (!ends) return false;
  // The chooser is built on this very list: the decision it returns is one of its entries.
  return ends.includes(state.actions.actions.indexOf(decision));
}

/** Nothing is sent: the page waits for Confirm (send it) or Undo (choose again). */
function hold(decision) {
  state.refocus = false;  // Confirm takes the focus
  state.held = { decision, seq: state.actions.seq };
  render();
  $("turn-end").hidden = false;
  $("turn-end-confirm").focus();
}

function release(confirmed) {
  const held = dropHeld();
  if (confirmed && held) return submit(held.decision);
  if (state.chooser) state.chooser.reset();
  render();
}

function dropHeld() {
  const held = state.held;
  state.held = null;
  $("turn-end").hidden = true;
  return held;
}

/** My decision was stored and I decide again: the 201 brought the new view and my next choices,
 * so nothing is asked of the server but the log (the game's own data has not changed otherwise). */
async function carryOn(result) {
  try {
    state.game = { ...state.game, seq: result.seq, view: result.view, current_seat: result.next.seat, prompt: result.next.prompt };
    state.view = result.view;
    state.actions = result.next;
    state.chooser = new Chooser(result.next.actions, state.module.pathOf, state.module.cyclePrefix || null);
    state.shownSeq = result.seq;
    render();
    setBusy(false);
    await loadLog();
  } catch (error) {
    console.error(error);
    showError(error);
  } finally {
    setBusy(false);
  }
}

/** The offered thing under the pointer: a piece standing on a lit tile does not hide the tile. */
function offeredAt(e) {
  const direct = e.target.closest(".choice[data-token]");
  if (direct || !e.target.closest("#board")) return direct;
  for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
    const offered = node.closest(".choice[data-token]");
    if (offered && offered.closest("#board")) return offered;
  }
  return null;
}

function wireChoosing() {
  // What made the last choice: after a key, focus follows the game (keepFocus); after a pointer, not.
  document.addEventListener("keydown", () => { state.lastInput = "key"; }, true);
  document.addEventListener("pointerdown", () => { state.lastInput = "pointer"; }, true);
  root.addEventListener("click", (e) => {
    const target = offeredAt(e);
    // A card's "i" always reads it; a card that is not offered reads itself (js/card_text.js).
    if (readCard(state.board, cardToRead(e.target, target), T.close)) return;
    if (target && root.contains(target) && !target.closest("#choice-buttons")) choose(target.dataset.token);
  });
  root.addEventListener("keydown", (e) => {
    const info = e.target.closest("[data-card-info]");
    if (info && info.tagName !== "BUTTON" && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      readCard(state.board, cardToRead(info, null), T.close);
      return;
    }
    const target = e.target.closest(".choice[data-token]");
    if (target && target.tagName !== "BUTTON" && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      choose(target.dataset.token);
    }
  });
  $("cycle").addEventListener("click", () => {
    state.cycleAt = (state.cycleAt + 1) % state.cycle.length;
    render();
  });
  // Confirming is choosing the turned tile: while the page reloads it is kept like any tap.
  $("confirm").addEventListener("click", () => choose(state.cycle[state.cycleAt]));
  $("cancel").addEventListener("click", () => {
    if (state.held && !analysis.active) return release(false);
    onBoard().chooser.reset();
    render();
  });
  $("turn-end-confirm").addEventListener("click", () => release(true));
  $("turn-end-undo").addEventListener("click", () => release(false));
  $("more-targets").addEventListener("click", panToMore);
  // A pan, a pinch or a zoom changes what is out of view: the count follows, once a frame.
  let counting = false;
  new MutationObserver(() => {
    if (counting) return;
    counting = true;
    requestAnimationFrame(() => { counting = false; countOutOfView(); });
  }).observe($("board"), { attributes: true, attributeFilter: ["viewBox"], subtree: true });
  $("undo").addEventListener("click", async () => {
    setBusy(true);
    try {
      await api(`/api/games/${config.id}/undo/`, { method: "POST", body: { seq: state.game.seq } });
    } catch (error) {
      showError(error);
    }
    state.chooser = null;
    await refresh();
  });
  $("resign").addEventListener("click", async () => {
    if (!window.confirm(T.resignConfirm)) return;
    await api(`/api/games/${config.id}/resign/`, { method: "POST", body: {} }).catch(showError);
    await refresh();
  });
  for (const b of document.querySelectorAll("[data-zoom]")) {
    b.addEventListener("click", () => {
      const how = b.dataset.zoom;
      if (how === "fit") state.board.fit(true);
      else state.board.zoom(how === "in" ? 1 / 1.25 : 1.25);
    });
  }
}

// --- log and chat --------------------------------------------------------------------------

/** A log line cut into its text and the places the board module's pattern finds in it:
 * "A6 → A9" gives [{ place: "A6" }, " → ", { place: "A9" }]. */
export function splitPlaces(line, pattern) {
  if (!pattern) return [line];
  const parts = [];
  let last = 0;
  for (const match of line.matchAll(new RegExp(pattern.source, "g"))) {
    parts.push(line.slice(last, match.index), { place: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  return parts.filter((part) => part !== "");
}

/** Every place named in some lines, once each, in order of first mention. */
export function placesIn(lines, pattern) {
  return [...new Set(lines.flatMap((line) => splitPlaces(line, pattern)).filter((p) => typeof p !== "string").map((p) => p.place))];
}

/** The decisions, not undone, after the last one shown (none on a first visit, `since` null). */
export function stillNew(decisions, since) {
  return since === null ? [] : decisions.filter((d) => d.number > since && !d.undone).map((d) => d.number);
}

/** A replay step: the position `delta` steps from `at` (0 = before the first decision, kept within the
 * game) and the decision number to replay up to. */
export function replayStepTo(numbers, at, delta) {
  const position = Math.min(Math.max(at + delta, 0), numbers.length);
  return { position, upto: position === 0 ? 0 : numbers[position - 1] };
}

const MOVE_KINDS = ["others-move", "own-move"];

/** The decisions to mark, not undone ones: live, those of the other seats since the viewer's last
 * decision, or the viewer's own turn when the viewer moved last; a spectator (no seat) sees the last
 * turn as the others'. In a replay (`upto` a decision number), the turn being shown up to that decision. */
export function turnMarks(decisions, you, upto = null) {
  const done = decisions.filter((d) => !d.undone);
  const none = { own: [], others: [] };
  const runFrom = (end) => {
    let start = end;
    while (start > 0 && done[start - 1].seat === done[end].seat) start -= 1;
    return done.slice(start, end + 1);
  };
  const seated = you !== null && you !== undefined;
  const kindOf = (run) => (seated && run[0].seat === you ? { ...none, own: run } : { ...none, others: run });
  if (upto !== null) {
    const at = done.findIndex((d) => d.number === upto);
    return at < 0 ? none : kindOf(runFrom(at));
  }
  if (!done.length) return none;
  if (!seated) return kindOf(runFrom(done.length - 1));
  const mine = done.map((d) => d.seat).lastIndexOf(you);
  return mine === done.length - 1 ? kindOf(runFrom(mine)) : { ...none, others: done.slice(mine + 1) };
}

/** A replay step by turns: the nearest turn boundary (a position where the seat to decide changes, or
 * either end) `delta` turns (-1 or 1) from position `at`, and the decision number to replay up to. */
export function turnStepTo(numbers, seatOf, at, delta) {
  const bounds = [];
  for (let p = 0; p <= numbers.length; p += 1) {
    if (p === 0 || p === numbers.length || seatOf(numbers[p - 1]) !== seatOf(numbers[p])) bounds.push(p);
  }
  const position = delta < 0 ? [...bounds].reverse().find((p) => p < at) ?? 0 : bounds.find((p) => p > at) ?? numbers.length;
  return { position, upto: position === 0 ? 0 : numbers[position - 1] };
}

function withPlaces(line) {
  const span = text("span");
  for (const part of splitPlaces(line, state.module.placePattern)) {
    if (typeof part === "string") {
      span.appendChild(document.createTextNode(part));
      continue;
    }
    // Not a tab stop: the board's own targets are; hovering a place lights it.
    const place = text("span", part.place, { class: "coord", "data-place": part.place });
    for (const [event, on] of [["mouseenter", true], ["mouseleave", false]]) {
      place.addEventListener(event, () => state.board.highlight(part.place, on));
    }
    span.appendChild(place);
  }
  return span;
}

/** Each decision that came after the page's first look at the game, said once in the live region
 * #announce (its player, then its log sentence), the player's own too: a screen reader hears the
 * game as it goes, and never the same decision twice, whatever reads the log again. */
function announce(decisions) {
  const last = decisions.length ? decisions[decisions.length - 1].number : 0;
  // What the page showed first is not news: the game as first read (the log may be read later, when
  // more has come; a decision's number is the game's seq it made).
  state.announcedUpTo ??= state.firstSeq ?? last;
  const region = $("announce");
  for (const d of decisions.filter((x) => x.number > state.announcedUpTo && !x.undone)) {
    region.appendChild(text("p", `${seatName(d.seat)}: ${d.log.join(" ")}`, { "data-number": d.number }));
  }
  state.announcedUpTo = Math.max(state.announcedUpTo, last);
  while (region.childElementCount > ANNOUNCED_KEPT) region.firstElementChild.remove();
}

async function loadLog() {
  const decisions = await api(`/api/games/${config.id}/moves/?lang=${config.lang}`);
  state.log = decisions;
  announce(decisions);
  const log = $("log");
  log.replaceChildren();
  noteShown(decisions);
  const fresh = decisions.filter((d) => state.fresh.has(d.number) && !d.undone).length;
  $("log-news").hidden = !fresh;
  $("log-news").textContent = `${fresh} ${T.newSinceVisit}`;
  // Oldest first, each moderator's action after the decision it followed; shown newest first.
  const desk = state.game.moderation || [];
  const rows = desk.filter((m) => !m.after).map(moderationItem);
  for (const d of decisions) {
    const item = text("li", null, { value: d.number, "data-number": d.number });
    if (d.undone) item.classList.add("undone");
    if (d.by_order) item.classList.add("by-order");  // its words say "(standing order)", to its player alone
    if (state.fresh.has(d.number) && !d.undone) item.classList.add("new");
    const holder = logLineHolder(item, d);
    holder.appendChild(text("strong", `${seatName(d.seat)}${d.by_bot ? ` (${T.bot})` : ""}${d.undone ? ` — ${T.undone}` : ""}: `));
    d.log.forEach((line) => { holder.appendChild(withPlaces(line)); holder.appendChild(document.createTextNode(" ")); });
    rows.push(item, ...desk.filter((m) => m.after === d.number).map(moderationItem));
  }
  log.replaceChildren(...rows.reverse());
  markTurns();
}

/** "New" means not yet shown on this screen: the first load counts from what this browser showed
 * last, later loads only what arrived while the page was hidden; what a visible page shows is seen. */
function noteShown(decisions) {
  if (!state.logShown || document.hidden) for (const n of stillNew(decisions, state.shownUpTo)) state.fresh.add(n);
  state.logShown = true;
  if (!document.hidden || state.shownUpTo === null) markSeen(decisions);
}

function markSeen(decisions) {
  state.shownUpTo = decisions.length ? decisions[decisions.length - 1].number : 0;
  localStorage.setItem(seenKey(), String(state.shownUpTo));
}

/** A page hidden while decisions came keeps them new, and counts them seen once it shows again. */
function wireSeen() {
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && state.logShown) markSeen(state.log);
  });
}

/** Where a decision's words go: in a finished game a button that replays the game up to it. */
function logLineHolder(item, decision) {
  if ($("replay").hidden || decision.undone) return item;
  const jump = text("button", null, { type: "button", class: "log-jump" });
  jump.addEventListener("click", () => replayJump(decision.number));
  item.appendChild(jump);
  return jump;
}

/** A moderator's action in the log, in the page's language (the reason only where the API gives it). */
function moderationItem(entry) {
  const what = {
    remove_player: T.deskRemoved.replace("%(player)s", entry.seat === null ? "?" : seatName(entry.seat)),
    extend_deadline: T.deskExtended.replace("%(hours)s", entry.hours),
    abort: T.deskAborted, revert_rating: T.deskReverted,
  }[entry.kind] || entry.kind;
  const item = text("li", null, { class: "desk-entry" });
  item.append(text("strong", `${T.moderator}: `), text("span", what));
  if (entry.reason) item.append(text("span", ` ${T.reason}: ${entry.reason}`));
  return item;
}

/** The board marks what the others did since the viewer last acted ("others-move") or, once the
 * viewer acts, the viewer's own turn so far ("own-move"); in a replay, the turn being shown. */
function markTurns() {
  for (const kind of MOVE_KINDS) {
    for (const node of $("board").querySelectorAll(`.${kind}`)) node.classList.remove(kind);
  }
  for (const item of $("log").querySelectorAll("li.current")) item.classList.remove("current");
  if (analysis.active) {  // the analysis line's last decision, not the game's
    const position = analysis.position;
    for (const place of position ? placesIn(position.last, state.module.placePattern) : []) state.board.highlight(place, true, "others-move");
    return;
  }
  const marks = turnMarks(state.log, state.game ? state.game.your_seat : null, state.replay ? state.replay.upto : null);
  if (state.module.placePattern) {
    for (const [kind, decisions] of [["others-move", marks.others], ["own-move", marks.own]]) {
      for (const place of placesIn(decisions.flatMap((d) => d.log), state.module.placePattern)) state.board.highlight(place, true, kind);
    }
  }
  const item = state.replay && $("log").querySelector(`li[data-number="${state.replay.upto}"]`);
  if (item) {
    item.classList.add("current");
    item.scrollIntoView({ block: "nearest" });
  }
}

// The chat comes newest first, a page at a time; messages are kept by id so that a new message
// does not throw away the older pages a reader opened (state.chat; state.olderChat is the next page's address).

function drawChat() {
  const chat = $("chat");
  const items = [...state.chat.values()].sort((a, b) => a.id - b.id).map((m) => {
    const li = text("li", null, m.hidden ? { class: "chat-hidden" } : {});
    // A hidden message keeps its place: its author still reads it, marked; everyone else reads that it was hidden.
    const said = m.hidden && !m.text ? text("em", T.chatHidden) : text("span", m.text);
    li.append(text("strong", `${m.display_name}: `), said, text("small", ` ${formatTime(m.created_at)}`));
    if (m.hidden && m.text) li.append(text("em", ` (${T.chatHiddenYours})`));
    return li;
  });
  if (state.olderChat) {
    const more = text("button", T.olderChat, { type: "button", id: "chat-older" });
    more.addEventListener("click", loadOlderChat);
    items.unshift(text("li", null, { class: "chat-older" }));
    items[0].append(more);
  }
  chat.replaceChildren(...items);
}

function keepChat(page, isFirst) {
  for (const m of page.results) state.chat.set(m.id, m);
  if (isFirst && state.chat.size === page.results.length) state.olderChat = page.next;
}

async function loadChat() {
  const page = await api(`/api/games/${config.id}/chat/`);
  keepChat(page, true);
  announceChat(page.results);
  drawChat();
  $("chat").scrollTop = $("chat").scrollHeight;
}

/** A message the others wrote after the page's first read of the chat is said once in #announce,
 * as a decision is: a screen reader hears the chat as it comes. */
function announceChat(messages) {
  const newest = messages.reduce((m, x) => Math.max(m, x.id), 0);
  const since = state.chatAnnouncedUpTo ?? newest;
  const region = $("announce");
  for (const m of messages.filter((x) => x.id > since && x.username !== config.user && x.text).sort((a, b) => a.id - b.id)) {
    region.appendChild(text("p", `${T.chatFrom} ${m.display_name}: ${m.text}`, { "data-chat": m.id }));
  }
  state.chatAnnouncedUpTo = Math.max(since, newest);
  while (region.childElementCount > ANNOUNCED_KEPT) region.firstElementChild.remove();
}

async function loadOlderChat() {
  const page = await api(state.olderChat).catch(showError);
  if (!page) return;
  state.olderChat = page.next;
  keepChat(page, false);
  drawChat();
  $("chat").scrollTop = 0;
}

function wireChat() {
  const chatForm = $("chat-form");
  if (chatForm) {
    chatForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      const input = $("chat-text");
      if (!input.value.trim()) return;
      // A refused line is answered at the chat box, with the server's reason (in the reader's
      // language), and stays in the box; the turn's prompt is not the place for it.
      const refusal = $("chat-refusal");
      try {
        await api(`/api/games/${config.id}/chat/`, { method: "POST", body: { text: input.value } });
      } catch (error) {
        refusal.textContent = error.status ? error.message : T.chatNotSent;
        refusal.hidden = false;
        input.focus();
        return;
      }
      refusal.hidden = true;
      input.value = "";
      await loadChat();
    });
  }
}

// --- replay of a finished game -------------------------------------------------------------

async function replayTo(upto) {
  // Quick clicks overlap: only the answer to the latest one is drawn, whatever order they come in.
  const ticket = (state.replayTicket = (state.replayTicket || 0) + 1);
  state.replayLoading = true;
  setBusy(true);
  try {
    const answer = await api(`/api/games/${config.id}/replay/${upto === null ? "" : `?upto=${upto}`}`);
    if (ticket !== state.replayTicket) return;
    state.replay = answer;
    $("replay-pos").textContent = `${state.replay.position} / ${state.replay.numbers.length}`;
    state.board.fit();
    render();
  } finally {
    if (ticket === state.replayTicket) {
      state.replayLoading = false;
      setBusy(false);
    }
  }
}

async function replayStep(delta) {
  // Counted from the last click, not the last answer: quick clicks each take one step. From the
  // end of the game, "back" is one step before the end.
  if (!state.replay) await replayTo(null);
  const numbers = state.replay.numbers;
  const step = replayStepTo(numbers, state.replayAt ?? state.replay.position, delta);
  state.replayAt = step.position;
  return replayTo(step.upto);
}

/** A step to the previous or next turn's end (the start of the game and its end included). */
async function replayTurn(delta) {
  if (!state.replay) await replayTo(null);
  const seats = new Map(state.log.map((d) => [d.number, d.seat]));
  const step = turnStepTo(state.replay.numbers, (n) => seats.get(n), state.replayAt ?? state.replay.position, delta);
  state.replayAt = step.position;
  return replayTo(step.upto);
}

/** The replay up to a decision picked in the log. */
function replayJump(number) {
  const numbers = state.log.filter((d) => !d.undone).map((d) => d.number);
  state.replayAt = numbers.indexOf(number) + 1;
  return replayTo(number);
}

function wireReplay() {
  document.addEventListener("keydown", (e) => {
    if ($("replay").hidden || e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      const delta = e.key === "ArrowLeft" ? -1 : 1;
      if (e.shiftKey) replayTurn(delta);
      else replayStep(delta);
    }
  });
  $("replay-prev-turn").addEventListener("click", () => replayTurn(-1));
  $("replay-next-turn").addEventListener("click", () => replayTurn(1));

  $("replay-first").addEventListener("click", () => { state.replayAt = 0; replayTo(0); });
  $("replay-prev").addEventListener("click", () => replayStep(-1));
  $("replay-next").addEventListener("click", () => replayStep(1));
  $("replay-last").addEventListener("click", toPresent);
}

function toPresent() {
  if (state.replayLoading) {  // the answer still on its way is not drawn
    state.replayTicket += 1;
    state.replayLoading = false;
    setBusy(false);
  }
  state.replay = null;
  state.replayAt = null;
  $("replay-pos").textContent = "";
  if ($("news-steps")) $("news-steps").hidden = true;
  state.board.fit();
  render();
}

/** "Replay what is new": the board as the player last saw it, then each decision the others made
 * since (config.news, from the server's "Since you last looked"), one per Next, then the present. */
function wireNewsReplay() {
  const news = config.news;
  if (!news || !$("news-replay")) return;
  const steps = [news.since, ...news.numbers];
  const show = (at) => {
    state.newsAt = at;
    $("news-steps").hidden = false;
    $("news-pos").textContent = `${at} / ${news.numbers.length}`;
    $("news-next").hidden = at >= news.numbers.length;
    return replayTo(steps[at]);
  };
  $("news-replay").addEventListener("click", () => show(0));
  $("news-next").addEventListener("click", () => show(Math.min(state.newsAt + 1, news.numbers.length)));
  $("news-done").addEventListener("click", toPresent);
}

// --- live updates --------------------------------------------------------------------------

function announceTurn() {
  if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
    new Notification(T.notifyTitle, { body: `${T.notifyBody} ${config.title} #${config.id}`, tag: `game-${config.id}` });
  }
}

// --- the page's start -----------------------------------------------------------------------

/** Reads the page's configuration, wires its controls, loads the board module and the game, goes live. */
export function start() {
  config = JSON.parse($("page-config").textContent);
  T = JSON.parse($("texts").textContent);
  root = $("game-root");
  const seenBefore = localStorage.getItem(seenKey());
  state.shownUpTo = seenBefore === null ? null : Number(seenBefore);
  wireChoosing();
  wireSeen();
  wireChat();
  wireReplay();
  wireNewsReplay();
  state.wordsChanged = wireBoardWords({ id: config.id, lang: config.lang, T, root, board: () => state.board,
                                        seq: () => (state.game ? state.game.seq : null) });
  orders = new StandingOrders({ id: config.id, T, when: formatTime,
                                active: () => Boolean(state.game) && state.game.status === "active" });
  analysis = new Analysis({ id: config.id, lang: config.lang, T, module: null, seq: () => (state.game ? state.game.seq : null),
                            redraw: render, name: seatName, you: config.yourSeat,
                            ordersChanged: (order, words) => orders.saved(order, words) });
  analysis.wire();
  // Before board_words.js's keys (capture): in the analysis board ← → step the line even from a
  // target, whose neighbours ↑ ↓ still reach.
  document.addEventListener("keydown", (e) => {
    if (pageKey(e) && !document.querySelector("dialog[open]")) analysis.key(e);
  }, true);

  const notifyButton = $("allow-notifications");
  state.mayAskNotifications = Boolean(notifyButton) && "Notification" in window && Notification.permission === "default";
  if (state.mayAskNotifications) {
    notifyButton.addEventListener("click", async () => {
      await Notification.requestPermission();
      state.mayAskNotifications = false;
      notifyButton.hidden = true;
    });
  }

  const live = new LiveSocket(`/ws/games/${config.id}/`, {
    onMessage: (message) => {
      // A chat message touches the chat only; anything else (a move, a desk action) reloads the game,
      // keeping a half-made decision while it is still legal.
      if (message.event === "chat") loadChat();
      else if (message.event === "decision" && state.game && message.seq <= state.game.seq) return;  // my own, already shown
      else {
        if (!CHAT_UNCHANGED.has(message.event)) state.chatStale = true;
        refresh();
      }
    },
    onState: (connection) => {
      const marker = $("connection");
      marker.dataset.state = connection;
      marker.querySelector(".label").textContent = T[connection === "open" ? "online" : connection] || connection;
    },
    poll: () => {
      state.chatStale = true;  // a socket that was away may have missed a chat message
      return refresh();
    },
  });

  import(config.module).then((module) => {
    state.module = module;
    analysis.page.module = module;
    state.board = module.createBoard({ board: $("board"), panel: $("game-panel") },
      { data: config.data, lang: config.gameLang, you: config.yourSeat });
    return refresh();
  }).then(() => {
    if (state.game && state.game.status !== "aborted") live.connect();  // an aborted game has nothing live left
  });
}

if (typeof document !== "undefined" && document.getElementById("page-config")) start();
