"""The site served on this machine (`python3 build.py serve`, the tests, the benchmarks): static
files with the right types for modules and WebAssembly, cache headers that match dist/'s
layout, and the figures tests and benchmarks read (bytes sent, every request)."""

from __future__ import annotations

import functools
import http.server
import io
import os
import sys
import threading
import time
from pathlib import Path

DIST = Path(__file__).resolve().parents[1] / "dist"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types for modules and WebAssembly, and cache headers
    that match the layout: app/<build id>/ never changes, everything else is revalidated."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".py": "text/x-python",
    }
    quiet = True

    def setup(self):
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def handle_one_request(self):
        started, before = time.time(), self.wfile.written
        super().handle_one_request()
        if self.wfile.written > before:
            with self.server.lock:
                self.server.requests.append((started, self.path, self.wfile.written - before))

    def copyfile(self, source, outputfile):
        # the kernel copies the file (one call, the GIL released) instead of Python copying it
        # 64 KB at a time: a page's small files are not kept waiting behind Pyodide's big ones
        self.wfile.count(self.connection.sendfile(source))

    def log_request(self, code="-", size="-"):
        self.server.log.append((self.command, self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        if path.startswith("/app/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class _CountingWriter(io.RawIOBase):
    """Passes writes to the socket and adds their size to server.bytes_sent."""

    def __init__(self, raw, server):
        self._raw, self._server = raw, server
        self.written = 0

    def writable(self):
        return True

    def write(self, data):
        written = self._raw.write(data)
        self.count(len(data))
        return written

    def count(self, size):
        """Bytes sent past this writer (a file the kernel sent itself)."""
        self.written += size
        with self._server.lock:
            self._server.bytes_sent += size

    def flush(self):
        self._raw.flush()


class SiteServer(http.server.ThreadingHTTPServer):
    """Also keeps figures for tests and benchmarks: ``bytes_sent`` (headers and bodies),
    ``log``, the (method, path, status) of every request, and ``requests``, the (time it
    arrived, path, bytes sent) of every answered request."""

    daemon_threads = True

    def __init__(self, *args, **kwargs):
        self.lock = threading.Lock()
        self.bytes_sent = 0
        self.log: list[tuple[str, str, int]] = []
        self.requests: list[tuple[float, str, int]] = []
        super().__init__(*args, **kwargs)

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the browser went away mid-transfer (a closed tab): nothing to report
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


class HeadHandler(SiteHandler):
    """The site with `first` put first in every HTML page's <head>: a benchmark's meter
    (bench/mainthread.py), a test's watch on the page's errors (tests/site/browsers/)."""

    first = ""

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not path.endswith(".html") or not os.path.isfile(path):
            return super().send_head()
        body = Path(path).read_text(encoding="utf-8").replace("<head>", "<head>\n" + self.first, 1).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        if isinstance(source, io.BytesIO):
            outputfile.write(source.getvalue())
        else:
            super().copyfile(source, outputfile)


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                quiet: bool = True, first_in_head: str | None = None) -> SiteServer:
    """A server for ``directory`` (port 0: a free one); call serve_forever() or use start().
    ``first_in_head``: HTML put first in every page's <head> (HeadHandler)."""
    kind = SiteHandler if first_in_head is None else type("Head", (HeadHandler,), {"first": first_in_head})
    handler = functools.partial(kind, directory=str(directory))
    handler.func.quiet = quiet
    return SiteServer((host, port), handler)


def start(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
          first_in_head: str | None = None) -> SiteServer:
    """Serve ``directory`` from a background thread; stop it with server.shutdown()."""
    server = make_server(directory, host, port, first_in_head=first_in_head)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server
