#!/usr/bin/env python3
"""Build the static site into dist/ and serve it.

    python3 build.py                 build dist/
    python3 build.py serve           build, then serve dist/ on 127.0.0.1 (prints the URL)
    python3 build.py serve --port 8000 --no-build

What dist/ holds (and nothing else):

    index.html, *.html        the pages of site/, with {{app}} replaced by app/<build id>
    sw.js                     the service worker, listing every file of this build
    app/<build id>/           our own files: site/css, site/js, site/i18n, ... and engine/:
                              core.zip (engine/core, engine/sim and site/py/*.py, unpacked
                              into Python's cwd at start-up), <game>.zip and <game>.json per
                              game of the registry (the engine, unpacked when first played; the
                              lobby's catalog) and games.json (the registry for the lobby)
    pyscript/                 @pyscript/core: only the chunks the page requests
    pyodide/                  pyodide: only the files an offline start needs

The build id is a hash of our own files, so a new build never mixes with a cached old one:
its files live under a new directory, and index.html (served "no-cache") names it.
Needs only the standard library, Node's npm (run when node_modules/ lacks the pinned packages).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import posixpath
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from tools import stdlib  # noqa: E402
SITE = ROOT / "site"
ENGINE = ROOT / "engine"
NODE_MODULES = ROOT / "node_modules"
DIST = ROOT / "dist"

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
# PyScript chunks loaded on demand that our page still requests although all its plugins are
# disabled (the error plugin's module is imported to switch it off). The static imports of
# core.js are found by reading the files.
PYSCRIPT_LAZY_PREFIXES = ("error-",)
SKIP_NAMES = {"__pycache__", ".DS_Store"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".map")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


# ------------------------------------------------------------------ npm packages


def pinned_versions() -> dict[str, str]:
    """The versions package-lock.json pins for our direct dependencies."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {name: lock["packages"][f"node_modules/{name}"]["version"] for name in deps}


def installed_version(name: str) -> str | None:
    try:
        return json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_npm_packages() -> dict[str, str]:
    """Run `npm ci` when node_modules/ does not hold exactly the pinned versions."""
    pins = pinned_versions()
    if any(installed_version(name) != version for name, version in pins.items()):
        npm = shutil.which("npm")
        if not npm:
            sys.exit("build.py: npm is needed to install " + ", ".join(pins))
        print("build.py: npm ci (installing " + ", ".join(f"{n}@{v}" for n, v in pins.items()) + ")",
              flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=ROOT, check=True)
        wrong = {n: installed_version(n) for n, v in pins.items() if installed_version(n) != v}
        if wrong:
            sys.exit(f"build.py: npm ci left the wrong versions installed: {wrong}")
    return pins


# ------------------------------------------------------------------ helpers


def _wanted(path: Path) -> bool:
    return not (set(path.parts) & SKIP_NAMES) and not path.name.endswith(SKIP_SUFFIXES)


def _files(folder: Path):
    return sorted(p for p in folder.rglob("*") if p.is_file() and _wanted(p.relative_to(folder)))


_SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def _strip_source_map(data: bytes) -> bytes:
    return _SOURCE_MAP.sub(b"\n", data)


def _zip(entries) -> bytes:
    """A zip of (name, path) entries, byte-for-byte the same for the same sources."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def game_packages() -> dict[str, str]:
    """Registry name -> package folder under engine/ (engine/core/game.py, GAMES)."""
    from engine.core.game import GAMES  # standard library only: safe to import here
    return {name: module.split(".")[1] for name, module in GAMES.items()}


def game_catalogs() -> dict[str, dict]:
    """Each game's catalog (the lobby's form: options, seats, bots) as the engine gives it,
    so the lobby shows a game's options before its engine is loaded."""
    from engine.core.game import get_game
    out = {}
    for name in game_packages():
        module = get_game(name)
        out[name] = {**module.catalog(), "game": module.GAME, "version": module.VERSION}
        # what the "How to play" page shows beyond the rule text (a game's optional `howto`)
        if hasattr(module, "howto"):
            out[name]["howto"] = module.howto()
    return out


def game_registry() -> dict:
    """The registry as the page reads it before Python is up (engine/games.json): the games
    in the lobby's order and the short tags their links carry."""
    from engine.core.game import GAMES, TAGS
    assert "games" not in GAMES, "engine/games.json would be that game's catalog"
    return {"games": list(GAMES), "tags": {name: TAGS[name] for name in GAMES}}


def engine_archives() -> dict[str, bytes]:
    """core.zip (what every page starts with) and one zip per game, loaded when played: the
    page then starts no slower however many games the hall has."""
    games = game_packages()
    pkg = lambda p: p.relative_to(ENGINE).parts[0]  # noqa: E731
    core = [(f"engine/{p.relative_to(ENGINE).as_posix()}", p) for p in _files(ENGINE)
            if pkg(p) not in games.values() and pkg(p) != "__main__.py"]
    py = SITE / "py"
    core += [(p.relative_to(py).as_posix(), p) for p in _files(py)] if py.is_dir() else []
    out = {"core": _zip(core)}
    for name, folder in games.items():
        out[name] = _zip([(f"engine/{p.relative_to(ENGINE).as_posix()}", p)
                          for p in _files(ENGINE / folder)])
    return out


# a static import or re-export of one of our modules: `import … from "./x.js";`, `} from "../y.js";`
_IMPORT = re.compile(r"""^(?:import\s|export\s*\{)[^"';]*?["'](\.\.?/[^"']+\.js)["'];""", re.M)


def static_imports(own: dict[str, bytes], entry: str) -> list[str]:
    """``entry`` (a path under app/) and every module of ours it imports statically, so the
    page can ask for them all at once instead of one level of imports after another."""
    needed, todo = [], [entry]
    while todo:
        rel = todo.pop()
        if rel in needed or rel not in own:
            continue
        needed.append(rel)
        folder = posixpath.dirname(rel)
        todo += [posixpath.normpath(posixpath.join(folder, m.group(1))) for m in _IMPORT.finditer(own[rel].decode())]
    return needed


_PAGE_MODULE = re.compile(r"""<script type="module" src="\{\{app\}\}/([^"]+\.js)">""")
# the page whose script is the hall's lobby (index.html)
LOBBY_ENTRY = "js/hall/app.js"


def page_preloads(own: dict[str, bytes], page: str, listed: set[str]) -> list[str]:
    """A page's own {{preload}} links (``{{app}}`` still in them): every module its scripts
    import statically (those not ``listed`` already) and what the hall's first draw fetches
    (its styles and the English words, always read as the fallback); for the lobby, also the
    registry and the first game's form (its lobby part, words and catalog), which a first
    visit draws: a later visit has them all in the offline copy."""
    entries = _PAGE_MODULE.findall(page)
    modules = [rel for entry in entries for rel in static_imports(own, entry)]
    hall = any(rel.startswith("js/hall/") for rel in modules)
    fetched = ["i18n/en.json"] if hall else []
    if LOBBY_ENTRY in entries:
        first = game_registry()["games"][0]
        modules += static_imports(own, f"js/games/{first}/lobby.js")
        fetched += ["engine/games.json", f"i18n/{first}/en.json", f"engine/{first}.json"]
    links = [f'<link rel="modulepreload" href="{{{{app}}}}/{rel}">'
             for rel in dict.fromkeys(entries + modules) if rel not in listed]
    if hall:
        links.append('<link rel="preload" href="{{app}}/css/app.css" as="style">')
    links += [f'<link rel="preload" href="{{{{app}}}}/{rel}" as="fetch" crossorigin>' for rel in fetched if rel in own]
    return links


_PYSCRIPT_IMPORT = re.compile(rb"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")


def pyscript_files(dist_core: Path) -> list[str]:
    """core.js, everything it imports statically, and the lazy chunks we know are requested."""
    needed, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        needed.add(name)
        text = (dist_core / name).read_bytes()
        # only static imports: `import(` (dynamic) is followed by a parenthesis, not a quote
        for match in _PYSCRIPT_IMPORT.finditer(text):
            todo.append(match.group(1).decode()[2:])
    for path in dist_core.glob("*.js"):
        if path.name.startswith(PYSCRIPT_LAZY_PREFIXES):
            needed.add(path.name)
    return sorted(needed)


# ------------------------------------------------------------------ the build


def build(out: Path = DIST, quiet: bool = False, extra: dict[str, bytes] | None = None) -> dict:
    """Write the site into ``out`` (replacing it) and return a summary of the build.
    ``extra`` adds files to app/<build id>/ (tests use it to make a different build)."""
    pins = ensure_npm_packages()
    files: dict[str, bytes] = {}

    # our own files, under app/<build id>/
    own: dict[str, bytes] = {}
    for path in _files(SITE):
        rel = path.relative_to(SITE).as_posix()
        if rel.startswith("py/") or rel == "sw.js" or rel.endswith(".html") and "/" not in rel:
            continue
        own[rel] = path.read_bytes()
    for name, data in engine_archives().items():
        own[f"engine/{name}.zip"] = data
    for name, catalog in game_catalogs().items():
        own[f"engine/{name}.json"] = json.dumps(catalog, ensure_ascii=False).encode()
    own["engine/games.json"] = json.dumps(game_registry()).encode()
    shipped = [p for p in _files(ENGINE) if p.name != "__main__.py"] + _files(SITE / "py")
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    own["python/lock.json"] = json.dumps({"info": lock["info"], "packages": {}}).encode()
    own["python/stdlib.zip"], stdlib_summary = stdlib.compiled(NODE_MODULES / "pyodide", stdlib.imports_of(shipped),
                                                  NODE_MODULES / ".cache" / "broker-yard")
    own.update(extra or {})
    digest = hashlib.sha256(json.dumps(pins, sort_keys=True).encode())
    for rel in sorted(own):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(own[rel]).digest())
    pages = {p.name: p.read_text(encoding="utf-8") for p in sorted(SITE.glob("*.html"))}
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
        files[f"pyscript/{name}"] = _strip_source_map((core_dist / name).read_bytes())
    for name in (name for name in PYODIDE_FILES if name not in PYODIDE_REPLACED):
        data = (NODE_MODULES / "pyodide" / name).read_bytes()
        files[f"pyodide/{name}"] = _strip_source_map(data) if name.endswith("js") else data

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
    }
    if not quiet:
        print(f"build.py: dist {summary['build']} -> {out} ({summary['files']} files, "
              f"{summary['bytes'] / 1e6:.1f} MB; pyodide {summary['pyodide']}, "
              f"@pyscript/core {summary['pyscript']}; standard library: {stdlib_summary['compiled']} "
              f"modules compiled, {stdlib_summary['sources']} sources, {stdlib_summary['left_out']} "
              "files left out)", flush=True)
    return summary


# ------------------------------------------------------------------ the server


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types for modules and WebAssembly, and cache headers
    that match the layout: app/<build id>/ never changes, everything else is revalidated."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".py": "text/x-python",
    }
    quiet = True

    def setup(self):
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def handle_one_request(self):
        started, before = time.time(), self.wfile.written
        super().handle_one_request()
        if self.wfile.written > before:
            with self.server.lock:
                self.server.requests.append((started, self.path, self.wfile.written - before))

    def copyfile(self, source, outputfile):
        # the kernel copies the file (one call, the GIL released) instead of Python copying it
        # 64 KB at a time: a page's small files are not kept waiting behind Pyodide's big ones
        self.wfile.count(self.connection.sendfile(source))

    def log_request(self, code="-", size="-"):
        self.server.log.append((self.command, self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        if path.startswith("/app/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class _CountingWriter(io.RawIOBase):
    """Passes writes to the socket and adds their size to server.bytes_sent."""

    def __init__(self, raw, server):
        self._raw, self._server = raw, server
        self.written = 0

    def writable(self):
        return True

    def write(self, data):
        written = self._raw.write(data)
        self.count(len(data))
        return written

    def count(self, size):
        """Bytes sent past this writer (a file the kernel sent itself)."""
        self.written += size
        with self._server.lock:
            self._server.bytes_sent += size

    def flush(self):
        self._raw.flush()


class SiteServer(http.server.ThreadingHTTPServer):
    """Also keeps figures for tests and benchmarks: ``bytes_sent`` (headers and bodies),
    ``log``, the (method, path, status) of every request, and ``requests``, the (time it
    arrived, path, bytes sent) of every answered request."""

    daemon_threads = True

    def __init__(self, *args, **kwargs):
        self.lock = threading.Lock()
        self.bytes_sent = 0
        self.log: list[tuple[str, str, int]] = []
        self.requests: list[tuple[float, str, int]] = []
        super().__init__(*args, **kwargs)

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the browser went away mid-transfer (a closed tab): nothing to report
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                quiet: bool = True) -> SiteServer:
    """A server for ``directory`` (port 0: a free one); call serve_forever() or use start()."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    handler.func.quiet = quiet
    return SiteServer((host, port), handler)


def start(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0) -> SiteServer:
    """Serve ``directory`` from a background thread; stop it with server.shutdown()."""
    server = make_server(directory, host, port)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server


# ------------------------------------------------------------------ command line


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the Broker-Yard site (and serve it).")
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
