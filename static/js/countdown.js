// Time left until a deadline as a player reads it at a glance ("2d 23h", "5h 12m", "7m"), kept
// live on the page and marked urgent under 12 hours. Each <time data-countdown datetime="…"> shows
// it; the deadline itself stays written beside it in the viewer's zone.
export const URGENT_MS = 12 * 3600 * 1000;
const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(lang, name, value) {
  return new Intl.NumberFormat(lang, { style: "unit", unit: name, unitDisplay: "narrow" }).format(value);
}

/** The two largest units of the time left, never below zero. */
export function timeLeft(ms, lang = "en") {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days) return `${unit(lang, "day", days)} ${unit(lang, "hour", hours)}`;
  if (hours) return `${unit(lang, "hour", hours)} ${unit(lang, "minute", minutes)}`;
  return unit(lang, "minute", minutes);
}

/** Every countdown under `root` brought to `now`. */
export function showCountdowns(root, now = Date.now()) {
  const lang = document.documentElement.lang || "en";
  for (const element of root.querySelectorAll("time[data-countdown]")) {
    const left = new Date(element.getAttribute("datetime")).getTime() - now;
    element.textContent = timeLeft(left, lang);
    element.classList.toggle("urgent-time", left < URGENT_MS);
  }
}

// On a page (not under node --test): every countdown of the page, now and each half minute.
if (typeof document !== "undefined") {
  showCountdowns(document);
  setInterval(() => showCountdowns(document), 30000);
}
