"""Lords of Heaven at the table: the cards as the templates draw them (``card_entry``: name,
affiliation band, cost, Benefit, Strength, the effects in words; ``bluff_entry`` for a faction's
Bluff card), and the engine's content they are read from."""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import loh_parts as parts
except ImportError:  # pragma: no cover
    import loh_parts as parts  # type: ignore[no-redef]


def content():
    from outremer.games.lords_of_heaven.data import content

    return content()


def say(view: dict):
    """How running text names the view's seats ("The Byzantines are asked", "the Seljuk's"): the
    engine's ``Names``, one grammar for the log and the table."""
    from outremer.games.lords_of_heaven.state import Names

    return Names(content(), {"factions": [p["faction"] for p in view["players"]]})


def poss(name: str) -> str:
    """ "Seljuk's", "Crusaders'"."""
    return name + ("'" if name.endswith("s") else "'s")


def cards_by_id(catalog_game: dict | None) -> dict[int, dict]:
    cards = (catalog_game or {}).get("cards") or [c.to_json() for c in content().cards.values()]
    return {c["id"]: c for c in cards}


def shown_name(name: str) -> str:
    """A card's name as the table writes it: its hyphens do not break ("al‑Sannabra" stays whole)."""
    return name.replace("-", "\u2011")


def card_entry(card: dict, faction: str | None = None) -> dict[str, Any]:
    """A card as the templates draw it."""
    words = parts.card_words(card)
    aff = card["affiliation"]
    usable = faction is not None and (
        aff == "any" or aff == faction or (aff in parts.FAITH_WORDS and content().faction(faction).faith == aff)
    )
    band = (
        content().faction(aff).colour
        if aff in parts.LETTERS
        else {"christians": "christian", "muslims": "muslim"}.get(aff, "any")
    )
    benefit = [{"what": w, "n": n, "words": parts.amount(w, n)} for w, n in card["benefit"]]
    meta = (
        f"{parts.affiliation_words(aff)} · Cost {card['cost']} · Benefit "
        f"{' / '.join(b['words'] for b in benefit)} · Strength {card['strength']}"
    )
    text = " ".join(
        x
        for x in (
            f"Action: {words['action']}." if words["action"] else "",
            f"Conflict: {words['fight']}." if words["fight"] else "",
            card.get("flavour", ""),
        )
        if x
    )
    return {
        "id": card["id"],
        "name": shown_name(card["name"]),
        "affiliation": aff,
        "aff_words": parts.affiliation_words(aff),
        "letter": parts.LETTERS.get(aff, ""),
        "band": band,
        "cost": card["cost"],
        "benefit": benefit,
        "strength": card["strength"],
        "action": words["action"],
        "fight": words["fight"],
        "flavour": card.get("flavour", ""),
        "usable": usable,
        "meta": meta,
        "text": text,
        "bluff": False,
    }


def bluff_entry(faction: str) -> dict[str, Any]:
    b = content().bluffs[faction]
    return {
        "id": 0,
        "name": b.name,
        "affiliation": faction,
        "aff_words": "Bluff card",
        "letter": "",
        "band": "bluff",
        "cost": 0,
        "benefit": [],
        "strength": 0,
        "action": "",
        "fight": "",
        "flavour": b.flavour,
        "usable": False,
        "bluff": True,
        "meta": "Bluff card · Strength 0 · always in your hand",
        "text": f"Played face down in a conflict, it bluffs and comes back afterwards. {b.flavour}",
    }
