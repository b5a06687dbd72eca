// The analysis board's line (static/js/analysis.js): stepping, branching, dealing again, where a
// line that no longer plays is cut, and which of its starts a player may save as a standing order.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LONGEST, Line, lineWords, longestPlayable, orderOf, orderRefusal, refusalText, sameDecision, withLine }
  from "../../static/js/analysis.js";
import { orderText, statusWord } from "../../static/js/orders.js";

const d = (n) => ({ type: "move", to: n });

test("a decision is the same whatever the order of its keys", () => {
  assert.ok(sameDecision({ a: 1, b: [{ x: 1, y: 2 }] }, { b: [{ y: 2, x: 1 }], a: 1 }));
  assert.ok(!sameDecision(d(1), d(2)));
  assert.ok(!sameDecision(d(1), null));
});

test("playing goes on, stepping back and on keeps the line", () => {
  const line = new Line();
  assert.ok(!line.canBack() && !line.canForward());
  line.play(d(1));
  line.play(d(2));
  assert.deepEqual(line.upTo(), [d(1), d(2)]);
  assert.equal(line.back(), 1);
  assert.deepEqual(line.upTo(), [d(1)]);
  assert.ok(line.canForward());
  assert.equal(line.forward(), 2);
  assert.equal(line.forward(), 2, "no step past the line's end");
  line.back();
  line.back();
  assert.equal(line.back(), 0, "no step before the present position");
  assert.equal(line.length, 2);
});

test("the line's own next decision keeps the rest; another one branches and replaces it", () => {
  const line = new Line();
  [1, 2, 3].forEach((n) => line.play(d(n)));
  line.keep(3, { at: 3 });
  line.back();
  line.back();
  line.play({ to: 2, type: "move" });
  assert.equal(line.length, 3, "the same decision again: the rest stays");
  assert.deepEqual(line.position(3), { at: 3 });
  line.back();
  line.play(d(9));
  assert.deepEqual(line.decisions, [d(1), d(9)]);
  assert.equal(line.at, 2);
  assert.equal(line.position(3), null, "the positions of the replaced rest are forgotten");
});

test("dealing again forgets the positions but keeps the decisions; a cut keeps the start", () => {
  const line = new Line();
  [1, 2, 3, 4].forEach((n) => line.play(d(n)));
  [0, 1, 2, 3, 4].forEach((at) => line.keep(at, { at }));
  line.dealAgain(1);
  assert.equal(line.deal, 1);
  assert.equal(line.position(0), null);
  assert.equal(line.length, 4);
  line.keep(0, { at: 0 });
  line.keep(2, { at: 2 });
  line.cut(2);
  assert.deepEqual(line.decisions, [d(1), d(2)]);
  assert.equal(line.at, 2, "shown past the cut: shown at its end");
  assert.deepEqual(line.position(2), { at: 2 });
});

test("a line is no longer than the endpoint plays", () => {
  const line = new Line();
  for (let n = 0; n < LONGEST; n += 1) assert.ok(line.play(d(n)));
  assert.ok(!line.play(d(LONGEST)));
  assert.equal(line.length, LONGEST);
});

test("the longest playable start: the whole line at once, else halving", async () => {
  for (const [length, plays] of [[0, 0], [1, 0], [1, 1], [5, 5], [5, 0], [5, 3], [8, 7], [30, 12]]) {
    const asked = [];
    const found = await longestPlayable(length, async (n) => { asked.push(n); return n <= plays; });
    assert.equal(found, plays, `${plays} of ${length}`);
    assert.ok(asked.length <= 1 + Math.ceil(Math.log2(length + 1)), `${asked.length} asks for ${length}`);
    if (plays === length && length) assert.deepEqual(asked, [length]);
  }
});

test("refusals in the page's language: the server's words on an English page only", () => {
  const T = { tooMany: "Zu viele", conflict: "Geändert", refused: "Nicht möglich" };
  const error = (status, message) => Object.assign(new Error(message), { status });
  assert.equal(refusalText(error(429, "at most"), T, "en"), "Zu viele");
  assert.equal(refusalText(error(400, "decision 2 of the line"), T, "en"), "decision 2 of the line");
  assert.equal(refusalText(error(400, "decision 2 of the line"), T, "de"), "Nicht möglich");
  assert.equal(refusalText(new Error("Failed to fetch"), T, "de"), "Failed to fetch");
});

test("a start of the line is a standing order when it ends with the player's decisions after another seat's", () => {
  const me = 1;
  assert.deepEqual(orderOf([0, 1], me), { expected: 1, answer: 1 });
  assert.deepEqual(orderOf([0, 0, 1, 1], me), { expected: 2, answer: 2 }, "the others' whole turn, then mine");
  assert.deepEqual(orderOf([1, 0, 1], me), { expected: 2, answer: 1 }, "my own decisions before theirs are expected too");
  assert.equal(orderOf([0, 1, 0], me), null, "it ends with another seat's decision");
  assert.equal(orderOf([1, 1], me), null, "nothing of another seat before the answer");
  assert.equal(orderOf([], me), null);
  assert.equal(orderOf([0, 1], null), null, "a spectator keeps no orders");
  assert.equal(orderOf([null, 1], me), null, "a seat not known is none of another's");
});

test("the line keeps who decided each decision, through branches and cuts", () => {
  const line = new Line();
  line.play(d(1), 0);
  line.play(d(2), 1);
  line.play(d(3), 0);
  assert.deepEqual(line.seats, [0, 1, 0]);
  line.back();
  line.back();
  line.play(d(2), 1);
  assert.deepEqual(line.seats, [0, 1, 0], "the line's own next decision keeps the rest");
  line.back();
  line.play(d(7), 1);
  assert.deepEqual(line.seats, [0, 1]);
  line.cut(1);
  assert.deepEqual(line.seats, [0]);
  assert.deepEqual(orderOf(line.seats.slice(0, 0), 1), null);
});

test("a saved order in words: whose each expected decision is, then the answer", () => {
  const T = { orderSaved: "Saved: when %(when)s, I answer %(answer)s.", orderUnread: "decision %(n)s",
              orderLine: "when %(when)s, I answer %(answer)s", orderCounts: "after %(expected)s, %(answer)s" };
  const name = (seat) => ["Bob", "Ann"][seat];
  const words = lineWords({ expected: 2, answer: 1 }, [0, 0, 1], [["A6 → A9"], [], ["B2 → B3", "a pod"]], T, name);
  assert.deepEqual(words, { when: "Bob: A6 → A9 · Bob: decision 2", answer: "B2 → B3 a pod" });
  assert.equal(withLine(T.orderSaved, words), "Saved: when Bob: A6 → A9 · Bob: decision 2, I answer B2 → B3 a pod.");
  const order = { id: 3, expected: [0, 0], answer: [{}] };
  assert.equal(orderText(order, words, T), "when Bob: A6 → A9 · Bob: decision 2, I answer B2 → B3 a pod");
  assert.equal(orderText(order, null, T), "after 2, 1", "saved elsewhere: its counts");
});

test("an order's status and refusal in the page's words", () => {
  const T = { orderWaiting: "wartet", orderFired: "ausgeführt", orderMissed: "verfehlt", tooMany: "Zu viele",
              orderNotSent: "Nicht erreicht" };
  assert.equal(statusWord("fired", T), "ausgeführt");
  assert.equal(statusWord("missed", T), "verfehlt");
  assert.equal(statusWord("unknown", T), "unknown");
  const error = (status, message) => Object.assign(new Error(message), { status });
  assert.equal(orderRefusal(error(400, "die Linie muss mit einer Entscheidung von dir enden"), T),
    "die Linie muss mit einer Entscheidung von dir enden", "the server's detail, in the reader's language");
  assert.equal(orderRefusal(error(429, "slow down"), T), "Zu viele");
  assert.equal(orderRefusal(new Error("Failed to fetch"), T), "Nicht erreicht");
});
