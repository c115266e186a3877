"""The code's style is the formatter's and the linter's: ruff for the Python, Prettier (pinned
in package.json) for the site's JavaScript. Both run here so that the README's one test
command checks them; a failure prints what to run to fix it."""

from __future__ import annotations

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
