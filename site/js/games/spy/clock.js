// The countdown of a timed day: a line that ticks once a second while it is on the page. The
// times are the host's stamps (the engine reads no clock); the reader's clock only says how
// far off they are.

import { h } from "../../shell/dom.js";
import { tg, clockText, durationText } from "./words.js";

/** "The day ends at 21:00 — in 12:34" (and the Mayor's window), or null when untimed. */
export function countdown(view) {
  if (view.over || view.deadline == null) return null;
  const line = h("p", { class: "spy-clock", id: "spy-clock", role: "timer", "aria-live": "off" });
  const win = view.mayor_window;
  const draw = () => {
    const now = Date.now();
    const parts = [];
    // also in the window step the host began early, while somebody was still playing
    if (win && now < win.from) {
      parts.push(tg("clock.window_at", { time: clockText(win.from), left: durationText(win.from - now) }));
    }
    parts.push(
      now < view.deadline
        ? tg(view.phase === "window" ? "clock.window_ends" : "clock.day_ends", {
            time: clockText(view.deadline),
            left: durationText(view.deadline - now),
          })
        : tg("clock.past", { time: clockText(view.deadline) }),
    );
    line.textContent = parts.join(" · ");
    line.classList.toggle("spy-clock-late", now >= view.deadline - 60000);
  };
  draw();
  const timer = setInterval(() => {
    if (!line.isConnected) clearInterval(timer);
    else draw();
  }, 1000);
  return line;
}
