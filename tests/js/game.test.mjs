// static/js/game.js imported without a page: nothing runs on import (start() wires the page), and
// its pure pieces (places in log lines, the count of news, the replay's steps) are tested here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { argo, andromeda } from "./boards.mjs";

const game = await import("../../static/js/game.js");

test("importing the game page's module touches no page and starts nothing", () => {
  assert.equal(typeof globalThis.document, "undefined");
  assert.equal(typeof game.start, "function");
  assert.equal(game.state.game, null);
  assert.equal(game.state.module, null);
  assert.equal(game.state.chat.size, 0);
});

test("splitPlaces cuts a log line into text and the places the board's pattern finds", () => {
  assert.deepEqual(game.splitPlaces("Blue A6 → A9.", andromeda.placePattern), ["Blue ", { place: "A6" }, " → ", { place: "A9" }, "."]);
  assert.deepEqual(game.splitPlaces("B7", andromeda.placePattern), [{ place: "B7" }]);
  assert.deepEqual(game.splitPlaces("Red grunt 0|1 → -1|0", argo.placePattern), ["Red grunt ", { place: "0|1" }, " → ", { place: "-1|0" }]);
  assert.deepEqual(game.splitPlaces("nothing to light", argo.placePattern), ["nothing to light"]);
  assert.deepEqual(game.splitPlaces("A6 is a place", undefined), ["A6 is a place"]);  // a module without a pattern
});

test("splitPlaces leaves the pattern itself alone (a global pattern keeps no lastIndex between lines)", () => {
  game.splitPlaces("A1 A2", andromeda.placePattern);
  assert.equal(andromeda.placePattern.lastIndex, 0);
  assert.deepEqual(game.splitPlaces("A3", andromeda.placePattern), [{ place: "A3" }]);
});

test("placesIn names each place of a decision's lines once, in order", () => {
  assert.deepEqual(game.placesIn(["A6 → A9", "then A9 → W, B2"], andromeda.placePattern), ["A6", "A9", "B2"]);
  assert.deepEqual(game.placesIn([], andromeda.placePattern), []);
  assert.deepEqual(game.placesIn(["A6"], null), []);
});

test("freshCount counts the decisions after the last one seen, not the undone ones", () => {
  const log = [{ number: 1 }, { number: 2, undone: true }, { number: 3 }, { number: 4 }];
  assert.equal(game.freshCount(log, null), 0);  // a first visit: nothing is news
  assert.equal(game.freshCount(log, 1), 2);
  assert.equal(game.freshCount(log, 4), 0);
  assert.equal(game.freshCount(log, 0), 3);
});

test("replayStepTo moves within the game and names the decision to replay up to", () => {
  const numbers = [3, 5, 8];  // undone decisions are not in the replay
  assert.deepEqual(game.replayStepTo(numbers, 3, -1), { position: 2, upto: 5 });
  assert.deepEqual(game.replayStepTo(numbers, 1, -1), { position: 0, upto: 0 });
  assert.deepEqual(game.replayStepTo(numbers, 0, -1), { position: 0, upto: 0 });
  assert.deepEqual(game.replayStepTo(numbers, 3, 1), { position: 3, upto: 8 });
  assert.deepEqual(game.replayStepTo(numbers, 0, 1), { position: 1, upto: 3 });
  assert.deepEqual(game.replayStepTo([], 0, 1), { position: 0, upto: 0 });
});
