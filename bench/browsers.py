"""The three browser engines of tools/browsers.py (Chromium, Firefox ESR, WebKitGTK, each a
fresh browser driven the same way), for the benchmarks (bench/mainthread.py), with what Linux
says about the process that holds the tab.

The tab's process: the content process with the largest peak memory (a dedicated worker runs
in the process of its page in all three engines, so its memory counts there). Its peak
resident memory is the most Linux reported of it (VmHWM, or VmRSS: Chromium resets a
renderer's VmHWM now and then), read every 0.2 s; its threads' time on a CPU and waiting for
one are read from /proc/<pid>/task/<tid>/schedstat by a `Sampler` every few milliseconds.
"""

from __future__ import annotations

import bisect
import os
import threading
import time
from pathlib import Path

from tools import browsers as drivers
from tools.browsers import CHROMIUM_ARGS, descendants  # noqa: F401  (bench/startup.py's Chromium)


# ------------------------------------------------------------------ processes


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def peak_kb(pid: int) -> int:
    """The process's peak resident memory as Linux reports it now (the larger of VmHWM and
    VmRSS: Chromium resets a renderer's VmHWM now and then), 0 once it is gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0
    return max((int(line.split()[1]) for line in lines if line.startswith(("VmHWM:", "VmRSS:"))), default=0)


def thread_ms(pid: int, tid: int) -> tuple[float, float] | None:
    """(ms on a CPU, ms waiting for one) of a thread so far."""
    try:
        ran, waited, _ = Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return None
    return int(ran) / 1e6, int(waited) / 1e6


# A dedicated worker's thread, as each engine names it (Linux keeps 15 characters of a name).
WORKER_THREADS = ("DedicatedWorker", "DOM Worker", "WebCore: Worker")


def worker_threads(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            if (task / "comm").read_text().strip() in WORKER_THREADS:
                out.append(int(task.name))
        except (OSError, ValueError):
            continue
    return out


class Sampler:
    """Reads the schedstat of the main thread and of the dedicated workers' threads of every
    content process of a browser every `every` seconds (new processes and threads looked for
    every `look` seconds) until stopped. A stall on the page's clock is then split into the
    time the main thread ran (the page's own work) and the time it waited for a CPU that other
    processes held (this machine's load); a bot's decision into the time the Python worker's
    thread ran and the rest."""

    def __init__(self, browser: Measured, every: float = 0.002, look: float = 0.2):
        self.browser, self.every, self.look = browser, every, look
        # (pid, "main" or "worker") -> tid -> [(epoch ms, ran ms, waited ms)]
        self.samples: dict[tuple[int, str], dict[int, list[tuple[float, float, float]]]] = {}
        self.peaks: dict[int, int] = {}  # pid -> the most resident memory (KB) seen of it
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        threads: list[tuple[int, str, int]] = []
        looked = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if now - looked > self.look:
                pids = self.browser.content_pids()
                threads = [(p, "main", p) for p in pids]
                threads += [(p, "worker", t) for p in pids for t in worker_threads(p)]
                self.peaks.update({p: max(kb, self.peaks.get(p, 0)) for p in pids if (kb := peak_kb(p))})
                looked = now
            for pid, role, tid in threads:
                got = thread_ms(pid, tid)
                if got:
                    self.samples.setdefault((pid, role), {}).setdefault(tid, []).append((time.time() * 1000, *got))
            time.sleep(self.every)

    def stop(self):
        self._stop.set()
        self._thread.join()
        pids = self.browser.content_pids()
        self.peaks.update({p: max(kb, self.peaks.get(p, 0)) for p in pids if (kb := peak_kb(p))})

    def peak_mb(self) -> float:
        """The peak resident memory of the tab's process (the content process that grew most,
        one that has ended too)."""
        return max(self.peaks.values(), default=0) / 1024

    def split(self, pid: int, start: float | None, end: float, role: str = "main") -> tuple[float, float] | None:
        """(ran, waited) ms of `pid`'s main thread (or its workers' threads, summed) from
        `start` (None: the thread's start) to `end` (epoch ms), each read between the two
        samples around it as if the thread's time went evenly between them (a sampler held
        back by the load reads less often). None when the samples do not cover it."""
        ran = waited = 0.0
        covered = False
        for samples in self.samples.get((pid, role), {}).values():
            at_end = _between(samples, end)
            at_start = _between(samples, start) if start is not None else (0.0, 0.0)
            if at_end is None or at_start is None:
                continue
            covered = True
            ran += at_end[0] - at_start[0]
            waited += at_end[1] - at_start[1]
        return (ran, waited) if covered else None


def _between(samples: list[tuple[float, float, float]], when: float) -> tuple[float, float] | None:
    """(ran, waited) at `when`, between the samples around it; None outside them."""
    times = [s[0] for s in samples]
    after = bisect.bisect_left(times, when)
    if after >= len(samples) or (after == 0 and times[0] > when):
        return None
    if times[after] == when or after == 0:
        return samples[after][1], samples[after][2]
    (t0, r0, w0), (t1, r1, w1) = samples[after - 1], samples[after]
    part = (when - t0) / (t1 - t0)
    return r0 + (r1 - r0) * part, w0 + (w1 - w0) * part


# ------------------------------------------------------------------ the browsers


class Measured:
    """A browser of tools/browsers.py whose content processes are found by `content`, what
    their command line holds."""

    content = ""

    def content_pids(self) -> list[int]:
        return [p for p in descendants(os.getpid()) if self.content in cmdline(p)]

    def tab_pid(self) -> int | None:
        """The content process that holds the tab and its workers (the largest)."""
        return max(self.content_pids(), key=peak_kb, default=None)


class Chromium(Measured, drivers.Chromium):
    content = "--type=renderer"


class Firefox(Measured, drivers.Firefox):
    content = "-contentproc"

    def content_pids(self):
        # a web page's content process ("tab"; the others hold extensions, sockets, ...)
        return [p for p in super().content_pids() if cmdline(p).rstrip().endswith(" tab")]


class WebKit(Measured, drivers.WebKit):
    content = "WebKitWebProcess"


BROWSERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
