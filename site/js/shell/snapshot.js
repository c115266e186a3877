// Python's memory after a start, kept for the next visit: Pyodide's memory snapshot
// (`_makeSnapshot` / `makeMemorySnapshot()` / `_loadSnapshot`), so a later start skips
// Python's own start-up (running some 200 modules of the standard library) and the import of
// the hall's modules.
//
// One snapshot per build and Pyodide version, kept beside the build's offline copy in the
// service worker's cache (broker-yard-<build>: a new build's worker deletes it with the old
// files), packed without its long runs of zeros (zeros.js). Its headers name the build, the
// Pyodide version and the SHA-256 of its packed bytes; one of another build or version, or
// whose bytes do not match, is deleted and never used. The Python worker (python.js) reads,
// makes, keeps and deletes it, keeping it when the page (runtime.js) says its offline copy
// exists. Neither imports Pyodide for its version: the worker passes it.

import { pack, packedLength } from "./zeros.js";

const APP = new URL("../../", import.meta.url); // .../app/<build>/
const BUILD = APP.pathname.split("/").filter(Boolean).pop();
const CACHE = `broker-yard-${BUILD}`;
const HEADERS = { build: "x-snapshot-build", pyodide: "x-snapshot-pyodide", sha256: "x-snapshot-sha256" };

const key = (version) => new URL(`snapshot/pyodide-${version}`, APP).href;

// A snapshot is made once PyScript has the interpreter (python.js). Python then holds one JS
// object that a snapshot cannot find again by its path from the worker's globals: PyScript's
// module ("polyscript", registered in Python). It goes into the snapshot as its name and comes
// out as an empty stand-in, which PyScript replaces as it registers its module again at the
// start from the snapshot. Any other such object stops the snapshot from being made.
export const STAND_IN = "polyscript";

/** Pyodide's `serializer` for makeMemorySnapshot. */
export function serializer(object) {
  if (object && "xworker" in object && "js_modules" in object) return { standIn: STAND_IN };
  throw new Error(`Python holds a JS object no snapshot can restore (${Object.keys(object || {}).slice(0, 5)})`);
}

/** Pyodide's `_snapshotDeserializer`, the other way. */
export function deserializer(serialized) {
  if (serialized && serialized.standIn === STAND_IN) return {};
  throw new Error(`a snapshot holding a JS object of its own: ${JSON.stringify(serialized)}`);
}

/** Whether this page can keep a snapshot at all (Cache Storage and an offline copy). A frame
 *  whose storage is refused (a cross-origin iframe, third-party storage blocked) may throw
 *  at the mere look at `caches`: it keeps none. */
export function canKeep() {
  try {
    return typeof caches !== "undefined" && "serviceWorker" in navigator && location.protocol !== "file:";
  } catch {
    return false;
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The kept snapshot for Pyodide `version`, or null: {packed, length, sound, why}, its bytes
 *  packed as zeros.js packs them and their length unpacked, where `sound` resolves to whether
 *  they are the ones that were kept (their digest is computed while Pyodide loads). One of
 *  another build or Pyodide version, or not a packed form, is deleted (`why` says so, and null
 *  `packed`). */
export async function read(version) {
  let response;
  try {
    response = await caches.match(key(version), { cacheName: CACHE });
  } catch {
    return null;
  }
  if (!response) return null;
  const header = (name) => response.headers.get(HEADERS[name]);
  if (header("build") !== BUILD || header("pyodide") !== version) {
    await drop(version);
    return { packed: null, why: `made by build ${header("build")} with Pyodide ${header("pyodide")}` };
  }
  const packed = new Uint8Array(await response.arrayBuffer());
  const expected = header("sha256");
  const sound = sha256(packed).then(
    (actual) => actual === expected,
    () => false,
  );
  try {
    return { packed, length: packedLength(packed), sound };
  } catch (error) {
    await drop(version);
    return { packed: null, why: error.message };
  }
}

/** Keep `bytes` as this build's snapshot for Pyodide `version`, packed (zeros.js); only while
 *  the build's offline copy exists (a newer build's worker may have deleted it: a snapshot must
 *  not bring it back). */
export async function keep(bytes, version) {
  let packed = pack(bytes); // before any wait: the caller lets the whole go once this returns
  if (!(await caches.has(CACHE))) return false;
  const headers = {
    "content-type": "application/octet-stream",
    [HEADERS.build]: BUILD,
    [HEADERS.pyodide]: version,
    [HEADERS.sha256]: await sha256(packed),
  };
  const cache = await caches.open(CACHE);
  const response = new Response(packed, { headers }); // a copy of them: ours can go meanwhile
  packed = null;
  await cache.put(key(version), response);
  return true;
}

/** Delete the kept snapshot (it could not be used). */
export async function drop(version) {
  try {
    const cache = await caches.open(CACHE);
    await cache.delete(key(version));
  } catch {
    /* nothing kept, nothing to delete */
  }
}
