"""Three browser engines driven the same way, for the benchmarks (bench/mainthread.py), with
what Linux says about the process that holds the tab. All three are Debian's, none downloaded:

- Chromium (/usr/bin/chromium) through Playwright;
- Firefox ESR (/usr/bin/firefox-esr) through puppeteer-core over WebDriver BiDi
  (bench/firefox.mjs, a Node process this one talks to a JSON line at a time);
- WebKitGTK's MiniBrowser through WebKitWebDriver (webkit2gtk-driver) with Selenium; it needs
  a display: run the benchmark under `xvfb-run -a`.

Each is a fresh browser with a new profile: open(url), reload(), run(function source, arg)
(the function may return a promise), close().

The tab's process: the content process with the largest peak memory (a dedicated worker runs
in the process of its page in all three engines, so its memory counts there). Its peak
resident memory is the most Linux reported of it (VmHWM, or VmRSS: Chromium resets a
renderer's VmHWM now and then), read every 0.2 s; its threads' time on a CPU and waiting for
one are read from /proc/<pid>/task/<tid>/schedstat by a `Sampler` every few milliseconds.
"""

from __future__ import annotations

import bisect
import json
import os
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


# ------------------------------------------------------------------ processes


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


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

    def __init__(self, browser: Browser, every: float = 0.002, look: float = 0.2):
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


class Browser:
    """One fresh browser (a new profile)."""

    name = ""
    content = ""  # what a content process's command line holds

    def content_pids(self) -> list[int]:
        return [p for p in descendants(os.getpid()) if self.content in cmdline(p)]

    def tab_pid(self) -> int | None:
        """The content process that holds the tab and its workers (the largest)."""
        return max(self.content_pids(), key=peak_kb, default=None)

    def wait(self, fn, arg=None, timeout=900.0, every=0.25):
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(fn, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {fn} not true after {timeout} s")
            time.sleep(every)


class Chromium(Browser):
    name = "chromium"
    content = "--type=renderer"

    def __init__(self, pw):
        self.browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                          args=CHROMIUM_ARGS)
        self.page = self.browser.new_page()
        self.page.set_default_timeout(900_000)

    def open(self, url):
        self.page.goto(url, wait_until="domcontentloaded")

    def reload(self):
        self.page.reload(wait_until="domcontentloaded")

    def run(self, fn, arg=None):
        return self.page.evaluate(fn, arg)

    def close(self):
        self.browser.close()


class Firefox(Browser):
    name = "firefox"
    content = "-contentproc"

    def __init__(self, _pw):
        self.node = subprocess.Popen(["node", str(ROOT / "bench" / "firefox.mjs")], cwd=ROOT, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.ask("launch")

    def content_pids(self):
        # a web page's content process ("tab"; the others hold extensions, sockets, ...)
        return [p for p in super().content_pids() if cmdline(p).rstrip().endswith(" tab")]

    def ask(self, op, **fields):
        self.node.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.node.stdin.flush()
        answer = json.loads(self.node.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"firefox {op}: {answer['error']}")
        return answer

    def open(self, url):
        self.ask("goto", url=url)

    def reload(self):
        self.ask("reload")

    def run(self, fn, arg=None):
        return self.ask("run", fn=fn, arg=arg)["value"]

    def close(self):
        self.ask("close")
        self.node.stdin.close()
        self.node.wait(60)


class WebKit(Browser):
    name = "webkit"
    content = "WebKitWebProcess"
    BINARY = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

    def __init__(self, _pw):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = os.environ.get("MINIBROWSER", self.BINARY)
        options.add_argument("--automation")
        self.driver = webdriver.WebKitGTK(options=options, service=Service("/usr/bin/WebKitWebDriver"))
        self.driver.set_script_timeout(900)
        self.driver.set_page_load_timeout(900)

    def open(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def run(self, fn, arg=None):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve(({fn})(arguments[0])).then((value) => done({{ value }}),"
            " (error) => done({ error: String(error) }));", arg)
        if "error" in answer:
            raise RuntimeError(f"webkit: {answer['error']}")
        return answer.get("value")

    def close(self):
        self.driver.quit()


BROWSERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
