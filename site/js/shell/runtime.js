// The page runtime: starts Python in a worker of its own (PyScript runs it; python.js is
// PyScript's interpreter module there: it passes Pyodide the memory snapshot), shows progress,
// turns any start-up failure into the error screen, and exposes the narrow JSON bridge to the
// UI. The page keeps the DOM; Python never touches it, so no SharedArrayBuffer is needed (an
// embedded frame on someone's site has no cross-origin isolation): every call is a message to
// the worker and its reply, JSON in, JSON out.
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
import * as snapshot from "./snapshot.js";
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
    // ease towards (but never reach) the next step while the big files arrive (four moves a
    // second: each is a task and a repaint of the main thread's while the page loads)
    creep = setInterval(() => {
      if (shown >= 78) return clearInterval(creep);
      shown += (78 - shown) * 0.1;
      if (bar) bar.value = shown;
    }, 250);
  }
}

const LABELS = {
  "Loading Pyodide": "shell.step_python",
  "Loaded Pyodide": "shell.step_python_loaded",
  "Loading files": "shell.step_unpacking",
  "Loaded files": "shell.step_starting",
};
addEventListener("py:progress", (event) => progress(event.detail, LABELS[event.detail]));

/** The page draws its own content while Python loads (the hall's lobby): the loading panel
 *  becomes a thin bar on the header's lower edge (shell.css), out of the page's flow, so that
 *  neither the content's arrival nor the panel's end moves what is on the screen. It is moved
 *  into the header rather than restyled in place: a box that moves counts as a layout shift, a
 *  new one does not. */
export function loadingBar() {
  const loading = $("by-loading");
  const header = document.querySelector(".by-header");
  if (!header || loading.hidden || loading.parentNode === header) return;
  loading.classList.add("by-loading-bar");
  header.append(loading);
}

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

// The worker's exported functions (PyScript's `xworker.sync`): each call is a message to the
// worker and resolves with its reply; the worker runs them one at a time, in order.
let python = null;
const installed = new Map();

export const py = {
  /** Call a bridge function: JSON in, JSON out. In flight (settle.js) until its reply is back. */
  call(name, args = {}) {
    return during(async () => {
      await ready;
      await making;
      const reply = JSON.parse(await python.call(String(name), JSON.stringify(args)));
      if ("error" in reply) throw new PyCallError(reply.error);
      return reply.ok;
    });
  },
  /** Fetch and unpack one game's engine (engine/<game>.zip), once per page. */
  install(game) {
    if (!installed.has(game)) {
      const done = during(async () => {
        await ready;
        await making;
        if (!py.info.games.includes(game)) throw new PyCallError({ code: "unknown_game", params: { game } });
        let bytes;
        try {
          const response = await fetch(new URL(`engine/${game}.zip`, APP));
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          bytes = new Uint8Array(await response.arrayBuffer());
        } catch (error) {
          throw new PyCallError({ code: "game_not_loaded", message: String(error), params: { game } });
        }
        const reply = JSON.parse(await python.install(bytes));
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

function started(sync, info) {
  making = offered ? makeSnapshot(offered) : null;
  python = sync;
  py.info = info;
  state = "ready";
  performance.mark("broker:ready");
  clearInterval(creep);
  progress("ready");
  removeEventListener("error", onError);
  removeEventListener("unhandledrejection", onRejection);
  $("by-loading").hidden = true;
  $("app").hidden = false;
  document.documentElement.dataset.runtime = "ready";
  resolveReady(py);
  dispatchEvent(new CustomEvent("broker:ready", { detail: py }));
  registerServiceWorker();
  keepSnapshot();
}
globalThis.brokerYard = { py, ready };

// ---------------------------------------------------------------- offline support
/** Resolves when the service worker holding this build is active (the site works offline). */
export let offline = null;

// A frame whose storage is blocked (a cross-site iframe, third-party storage refused) can keep
// no offline copy, and Firefox reports the refused registration as an error: none is asked for.
function storageBlocked() {
  try {
    return !globalThis.localStorage;
  } catch {
    return true;
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || storageBlocked()) return;
  // Registered only once Python runs, so its install (which fills the cache, mostly from the
  // HTTP cache) never competes with the first start.
  offline = navigator.serviceWorker
    .register(new URL("sw.js", ROOT), { scope: ROOT.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => BUILD);
  offline.catch((error) => console.warn("offline mode unavailable:", error));
  globalThis.brokerYard.offline = offline;
}

// ---------------------------------------------------------------- the memory snapshot
// A normal start in a page that can keep one offers a snapshot (python.js): the page asks the
// worker to make it once Python is up (off the start's path), and calls wait until it is made
// (a snapshot holds Python as no call has changed it); the worker holds its bytes and keeps
// them when told to, once the build's offline copy exists (snapshot.js keep), or lets them go.
let offered = null; // the port to say both on
let making = null; // resolves once the snapshot is made (or could not be)
let madeBytes = 0;

function ask(port, message) {
  return new Promise((resolve) => {
    port.onmessage = ({ data }) => resolve(data || {});
    port.postMessage(message);
  });
}

async function makeSnapshot(port) {
  const reply = await ask(port, { make: true });
  if (reply.error) {
    console.warn("Python's start could not be kept:", reply.error);
    offered = null; // the worker has closed its side
    return;
  }
  madeBytes = reply.made;
  performance.mark("broker:snapshot-made", { detail: { bytes: madeBytes } });
}

async function keepSnapshot() {
  await making;
  const port = offered;
  offered = null;
  if (!port) return false;
  let keep = false;
  try {
    keep = Boolean(offline && (await offline));
  } catch {
    keep = false; // no offline copy: nothing to keep it beside
  }
  const reply = await ask(port, { keep });
  port.close();
  if (reply.error) console.warn("Python's start could not be kept:", reply.error);
  if (reply.kept) performance.mark("broker:snapshot-kept", { detail: { bytes: madeBytes } });
  return Boolean(reply.kept);
}

// ---------------------------------------------------------------- boot
const NO_PLUGINS = [
  "!codemirror",
  "!deprecations-manager",
  "!donkey",
  "!error",
  "!py-editor",
  "!py-game",
  "!py-terminal",
];

// The worker's script: the bridge, its functions exported to the page (PyScript's
// `__export__`). A failed import is the engine's failure: the page shows its traceback.
const BOOT_PY = `
try:
    import bridge
except BaseException:
    import js, json, traceback
    js.postMessage(js.JSON.parse(json.dumps({"brokerYard": "failed", "details": traceback.format_exc()})))
    raise
call = bridge.call
def install(data):
    return bridge.install(data.to_py())
__export__ = ["call", "install"]
`;

const PYTHON_STEPS = { loaded: "Loaded Pyodide", unpacking: "Loading files", unpacked: "Loaded files" };

let heldWasm = null; // Pyodide's compiled WebAssembly, held for the next load (below)

/** What the worker tells the page while Python starts (python.js). */
function fromWorker({ data }) {
  switch (data && data.brokerYard) {
    case "step": {
      const step = PYTHON_STEPS[data.step] || data.step;
      progress(step, LABELS[step]);
      break;
    }
    case "python":
      document.documentElement.dataset.python = data.how;
      if (data.how === "snapshot") performance.mark("broker:snapshot", { detail: { bytes: data.bytes } });
      break;
    case "discarded":
      console.warn(`Python's kept start was discarded: ${data.why}`);
      break;
    case "mark":
      performance.mark(`broker:worker:${data.name}`, { startTime: data.at - performance.timeOrigin });
      break;
    case "snapshot":
      offered = data.port;
      break;
    case "wasm":
      // Pyodide's compiled WebAssembly (python.js). Compiled code lives as long as a module
      // holds it: the worker's died with the worker at every reload, and each start compiled
      // Pyodide again, function by function as Python first ran them (about 0.2 s of a start
      // from the snapshot), where a bare Pyodide page's module outlives its page in the tab's
      // main thread and is found again by the next load. Held here, the worker's does too.
      heldWasm = data.module;
      performance.mark("broker:wasm");
      break;
    case "failed":
      fail("shell.error_engine", data.details);
      break;
  }
}

function interpreter() {
  // our module stands in for Pyodide's in the worker: python.js reads and makes the memory
  // snapshot, nosnapshot.js (a page whose storage is refused) starts without one
  return new URL(`js/shell/${snapshot.canKeep() ? "python.js" : "nosnapshot.js"}`, APP).href;
}

/** PyScript watches the whole document, for good, for scripts of its types and for `py-*`
 *  event attributes: an XPath over every subtree added and a look at every attribute changed.
 *  The hall has neither (its Python is the worker started below, by name), and the watch cost
 *  the main thread at every draw of a lobby or a table. Its observer is caught as it starts
 *  (the one observer of the document, PyScript's only one) and let go once PyScript is set
 *  up; the function returned does that. */
function watchOfTheDocument() {
  const { observe } = MutationObserver.prototype;
  const caught = [];
  MutationObserver.prototype.observe = function (target, options) {
    if (target === document) caught.push(this);
    return observe.call(this, target, options);
  };
  return () => {
    MutationObserver.prototype.observe = observe;
    for (const observer of caught.splice(0)) observer.disconnect();
  };
}

async function boot() {
  progress("runtime");
  // PyScript reads its config on the page (the worker's is passed on its own) and would import
  // every plugin, for MicroPython's type too, unless it switches them off
  for (const type of ["py", "mpy"]) {
    const config = document.createElement(`${type}-config`);
    config.hidden = true;
    config.setAttribute("type", "json");
    config.textContent = JSON.stringify({ plugins: NO_PLUGINS });
    document.body.append(config);
  }
  let pyscript;
  const unwatch = watchOfTheDocument();
  try {
    pyscript = await import(new URL("pyscript/core.js", ROOT).href);
  } catch (error) {
    unwatch();
    fail(GENERIC, describe(error));
    return;
  }
  // PyScript takes its hooks for a worker only once it has set up its type (its plugins
  // loaded): until then a worker would start without them
  await customElements.whenDefined("py-script");
  unwatch();
  progress("pyscript");
  pyscript.hooks.main.onWorker.add((_, xworker) => {
    xworker.addEventListener("message", fromWorker);
    // a failure before Python is up is shown on the page (the promise below), later ones logged
    xworker.onerror = ({ error }) => state !== "booting" && console.error(error);
  });
  const code = URL.createObjectURL(new Blob([BOOT_PY], { type: "text/x-python" }));
  try {
    const xworker = await pyscript.PyWorker(code, {
      version: interpreter(),
      config: { plugins: NO_PLUGINS, sync_main_only: true },
    });
    const info = JSON.parse(await xworker.sync.call("info", "{}"));
    if ("error" in info) throw new PyCallError(info.error);
    started(xworker.sync, info.ok);
  } catch (error) {
    fail(GENERIC, describe(error));
  } finally {
    URL.revokeObjectURL(code);
  }
}

boot();
