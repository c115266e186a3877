"""Shared by every test: in CI (CI=true) a skipped test is a failed test, so nothing that CI
should run (the WebRTC namespace, the QR decoder, the browser) can quietly go missing."""

import os

import pytest

IN_CI = os.environ.get("CI") == "true"


def _fail_if_skipped(report):
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run every test: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_if_skipped(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """A whole module skipped while it is collected (pytest.importorskip) counts too."""
    outcome = yield
    _fail_if_skipped(outcome.get_result())


# ---------------------------------------------------------------- what runs when, and its cost
# Browser tests are marked `browser` (tests/site/); `-m "not browser"` runs the engine and
# the code's checks alone in a few minutes. Tests marked `long` (each says why in its
# docstring) start first, so that two workers (pytest-xdist, `--dist worksteal` in
# tests/run.sh: a worker that runs out takes queued tests from the end of the other's queue)
# end together rather than one waiting for the other's whole game; browser tests go before
# the quick engine tests for the same reason. (First among the hooks: `-m` deselects by
# these marks.)
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/site/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
    rank = {id(item): (0 if item.get_closest_marker("long") else 1 if item.get_closest_marker("browser") else 2)
            for item in items}
    items.sort(key=lambda item: rank[id(item)])  # stable: the files' own order within a rank


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the built site in a real browser (tests/site/)")
    config.addinivalue_line("markers", "long: a test that must stay long; its docstring says why")


_spent: dict[str, list[float]] = {}


def pytest_runtest_logreport(report):
    """Each test file's time (setup, call and teardown of its tests), for the table below."""
    spent = _spent.setdefault(report.nodeid.split("::", 1)[0], [0.0, 0])
    spent[0] += report.duration
    spent[1] += report.when == "call"


def pytest_terminal_summary(terminalreporter):
    """Where the time went: every test file by its tests' time, longest first."""
    if not _spent:
        return
    total = sum(s for s, _ in _spent.values())
    write = terminalreporter.write_line
    terminalreporter.section("time per test file")
    write(f"{'seconds':>8} {'share':>6} {'tests':>5}  file")
    for path, (seconds, tests) in sorted(_spent.items(), key=lambda kv: -kv[1][0]):
        write(f"{seconds:8.1f} {seconds / total:6.1%} {tests:5d}  {path}")
    write(f"{total:8.1f} {1:6.0%} {sum(n for _, n in _spent.values()):5d}  all files (the tests' own time, "
          "summed over the workers)")
