"""The hall in the two engines besides Chromium, each as one unit (tests/site/browsers/smoke.py):
Firefox ESR (puppeteer-core over WebDriver BiDi) with third-party storage blocked, as a person
may choose (so the embedded frame runs with none), and WebKitGTK (Safari's engine family:
MiniBrowser through WebKitWebDriver and Selenium, in an Xvfb of its own), whose frame gets its
partitioned storage. Each prints its wall time and CPU time (this process's and the browser's
processes'), and the seconds of each part."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from tools.browsers import Firefox, WebKit, descendants

from . import smoke

TICK = os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """The CPU time (user and system) of this process and of every process it started while it
    runs, read from /proc every half second (a process's last half second is missed)."""

    def __init__(self):
        self.seen: dict[int, float] = {}
        self.start = os.times()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.wait(0.5):
            for pid in descendants(os.getpid()):
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                self.seen[pid] = (int(fields[11]) + int(fields[12])) / TICK  # utime + stime

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        now = os.times()
        return now.user + now.system - self.start.user - self.start.system + sum(self.seen.values())


def timed(name, make_browser, site_dist, tmp_path, storage_in_frame):
    wall, cpu = time.monotonic(), CpuMeter()
    try:
        parts = smoke.run(make_browser, site_dist, tmp_path, storage_in_frame)
    finally:
        used = cpu.stop()
    print(f"{name} smoke: {time.monotonic() - wall:.1f} s wall, {used:.1f} s CPU; {parts}")


@pytest.mark.long
def test_firefox_plays_reloads_replays_embeds_and_works_offline(site_dist, tmp_path):
    """Long and whole: one fresh Firefox (its start alone takes seconds) carries the path from a
    cold start to offline, as a person's visit does."""
    # 1: every third-party cookie and storage refused (about:preferences, "All cross-site cookies")
    timed("firefox", lambda: Firefox(prefs={"network.cookie.cookieBehavior": 1}), site_dist, tmp_path, "blocked")


@pytest.mark.long
def test_webkit_plays_reloads_replays_embeds_and_works_offline(site_dist, tmp_path):
    """Long and whole: one fresh WebKit (its start alone takes seconds) carries the path from a
    cold start to offline, as a person's visit does."""
    timed("webkit", WebKit, site_dist, tmp_path, "open")
