// static/js/board_words.js: the keys of a player who does not look at the board, and what they say.
import { test } from "node:test";
import assert from "node:assert/strict";

const words = await import("../../static/js/board_words.js");

const T = { youPlay: "You play %(seat)s", nothingYours: "nothing", noTurnYet: "nobody yet", noPlace: "no place" };
const board = {
  you: "red", mine: ["Your Chief at column 0, row 1"], scores: ["Ann: 3 points", "Bob: 1 point"],
  places: [{ place: "0|1", name: "Corridor C03 at column 0, row 1", lines: ["Doors: north, east", "Your Chief"] }],
  turns: [{ name: "Bob", lines: ["Moved the Grunt.", "Killed an alien."] }, { name: "Ann", lines: ["Placed a module."] }],
};

test("the arrows go round the offered targets; Home and End go to the first and the last", () => {
  assert.equal(words.stepAmong(3, 0, "ArrowRight"), 1);
  assert.equal(words.stepAmong(3, 2, "ArrowDown"), 0);
  assert.equal(words.stepAmong(3, 0, "ArrowLeft"), 2);
  assert.equal(words.stepAmong(3, 1, "ArrowUp"), 0);
  assert.equal(words.stepAmong(3, 1, "Home"), 0);
  assert.equal(words.stepAmong(3, 0, "End"), 2);
  assert.equal(words.stepAmong(3, 1, "Enter"), null);
  assert.equal(words.stepAmong(0, 0, "ArrowRight"), null);
});

test("each command says its part of the board in words", () => {
  assert.equal(words.answerFor("mine", board, T), "You play red. Your Chief at column 0, row 1");
  assert.equal(words.answerFor("mine", { ...board, you: null, mine: [] }, T), "nothing");
  assert.equal(words.answerFor("scores", board, T), "Ann: 3 points. Bob: 1 point");
  assert.equal(words.answerFor("turns", board, T), "Bob: Moved the Grunt. Killed an alien. — Ann: Placed a module.");
  assert.equal(words.answerFor("turns", { ...board, turns: [] }, T), "nobody yet");
  assert.equal(words.answerFor("here", board, T, "0|1"), "Corridor C03 at column 0, row 1. Doors: north, east. Your Chief");
  assert.equal(words.answerFor("here", board, T, "9|9"), "no place");
  assert.equal(words.answerFor("here", board, T, null), "no place");
});

test("a key goes to the page only without a modifier and outside a text field", () => {
  assert.equal(words.pageKey({ ctrlKey: false, metaKey: false, altKey: false, isComposing: false, target: null }), true);
  assert.equal(words.pageKey({ ctrlKey: true, metaKey: false, altKey: false, isComposing: false, target: null }), false);
  assert.deepEqual(Object.keys(words.KEYS).sort(), ["?", "b", "c", "i", "l", "m", "p", "s", "t"]);
});
