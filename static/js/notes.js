// The player's private note beside the board: saved as it is typed (a moment after the last key,
// and when the box loses focus or the page goes), with what happened said beside it.
import { api, csrfToken } from "./live.js";

const PAUSE = 700; // ms after the last key: one save per pause in typing, not one per key

const box = document.getElementById("note-text");
if (box) {
  const status = document.getElementById("note-status");
  let kept = box.value;
  let timer = null;
  let saving = Promise.resolve();

  const save = () => {
    clearTimeout(timer);
    const text = box.value;
    if (text === kept) return saving;
    status.textContent = box.dataset.saving;
    saving = saving.then(async () => {
      try {
        await api(box.dataset.api, { method: "PUT", body: { text } });
        kept = text;
        status.textContent = box.value === kept ? box.dataset.saved : box.dataset.saving;
      } catch (error) {
        status.textContent = `${box.dataset.failed}: ${error.message}`;
      }
    });
    return saving;
  };

  box.disabled = false;
  box.addEventListener("input", () => {
    clearTimeout(timer);
    status.textContent = box.dataset.saving;
    timer = setTimeout(save, PAUSE);
  });
  box.addEventListener("blur", save);
  // Leaving the page mid-pause: the last words go with a request that outlives the page.
  window.addEventListener("pagehide", () => {
    if (box.value === kept) return;
    fetch(box.dataset.api, {
      method: "PUT", keepalive: true, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify({ text: box.value }),
    });
  });
}
