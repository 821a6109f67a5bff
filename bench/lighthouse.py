"""Lighthouse on the site's pages, in Debian's Chromium; figures go into bench/lighthouse_results.json.

    .venv/bin/python bench/lighthouse.py        (or: make bench-lighthouse)

Every page a player meets — the front door, a rules page, a Levantine table and a Crusader
Kingdoms table opened from a link — audited by Lighthouse (npm, pinned in
bench/lighthouse/package.json) as a phone and as a desktop: the accessibility score, and the
cumulative layout shift while the page loads and the engine starts. Targets: accessibility
100, layout shift at most 0.1. The site must be built (``make site``).

Lighthouse stops watching when the page's own load settles; the browser test
e2e/test_layout_shift.py watches on until the game is on the table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "bench" / "lighthouse"
RESULTS = out_path(ROOT / "bench" / "lighthouse_results.json")
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "engine"))
from site_bench import CHROMIUM, serve, site_build  # noqa: E402

FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)


def links() -> dict[str, str]:
    """Two games opened from their links, started by the engine itself."""
    from outremer import bridge

    out = {}
    for game, seats in (
        ("levantine", ["human", "heuristic"]),
        ("crusader-kingdoms", ["human", "heuristic", "heuristic", "heuristic"]),
    ):
        answer = json.loads(bridge.new_game(json.dumps({"game": game, "seats": seats, "seed": 7})))
        out[f"{game} table"] = "#" + answer["code"]
    return out


def install() -> Path:
    binary = HERE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        # `npm ci` refuses this lock: a package deep inside Lighthouse asks for "latest"
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    return binary


def audit(binary: Path, url: str, form: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        args = [
            str(binary),
            url,
            "--quiet",
            f"--chrome-flags={FLAGS}",
            "--only-categories=accessibility,performance",
            "--output=json",
            f"--output-path={out}",
        ]
        if form == "desktop":
            args.append("--preset=desktop")
        subprocess.run(
            args,
            check=True,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        report = json.loads(out.read_text())
    audits = report["audits"]
    a11y_refs = {ref["id"] for ref in report["categories"]["accessibility"]["auditRefs"]}
    failed = sorted(k for k in a11y_refs if audits[k].get("score") == 0)
    return {
        "accessibility": round(100 * report["categories"]["accessibility"]["score"]),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 4),
        "accessibility_failures": failed,
        "runtime_error": (report.get("runtimeError") or {}).get("code"),
    }


def main() -> None:
    if not (site_build.DIST / "index.html").exists():
        sys.exit("Build the site first: make site")
    smoke = "--smoke" in sys.argv[1:]  # one page, one form: does it run? (bench/smoke.py)
    binary = install()
    server, base = serve(site_build.DIST)
    pages = {"front door": ""} if smoke else {"front door": "", "rules: Levantine": "rules/levantine.html", **links()}
    results: dict = {
        "build": json.loads((site_build.DIST / "build.json").read_text()).get("build"),
        "measured": time.strftime("%Y-%m-%d %H:%M"),
        "pages": {},
    }
    try:
        for name, path in pages.items():
            for form in ("desktop",) if smoke else ("mobile", "desktop"):
                figures = audit(binary, base + path, form)
                results["pages"][f"{name}, {form}"] = figures
                print(
                    f"{name:28} {form:8} accessibility {figures['accessibility']:3}  CLS {figures['cls']}", flush=True
                )
    finally:
        server.shutdown()
    worst = results["pages"].values()
    results["targets"] = {
        "accessibility 100 everywhere": all(f["accessibility"] == 100 for f in worst),
        "layout shift at most 0.1 everywhere": all(f["cls"] <= 0.1 for f in worst),
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results["targets"]))


if __name__ == "__main__":
    main()
