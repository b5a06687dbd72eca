// The players' colours (static/js/svg.js) read as their names: "red" is drawn red, not orange, in every
// game's drawing, and the page's text in a player's colour (site.css .ink-*) is the same colour.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PLAYER_COLOURS } from "../../static/js/svg.js";

function hue(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const NAMED_HUES = { red: 0, yellow: 55, green: 150, blue: 210 };

test("each player's colour lies near the hue its name says", () => {
  for (const [name, expected] of Object.entries(NAMED_HUES)) {
    const off = Math.abs(((hue(PLAYER_COLOURS[name]) - expected + 540) % 360) - 180);
    assert.ok(off <= 15, `${name} is drawn ${PLAYER_COLOURS[name]} (hue ${hue(PLAYER_COLOURS[name]).toFixed(0)}°)`);
  }
});

test("text in a player's colour on a light page is that very colour", () => {
  const css = readFileSync(new URL("../../static/css/site.css", import.meta.url), "utf8");
  for (const [name, value] of Object.entries(PLAYER_COLOURS)) {
    assert.match(css, new RegExp(`\\.ink-${name} \\{ color: ${value}; \\}`, "i"), name);
  }
});
