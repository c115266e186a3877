// Starting Python for the hall, as PyScript's interpreter module. PyScript (runtime.js) is
// told `interpreter: "./app/<build>/js/shell/python.js"`; a module named there stands in for
// Pyodide's own pyodide.mjs, and PyScript calls its `loadPyodide` and reads its `version`.
// Ours calls Pyodide's loadPyodide from our ./pyodide/ with the build's standard library
// (pyodidefiles.js) and the memory snapshot's options:
// a later visit starts from the snapshot an earlier one kept (snapshot.js) when it is sound,
// else the normal way; either way the core engine is unpacked into Python's working folder
// before PyScript gets the interpreter. A normal start makes no snapshot itself: once the page
// is interactive, a worker makes one (snapshotmaker.js) for the next visit.
//
//   prepare({ archive, step, hold });  // runtime.js, before it imports PyScript: the start begins
//   // PyScript: const pyodide = await loadPyodide({ stdout, stderr, indexURL })  // takes that start
//   keepSnapshot(offlineReady);  // once the build's offline copy exists: a worker makes and keeps one

import { loadPyodide as loadPlainPyodide, version } from "../../../../pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.js";
import { FILES, INDEX } from "./pyodidefiles.js";

export { version }; // PyScript keys its own package cache by it

// A normal start: the bridge, with what only a call needs (the core engine's modules) and
// PyScript's own Python package, which it imports before the page's first script and the hall
// never uses, left to run when first used (deferred.py START); a snapshot holds them all.
const IMPORTS = "import deferred\ndeferred.defer(*deferred.START)\nimport bridge";
// A snapshot holds the state of `random` it was made with: every start reseeds it.
const AFTER_RESTORE = "import random\nrandom.seed()\ndel random\nimport bridge";

let starting = null; // the start begun by prepare()
let freshStart = false; // this start was the normal way: a snapshot is worth making

/** Pyodide's Emscripten module, from `create` (pyodide.asm.mjs's factory). `size`: grown to
 *  hold a snapshot of that many bytes before it is restored (Pyodide sizes the memory for a
 *  snapshot with a setting its module ignores). */
function pyodideModule(create, size = 0) {
  return async (options) => {
    const module = await create(options);
    if (module.HEAP8.length < size && !module._emscripten_resize_heap(size)) {
      throw new Error(`no room for a snapshot of ${size} bytes`);
    }
    return module;
  };
}

function unpack(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: "." });
}

async function restore(kept, create, { archive, step }) {
  const pyodide = await loadPlainPyodide({
    ...FILES,
    _loadSnapshot: kept.bytes,
    createPyodideModule: pyodideModule(create, kept.bytes.length),
  });
  if (!(await kept.sound)) throw new Error("its bytes are not the ones that were kept");
  step("loaded");
  const zip = await archive;
  step("unpacking");
  unpack(pyodide, zip);
  step("unpacked");
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}

async function fresh(create, { archive, step }) {
  const pyodide = await loadPlainPyodide({ ...FILES, createPyodideModule: pyodideModule(create) });
  step("loaded");
  const zip = await archive;
  step("unpacking");
  unpack(pyodide, zip);
  step("unpacked");
  pyodide.runPython(IMPORTS);
  return pyodide;
}

/** Start Python: from the kept snapshot when there is a sound one (one that fails in any way
 *  is deleted), else the normal way. */
async function start(how) {
  // Python's own start takes the main thread for seconds in one go, and compiling Pyodide's big
  // module a tenth of one: both wait for the page's first draw (`hold`) while the files
  // download, then the module compiles while the snapshot is looked up
  const module = how.hold().then(() => import(`${INDEX}pyodide.asm.mjs`));
  const [kept, { default: create }] = await Promise.all([snapshot.read(), module]);
  if (kept) {
    try {
      const pyodide = await restore(kept, create, how);
      performance.mark("broker:snapshot", { detail: { bytes: kept.bytes.length } });
      document.documentElement.dataset.python = "snapshot";
      return pyodide;
    } catch (error) {
      await snapshot.drop(String((error && error.message) || error));
    }
  }
  const pyodide = await fresh(create, how);
  freshStart = true;
  document.documentElement.dataset.python = "fresh";
  return pyodide;
}

/** Begin the start at once, before PyScript asks for it: PyScript's own start (its modules,
 *  its config, its package cache in IndexedDB) then runs beside Pyodide's download and
 *  compilation instead of before them. `archive`: a promise of the core engine's zip;
 *  `step(name)`: told "loaded" (Pyodide is up), "unpacking" and "unpacked" (the engine is in
 *  place); `hold()`: a promise the start waits for before it takes the main thread (the
 *  page's first draw). Called once, by runtime.js. */
export function prepare({ archive, step = () => {}, hold = () => Promise.resolve() }) {
  starting ??= start({ archive, step, hold });
  starting.catch(() => {}); // reported to PyScript, which asks for it
}

/** PyScript's call for the interpreter (its Pyodide options: stdout, stderr, indexURL): the
 *  start prepare() began, from our own ./pyodide/ whatever `indexURL` says (the folder of
 *  this module). */
export async function loadPyodide({ stdout, stderr } = {}) {
  if (!starting) throw new Error("python.js: prepare() was not called (was the module loaded twice?)");
  const pyodide = await starting;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}

/** Once `offline` (the service worker holding this build) resolves, have a worker make this
 *  build's snapshot for the next visit, when this start was the normal way and the page can
 *  keep one; resolves to whether one was kept. */
export async function keepSnapshot(offline) {
  if (!freshStart || !offline || !snapshot.canKeep()) return false;
  freshStart = false;
  let worker = null;
  try {
    await offline;
    worker = new Worker(new URL("./snapshotmaker.js", import.meta.url), { type: "module" });
    const reply = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onerror = (event) => reject(new Error(event.message || "the worker failed to start"));
      worker.postMessage(null);
    });
    if (reply.error) throw new Error(reply.error);
    if (reply.kept) performance.mark("broker:snapshot-kept", { detail: { bytes: reply.bytes } });
    return reply.kept;
  } catch (error) {
    console.warn("Python's start could not be kept:", error);
    return false;
  } finally {
    if (worker) worker.terminate();
  }
}
