// Turning the API's list of legal decisions into clicks: each decision is a path of tokens
// ("fig:red-grunt", "cell:1|0", "tile:LAB", "rot:2", "btn:end_turn", "dead:blue-chief"); the page
// offers the next tokens of every decision that starts with what was already clicked. Nothing can
// be chosen that is not in the list.

export function pathOf(a) {
  switch (a.type) {
    case "alien": return [`fig:${a.alien}`, `cell:${a.to}`];
    case "push":
    case "step": return [`fig:${a.figure}`, `cell:${a.to}`];
    case "activate": return [`fig:${a.figure}`, "btn:activate"];
    case "victim": return [`fig:${a.figure}`];
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

function startsWith(path, prefix) {
  return prefix.every((token, i) => path[i] === token);
}

export class Chooser {
  constructor(actions) {
    this.actions = actions;
    this.paths = actions.map(pathOf);
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

  /** Rotation tokens come last and are confirmed, not clicked: true while they are pending. */
  choosingRotation() {
    const next = this.next();
    return next.length > 0 && next.every((t) => t.startsWith("rot:"));
  }

  /** Click a token; returns the decision when the path is complete, else null. */
  choose(token) {
    if (!this.next().includes(token)) return null;
    this.prefix = [...this.prefix, token];
    const done = this.paths.findIndex((p) => p.length === this.prefix.length && startsWith(p, this.prefix));
    return done >= 0 ? this.actions[done] : null;
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
  }

  reset() {
    this.prefix = [];
  }
}
