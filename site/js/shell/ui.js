// Shared pieces of the hall's pages: calling Python with a busy indicator, dialogs,
// notices (short ones, and lasting ones that wait to be closed), downloads.

import { py } from "./runtime.js";
import { h, clear } from "./dom.js";
import { t, errorText, onChange } from "./i18n.js";
import { during } from "./settle.js";

let busyCount = 0;
let noteTimer = null;
// the busy note shows once the work has taken this long: most moves are answered sooner, and
// a note shown for them only flashed (and kept the browser drawing its spinner meanwhile)
const NOTE_AFTER_MS = 300;
const busyNote = () => document.getElementById("by-busy");

/** While `work()` runs the page says it is busy (`data-busy`, and the note after a moment): a
 *  bot waits, and whoever watches the page knows a redraw meanwhile is not the end of it. */
export function busyWhile(work) {
  return during(() => showBusy(work));
}

async function showBusy(work) {
  busyCount += 1;
  document.documentElement.dataset.busy = "1";
  if (busyCount === 1) {
    noteTimer = setTimeout(() => {
      const note = busyNote();
      if (note) note.hidden = false;
    }, NOTE_AFTER_MS);
  }
  try {
    return await work();
  } finally {
    busyCount -= 1;
    if (!busyCount) {
      clearTimeout(noteTimer);
      delete document.documentElement.dataset.busy;
      const note = busyNote();
      if (note) note.hidden = true;
    }
  }
}

/** Call a bridge function; with `busy`, the page says it is busy while it runs. (Python runs in
 *  a worker: the call starts at once, with no frame painted first as when it ran here.) */
export async function call(name, args, { busy = false } = {}) {
  if (!busy) return py.call(name, args);
  return busyWhile(() => py.call(name, args));
}

/** A modal question; resolves true when confirmed. */
/** A question: resolves true (ok, the default), false (cancel), or "also" when `also` (the
 *  label of a third answer, never the default) was chosen. */
export function confirmDialog({ title, text, ok, cancel, danger = false, also = null }) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "by-dialog", "aria-labelledby": "by-dialog-title" });
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      done(false);
    });
    dialog.append(
      h("h2", { id: "by-dialog-title" }, title),
      text ? h("p", {}, text) : null,
      h(
        "div",
        { class: "row end" },
        h("button", { type: "button", class: "btn", onclick: () => done(false) }, cancel || t("common.cancel")),
        also
          ? h(
              "button",
              { type: "button", class: "btn btn-danger-text", "data-also": "1", onclick: () => done("also") },
              also,
            )
          : null,
        h(
          "button",
          {
            type: "button",
            class: ["btn", danger ? "btn-danger" : "btn-primary"],
            "data-ok": "1",
            onclick: () => done(true),
          },
          ok || t("common.ok"),
        ),
      ),
    );
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector("[data-ok]").focus();
  });
}

/** A short notice at the bottom of the screen (polite live region). */
const MAX_NOTICES = 2; // rounds that end quickly one after another must not pile up notices

// While one shows, the page keeps room at its foot (app.css: body[data-notices]), so the end of
// a page (a winner's row, "Reset statistics") can always be read above it; a tap removes it,
// and the table removes those about a step that has ended (dropToasts). The body's attribute
// follows the notices' host (not a `body:has(.notice)` rule: WebKit checked it again at every
// change of the page, a third of each redraw of a table there)
let watched = null;
function roomForNotices(host) {
  if (watched === host) return;
  watched = host;
  const fit = () => document.body.toggleAttribute("data-notices", host.children.length > 0);
  new MutationObserver(fit).observe(host, { childList: true });
  fit();
}

export function notify(text, kind = "info") {
  const host = document.getElementById("by-notices");
  if (!host) return;
  roomForNotices(host);
  while (host.children.length >= MAX_NOTICES) host.firstElementChild.remove();
  const note = h(
    "div",
    {
      class: ["notice", `notice-${kind}`],
      role: kind === "error" ? "alert" : "status",
      onclick: () => note.remove(),
    },
    text,
  );
  host.append(note);
  setTimeout(() => note.remove(), kind === "error" ? 8000 : 4000);
}

/** Every short notice gone (what they said no longer holds). */
export function dropToasts() {
  const host = document.getElementById("by-notices");
  if (host) host.replaceChildren();
}

// What must not vanish after a few seconds (a link that could not be opened, a list of games
// rebuilt): shown above the page until closed; `text()` gives its words (text or nodes) and
// is asked again when the player picks another language.
const lasting = new Map(); // name -> {text, kind, code}

export function keepNotice(name, text, { kind = "error", code = null } = {}) {
  lasting.set(name, { text, kind, code });
  drawLasting();
}

export function dropNotice(name) {
  if (lasting.delete(name)) drawLasting();
}

export function dropNotices() {
  lasting.clear();
  drawLasting();
}

function drawLasting() {
  const main = document.getElementById("app");
  let host = document.getElementById("by-lasting");
  if (!host && main) {
    host = h("div", { id: "by-lasting", class: "lasting-notices" });
    main.before(host);
  }
  if (!host) return;
  clear(host);
  for (const [name, { text, kind, code }] of lasting) {
    host.append(
      h(
        "div",
        {
          class: ["lasting", `lasting-${kind}`],
          role: kind === "error" ? "alert" : "status",
          "data-notice": name,
          "data-code": code,
        },
        h("div", { class: "lasting-text" }, text()),
        h(
          "button",
          { type: "button", class: "btn", "data-close": name, onclick: () => dropNotice(name) },
          t("common.close"),
        ),
      ),
    );
  }
}
onChange(drawLasting);

export function showError(error) {
  notify(
    error && error.code ? errorText(error) : t("error.unknown", { code: String((error && error.message) || error) }),
    "error",
  );
  if (!(error && error.code)) console.error(error);
}

/** Offer a JSON document as a download. */
export function download(filename, data) {
  downloadText(filename, JSON.stringify(data, null, 1));
}

/** Offer a text exactly as it is (a damaged entry's raw data) as a download. */
export function downloadText(filename, text, type = "application/json") {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    link.remove();
  }, 1000);
}

export function fileSafe(text) {
  return (
    String(text)
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "game"
  );
}

// A press in progress (a finger or a button down, not yet lifted): a page redrawn now would
// replace what is pressed, and its click would be lost. A release never seen (outside the
// window) stops counting after a few seconds.
let pressedAt = null;
addEventListener("pointerdown", () => (pressedAt = Date.now()), true);
for (const type of ["pointerup", "pointercancel", "change"]) addEventListener(type, () => (pressedAt = null), true);
// the window left (its blur), not the focus moving inside it: the press itself moves the
// focus from where it was to what is pressed
addEventListener("blur", (e) => e.target === window && (pressedAt = null), true);
export const pressing = () => pressedAt !== null && Date.now() - pressedAt < 5000;

export { clear };
