"""What dist/ holds of the engine and of our own files: the registry and each game's catalog
as the lobby reads them before Python is up (engine/games.json, engine/<game>.json), and the
engine as zips (core.zip for every page, one per game, unpacked when first played), each
byte-for-byte the same for the same sources."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
ENGINE = ROOT / "engine"
SKIP_NAMES = {"__pycache__", ".DS_Store"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".map")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def wanted(path: Path) -> bool:
    """Not a cache, an editor's or a system's file."""
    return not (set(path.parts) & SKIP_NAMES) and not path.name.endswith(SKIP_SUFFIXES)


def files(folder: Path):
    """The files of `folder` that ship, in a stable order."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and wanted(p.relative_to(folder)))


SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def strip_source_map(data: bytes) -> bytes:
    return SOURCE_MAP.sub(b"\n", data)


def zip_of(entries) -> bytes:
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
    return {name: entry.package.split(".")[1] for name, entry in GAMES.items()}


def game_catalogs() -> dict[str, dict]:
    """Each game's catalog (the lobby's form: options, seats, bots) as the engine gives it,
    so the lobby shows a game's options before its engine is loaded."""
    from engine.core.game import get_game, hall_catalog
    out = {}
    for name in game_packages():
        module = get_game(name)
        out[name] = hall_catalog(module)
        # what the "How to play" page shows beyond the rule text (a game's optional `howto`)
        if hasattr(module, "howto"):
            out[name]["howto"] = module.howto()
    return out


def game_registry() -> dict:
    """The registry as the page reads it before Python is up (engine/games.json): the games
    in the lobby's order and the short tags their links carry."""
    from engine.core.game import GAMES, tags
    assert "games" not in GAMES, "engine/games.json would be that game's catalog"
    return {"games": list(GAMES), "tags": tags()}


def engine_archives() -> dict[str, bytes]:
    """core.zip (what every page starts with) and one zip per game, loaded when played: the
    page then starts no slower however many games the hall has."""
    games = game_packages()
    pkg = lambda p: p.relative_to(ENGINE).parts[0]  # noqa: E731
    core = [(f"engine/{p.relative_to(ENGINE).as_posix()}", p) for p in files(ENGINE)
            if pkg(p) not in games.values() and pkg(p) != "__main__.py"]
    py = SITE / "py"
    core += [(p.relative_to(py).as_posix(), p) for p in files(py)] if py.is_dir() else []
    out = {"core": zip_of(core)}
    for name, folder in games.items():
        out[name] = zip_of([(f"engine/{p.relative_to(ENGINE).as_posix()}", p)
                          for p in files(ENGINE / folder)])
    return out
