"""A page's {{preload}} links: every module of ours its scripts import statically, asked for
at once instead of one level of imports after another (a deep import graph costs a round of
the busy main thread per level), and the files PyScript's core needs."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from tools.engine_files import game_registry

# PyScript chunks loaded on demand that our page still requests although all its plugins are
# disabled (the error plugin's module is imported to switch it off). The static imports of
# core.js are found by reading the files.
PYSCRIPT_LAZY_PREFIXES = ("error-",)


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
