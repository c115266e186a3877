// PyScript's interpreter module in the Python worker of a page that can keep no memory snapshot
// (its storage refused: an embedded frame, runtime.js): Python starts the normal way only, and
// never in snapshot mode (python.js).

export { version } from "./python.js";
import { startPython } from "./python.js";

/** PyScript's call for the interpreter. */
export const loadPyodide = (options) => startPython(false, options);
