"""Lords of Heaven at the table: the template context for ``table/lords-of-heaven.html``.

``context(snapshot, catalog_game)`` turns one seat's view and its legal actions into plain data
for the templates: the board of Location cards (each City's ladder, the Region's Support and
Churches/Mosques, the Citadel, the Fortress spaces on the borders), the four action columns,
the player boards, the draft, the hand, and the conflict under way step by step. The cards as
drawn are ``loh_cards.py``'s, the conflict's panel ``loh_fight.py``'s, the prompt and the hint
``loh_prompt.py``'s, the board's drawing and the effects in words ``loh_parts.py``'s.

Nothing here decides legality: every action offered comes from ``snapshot["legal"]``, attached
by its index to the element it concerns (a City level, a Region, a border, a card, a die); the
many commitments of a conflict and the moves of Support are composed in a small form that
resolves to one legal action (``table/_compose.html``, ``static/compose.js``).
"""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import loh_cards, loh_fight, loh_prompt
    from . import loh_parts as parts
    from .forms import compose_form
except ImportError:  # pragma: no cover
    import loh_cards  # type: ignore[no-redef]
    import loh_fight  # type: ignore[no-redef]
    import loh_parts as parts  # type: ignore[no-redef]
    import loh_prompt  # type: ignore[no-redef]
    from forms import compose_form  # type: ignore[no-redef]

COMPOSED = ("commit", "move", "shift")
"""Verbs whose actions are many alike choices, composed in a form rather than listed."""


def _parse(text: str) -> tuple[str, list[int]]:
    verb, *words = text.split()
    return verb, [int(w) for w in words]


def _seats(view: dict, controllers: list[str], viewer: int | None) -> list[dict]:
    data = loh_cards.content()
    seats = []
    for p in view["players"]:
        f = data.faction(p["faction"])
        i = p["seat"]
        seats.append(
            {
                **{
                    k: p[k]
                    for k in (
                        "seat",
                        "faction",
                        "name",
                        "vp",
                        "purse",
                        "gold",
                        "faith",
                        "footman",
                        "siege_tower",
                        "knight",
                        "presence",
                        "upgrades",
                        "buildings",
                        "cities",
                        "hand_count",
                    )
                },
                "colour": f.colour,
                "letter": parts.LETTERS[p["faction"]],
                "faith_words": parts.FAITH_WORDS[f.faith],
                "church": f.church,
                "controller": controllers[i] if i < len(controllers) else "human",
                "is_viewer": i == viewer,
                "to_act": i == view["to_act"],
                "first": i == view["first"],
                "acts": [],
                "row_acts": [],
                "backs": min(p["hand_count"], 8),
            }
        )
    return seats


def _influence_income(view: dict, seat: int) -> int:
    data = loh_cards.content()
    return sum(data.locations[loc].income for loc in view["on_board"] if seat in view["cities"][loc])


def context(snapshot: dict[str, Any], catalog_game: dict | None = None) -> dict[str, Any]:
    view = snapshot["view"]
    legal = snapshot.get("legal") or []
    viewer = snapshot.get("viewer")
    data = loh_cards.content()
    cards = loh_cards.cards_by_id(catalog_game)
    seats = _seats(view, snapshot.get("seats") or [], viewer)
    me = seats[viewer] if viewer is not None and 0 <= viewer < len(seats) else None
    geo = parts.geometry()
    names = [s["name"] for s in seats]
    conflict = view.get("conflict")
    marks = set(snapshot.get("marks") or ())

    # -- every legal action, to the element it concerns
    slot_acts: dict[tuple[int, int], list] = {}
    city_acts: dict[int, list] = {}
    region_acts: dict[int, list] = {}
    token_acts: dict[tuple[int, int], list] = {}
    road_acts: dict[int, list] = {}
    citadel_acts: dict[int, list] = {}
    card_acts: dict[int, list] = {}
    die_acts: dict[int, dict] = {}
    unit_acts: dict[tuple[int, int], dict] = {}
    outcome_acts: list[dict] = []
    composed: dict[str, list] = {}
    html_claimed: list[int] = []
    for a in legal:
        verb, args = _parse(a["text"])
        entry = {"index": a["index"], "text": a["text"], "label": a["label"], "verb": verb, "args": args}
        target = None
        if verb in COMPOSED:
            composed.setdefault(verb, []).append(entry)
        elif verb == "influence":
            target = slot_acts.setdefault((args[0], args[1]), [])
        elif verb == "place":
            target = slot_acts.setdefault((args[0], 0), [])
        elif verb == "push":
            target = slot_acts.setdefault((args[0], view["cities"][args[0]].index(args[1])), [])
        elif verb in ("siege", "reinforce"):
            target = city_acts.setdefault(args[0], [])
        elif verb in ("support", "bring") or (verb == "build" and args[0] == 0):
            target = region_acts.setdefault(args[-1], [])
        elif verb == "build" and args[0] == 1:
            target = road_acts.setdefault(args[1], [])
        elif verb == "build":
            target = citadel_acts.setdefault(args[1], [])
        elif verb == "battle":
            target = token_acts.setdefault((args[0], args[1]), [])
        elif verb in ("pick", "putback", "play", "discard", "second"):
            card_acts.setdefault(args[0], []).append(entry)
            html_claimed.append(a["index"])
        elif verb in ("recruit", "upgrade") and me is not None:
            me["row_acts" if verb == "upgrade" else "acts"].append(entry)
            html_claimed.append(a["index"])
        elif verb == "reroll":
            die_acts[args[0]] = entry
            html_claimed.append(a["index"])
        elif verb in ("wound", "home"):
            seat = args[0] if verb == "wound" else conflict["home"][0]
            unit_acts[(seat, args[-1])] = entry
            html_claimed.append(a["index"])
        elif verb in ("take", "ransack"):
            gold = data.locations[conflict["loc"]].ransack
            outcome_acts.append(
                {
                    **entry,
                    "word": "Take the City" if verb == "take" else "Ransack the City",
                    "detail": "your Influence to the top level"
                    if verb == "take"
                    else f"+{gold} Gold; every Influence and the Citadel leave",
                }
            )
            html_claimed.append(a["index"])
        if target is not None:
            target.append(entry)

    def one(acts: list | None) -> dict | None:
        """An element takes an action only when it is the only one there (else the bar has it)."""
        return acts[0] if acts and len(acts) == 1 else None

    board_claimed = [
        x["index"]
        for group in (slot_acts, city_acts, region_acts, token_acts, road_acts, citadel_acts)
        for acts in group.values()
        if (x := one(acts))
    ]
    composed_claimed = [x["index"] for acts in composed.values() for x in acts]

    # -- the board: each seat's pieces drawn by what marks them alone (a Location card is kept
    # while its inputs are the same, render.once: a seat's VP or purse is none of them)
    pieces = [{k: s[k] for k in ("seat", "name", "colour", "letter", "faith_words")} for s in seats]
    last = view.get("last_conflict")
    locations = []
    for place in geo["places"]:
        i = place["index"]
        loc = data.locations[i]
        city = view["cities"][i]
        costs = view["levels"][i]
        on = i in view["on_board"]
        top = len(city) - 1
        ctrl = city[top]
        slots = []
        for lv, who in enumerate(city):
            act = one(slot_acts.get((i, lv)))
            slots.append(
                {
                    "level": lv,
                    "cost": costs[lv],
                    "seat": pieces[who] if who is not None else None,
                    "top": lv == top,
                    "x": parts.slot_x(lv, len(city)),
                    "act": act,
                }
            )
        support = [
            {"seat": s, "n": view["support"][i][s["seat"]], "act": one(token_acts.get((i, s["seat"])))}
            for s in pieces
            if view["support"][i][s["seat"]]
        ]
        churches = [s for s in pieces if view["church"][i][s["seat"]]]
        citadel = view["citadel"][i]
        words = [f"{loc.name}" + ("" if on else " (joins the board in the 2nd Crusade)")]
        if on:
            ladder = ", ".join(
                f"level {lv + 1} ({costs[lv]} Gold{', control' if lv == top else ''}): "
                + (names[w] if w is not None else "empty")
                for lv, w in enumerate(city)
            )
            words.append(f"City: {ladder}")
            words.append("Citadel: " + (names[citadel] if citadel is not None else "none"))
            words.append(
                "Region: " + (", ".join(f"{x['seat']['name']} {x['n']} Support" for x in support) or "no Support")
            )
            if churches:
                words.append("Churches and Mosques: " + ", ".join(s["name"] for s in churches))
            words.append(f"income {loc.income} Gold, ransack {loc.ransack} Gold")
        locations.append(
            {
                **place,
                "name": loc.name,
                "on": on,
                "income": loc.income,
                "ransack": loc.ransack,
                "slots": slots,
                "control": pieces[ctrl] if ctrl is not None else None,
                "support": support,
                "churches": churches,
                "citadel": pieces[citadel] if citadel is not None else None,
                "citadel_act": one(citadel_acts.get(i)),
                "city_act": one(city_acts.get(i)),
                "region_act": one(region_acts.get(i)),
                "desc": "; ".join(words) + ".",
                "fought": bool(conflict and conflict["loc"] == i),
                "last": f"loc:{i}" in marks or bool(not conflict and last and last["loc"] == i and viewer is None),
                "citadel_x": parts.slot_x(len(city), len(city)) + 4,
            }
        )
    roads = []
    for road in geo["roads"]:
        i = road["index"]
        owner = view["fortress"][i]
        a, b = data.locations[road["a"]], data.locations[road["b"]]
        live = road["a"] in view["on_board"] and road["b"] in view["on_board"]
        roads.append(
            {
                **road,
                "owner": pieces[owner] if owner is not None else None,
                "live": live,
                "act": one(road_acts.get(i)),
                "last": f"border:{i}" in marks,
                "desc": f"Border {a.name} – {b.name}: "
                + (f"{loh_cards.poss(names[owner])} Fortress" if owner is not None else "Fortress space, empty"),
            }
        )

    # -- the four columns
    columns = []
    for col in range(4):
        ids = view["columns"][col]
        entry: dict[str, Any] = {
            "index": col,
            "name": parts.COLUMN_NAMES[col],
            "cards": [cards[c]["name"] for c in ids],
            "count": len(ids),
            "last": f"column:{col}" in marks,
            "top": loh_cards.card_entry(cards[ids[-1]]) if ids else None,
        }
        if col < 2:
            entry["cost"] = view["costs"][col]
        else:
            entry["gives"] = parts.amounts(view["benefits"][col - 2]) if view["benefits"][col - 2] else ""
        columns.append(entry)

    # -- the hand, the draft
    faction = me["faction"] if me else None
    free_presence = me is not None and not any(viewer in view["cities"][loc] for loc in view["on_board"])

    def short(entry: dict, card: dict) -> tuple[str, str]:
        verb, args = entry["verb"], entry["args"]
        if verb == "play":
            col = args[1]
            if col < 2:
                cost = 0 if col == 1 and free_presence else view["costs"][col] + card["cost"]
                effect = " + effect" if card["usable"] and card["action"] else ""
                return f"{parts.COLUMN_NAMES[col]}", f"pay {cost}{effect}"
            shown = list(view["benefits"][col - 2])
            if shown and len(cards[view["columns"][col][-1]]["benefit"]) > 1:
                shown.pop()  # the new card covers the lower icon of the one before (ruling LH10)
            gain = parts.amounts(shown + [tuple(b) for b in cards[card["id"]]["benefit"]])
            return f"{parts.COLUMN_NAMES[col]}", f"+{gain}"
        return {
            "pick": ("Keep", ""),
            "putback": ("Put on the bottom", ""),
            "discard": ("Discard", ""),
            "second": ("Play as a second card", ""),
        }[verb]

    def with_acts(card: dict) -> dict:
        acts = []
        for entry in card_acts.get(card["id"], []):
            word, detail = short(entry, card)
            acts.append(
                {**entry, "word": word, "detail": detail, "aria": entry["label"] + (f" ({detail})" if detail else "")}
            )
        return {"card": card, "acts": acts}

    hand = []
    mine = view["players"][viewer] if me is not None else None
    if mine is not None and mine["hand"] is not None:
        hand = [with_acts(loh_cards.card_entry(cards[c], faction)) for c in mine["hand"]]
    draft = None
    if view.get("draft") and view["draft"]["hand"] is not None:
        d = view["draft"]
        sealed = view.get("sealed") or {}
        draft = {
            "round": d["round"],
            "hand": [with_acts(loh_cards.card_entry(cards[c], faction)) for c in d["hand"]],
            "kept": [loh_cards.card_entry(cards[c], faction) for c in d["kept"]],
            "picked": loh_cards.card_entry(cards[sealed["mine"]], faction) if sealed.get("mine") else None,
            "waiting": [
                names[p] for p, done in zip(sealed.get("seats", []), sealed.get("chosen", []), strict=False) if not done
            ],
        }

    # -- the conflict under way, and the last one
    fight = (
        loh_fight.fight(
            view, conflict, seats, names, cards, die_acts, unit_acts, outcome_acts, composed.get("commit"), viewer
        )
        if conflict
        else None
    )
    last_fight = None
    if last and not conflict:
        winner = seats[last["winner"]]
        loc = data.locations[last["loc"]].name
        last_fight = {
            "title": f"{'Battle in' if last['kind'] == 'battle' else 'Siege of'} {loc}",
            "winner": winner,
            "strength": last["strength"],
            "lines": loh_fight.conflict_lines(snapshot.get("log") or []),
            "parts": [
                loh_fight.strength_sum(last.get("parts") or [[], []], side, last["strength"][side]) for side in (0, 1)
            ],
        }

    # -- what the composer forms need
    forms = {}
    if "move" in composed:
        forms["move"] = compose_form(
            "move",
            composed["move"],
            [
                ("From", "select", lambda v: data.locations[v].name),
                ("To", "select", lambda v: data.locations[v].name),
                ("Support", "number", None),
            ],
            "Move (1 Gold)",
        )
    if "shift" in composed:
        forms["shift"] = compose_form(
            "shift",
            composed["shift"],
            [("From", "select", lambda v: data.locations[v].name), ("To", "select", lambda v: data.locations[v].name)],
            "Move 1 Support",
        )

    prompt, hint = loh_prompt.words(view, seats, names, me, legal, forms, fight)
    turn = view.get("turn")
    return {
        "loh": {
            "mode": view["mode"],
            "crusade": view["crusade"],
            "round": view["round"],
            "round_card": view["round_card"],
            "last_round": view["last_round"],
            "rounds_left": view["rounds_left"],
            "step": view["step"],
            "board": geo,
            "max_level": data.max_level,
            "vp_at": data.vp_at,
            "locations": locations,
            "roads": roads,
            "columns": columns,
            "seats": seats,
            "me": me,
            "hand": hand,
            "bluff": loh_cards.bluff_entry(faction) if faction else None,
            "hand_visible": mine is not None and mine["hand"] is not None,
            "draft": draft,
            "fight": fight,
            "last_fight": last_fight,
            "forms": forms,
            "hint": hint,
            "board_acts": bool(board_claimed),
            "deck": view["deck_count"],
            "discards": len(view["discard"]),
            "turn_player": seats[view["seat"]] if view["step"] not in ("draft", "putback", "over") else None,
            "conflicts": None
            if not turn or turn["column"] != 2
            else {"done": turn["conflicts"], "of": view["crusade"]},
            "recruit": turn["recruit"] if turn and me and view["seat"] == viewer and turn["column"] == 2 else 0,
            "income": _influence_income(view, viewer) if me else 0,
            "putback": view.get("putback"),
            "effect": (view.get("effect") or {}).get("step"),
            "over": view["step"] == "over",
        },
        "view": {**view, "prompt": prompt},
        "claimed": sorted(set(board_claimed + composed_claimed + html_claimed)),
    }


# ---------------------------------------------------------------------------- front door
FRONT = {
    "pitch": "Four powers of the First and Second Crusades vie for the Cities of the Levant: one card a "
    "turn into four shared columns, then Battles and Sieges fought with secret commitments.",
    "quick": {"seats": ["human", "heuristic", "heuristic", "heuristic"], "options": {}},
}


def picture(catalog_game: dict) -> tuple[str, dict]:
    """The front door's picture: the board of a 4-player game between computer players, a few
    rounds into the 2nd Crusade, drawn from the table's own geometry and colours (build time). Its
    template and context."""
    import json

    from outremer import bridge
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(catalog_game["id"])
    match = Match(game, game.make_setup(3, ["heuristic"] * 4))
    while match.to_act() is not None and not (match.state["crusade"] == 2 and match.state["round"] >= 4):
        match.play(choose(game, match.state, match.to_act(), "heuristic", 3, match.steps))
    snapshot = json.loads(bridge.open_code(sharecode.encode(match), None))
    table = context(snapshot, catalog_game)
    return "front/lords-of-heaven.svg", {"loh": table["loh"]}
