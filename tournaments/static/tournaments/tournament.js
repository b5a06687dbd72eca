// A tournament's page redraws its standings and pairings when the server says something changed
// (a sign-up, a game ended, a round began), and polls while the socket is down.
import { LiveSocket } from "../js/live.js";

const live = document.getElementById("tournament-live");

async function redraw() {
  const response = await fetch(window.location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("tournament-live");
  if (fresh) live.replaceChildren(...fresh.childNodes);
}

if (live) {
  new LiveSocket(`/ws/tournaments/${live.dataset.tournament}/`, { onMessage: redraw, poll: redraw }).connect();
}
