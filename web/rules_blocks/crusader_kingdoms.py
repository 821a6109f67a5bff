"""Crusader Kingdoms' generated blocks: the deployment tables (``deployment.toml``), the two
map sides (``map_*.toml``), the cards the 1–2 player games remove, the victory levels
(``flow.VICTORY_LEVELS``), the card reference of both decks (``deck_*.toml``, whose ``text`` is
ours) and the table's legend (the table's own map key and card drawing)."""

from __future__ import annotations

import html
from collections import Counter

from markupsafe import Markup

import render
from games import crusader_kingdoms as table_view
from outremer.games.crusader_kingdoms.data import content
from outremer.games.crusader_kingdoms.flow import VICTORY_LEVELS
from outremer.games.crusader_kingdoms.game import CrusaderKingdoms
from outremer.games.crusader_kingdoms.state import deck_cards
from rules_blocks import options, table

MAP_LABELS = {"saladin": "3 and 4 players", "crusades": "1 and 2 players"}


def chip(colour: str, letter: str) -> Markup:
    return Markup(f'<span class="ck-chip ck-c-{html.escape(colour)}" aria-hidden="true">{html.escape(letter)}</span> ')


def _area_names(board, keys) -> str:
    return ", ".join(board.areas[board.index(k)].name for k in keys)


def deployment(args: str) -> str:
    data = content()
    mode = data.modes[args]
    board = data.boards[mode.map]
    rows = []
    for sd in mode.seats:
        rows.append(
            [
                Markup(chip(sd.colour, table_view.LETTERS.get(sd.key, sd.name[:2])) + html.escape(sd.name)),
                sd.faith.capitalize(),
                sd.colour.capitalize(),
                str(sd.castles) if sd.castles else "no limit",
                _area_names(board, sd.start),
                str(sd.cards),
            ]
        )
    if mode.automaton is not None:
        a = mode.automaton
        rows.append(
            [
                Markup(chip(a.colour, "☾") + html.escape(f"{a.name} (the automaton)")),
                a.faith.capitalize(),
                a.colour.capitalize(),
                "—",
                "every other area",
                str(a.cards),
            ]
        )
    return table(
        ["Kingdom", "Faith", "Colour", "Castles", "Starting areas", "Cards each turn"],
        rows,
        caption=f"Deployment: {mode.title}",
        cls="deployment",
    )


def removed(_args: str = "") -> str:
    """The cards the 1–2 player games take out of the decks (rule 8.1), from the data."""
    data = content()
    mode = data.modes["solo"]
    items = []
    for faith in ("muslim", "christian"):
        full = Counter(c.name for c in data.cards if c.deck == faith)
        kept = Counter(c.name for c in deck_cards(data, mode, faith))
        gone = [(name, full[name] - kept[name]) for name in full if full[name] > kept[name]]
        words = ", ".join(name if n == 1 and full[name] == 1 else f"{n} {name}" for name, n in gone)
        items.append(
            f"<li><strong>{faith.capitalize()} deck</strong>: {html.escape(words)} "
            f"({sum(full.values())} cards become {sum(kept.values())}).</li>"
        )
    return '<ul class="removed-cards">' + "".join(items) + "</ul>"


def victory_levels(_args: str = "") -> str:
    rows = []
    above = None
    for least, name in VICTORY_LEVELS:
        if least is None:
            span = f"{above - 1} or less"
        elif above is None:
            span = f"{least} or more"
        else:
            span = f"{least} to {above - 1}"
        rows.append([span, name])
        above = least
    return table(["Victory points", "Result"], rows, caption="Victory levels (1 and 2 players)", cls="victory-levels")


def map_table(args: str) -> str:
    data = content()
    board = data.boards[args]
    starts = {}
    for mode in data.modes.values():
        if mode.map == args:
            for sd in mode.seats:
                for k in sd.start:
                    starts.setdefault(k, []).append(sd.name)
    numbered = any(a.id for a in board.areas)
    areas = sorted(board.areas, key=lambda a: (a.id, a.name) if numbered else (a.name,))
    rows = []
    for a in areas:
        row = [str(a.id)] if numbered else []
        row += [a.name, str(a.defence)]
        if numbered:
            row.append(str(a.vp))
        row += [
            ", ".join(sorted(board.areas[b].name for b in a.borders)),
            "; ".join(dict.fromkeys(starts.get(a.key, []))) or "—",
        ]
        rows.append(row)
    head = (
        (["Id"] if numbered else [])
        + ["Area", "Defence"]
        + (["VP"] if numbered else [])
        + ["Borders", "Starting area of"]
    )
    return table(
        head, rows, caption=f"The map: {board.title} ({MAP_LABELS[args]}, {len(areas)} areas)", cls="map-areas"
    )


def deck_reference(args: str) -> str:
    data = content()
    solo = data.modes["solo"]
    full = Counter(c.name for c in data.cards if c.deck == args)
    small = Counter(c.name for c in deck_cards(data, solo, args))
    first = {}
    for c in data.cards:
        if c.deck == args:
            first.setdefault(c.name, c)
    kinds = {"troop": 0, "response": 1, "event": 2}
    rows = []
    for c in sorted(first.values(), key=lambda c: (kinds[c.type], c.value, c.id)):
        kind = table_view.TYPE_NAMES[c.type] + (f" {c.value}" if c.type == "troop" else "")
        text = c.text if c.type != "troop" else f"Adds {c.value} {'die' if c.value == 1 else 'dice'} to an attack."
        effect = Markup(
            html.escape(text) + (f'<br><span class="card-flavour">{html.escape(c.flavour)}</span>' if c.flavour else "")
        )
        rows.append([c.name, kind, str(full[c.name]), str(small[c.name]), effect])
    total = sum(full.values())
    return table(
        ["Card", "Kind", "Copies", "Copies, 1–2 players", "Effect"],
        rows,
        caption=f"The {args.capitalize()} deck ({total} cards, {sum(small.values())} in the 1–2 player games)",
        cls="card-reference",
    )


def legend(_args: str = "") -> str:
    data = content()
    maps = []
    for key in ("saladin", "crusades"):
        modes = [m for m in data.modes.values() if m.map == key]
        seats, names = [], set()
        for m in modes:
            for sd in m.seats:
                if sd.name not in names:
                    names.add(sd.name)
                    seats.append(
                        {
                            "name": sd.name,
                            "colour": sd.colour if sd.colour in table_view.COLOURS else "none",
                            "letter": table_view.LETTERS.get(sd.key, sd.name[:2]),
                        }
                    )
        maps.append(
            {"label": MAP_LABELS[key], "seats": seats, "solo": any(m.automaton for m in modes), "board": {"key": key}}
        )
    cards = table_view._cards(None)
    samples = []
    for deck, kind in (("christian", "troop"), ("muslim", "response"), ("christian", "event")):
        c = next(c for c in data.cards if c.deck == deck and c.type == kind)
        samples.append(table_view._card(cards, c.id))
    return render.render("site/legend_crusader-kingdoms.html", {"maps": maps, "samples": samples})


def setup_options(_args: str = "") -> str:
    return options(CrusaderKingdoms)


BLOCKS = {
    "deployment": deployment,
    "removed": removed,
    "victory-levels": victory_levels,
    "map": map_table,
    "cards": deck_reference,
    "legend": legend,
    "options": setup_options,
}
STYLESHEETS = ["ck.css"]
PAGE_CLASS = "ck-palette"
"""A class of the page's <main>: the colours of ck.css for the chips of the tables."""
