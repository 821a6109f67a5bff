"""Serving dist/: the MIME types Pyodide needs and the site's security headers."""

from __future__ import annotations

import contextlib
import http.server
import os
import urllib.parse
from pathlib import Path

from .common import DIST
from .headers import MIME_TYPES, security_headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs and the site's security headers
    (security_headers); every response revalidated."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        for header, value in security_headers(self.path).items():
            self.send_header(header, value)
        super().end_headers()

    def send_head(self):
        # A path the file system cannot take (a NUL byte, "%00") is the client's mistake: 400,
        # not a traceback in the server's log.
        try:
            path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
        except UnicodeDecodeError:
            path = "\x00"
        if "\x00" in path:
            self.send_error(400, "Malformed path")
            return None
        return super().send_head()

    # A client that goes away before the answer is written (a page closed, a request given up)
    # is no error of the server's: nothing is printed.
    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def finish(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().finish()

    def list_directory(self, path):
        # Only files are served: a folder without an index.html is not listed.
        self.send_error(404, "Not found")
        return None

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("OUTREMER_SERVER_LOG"):
            super().log_message(format, *args)


def make_server(root: Path = DIST, host: str = "127.0.0.1", port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server for ``root`` on ``host:port`` (port 0: any free port)."""

    def handler(*args, **kwargs):
        return SiteHandler(*args, directory=str(root), **kwargs)

    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(host: str, port: int) -> None:
    if not (DIST / "index.html").exists():
        raise SystemExit("build: dist/ is not built: run `make site` first")
    try:
        server = make_server(DIST, host, port)
    except OSError as exc:
        print(f"Port {port} is busy ({exc.strerror}); using a free one.", flush=True)
        server = make_server(DIST, host, 0)
    address = f"http://{host}:{server.server_address[1]}/"
    print(f"\nOutremer is served at {address}\nOpen it in a browser; press Ctrl+C to stop.\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
