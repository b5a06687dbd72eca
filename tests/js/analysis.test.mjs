// The analysis board's line (static/js/analysis.js): stepping, branching, dealing again, and where a
// line that no longer plays is cut.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LONGEST, Line, longestPlayable, refusalText, sameDecision } from "../../static/js/analysis.js";

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
