// A game's rules page: its board module draws the pieces and tiles the text names.
const config = JSON.parse(document.getElementById("page-config").textContent);
import(config.module).then((module) => {
  if (module.decorateRules) module.decorateRules(document.getElementById("rules-body"), config.data, config.gameLang);
});
