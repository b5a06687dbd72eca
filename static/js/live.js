// Talking to the server: JSON API calls with the session's CSRF token, and a WebSocket that
// reconnects with backoff and polls meanwhile, reporting its state for the page's marker.

export function csrfToken() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function api(path, { method = "GET", body } = {}) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json", "X-CSRFToken": csrfToken() } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && data.detail) || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

const PING_EVERY = 60000;
const IDLE_AFTER = 3 * 60000; // no input for this long, and the tab counts as away (games.presence)
const LOOK_EVERY = 15000;

// A tab is away when it is hidden or nobody has touched it for a while: the server then sends the
// turn notice as if the tab were closed.
let lastInput = Date.now();
// (Outside a page, e.g. under node --test, there is no window to listen to.)
const ON_PAGE = typeof window !== "undefined";
for (const type of ON_PAGE ? ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] : []) {
  window.addEventListener(type, () => { lastInput = Date.now(); }, { passive: true, capture: true });
}

export function isAway() {
  return document.hidden || Date.now() - lastInput > IDLE_AFTER;
}

export class LiveSocket {
  constructor(path, { onMessage, onState = () => {}, poll = null, pollEvery = 15000 }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onState = onState;
    this.poll = poll;
    this.pollEvery = pollEvery;
    this.delay = 1000;
    this.timer = null;
    this.pollTimer = null;
    this.away = false;
    this.broken = false; // the socket closed since the page last heard the server: it may have missed news
    this.watchVisibility();
  }

  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    this.onState(this.delay > 1000 ? "reconnecting" : "connecting");
    const socket = new WebSocket(`${scheme}://${window.location.host}${this.path}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 1000;
      this.stopPolling();
      this.onState("open");
      // A message sent while the socket was away is not kept for it: ask once what changed.
      if (this.broken && this.poll) this.poll();
      this.broken = false;
      // The ping keeps the server counting this tab as present (games.presence), or says it is
      // away; a change is told at once (a hidden tab's timers may be slowed, its events are not).
      this.ping();
      clearInterval(this.pingTimer);
      clearInterval(this.lookTimer);
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY);
      this.lookTimer = setInterval(() => { if (isAway() !== this.away) this.ping(); }, LOOK_EVERY);
    });
    socket.addEventListener("message", (e) => {
      try {
        const message = JSON.parse(e.data);
        if (message.event === "pong") return;
        if (message.event === "error") { console.warn(message.detail); return; }
        this.onMessage(message);
      } catch (err) { console.error(err); }
    });
    socket.addEventListener("close", () => {
      this.broken = true;
      clearInterval(this.pingTimer);
      clearInterval(this.lookTimer);
      this.onState("reconnecting");
      this.startPolling();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 30000);
    });
  }

  ping() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.away = isAway();
    this.socket.send(JSON.stringify({ type: "ping", away: this.away }));
  }

  watchVisibility() {
    document.addEventListener("visibilitychange", () => { if (isAway() !== this.away) this.ping(); });
    window.addEventListener("focus", () => { lastInput = Date.now(); if (this.away) this.ping(); });
  }

  startPolling() {
    if (this.poll && !this.pollTimer) this.pollTimer = setInterval(() => this.poll(), this.pollEvery);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
