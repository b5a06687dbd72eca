// static/js/game.js imported without a page: nothing runs on import (start() wires the page), and
// its pure pieces (places in log lines, the count of news, the replay's steps) are tested here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boards } from "./boards.mjs";

const { argo, andromeda } = boards;

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

test("stillNew names the decisions after the last one shown, not the undone ones", () => {
  const log = [{ number: 1 }, { number: 2, undone: true }, { number: 3 }, { number: 4 }];
  assert.deepEqual(game.stillNew(log, null), []);  // a first visit: nothing is news
  assert.deepEqual(game.stillNew(log, 1), [3, 4]);
  assert.deepEqual(game.stillNew(log, 4), []);
  assert.deepEqual(game.stillNew(log, 0), [1, 3, 4]);
});

// Seat 0 is the viewer; decision 4 was undone.
const turns = [
  { number: 1, seat: 0, log: ["A1"] }, { number: 2, seat: 1, log: ["B1"] }, { number: 3, seat: 1, log: ["B2"] },
  { number: 4, seat: 1, log: ["B3"], undone: true }, { number: 5, seat: 2, log: ["C1"] }, { number: 6, seat: 0, log: ["A2"] },
];
const numbersOf = (marks) => ({ own: marks.own.map((d) => d.number), others: marks.others.map((d) => d.number) });

test("turnMarks: every other seat's decision since the viewer's own last one, undone ones left out", () => {
  assert.deepEqual(numbersOf(game.turnMarks(turns.slice(0, 5), 0)), { own: [], others: [2, 3, 5] });
  assert.deepEqual(numbersOf(game.turnMarks(turns.slice(1, 3), 0)), { own: [], others: [2, 3] });  // not yet decided
});

test("turnMarks: once the viewer acts, the others' marks go and the viewer's own turn shows", () => {
  assert.deepEqual(numbersOf(game.turnMarks(turns, 0)), { own: [6], others: [] });
  assert.deepEqual(numbersOf(game.turnMarks([], 0)), { own: [], others: [] });
});

test("turnMarks: a spectator sees the last turn of whoever moved last", () => {
  assert.deepEqual(numbersOf(game.turnMarks(turns.slice(0, 4), null)), { own: [], others: [2, 3] });
  assert.deepEqual(numbersOf(game.turnMarks(turns, null)), { own: [], others: [6] });
});

test("turnMarks in a replay: the shown turn up to the shown decision, the viewer's own as own", () => {
  assert.deepEqual(numbersOf(game.turnMarks(turns, 0, 3)), { own: [], others: [2, 3] });
  assert.deepEqual(numbersOf(game.turnMarks(turns, 0, 2)), { own: [], others: [2] });
  assert.deepEqual(numbersOf(game.turnMarks(turns, 0, 1)), { own: [1], others: [] });
  assert.deepEqual(numbersOf(game.turnMarks(turns, 0, 0)), { own: [], others: [] });
});

test("turnStepTo lands on the ends of turns, within the game", () => {
  const numbers = [1, 2, 3, 5, 6];  // seats 0, 1, 1, 2, 0
  const seatOf = (n) => turns.find((d) => d.number === n).seat;
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 0, 1), { position: 1, upto: 1 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 1, 1), { position: 3, upto: 3 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 2, 1), { position: 3, upto: 3 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 5, 1), { position: 5, upto: 6 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 5, -1), { position: 4, upto: 5 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 3, -1), { position: 1, upto: 1 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 2, -1), { position: 1, upto: 1 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 1, -1), { position: 0, upto: 0 });
  assert.deepEqual(game.turnStepTo(numbers, seatOf, 0, -1), { position: 0, upto: 0 });
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

test("teamName names a team by its letter in the page's words", () => {
  assert.equal(game.teamName(0, "Team %(letter)s"), "Team A");
  assert.equal(game.teamName(1, "Équipe %(letter)s"), "Équipe B");
});

test("winnersLine names the winning team in a game played in teams, and only there", () => {
  const seats = [{ colour: "red", team: 0 }, { colour: "yellow", team: 1 }, { colour: "green", team: 0 }, { colour: "blue", team: 1 }];
  const names = { red: "Ann", yellow: "Cat", green: "Ben", blue: "Dan" };
  const nameOf = (who) => names[who] || who;
  assert.equal(game.winnersLine(["red", "green"], seats, nameOf, "Team %(letter)s"), "Team A (Ann, Ben)");
  assert.equal(game.winnersLine(["red", "yellow"], seats, nameOf, "Team %(letter)s"), "Ann, Cat");  // a draw between teams
  const alone = seats.map((s) => ({ ...s, team: null }));
  assert.equal(game.winnersLine(["red"], alone, nameOf, "Team %(letter)s"), "Ann");
  assert.equal(game.winnersLine(["aliens"], seats, nameOf, "Team %(letter)s"), "aliens");  // a participant: no team
});

test("a team game's end speaks from the viewer's side, gives each player's own score beside the team's, and rates every seat", () => {
  const seats = [{ order: 0, colour: "red", team: 0, username: "ann", display_name: "Ann" },
    { order: 1, colour: "yellow", team: 1, username: "greedy", display_name: "Greedy (bot)" },
    { order: 2, colour: "green", team: 0, username: "ben", display_name: "Ben" },
    { order: 3, colour: "blue", team: 1, username: "greedy", display_name: "Greedy (bot)" }];
  assert.equal(game.teamResult(["yellow", "blue"], seats, 0), "lost");
  assert.equal(game.teamResult(["yellow", "blue"], seats, 3), "won");
  assert.equal(game.teamResult(["red", "yellow"], seats, 2), "drew");
  assert.equal(game.teamResult(["yellow", "blue"], seats, null), null);  // a spectator
  assert.equal(game.teamResult(["red"], seats.map((s) => ({ ...s, team: null })), 0), null);  // no teams
  const outcome = { scores: { red: 22, yellow: 30, green: 10, blue: 9 } };
  const nameOf = (who) => ({ red: "Ann", yellow: "Greedy (bot)" })[who] || who;
  assert.equal(game.rankingLine({ who: "yellow", rank: 1, score: 39 }, outcome, seats, nameOf, "Team %(letter)s"),
    "1. Greedy (bot) — 30 (Team B: 39)");
  assert.equal(game.rankingLine({ who: "red", rank: 3, score: 32 }, outcome, seats.map((s) => ({ ...s, team: null })), nameOf,
    "Team %(letter)s"), "3. Ann — 32");  // no teams: the place's own score
  const changes = [{ who: "greedy", change: -8 }, { who: "ann", change: 12 }, { who: "aliens", change: 3 }];
  const lines = game.ratingLines(changes, seats, { aliens: "The aliens" }).map(([c, name]) => `${name} ${c.change}`);
  assert.deepEqual(lines, ["Ann 12", "Greedy (bot) -8", "Greedy (bot) -8", "The aliens 3"]);  // Ben was not rated here
});

test("a control's name keeps the words it shows, after what choosing it does", async () => {
  const { withShownText } = await import("../../static/js/board_shell.js");
  assert.equal(withShownText("Play A6 Drift", "A6 Drift +2/1"), "Play A6 Drift — A6 Drift +2/1");
  assert.equal(withShownText("Play A6 Drift", " A6  Drift "), "Play A6 Drift");
  assert.equal(withShownText("Rotate", ""), "Rotate");
});
