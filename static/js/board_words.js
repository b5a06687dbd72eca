// The board in words, and the keys of a player who does not look at the board (docs/frontend.md,
// "Keys and the board in words"): the text view #board-words, drawn from the rules' describe()
// (GET /api/games/<id>/text/), and single keys that jump to the prompt and to the offered targets,
// move among the targets with the arrows, and say the reader's pieces, the focused target's place,
// each player's last turn, the scores and the time left in the live region #answer.
import { api } from "./live.js";
import { html as text } from "./svg.js";

const $ = (id) => document.getElementById(id);

/** What each key asks; the page's key table (#keys-help) says the same. */
export const KEYS = { t: "targets", p: "prompt", m: "mine", i: "here", l: "turns", s: "scores", c: "clock", b: "words", "?": "help" };

/** The target an arrow key (or Home / End) leads to from `at` among `count` offered targets, in a ring;
 * null for any other key. */
export function stepAmong(count, at, key) {
  if (!count) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[key];
  if (delta === undefined) return null;
  return at < 0 ? (delta > 0 ? 0 : count - 1) : (at + delta + count) % count;
}

/** A key press meant for the page, not for a text field or a shortcut of the browser's. */
export function pageKey(e) {
  return !e.ctrlKey && !e.metaKey && !e.altKey && !e.isComposing
    && !(e.target && e.target.closest && e.target.closest("input, textarea, select, [contenteditable]"));
}

/** The lines one command says, from the board in words (`words`, the API's answer) and the texts `T`. */
export function answerFor(command, words, T, place = null) {
  const line = (parts) => parts.filter(Boolean).join(". ");
  switch (command) {
    case "mine":
      return line([words.you && T.youPlay.replace("%(seat)s", words.you), ...(words.mine.length ? words.mine : [T.nothingYours])]);
    case "scores":
      return line(words.scores);
    case "turns":
      return words.turns.length ? words.turns.map((t) => `${t.name}: ${t.lines.join(" ")}`).join(" — ") : T.noTurnYet;
    case "here": {
      const found = place && words.places.find((p) => p.place === place);
      return found ? line([found.name, ...found.lines]) : T.noPlace;
    }
    default:
      return "";
  }
}

/** The board in words as lists under headings: the reader's side, the scores, the last turns, every place. */
export function drawWords(body, words, T) {
  const section = (title, items) => [text("h3", title), text("ul", null)].map((node, i) => {
    if (i) node.append(...items.map((item) => (typeof item === "string" ? text("li", item) : item)));
    return node;
  });
  const place = (p) => {
    const li = text("li", null, { "data-place": p.place });
    li.append(text("strong", p.name), p.lines.length ? `: ${p.lines.join(". ")}` : "");
    return li;
  };
  const heading = text("h3", T.wordsYou, { tabindex: "-1", id: "board-words-start" });
  const yours = text("ul", null);
  yours.append(...[words.you && T.youPlay.replace("%(seat)s", words.you), ...words.mine].filter(Boolean).map((l) => text("li", l)));
  body.replaceChildren(heading, yours,
    ...section(T.wordsScores, words.scores),
    ...section(T.wordsTurns, words.turns.map((t) => `${t.name}: ${t.lines.join(" ")}`)),
    ...section(T.wordsPlaces, words.places.map(place)));
}

/** Wires the keys and the text view. `page`: {id, lang, T, root, board(), seq(), say(words)}; returns
 * `changed()`, which the page calls when the game has a new version (the text view follows it). */
export function wireBoardWords(page) {
  let words = null;
  let wordsSeq = null;
  const details = $("board-words");
  const load = async () => {
    const seq = page.seq();
    if (words && wordsSeq === seq) return words;
    words = await api(`/api/games/${page.id}/text/?lang=${page.lang}`);
    wordsSeq = seq;
    return words;
  };
  // Drawn once per version of the game; a reader inside the text view when it changes is kept in it.
  const showWords = async () => {
    const body = $("board-words-body");
    body.setAttribute("aria-busy", "true");
    try {
      const fresh = await load();
      if (body.dataset.seq === String(wordsSeq)) return;
      const inside = body.contains(document.activeElement);
      drawWords(body, fresh, page.T);
      body.dataset.seq = String(wordsSeq);
      if (inside) $("board-words-start").focus();
    } finally {
      body.removeAttribute("aria-busy");
    }
  };
  const answer = (words) => {
    const region = $("answer");
    region.textContent = "";  // the same answer asked again is said again
    requestAnimationFrame(() => { region.textContent = words; });
  };
  const targets = () => [...page.root.querySelectorAll(".choice[data-token]:not([disabled])")];
  const commands = {
    targets: () => (targets()[0] || $("prompt")).focus(),
    prompt: () => $("prompt").focus(),
    help: () => { $("keys-help").open = true; $("keys-help").querySelector("summary").focus(); },
    words: async () => {
      details.open = true;
      await showWords();
      $("board-words-start").focus();
    },
    clock: () => answer([$("turn").textContent, $("deadline").textContent].filter((t) => t.trim()).join(". ")),
  };
  const ask = async (command) => {
    if (commands[command]) return commands[command]();
    const board = page.board();
    const place = board && board.placeOf ? board.placeOf(document.activeElement) : null;
    try {
      answer(answerFor(command, await load(), page.T, place));
    } catch (error) {
      answer(error.message || page.T.refused);
    }
  };
  document.addEventListener("keydown", (e) => {
    if (!pageKey(e) || document.querySelector("dialog[open]")) return;
    const list = targets();
    const at = list.indexOf(e.target instanceof Element ? e.target.closest(".choice[data-token]") : null);
    if (at >= 0) {
      const next = stepAmong(list.length, at, e.key);
      if (next !== null) {
        e.preventDefault();
        list[next].focus();
        return;
      }
    }
    const command = KEYS[e.key.length === 1 ? e.key.toLowerCase() : ""];
    if (command) {
      e.preventDefault();
      ask(command);
    }
  });
  details.addEventListener("toggle", () => { if (details.open) showWords().catch(() => {}); });
  return () => { if (details.open) showWords().catch(() => {}); };
}
