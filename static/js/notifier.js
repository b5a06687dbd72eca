// Every page of a signed-in user listens on /ws/me/: "your turn" updates the badge and the title,
// and shows a browser notification when the tab is in the background.
import { api, LiveSocket } from "./live.js";

const listeners = [];

export function onUserEvent(callback) {
  listeners.push(callback);
}

async function updateBadge() {
  const games = await api("/api/games/?status=active&mine=1");
  let waiting = 0;
  const me = document.body.dataset.user;
  for (const game of games.results) {
    const seat = game.seats.find((s) => s.username === me);
    if (seat && !seat.played_by_bot && game.current_seat === seat.order) waiting += 1;
  }
  const badge = document.getElementById("waiting-badge");
  if (badge) {
    badge.textContent = waiting;
    badge.hidden = waiting === 0;
  }
  document.title = document.title.replace(/^\(\d+\) /, "");
  if (waiting) document.title = `(${waiting}) ${document.title}`;
}

const socket = new LiveSocket("/ws/me/", {
  onMessage: (message) => {
    if (message.event === "your_turn" && "Notification" in window && Notification.permission === "granted" && document.hidden) {
      new Notification("Argo Station", { body: `#${message.game}`, tag: `argo-${message.game}` });
    }
    updateBadge().catch(() => {});
    listeners.forEach((callback) => callback(message));
  },
  poll: () => updateBadge().catch(() => {}),
  pollEvery: 60000,
});
socket.connect();
