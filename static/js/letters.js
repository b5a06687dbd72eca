// Direct messages, live: every page of a signed-in player keeps the menu's unread count beside
// "Messages" up to date from /ws/me/ (the server says the count, never a message's text), and the
// messages pages fetch their list anew when it changed, as the server renders it for the reader.
import { onUserEvent } from "./notifier.js";

const EVENTS = new Set(["letter", "letter_hidden"]);

export function showUnread(count, badge = document.getElementById("letters-badge")) {
  if (!badge) return;
  badge.textContent = String(count);
  badge.hidden = !count;
}

// The list a page shows that a message from `from` changes: the conversation with them, or the
// list of conversations; none on other pages. A hidden message changes any of them.
export function listToRefresh(message, doc = document) {
  const conversation = doc.getElementById("letters");
  if (conversation) {
    return message.event === "letter_hidden" || conversation.dataset.with === message.from ? conversation : null;
  }
  return doc.getElementById("letters-list");
}

async function refresh(list) {
  const response = await fetch(window.location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const freshList = fresh.getElementById(list.id);
  if (freshList) list.replaceChildren(...freshList.childNodes);
  // reading the conversation anew marked it read: the fetched page's count is the one now
  const freshBadge = fresh.getElementById("letters-badge");
  if (freshBadge) showUnread(Number(freshBadge.textContent) || 0);
}

onUserEvent((message) => {
  if (!EVENTS.has(message.event)) return;
  showUnread(message.unread);
  const list = listToRefresh(message);
  if (list) refresh(list).catch(() => {});
});
