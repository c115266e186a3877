"""The npm packages the site ships (pyodide, @pyscript/core), the bundler the build runs
(esbuild) and the formatter the tests run,
exactly as package-lock.json pins them: build.py installs them with `npm ci` when
node_modules/ holds other versions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"


# what the build itself runs (tools/bundle.mjs), beside the packages the site ships
BUILD_TOOLS = ("esbuild",)


def pinned_versions() -> dict[str, str]:
    """The versions package-lock.json pins for our direct dependencies and the build's tools."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    deps = [*json.loads((ROOT / "package.json").read_text())["dependencies"], *BUILD_TOOLS]
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
