"""The core engine as Pyodide runs it: core.zip's modules compiled to bytecode by Pyodide's
own Python at build time (build.py), so a start without a memory snapshot, the first visit,
compiles none of them.

A first visit unpacks core.zip and imports the bridge (with the core engine's modules a start
needs) before the page is interactive; from sources that import compiled some 120 KB of
Python in the page's Python worker, while Pyodide's WebAssembly still ran unoptimised: 200-430
ms of a cold start under load, against 10-90 ms from bytecode (docs/site.md). Each `.py`
becomes a `.pyc` without its source beside it (Python imports such a file unchecked); the
zip's names, dates and order stay as they were. The compile runs Pyodide under Node
(tools/stdlib.py `in_pyodide`) once per archive: the result is cached under
node_modules/.cache/, keyed by the archive's bytes and Pyodide's."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from tools.stdlib import in_pyodide

HERE = Path(__file__).resolve().parent


def compiled(pyodide: Path, archive: bytes, cache: Path) -> bytes:
    """``archive`` (a zip of Python sources) with each module as Pyodide's bytecode."""
    key = hashlib.sha256(archive)
    for path in (pyodide / "package.json", HERE / "bytecode_compile.py", HERE / "pyodide_run.mjs"):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    zipped = cache / f"bytecode-{key.hexdigest()[:16]}.zip"
    if not zipped.exists():
        cache.mkdir(parents=True, exist_ok=True)
        # files of its own: two builds at once (two test workers) may compile the same archive
        source, partial = (zipped.with_suffix(f".{os.getpid()}.{kind}") for kind in ("source", "partial"))
        source.write_bytes(archive)
        try:
            in_pyodide(pyodide, HERE / "bytecode_compile.py", source, partial, what="compiling the core engine")
        finally:
            source.unlink()
        partial.replace(zipped)
    return zipped.read_bytes()
