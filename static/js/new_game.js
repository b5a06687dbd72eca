// The new-game form offers a choice for each seat the chosen number of players has, and no more:
// a seat beyond it is hidden and sends nothing (without scripts every seat shows, with a note).
// Likewise it shows only the game's options that apply at that table (each field lists the player
// counts it applies to in data-players, from the rules' options_for): a hidden option sends nothing.
const players = document.querySelector("#create-game select[name=players]");

function show(select, shown) {
  select.disabled = !shown;
  select.closest(".field").hidden = !shown;
}

function showSeats() {
  const count = Number(players.value);
  for (const seat of document.querySelectorAll("#create-game select[data-seat]")) {
    show(seat, Number(seat.dataset.seat) <= count);
  }
  for (const option of document.querySelectorAll("#create-game select[data-players]")) {
    show(option, option.dataset.players.split(" ").includes(String(count)));
  }
}

if (players) {
  players.addEventListener("change", showSeats);
  showSeats();
}
