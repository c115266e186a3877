// Python's start, in the page's Python worker (runtime.js starts it; the page keeps the DOM,
// Python never touches it). PyScript runs the worker and is told
// `interpreter: ".../app/<build>/js/shell/python.js"`: a module named there stands in for
// Pyodide's own pyodide.mjs, and PyScript calls its `loadPyodide` and reads its `version`.
// Ours calls Pyodide's loadPyodide from our ./pyodide/ with the build's standard library
// (pyodidefiles.js) and the memory snapshot's options: a later visit starts from the snapshot an
// earlier one kept (snapshot.js) when it is sound, else the normal way; either way the core
// engine is unpacked into Python's working folder before PyScript gets the interpreter.
//
// A normal start starts Pyodide in snapshot mode and makes the snapshot (its memory copied)
// when the page asks, once the page is interactive, and keeps it once the page says its
// offline copy exists: no second Pyodide is ever started. A page that can keep none (its
// storage refused: an embedded frame) names nosnapshot.js instead, which starts the normal way
// only. (A flag in the module's address would not do: a module served by the service worker
// has the address it was cached under.)
//
// What the worker tells the page goes by postMessage as {brokerYard: kind, ...} (runtime.js): a
// step of the start ("loaded", "unpacking", "unpacked" and PyScript's own), how Python started
// ("fresh" or "snapshot"), a kept start that was discarded (why), a snapshot offered (a port
// to ask for it and to tell the worker whether to keep it: the worker keeps it itself, off the
// page's thread), and each step's time ("mark").

import { loadPyodide as loadPlainPyodide, version } from "../../../../pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.js";
import { unpackInto } from "./zeros.js";
import { FILES, INDEX } from "./pyodidefiles.js";
import { unzip, writeFiles } from "./unzip.js";
import "./nostorage.js"; // PyScript's IndexedDB, here in memory (it is not used)

export { version }; // PyScript keys its own package cache by it

const tell = (kind, detail = {}, transfer = []) => postMessage({ brokerYard: kind, ...detail }, transfer);
// Each step of the start at the worker's own time, as a mark in the page's time line
// ("broker:worker:<name>", runtime.js): where a start's time goes, read in one place.
const mark = (name) => tell("mark", { name, at: performance.timeOrigin + performance.now() });
tell("mark", { name: "worker", at: performance.timeOrigin }); // the worker made
mark("created"); // this module evaluated, in PyScript's worker
// PyScript's own steps ("Loading Pyodide", ...) are events in the worker: the page shows them
addEventListener("py:progress", (event) => tell("step", { step: event.detail }));

// A start: the bridge, with what only a call needs (some of the core engine's modules) and
// PyScript's own Python package, which it imports before the worker's script and the hall
// never uses, left to run when first used (deferred.py START); a snapshot holds the same.
const IMPORTS = "import deferred\ndeferred.defer(*deferred.START)\nimport bridge";
// A snapshot holds the state of `random` it was made with: every start reseeds it. It is made
// once PyScript has imported its package (lazily) and registered its module: the package is
// left to run when first used again, and PyScript's module, which the snapshot holds as a
// stand-in (snapshot.js), forgotten, so that an import finds the one PyScript registers.
const AFTER_RESTORE = [
  "import deferred, random, sys",
  "random.seed()",
  'deferred.again("pyscript")',
  `sys.modules.pop("${snapshot.STAND_IN}", None)`,
  "del deferred, random, sys",
  "import bridge",
].join("\n");

const CORE = new URL("../../engine/core.zip", import.meta.url).href;

/** Pyodide's Emscripten module, from `create` (pyodide.asm.mjs's factory). `kept`: a snapshot
 *  to start from (snapshot.read): the memory is grown to hold it before it is restored (Pyodide
 *  sizes the memory for a snapshot with a setting its module ignores), and restored from its
 *  packed form (restoreFrom). */
function pyodideModule(create, kept = null) {
  return async (options) => {
    const module = await create(options);
    if (!kept) return module;
    if (module.HEAP8.length < kept.length && !module._emscripten_resize_heap(kept.length)) {
      throw new Error(`no room for a snapshot of ${kept.length} bytes`);
    }
    module.API.restoreSnapshot = restoreFrom(module, kept.packed);
    return module;
  };
}

/** Pyodide's `restoreSnapshot` for a packed snapshot (zeros.js). A snapshot is Pyodide's head
 *  (its length in the head's second word), then Python's memory. Pyodide's own restore reads
 *  the head alone (its checks, the JS objects' state) and so copies no memory; the memory is
 *  unpacked straight into Python's. The snapshot whole, 31 MB, is never made: it was the
 *  start's peak in WebKit with the memory beside it (docs/site.md, round 23). Used once, it
 *  gives Pyodide's own back: the module would hold the packed bytes through it for good. */
function restoreFrom(module, packed) {
  const restore = module.API.restoreSnapshot;
  return () => {
    module.API.restoreSnapshot = restore;
    const size = new DataView(unpackInto(packed, new Uint8Array(8)).buffer).getUint32(4, true);
    const state = restore(unpackInto(packed, new Uint8Array(size)));
    unpackInto(packed, module.HEAP8, size);
    return state;
  };
}

/** The core engine's files (core.zip, read while Pyodide starts: unzip.js) into Python's
 *  working folder. */
function unpack(pyodide, files) {
  writeFiles(pyodide.FS, files, pyodide.FS.cwd());
}

async function restore(kept, create, archive) {
  const pyodide = await loadPlainPyodide({
    ...FILES,
    _loadSnapshot: kept.packed,
    _snapshotDeserializer: snapshot.deserializer,
    createPyodideModule: pyodideModule(create, kept),
  });
  pyodide._api.config._loadSnapshot = null; // its bytes are in Python's memory now: let them go
  kept.packed = null;
  if (!(await kept.sound)) throw new Error("its bytes are not the ones that were kept");
  tell("step", { step: "loaded" });
  mark("loaded");
  const zip = await archive;
  tell("step", { step: "unpacking" });
  unpack(pyodide, zip);
  tell("step", { step: "unpacked" });
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}

async function fresh(create, archive, keep) {
  const pyodide = await loadPlainPyodide({ ...FILES, _makeSnapshot: keep, createPyodideModule: pyodideModule(create) });
  tell("step", { step: "loaded" });
  mark("loaded");
  const zip = await archive;
  tell("step", { step: "unpacking" });
  unpack(pyodide, zip);
  tell("step", { step: "unpacked" });
  pyodide.runPython(IMPORTS);
  mark("bridge");
  if (keep) offer(pyodide);
  return pyodide;
}

/** A snapshot of this start, made when the page asks: once PyScript has the interpreter and
 *  the worker's script has run, and the page is interactive (runtime.js), so that making it
 *  (31 MB copied: 40-330 ms of a cold start under load) is off the start's path. Its bytes
 *  are held here until the page says whether to keep them (once its offline copy exists), and
 *  kept from here: their digest and the copy into the cache cost the page's main thread
 *  0.3-0.4 s when the page kept them. The page gets a port to say both on and hears back
 *  {made: size}, then {kept}, or {error}. */
function offer(pyodide) {
  const { port1, port2 } = new MessageChannel();
  let bytes = null;
  const answer = (reply) => port1.postMessage(reply);
  port1.onmessage = async ({ data }) => {
    try {
      if (data && data.make) {
        bytes = pyodide.makeMemorySnapshot({ serializer: snapshot.serializer });
        mark("snapshot");
        return answer({ made: bytes.length });
      }
      const kept = bytes && data && data.keep ? snapshot.keep(bytes, version) : false;
      bytes = null; // held by keep only as long as it needs them
      answer({ kept: Boolean(await kept) });
    } catch (error) {
      bytes = null;
      answer({ error: String((error && error.message) || error) });
    }
    port1.onmessage = null;
    port1.close();
  };
  tell("snapshot", { port: port2 }, [port2]);
}

const WASM = `${INDEX}pyodide.asm.wasm`;

/** Pyodide's WebAssembly, fetched and compiled from the moment the start begins: Pyodide asks
 *  for it only once its JS (pyodide.asm.mjs, 1.2 MB) is fetched and run, 80-100 ms later in a
 *  cold start, and the compile is most of what the start waits for then. Pyodide's own request
 *  for it is given the same response, and its instantiation (`instantiateStreaming`, after
 *  Pyodide has added its own imports) the module compiled here, which also goes to the page,
 *  which holds it (runtime.js says why). */
function compileEarly() {
  const response = fetch(WASM);
  const compiled = WebAssembly.compileStreaming(response);
  compiled.catch(() => {}); // reported where it is awaited
  const plainFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    if (String(input) !== WASM) return plainFetch.call(this, input, init);
    globalThis.fetch = plainFetch;
    return response; // read by the compile above, never again
  };
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    const module = await compiled;
    mark("compiled");
    const instance = await WebAssembly.instantiate(module, imports);
    try {
      tell("wasm", { module });
    } catch (error) {
      console.warn(`Pyodide's compiled WebAssembly stays in the worker: ${error}`); // an engine that cannot send one
    }
    return { module, instance };
  };
}

/** Start Python; `keep`: from the kept snapshot when there is a sound one (one that fails in
 *  any way is deleted), else the normal way, making one. */
async function start(keep) {
  compileEarly();
  const archive = fetch(CORE).then(async (response) => {
    if (!response.ok) throw new Error(`engine/core.zip: HTTP ${response.status}`);
    return unzip(await response.arrayBuffer());
  });
  archive.catch(() => {}); // reported where it is awaited
  const module = import(`${INDEX}pyodide.asm.mjs`);
  const [kept, { default: create }] = await Promise.all([keep ? snapshot.read(version) : null, module]);
  mark("imported");
  if (kept && !kept.packed) tell("discarded", { why: kept.why });
  else if (kept) {
    try {
      const bytes = kept.length;
      const pyodide = await restore(kept, create, archive);
      tell("python", { how: "snapshot", bytes });
      return pyodide;
    } catch (error) {
      const why = String((error && error.message) || error);
      tell("discarded", { why });
      await snapshot.drop(version);
    }
  }
  const pyodide = await fresh(create, archive, keep);
  tell("python", { how: "fresh" });
  return pyodide;
}

/** The worker's interpreter once started (PyScript holds it; a look from the worker's console
 *  or a test: `(await import(".../python.js")).started`). */
export let started = null;

/** Python from our own ./pyodide/, for PyScript (its Pyodide options: stdout, stderr, and an
 *  `indexURL` not used); `keep`: with the memory snapshot. */
export async function startPython(keep, { stdout, stderr } = {}) {
  const pyodide = await start(keep);
  mark("started");
  started = pyodide;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}

/** PyScript's call for the interpreter. */
export const loadPyodide = (options) => startPython(true, options);
