// The new-game form offers a choice for each seat the chosen number of players has, and no more:
// a seat beyond it is hidden and sends nothing (without scripts every seat shows, with a note).
const players = document.querySelector("#create-game select[name=players]");

function showSeats() {
  const count = Number(players.value);
  for (const seat of document.querySelectorAll("#create-game select[data-seat]")) {
    const beyond = Number(seat.dataset.seat) > count;
    seat.disabled = beyond;
    seat.closest(".field").hidden = beyond;
  }
}

if (players) {
  players.addEventListener("change", showSeats);
  showSeats();
}
