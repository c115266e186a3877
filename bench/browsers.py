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


def status_kb(pid: int) -> dict[str, int]:
    """The process's memory figures of /proc/<pid>/status (VmHWM, VmRSS, RssAnon, RssFile,
    RssShmem) in KB, {} once it is gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    return {key: int(value.split()[0]) for key, _, value in (line.partition(":") for line in lines)
            if key in ("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem")}


def peak_kb(pid: int) -> int:
    """The process's peak resident memory as Linux reports it now (the larger of VmHWM and
    VmRSS: Chromium resets a renderer's VmHWM now and then), 0 once it is gone."""
    got = status_kb(pid)
    return max(got.get("VmHWM", 0), got.get("VmRSS", 0))


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
        # pid -> (epoch ms, its status_kb) when its resident memory (VmRSS) was the most seen:
        # when the peak came, and how much of it was anonymous memory (heaps) and files (code)
        self.highest: dict[int, tuple[float, dict[str, int]]] = {}
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
                self._note(pids)
                looked = now
            for pid, role, tid in threads:
                got = thread_ms(pid, tid)
                if got:
                    self.samples.setdefault((pid, role), {}).setdefault(tid, []).append((time.time() * 1000, *got))
            time.sleep(self.every)

    def _note(self, pids):
        for pid in pids:
            got = status_kb(pid)
            if not got:
                continue
            self.peaks[pid] = max(got.get("VmHWM", 0), got.get("VmRSS", 0), self.peaks.get(pid, 0))
            if got.get("VmRSS", 0) > self.highest.get(pid, (0, {}))[1].get("VmRSS", 0):
                self.highest[pid] = (time.time() * 1000, got)

    def stop(self):
        self._stop.set()
        self._thread.join()
        self._note(self.browser.content_pids())

    def peak_mb(self) -> float:
        """The peak resident memory of the tab's process (the content process that grew most,
        one that has ended too)."""
        return max(self.peaks.values(), default=0) / 1024

    def highest_seen(self) -> tuple[float, dict[str, int]] | None:
        """(epoch ms, status_kb) of the tab's process when its resident memory was the most seen
        (sampled every `look` s: the peak itself may fall between two samples)."""
        if not self.peaks:
            return None
        return self.highest.get(max(self.peaks, key=self.peaks.get))

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


def where_peak(sampler: Sampler, phases, inside: dict) -> dict:
    """The split of the tab's memory: at its most resident memory seen, in which phase
    ((name, from epoch ms), in order) and how much of it anonymous (heaps) and files (code,
    fonts); at the end, what the engine says the tab holds (Chromium: the page's JS heap and
    Python's WebAssembly memory; browsers.py)."""
    highest = sampler.highest_seen()
    if not highest:
        return {"inside": inside}
    at, status = highest
    phase = [name for name, since in phases if at >= since][-1]
    return {"phase": phase, "anon": status.get("RssAnon", 0) / 1024, "file": status.get("RssFile", 0) / 1024,
            "inside": inside}


def peak_text(peak: dict | None) -> str:
    """where_peak's split, in a few words."""
    if not peak:
        return ""
    inside = peak.get("inside") or {}
    text = (f"most RSS in the {peak['phase']}: anon {peak['anon']:.0f} MB, files {peak['file']:.0f} MB"
            if "phase" in peak else "")
    if inside:
        text += f"; at the end page JS {inside['page JS']:.0f} MB ({inside['page JS committed']:.0f} committed)"
        if inside.get("wasm") is not None:
            text += f", Python's wasm {inside['wasm']:.0f} MB"
    return text


# ------------------------------------------------------------------ the browsers


class Measured:
    """A browser of tools/browsers.py whose content processes are found by `content`, what
    their command line holds."""

    content = ""

    def inside(self) -> dict:
        """What the tab holds now, where the engine can tell (Chromium)."""
        return {}

    def content_pids(self) -> list[int]:
        return [p for p in descendants(os.getpid()) if self.content in cmdline(p)]

    def tab_pid(self) -> int | None:
        """The content process that holds the tab and its workers (the largest)."""
        return max(self.content_pids(), key=peak_kb, default=None)


# Python's WebAssembly memory (MB): the hall's, in its worker (python.js's interpreter), or a
# bare page's on its main thread (`__pyodide`)
WASM_MB = """async () => {
  const pyodide = globalThis.__pyodide ||
    (globalThis.WorkerGlobalScope && (await import(new URL("js/shell/python.js", globalThis.__app).href)).started);
  return pyodide ? pyodide._module.HEAP8.length / 2 ** 20 : null;
}"""


class Chromium(Measured, drivers.Chromium):
    content = "--type=renderer"

    def inside(self) -> dict:
        """What the tab holds now, in MB: the page's JS heap (used, and committed: what the
        process holds for it) and Python's WebAssembly memory (its worker's, or the page's)."""
        heap = self.page.context.new_cdp_session(self.page).send("Runtime.getHeapUsage")
        wasm = self.page.evaluate(WASM_MB)
        app = self.page.evaluate("window.brokerYard && new URL(`app/${brokerYard.py.build}/`, location.href).href")
        for worker in self.page.workers if app else []:
            worker.evaluate(f"globalThis.__app = {app!r}")
            wasm = worker.evaluate(WASM_MB)
        return {"page JS": heap["usedSize"] / 2**20, "page JS committed": heap["totalSize"] / 2**20, "wasm": wasm}


class Firefox(Measured, drivers.Firefox):
    content = "-contentproc"

    def content_pids(self):
        # a web page's content process ("tab"; the others hold extensions, sockets, ...)
        return [p for p in super().content_pids() if cmdline(p).rstrip().endswith(" tab")]


class WebKit(Measured, drivers.WebKit):
    content = "WebKitWebProcess"


BROWSERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
