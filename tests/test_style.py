"""The code's style is the formatter's and the linter's: ruff for the Python, Prettier (pinned
in package.json) for the site's JavaScript. Both run here so that the README's one test
command checks them; a failure prints what to run to fix it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command):
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_python_passes_ruff():
    out = run(sys.executable, "-m", "ruff", "check", "--output-format", "concise", ".")
    assert out.returncode == 0, f"ruff check . (fix: ruff check --fix .):\n{out.stdout}{out.stderr}"


def test_javascript_is_formatted_by_prettier():
    prettier = ROOT / "node_modules" / ".bin" / "prettier"
    assert prettier.exists(), "node_modules lacks prettier: run npm ci (tests/run.sh does)"
    node = shutil.which("node")
    out = run(node, str(prettier), "--check", "site/**/*.js")
    fix = "npx prettier --write 'site/**/*.js'"
    assert out.returncode == 0, f"prettier --check (fix: {fix}):\n{out.stdout}{out.stderr}"


# What esbuild's target (es2022, tools/bundle.mjs) cannot see: library calls newer than it. The
# bundle's syntax is checked against the target, a method is not, and a browser without it
# throws where it is called (forEach on a Map's keys(), an iterator helper, would have thrown at
# every table draw in Safari before 18.4). The names below are ES2023-2025's that read as
# nothing else, called where they are written (an iterator's helpers on keys() and the like,
# not on Object.keys(), an array); an iterator handed on and used elsewhere is not seen.
NEWER_THAN_TARGET = re.compile(
    r"(?<!\bObject)\.(?:keys|values|entries|matchAll)\([^()]*\)\s*\.(?:map|filter|forEach|reduce|some|every|find|flatMap|take|drop|toArray)\("
    r"|\bIterator\.from\b|\b(?:Object|Map)\.groupBy\b|\bPromise\.withResolvers\b|\bArray\.fromAsync\b"
    r"|\.(?:toSorted|toReversed|toSpliced|findLast|findLastIndex|symmetricDifference|isSubsetOf|isSupersetOf"
    r"|isDisjointFrom)\("
)


def test_javascript_calls_nothing_newer_than_its_target():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted((ROOT / "site").rglob("*.js"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NEWER_THAN_TARGET.search(line)
    ]
    assert not found, "calls newer than es2022 (a browser without them throws):\n" + "\n".join(found)
