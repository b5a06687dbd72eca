// The account pages: a new account takes the browser's time zone (the settings page can change it later).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
for (const input of document.querySelectorAll('input[name="time_zone"]')) {
  if (zone && !input.value) input.value = zone;
}
