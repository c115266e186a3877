// Bringing the decision at hand into view (table.js calls it after a draw of the open game `T`
// and when the window's width changes): `T.shown` is the decision last brought into view.

// what a game's table marks as the decision at hand (its panel of controls; at the end the
// hall's own buttons under the ranking: tableend.js)
const DECISION = "#by-panel [data-decision]";

/** On arriving at a new decision of the seat shown (or the end), the page shows it: from
 *  the top (or the flash of what just happened), scrolled down only as far as the decision
 *  needs; a redraw within the same decision (a bot's quiet move, a draft's change) leaves the
 *  page where the person put it. */
export function inView(T, main, touring) {
  const acting = !T.curtain && T.seat != null && T.mine && T.mine.view.legal;
  const now = T.pub.result ? "over" : acting ? `${T.pub.to_act.step}:${T.seat}` : null;
  if (!now || now === T.shown || T.tab !== T.table.tabs[0]) {
    if (!now) T.shown = null;
    return;
  }
  T.shown = now;
  const target = main.querySelector(DECISION);
  if (!target || touring) return;
  // what just happened (the field's flash) from the top, as far as the decision leaves room;
  // a flash drawn under the decision (Ekonos on a wide screen) leaves the page at its top
  const flash = main.querySelector("#by-panel .flash");
  if (flash && flash.getBoundingClientRect().top < target.getBoundingClientRect().top)
    flash.scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
  target.scrollIntoView({ block: "nearest" });
}
