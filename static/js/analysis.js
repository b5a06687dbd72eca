// The analysis board (docs/frontend.md, "The analysis board"): a line of decisions for whichever seat
// decides, played from the present position in a world guessed from the reader's view alone
// (POST /api/games/<id>/explore/, docs/api.md). Nothing of it is posted to the game or stored.
//
// The page (game.js) draws each position of the line with the game's own board module, the same
// board and the same Chooser as a real turn: it asks `Analysis` what to draw (`view`, `chooser`,
// `position`) and hands it the decision a player's clicks complete (`play`). This module keeps the
// line, reads its positions and runs the analysis bar (#analysis). Importing it touches no DOM.
//
// A player may save the line up to the place shown as a standing order (POST /api/games/<id>/orders/,
// docs/orders.md): "if what happens from now on is this, answer with my last decisions of it".
import { Chooser } from "./choices.js";
import { api } from "./live.js";

/** The longest line the endpoint plays (games.services.EXPLORE_DEPTH). */
export const LONGEST = 200;

/** One decision as another, whatever the order of their keys. */
export function sameDecision(a, b) {
  const canon = (x) => (x && typeof x === "object"
    ? (Array.isArray(x) ? x.map(canon) : Object.fromEntries(Object.keys(x).sort().map((k) => [k, canon(x[k])])))
    : x);
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/**
 * A line of decisions from the present position and the place shown in it (`at`: how many of its
 * decisions are played, 0 = the present position), with the positions read so far, per place, in the
 * world of `deal`. Stepping back keeps the rest of the line for stepping on; a decision other than
 * the line's next one there is a branch, which replaces the rest.
 */
export class Line {
  constructor(deal = 0) {
    this.decisions = [];
    this.seats = [];  // the seat deciding each decision, as the position it was played in said
    this.at = 0;
    this.deal = deal;
    this.known = new Map();
  }

  get length() {
    return this.decisions.length;
  }

  canBack() {
    return this.at > 0;
  }

  canForward() {
    return this.at < this.decisions.length;
  }

  back() {
    if (this.canBack()) this.at -= 1;
    return this.at;
  }

  forward() {
    if (this.canForward()) this.at += 1;
    return this.at;
  }

  /** The decision played from the place shown: the line's own next one keeps the rest of the line,
   * another replaces it. False when the line is as long as the endpoint plays. */
  play(decision, seat = null) {
    if (this.at >= LONGEST) return false;
    const next = this.decisions[this.at];
    if (!next || !sameDecision(next, decision)) {
      this.decisions = [...this.decisions.slice(0, this.at), decision];
      this.seats = [...this.seats.slice(0, this.at), seat];
      this.forgetFrom(this.at + 1);
    }
    this.at += 1;
    return true;
  }

  /** The decisions up to place `at` (the shown one by default): what the endpoint is asked. */
  upTo(at = this.at) {
    return this.decisions.slice(0, at);
  }

  /** The line ends after its first `n` decisions (a decision past them cannot be played there). */
  cut(n) {
    this.decisions = this.decisions.slice(0, n);
    this.seats = this.seats.slice(0, n);
    this.at = Math.min(this.at, n);
    this.forgetFrom(n + 1);
  }

  /** Another guessed world: the positions read in the old one are gone, the decisions stay. */
  dealAgain(deal) {
    this.deal = deal;
    this.known.clear();
  }

  position(at = this.at) {
    return this.known.get(at) || null;
  }

  keep(at, answer) {
    this.known.set(at, answer);
  }

  forgetFrom(at) {
    for (const place of [...this.known.keys()]) if (place >= at) this.known.delete(place);
  }
}

/** How a line whose decisions were decided by `seats` (in order) makes a standing order of the
 * player in seat `you`: its last run of `you`'s decisions is the answer, everything before it what must
 * happen first ({expected, answer}: how many of each). Null when it makes none: no player, a line that
 * does not end with the player's decision, or none of another seat's before the answer (as the server
 * refuses them, orders.services.plan). */
export function orderOf(seats, you) {
  if (you === null || you === undefined || !seats.length) return null;
  let expected = seats.length;
  while (expected > 0 && seats[expected - 1] === you) expected -= 1;
  const answer = seats.length - expected;
  if (!answer || !seats.slice(0, expected).some((seat) => seat !== you && seat !== null)) return null;
  return { expected, answer };
}

/** A saved line in words, {when: "Bob: A6 → A9", answer: "A9 → B9"}, from the log lines of each
 * decision (`lines[i]`, empty where the position after it was not read) and the seat that decided it
 * (`name(seat)` says whose); `split` is orderOf's answer. */
export function lineWords(split, seats, lines, T, name) {
  const said = (from, to, named) => seats.slice(from, to).map((seat, i) => {
    const words = (lines[from + i] || []).join(" ") || T.orderUnread.replace("%(n)s", String(from + i + 1));
    return named ? `${name(seat)}: ${words}` : words;
  }).join(" · ");
  return { when: said(0, split.expected, true), answer: said(split.expected, split.expected + split.answer, false) };
}

/** Words with %(when)s and %(answer)s filled in from lineWords. */
export function withLine(template, words) {
  return template.replace("%(when)s", words.when).replace("%(answer)s", words.answer);
}

/** How many of a line's `length` decisions still play, asking `plays(n)` (true when the first `n` do;
 * none always does): the whole line first, then as few times as halving takes, since a decision that
 * cannot be played stops every longer start too. */
export async function longestPlayable(length, plays) {
  if (!length || await plays(length)) return length;  // the whole line, most often
  let low = 0, high = length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await plays(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A refusal as the analysis bar says it, in the page's language (the server's own words on an
 * English page only, as game.js says refusals). */
export function refusalText(error, T, lang) {
  if (error.status === 429) return T.tooMany;
  if (error.status === 409) return T.conflict;
  return lang === "en" || !error.status ? error.message : T.refused;
}

/** A refused standing order as the bar says it: the server's detail, which the orders app writes in
 * the reader's language (the page's); too many at once and a site out of reach in the page's words. */
export function orderRefusal(error, T) {
  if (error.status === 429) return T.tooMany;
  return error.status ? error.message : T.orderNotSent;
}

const $ = (id) => document.getElementById(id);

/**
 * The analysis bar and its line. `page`: {id, lang, T, module, seq(), redraw(), name(seat), you,
 * ordersChanged()}: the game's id, the words, the board module (its pathOf and cyclePrefix build the
 * Chooser), the game's seq as the page shows it, a redraw of the board (game.js's render), a seat's
 * player's name, the reader's seat (null for a spectator: no standing orders) and what to call once
 * an order is saved (the orders panel reads them again).
 */
export class Analysis {
  constructor(page) {
    this.page = page;
    this.active = false;
    this.busy = false;
    this.line = new Line();
    this.chooser = null;
    this.seq = null;
    this.ticket = 0;
    this.said = "";  // what the bar says last (a refusal, a cut line)
  }

  /** What the board shows: the position at the shown place (null until read). */
  get position() {
    return this.active ? this.line.position() : null;
  }

  get view() {
    return this.position ? this.position.view : null;
  }

  /** Only a signed-in reader has the bar and its button (the endpoint asks for an account). */
  wire() {
    if (!$("analysis-open")) return;
    $("analysis-open").addEventListener("click", () => this.toggle());
    $("analysis-leave").addEventListener("click", () => this.leave());
    $("analysis-back").addEventListener("click", () => this.step(-1));
    $("analysis-forward").addEventListener("click", () => this.step(1));
    $("analysis-deal").addEventListener("click", () => this.dealAgain());
    if ($("analysis-save")) $("analysis-save").addEventListener("click", () => this.save());
  }

  /** The key A opens and leaves it; in it, ← and → step back and on (on a target too: ↑ and ↓ still
   * move among the targets, board_words.js) and Escape leaves. Called before the page's other keys. */
  key(e) {
    const open = $("analysis-open");
    if (!open || open.hidden) return;
    if (e.key === "a" || e.key === "A") {
      e.preventDefault();
      this.toggle();
    } else if (this.active && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      e.preventDefault();
      e.stopPropagation();
      this.step(e.key === "ArrowLeft" ? -1 : 1);
    } else if (this.active && e.key === "Escape") {
      e.preventDefault();
      this.leave();
    }
  }

  /** Offered only where there is a line to play: a signed-in reader, a game in progress. Called at
   * every redraw of the page: a line whose game moved on meanwhile says so. */
  offer(playing) {
    const open = $("analysis-open");
    if (!open) return;
    open.hidden = !playing && !this.active;
    if (this.active && this.moved() && !this.said) this.message(this.page.T.analysisLive);
    if (this.active) this.setBusy(this.busy);  // a line whose game moved on saves no order
  }

  /** The game moved on since the line began: the endpoint plays from the new present position. */
  moved() {
    return this.page.seq() !== this.seq;
  }

  /** The line starts again from the present position, in the same deal, and the bar says so. */
  restart() {
    this.seq = this.page.seq();
    this.line = new Line(this.line.deal);
    this.message(this.page.T.analysisMoved);
  }

  toggle() {
    return this.active ? this.leave() : this.open();
  }

  async open() {
    this.active = true;
    this.seq = this.page.seq();
    this.line = new Line(0);
    this.chooser = null;
    this.message("");
    $("analysis").hidden = false;
    $("analysis-open").setAttribute("aria-expanded", "true");
    document.getElementById("game-root").classList.add("analysing");
    $("analysis-title").focus();
    this.page.redraw();  // the board offers nothing while the first position is read
    if (await this.show() === false && this.active) this.redrawn();  // the prompt says why
  }

  /** Back to the live game as it is now: the page draws it again (live updates kept coming meanwhile). */
  leave() {
    if (!this.active) return;
    this.active = false;
    this.ticket += 1;  // an answer on its way is not drawn
    this.setBusy(false);
    this.chooser = null;
    $("analysis").hidden = true;
    $("analysis-open").setAttribute("aria-expanded", "false");
    document.getElementById("game-root").classList.remove("analysing");
    this.page.redraw();
    $("analysis-open").focus();
  }

  async step(delta) {
    if (!this.active || this.busy) return;
    const line = this.line;
    if (delta < 0 ? !line.canBack() : !line.canForward()) return;
    if (delta < 0) line.back();
    else line.forward();
    this.message("");
    if (await this.show() === false && line === this.line) {  // not read (too many at once): the place stays
      if (delta < 0) line.forward();
      else line.back();
      this.redrawn();
    }
  }

  /** A decision the player's clicks completed in the shown position: the line goes on with it. */
  async play(decision) {
    if (!this.active || this.busy) return;
    const shown = this.line.position();
    if (!this.line.play(decision, shown ? shown.seat : null)) {
      this.chooser.reset();
      this.message(this.page.T.analysisLongest.replace("%(n)s", String(LONGEST)));
      return this.page.redraw();
    }
    this.message("");
    const line = this.line;
    if (await this.show() === false && line === this.line) {  // refused: the line stays where it was
      line.cut(line.at - 1);
      this.redrawn();
    }
  }

  /** The shown place again, with its chooser afresh, after a read that failed. */
  redrawn() {
    const position = this.line.position();
    const module = this.page.module;
    this.chooser = position && position.seat !== null ? new Chooser(position.actions, module.pathOf, module.cyclePrefix || null) : null;
    this.drawBar();
    this.page.redraw();
  }

  /** The same line in another guessed world: each decision is read again there, and the line is cut
   * before the first that cannot be played in it (the bar says where). */
  async dealAgain() {
    if (!this.active || this.busy) return;
    const moved = this.moved();
    if (moved) this.restart();  // which the bar says
    else this.message("");
    const line = this.line;
    const before = { deal: line.deal, known: new Map(line.known) };
    line.dealAgain(line.deal + 1);
    const ticket = this.begin();
    let failed = false;
    try {
      const plays = async (n) => {
        try {
          line.keep(n, await this.read(line.upTo(n), line.deal));
          return true;
        } catch (error) {
          if (error.status === 400) return false;
          throw error;
        }
      };
      const kept = await longestPlayable(line.length, plays);
      if (ticket !== this.ticket) return;
      if (kept < line.length) {
        line.cut(kept);
        this.message(this.page.T.analysisCut.replace("%(n)s", String(kept + 1)));
      }
    } catch (error) {
      failed = true;  // not dealt (too many at once, the site out of reach): the old deal stays
      Object.assign(line, before);
      if (ticket === this.ticket) this.message(refusalText(error, this.page.T, this.page.lang));
    } finally {
      if (ticket === this.ticket) this.setBusy(false);
    }
    if (ticket !== this.ticket) return;
    if (failed) this.redrawn();
    else await this.show();
  }

  /** Draws the shown place of the line, reading its position first unless it is known. Answers false
   * when the position was refused (the bar says why). A position read after the game moved on starts
   * the line again from the new present position; those read before stay to step through. */
  async show() {
    if (!this.line.position() && this.moved()) this.restart();
    const line = this.line;
    if (!line.position()) {
      const ticket = this.begin();
      try {
        const answer = await this.read(line.upTo(), line.deal);
        if (ticket !== this.ticket) return false;
        line.keep(line.at, answer);
      } catch (error) {
        if (ticket !== this.ticket) return false;
        this.message(refusalText(error, this.page.T, this.page.lang));
        return false;
      } finally {
        if (ticket === this.ticket) this.setBusy(false);
      }
    }
    this.redrawn();
    return true;
  }

  read(decisions, deal) {
    return api(`/api/games/${this.page.id}/explore/`, { method: "POST", body: { decisions, deal } });
  }

  /** A read begins: the bar says it waits, and its ticket tells a late answer from the latest. */
  begin() {
    this.ticket += 1;
    this.setBusy(true);
    return this.ticket;
  }

  setBusy(on) {
    this.busy = on;
    const bar = $("analysis");
    if (!bar) return;
    $("analysis-busy").hidden = !on;
    bar.setAttribute("aria-busy", on ? "true" : "false");
    for (const id of ["analysis-back", "analysis-forward", "analysis-deal"]) $(id).disabled = on || this.cannot(id);
    const save = $("analysis-save");
    if (save) save.disabled = on || !this.order();
  }

  /** What the line up to the place shown makes as the reader's standing order (orderOf), or null: also
   * when the game moved on since the line began (the server plays a line from the present position). */
  order() {
    if (this.moved()) return null;
    return orderOf(this.line.seats.slice(0, this.line.at), this.page.you);
  }

  /** The line up to the place shown, sent as a standing order in its deal; the bar says what was saved
   * (the server's refusal otherwise, in the reader's language), and waits meanwhile. */
  async save() {
    const split = this.active && !this.busy && this.order();
    if (!split) return;
    const line = this.line, at = line.at;
    this.message("");
    const ticket = this.begin();
    try {
      const order = await api(`/api/games/${this.page.id}/orders/`, { method: "POST", body: { line: line.upTo(at), deal: line.deal } });
      const lines = line.seats.slice(0, at).map((_, i) => (line.position(i + 1) || { last: [] }).last);
      const words = lineWords(split, line.seats, lines, this.page.T, this.page.name);
      if (ticket === this.ticket) this.tell(withLine(this.page.T.orderSaved, words));
      this.page.ordersChanged(order, words);
    } catch (error) {
      if (ticket === this.ticket) this.message(orderRefusal(error, this.page.T));
    } finally {
      if (ticket === this.ticket) this.setBusy(false);
    }
  }

  cannot(id) {
    if (id === "analysis-back") return !this.line.canBack();
    if (id === "analysis-forward") return !this.line.canForward();
    return false;
  }

  /** The bar: the place in the line and the deal, and what the line's last decision did. */
  drawBar() {
    const line = this.line, T = this.page.T;
    const bar = $("analysis");
    bar.dataset.at = String(line.at);
    bar.dataset.length = String(line.length);
    bar.dataset.deal = String(line.deal);
    $("analysis-pos").textContent = T.analysisPos.replace("%(at)s", String(line.at)).replace("%(count)s", String(line.length))
      .replace("%(deal)s", String(line.deal + 1));
    const position = line.position();
    const before = line.at > 0 ? line.position(line.at - 1) : null;
    const last = $("analysis-last");
    last.hidden = !(line.at > 0 && position && position.last.length);
    if (!last.hidden) {
      const who = before && before.seat !== null ? `${this.page.name(before.seat)}: ` : "";
      last.textContent = `${T.analysisLast}: ${who}${position.last.join(" ")}`;
    }
    this.setBusy(this.busy);
  }

  message(words) {
    this.said = words;
    this.tell("");
    const node = $("analysis-message");
    if (!node) return;
    node.textContent = words;
    node.hidden = !words;
  }

  /** What was saved (a status, not an alert): gone with the next thing the bar says. */
  tell(words) {
    const node = $("analysis-saved");
    if (!node) return;
    node.textContent = words;
    node.hidden = !words;
  }
}
