// Loads each game's board module in Node (not a test file itself: node --test runs *.test.mjs).
// The drawing parts need a DOM and are tested in Chromium (tests/browser); importing a board module
// touches no DOM, so its pure exports (pathOf, label, columns, notes, placePattern) are tested here.
// The games are the packages with a board module (games/rules/<name>/static/<name>/board.js), so a
// game added beside the others is loaded without a change here.
import { register } from "node:module";
import { existsSync, readdirSync, readFileSync } from "node:fs";

register("./static-paths.mjs", import.meta.url);

const GAMES = new URL("../../games/rules/", import.meta.url);
const boardOf = (name) => new URL(`${name}/static/${name}/board.js`, GAMES);

export const names = readdirSync(GAMES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(boardOf(entry.name)))
  .map((entry) => entry.name)
  .sort();

/** Every game's board module by the game's name. */
export const boards = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await import(boardOf(name))])));

/** A game's board words in `lang` as its client_data hands them to the page (`words`), written out by
 * bin/game-texts from the game's catalogue (tests/rules/test_catalogues.py checks they are current). */
export const wordsOf = (name, lang) => JSON.parse(readFileSync(new URL(`./words/${name}.${lang}.json`, import.meta.url), "utf8"));
