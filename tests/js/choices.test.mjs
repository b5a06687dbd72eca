// static/js/choices.js: the legal decisions turned into clicks (node --test tests/js/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chooser } from "../../static/js/choices.js";

const ident = (a) => a.path;
const d = (...path) => ({ path });

test("next offers each first token once, in the order of the decisions", () => {
  const c = new Chooser([d("fig:a", "cell:0|1"), d("fig:a", "cell:1|0"), d("fig:b", "cell:0|1"), d("btn:pass")], ident);
  assert.deepEqual(c.next(), ["fig:a", "fig:b", "btn:pass"]);
});

test("choosing walks a path and returns the very decision object at its end", () => {
  const actions = [d("fig:a", "cell:0|1"), d("fig:a", "cell:1|0"), d("fig:b", "cell:0|1")];
  const c = new Chooser(actions, ident);
  assert.equal(c.choose("fig:a"), null);
  assert.deepEqual(c.prefix, ["fig:a"]);
  assert.deepEqual(c.next(), ["cell:0|1", "cell:1|0"]);
  assert.equal(c.choose("cell:1|0"), actions[1]);
});

test("a token that is not offered is refused and changes nothing", () => {
  const c = new Chooser([d("fig:a", "cell:0|1")], ident);
  assert.equal(c.choose("fig:z"), null);
  assert.deepEqual(c.prefix, []);
  c.choose("fig:a");
  assert.equal(c.choose("cell:9|9"), null);
  assert.deepEqual(c.prefix, ["fig:a"]);
});

test("nothing can be chosen from an empty list", () => {
  const c = new Chooser([], ident);
  assert.deepEqual(c.next(), []);
  assert.equal(c.choose("btn:pass"), null);
  assert.equal(c.cycling(), false);
});

test("a decision whose path is a prefix of another is returned as soon as it is complete", () => {
  const actions = [d("fig:a", "cell:0|1"), d("fig:a")];
  assert.equal(new Chooser(actions, ident).choose("fig:a"), actions[1]);
});

test("cycling is true only when every next token has the cycled prefix", () => {
  const actions = [d("tile:7", "cell:0|1", "rot:0"), d("tile:7", "cell:0|1", "rot:1"), d("tile:7", "cell:1|0", "rot:2")];
  const c = new Chooser(actions, ident, "rot:");
  assert.equal(c.cycling(), false);
  c.choose("tile:7");
  assert.equal(c.cycling(), false);
  c.choose("cell:0|1");
  assert.equal(c.cycling(), true);
  assert.deepEqual(c.next(), ["rot:0", "rot:1"]);
  assert.equal(c.choose("rot:1"), actions[1]);
  assert.equal(c.cycling(), false);  // nothing left to offer
});

test("without a cycled prefix nothing cycles", () => {
  const c = new Chooser([d("rot:0"), d("rot:1")], ident);
  assert.equal(c.cycling(), false);
});

test("back and reset undo clicks", () => {
  const c = new Chooser([d("a", "b", "c")], ident);
  c.choose("a");
  c.choose("b");
  c.back();
  assert.deepEqual(c.prefix, ["a"]);
  c.back();
  c.back();  // nothing more to take back
  assert.deepEqual(c.prefix, []);
  c.choose("a");
  c.reset();
  assert.deepEqual(c.prefix, []);
  assert.deepEqual(c.next(), ["a"]);
});

test("keepFrom keeps the clicks that still lead somewhere in the new list", () => {
  const before = new Chooser([d("fig:a", "cell:0|1", "x"), d("fig:b")], ident);
  before.choose("fig:a");
  before.choose("cell:0|1");
  const still = new Chooser([d("fig:a", "cell:0|1", "y")], ident).keepFrom(before);
  assert.deepEqual(still.prefix, ["fig:a", "cell:0|1"]);
  assert.deepEqual(still.next(), ["y"]);
  const partly = new Chooser([d("fig:a", "cell:5|5")], ident).keepFrom(before);
  assert.deepEqual(partly.prefix, ["fig:a"]);
  const gone = new Chooser([d("fig:b")], ident).keepFrom(before);
  assert.deepEqual(gone.prefix, []);
  const fresh = new Chooser([d("fig:b")], ident);
  assert.equal(fresh.keepFrom(null), fresh);
  assert.deepEqual(fresh.prefix, []);
});

test("the chooser reads paths once, through the board's pathOf", () => {
  let calls = 0;
  const c = new Chooser([{ n: 1 }, { n: 2 }], (a) => { calls += 1; return [`n:${a.n}`]; });
  c.next();
  c.choose("n:2");
  assert.equal(calls, 2);
});
