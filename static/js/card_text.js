// A card's whole text in a small dialog, for every game's board (docs/games.md, "Cards and their
// text"): a native tooltip shows nothing on a phone, and while a card is offered its tooltip names the
// action instead. A board module marks each card it draws with data-card (the card's key), may draw a
// small button with data-card-info beside it (so that an offered card, whose click chooses it, can be
// read too), and answers cardText(key) with { title, lines }; the page opens the dialog on a click, a
// tap, Enter or Space. The dialog closes with Escape, its button or a click beside it, and gives the
// focus back to what opened it.
import { html } from "./svg.js";

let dialog = null;

function theDialog() {
  if (dialog) return dialog;
  dialog = html("dialog", null, { id: "card-text", class: "card-dialog", "aria-labelledby": "card-text-title" });
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();  // the backdrop: the dialog's own box is filled by its content
  });
  dialog.addEventListener("close", () => {
    if (dialog.opener && dialog.opener.isConnected) dialog.opener.focus();
  });
  document.body.append(dialog);
  return dialog;
}

/** Opens the dialog on `text` ({ title, lines }), its button named `closeWord`, for `opener`. */
export function showCardText(text, opener, closeWord) {
  const box = theDialog();
  const close = html("button", closeWord, { type: "button", class: "card-dialog-close" });
  close.addEventListener("click", () => box.close());
  const body = html("div", null, { class: "card-dialog-body" });
  body.append(html("h2", text.title, { id: "card-text-title" }), ...text.lines.map((line) => html("p", line)));
  box.replaceChildren(body, close);
  box.opener = opener;
  if (box.open) box.close();
  box.showModal();
  close.focus();
}

/** The card a click or a key chose to read, or null: its info button always; the card itself only
 * where it is not offered (`offered`: the target the click chooses, if any). */
export function cardToRead(target, offered) {
  const info = target.closest("[data-card-info]");
  if (info) return { node: info, key: info.dataset.cardInfo };
  const card = !offered && target.closest("[data-card]");
  return card ? { node: card, key: card.dataset.card } : null;
}

/** Opens the card's text if the board module gives one; true when it did. */
export function readCard(board, found, closeWord) {
  const text = found && board.cardText ? board.cardText(found.key) : null;
  if (text) showCardText(text, found.node, closeWord);
  return Boolean(text);
}
