// Loads each game's board module in Node (not a test file itself: node --test runs *.test.mjs).
// The drawing parts need a DOM and are tested in Chromium (tests/browser); importing a board module
// touches no DOM, so its pure exports (pathOf, label, columns, notes, placePattern) are tested here.
import { register } from "node:module";

register("./static-paths.mjs", import.meta.url);

export const argo = await import("../../games/rules/argo/static/argo/board.js");
export const andromeda = await import("../../games/rules/andromeda/static/andromeda/board.js");
