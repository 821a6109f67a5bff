"""What every step of the site build shares: the repository's folders, the log, running a
command, a file's hash, and the pins the build reads (requirements-site.txt, pyproject.toml)."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"build: command failed ({result.returncode}): {' '.join(cmd)}")
    return result


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pins() -> dict[str, str]:
    """Exact pins from requirements-site.txt (name -> version)."""
    found = {}
    for line in (ROOT / "requirements-site.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            found[name.strip().lower()] = version.strip()
    return found


def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    return match.group(1) if match else "0"
