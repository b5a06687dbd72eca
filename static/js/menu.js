// The site's navigation on a narrow screen: folded into the menu button, opened and closed by a click,
// a tap, Enter or Space (it is a button), closed again by Escape or a click elsewhere. Wide screens show
// the links as they are; so does a browser without scripts (the button stays hidden then).
const button = document.getElementById("menu-button");
const nav = document.getElementById("site-nav");
const header = button && button.closest(".topbar");

function setOpen(open, refocus = false) {
  button.setAttribute("aria-expanded", String(open));
  header.classList.toggle("menu-open", open);
  if (refocus) button.focus();
}

if (button && nav && header) {
  header.classList.add("has-menu");
  button.hidden = false;
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && header.classList.contains("menu-open")) setOpen(false, nav.contains(document.activeElement));
  });
  document.addEventListener("click", (e) => {
    if (header.classList.contains("menu-open") && !header.contains(e.target)) setOpen(false);
  });
}
