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
