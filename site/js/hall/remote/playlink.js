// The state links a player's page keeps (docs/multiplayer.md, "What a player's page keeps"):
// per hosted game {link, step, over, verified, code, codeStep, game, ...} (store key
// play.<game id>) and the list of those games (plays). A link is kept only when it can be
// shown: a browser holding an invite for the game takes only links that verify with it (a
// link that does not is refused and nothing is kept, so a forged "round 99" locks nobody
// out); a spectator, who cannot verify anything, is shown any link whose view the engine
// rebuilds and the game's table draws, but its step is never kept as a barrier; a view the
// engine refuses or the table cannot draw is refused before anything is kept.

import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call } from "../../shell/ui.js";
import { readStateLink } from "../../net/links.js";
import { book } from "./book.js";
import { useGame, gameOfTag } from "../games.js";
import { prePanel, checkDeal } from "./fairplayer.js";
import { loadPlay, savePlay } from "../lobby/together.js";

export const refusal = (code, params = {}) => Object.assign(new Error(code), { code, params });

// a redraw of the same link with the same invite (a card picked, a tab opened) reuses what
// was read: the page changes at once, without opening the link and asking Python again
let lastRead = { key: null };
const readKey = (link, inv) => JSON.stringify([link, inv && [inv.seat, inv.epoch, Array.from(inv.secret)]]);

/** What a read state link shows: its game ({name, game}: table, catalog, engine installed),
 *  the view the engine rebuilds from its parts (null before a fair game's deal), the
 *  seats' kinds the link tells (which are bots, as the host's table marks them) and `undo`:
 *  the step the seat's latest action was made at when the host would take it back, else
 *  null. The engine refuses parts it cannot read (code_invalid). */
async function viewOf(got) {
  const name = gameOfTag(got.game);
  const game = await useGame(name);
  if (got.step < 0) return { name, game, view: null, kinds: null, undo: null };
  // (no openingAhead here: the engine reads a link in a few ms, so the table is drawn before
  // the lookups are done; measured in WebKit, it did not lower the first table's stall)
  const { view, kinds, undo } = await call(
    "net_link_view",
    { game: name, public: got.public, private: got.private, seat: got.seat },
    { busy: true },
  );
  return { name, game, view, kinds, undo };
}

/** The kept link of game g, read: {got, name, game, view, kinds}. */
export async function readPlay(g, link) {
  const key = readKey(link, book.invite(g));
  if (lastRead.key !== key) {
    const got = await readStateLink(link, book.keyring());
    lastRead = { key, got, ...(await viewOf(got)) };
  }
  return lastRead;
}

/** Draw what the page would show, aside: a view the game's table cannot draw (a spectator's
 *  link with a public part no host made) is refused here, before it is kept, instead of
 *  breaking the page. The table's callbacks do nothing; a table draws nothing elsewhere. */
function tryDraw(g, got, { name, game, view, kinds }) {
  try {
    if (got.step < 0) {
      prePanel(g, { ...got, seat: null });
      return;
    }
    game.table.heading(view);
    game.table.chips(view.options);
    const nothing = () => null;
    game.table.remote({
      game: name,
      view,
      kinds,
      seat: got.seat,
      step: got.step,
      over: got.over,
      remote: true,
      draft: {},
      saveLabel: t("net.make_code"),
      redraw: nothing,
      sent: false,
      again: nothing,
      act: async () => null,
    });
  } catch (error) {
    console.warn("a state link's view cannot be drawn", error);
    throw refusal("code_invalid", { where: "view" });
  }
}

/** Keep a pasted or visited state link. Resolves with the game id, or throws a refusal and
 *  keeps nothing. */
export async function keepLink(text) {
  const got = await readStateLink(text, book.keyring());
  gameOfTag(got.game);
  // this browser holds an invite for the game, and the link does not verify with it
  if (got.problem) throw refusal(got.problem);
  const g = got.gameId;
  const play = loadPlay(g);
  // only a step that verified keeps an older link out
  if (play.link && play.verified === true && (play.step > got.step || (play.over && !got.over)))
    throw refusal("link_old_step");
  const link = text.slice(text.lastIndexOf("#") + 1).replace(/\s+/g, "");
  checkDeal(g, got); // a fair deal's commitments: the ones this device saw first, or refused
  const read = { key: readKey(link, book.invite(g)), got, ...(await viewOf(got)) };
  tryDraw(g, got, read);
  lastRead = read;
  const same = play.verified === true && got.verified && play.step === got.step && !!play.over === got.over;
  savePlay(g, {
    ...play,
    game: read.name,
    link,
    verified: got.verified,
    step: got.verified ? got.step : null,
    over: got.over,
    ...(same ? {} : { code: null, codeStep: null }),
  });
  return g;
}
