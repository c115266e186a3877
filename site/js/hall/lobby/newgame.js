// A new game hosted on this device: its id, its creation in the session (or a fair deal's
// exchange first, fairhost.js), and keeping what the session stored of a game in the browser.

import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, notify } from "../../shell/ui.js";
import { useGame } from "../games.js";
import { recordEnd } from "../archive/stats.js";

export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 12);
}

/** A new hosted game of `game`; resolves its id. */
export async function createGame(game, options, typed) {
  const { catalog } = await useGame(game);
  // the names as the engine keeps them (nothing invisible, no look-alikes): the game, its
  // invites and a fair deal's exchange all use these
  const names = await call("hall_names", { names: typed.map((s) => s.name) });
  const seats = typed.map((s, i) => ({ ...s, name: names[i] }));
  const id = randomId();
  const created = new Date().toISOString();
  // a fair deal with remote seats: the seed comes from every device's value (fairhost.js)
  // (the net layer loads with the first game that has remote seats, not with the lobby)
  if (catalog.fair && seats.some((s) => s.kind === "remote"))
    return (await import("../remote/fairhost.js")).createPending(id, game, options, seats, { created });
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
  const stored = await call("hall_create", { id, game, options, seats, seed, meta: { created } }, { busy: true });
  const remote = seats.some((s) => s.kind === "remote");
  const blob = { id, game, created, ui: { tab: remote ? "net" : null, seat: null } };
  if (remote) blob.net = await (await import("../remote/host.js")).createHost(id, game, seats);
  keep(blob, stored);
  return id;
}

/** Keep what the session stored of a game (its record and summary) with the game; a game
 *  that ended just now adds its entry to this device's statistics (stats.js). */
export function keep(blob, stored) {
  recordEnd(blob.summary, stored);
  blob.game = stored.game;
  blob.record = stored.record;
  blob.summary = stored.summary;
  if (!store.saveGame(blob)) notify(t("storage.full"), "error");
}
