"""Third Crusade's cards and pieces as the table draws them (``games/third_crusade.py``): a
piece on the map, an Event Card, an Order, an Objective, a Mission, a Diplomacy Card, a Region's
name, each as plain data for the templates."""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import tc_words as words
except ImportError:  # pragma: no cover
    import tc_words as words  # type: ignore[no-redef]

UNIT_WORDS = {"infantry": "Infantry", "cavalry": "Cavalry", "siege": "Siege Engine"}
UNIT_MARKS = {"infantry": "I", "cavalry": "C", "siege": "S"}


def _content():
    from outremer.games.third_crusade.data import content

    return content()


def _cards():
    from outremer.games.third_crusade.cards import cards

    return cards()


def _events():
    from outremer.games.third_crusade import events

    return events


def _armies():
    from outremer.games.third_crusade import data

    return data


def poss(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def initials(name: str) -> str:
    """A Leader's mark on the map: "RI" for Richard I, "Sa" for Saladin."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isupper() or w[:1].isdigit()]
    if len(words) >= 2:
        return words[0][0] + words[1][0]
    return name[:2]


def piece_entry(piece: str | None, names: dict[str, str]) -> dict | None:
    """A piece as the map draws it: its Army (colour), its mark and words."""
    if piece is None:
        return None
    army, what = piece.split(":")
    if what in UNIT_WORDS:
        text, mark, leader = UNIT_WORDS[what], UNIT_MARKS[what], False
    else:
        leader_data = _content().leaders[what]
        text, mark, leader = f"{leader_data.name} (Leader)", initials(leader_data.name), True
    owner = "Neutral" if army == "neutral" else names.get(army, army)
    return {"army": army, "what": what, "mark": mark, "leader": leader, "words": f"{owner} {text}"}


def cp_words(cp: int, base: int) -> str:
    """An Army's command points as the table names them everywhere (the Armies, the Army's own
    panel): the current figure, spent on Orders, and the base of its track that Upkeep returns it
    to (p.17): "9 to spend (base 1)"."""
    return f"{cp} to spend (base {base})"


def event_entry(key: str, names: dict[str, str]) -> dict[str, Any]:
    """An Event Card as the table draws it: where it may be carried out, its main and crown events
    in our words (``tc_words``), the crowns it needs."""
    card = _events().event(key)
    main = words.steps_words(card.main, card.army)
    crown = words.steps_words(card.crown, card.army) if card.crown else ""
    mode = {"same_region": " (in the same Region)", "instead": " (instead of the main event)"}.get(card.crown_mode, "")
    needs = words.banner_words(card.banner, card.army)
    text = f"{needs}. Main event: {main or '—'}." + (
        f" Crown event, {card.crowns} crown{'s' if card.crowns != 1 else ''}{mode}: {crown}." if crown else ""
    )
    return {
        "key": key,
        "slot": None,
        "act": None,
        "title": card.title,
        "army": card.army,
        "period": card.period,
        "crowns": card.crowns,
        "main": main,
        "crown": crown,
        "mode": mode,
        "needs": needs,
        "text": text + (f" {card.flavour}" if card.flavour else ""),
        "meta": f"{names.get(card.army, card.army)} · {card.period}",
    }


_ORDERS: dict[tuple[str, str], dict[str, Any]] = {}


def order_entry(army: str, key: str) -> dict[str, Any]:
    """An Army's Order as the table names it (worded once per Order: a copy of it each time)."""
    found = _ORDERS.get((army, key))
    if found is None:
        order = next(o for o in _cards().orders[army] if o.key == key)
        kind = "Reaction" if order.reaction else "Advanced" if order.advanced else "Blank" if order.blank else "Order"
        found = _ORDERS[(army, key)] = {
            "key": key,
            "name": order.name,
            "text": order.text,
            "kind": kind,
            "cost": order.cost,
            "flavour": order.flavour,
        }
    return dict(found)


def _region_name(board, key: str | None) -> str:
    if not key:
        return ""
    for r in board.regions:
        if r.key == key:
            return r.name
    return key.replace("_", " ")


def _objective(key: str) -> dict:
    card = next((o for o in _cards().objectives if o.key == key), None)
    if card is None:
        return {"key": key, "title": key.replace("_", " ").title(), "text": ""}
    content = _content()
    board = content.both or content.south
    cities = [_region_name(board, c) for c in card.cities]
    text = (
        f"Glory for Controlling {cities[0]}, {cities[1]}, {cities[2]} and {cities[3]} at the end: "
        + ", ".join(f"{n} City{'s' if n > 1 else ''}: {g}" for n, g in enumerate(card.glory, 1))
        + "."
    )
    return {"key": key, "title": cities[0], "text": text + (f" {card.flavour}" if card.flavour else "")}


def _mission(key: str | None) -> dict | None:
    if not key:
        return None
    card = next((m for m in _cards().missions if m.key == key), None)
    return {
        "key": key,
        "title": card.title if card else key.replace("_", " ").title(),
        "text": card.flavour if card else "",
    }


def _diplomacy_card(key: str | None) -> dict | None:
    if not key:
        return None
    card = next((d for d in _cards().diplomacy if d.key == key), None)
    if card is None:
        return {"key": key, "title": key.replace("_", " ").title(), "rewards": []}
    return {
        "key": key,
        "title": card.name,
        "flavour": card.flavour,
        "rewards": [f"{i}: {r.n} {r.gain.replace('_', ' ')}" for i, r in enumerate(card.rewards, 1)],
    }
