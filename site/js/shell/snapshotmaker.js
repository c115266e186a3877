// A module worker that makes this build's memory snapshot (snapshot.js) off the page's main
// thread, once the page is interactive and its offline copy exists (python.js keepSnapshot):
// a first visit no longer pays for the snapshot in its start (Pyodide started in snapshot
// mode, the core engine imported in full, 31 MB of memory copied). It starts Python exactly
// as the page's fresh start does, with the same files, then keeps what it made.
//
//   worker.postMessage(null)  →  {kept: bool, bytes} or {error}

import { loadPyodide } from "../../../../pyodide/pyodide.mjs";
import { keep, HOLDS } from "./snapshot.js";
import { FILES } from "./pyodidefiles.js";

const CORE = new URL("../../engine/core.zip", import.meta.url).href;

onmessage = async () => {
  try {
    const response = await fetch(CORE);
    if (!response.ok) throw new Error(`engine/core.zip: HTTP ${response.status}`);
    const pyodide = await loadPyodide({ ...FILES, _makeSnapshot: true });
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "." });
    pyodide.runPython(HOLDS);
    const bytes = pyodide.makeMemorySnapshot();
    postMessage({ kept: await keep(bytes), bytes: bytes.length });
  } catch (error) {
    postMessage({ error: String((error && error.message) || error) });
  }
};
