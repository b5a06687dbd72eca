// "Next game (N waiting) ›" on a game page: how many other games wait for the player, kept up to
// date from the header's badge (notifier.js refreshes it on every live notice), and the key N.
const link = document.getElementById("next-game");
const badge = document.getElementById("waiting-badge");

// The badge counts this game too while the player decides here (or is invited to it).
function waitingHere() {
  const root = document.getElementById("game-root");
  return root ? root.dataset.myTurn === "yes" : Boolean(document.getElementById("decline"));
}

function show() {
  const all = badge && !badge.hidden ? Number(badge.textContent) || 0 : 0;
  const others = Math.max(0, all - (waitingHere() ? 1 : 0));
  const words = others === 0 ? link.dataset.none : others === 1 ? link.dataset.one : link.dataset.many.replace("N", String(others));
  document.getElementById("next-game-count").textContent = `(${words})`;
  link.dataset.others = String(others);
}

if (link) {
  show();
  const watch = new MutationObserver(show);
  if (badge) watch.observe(badge, { childList: true, characterData: true, subtree: true, attributes: true });
  const root = document.getElementById("game-root");
  if (root) watch.observe(root, { attributes: true, attributeFilter: ["data-my-turn"] });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "n" || e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, textarea, select, [contenteditable]")) return;
    e.preventDefault();
    window.location.assign(link.href);
  });
}

// The preference "go on to the next game by itself after my turn": once a decision made on this page
// ends the player's turn (game.js says so from the decision's own answer: "turn-passed"), the page opens
// the next game, if another one waits for their decision (the site's list says, not the badge, which may
// not have heard of this turn's end yet). None: it stays. The answer, not data-my-turn, decides: a
// redraw while the decision is on its way may draw the turn as over, or as still running, for a moment.
async function anotherWaits(gameId) {
  try {
    const answer = await fetch("/api/games/?mine=1&waiting=1", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!answer.ok) return false;
    return (await answer.json()).results.some((game) => String(game.id) !== gameId);
  } catch {
    return false;
  }
}

if (link && link.dataset.afterTurn === "yes" && document.getElementById("game-root")) {
  document.getElementById("game-root").addEventListener("turn-passed", async () => {
    if (await anotherWaits(new URL(link.href).searchParams.get("from"))) window.location.assign(link.href);
  });
}
