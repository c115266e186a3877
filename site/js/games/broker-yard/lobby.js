// Broker-Yard in the lobby (site/js/hall/games.js lobbyOf): what the lobby's form, its saved
// games and its statistics ask of a game, without the table, which loads when the game is
// played (index.js adds the table's parts to these).

import { money, amount } from "../../shell/i18n.js";
import { GAME, tg, useCatalog } from "./cards.js";

export default {
  game: GAME,
  useCatalog,
  css: true, // site/css/games/broker-yard.css

  /** The options worth a glance: mode, deal, summation, stop-loss. */
  chips(o) {
    const chips = [
      tg(`option.mode.${o.mode}`),
      tg("chip.deal", { deal: o.deal }),
      tg(`option.summation.${o.summation}`),
    ];
    if (o.stop_loss) chips.push(tg("chip.stop_loss", { spread: money(o.spread) }));
    return chips;
  },
  scoreText: money,
  /** A capital in the lobby's statistics: compact from a million on, the exact figure on focus. */
  scoreNode: amount,
};
