// What the player has seen: whenever the game page shows them the present (on load, and after every
// live update while the tab is in view), the server hears the game's seq (POST /api/games/<id>/seen/).
// My games counts what is newer, and the next visit's "Since you last looked" tells it.
import { api } from "./live.js";

const root = document.getElementById("game-root");
const config = JSON.parse(document.getElementById("page-config").textContent);
let told = -1;

async function tell() {
  const seq = Number(root.dataset.seq);
  if (document.hidden || !Number.isInteger(seq) || seq <= told) return;
  told = seq;
  try {
    await api(`/api/games/${config.id}/seen/`, { method: "POST", body: { seq } });
  } catch {
    told = -1; // said again at the next redraw or return to the tab
  }
}

if (root && config.yourSeat !== null) {
  new MutationObserver(tell).observe(root, { attributes: true, attributeFilter: ["data-seq"] });
  document.addEventListener("visibilitychange", tell);
  tell();
}
