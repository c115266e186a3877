// The page runtime: boots PyScript + Pyodide on the main thread (python.js is PyScript's
// interpreter module: it passes Pyodide the memory snapshot), shows progress, turns any
// start-up failure into the error screen, and exposes the narrow JSON bridge to the UI.
//
//   import { py, ready } from "./runtime.js";
//   await ready;                                  // or: addEventListener("broker:ready", ...)
//   await py.install("broker-yard");              // that game's engine, once per page
//   const catalog = await py.call("game_catalog", {game: "broker-yard"});
//
// py.call resolves with the bridge's "ok" value and rejects with a PyCallError carrying the
// engine's stable {code, message, params} so the UI can translate it.
//
// Layout of a build (see build.py): this file lives at <app>/js/shell/runtime.js where <app>
// is app/<build id>/; the core engine is <app>/engine/core.zip and each game's engine
// <app>/engine/<game>.zip, fetched when that game is first played; PyScript lives in
// ./pyscript/ and Pyodide in ./pyodide/ next to index.html.

import { preferred, isRtlCode } from "./i18n.js";
import { prepare, keepSnapshot } from "./python.js";
import { during } from "./settle.js";

const APP = new URL("../../", import.meta.url); // .../app/<build>/
const ROOT = new URL("../../", APP); // the site root (where index.html is)
const BUILD = APP.pathname.split("/").filter(Boolean).pop();

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the shell's language
// index.html is written in English; the player's catalog (a few KB) loads beside Python and
// replaces every [data-i18n] text, the step labels and the error texts. Until it arrives, or
// if it cannot, the English text stands.
const SHELL_TEXT = {
  "shell.step_python": "Loading Python…",
  "shell.step_python_loaded": "Python is loaded",
  "shell.step_unpacking": "Unpacking the game engine…",
  "shell.step_starting": "Starting the game engine…",
  "shell.error_generic": "Something went wrong while starting Python. Check your connection and try again.",
  "shell.error_engine": "The game engine failed to load.",
};
let shellCatalog = {};
const say = (key) => (typeof shellCatalog[key] === "string" ? shellCatalog[key] : SHELL_TEXT[key]);

function translateShell() {
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const text = shellCatalog[el.dataset.i18n];
    if (typeof text === "string") el.textContent = text;
  }
  const step = $("by-loading-step");
  if (step && step.dataset.key) step.textContent = say(step.dataset.key);
  const message = $("by-error-message");
  if (message && message.dataset.key) message.textContent = say(message.dataset.key);
}

const shellLang = preferred();
if (shellLang !== "en") {
  document.documentElement.lang = shellLang;
  document.documentElement.dir = isRtlCode(shellLang) ? "rtl" : "ltr";
  fetch(new URL(`i18n/${shellLang}.json`, APP))
    .then((response) => (response.ok ? response.json() : {}))
    .then((catalog) => {
      shellCatalog = catalog;
      translateShell();
    })
    .catch(() => {});
}

// Progress: PyScript reports named steps as "py:progress" events and python.js its own;
// Pyodide's own download and start is the long one, so the bar creeps forward during it
// instead of sitting still. Each step the bar shows is also kept as a "broker:progress" mark ({step, value, visible}: whether the
// loading panel showed; the lobby may show below it, hall/app.js): a fast start shows and
// hides the bar before anyone could look, the marks stay.
const STEPS = {
  runtime: 5,
  pyscript: 10,
  "Loading Pyodide": 15,
  "Loaded Pyodide": 80,
  "Loading files": 82,
  "Loaded files": 90,
  engine: 95,
  ready: 100,
};
let shown = 0;
let creep = null;

function progress(step, label) {
  performance.mark(`broker:${step}`);
  const value = STEPS[step];
  if (value === undefined || value < shown) return;
  shown = value;
  const bar = $("by-progress");
  if (bar) bar.value = value;
  const text = $("by-loading-step");
  if (text && label) {
    text.dataset.key = label;
    text.textContent = say(label);
  }
  const visible = !$("by-loading").hidden;
  performance.mark("broker:progress", { detail: { step, value, visible } });
  clearInterval(creep);
  if (step === "Loading Pyodide") {
    // ease towards (but never reach) the next step while the big files arrive
    creep = setInterval(() => {
      if (shown >= 78) return clearInterval(creep);
      shown += (78 - shown) * 0.04;
      if (bar) bar.value = shown;
    }, 100);
  }
}

const LABELS = {
  "Loading Pyodide": "shell.step_python",
  "Loaded Pyodide": "shell.step_python_loaded",
  "Loading files": "shell.step_unpacking",
  "Loaded files": "shell.step_starting",
};
addEventListener("py:progress", (event) => progress(event.detail, LABELS[event.detail]));

// ---------------------------------------------------------------- the error screen
let state = "booting"; // booting -> ready | failed
let resolveReady, rejectReady;
export const ready = new Promise((res, rej) => {
  resolveReady = res;
  rejectReady = rej;
});
ready.catch(() => {}); // a failed start is shown on the page, not left unhandled

function describe(error) {
  if (error == null) return "Unknown error";
  if (typeof error === "string") return error;
  return String(error.stack || error.message || error);
}

/** Show the error screen: `key` names the message (see SHELL_TEXT), details are technical. */
function fail(key, details) {
  if (state !== "booting") return;
  state = "failed";
  const message = say(key);
  clearInterval(creep);
  $("by-loading").hidden = true;
  $("app").hidden = true; // a lobby drawn while Python loaded cannot play
  $("by-error-message").dataset.key = key;
  $("by-error-message").textContent = message;
  $("by-error-details").textContent = details || "";
  $("by-error").hidden = false;
  document.documentElement.dataset.runtime = "failed";
  const error = new Error(message);
  error.details = details;
  rejectReady(error);
  dispatchEvent(new CustomEvent("broker:failed", { detail: { message, details } }));
}

$("by-retry").addEventListener("click", () => location.reload());

const GENERIC = "shell.error_generic";

function onError(event) {
  if (state !== "booting") return;
  fail(GENERIC, describe(event.error || event.message));
  event.preventDefault();
}
function onRejection(event) {
  if (state !== "booting") return;
  fail(GENERIC, describe(event.reason));
  event.preventDefault(); // handled: it is on the screen
}
addEventListener("error", onError);
addEventListener("unhandledrejection", onRejection);

// ---------------------------------------------------------------- the bridge
export class PyCallError extends Error {
  constructor({ code, message, params, where }) {
    super(message);
    this.name = "PyCallError";
    this.code = code;
    this.params = params || {};
    this.where = where || null; // where in the request: "players[1]" names the seat to fix
  }
}

let pyCall = null; // the Python bridge.call, a PyProxy
let pyInstall = null; // bridge.install: unpacks a game's engine archive
const installed = new Map();

export const py = {
  /** Call a bridge function: JSON in, JSON out. */
  call(name, args = {}) {
    return during(async () => {
      await ready;
      const reply = JSON.parse(pyCall(String(name), JSON.stringify(args)));
      if ("error" in reply) throw new PyCallError(reply.error);
      return reply.ok;
    });
  },
  /** Fetch and unpack one game's engine (engine/<game>.zip), once per page. */
  install(game) {
    if (!installed.has(game)) {
      const done = during(async () => {
        await ready;
        if (!py.info.games.includes(game)) throw new PyCallError({ code: "unknown_game", params: { game } });
        let bytes;
        try {
          const response = await fetch(new URL(`engine/${game}.zip`, APP));
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          bytes = new Uint8Array(await response.arrayBuffer());
        } catch (error) {
          throw new PyCallError({ code: "game_not_loaded", message: String(error), params: { game } });
        }
        const reply = JSON.parse(pyInstall(bytes));
        if ("error" in reply) throw new PyCallError(reply.error);
      });
      done.catch(() => installed.delete(game)); // a failed fetch may be tried again
      installed.set(game, done);
    }
    return installed.get(game);
  },
  info: null,
  build: BUILD,
};

// Python (bridge.boot) reports back through this one global, then it is removed.
globalThis.__brokerYardBoot = {
  ready(call, infoJson, install) {
    pyCall = call;
    pyInstall = install;
    py.info = JSON.parse(infoJson);
    state = "ready";
    performance.mark("broker:ready");
    clearInterval(creep);
    progress("ready");
    removeEventListener("error", onError);
    removeEventListener("unhandledrejection", onRejection);
    delete globalThis.__brokerYardBoot;
    $("by-loading").hidden = true;
    $("app").hidden = false;
    document.documentElement.dataset.runtime = "ready";
    resolveReady(py);
    dispatchEvent(new CustomEvent("broker:ready", { detail: py }));
    registerServiceWorker();
    keepSnapshot(offline);
  },
  failed(key, details) {
    fail(key, details);
  },
};
globalThis.brokerYard = { py, ready };

// ---------------------------------------------------------------- offline support
/** Resolves when the service worker holding this build is active (the site works offline). */
export let offline = null;

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  // Registered only once Python runs, so its install (which fills the cache, mostly from the
  // HTTP cache) never competes with the first start.
  offline = navigator.serviceWorker
    .register(new URL("sw.js", ROOT), { scope: ROOT.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => BUILD);
  offline.catch((error) => console.warn("offline mode unavailable:", error));
  globalThis.brokerYard.offline = offline;
}

// ---------------------------------------------------------------- boot
// Python's own start takes the main thread for seconds in one go: what the page can draw
// without Python (the lobby) goes first while Pyodide's files download, for at most HOLD_MS.
const HOLD_MS = 1500;
const holds = [];

/** Let Python's start wait (at most HOLD_MS) for `promise`: a first draw of the page. */
export function holdPython(promise) {
  holds.push(promise);
}

// the page's module scripts (which may register a hold) have all run by DOMContentLoaded; this
// one runs before it, while the document is already "interactive"
const parsed = new Promise((resolve) => {
  const [navigation] = performance.getEntriesByType("navigation");
  if (navigation && navigation.domContentLoadedEventStart > 0) resolve();
  else addEventListener("DOMContentLoaded", resolve, { once: true });
});
const hold = () =>
  parsed.then(() => Promise.race([Promise.allSettled(holds), new Promise((resolve) => setTimeout(resolve, HOLD_MS))]));

const NO_PLUGINS = [
  "!codemirror",
  "!deprecations-manager",
  "!donkey",
  "!error",
  "!py-editor",
  "!py-game",
  "!py-terminal",
];

function pyscriptConfig() {
  return {
    // our python.js stands in for Pyodide's module (it passes the memory snapshot); relative
    // to the page, as it must stay: PyScript takes anything else for a version on its CDN
    interpreter: `./${new URL("python.js", import.meta.url).href.slice(ROOT.href.length)}`,
    // the shell shows errors itself and nothing else is used: skip PyScript's plugins
    plugins: NO_PLUGINS,
  };
}

const BOOT_PY = `
import js as _js
_js.performance.mark("broker:python")
try:
    import bridge as _bridge
except BaseException:
    import traceback as _tb
    _js.__brokerYardBoot.failed("shell.error_engine", _tb.format_exc())
else:
    _bridge.boot()
`;

const PYTHON_STEPS = { loaded: "Loaded Pyodide", unpacking: "Loading files", unpacked: "Loaded files" };

async function boot() {
  progress("runtime");
  // the core engine downloads while Pyodide loads; python.js unpacks it
  const archive = fetch(new URL("engine/core.zip", APP)).then((response) => {
    if (!response.ok) throw new Error(`engine/core.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  archive.catch(() => {}); // reported where it is awaited
  prepare({ archive, hold, step: (name) => progress(PYTHON_STEPS[name], LABELS[PYTHON_STEPS[name]]) });
  const script = document.createElement("script");
  script.type = "py";
  script.setAttribute("config", JSON.stringify(pyscriptConfig()));
  script.textContent = BOOT_PY;
  // PyScript also sets up MicroPython's type and would import every plugin for it, unless
  // its config (the only thing it reads when no mpy script exists) switches them off too.
  const mpy = document.createElement("mpy-config");
  mpy.hidden = true;
  mpy.textContent = JSON.stringify({ plugins: NO_PLUGINS });
  document.body.append(script, mpy);
  try {
    await import(new URL("pyscript/core.js", ROOT).href);
  } catch (error) {
    fail(GENERIC, describe(error));
    return;
  }
  progress("pyscript");
}

boot();
