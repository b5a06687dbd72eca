// Turning the API's list of legal decisions into clicks: each decision is a path of tokens, given by
// the game's board module (pathOf), e.g. ["fig:red-grunt", "cell:1|0"] or ["hand:W4", "node:B7",
// "node:A1"]. The page offers the next tokens of every decision that starts with what was already
// clicked. Nothing can be chosen that is not in the list.

function startsWith(path, prefix) {
  return prefix.every((token, i) => path[i] === token);
}

export class Chooser {
  /** cyclePrefix: tokens of this kind come last and are previewed, cycled and confirmed, not clicked. */
  constructor(actions, pathOf, cyclePrefix = null) {
    this.actions = actions;
    this.paths = actions.map(pathOf);
    this.cyclePrefix = cyclePrefix;
    this.prefix = [];
  }

  /** Tokens that may be clicked next. */
  next() {
    const out = new Set();
    this.paths.forEach((p) => {
      if (p.length > this.prefix.length && startsWith(p, this.prefix)) out.add(p[this.prefix.length]);
    });
    return [...out];
  }

  /** True while the only tokens left are the cycled kind (e.g. a tile's rotations). */
  cycling() {
    const next = this.next();
    return this.cyclePrefix !== null && next.length > 0 && next.every((t) => t.startsWith(this.cyclePrefix));
  }

  /** The legal decisions that choosing `token` next leads to (a board module names a target by them). */
  through(token) {
    const path = [...this.prefix, token];
    return this.actions.filter((_, i) => startsWith(this.paths[i], path));
  }

  /** Click a token; returns the decision when the path is complete, else null. */
  choose(token) {
    if (!this.next().includes(token)) return null;
    this.prefix = [...this.prefix, token];
    const done = this.paths.findIndex((p) => p.length === this.prefix.length && startsWith(p, this.prefix));
    return done >= 0 ? this.actions[done] : null;
  }

  /** Keep what was clicked so far if it still leads somewhere in a new list of decisions. */
  keepFrom(previous) {
    if (!previous) return this;
    const prefix = [];
    for (const token of previous.prefix) {
      this.prefix = prefix;
      if (!this.next().includes(token)) break;
      prefix.push(token);
    }
    this.prefix = prefix;
    return this;
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
  }

  reset() {
    this.prefix = [];
  }
}
