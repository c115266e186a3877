"""Three browser engines driven the same way, by the benchmarks (bench/mainthread.py) and the
smoke tests in Firefox and WebKit (tests/site/browsers/). All three are Debian's, none
downloaded (`bash tests/run.sh` installs them):

- Chromium (/usr/bin/chromium, or $CHROMIUM) through Playwright;
- Firefox ESR (/usr/bin/firefox-esr, or $FIREFOX) through puppeteer-core over WebDriver BiDi
  (tools/firefox.mjs, a Node process this one talks to a JSON line at a time);
- WebKitGTK's MiniBrowser through WebKitWebDriver (webkit2gtk-driver) with Selenium; it needs
  a display: without $DISPLAY it starts an Xvfb of its own for as long as it runs.

Each is a fresh browser with a new profile: open(url), reload(), run(function source, arg,
frame) (the function may return a promise; `frame`: the CSS selector of an iframe of the page
to run it in), wait(...) until such a function returns something true, errors() (the console
errors and uncaught errors the driver itself saw since the last call: Chromium and Firefox;
WebKitWebDriver reports none), close().
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


class Browser:
    """One fresh browser (a new profile)."""

    name = ""

    def wait(self, fn, arg=None, timeout=900.0, every=0.25, frame=None):
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(fn, arg, frame)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {fn} not true after {timeout} s")
            time.sleep(every)

    def errors(self) -> list[str]:
        return []


class Chromium(Browser):
    name = "chromium"

    def __init__(self, pw):
        self.browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                          args=CHROMIUM_ARGS)
        self.page = self.browser.new_page()
        self.page.set_default_timeout(900_000)
        self._errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self._errors.append(f"console error: {m.text}"))
        self.page.on("pageerror", lambda e: self._errors.append(f"uncaught error: {e}"))

    def open(self, url):
        self.page.goto(url, wait_until="domcontentloaded")

    def reload(self):
        self.page.reload(wait_until="domcontentloaded")

    def run(self, fn, arg=None, frame=None):
        where = self.page.locator(frame).element_handle().content_frame() if frame else self.page
        return where.evaluate(fn, arg)

    def errors(self):
        seen, self._errors = self._errors, []
        return seen

    def close(self):
        self.browser.close()


class Firefox(Browser):
    """`prefs`: Firefox preferences for the new profile (about:config's names)."""

    name = "firefox"

    def __init__(self, _pw=None, prefs: dict | None = None):
        self.node = subprocess.Popen(["node", str(ROOT / "tools" / "firefox.mjs")], cwd=ROOT, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pid = self.ask("launch", prefs=prefs or {})["pid"]

    def ask(self, op, **fields):
        self.node.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.node.stdin.flush()
        line = self.node.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox {op}: the driver (tools/firefox.mjs) ended")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"firefox {op}: {answer['error']}")
        return answer

    def open(self, url):
        self.ask("goto", url=url)

    def reload(self):
        self.ask("reload")

    def run(self, fn, arg=None, frame=None):
        return self.ask("run", fn=fn, arg=arg, frame=frame).get("value")

    def errors(self):
        return self.ask("errors")["errors"]

    def close(self):
        try:
            self.ask("close")
        finally:
            self.node.stdin.close()
            self.node.wait(60)


class WebKit(Browser):
    name = "webkit"
    BINARY = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

    def __init__(self, _pw=None):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = None
        env = dict(os.environ)
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
            self.xvfb, env["DISPLAY"] = start_xvfb()
        options = Options()
        options.binary_location = os.environ.get("MINIBROWSER", self.BINARY)
        options.add_argument("--automation")
        try:
            with warnings.catch_warnings():  # Selenium 4.51's own call of what it deprecated
                warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options,
                                                  service=Service("/usr/bin/WebKitWebDriver", env=env))
        except BaseException:
            self._stop_xvfb()
            raise
        self.driver.set_script_timeout(900)
        self.driver.set_page_load_timeout(900)

    def open(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def run(self, fn, arg=None, frame=None):
        if frame:
            self.driver.switch_to.frame(self.driver.find_element("css selector", frame))
        try:
            answer = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"Promise.resolve(({fn})(arguments[0])).then((value) => done({{ value }}),"
                " (error) => done({ error: String(error) }));", arg)
        finally:
            if frame:
                self.driver.switch_to.default_content()
        if "error" in answer:
            raise RuntimeError(f"webkit: {answer['error']}")
        return answer.get("value")

    def close(self):
        try:
            self.driver.quit()
        finally:
            self._stop_xvfb()

    def _stop_xvfb(self):
        if self.xvfb:
            self.xvfb.terminate()
            self.xvfb.wait(30)
            self.xvfb = None


def descendants(pid: int) -> list[int]:
    """The processes `pid` started, and theirs, as Linux lists them now."""
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


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An X server of our own in memory (xvfb's Xvfb) on a free display: (its process, ":N")."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()  # Xvfb writes the display's number once it is ready
    if not number:
        xvfb.kill()
        raise RuntimeError("Xvfb did not start (is the xvfb package installed?)")
    return xvfb, f":{number}"


BROWSERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
