// The engine's own tools for this table (engine/grid/tools.py, through the bridge's
// game_tool): a drawn line's price, a power choice's income. A tool gets the seat's view.

import { call } from "../../shell/ui.js";
import { GAME } from "./words.js";

/** The view a tool needs: the state's part of it (the map, legal moves and figures stay). */
function toolView(view) {
  const out = { ...view };
  for (const key of ["board", "legal", "values", "history", "log", "income"]) delete out[key];
  return out;
}

/** Call a tool with the seat's view; resolves its answer. */
export const tool = (name, ctx, args) =>
  call("game_tool", { game: GAME, tool: name, args: { view: toolView(ctx.view), seat: ctx.seat, ...args } });
