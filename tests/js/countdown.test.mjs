// The time left as the pages write it (static/js/countdown.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { timeLeft } from "../../static/js/countdown.js";

const MINUTE = 60000;
const HOUR = 60 * MINUTE;

test("the two largest units, never below zero", () => {
  assert.equal(timeLeft(2 * 24 * HOUR + 23 * HOUR + 59 * MINUTE), "2d 23h");
  assert.equal(timeLeft(5 * HOUR + 12 * MINUTE + 30000), "5h 12m");
  assert.equal(timeLeft(7 * MINUTE + 59000), "7m");
  assert.equal(timeLeft(-5 * MINUTE), "0m");
});

test("in the reader's language", () => {
  assert.notEqual(timeLeft(3 * HOUR, "de"), timeLeft(3 * HOUR, "en"));
  assert.match(timeLeft(3 * HOUR, "de"), /^3/);
});
