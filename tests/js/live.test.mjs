// static/js/live.js with a stand-in WebSocket and page: what the socket does when it breaks and
// comes back (the server keeps no message for a socket that is gone, so the page asks once).
import { test, mock } from "node:test";
import assert from "node:assert/strict";

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static made = [];
  constructor(url) { super(); this.url = url; this.readyState = 0; this.sent = []; FakeSocket.made.push(this); }
  send(data) { this.sent.push(JSON.parse(data)); }
  open() { this.readyState = 1; this.dispatchEvent(new Event("open")); }
  drop() { this.readyState = 3; this.dispatchEvent(new Event("close")); }
}
globalThis.WebSocket = FakeSocket;
globalThis.window = Object.assign(new EventTarget(), { location: { protocol: "https:", host: "play.example.org" } });
globalThis.document = Object.assign(new EventTarget(), { hidden: false, cookie: "" });
mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
const { LiveSocket } = await import("../../static/js/live.js");

test("a socket that breaks polls meanwhile and, back again, asks once for what it missed", () => {
  const states = [];
  let polls = 0;
  const live = new LiveSocket("/ws/games/7/", { onMessage: () => {}, onState: (s) => states.push(s), poll: () => { polls += 1; } });
  live.connect();
  const first = FakeSocket.made.at(-1);
  assert.equal(first.url, "wss://play.example.org/ws/games/7/");
  first.open();
  assert.equal(polls, 0, "a page that has just loaded the game asks nothing more");
  assert.deepEqual(first.sent, [{ type: "ping", away: false }]);

  first.drop();
  assert.equal(states.at(-1), "reconnecting");
  mock.timers.tick(1000); // the first retry, after a second
  const second = FakeSocket.made.at(-1);
  assert.notEqual(second, first);
  second.drop(); // still down: the next retry waits twice as long
  mock.timers.tick(2000);
  const third = FakeSocket.made.at(-1);
  assert.notEqual(third, second);
  third.open();
  assert.equal(states.at(-1), "open");
  assert.equal(polls, 1, "back after a break: one catch-up");
  mock.timers.tick(60000);
  assert.equal(polls, 1, "no polling while the socket is open");
  assert.deepEqual(third.sent.at(-1), { type: "ping", away: false });
});
