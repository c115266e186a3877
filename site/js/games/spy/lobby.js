// ¿Quién es el Espía? in the lobby (site/js/hall/games.js lobbyOf): what the lobby's form (the
// role counts and the balance hint), its saved games and its statistics ask of a game, without
// the table, which loads when the game is played (index.js adds the table's parts to these).

import { GAME, tg } from "./words.js";
import { setupEditor, ownOptions, useSetupCatalog } from "./setup.js";

export default {
  game: GAME,
  css: true,
  useCatalog: useSetupCatalog,

  /** The options worth a glance: timed days, what a death reveals, ties, parity, the
   *  stalemate rule (not the rule book's: named wherever the game is). */
  chips(o) {
    const chips = [o.day_minutes ? tg("chip.timed", { minutes: o.day_minutes }) : tg("chip.untimed")];
    if (o.reveal !== "none") chips.push(tg(`chip.reveal.${o.reveal}`));
    if (o.tie !== "none") chips.push(tg("chip.tie_random"));
    if (o.parity) chips.push(tg("chip.parity"));
    if (o.stall_cycles) chips.push(tg("chip.stalemate", { count: o.stall_cycles }));
    return chips;
  },
  scoreText: (n) => (n ? tg("score.won") : tg("score.lost")),

  // the lobby: the role counts and the balance hint
  lobby: setupEditor,
  lobbyOptions: ownOptions,
};
