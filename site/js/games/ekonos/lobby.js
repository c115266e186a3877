// Ekonos in the lobby (site/js/hall/games.js lobbyOf): what the lobby's form, its saved games
// and its statistics ask of a game, without the table, which loads when the game is played
// (index.js adds the table's parts to these).

import { GAME, tg, useCatalog } from "./words.js";

export default {
  game: GAME,
  useCatalog,
  css: true,
  chips: () => [],
  scoreText: (n) => tg("score", { count: n }),
};
