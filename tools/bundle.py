"""The page's ES modules bundled (tools/bundle.mjs, esbuild pinned in package.json): a page
that started by asking for 35 modules (55 in the embed), one request and one task of the
main thread each, receives a dozen files. What each output is: see bundle.mjs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the modules the pages name in their <script> tags, and those the Python worker starts with
PAGES = ("hall/app.js", "hall/embed.js", "shell/runtime.js")
WORKER = ("shell/python.js", "shell/nosnapshot.js")


def bundle(own: dict[str, bytes]) -> tuple[dict[str, bytes], dict]:
    """``own`` (the build's files under app/<id>/) with its js/ bundled; and what bundle.mjs
    says it wrote (``entries``, ``stubs``, ``worker``: paths under js/)."""
    node = shutil.which("node")
    if not node:
        sys.exit("build.py: Node is needed to bundle the page's modules (tools/bundle.mjs)")
    with tempfile.TemporaryDirectory(prefix="bundle-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        for rel, data in own.items():
            if rel.startswith("js/"):
                (src / rel).parent.mkdir(parents=True, exist_ok=True)
                (src / rel).write_bytes(data)
        config = {"src": str(src), "out": str(out), "pages": list(PAGES), "worker": list(WORKER)}
        done = subprocess.run([node, str(ROOT / "tools" / "bundle.mjs"), json.dumps(config)], cwd=ROOT,
                              capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"build.py: bundling the page's modules failed:\n{done.stderr}")
        summary = json.loads(done.stdout)
        bundled = {f"js/{p.relative_to(out / 'js').as_posix()}": p.read_bytes()
                   for p in sorted((out / "js").rglob("*.js"))}
    # the worker's modules as they are; so is any module that no page imports
    files = {rel: data for rel, data in own.items() if not rel.startswith("js/")}
    files.update({rel: data for rel, data in own.items() if rel.startswith("js/") and rel not in bundled})
    files.update(bundled)
    return files, summary
