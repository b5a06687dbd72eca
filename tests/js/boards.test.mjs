// The pure exports of each game's board module (pathOf, label, columns, notes, placePattern,
// cyclePrefix), in Node. The drawing (createBoard, picture, decorateRules) needs a DOM and is
// tested in Chromium by tests/browser; these tests touch no DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chooser } from "../../static/js/choices.js";
import { boards, wordsOf } from "./boards.mjs";

const { argo, andromeda } = boards;
const argoData = (lang) => ({ words: wordsOf("argo", lang) });  // what client_data(lang) hands the page

const matches = (pattern, text) => [...text.matchAll(pattern)].map((m) => m[0]);

test("argo: pathOf names the clicks of every kind of decision", () => {
  const cases = [
    [{ type: "step", figure: "red-grunt", to: "1|0" }, ["fig:red-grunt", "cell:1|0"]],
    [{ type: "push", figure: "red-robot", to: "-1|2" }, ["fig:red-robot", "cell:-1|2"]],
    [{ type: "alien", alien: "alien-3", to: "0|0" }, ["fig:alien-3", "cell:0|0"]],
    [{ type: "activate", figure: "blue-pilot" }, ["fig:blue-pilot", "btn:activate"]],
    [{ type: "victim", figure: "red-chief" }, ["fig:red-chief"]],
    [{ type: "kill_first", alien: "alien-1" }, ["fig:alien-1"]],
    [{ type: "teleport", to: "2|-1" }, ["cell:2|-1"]],
    [{ type: "place", tile: "T7", cell: "0|1", rotation: 3 }, ["tile:T7", "cell:0|1", "rot:3"]],
    [{ type: "pilot", choice: "move", cell: "1|1", rotation: 0 }, ["cell:1|1", "rot:0"]],
    [{ type: "pilot", choice: "skip" }, ["btn:skip"]],
    [{ type: "lift", cell: "3|0" }, ["cell:3|0"]],
    [{ type: "relocate", to: "0|-2", rotation: 2 }, ["cell:0|-2", "rot:2"]],
    [{ type: "swap", astronaut: "red-grunt", alien: "alien-2" }, ["fig:red-grunt", "fig:alien-2"]],
    [{ type: "shoot", alien: "alien-4" }, ["fig:alien-4"]],
    [{ type: "heal", astronaut: "green-explorer" }, ["dead:green-explorer"]],
    [{ type: "launch", pod: "4|4" }, ["cell:4|4"]],
    [{ type: "end_turn" }, ["btn:end_turn"]],
  ];
  for (const [decision, path] of cases) assert.deepEqual(argo.pathOf(decision), path, decision.type);
});

test("argo: a tile is placed by tile, cell, then cycling its rotations", () => {
  const place = (cell, rotation) => ({ type: "place", tile: "T7", cell, rotation });
  const actions = [place("0|1", 0), place("0|1", 1), place("1|0", 2), { type: "end_turn" }];
  const c = new Chooser(actions, argo.pathOf, argo.cyclePrefix);
  assert.deepEqual(c.next(), ["tile:T7", "btn:end_turn"]);
  c.choose("tile:T7");
  assert.deepEqual(c.next(), ["cell:0|1", "cell:1|0"]);
  c.choose("cell:0|1");
  assert.ok(c.cycling());
  assert.equal(c.choose("rot:1"), actions[1]);
});

test("argo: placePattern finds the cells named in a log line", () => {
  assert.deepEqual(matches(argo.placePattern, "Red grunt 0|1 → -2|10; 3 points"), ["0|1", "-2|10"]);
  assert.deepEqual(matches(argo.placePattern, "no cell here, 3 | 4"), []);
});

test("argo: label names buttons and the rotation, in English and German", () => {
  const [en, de] = [argoData("en"), argoData("de")];
  assert.equal(argo.label("btn:nosuchbutton", "en", en), "nosuchbutton");
  assert.equal(typeof argo.label("cycle", "en", en), "string");
  assert.notEqual(argo.label("cycle", "en", en), argo.label("cycle", "de", de));
  // unknown language: client_data hands English words (tests/rules/test_catalogues.py)
  assert.equal(argo.label("cycle", "xx", en), argo.label("cycle", "en", en));
  assert.equal(argo.label("fig:red-grunt", "en", en), null);  // drawn on the board, not a button
});

test("argo: columns read the view per colour; notes say the last round and the aliens' win", () => {
  const view = { scores: { red: 5 }, activations: { red: 2 }, escaped: { red: 1 }, final_round: null, turn: "red", outcome: null };
  assert.deepEqual(argo.columns(view, "en", argoData("en")).map((c) => c.value(0, "red")), [5, 2, 1]);
  assert.deepEqual(argo.notes(view, "en", argoData("en")), { turn: "", outcome: "" });
  const last = argo.notes({ ...view, final_round: 9 }, "en", argoData("en"));
  assert.ok(last.turn.length > 0);
  const lost = argo.notes({ ...view, turn: null, outcome: { alien_victory: true } }, "de", argoData("de"));
  assert.equal(lost.turn, "");
  assert.ok(lost.outcome.length > 0);
});

test("andromeda: pathOf names the clicks of every kind of decision", () => {
  const cases = [
    [{ type: "keep", mission: 4 }, ["mission:4"]],
    [{ type: "return", mission: 9 }, ["mission:9"]],
    [{ type: "enter", to: "A1" }, ["node:A1"]],
    [{ type: "place_lost", to: "C11" }, ["node:C11"]],
    [{ type: "move", from: "A1", to: "A2" }, ["node:A1", "node:A2"]],
    [{ type: "warp", from: "B3", to: "W" }, ["node:B3", "node:W"]],
    [{ type: "shift", from: "C2", to: "C3" }, ["node:C2", "node:C3"]],
    [{ type: "swap", ship: "A4", with: "B5" }, ["node:A4", "node:B5"]],
    [{ type: "raise", ship: "B6" }, ["node:B6"]],
    [{ type: "take", card: "K2" }, ["open:K2"]],
    [{ type: "play", card: "W4" }, ["hand:W4"]],
    [{ type: "skip" }, ["btn:skip"]],
  ];
  for (const [decision, path] of cases) assert.deepEqual(andromeda.pathOf(decision), path, decision.type);
});

test("andromeda: a card's path lists its fields in a fixed order, whatever the decision's key order", () => {
  const play = { type: "play", take: "K1", to: "A1", player: "blue", ship: "B7", discard: "W2", link: "A1-A2", with: "C3", card: "W4" };
  assert.deepEqual(andromeda.pathOf(play),
    ["hand:W4", "node:B7", "node:C3", "node:A1", "player:blue", "link:A1-A2", "hand:W2", "open:K1"]);
});

test("andromeda: a card then its targets, through the chooser", () => {
  const actions = [{ type: "play", card: "W4", ship: "B7", to: "A1" }, { type: "play", card: "W4", ship: "B7", to: "A2" },
                   { type: "play", card: "S1", player: "red" }, { type: "end_turn" }];
  const c = new Chooser(actions, andromeda.pathOf);
  assert.deepEqual(c.next(), ["hand:W4", "hand:S1", "btn:end_turn"]);
  c.choose("hand:W4");
  assert.deepEqual(c.next(), ["node:B7"]);
  c.choose("node:B7");
  assert.equal(c.choose("node:A2"), actions[1]);
});

test("andromeda: placePattern finds nodes A1 to C11 and nothing else", () => {
  assert.deepEqual(matches(andromeda.placePattern, "Blue A6 → A9, then C11 and B10; not D4, A12, A0 or XA1"),
    ["A6", "A9", "C11", "B10"]);
});

test("andromeda: label, columns and notes", () => {
  const [en, de] = [{ words: wordsOf("andromeda", "en") }, { words: wordsOf("andromeda", "de") }];  // client_data's words
  assert.equal(andromeda.label("btn:unknown", "en", en), "unknown");
  assert.notEqual(andromeda.label("btn:end_turn", "en", en), andromeda.label("btn:end_turn", "de", de));
  assert.equal(andromeda.label("node:A1", "en", en), null);
  const view = { vp: { red: 3 }, platform: { red: 1 }, saved: { red: 2 }, lost: { red: "aside" }, skip: { red: 1 },
                 hands: { red: ["W1", "W2"] }, missions: { red: 4 } };
  const values = andromeda.columns(view, "en", en).map((c) => c.value(0, "red"));
  assert.deepEqual(values.slice(0, 3), [3, 1, 2]);
  assert.equal(typeof values[3], "string");  // the Lost Ship's state, in words
  assert.equal(typeof values[4], "string");  // the Skip field, in words
  assert.deepEqual(values.slice(5), [2, 4]);  // a hand seen as cards or as a count
  assert.deepEqual(andromeda.notes(), { turn: "", outcome: "" });
});

test("argo: the prompt offers the top pod only when its chip is offered, then says where and how to turn", () => {
  const view = { pods_waiting: ["P3", "P4"] };
  const data = { tiles: { T7: { kind: "lab", tile: "T7" }, P3: { kind: "pod", tile: "P3" } }, kinds: { lab: "Lab", pod: "Pod" },
                 words: wordsOf("argo", "en") };
  const step = (selected, next) => argo.stepPrompt(selected, next, { view, data }, "en");
  assert.equal(step([], ["tile:T7", "tile:T8"]), "Place a module from the supply");
  assert.equal(step([], ["tile:T7", "tile:P3"]), "Place a module from the supply or the top pod");
  assert.equal(step([], ["tile:P3"]), "Place the top pod");
  assert.equal(step(["tile:T7"], ["cell:0|1", "cell:1|0"]), "Place Lab T7: choose a lit cell beside the station");
  assert.equal(step(["tile:T7", "cell:0|1"], ["rot:0", "rot:1"]), "Turn Lab T7 with Rotate, then Confirm");
  assert.equal(argo.stepPrompt(["tile:T7"], ["cell:0|1"], { view, data: { ...data, words: wordsOf("argo", "de") } }, "de"),
    "Lab T7 anlegen: wähle ein leuchtendes Feld an der Station");
  assert.equal(step([], ["fig:red-grunt", "tile:T7"]), null, "a question of more than modules keeps the rules' words");
  assert.equal(step(["fig:red-grunt"], ["cell:1|0"]), null, "a piece's step is named by the page from describe()");
});

test("andromeda: after a card, the prompt says what its next click chooses", () => {
  const decisions = [{ type: "play", card: "W4", ship: "B7", to: "A1" }, { type: "play", card: "W4", ship: "B7", to: "A2" }];
  const [en, de] = [{ words: wordsOf("andromeda", "en") }, { words: wordsOf("andromeda", "de") }];  // client_data's words
  const step = (selected) => andromeda.stepPrompt(selected, [], { decisions, data: en }, "en");
  assert.equal(step(["hand:W4"]), "Play W4: choose the ship it acts on");
  assert.equal(step(["hand:W4", "node:B7"]), "Play W4: choose where it goes");
  assert.equal(andromeda.stepPrompt(["hand:W4"], [], { decisions, data: de }, "de"), "W4 spielen: wähle das Schiff");
  assert.equal(andromeda.stepPrompt([], [], { decisions, data: en }, "en"), null, "before a click: the rules' question");
  assert.equal(andromeda.stepPrompt(["node:A1"], [], { decisions: [{ type: "move", from: "A1", to: "A2" }], data: en }, "en"), null);
});
