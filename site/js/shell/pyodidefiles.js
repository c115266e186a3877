// The files Python starts from, the same for the page (python.js) and for the worker that makes
// its memory snapshot (snapshotmaker.js): a snapshot is restored over the files it was made
// with. Pyodide's runtime from ./pyodide/, the build's own standard library (build.py,
// tools/stdlib.py: the modules a start imports compiled to bytecode by Pyodide's Python) and
// an index of no packages (the site loads none; Pyodide's own index is 114 KB).

export const INDEX = new URL("../../../../pyodide/", import.meta.url).href;

/** loadPyodide's options that name the files. */
export const FILES = Object.freeze({
  indexURL: INDEX,
  stdLibURL: new URL("../../python/stdlib.zip", import.meta.url).href,
  lockFileURL: new URL("../../python/lock.json", import.meta.url).href,
});
