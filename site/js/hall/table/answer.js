// A move's answer at the host's table, as the session gives it (engine/core/session.py
// `_reply`, engine/core/reply.py): one call a move brings what the table draws and what the
// page keeps, each as small as it can be. What a move asks for (`asking`), the seat's view
// from the public one (`seatView`), the game kept with the record the answer grew (`keepMove`).

import { call } from "../../shell/ui.js";
import { keep } from "../lobby/newgame.js";

/** What a move's call adds to its arguments, so that its answer carries what the table
 *  draws now (the public screen, the view of the seat `T` shows, the remote seats' link
 *  parts) and what changed in the record. `quiet`: a bot acting unseen in a simultaneous
 *  step, whose answer brings what the table draws only when its move shows (an event, the
 *  step moved on). */
export const asking = (T, { quiet = false } = {}) => ({ table: quiet ? { show: T.seat, quiet } : { show: T.seat } });

/** The view of the seat shown, from the public view and what it has apart from it
 *  (`mine`: {own, not}, engine/core/reply.py `apart`). Views are read, never changed, so
 *  the two may share their parts. */
export function seatView(pub, mine) {
  const view = { ...pub, ...mine.own };
  for (const key of mine.not) delete view[key];
  return view;
}

/** Keep what a move's answer says is stored (lobby/newgame.js `keep`): its record whole, or
 *  its `tail`, the change from the record kept (of its `had` actions the first `from` stay
 *  and `actions` follow). A kept record that is not the one the change follows (it cannot
 *  be, unless an answer went unkept) is read again whole. */
export async function keepMove(T, stored) {
  if (stored.tail) {
    const { had, from, actions } = stored.tail;
    const kept = T.blob.record && T.blob.record.actions;
    stored =
      Array.isArray(kept) && kept.length === had
        ? { ...stored, record: { ...T.blob.record, actions: [...kept.slice(0, from), ...actions] } }
        : await call("hall_stored", { id: T.id });
  }
  keep(T.blob, stored);
}
