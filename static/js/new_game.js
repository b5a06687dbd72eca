// The new-game form offers a choice for each seat the chosen number of players has, and no more:
// a seat beyond it is hidden and sends nothing (without scripts every seat shows, with a note).
// Likewise a form that chooses a table size (the new game's players, a tournament's players at each
// table: the select marked data-table-size) shows only the game's options that apply at that size
// (each option lists the sizes it applies to in data-players, from the rules' options_for): a hidden
// option sends nothing. The clock's fields follow the clock chosen (clocks.js).
import "./clocks.js";

const size = document.querySelector("form select[data-table-size]");

function show(select, shown) {
  select.disabled = !shown;
  select.closest(".field").hidden = !shown;
}

function follow() {
  const count = Number(size.value);
  for (const seat of size.form.querySelectorAll("select[data-seat]")) {
    show(seat, Number(seat.dataset.seat) <= count);
  }
  for (const option of size.form.querySelectorAll("select[data-players]")) {
    show(option, option.dataset.players.split(" ").includes(String(count)));
  }
}

if (size) {
  size.addEventListener("change", follow);
  follow();
}
