"""The blocks a rules page generates from the game's data (``::: name args`` in
``web/rules/<game id>.md``): one module per game, each with ``BLOCKS`` (name -> function of the
directive's arguments, returning HTML) and ``STYLESHEETS`` (the table's own sheets its legend
needs). Tables come from the data the engine plays with, so they cannot drift from it. Here, what
they share: the table they are drawn in (the page's own Markdown tables too)."""

from __future__ import annotations

import html
import re

from markupsafe import Markup


def table(head: list, rows: list[list], caption: str = "", cls: str = "") -> str:
    """A real table in a box that scrolls sideways by itself on a narrow screen (the page
    does not). Cells are escaped unless they are Markup."""

    def cell(tag: str, value, attrs: str = "") -> str:
        text = value if isinstance(value, Markup) else html.escape(str(value), quote=False)
        return f"<{tag}{attrs}>{text}</{tag}>"

    out = []
    label = ' aria-label="Table"'
    if caption:
        ident = "table-" + (re.sub(r"[^a-z0-9]+", "-", caption.lower()).strip("-") or "x")
        # The title stays above the box, in view, while a wide table scrolls sideways.
        out.append(f'<p class="table-title" id="{ident}">{html.escape(caption, quote=False)}</p>')
        label = f' aria-labelledby="{ident}"'
    out.append(f'<div class="table-scroll" role="region" tabindex="0"{label}>')
    out.append(f'<table class="rules-table{" " + cls if cls else ""}"{label}>')
    out.append("<thead><tr>" + "".join(cell("th", h, ' scope="col"') for h in head) + "</tr></thead>")
    out.append("<tbody>")
    for r in rows:
        out.append("<tr>" + cell("th", r[0], ' scope="row"') + "".join(cell("td", c) for c in r[1:]) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)


def options(game) -> str:
    """The setup options the game offers, with the help text the setup screen shows."""
    rows = []
    for option in game.offered_options():
        default = "off" if option.default is False else str(option.default)
        rows.append([option.label, default, option.help])
    return table(["Option", "Default", "What it does"], rows, caption="Setup options", cls="rules-options")


def yes(flag: bool) -> Markup | str:
    return "yes" if flag else "—"
