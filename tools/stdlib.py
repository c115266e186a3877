"""The standard library the site ships: Pyodide's, with the modules a start imports compiled
to bytecode by Pyodide's own Python, less the modules a page cannot use (build.py).

Pyodide ships its standard library as sources, so every start without a memory snapshot
compiles the ~140 modules that Python's and Pyodide's own start and the site's Python import:
most of such a start (in Node, 3.3-4.1 s against 1.0-1.2 s from bytecode). Bytecode only for
what a start imports, and leaving out what cannot run in a page, keeps the download about the
size of Pyodide's own zip. The compile runs Pyodide under Node (tools/pyodide_run.mjs), once
per set of inputs: the result is cached under node_modules/.cache/."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Top-level modules left out, none of which can work in a page: clients and servers of the
# network's protocols (a page has no sockets), a terminal's REPL and debugger, test runners and
# the help browser. The site's own Python must not import them: build.py stops with a message
# if it does (take a name out of here to ship it).
TRIMMED = (
    "_pyrepl", "bdb", "doctest", "ftplib", "imaplib", "pdb", "poplib", "pydoc", "pydoc_data",
    "smtplib", "unittest", "wsgiref", "xmlrpc",
)


def imports_of(paths) -> set[str]:
    """Absolute module names that Python files import (relative imports are the site's own)."""
    names = set()
    for path in paths:
        for node in ast.walk(ast.parse(Path(path).read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return names


def check(imports: set[str]) -> None:
    """Stop the build when the site's Python imports a module that is left out."""
    wanted = sorted(name for name in imports if name.split(".")[0] in TRIMMED)
    if wanted:
        sys.exit(f"build.py: the site's Python imports {', '.join(wanted)}, left out of the standard "
                 "library the site ships (tools/stdlib.py TRIMMED)")


def compiled(pyodide: Path, imports: set[str], cache: Path) -> tuple[bytes, dict]:
    """The standard library zip to ship, and a summary ({python, compiled, sources, left_out})."""
    check(imports)
    config = json.dumps({"imports": sorted(imports), "trimmed": sorted(TRIMMED)}).encode()
    key = hashlib.sha256(config)
    for path in (pyodide / "package.json", pyodide / "python_stdlib.zip", HERE / "stdlib_compile.py",
                 HERE / "pyodide_run.mjs"):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    name = f"stdlib-{key.hexdigest()[:16]}"
    zipped, summary, settings = (cache / f"{name}{suffix}" for suffix in (".zip", ".json", ".config.json"))
    if not (zipped.exists() and summary.exists()):
        cache.mkdir(parents=True, exist_ok=True)
        settings.write_bytes(config)
        # its own partial file: two builds at once (two test workers) may compile the same set
        partial = zipped.with_suffix(f".{os.getpid()}.partial")
        out = in_pyodide(pyodide, HERE / "stdlib_compile.py", pyodide / "python_stdlib.zip", partial, settings,
                         what="compiling the standard library")
        partial.replace(zipped)
        summary.write_text(out.strip().splitlines()[-1])
    return zipped.read_bytes(), json.loads(summary.read_text())


def in_pyodide(pyodide: Path, script: Path, *paths: Path, what: str) -> str:
    """Run ``script`` in Pyodide's own Python under Node (tools/pyodide_run.mjs) with the host
    ``paths`` as its arguments; its output. The build stops, saying ``what`` failed, if it fails."""
    node = shutil.which("node")
    if not node:
        sys.exit(f"build.py: node is needed for {what} (tools/stdlib.py)")
    run = subprocess.run([node, str(HERE / "pyodide_run.mjs"), str(pyodide), str(script),
                          *(f"/host{p.resolve()}" for p in paths)], capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"build.py: {what} failed:\n{run.stderr[-3000:]}")
    return run.stdout
