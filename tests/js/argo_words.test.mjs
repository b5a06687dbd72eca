// Argo's board module in words for a screen reader (games/rules/argo/static/argo/board.js): cells
// said as columns and rows, never "0|-1"; the doors a module turned for placing opens; target names
// that say what choosing them does. Pure: no DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boards, wordsOf } from "./boards.mjs";

const { argo } = boards;
const [EN, DE] = [wordsOf("argo", "en"), wordsOf("argo", "de")];
const SYMBOLS = /-?\d+\s*\|\s*-?\d+|[▢⟳●]/;

const data = {
  tiles: { LAB: { tile: "LAB", kind: "lab", doors: 7, capacity: 2, seats: [] }, C04: { tile: "C04", kind: "corridor", doors: 3, capacity: 1, seats: [] },
           C14: { tile: "C14", kind: "corridor", doors: 7, capacity: 1, seats: [] } },
  kinds: { lab: "Lab", corridor: "corridor" }, words: EN,
};
const german = { words: DE };
const view = { board: { "1|1": { tile: "C14", kind: "corridor", doors: 7 }, "0|0": { tile: "CTRL", kind: "control_room", doors: 5 } },
               pods_waiting: [] };

test("argo: a cell is said as its column and row", () => {
  assert.equal(argo.cellWords("0|-1", "en", data), "column 0, row -1");
  assert.equal(argo.cellWords("-2|3", "de", german), "Spalte -2, Reihe 3");
});

test("argo: a turned module says the doors it opens", () => {
  assert.equal(argo.turnedWords(3, "en", data), "turned so its doors face north and east");
  assert.equal(argo.turnedWords(13, "en", data), "turned so its doors face north, south and west");
  assert.equal(argo.turnedWords(4, "en", data), "turned so its door faces south");
  assert.equal(argo.turnedWords(6, "de", german), "so gedreht, dass die Türen nach Osten und Süden zeigen");
});

test("argo: while a module is turned, the prompt says the doors of the turn shown", () => {
  const context = (cycle, question = null) => ({ view, data, question, cycle });
  const turning = ["tile:C04", "cell:0|1"];
  assert.equal(argo.stepPrompt(turning, ["rot:0", "rot:1", "rot:2", "rot:3"], context("rot:1"), "en"),
    "Corridor C04 at column 0, row 1, turned so its doors face east and south: Rotate to turn it on, or Confirm");
  const inGerman = { ...context("rot:2"), data: { ...data, kinds: { corridor: "Korridor" }, words: DE } };  // client_data("de")
  assert.equal(argo.stepPrompt(turning, ["rot:2"], inGerman, "de"),
    "Korridor C04 in Spalte 0, Reihe 1, so gedreht, dass die Türen nach Süden und Westen zeigen: bestätigen");
  // The Control Room moves the tile on the question's cell: the same words for its turn.
  assert.equal(argo.stepPrompt(["cell:2|1"], ["rot:0", "rot:1"], context("rot:1", { q: "relocate", cell: "1|1" }), "en"),
    "Corridor C14 at column 2, row 1, turned so its doors face east, south and west: Rotate to turn it on, or Confirm");
  assert.equal(argo.label("cycle", "en", data), "Rotate");
  assert.ok(!SYMBOLS.test(argo.label("cycle", "de", german)));
});

test("argo: a target's name says what choosing it does, its place in words", () => {
  const name = (token, selected, decisions, lang = "en") => argo.targetName(token, { selected, decisions, view }, lang,
    { ...data, words: lang === "de" ? DE : EN });
  assert.equal(name("cell:1|1", ["fig:red-grunt"], [{ type: "step" }]), "Move the red Grunt to corridor C14 at column 1, row 1");
  assert.equal(name("cell:0|-1", ["tile:LAB"], [{ type: "place" }]), "Place Lab LAB at column 0, row -1");
  assert.equal(name("cell:0|-1", ["tile:LAB"], [{ type: "place" }], "de"), "Lab LAB anlegen in Spalte 0, Reihe -1");  // kinds as given
  assert.equal(name("cell:1|1", [], [{ type: "teleport" }]), "Teleport to corridor C14 at column 1, row 1");
  for (const token of ["cell:1|1", "cell:2|-1"]) {
    for (const lang of ["en", "de"]) assert.ok(!SYMBOLS.test(name(token, [], [{ type: "lift" }], lang)), token);
  }
});
