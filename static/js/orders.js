// The player's standing orders of a game, in the panel beside the board (#orders; docs/orders.md): each
// with its status, and "Withdraw" while it waits. game.js reads them again at every load of the game
// (a live update: an order that fired shows "fired"), the analysis board once it saved one.
// Importing this module touches no DOM.
import { withLine } from "./analysis.js";
import { api } from "./live.js";
import { html as text } from "./svg.js";

const STATUSES = ["waiting", "fired", "stopped", "missed", "withdrawn"];
// The orders are compared with the game after each decision, by a task of their own: an order missed
// (or stopped) plays no decision, so no live update follows it. While some wait, a read after a
// decision is followed by one more a moment later, which finds what the comparison decided.
const LOOK_AGAIN_MS = 3000;

/** The status in the page's words: T.orderWaiting, T.orderFired, … */
export function statusWord(status, T) {
  return STATUSES.includes(status) ? T[`order${status[0].toUpperCase()}${status.slice(1)}`] : status;
}

/** An order in words: as this browser saved it ({when, answer} kept when the analysis board saved it),
 * else how many decisions it expects and answers with (the API gives the decisions, not their words). */
export function orderText(order, words, T) {
  if (words && words.when && words.answer) return withLine(T.orderLine, words);
  return T.orderCounts.replace("%(expected)s", String(order.expected.length)).replace("%(answer)s", String(order.answer.length));
}

const wordsKey = (id) => `standing-order-${id}`;

/** The panel. `page`: {id, T, when(iso), active()}: the game's id, the words, a time in the reader's
 * zone, and whether the game is in progress (a game over with no orders shows no panel). */
export class StandingOrders {
  constructor(page) {
    this.page = page;
    this.node = document.getElementById("orders");
    this.loading = null;
    this.again = false;
    this.orders = [];
  }

  /** Read them again; a call while a read is on its way asks for exactly one more after it. `later`:
   * while some still wait, read them once more after a moment (see LOOK_AGAIN_MS). */
  refresh(later = false) {
    if (!this.node) return null;
    if (later) {
      clearTimeout(this.lookAgain);
      this.lookAgain = setTimeout(() => {
        if (this.orders.some((order) => order.status === "waiting")) this.refresh();
      }, LOOK_AGAIN_MS);
    }
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = this.load().finally(() => {
      this.loading = null;
      if (this.again) {
        this.again = false;
        this.refresh();
      }
    });
    return this.loading;
  }

  async load() {
    try {
      this.orders = await api(`/api/games/${this.page.id}/orders/`);
    } catch (error) {
      return this.say(error.status ? error.message : this.page.T.orderNotSent);
    }
    this.draw();
  }

  /** The words a just-saved order is shown with here (kept in this browser). */
  saved(order, words) {
    if (order && order.id !== undefined) {
      try {
        localStorage.setItem(wordsKey(order.id), JSON.stringify(words));
      } catch {
        // a full or refused storage: the order is shown by its counts
      }
    }
    return this.refresh();
  }

  words(id) {
    try {
      return JSON.parse(localStorage.getItem(wordsKey(id)) || "null");
    } catch {
      return null;
    }
  }

  draw() {
    const T = this.page.T;
    const list = document.getElementById("orders-list");
    this.node.dataset.count = String(this.orders.length);
    this.node.hidden = !this.orders.length && !this.page.active();
    document.getElementById("orders-none").hidden = this.orders.length > 0;
    list.replaceChildren(...this.orders.map((order) => {
      const item = text("li", null, { "data-order": String(order.id), "data-status": order.status });
      item.append(text("strong", statusWord(order.status, T), { class: `order-status order-${order.status}` }),
        text("span", ` ${orderText(order, this.words(order.id), T)}`));
      if (order.reason) item.append(text("span", ` (${order.reason})`, { class: "muted" }));
      item.append(text("small", ` ${this.page.when(order.ended_at || order.created_at)}`, { class: "muted" }));
      if (order.status === "waiting") {
        const withdraw = text("button", T.orderWithdraw, { type: "button", class: "linkish order-withdraw" });
        withdraw.addEventListener("click", () => this.withdraw(order, withdraw));
        item.append(" ", withdraw);
      }
      return item;
    }));
  }

  async withdraw(order, button) {
    button.disabled = true;
    this.node.setAttribute("aria-busy", "true");
    try {
      // A body, so that api() sends the CSRF token (it does with a body only).
      await api(`/api/games/${this.page.id}/orders/${order.id}/`, { method: "DELETE", body: {} });
      this.say("");
    } catch (error) {
      this.say(error.status === 429 ? this.page.T.tooMany : (error.status ? error.message : this.page.T.orderNotSent));
    } finally {
      this.node.setAttribute("aria-busy", "false");
    }
    await this.refresh();
    const first = this.node.querySelector(".order-withdraw") || document.getElementById("orders-title");
    first.focus();  // the button pressed is gone: the keyboard stays in the panel
  }

  say(words) {
    const node = document.getElementById("orders-message");
    node.textContent = words;
    node.hidden = !words;
  }
}
