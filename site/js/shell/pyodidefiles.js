// The files Python starts from (python.js, in the Python worker), the same whether it starts
// the normal way, making a memory snapshot, or from one: a snapshot is restored over the files
// it was made with. Pyodide's runtime from ./pyodide/, the build's own standard library (build.py,
// tools/stdlib.py: the modules a start imports compiled to bytecode by Pyodide's Python) and
// an index of no packages (the site loads none; Pyodide's own index is 114 KB).

export const INDEX = new URL("../../../../pyodide/", import.meta.url).href;

/** loadPyodide's options that name the files. */
export const FILES = Object.freeze({
  indexURL: INDEX,
  stdLibURL: new URL("../../python/stdlib.zip", import.meta.url).href,
  lockFileURL: new URL("../../python/lock.json", import.meta.url).href,
});
