// Every page of a signed-in user listens on /ws/me/: "your turn" updates the badge and the title,
// and shows a browser notification when the tab is in the background.
import { api, LiveSocket } from "./live.js";

const listeners = [];

export function onUserEvent(callback) {
  listeners.push(callback);
}

async function updateBadge() {
  const waiting = (await api("/api/me/")).games_waiting;
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
      new Notification("Argo Station", { body: message.title ? `${message.title} #${message.game}` : `#${message.game}`, tag: `game-${message.game}` });
    }
    updateBadge().catch(() => {});
    listeners.forEach((callback) => callback(message));
  },
  // Marked on the page, so that tests (and styles) know when the page hears live news.
  onState: (connection) => { document.documentElement.dataset.userSocket = connection; },
  poll: () => updateBadge().catch(() => {}),
  pollEvery: 60000,
});
socket.connect();
