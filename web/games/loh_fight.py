"""Lords of Heaven at the table: the conflict under way (``fight``: both sides with their
members' commitments, dice and Wounds, the steps of p.10-11 with the one open, the note on what
is asked, the commitment form) and the last one's summary (``strength_sum``, ``conflict_lines``).
Every action drawn comes from the legal actions ``lords_of_heaven.context`` attached to it."""

from __future__ import annotations

import re
from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import loh_parts as parts
    from .loh_cards import bluff_entry, card_entry, content, say
except ImportError:  # pragma: no cover
    import loh_parts as parts  # type: ignore[no-redef]
    from loh_cards import bluff_entry, card_entry, content, say  # type: ignore[no-redef]

CONFLICT_STEPS = (
    ("bring", "Bring Support"),
    ("ask", "Allies"),
    ("commit", "Commit in secret"),
    ("roll", "Reveal and roll"),
    ("outcome", "Result"),
    ("wounds", "Wounds"),
    ("home", "Units home"),
)
STEP_PHASE = {
    "bring": "bring",
    "ask": "ask",
    "answer": "ask",
    "commit": "commit",
    "second": "roll",
    "reroll": "roll",
    "outcome": "outcome",
    "wounds": "wounds",
    "home": "home",
}
UNIT_KEYS = ("footman", "siege_tower", "knight")


def strength_sum(parts: list[list], side: int, total: int) -> str:
    """A side's Strength by where it comes from, as the engine totalled it
    (``strength.strength_parts``): "Units 4 + Faith 2 + dice 1 = 7"."""
    terms = " + ".join(f"{what} {n}" for what, n in parts[side])
    return f"{terms} = {total}" if terms else f"nothing = {total}"


STARTS = re.compile(r" starts? a (?:Battle|Siege) ")
COMMITS = re.compile(r" commits? in secret")
"""The log's line of a conflict's start and of a hidden commitment, said of one realm or of a
people ("The Seljuk starts a Battle", "The Crusaders commit in secret")."""


def conflict_lines(log: list[dict]) -> list[str]:
    """The last conflict's lines, from its start to its close."""
    start = max((i for i, line in enumerate(log) if STARTS.search(line["text"])), default=None)
    if start is None:
        return []
    out = []
    for line in log[start + 1 :]:
        if line.get("rule") not in ("7.battle", "7.siege", "3", "LH16", "LH17", "LH18", "LH19", "4.church", "LH24"):
            continue
        if COMMITS.search(line["text"]):
            continue
        out.append(line["text"])
    return out


def fight(view, c, seats, names, cards, die_acts, unit_acts, outcome_acts, commits, viewer) -> dict:
    data = content()
    loc = c["loc"]
    kind = c["kind"]
    big = "knight" if kind == "battle" else "siege_tower"
    sealed = view.get("sealed") if c["step"] == "commit" else None
    chosen = dict(zip(sealed["seats"], sealed["chosen"], strict=False)) if sealed else {}
    roles = [
        (c["attacker"], "Attacker", 0),
        (c["ally"], "Ally", 0),
        (c["defender"], "Defender", 1),
        (c["def_ally"], "Defender's Ally", 1),
    ]
    sides: list[dict] = [{"name": "Attack", "members": []}, {"name": "Defence", "members": []}]
    roller = None
    if c["step"] == "reroll":
        roller = view["to_act"]
    for seat, role, side in roles:
        if seat is None:
            continue
        s = seats[seat]
        key = str(seat)
        support = view["support"][loc][seat]
        limit = 2 * support + ((1 + 3 - s["buildings"][2]) if kind == "siege" and role == "Defender" else 0)
        member: dict[str, Any] = {
            "seat": s,
            "role": role,
            "support": support,
            "limit": limit,
            "leader": role in ("Attacker", "Defender"),
            "card": None,
            "second": None,
            "units": [],
            "faith": 0,
            "committed": None,
            "wound_support": None,
            "dice": None,
            "rerolls": 0,
        }
        if key in c["units"]:
            units = c["units"][key]
            card = c["cards"].get(key)
            member["card"] = (
                (bluff_entry(s["faction"]) if card == 0 else card_entry(cards[card])) if card is not None else None
            )
            member["second"] = card_entry(cards[c["second"][key]]) if key in c["second"] else None
            member["units"] = [
                {
                    "kind": k,
                    "n": units[k],
                    "words": parts.amount(UNIT_KEYS[k], units[k]),
                    "wound": unit_acts.get((seat, k)) if c["step"] == "wounds" else None,
                    "home": unit_acts.get((seat, k)) if c["step"] == "home" else None,
                }
                for k in range(3)
                if units[k] or unit_acts.get((seat, k))
            ]
            member["faith"] = c["faith"].get(key, 0)
            member["revealed"] = True
        else:
            member["revealed"] = False
            member["committed"] = chosen.get(seat)
        if c["step"] == "wounds" and (seat, 3) in unit_acts:
            member["wound_support"] = unit_acts[(seat, 3)]
        dice = c["dice"].get(key)
        if dice is not None:
            member["dice"] = []
            for i, f in enumerate(dice):
                st, wo = data.dice[f]
                act = die_acts.get(i) if roller == seat else None
                member["dice"].append({**parts.face(st, wo), "act": act, "i": i})
            member["rerolls"] = c["rerolls"].get(key, 0)
        sides[side]["members"].append(member)
    phase = STEP_PHASE.get(c["step"], c["step"])
    steps = [
        {"key": k, "label": label, "now": k == phase}
        for k, label in CONFLICT_STEPS
        if not (kind == "siege" and k == "bring") and not (kind == "battle" and k == "outcome")
    ]
    reached = next(i for i, st in enumerate(steps) if st["now"]) if any(st["now"] for st in steps) else 0
    for i, st in enumerate(steps):
        st["done"] = i < reached
    asked = [names[p] for p in c["asked"]]
    says = say(view)
    if c["step"] == "ask":
        note = (
            f"{says.the(c['asker'], start=True)} may ask for an Ally"
            + (f" (refused: {', '.join(asked)})" if asked else "")
            + "."
        )
    elif c["step"] == "answer":
        note = f"{says.says(c['asking'], 'is')} asked to be {says.owner(c['asker'])} Ally."
    elif c["step"] == "bring":
        note = f"{says.the(c['mover'], start=True)} may bring 1 Support from each neighbouring Location (1 Gold each)."
    elif c["step"] == "commit":
        waiting = [names[p] for p, done in chosen.items() if not done]
        note = "Every side commits in secret: a card face down (leaders only), Units and Faith. " + (
            f"Still to choose: {', '.join(waiting)}." if waiting else ""
        )
    elif c["step"] == "second":
        note = f"{says.the(view['to_act'], start=True)} may play a second card face up."
    elif c["step"] == "reroll":
        note = f"{says.the(view['to_act'], start=True)} may reroll {says.its(view['to_act'])} dice ({c['rerolls'].get(str(view['to_act']), 0)} left)."
    elif c["step"] == "outcome":
        note = f"{says.the(c['attacker'], start=True)} won the Siege: take the City, or ransack it."
    elif c["step"] == "wounds":
        side = c["wounding"]
        note = (
            f"The {'attacking' if side == 0 else 'defending'} side takes {c['wounds'][side]} more "
            f"Wound{'s' if c['wounds'][side] != 1 else ''}: Units first, then Support in the Region."
        )
    elif c["step"] == "home":
        note = f"{says.the(c['home'][0], start=True)} may pay 1 Gold for each Unit to bring it home."
    else:
        note = ""
    result = None
    if c["winner"] is not None:
        result = {
            "strength": c["strength"],
            "winner": c["winner"],
            "leader": seats[c["attacker"] if c["winner"] == 0 else c["defender"]],
            "wounds": c["wounds"],
            "tie": c["strength"][0] == c["strength"][1],
            "parts": [strength_sum(c.get("parts") or [[], []], side, c["strength"][side]) for side in (0, 1)],
        }
    form = None
    if commits:
        seat = seats[view["to_act"]]
        first = commits[0]
        values = [sorted({a["args"][k] for a in commits}) for k in range(4)]
        options = []
        for v in values[0]:
            if v == 0:
                b = bluff_entry(seat["faction"])
                options.append({"value": 0, "label": f"{b['name']} (Bluff)", "detail": "Strength 0, no effect"})
            elif v > 0:
                h = card_entry(cards[v])
                options.append(
                    {
                        "value": v,
                        "label": h["name"],
                        "detail": f"Strength {h['strength']}"
                        + (f"; Conflict: {h['fight']}" if h["fight"] else "; no Conflict effect"),
                    }
                )
        unit_fields = []
        for k, (label, key) in enumerate(
            (("Footmen", "footman"), ("Knights" if kind == "battle" else "Siege Towers", big), ("Faith", "faith")),
            start=1,
        ):
            unit_fields.append(
                {
                    "arg": k,
                    "label": label,
                    "kind": "number" if values[k][-1] > 0 else "hidden",
                    "min": 0,
                    "max": values[k][-1],
                    "value": first["args"][k],
                    "key": key,
                }
            )
        fields = (
            [{"arg": 0, "label": "Card face down", "kind": "pick", "options": options, "value": first["args"][0]}]
            if options
            else [{"arg": 0, "label": "Card", "kind": "hidden", "min": -1, "max": -1, "value": -1}]
        )
        me = next(m for side in sides for m in side["members"] if m["seat"]["seat"] == view["to_act"])
        words = parts.commitment_words(
            kind,
            kind == "siege" and me["role"] == "Defender",
            me["support"],
            3 - seat["buildings"][2],
            seat["footman"],
            seat[big],
            seat["faith"] or 0,
            me["leader"],
        )
        form = {
            "verb": "commit",
            "fields": fields + unit_fields,
            "act": first,
            "submit": "Commit in secret",
            "limit": me["limit"],
            "support": me["support"],
            "words": words,
            "unit_word": "Knights" if kind == "battle" else "Siege Towers",
        }
    mine = None
    if view.get("sealed") and viewer is not None and view["sealed"].get("mine") and view["sealed"]["key"] == "conflict":
        card, f, b, x = view["sealed"]["mine"]
        what = parts.amounts([("footman", f), (big, b), ("faith", x)])
        head = "" if card < 0 else ("the Bluff card, " if card == 0 else f"{cards[card]['name']}, ")
        mine = f"{head}{what}"
    return {
        "kind": kind,
        "title": f"{'Battle in' if kind == 'battle' else 'Siege of'} {data.locations[loc].name}",
        "loc": loc,
        "sides": sides,
        "steps": steps,
        "note": note,
        "result": result,
        "form": form,
        "outcome": outcome_acts,
        "mine": mine,
        "step": c["step"],
        "big": big,
    }
