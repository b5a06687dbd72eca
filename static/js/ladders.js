// A ladder's page follows the ladder live: when its places or games change (a challenge decided, a
// player joining or leaving), the server tells the players concerned on /ws/me/ (the ladder's id
// only), and their open page reads its standings, games and history again as the server renders them.
import { onUserEvent } from "./notifier.js";

const PARTS = ["standings", "games", "history"];

async function redraw() {
  const response = await fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of PARTS) {
    const shown = document.getElementById(id), next = fresh.getElementById(id);
    if (shown && next) shown.replaceChildren(...next.childNodes);
  }
}

onUserEvent((message) => {
  const standings = document.getElementById("standings");
  if (message.event !== "ladder" || !standings || standings.dataset.ladder !== String(message.ladder)) return;
  redraw().catch(() => {});
});
