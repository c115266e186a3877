"""The hall's theme colours, written once: in site/css/shell.css (the styles of the first
paint, which the build puts inline in every page). The build reads them from there for what
is not CSS: the page's `theme-color`, the web app manifest's colours (`{{theme}}`,
`{{background}}` in site/), and tools/icons.py paints the icons' table in the same blue."""

from __future__ import annotations

import re
from pathlib import Path

SHELL_CSS = Path(__file__).resolve().parents[1] / "site" / "css" / "shell.css"


def shell_colour(name: str) -> str:
    """A colour custom property of shell.css's :root, e.g. "--by-accent" -> "#1d5d8c"."""
    found = re.search(rf"{re.escape(name)}:\s*(#[0-9a-fA-F]{{6}})\s*;", SHELL_CSS.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f"site/css/shell.css defines no colour {name}")
    return found.group(1).lower()


def placeholders() -> dict[str, str]:
    """What the build writes for each placeholder of the theme in site/'s pages and manifest."""
    return {"{{theme}}": shell_colour("--by-accent"), "{{background}}": shell_colour("--by-bg")}
