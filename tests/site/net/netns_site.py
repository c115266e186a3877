"""Run by chromium-netns.sh inside the live browser's network namespace: serves $LIVE_SITE (the
built dist/) on the namespace's own 127.0.0.1:8, then becomes Chromium with the arguments
given. The server's socket listens before Chromium starts, so no request can come before it;
the server is a child that dies with Chromium (PR_SET_PDEATHSIG).

Served like this, the live rooms' pages load as the hall's other test pages do: over HTTP
with the HTTP cache on. Fulfilled through Playwright's router instead, every file crossed the
driver's pipe for every page, a reload too (13 MB a start: the driver's CPU was a fifth of a
live test's)."""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tools.serve import SiteHandler, SiteServer  # noqa: E402

PR_SET_PDEATHSIG = 1


class LiveSite(SiteHandler):
    """dist/, and no icon: a page that is a module of ours (live_helpers.py `page`) makes the
    browser ask for /favicon.ico, which would be a 404 in the page's console."""

    def do_GET(self):
        if self.path == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()


def main() -> None:
    server = SiteServer(("127.0.0.1", 8), functools.partial(LiveSite, directory=os.environ["LIVE_SITE"]))
    if os.fork() == 0:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # Chromium already gone
            os._exit(0)
        server.serve_forever()
        os._exit(0)
    server.socket.close()
    chromium = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    os.execv(chromium, [chromium, *sys.argv[1:]])


if __name__ == "__main__":
    main()
