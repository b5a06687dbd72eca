// "My games" follows the player's own events (a turn, an invitation, a game over) by reloading.
// Each row of a game that has started gets its board's small picture and the player's standing
// (the first column of the game's players table: a score, VP, LP), read from the game as the
// player's own page reads it, once the row comes into view: a list of two hundred games asks for
// the few on the screen.
import "./countdown.js";
import { api } from "./live.js";
import { onUserEvent } from "./notifier.js";

onUserEvent(() => window.location.reload());

const boardsNode = document.getElementById("row-boards");
const boards = boardsNode ? JSON.parse(boardsNode.textContent) : {};
const modules = {};

function moduleOf(name) {
  modules[name] ??= import(boards[name].module);
  return modules[name];
}

/** The viewer's standing as the game's players table shows it first ("Score 12"), or "". */
function standing(module, game, lang) {
  const seat = game.seats.find((s) => s.order === game.your_seat);
  const [first] = module.columns ? module.columns(game.view, lang) : [];
  if (!seat || !first) return "";
  const value = first.value(seat.order, seat.colour);
  return value === "" || value === undefined || value === null ? "" : `${first.title} ${value}`;
}

async function drawRow(svg) {
  const holder = svg.closest("li");
  holder.setAttribute("aria-busy", "true");
  try {
    const config = boards[svg.dataset.name];
    const [module, game] = await Promise.all([moduleOf(svg.dataset.name), api(`/api/games/${svg.dataset.rowPicture}/`)]);
    module.picture(svg, game.view, config.data, config.gameLang);
    svg.dataset.drawn = "yes";
    const line = holder.querySelector("[data-row-standing]");
    if (line) line.textContent = standing(module, game, config.gameLang);
  } catch (error) {
    svg.dataset.drawn = "failed";  // the row still says everything else; the picture is a help
    console.warn(`no picture for game ${svg.dataset.rowPicture}: ${error.message}`);
  } finally {
    holder.removeAttribute("aria-busy");
  }
}

const pictures = document.querySelectorAll("svg[data-row-picture]");
if (pictures.length && "IntersectionObserver" in window) {
  const watcher = new IntersectionObserver((entries) => {
    for (const entry of entries.filter((e) => e.isIntersecting)) {
      watcher.unobserve(entry.target);
      drawRow(entry.target);
    }
  }, { rootMargin: "200px" });
  pictures.forEach((svg) => watcher.observe(svg));
} else {
  pictures.forEach(drawRow);
}
