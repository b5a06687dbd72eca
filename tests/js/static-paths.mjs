// Module resolution as the site serves static files: a game's board module lives in
// games/rules/<game>/static/<game>/board.js and imports "../js/svg.js", which collectstatic puts
// beside static/js/. This hook maps those imports to static/js/ so Node can load the board modules.
// Registered by tests/js/boards.mjs (module.register).
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const GAMES = path.join(ROOT, "games", "rules");

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith("../js/") && context.parentURL && context.parentURL.startsWith("file:")) {
    const parent = fileURLToPath(context.parentURL);
    if (parent.startsWith(GAMES + path.sep) && parent.includes(`${path.sep}static${path.sep}`)) {
      const target = path.join(ROOT, "static", "js", specifier.slice("../js/".length));
      return nextResolve(pathToFileURL(target).href, context);
    }
  }
  return nextResolve(specifier, context);
}
