"""The Levantine table's context: the view of one seat, cards by id, and which legal
action goes on which card or die (the rest go to the common action bar).

Plain data in, plain data out (see the convention at the top of ``render.py``).
"""

from __future__ import annotations

SIDES = (
    {"key": "crusader", "name": "Crusader", "plural": "Crusaders", "emblem": "cross"},
    {"key": "muslim", "name": "Muslim", "plural": "Muslims", "emblem": "crescent"},
)
CARD_SIDES = {
    "C": {"key": "c", "label": "Crusader only", "emblem": "cross"},
    "M": {"key": "m", "label": "Muslim only", "emblem": "crescent"},
    "Z": {"key": "z", "label": "Either player", "emblem": "either"},
}
PLAY_LETTERS = {"attack": "AL", "defend": "DL"}
USE_WORDS = {
    "transport": "As Transport",
    "draw": "Draw cards",
    "battle": "As Battle card",
    "leader": "As Leader",
    "army": "As Army",
}
DIE_KINDS = {"L": "Leader", "A": "Army", "F": "Fortification", "C": "card"}


def _card(cards: list[dict], card_id: int) -> dict:
    card = cards[card_id] if 0 <= card_id < len(cards) else {}
    side = CARD_SIDES.get(card.get("side", "Z"), CARD_SIDES["Z"])
    letter = card.get("letter", "?")
    text = card.get("text", "")
    if card.get("type") == "leader":
        # The rulebook's own notation: AL attacking, DL defending Leader.
        if "Attacking Leader" in text:
            letter = "AL"
        elif "Defending Leader" in text:
            letter = "DL"
    return {
        "id": card_id,
        "name": card.get("name", f"Card {card_id}"),
        "type": card.get("type", ""),
        "type_name": card.get("type_name", ""),
        "letter": letter,
        "side": side,
        "text": text,
        "actions": [],
    }


def _short(action: dict, card: dict, step: str) -> str:
    """The word on a card's button; the full label is its accessible name."""
    verb, *args = action["text"].split()
    if verb == "discard":
        return "Discard"
    if verb == "lose":
        return "Discard from play"
    if len(args) > 1:
        return USE_WORDS.get(args[1], args[1].capitalize())
    if step == "commit":
        return "Play (+1 die)" if card["type"] != "event" else "Play"
    return {"leader": "Recruit", "army": "Recruit", "fortification": "Build", "transport": "As Transport"}.get(
        card["type"], "Play"
    )


def _die(die: list, cards: list[dict], seat: int, index: int) -> dict:
    natural, modifier, kind, card_id = die[0], die[1], die[2], die[3]
    source = _card(cards, card_id)["name"] if isinstance(card_id, int) else ""
    value = max(0, natural + modifier)
    words = f"{natural}"
    if modifier:
        words += f" {'+' if modifier > 0 else '−'} {abs(modifier)} = {value}"
    six = natural == 6
    return {
        "seat": seat,
        "index": index,
        "natural": natural,
        "modifier": modifier,
        "value": value,
        "kind": kind,
        "kind_name": DIE_KINDS.get(kind, kind),
        "source": source,
        "six": six,
        "label": f"{DIE_KINDS.get(kind, kind)} die ({source}): {words}" + (", a natural 6" if six else ""),
        "action": None,
    }


def _plan(side: list) -> dict:
    """The dice a side will roll, before the roll: how many, and where they come from."""
    groups: dict[str, list[int]] = {}
    for modifier, kind, _card_id in side:
        groups.setdefault(kind, []).append(modifier)
    parts = []
    for kind in ("L", "A", "F", "C"):
        mods = groups.get(kind)
        if not mods:
            continue
        name = DIE_KINDS[kind] if kind != "C" else "card"
        words = f"{len(mods)} {name} {'die' if len(mods) == 1 else 'dice'}"
        if any(mods):
            total = sum(mods)
            words += f" ({'+' if total > 0 else '−'}{abs(total)})"
        parts.append(words)
    return {"count": len(side), "parts": parts}


def _combat(c: dict | None, cards: list[dict], reroll: dict, current: bool) -> dict | None:
    if not c:
        return None
    dice = None
    if c.get("dice"):
        dice = []
        for seat in (0, 1):
            row = [_die(d, cards, seat, i) for i, d in enumerate(c["dice"][seat])]
            for die in row:
                die["action"] = reroll.get((seat, die["index"]))
            dice.append(
                {
                    "seat": seat,
                    "dice": row,
                    "total": sum(d["value"] for d in row),
                    "sixes": sum(1 for d in row if d["six"]),
                }
            )
    played = [[_card(cards, x) for x in c.get("played", [[], []])[seat]] for seat in (0, 1)]
    effects = [{"card": _card(cards, card), "seat": seat} for card, seat in c.get("effects", [])]
    totals = c.get("totals")
    plan = None
    if c.get("plan") and not dice:
        plan = [_plan(side) for side in c["plan"]]
    return {
        "plan": plan,
        "kind": c["kind"],
        "title": "Battle" if c["kind"] == "battle" else "Siege",
        "current": current,
        "turn": c.get("turn"),
        "dice": dice,
        "played": played,
        "effects": effects,
        "totals": totals,
        "winner": c.get("winner"),
        "cancelled": c.get("cancelled"),
    }


def context(snapshot: dict, catalog_game: dict) -> dict:
    view = snapshot.get("view") or {}
    cards = [c for c in (catalog_game.get("cards") or [])]
    cards.sort(key=lambda c: c.get("id", 0))
    legal = snapshot.get("legal") or []
    viewer = snapshot.get("viewer")
    step = view.get("step", "")

    # Which legal action belongs to which card or die.
    on_card: dict[int, list[dict]] = {}
    on_played: dict[int, dict] = {}
    reroll: dict[tuple[int, int], dict] = {}
    claimed: list[int] = []
    for action in legal:
        verb, *args = action["text"].split()
        if verb in ("play", "discard") and args:
            on_card.setdefault(int(args[0]), []).append(action)
        elif verb == "lose" and args:
            on_played[int(args[0])] = action
        elif verb == "reroll" and len(args) == 2:
            reroll[(int(args[0]), int(args[1]))] = action
        else:
            continue
        claimed.append(action["index"])

    unplayable = snapshot.get("unplayable") or {}
    marks = set(snapshot.get("marks") or ())

    def with_actions(card: dict) -> dict:
        acts = on_card.get(card["id"], [])
        if card["id"] in on_played:
            acts = [on_played[card["id"]]]
        card["actions"] = [dict(a, short=_short(a, card, step)) for a in acts]
        card["why"] = unplayable.get(str(card["id"]), "") if not acts else ""
        card["last"] = f"card:{card['id']}" in marks
        return card

    seats = snapshot.get("seats") or ["human", "human"]
    players = []
    for p in view.get("players", []):
        seat = p["seat"]
        side = SIDES[seat]
        hand = None
        if p.get("hand") is not None:
            hand = [with_actions(_card(cards, c)) for c in p["hand"]]
        leaders = []
        for leader in p.get("leaders", []):
            entry = with_actions(_card(cards, leader["card"]))
            entry["since"], entry["leaves_after"] = leader["since"], leader["leaves_after"]
            leaders.append(entry)
        players.append(
            {
                "seat": seat,
                "side": side,
                "name": side["name"],
                "role": "Attacker" if seat == view.get("attacker") else "Defender",
                "acting": seat == view.get("to_act"),
                "you": viewer is not None and seat == viewer,
                "computer": seats[seat] != "human" if seat < len(seats) else False,
                "controller": seats[seat] if seat < len(seats) else "human",
                "hand": hand,
                "hand_count": p.get("hand_count", 0),
                "leaders": leaders,
                "max_leaders": p.get("max_leaders", 1),
                "armies": [with_actions(_card(cards, c)) for c in p.get("armies", [])],
                "forts": [with_actions(_card(cards, c)) for c in p.get("forts", [])],
                "tt": p.get("tt", 0),
                "holdings": p.get("holdings", 0),
                "draws": p.get("draws", 0),
            }
        )
    south = viewer if viewer is not None else 0
    order = [players[1 - south], players[south]] if len(players) == 2 else players

    combat = _combat(view.get("combat"), cards, reroll, current=True)
    last = view.get("last_combat")
    if combat is None and last and last.get("hand") == view.get("hand"):
        combat = _combat(last, cards, reroll, current=False)
    for row in (combat or {}).get("played", []):
        for card in row:
            card["last"] = f"card:{card['id']}" in marks

    tokens = []
    for seat in (1, 0):
        for _ in range(players[seat]["tt"] if players else 0):
            tokens.append({"owner": seat, "side": SIDES[seat], "egypt": False})
    if view.get("egypt_option"):
        owner = view.get("egypt")
        tokens.append({"owner": owner, "side": SIDES[owner] if owner is not None else None, "egypt": True})

    discard = view.get("discard") or []
    allow = view.get("allow")
    allowance = None
    if allow is not None and view.get("to_act") is not None and not view.get("pending"):
        words = []
        names = (("Leader", "Leaders"), ("Army", "Armies"), ("Fortification", "Fortifications"))
        for n, (one, many) in zip(allow, names, strict=False):
            if n < 0:
                words.append(f"any number of {many}")
            elif n > 0:
                words.append(f"{n} {one if n == 1 else many}")
        allowance = ", ".join(words) if words else "nothing more"

    pending = view.get("pending")
    if pending:
        pending = dict(
            pending, card_name=_card(cards, pending["card"])["name"] if isinstance(pending.get("card"), int) else None
        )

    if reroll:
        hint = "Choose a highlighted die to roll it again, or keep the dice as they are."
    elif on_played:
        hint = "Choose among your highlighted cards in play."
    elif snapshot.get("choose"):
        n = snapshot["choose"]["count"]
        hint = f"Choose the {n} cards to discard, then confirm once."
    elif any(a["text"].startswith("discard ") for a in legal):
        hint = "Choose the card to discard from your highlighted hand."
    elif on_card:
        hint = "Highlighted cards can be played now: use the buttons on them."
    else:
        hint = ""

    return {
        "claimed": claimed,
        "hint": hint,
        "players": players,
        "north": order[0] if order else None,
        "south": order[1] if len(order) > 1 else None,
        "sides": SIDES,
        "combat": combat,
        "tokens": tokens,
        "discard_top": dict(_card(cards, discard[-1]), last=f"card:{discard[-1]}" in marks) if discard else None,
        "discard_count": len(discard),
        "allowance": allowance,
        "pending": pending,
        "attacker_name": SIDES[view.get("attacker", 0)]["name"],
        "defender_name": SIDES[view.get("defender", 1)]["name"],
    }


# ---------------------------------------------------------------------------- front door
FRONT = {
    "pitch": "Crusader against Muslim over two centuries of Crusades: raise leaders and armies, "
    "besiege the cities of the Levant, and answer with the Will of God.",
    "quick": {"seats": ["human", "heuristic"], "options": {}},
}
PICTURE_CARDS = ("Richard the Lionhearted", "Knights Templar", "Saladin")


def picture(catalog_game: dict) -> tuple[str, dict]:
    """The front door's picture: three cards of the deck, fanned as on the table, and the dice.
    Its template and context."""
    by_name = {c["name"]: c for c in catalog_game["cards"]}
    cards = []
    for name in PICTURE_CARDS:
        card = _card(catalog_game["cards"], by_name[name]["id"])
        cards.append({**card, "type_name": by_name[name]["type_name"]})
    return "front/levantine.svg", {"cards": cards}
