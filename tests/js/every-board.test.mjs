// What the game page takes from every game's board module (docs/games.md), for each game beside the
// others in games/rules/: a game added there is checked here at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boards, names } from "./boards.mjs";

const REQUIRED = ["pathOf", "createBoard", "label", "columns", "notes", "picture"];
const OPTIONAL = ["stepPrompt", "decorateRules"];

for (const name of names) {
  const board = boards[name];

  test(`${name}: the board module exports every function the page calls`, () => {
    for (const f of REQUIRED) assert.equal(typeof board[f], "function", f);
    for (const f of OPTIONAL) assert.ok(board[f] === undefined || typeof board[f] === "function", f);
    assert.ok(board.cyclePrefix === undefined || typeof board.cyclePrefix === "string", "cyclePrefix");
  });

  test(`${name}: placePattern is global: the page finds every place a log line names`, () => {
    assert.ok(board.placePattern instanceof RegExp && board.placePattern.global, String(board.placePattern));
  });
}
