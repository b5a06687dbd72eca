// An open game's lobby: players joining, leaving or declining show at once, "Start now" appears when
// the game may start, and the whole game page takes over when it starts.
import { LiveSocket } from "./live.js";

const T = JSON.parse(document.getElementById("texts").textContent);
const lobby = document.getElementById("lobby");
let loading = false;
let again = false;

async function refresh() {
  if (loading) { again = true; return; }
  loading = true;
  try {
    const response = await fetch(window.location.href, { credentials: "same-origin" });
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("lobby");
    if (!fresh) { window.location.reload(); return; }  // started or aborted: the game page proper
    const focused = document.activeElement && document.activeElement.id;
    lobby.replaceChildren(...fresh.childNodes);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  } catch (err) {
    console.warn("lobby refresh failed", err);
  } finally {
    loading = false;
    if (again) { again = false; refresh(); }
  }
}

new LiveSocket(`/ws/games/${lobby.dataset.gameId}/`, {
  onMessage: (message) => (["started", "aborted"].includes(message.event) ? window.location.reload() : refresh()),
  onState: (state) => {
    const marker = document.getElementById("connection");
    marker.dataset.state = state;
    marker.querySelector(".label").textContent = T[state === "open" ? "online" : state] || state;
    if (state === "open") refresh();  // whatever happened before the socket listened
  },
  poll: refresh,
}).connect();

// The creator's invitation link (invites/templates/invites/box.html): Copy puts it on the clipboard and
// says so; the lobby's content is swapped on news, so the click is listened to on the lobby itself.
lobby.addEventListener("click", async (e) => {
  const button = e.target.closest("[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const said = document.getElementById("invite-copied");
  try {
    await navigator.clipboard.writeText(field.value);
    said.textContent = button.dataset.done;
  } catch {
    field.select();  // no clipboard here (an insecure page, a refusal): the link is selected to copy by hand
    said.textContent = button.dataset.select;
  }
});
