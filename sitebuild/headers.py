"""The site's security policy (Content-Security-Policy, as a meta tag and as headers) and
the MIME types its files are served with."""

from __future__ import annotations

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)

# The same policy as HTTP headers (what `make play` sends, and what any host should): only
# a header can refuse framing by other sites. A worker does not take the page's policy but
# its own script's: the engine's worker (which decodes links from anywhere) and the service
# worker get theirs; WebAssembly needs 'wasm-unsafe-eval', nothing needs eval itself.
PAGE_CSP = CSP + "; frame-ancestors 'self'"
WORKER_CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
    ]
)
WORKER_SCRIPTS = ("worker.js", "sw.js")


def security_headers(path: str) -> dict[str, str]:
    """The headers a response for ``path`` (a URL path) carries beside its content."""
    name = path.split("?", 1)[0].split("#", 1)[0].rsplit("/", 1)[-1]
    if name in WORKER_SCRIPTS:
        return {"Content-Security-Policy": WORKER_CSP}
    if name == "" or name.endswith(".html"):
        return {"Content-Security-Policy": PAGE_CSP, "X-Frame-Options": "SAMEORIGIN"}
    return {}


MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}
