// A form's clock fields follow the clock chosen: each field names its clock in data-clock (the hours
// per move for a game per turn, the start, increment and cap for a time bank), and the fields of the
// clock not chosen in the form's time_control radios are hidden and disabled, so they send nothing.
// Without scripts every field shows and the site reads only the chosen clock's. Every form of the page
// with those radios follows its own: the new-game and tournament forms, the lobby's quick matches.
export function followClock(form) {
  const radios = [...form.querySelectorAll("input[type=radio][name=time_control]")];
  const follow = () => {
    const chosen = radios.find((input) => input.checked);
    const kind = chosen ? chosen.value : "per_turn";
    for (const field of form.querySelectorAll("[data-clock]")) {
      const shown = field.dataset.clock === kind;
      field.disabled = !shown;
      field.closest(".field, label").hidden = !shown;
    }
  };
  for (const input of radios) input.addEventListener("change", follow);
  follow();
}

for (const form of document.querySelectorAll("form")) {
  if (form.querySelector("input[type=radio][name=time_control]")) followClock(form);
}
