// Replays: a game's public record as one link (`w1.…`, engine/core/replay.py says what it
// holds: public information only) and the viewer that steps through it, in the hall (page
// "replay") and in the embedded frame (embed.js). The viewer draws each step with the game's
// own table, from the frames the engine rebuilds from the link; nothing is played.

import { h, clear } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { call } from "../../shell/ui.js";
import { encode, decode } from "../../net/codec.js";
import { useGame, showing } from "../games.js";
import { tabBar } from "./tableframe.js";
import { historyBar, pastContext, pastPanel } from "./history.js";

export const LETTER = "w";
export const VERSION = 1;
// a replay of a long game (any game but Broker-Yard carries its public frames) may be longer
// than the codes people paste; a whole Broker-Yard game is well under 2,000 characters
export const MAX_TEXT = 200000;
const MAX_JSON = 4 * 1024 * 1024;

/** The replay link's code of a hosted game (what `hall_replay_link` gives). */
export const replayCode = (link) => encode(LETTER, VERSION, link);

/** The replay inside a pasted link or code: {game, frames}; rejects with a coded error. */
export async function readReplay(text) {
  const { value } = await decode(text, { [LETTER]: VERSION }, { maxText: MAX_TEXT, maxJson: MAX_JSON });
  const game = value && typeof value.game === "string" ? value.game : null;
  if (!game) throw Object.assign(new Error("code_invalid"), { code: "code_invalid", params: {} });
  await useGame(game);
  const frames = await call("replay_frames", { link: value }, { busy: true });
  return { game, frames };
}

/** The page of a replay: its heading, the steps (history.js), the game's tabs, the table at
 *  the step shown. */
export async function showReplay(main, { game, frames }) {
  const { table, catalog } = await useGame(game);
  showing(game, table);
  const R = { game, table, catalog, frames, at: 0, tab: table.tabs[0] };
  const kinds = frames[0].view.players.map(() => ({ kind: "human" }));
  const draw = () => {
    const frame = R.frames[R.at];
    const base = { game, catalog, kinds, hot: false, redraw: draw, showTab: (tab) => ((R.tab = tab), draw()) };
    const ctx = pastContext({ ...base, screen: { id: `replay-${game}`, kinds } }, frame);
    const label = (f) => (f.over ? t("game.over_title") : table.heading(f.view));
    const focused = document.activeElement && document.activeElement.id;
    clear(main);
    main.append(
      h(
        "section",
        { class: "game-top replay-head", id: "by-replay", "data-game": game },
        h("h2", {}, t("replay.title"), " — ", label(frame)),
        h(
          "ul",
          { class: "chips" },
          table.chips(frame.view.options).map((c) => h("li", {}, c)),
        ),
      ),
      historyBar({
        frames: R.frames,
        at: R.at,
        live: false,
        label,
        go: (i) => {
          R.at = i;
          draw();
        },
      }),
      tabBar(R, table.tabs, (next) => {
        R.tab = next;
        draw();
        document.getElementById(`by-tab-${next}`).focus();
      }),
      h(
        "section",
        {
          class: "tab-panel",
          id: "by-panel",
          role: "tabpanel",
          "aria-labelledby": `by-tab-${R.tab}`,
          "data-game": game,
        },
        pastPanel(table, R.tab, ctx, frame),
      ),
    );
    if (table.afterDraw) table.afterDraw(ctx);
    const again = focused && document.getElementById(focused);
    if (again && !again.disabled) again.focus();
  };
  draw();
  return R;
}
