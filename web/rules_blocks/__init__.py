"""The blocks a rules page generates from the game's data (``::: name args`` in
``web/rules/<game id>.md``): one module per game, each with ``BLOCKS`` (name -> function of the
directive's arguments, returning HTML) and ``STYLESHEETS`` (the table's own sheets its legend
needs). Tables come from the data the engine plays with, so they cannot drift from it."""

from __future__ import annotations

from markupsafe import Markup

from rules_page import table


def options(game) -> str:
    """The setup options the game offers, with the help text the setup screen shows."""
    rows = []
    for option in game.options:
        default = "off" if option.default is False else str(option.default)
        rows.append([option.label, default, option.help])
    return table(["Option", "Default", "What it does"], rows, caption="Setup options", cls="rules-options")


def yes(flag: bool) -> Markup | str:
    return "yes" if flag else "—"
