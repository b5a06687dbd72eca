// The moderators' desk: every [data-board] element gets its game drawn by that game's board module,
// read-only, from the spectator's view written into the page.
for (const holder of document.querySelectorAll("[data-board]")) {
  const config = JSON.parse(holder.querySelector("script[type='application/json']").textContent);
  import(config.module).then((module) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "desk-picture");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", holder.dataset.label || "board");
    holder.prepend(svg);
    module.picture(svg, config.view, config.data, config.lang);
  }).catch((error) => { holder.textContent = String(error); });
}
