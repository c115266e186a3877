"""Python runs in a worker of its own and the page keeps the DOM (issue 28). PyScript starts
that worker and takes Python from our interpreter module there (site/js/shell/python.js,
which passes Pyodide the memory snapshot), fresh or from a snapshot; the page has no Pyodide
and no SharedArrayBuffer (it is not cross-origin isolated), and talks to Python only by the
bridge's calls. PyScript's own Python package, which it imports before the worker's script and
the hall never uses, is left to run at its first use (site/py/deferred.py) and then works in
full, as a worker's PyScript does without a SharedArrayBuffer."""

from __future__ import annotations

from ..conftest import wait_started

KEPT = "performance.getEntriesByName('broker:snapshot-kept').length > 0"

# The page: Python answers its bridge, yet none of Pyodide's files was fetched by the page
# itself (its own resource timing; a worker's requests are its own), it holds the worker's
# compiled WebAssembly (runtime.js: so that the next load finds it compiled) and no interpreter of
# PyScript's runs on it; nor does PyScript watch the page's DOM once started (runtime.js: an
# element added with a `py-*` attribute is not looked at, its XPath is never run).
PAGE = """async () => ({
  platform: (await brokerYard.py.call("info")).platform,
  fetched: performance.getEntriesByType("resource").map((e) => e.name)
    .filter((u) => u.includes("/pyodide/") || u.endsWith("/stdlib.zip") || u.endsWith("/core.zip")),
  scripts: document.querySelectorAll("script[type=py], script[type=mpy], py-script").length,
  shared: typeof SharedArrayBuffer, isolated: crossOriginIsolated,
  held: performance.getEntriesByName("broker:wasm").length,
  watched: await (async () => {
    let looks = 0;
    const { createExpression } = XPathEvaluator.prototype;
    XPathEvaluator.prototype.createExpression = function (...args) {
      looks += 1;
      return createExpression.apply(this, args);
    };
    const probe = Object.assign(document.createElement("button"), { hidden: true });
    probe.setAttribute("py-click", "nothing");
    document.body.append(probe);
    await new Promise((resolve) => setTimeout(resolve, 0)); // an observer's records come before
    probe.remove();
    XPathEvaluator.prototype.createExpression = createExpression;
    return looks;
  })(),
})"""

# In the worker: the interpreter PyScript holds there (python.js keeps a handle on it) runs
# `code`; the worker's global has no document.
IN_WORKER = """async (code) => {
  const url = new URL("app/" + %r + "/js/shell/python.js", location.origin + "/").href;
  const { started } = await import(url);
  return [typeof document, typeof WorkerGlobalScope, started.runPython(code)];
}"""

# The standard library the site ships (tests/site/runtime/test_stdlib.py): what a start
# imports comes from bytecode, without docstrings but for Pyodide's own; the rest from source;
# what a page cannot use is not there.
STDLIB = "\n".join([
    "import json, tomllib, pyodide.ffi",
    "try:\n import unittest\n left = 'unittest there'\nexcept ModuleNotFoundError:\n left = 'left out'",
    "' '.join([json.__file__.rsplit('.', 1)[1], str(json.dumps.__doc__), tomllib.__file__.rsplit('.', 1)[1],",
    "          str(pyodide.ffi.to_js.__doc__ is not None), left])",
])
# PyScript holds the hall's interpreter (the bridge is in it); its package has not run yet;
# Python sees no DOM
HELD = ("import sys, js\n"
        "' '.join([type(sys.modules['pyscript']).__name__, str('bridge' in sys.modules),"
        " str(hasattr(js, 'document'))])")
# PyScript's API at its first use, in full: it knows it runs in a worker, and its `sync` holds
# the functions the worker exports to the page (the bridge's)
USED = ("import sys\n"
        "from pyscript import RUNNING_IN_WORKER, sync\n"
        "' '.join([type(sys.modules['pyscript']).__name__, str(RUNNING_IN_WORKER),"
        " str(callable(sync.call) and callable(sync.install))])")


def check_python(page):
    seen = page.evaluate(PAGE)
    assert seen == {"platform": "emscripten", "fetched": [], "scripts": 0,
                    "shared": "undefined", "isolated": False, "held": 1, "watched": 0}, seen
    assert len(page.workers) == 1, [w.url for w in page.workers]
    worker = page.workers[0]
    build_id = page.evaluate("brokerYard.py.build")

    def run(code):
        document, scope, out = worker.evaluate(IN_WORKER % build_id, code)
        assert (document, scope) == ("undefined", "function")
        return out

    assert run(STDLIB) == "pyc None py True left out"
    assert run(HELD) == "_LazyModule True False"
    assert run(USED) == "module True True"


def test_pyscript_runs_python_in_a_worker_fresh_and_from_a_snapshot(guard, site_server):
    context = guard.new_context(route=False)
    page = context.new_page()
    page.goto(site_server.url)
    wait_started(page)
    assert page.evaluate("document.documentElement.dataset.python") == "fresh"
    check_python(page)

    page.wait_for_function(KEPT, timeout=120_000)
    page.reload()
    wait_started(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    check_python(page)
