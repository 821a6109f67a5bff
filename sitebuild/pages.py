"""The site's pages, rendered under CPython: index.html (the front door and the table, by
web/render.py and web/front.py) and rules/<game>.html (web/rules_page.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import ROOT, WEB
from .headers import CSP
from .manifest import THEME_COLOR, THEME_COLOR_DARK


def web_importable() -> None:
    """web/ on sys.path, as the worker's modules see one another."""
    sys.path.insert(0, str(WEB))


def write_index(staging: Path, version: str, stock_lock: dict, all_bytes: int) -> None:
    """index.html; ``all_bytes``, the site's size before it, gives the download it announces."""
    from markupsafe import Markup

    import front  # web/front.py: the front door's games, pictures and catalog
    import render  # web/render.py: the same module the worker runs
    from outremer import bridge

    page = render.render(
        "site/index.html",
        {
            "csp": CSP,
            "theme_color": THEME_COLOR,
            "theme_color_dark": THEME_COLOR_DARK,
            "version": version,
            "python_version": stock_lock["info"]["python"],
            "download_mb": max(1, round(all_bytes / 1e6)),
            "table_html": Markup(render.frame(None)),
            "front_games": front.games(bridge),
            # Inside <script type="application/json">: "</" may not appear as such.
            "catalog_json": Markup(json.dumps(front.catalog(bridge)).replace("</", "<\\/")),
            # theme.css (the colours), style.css, then each game's own sheet (web/static/<game>.css).
            # The page's ES modules that app.js imports, fetched at once rather than one level of
            # imports after another.
            "modules": sorted(
                p.name
                for p in (WEB / "static").glob("*.js")
                if p.name not in ("app.js", "boot.js", "worker.js", "sw.js")
            ),
            "stylesheets": ["theme.css", "style.css"]
            + sorted(p.name for p in (WEB / "static").glob("*.css") if p.name not in ("theme.css", "style.css")),
        },
    )
    (staging / "index.html").write_text(page)


def write_rules_pages(staging: Path) -> None:
    """rules/<game>.html: where each log line's rule link leads."""
    import rules_page
    from outremer import bridge

    (staging / "rules").mkdir()
    for game in json.loads(bridge.catalog())["games"]:
        (staging / "rules" / f"{game['id']}.html").write_text(rules_page.page(game, ROOT))
