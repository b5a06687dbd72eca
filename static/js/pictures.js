// Small static drawings of each game's board (the lobby's game cards): each game's own board module
// draws its start position into the <svg data-picture="name"> of its card.
const pictures = JSON.parse(document.getElementById("pictures").textContent);

for (const [name, config] of Object.entries(pictures)) {
  const svg = document.querySelector(`[data-picture="${name}"]`);
  if (!svg) continue;
  import(config.module)
    .then((module) => module.picture(svg, config.view, config.data, config.gameLang))
    .catch((error) => console.error(`no picture for ${name}: ${error.stack}`));
}
