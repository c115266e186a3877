#!/usr/bin/env python3
"""Build the static site into dist/ and serve it.

    python3 build.py                 build dist/
    python3 build.py serve           build, then serve dist/ on 127.0.0.1 (prints the URL)
    python3 build.py serve --port 8000 --no-build

What dist/ holds (and nothing else):

    index.html, *.html        the pages of site/, with {{app}} replaced by app/<build id>
    sw.js                     the service worker, listing every file of this build
    app/<build id>/           our own files: site/css, site/js (bundled), site/i18n, ... and engine/:
                              core.zip (engine/core, engine/sim and site/py/*.py, unpacked
                              into Python's cwd at start-up), <game>.zip and <game>.json per
                              game of the registry (the engine, unpacked when first played; the
                              lobby's catalog) and games.json (the registry for the lobby)
    pyscript/                 @pyscript/core: only the chunks the page requests
    pyodide/                  pyodide: only the files an offline start needs

The build id is a hash of our own files, so a new build never mixes with a cached old one:
its files live under a new directory, and index.html (served "no-cache") names it.
Needs only the standard library, Node's npm (run when node_modules/ lacks the pinned packages).
Its parts: tools/npm.py (the pinned packages), tools/bundle.py (the page's modules bundled),
tools/engine_files.py (the registry, catalogs and engine zips), tools/bytecode.py (the core
engine as bytecode), tools/preload.py (each page's preload links), tools/stdlib.py (the
standard library shipped), tools/serve.py (the server).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from tools import bytecode, stdlib, theme  # noqa: E402
from tools.bundle import bundle  # noqa: E402
from tools.engine_files import (ENGINE, SITE, engine_archives, game_catalogs, game_packages,  # noqa: E402,F401
                                game_registry, strip_source_map)
from tools.engine_files import files as files_of  # noqa: E402
from tools.npm import NODE_MODULES, ensure_npm_packages, pinned_versions  # noqa: E402,F401
from tools.preload import page_preloads, pyscript_files, static_imports  # noqa: E402
from tools.serve import DIST, SiteHandler, SiteServer, make_server, start  # noqa: E402,F401

# Pyodide files that a start without any extra package fetches.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Two of Pyodide's files are not shipped as they are: its standard library (the site's own,
# python/stdlib.zip, has the modules a start imports compiled: tools/stdlib.py), and its index
# of packages (114 KB: the site loads none; python/lock.json is the index of none)
PYODIDE_REPLACED = {"python_stdlib.zip": "python/stdlib.zip", "pyodide-lock.json": "python/lock.json"}


# ------------------------------------------------------------------ the build


def build(out: Path = DIST, quiet: bool = False, extra: dict[str, bytes] | None = None) -> dict:
    """Write the site into ``out`` (replacing it) and return a summary of the build.
    ``extra`` adds files to app/<build id>/ (tests use it to make a different build)."""
    pins = ensure_npm_packages()
    files: dict[str, bytes] = {}

    # our own files, under app/<build id>/
    own: dict[str, bytes] = {}
    for path in files_of(SITE):
        rel = path.relative_to(SITE).as_posix()
        if rel.startswith("py/") or rel == "sw.js" or rel.endswith(".html") and "/" not in rel:
            continue
        own[rel] = path.read_bytes()
    # the theme's colours, written once in shell.css (tools/theme.py)
    colours = theme.placeholders()
    for name, colour in colours.items():
        own["manifest.webmanifest"] = own["manifest.webmanifest"].replace(name.encode(), colour.encode())
    cache = NODE_MODULES / ".cache" / "broker-yard"
    for name, data in engine_archives().items():
        # the core engine, which every start imports, as Pyodide's bytecode (tools/bytecode.py)
        own[f"engine/{name}.zip"] = bytecode.compiled(NODE_MODULES / "pyodide", data, cache) if name == "core" else data
    for name, catalog in game_catalogs().items():
        own[f"engine/{name}.json"] = json.dumps(catalog, ensure_ascii=False).encode()
    own["engine/games.json"] = json.dumps(game_registry()).encode()
    shipped = [p for p in files_of(ENGINE) if p.name != "__main__.py"] + files_of(SITE / "py")
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    own["python/lock.json"] = json.dumps({"info": lock["info"], "packages": {}}).encode()
    own["python/stdlib.zip"], stdlib_summary = stdlib.compiled(NODE_MODULES / "pyodide", stdlib.imports_of(shipped),
                                                  cache)
    own.update(extra or {})
    # the page's modules bundled: a start receives a dozen files, not 35 (tools/bundle.py)
    own, bundled = bundle(own)
    digest = hashlib.sha256(json.dumps(pins, sort_keys=True).encode())
    for rel in sorted(own):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(own[rel]).digest())
    # the pages of site/ (a name starting with "_" is a part written into pages: {{boot}})
    boot = (SITE / "_boot.html").read_text(encoding="utf-8")
    pages = {p.name: p.read_text(encoding="utf-8").replace("{{boot}}", boot)
             for p in sorted(SITE.glob("*.html")) if not p.name.startswith("_")}
    for name, colour in colours.items():
        pages = {page: text.replace(name, colour) for page, text in pages.items()}
    for name, text in pages.items():
        digest.update(name.encode() + b"\0" + text.encode())
    digest.update((SITE / "sw.js").read_bytes())
    build_id = digest.hexdigest()[:12]
    app = f"app/{build_id}"
    for rel, data in own.items():
        files[f"{app}/{rel}"] = data

    # the pinned runtime
    core_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript = pyscript_files(core_dist)
    for name in pyscript:
        files[f"pyscript/{name}"] = strip_source_map((core_dist / name).read_bytes())
    for name in (name for name in PYODIDE_FILES if name not in PYODIDE_REPLACED):
        data = (NODE_MODULES / "pyodide" / name).read_bytes()
        files[f"pyodide/{name}"] = strip_source_map(data) if name.endswith("js") else data

    # {{preload}}: start every download a page needs at once instead of one module after
    # another (a deep import graph costs a round of the busy main thread per level)
    runtime = static_imports(own, "js/shell/runtime.js")
    # first the runtime's own modules (pages name runtime.js itself) and PyScript's, which starts
    # the Python worker; then the page's own files (what it draws while Python loads: on
    # HTTP/1.1 a browser asks for six files at a time). Pyodide's files, the standard library
    # and the core engine are the worker's: it asks for them itself (a page's preload would be
    # a second request, and a module preloaded would compile on the page's own main thread)
    modules = [f'<link rel="modulepreload" href="{app}/{rel}">' for rel in runtime[1:]]
    modules += [f'<link rel="modulepreload" href="pyscript/{name}">' for name in pyscript]
    # the shell's own CSS goes inline: the frame paints without waiting for any request
    shell_link = '<link rel="stylesheet" href="{{app}}/css/shell.css">'
    shell_css = f"<style>\n{own['css/shell.css'].decode()}</style>" if "css/shell.css" in own else ""
    for name, text in pages.items():
        if shell_css:
            text = text.replace(shell_link, shell_css)
        own_preload = page_preloads(own, text, set(runtime))
        text = text.replace("{{preload}}", "\n".join(modules + own_preload)).replace("{{app}}", app)
        files[name] = text.encode()

    listed = ["./"] + [f"./{rel}" for rel in sorted(files)]
    sw = (SITE / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("{{build}}", build_id).replace("/* {{files}} */ []", json.dumps(listed, indent=0))
    files["sw.js"] = sw.encode()

    if out.exists():
        shutil.rmtree(out)
    for rel, data in files.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    summary = {
        "build": build_id,
        "out": str(out),
        "files": len(files),
        "bytes": sum(len(d) for d in files.values()),
        "pyodide": pins.get("pyodide"),
        "pyscript": pins.get("@pyscript/core"),
        "stdlib": stdlib_summary,
        "bundle": {kind: len(bundled[kind]) for kind in ("entries", "stubs", "worker")},
    }
    if not quiet:
        print(f"build.py: dist {summary['build']} -> {out} ({summary['files']} files, "
              f"{summary['bytes'] / 1e6:.1f} MB; pyodide {summary['pyodide']}, "
              f"@pyscript/core {summary['pyscript']}; standard library: {stdlib_summary['compiled']} "
              f"modules compiled, {stdlib_summary['sources']} sources, {stdlib_summary['left_out']} "
              "files left out)", flush=True)
    return summary


# ------------------------------------------------------------------ command line


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the Mesa site, the game hall (and serve it).")
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="port to serve on (default: a free one)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing output")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.command == "serve" and args.no_build):
        build(args.out)
    if args.command == "serve":
        server = make_server(args.out, args.host, args.port, quiet=not args.verbose)
        print(f"Serving {args.out} at {server.url}  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
