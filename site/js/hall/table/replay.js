// Replays: a game's public record as one link (`w1.…`, engine/core/replay.py says what it
// holds: public information only) and the viewer that steps through it, in the hall (page
// "replay") and in the embedded frame (embed.js). The viewer draws each step with the game's
// own table, from the frames the engine rebuilds from the link; nothing is played.

import { h, clear } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { call, showError } from "../../shell/ui.js";
import { during, afterFrame } from "../../shell/settle.js";
import { encode, decode, NetError } from "../../net/codec.js";
import { useGame, showing, openingAhead } from "../games.js";
import { tabBar } from "./tableframe.js";
import { historyBar, pastContext, pastPanel } from "./history.js";

export const LETTER = "w";
export const VERSION = 1;
// Every game's replay link carries its public record (engine/core/replay.py): a whole game at
// its largest table is at most 3,703 characters (bench/link_budget.py, 40 games), so the viewer
// takes links up to MAX_TEXT and refuses a longer one at once, before reading anything of it
// (a crafted 18.8 KB link once froze a tab for 18 s). The address before the "#" may add up
// to MAX_ADDRESS.
export const MAX_TEXT = 6000;
const MAX_ADDRESS = 2000;
const MAX_JSON = 128 * 1024; // a whole game's public record is under 20 KB of JSON
// A link made before every game had its public record carries its public frames as patches;
// each frame reaches Python's reply whole, so steps × JSON bounds what it may cost
const MAX_OLD_STEPS = 1000;
const MAX_OLD_WORK = 16 * 1024 * 1024;

/** The replay link's code of a hosted game (what `hall_replay_link` gives). */
export const replayCode = (link) => encode(LETTER, VERSION, link);

const tooLong = () => new NetError("replay_too_long", { limit: MAX_TEXT });

/** The code of a pasted replay link, or a refusal when it is longer than any game makes:
 *  judged on its length alone, before it is decoded. */
function replayText(text) {
  if (typeof text !== "string" || text.length > MAX_TEXT + MAX_ADDRESS) throw tooLong();
  const code = text.slice(text.lastIndexOf("#") + 1).replace(/\s+/g, "");
  if (code.length > MAX_TEXT) throw tooLong();
  return code;
}

// the last replay read: opening a link reads it once to check it, then shows it
let last = { code: null, replay: null };

/** The replay inside a pasted link or code: {game, frames}; rejects with a coded error. */
export async function readReplay(text) {
  const code = replayText(text);
  if (last.code === code) return last.replay;
  const { value } = await decode(code, { [LETTER]: VERSION }, { maxText: MAX_TEXT, maxJson: MAX_JSON }).catch(
    (error) => {
      throw error && error.code === "code_too_long" ? tooLong() : error;
    },
  );
  const game = value && typeof value.game === "string" ? value.game : null;
  if (!game) throw new NetError("code_invalid", { where: "replay" });
  const steps = value.steps;
  if (
    Array.isArray(steps) &&
    (steps.length > MAX_OLD_STEPS || steps.length * JSON.stringify(value).length > MAX_OLD_WORK)
  )
    throw tooLong();
  openingAhead(await useGame(game)); // while the engine replays the steps
  const frames = await during(() => framesOf(value));
  last = { code, replay: { game, frames } };
  return last.replay;
}

/** A replay's frames, a part at a time (engine/core/replay.py, Replay): a whole grid game's
 *  take seconds to make, and the page answers between two parts (a task of its own each),
 *  so no link freezes the tab. */
async function framesOf(link) {
  const { id } = await call("replay_start", { link }, { busy: true });
  const frames = [];
  for (;;) {
    const part = await call("replay_more", { id }, { busy: true });
    frames.push(...part.frames);
    if (part.done) return frames;
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/** The page of a replay: its heading, the steps (history.js), the game's tabs, the table at
 *  the step shown. */
export async function showReplay(main, { game, frames }) {
  const { table, catalog } = await useGame(game);
  showing(game, table);
  const R = { game, table, catalog, frames, at: 0, tab: table.tabs[0] };
  const kinds = frames[0].view.players.map(() => ({ kind: "human" }));
  // a frame the game's table cannot draw (an old patch link's frames are only checked for
  // their shape) is refused with a message, never a broken page
  const draw = () => {
    try {
      drawFrame();
    } catch (error) {
      console.warn("a replay's step cannot be drawn", error);
      if (!main.querySelector("#by-replay")) throw new NetError("code_invalid", { where: "replay" });
      showError(new NetError("code_invalid", { where: "replay" }));
    }
  };
  let opening = true; // the first draw: a table may leave a part to the next (ctx.opening)
  const drawFrame = () => {
    const frame = R.frames[R.at];
    const base = { game, catalog, kinds, hot: false, opening, redraw: draw, showTab: (tab) => ((R.tab = tab), draw()) };
    opening = false;
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
        afterFrame(() => {
          draw();
          document.getElementById(`by-tab-${next}`).focus(); // a replay's tabs are drawn anew
        });
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
