"""Crusader Kingdoms at the table: the template context for ``table/crusader-kingdoms.html``.

``context(snapshot, catalog_game)`` turns a snapshot of ``outremer.bridge`` (one seat's
view and its legal actions) into plain data for the template: the map of the Levant
(drawn by ``ck_map.py``), each area's owner, castle and action; the tracks; the hand with each
card's actions; the attack, the last battle and the Muslim automaton.

Nothing here decides legality: every action offered comes from ``snapshot["legal"]``,
attached by its index to the element that shows it (an area, a card, a seat).
"""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import ck_map
except ImportError:  # pragma: no cover
    import ck_map  # type: ignore[no-redef]

NOBODY = -1

COLOURS = ("yellow", "blue", "red", "green")
"""The kingdoms' colours: each a role of static/theme.css (--ck-<colour>, its ink and its tint)."""
LETTERS = {
    "damascus": "Da",
    "jerusalem": "Je",
    "antioch": "An",
    "aleppo": "Al",
    "saladin": "Sa",
    "crusade": "Cr",
    "richard": "Ri",
    "leopold": "Le",
}
LABEL_NUDGE = {  # (map, area): where the name goes, from the centre, where neighbours crowd it
    ("saladin", "crac"): (16, 0),
    ("saladin", "tripoli"): (-8, 0),
    ("saladin", "tortosa"): (-4, 0),
}
TYPE_NAMES = {"troop": "Troop", "event": "Event", "response": "Response"}


# ---------------------------------------------------------------------------- context
def _side_label(view: dict, side: str, seat_of) -> str:
    """A Response's button says whose side it joins: "On Damascus's attack"."""
    attack = view.get("attack")
    if not attack:
        return "On the attack" if side == "attack" else "On the defence"
    seat = attack["attacker"] if side == "attack" else attack["defender"]
    who = seat_of(seat)["short"] if seat != NOBODY else ("the Muslims" if view["automaton"] else "the independents")
    who = "the " + who[4:] if who.startswith("The ") else who
    possessive = f"{who}'" if who.startswith("the ") and who.endswith("s") else f"{who}'s"
    return f"On {possessive} {'attack' if side == 'attack' else 'defence'}"


def _parse(text: str) -> tuple[str, list[int | str]]:
    verb, *words = text.split()
    return verb, [int(w) if w.lstrip("-").isdigit() else w for w in words]


def _cards(catalog_game: dict | None) -> dict[int, dict]:
    cards = (catalog_game or {}).get("cards") or []
    if not cards:
        from outremer.games.crusader_kingdoms.data import content

        cards = [c.to_json() for c in content().cards]
    return {c["id"]: c for c in cards}


def _card(cards: dict[int, dict], cid: int | None, *, deck: str = "", seat: dict | None = None) -> dict:
    """A card for the template: face up (``cid`` known) or a back (``cid`` None)."""
    if cid is None:
        return {"back": True, "deck": deck, "seat": seat, "name": f"{deck.capitalize()} card, face down".strip()}
    c = cards[cid]
    if c["type"] == "troop":
        line = f"Troop {c['value']}"
    elif c["type"] == "response":
        line = "Response" + {"attack": " (attack)", "defence": " (defence)", "either": ""}.get(c["side"], "")
    else:
        line = "Event" + (" (lasting)" if c["lasting"] else "")
    text = c["text"]
    if c["type"] == "troop" and text.strip() == f"Troop {c['value']}.":
        text = ""
    return {
        "back": False,
        "id": cid,
        "name": c["name"],
        "type": c["type"],
        "value": c["value"],
        "deck": c["deck"],
        "line": line,
        "text": text,
        "flavour": c.get("flavour", ""),
        "seat": seat,
        "title": " — ".join(x for x in (c["name"], line, c["text"], c.get("flavour", "")) if x),
    }


def _short(name: str) -> str:
    """A kingdom's short name: "Principality of Antioch" -> "Antioch"."""
    return name.split(" of ")[-1] if " of " in name else name


def _combat_lines(log: list[dict]) -> list[str]:
    """The reveal, the dice and the outcome of the combat just fought, from the log.

    While the winner chooses a reward the view still keeps the attack's cards face down
    and has no dice: the log's lines of that combat say what happened."""
    rolls = max(
        (i for i, line in enumerate(log) if line.get("rule") == "4.2" and " rolls " in line["text"]), default=None
    )
    if rolls is None:
        return []
    first = rolls - 1 if rolls and log[rolls - 1]["text"].startswith("The cards are revealed") else rolls
    return [line["text"] for line in log[first:] if line.get("rule") in ("4.1", "4.2", "8.3")]


def context(snapshot: dict[str, Any], catalog_game: dict | None = None) -> dict[str, Any]:
    view = snapshot["view"]
    legal = snapshot.get("legal") or []
    viewer = snapshot.get("viewer")
    controllers = snapshot.get("seats") or []
    cards = _cards(catalog_game)
    board = ck_map.board_data(view["map"])
    geo = ck_map.geometry(view["map"])
    solo = view["automaton"] is not None

    # -- seats
    seats = []
    for sd in view["seats"]:
        p = sd["seat"]
        seats.append(
            {
                **{
                    k: sd[k]
                    for k in (
                        "seat",
                        "key",
                        "name",
                        "faith",
                        "colour",
                        "hand_count",
                        "bonus",
                        "castles",
                        "supply",
                        "out",
                        "loses_round",
                    )
                },
                "short": _short(sd["name"]),
                "letter": LETTERS.get(sd["key"], sd["name"][:2]),
                "controller": controllers[p] if p < len(controllers) else "human",
                "is_viewer": p == viewer,
                "to_act": p == view["to_act"],
                "backs": min(sd["hand_count"], 12),
                "s": "s",
            }
        )
    if solo:
        muslim = {
            "seat": NOBODY,
            "name": "The Muslims",
            "short": "Muslims",
            "letter": "☾",
            "colour": "green",
            "faith": "muslim",
            "s": "",
        }
    else:
        muslim = {
            "seat": NOBODY,
            "name": "Independent kingdom",
            "short": "independent",
            "letter": "",
            "colour": "none",
            "faith": "",
            "s": "s",
        }

    def seat_of(p: int) -> dict:
        return seats[p] if 0 <= p < len(seats) else muslim

    # -- legal actions, attached to what they act on
    attached: list[int] = []
    area_acts: dict[int, list[dict]] = {}
    card_acts: dict[int, list[dict]] = {}
    seat_acts: dict[int, list[dict]] = {}
    take: list[dict] = []
    pending = view.get("pending")
    area_target = bool(pending and pending["kind"] == "target" and pending.get("target") == "area")
    step = view["step"]
    for act in legal:
        verb, args = _parse(act["text"])
        entry = {"index": act["index"], "text": act["text"], "label": act["label"], "verb": verb, "args": args}
        if verb in ("attack", "flip") or (verb == "target" and area_target):
            area_acts.setdefault(args[0], []).append(entry)
        elif verb == "target":
            entry["short"] = "Choose"
            seat_acts.setdefault(args[0], []).append(entry)
        elif verb in ("add", "event", "discard"):
            if verb == "add":
                side = args[1] if len(args) > 1 else None
                entry["short"] = "Add" if side is None else _side_label(view, side, seat_of)
                if side == "attack" and cards[args[0]]["type"] == "troop":
                    entry["short"] = "Add"
            else:
                entry["short"] = "Play" if verb == "event" else "Discard"
            card_acts.setdefault(args[0], []).append(entry)
        elif verb == "incursion":
            entry["short"] = f"Incursion: {seat_of(args[0])['short']}"
            card_acts.setdefault(args[1], []).append(entry)
        elif verb == "take":
            take.append({"card": _card(cards, args[0]), "act": {**entry, "short": "Take"}})
        else:
            continue
        attached.append(act["index"])

    # -- the areas
    attack = view.get("attack")
    last = view.get("last_attack")
    marks = set(snapshot.get("marks") or ())  # what the others did since this seat's last move
    areas = []
    for a in board.areas:
        i = a.index
        owner = view["owner"][i]
        who = seat_of(owner)
        acts = area_acts.get(i, [])
        kind = "seat" if owner != NOBODY else ("muslim" if solo else "independent")
        held_by = who["name"] if owner != NOBODY else ("Muslim" if solo else "independent")
        plus = bool(view["plus"][i])
        desc = f"{a.name}: {held_by}, defence {a.defence}{' +1' if plus else ''}"
        if a.sea:
            desc += ", by sea to " + " and ".join(board.areas[j].name for j in a.sea)
        if a.id:
            desc += f", id {a.id}, {a.vp} VP"
        words = a.name.split(" ")
        lines = [a.name] if len(a.name) <= 11 or len(words) == 1 else [" ".join(words[:-1]), words[-1]]
        areas.append(
            {
                "index": i,
                "key": a.key,
                "name": a.name,
                "lines": lines,
                "defence": a.defence,
                "id": a.id,
                "vp": a.vp,
                "x": a.x,
                "y": a.y,
                "nudge": LABEL_NUDGE.get((board.key, a.key), (0, 0)),
                "path": geo["cells"][i],
                "owner": owner,
                "kind": kind,
                "tint": who["colour"] if owner != NOBODY else kind,
                "castle": owner != NOBODY or plus,
                "colour": who["colour"] if who["colour"] in COLOURS else "none",
                "letter": who["letter"],
                "plus": plus,
                "acts": acts,
                "act": acts[0] if len(acts) == 1 else None,
                "desc": desc,
                "attacked": bool(attack and attack["area"] == i),
                "source": bool(attack and attack.get("independent_from") == i),
                "flipped": bool(attack and i in attack.get("flipped", [])),
                "last": (f"area:{i}" in marks)
                if viewer is not None
                else bool(last and not attack and last["area"] == i),
                "start": [
                    s["letter"]
                    for s in seats
                    if a.key in next(sd["start"] for sd in view["seats"] if sd["seat"] == s["seat"])
                ],
            }
        )

    # -- the hand
    me = next((sd for sd in view["seats"] if sd["seat"] == viewer), None)
    hand = []
    if me is not None and me["hand"] is not None:
        for cid in me["hand"]:
            acts = card_acts.get(cid, [])
            main = [x for x in acts if x["verb"] != "incursion"]
            raids = [x for x in acts if x["verb"] == "incursion"]
            card = _card(cards, cid)
            if not acts:
                card["why"] = (snapshot.get("unplayable") or {}).get(str(cid), "")
            hand.append({"card": card, "acts": main, "raids": raids})
        hand.sort(
            key=lambda h: (
                {"troop": 0, "response": 1, "event": 2}[h["card"]["type"]],
                -h["card"]["value"],
                h["card"]["name"],
                h["card"]["id"],
            )
        )

    # -- the attack in progress
    def faith_deck(p: int) -> str:
        return seat_of(p).get("faith") or "muslim"

    fight = None
    if attack is not None:
        area = board.areas[attack["area"]]
        # face down, a Troop and a Response look the same: only who placed it and on which side
        placed = [
            {**_card(cards, c["card"], deck=faith_deck(c["seat"]), seat=seat_of(c["seat"])), "side": c["side"]}
            for c in attack["placed"]
        ]
        fight = {
            "attacker": seat_of(attack["attacker"])
            if attack["attacker"] != NOBODY or solo
            else {**muslim, "name": "An independent kingdom"},
            "defender": seat_of(attack["defender"]),
            "area": area.name,
            "defence": area.defence,
            "bonus_dice": attack["bonus_dice"],
            "source": attack.get("source") or "",
            "from": board.areas[attack["independent_from"]].name
            if attack.get("independent_from") is not None
            else None,
            "army": [_card(cards, c) for c in (attack.get("army") or [])],
            "on_attack": [c for c in placed if c["side"] == "attack"],
            "on_defence": [c for c in placed if c["side"] == "defence"],
            "flipped": [board.areas[b].name for b in attack["flipped"]],
            "known_dice": attack.get("known_dice"),
            "responders": [seat_of(p)["name"] for p in attack["responders"]],
            "outcome": _combat_lines(snapshot.get("log") or []) if step == "reward" else [],
        }

    # -- the last battle
    battle = None
    if last is not None and last.get("dice"):
        area = board.areas[last["area"]]

        def dice(side: str) -> list[dict]:
            rolled, final = last["dice"][side]
            return [
                {"rolled": r, "final": f, "changed": r != f, "hit": f >= 4} for r, f in zip(rolled, final, strict=False)
            ]

        att = dice("attack")
        dfn = dice("defence")
        battle = {
            "attacker": seat_of(last["attacker"])
            if last["attacker"] != NOBODY or solo
            else {**muslim, "name": "An independent kingdom"},
            "defender": seat_of(last["defender"]),
            "area": area.name,
            "troops": [_card(cards, c, seat=seat_of(p)) for c, p in last["troops"]],
            "cards": [{**_card(cards, c, seat=seat_of(p)), "side": side} for c, p, side in last["cards"]],
            "auto_response": _card(cards, last["auto_response"]) if last.get("auto_response") is not None else None,
            "bonus_dice": last.get("bonus_dice") or 0,
            "bonus_note": (
                "the Muslim army's strength"
                if last["attacker"] == NOBODY and solo
                else "the independent kingdom's"
                if last["attacker"] == NOBODY
                else "extra"
            ),
            "attack_dice": att,
            "defence_dice": dfn,
            "hits": last["hits"],
            "winner": last["winner"],
            "flipped": [board.areas[b].name for b in last.get("flipped", [])],
        }

    # -- the Muslim automaton
    automaton = None
    if solo:
        au = view["automaton"]
        automaton = {
            **au,
            "army_cards": [_card(cards, c) for c in au["army"]],
            "response_cards": [_card(cards, c) for c in au["responses"]],
            "revealed_card": _card(cards, au["revealed"]) if au["revealed"] is not None else None,
            "backs": min(au["to_reveal"], 12),
            "marker": muslim,
        }

    # -- tracks
    markers = {b: [] for b in range(-2, 3)}
    for s in seats:
        markers[max(-2, min(2, s["bonus"]))].append(s)
    if automaton is not None:
        markers[max(-2, min(2, automaton["bonus"]))].append(muslim)
    bonus_track = [{"value": b, "label": f"{b:+d}" if b else "0", "markers": markers[b]} for b in range(-2, 3)]
    turn_track = [{"turn": t, "now": t == view["turn"]} for t in range(1, view["turns"] + 1)]

    lasting = [{**_card(cards, c), "by": seat_of(p)["name"]} for c, p in view.get("lasting", [])]
    truces = [f"{seat_of(a)['short']} and {seat_of(b)['short']}" for a, b in view.get("truces", [])]
    watch = [
        f"{seat_of(p)['short']} (+{n} {'die' if n == 1 else 'dice'} in defence, no incursions)"
        for p, n in view.get("watch", [])
    ]

    for s in seats:
        s["acts"] = seat_acts.get(s["seat"], [])
    muslim_acts = seat_acts.get(NOBODY, [])

    verbs = {x["verb"] for acts_ in area_acts.values() for x in acts_}
    if "attack" in verbs:
        hint = "Click an area outlined in red to attack it."
    elif "flip" in verbs:
        hint = "Click one of your areas outlined in blue to flip its castle" + (
            " for one more defence die." if step == "flip" else " to its +1 side."
        )
    elif "target" in verbs:
        hint = f"Click an area outlined in blue: {pending['why'] if pending else 'choose an area'}."
    else:
        hint = ""

    result = view.get("result")
    return {
        "ck": {
            "mode": view["mode"],
            "title": view["title"],
            "solo": solo,
            "board": geo,
            "areas": areas,
            "seats": seats,
            "muslim": muslim,
            "muslim_acts": muslim_acts,
            "viewer": viewer,
            "me": seat_of(viewer) if viewer is not None and viewer >= 0 else None,
            "hand": hand,
            "hand_visible": me is not None and me["hand"] is not None,
            "take": take,
            "fight": fight,
            "battle": battle,
            "automaton": automaton,
            "bonus_track": bonus_track,
            "turn_track": turn_track,
            "turn": view["turn"],
            "turns": view["turns"],
            "lasting": lasting,
            "truces": truces,
            "watch": watch,
            "deck_count": view["deck_count"],
            "discard_count": view["discard_count"],
            "prompt": view["prompt"],
            "step": step,
            "hint": hint,
            "pending": pending,
            "targets": len([a for a in areas if a["act"] and a["act"]["verb"] == "attack"]),
            "result": result,
            "level": (result or {}).get("level"),
        },
        "claimed": sorted(attached),
    }


# ---------------------------------------------------------------------------- front door
FRONT = {
    "pitch": "Four kingdoms of the 1140s–1180s race for castles across the Levant; "
    "or hold out together, or alone, against Saladin's automaton.",
    "quick": {"seats": ["human", "heuristic", "heuristic"], "options": {}},
}


def picture(catalog_game: dict) -> tuple[str, dict]:
    """The front door's picture: the 4-player map a few turns into a game between computer
    players, drawn from the table's own geometry and colours (build time only). Its template and
    context."""
    import json

    from outremer import bridge

    answer = json.loads(
        bridge.new_game(json.dumps({"game": catalog_game["id"], "seats": ["heuristic"] * 4, "seed": 11}))
    )
    code = answer["code"]
    for _ in range(60):
        answer = json.loads(bridge.ai_step(code, None))
        if not answer["ok"] or answer["over"]:
            break
        code = answer["code"]
    snapshot = json.loads(bridge.open_code(code, None))
    table = context(snapshot, catalog_game)
    return "front/crusader-kingdoms.svg", {"ck": table["ck"]}
