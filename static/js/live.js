// Talking to the server: JSON API calls with the session's CSRF token, and a WebSocket that
// reconnects with backoff and polls meanwhile, reporting its state for the page's marker.

function csrfToken() {
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
      // The ping keeps the server counting this tab as present (games.presence).
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), PING_EVERY);
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
      clearInterval(this.pingTimer);
      this.onState("reconnecting");
      this.startPolling();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 30000);
    });
  }

  startPolling() {
    if (this.poll && !this.pollTimer) this.pollTimer = setInterval(() => this.poll(), this.pollEvery);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
