// Run a Python file inside Pyodide under Node (build.py's compile of the standard library):
//   node tools/pyodide_run.mjs <pyodide folder> <script.py> [args...]
// The host's file system is mounted at /host, so paths are given as /host/<absolute path>.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, script, ...args] = process.argv.slice(2);
const index = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: index });
pyodide.FS.mkdir("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.runPython(`import sys\nsys.argv = ${JSON.stringify([script, ...args])}`);
pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
