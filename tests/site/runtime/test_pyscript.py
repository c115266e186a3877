"""PyScript is the page's loader (issue 15): it takes Python from our interpreter module
(site/js/shell/python.js, which passes Pyodide the memory snapshot) and runs the page's
`<script type="py">` in that interpreter, fresh or from a snapshot. Its own Python package,
which it imports before the first script and the hall never uses, is left to run at its first
use (site/py/deferred.py) and then works in full."""

from __future__ import annotations

from ..conftest import wait_started

KEPT = "performance.getEntriesByName('broker:snapshot-kept').length > 0"

# The interpreter PyScript holds (its `whenDefined("py")`), asked without running a script
# (PyScript's run of any script imports its package again, and so runs it).
IN_HELD = """async (code) => {
  const { whenDefined } = await import("/pyscript/core.js");
  const { interpreter } = await whenDefined("py");
  return interpreter.runPython(code);
}"""
HELD = "import sys; type(sys.modules['pyscript']).__name__ + ' ' + str('bridge' in sys.modules)"

# A script of the page's own, run by PyScript: the title read through PyScript's API.
PAGE_SCRIPT = """() => {
  const script = document.createElement("script");
  script.type = "py";
  script.textContent = [
    "import sys, js",
    "from pyscript import document",
    "js.document.documentElement.dataset.pyscriptCheck = type(sys.modules['pyscript']).__name__ + ' ' + document.title",
  ].join("\\n");
  document.body.append(script);
}"""
CHECKED = "document.documentElement.dataset.pyscriptCheck"


# The standard library the site ships (tests/site/runtime/test_stdlib.py): what a start
# imports comes from bytecode, without docstrings but for Pyodide's own; the rest from source;
# what a page cannot use is not there.
STDLIB = "\n".join([
    "import json, tomllib, pyodide.ffi",
    "try:\n import unittest\n left = 'unittest there'\nexcept ModuleNotFoundError:\n left = 'left out'",
    "' '.join([json.__file__.rsplit('.', 1)[1], str(json.dumps.__doc__), tomllib.__file__.rsplit('.', 1)[1],",
    "          str(pyodide.ffi.to_js.__doc__ is not None), left])",
])


def check_python(page, title):
    assert page.evaluate(IN_HELD, STDLIB) == "pyc None py True left out"
    # PyScript holds the hall's interpreter (the bridge is in it); its package has not run
    assert page.evaluate(IN_HELD, HELD) == "_LazyModule True"
    # a script of the page runs in it, and PyScript's API works in full
    page.evaluate(PAGE_SCRIPT)
    page.wait_for_function(CHECKED, timeout=60_000)
    assert page.evaluate(CHECKED) == f"module {title}"


def test_pyscript_runs_the_page_python_fresh_and_from_a_snapshot(guard, site_server):
    context = guard.new_context(route=False)
    page = context.new_page()
    page.goto(site_server.url)
    wait_started(page)
    assert page.evaluate("document.documentElement.dataset.python") == "fresh"
    check_python(page, page.title())

    page.wait_for_function(KEPT, timeout=120_000)
    page.reload()
    wait_started(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    check_python(page, page.title())
