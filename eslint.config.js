// eslint checks the code the site sends to browsers (static/, each game's board module, each app's
// static/<app>/*.js) and the Node tests of it (tests/js/): run `node_modules/.bin/eslint .` at the top (bin/test does).
//
// @eslint/js's recommended rules for everything, and five more, each because it keeps out a kind
// of mistake this code could make and the code already follows it (adding them needed no fix):
// - eqeqeq "smart": no == or != with its type coercion ("0" == 0), except `x == null`, which asks
//   "null or undefined" in one test;
// - no-var and prefer-const: a name is let only where it is reassigned, so a reader sees which
//   ones change, and no var leaks out of the block it was written in;
// - array-callback-return: a map/filter/find/sort callback that forgets to return gives undefined
//   silently (a blank line in a list, a filter that drops everything);
// - no-template-curly-in-string: "${x}" in plain quotes, a template literal that lost its backticks,
//   would show the player the braces.
// Tried and left out: no-shadow, consistent-return, require-atomic-updates, no-console and a few
// others found only style (a sort's (a, b) inside a function with its own b) or false alarms
// (require-atomic-updates on every await that reads state), and would have meant churn for nothing.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "node_modules/",
      ".venv*/",
      // collectstatic's output (settings.STATIC_ROOT): copies of static/ and Django admin's scripts.
      "staticfiles/",
      // The service worker is a Django template ({% for %} inside an array, {% url %} in strings),
      // not JavaScript until games.entry.pwa renders it; eslint cannot parse it.
      "templates/pwa/sw.js",
    ],
  },
  js.configs.recommended,
  {
    rules: {
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
      "array-callback-return": "error",
      "no-template-curly-in-string": "error",
    },
  },
  {
    // Served as ES modules (<script type="module">) to the browser.
    files: ["**/static/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // Node's test runner (node --test tests/js/) and this file.
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
