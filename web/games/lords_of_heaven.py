"""Lords of Heaven at the table: the template context for ``table/lords-of-heaven.html``.

``context(snapshot, catalog_game)`` turns one seat's view and its legal actions into plain data
for the templates: the board of Location cards (each City's ladder, the Region's Support and
Churches/Mosques, the Citadel, the Fortress spaces on the borders), the four action columns,
the player boards, the draft, the hand, and the conflict under way step by step.

Nothing here decides legality: every action offered comes from ``snapshot["legal"]``, attached
by its index to the element it concerns (a City level, a Region, a border, a card, a die); the
many commitments of a conflict and the moves of Support are composed in a small form that
resolves to one legal action (``table/_compose.html``, ``static/compose.js``).
"""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import loh_parts as parts
    from .forms import compose_form
except ImportError:  # pragma: no cover
    import loh_parts as parts  # type: ignore[no-redef]
    from forms import compose_form  # type: ignore[no-redef]

COMPOSED = ("commit", "move", "shift")
"""Verbs whose actions are many alike choices, composed in a form rather than listed."""
CONFLICT_STEPS = (("bring", "Bring Support"), ("ask", "Allies"), ("commit", "Commit in secret"),
                  ("roll", "Reveal and roll"), ("outcome", "Result"), ("wounds", "Wounds"), ("home", "Units home"))
STEP_PHASE = {"bring": "bring", "ask": "ask", "answer": "ask", "commit": "commit", "second": "roll",
              "reroll": "roll", "outcome": "outcome", "wounds": "wounds", "home": "home"}
UNIT_KEYS = ("footman", "siege_tower", "knight")


def _content():
    from outremer.games.lords_of_heaven.data import content
    return content()


def poss(name: str) -> str:
    """"Seljuk's", "Crusaders'"."""
    return name + ("'" if name.endswith("s") else "'s")


def _parse(text: str) -> tuple[str, list[int]]:
    verb, *words = text.split()
    return verb, [int(w) for w in words]


def _cards(catalog_game: dict | None) -> dict[int, dict]:
    cards = (catalog_game or {}).get("cards") or [c.to_json() for c in _content().cards.values()]
    return {c["id"]: c for c in cards}


def shown_name(name: str) -> str:
    """A card's name as the table writes it: its hyphens do not break ("al‑Sannabra" stays whole)."""
    return name.replace("-", "\u2011")


def card_entry(card: dict, faction: str | None = None) -> dict[str, Any]:
    """A card as the templates draw it."""
    words = parts.card_words(card)
    aff = card["affiliation"]
    usable = faction is not None and (aff == "any" or aff == faction or (
        aff in parts.FAITH_WORDS and _content().faction(faction).faith == aff))
    band = (_content().faction(aff).colour if aff in parts.LETTERS else
            {"christians": "christian", "muslims": "muslim"}.get(aff, "any"))
    benefit = [{"what": w, "n": n, "words": parts.amount(w, n)} for w, n in card["benefit"]]
    meta = (f"{parts.affiliation_words(aff)} · Cost {card['cost']} · Benefit "
            f"{' / '.join(b['words'] for b in benefit)} · Strength {card['strength']}")
    text = " ".join(x for x in (f"Action: {words['action']}." if words["action"] else "",
                                f"Conflict: {words['fight']}." if words["fight"] else "",
                                card.get("flavour", "")) if x)
    return {"id": card["id"], "name": shown_name(card["name"]), "affiliation": aff, "aff_words": parts.affiliation_words(aff),
            "letter": parts.LETTERS.get(aff, ""), "band": band, "cost": card["cost"], "benefit": benefit,
            "strength": card["strength"], "action": words["action"], "fight": words["fight"],
            "flavour": card.get("flavour", ""), "usable": usable, "meta": meta, "text": text, "bluff": False}


def bluff_entry(faction: str) -> dict[str, Any]:
    b = _content().bluffs[faction]
    return {"id": 0, "name": b.name, "affiliation": faction, "aff_words": "Bluff card", "letter": "",
            "band": "bluff", "cost": 0, "benefit": [], "strength": 0, "action": "", "fight": "",
            "flavour": b.flavour, "usable": False, "bluff": True,
            "meta": "Bluff card · Strength 0 · always in your hand",
            "text": f"Played face down in a conflict, it bluffs and comes back afterwards. {b.flavour}"}


def _seats(view: dict, controllers: list[str], viewer: int | None) -> list[dict]:
    data = _content()
    seats = []
    for p in view["players"]:
        f = data.faction(p["faction"])
        i = p["seat"]
        seats.append({
            **{k: p[k] for k in ("seat", "faction", "name", "vp", "purse", "gold", "faith", "footman", "siege_tower",
                                 "knight", "presence", "upgrades", "buildings", "cities", "hand_count")},
            "colour": f.colour, "letter": parts.LETTERS[p["faction"]], "faith_words": parts.FAITH_WORDS[f.faith],
            "church": f.church, "controller": controllers[i] if i < len(controllers) else "human",
            "is_viewer": i == viewer, "to_act": i == view["to_act"], "first": i == view["first"],
            "acts": [], "row_acts": [], "backs": min(p["hand_count"], 8),
        })
    return seats


def _influence_income(view: dict, seat: int) -> int:
    data = _content()
    return sum(data.locations[loc].income for loc in view["on_board"]
               if seat in view["cities"][loc])


def context(snapshot: dict[str, Any], catalog_game: dict | None = None) -> dict[str, Any]:
    view = snapshot["view"]
    legal = snapshot.get("legal") or []
    viewer = snapshot.get("viewer")
    data = _content()
    cards = _cards(catalog_game)
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
            outcome_acts.append({**entry, "word": "Take the City" if verb == "take" else "Ransack the City",
                                 "detail": "your Influence to the top level" if verb == "take"
                                 else f"+{gold} Gold; every Influence and the Citadel leave"})
            html_claimed.append(a["index"])
        if target is not None:
            target.append(entry)

    def one(acts: list | None) -> dict | None:
        """An element takes an action only when it is the only one there (else the bar has it)."""
        return acts[0] if acts and len(acts) == 1 else None

    board_claimed = [x["index"] for group in (slot_acts, city_acts, region_acts, token_acts, road_acts, citadel_acts)
                     for acts in group.values() if (x := one(acts))]
    composed_claimed = [x["index"] for acts in composed.values() for x in acts]

    # -- the board
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
            slots.append({"level": lv, "cost": costs[lv], "seat": seats[who] if who is not None else None,
                          "top": lv == top, "x": parts.slot_x(lv, len(city)), "act": act})
        support = [{"seat": s, "n": view["support"][i][s["seat"]], "act": one(token_acts.get((i, s["seat"])))}
                   for s in seats if view["support"][i][s["seat"]]]
        churches = [s for s in seats if view["church"][i][s["seat"]]]
        citadel = view["citadel"][i]
        words = [f"{loc.name}" + ("" if on else " (joins the board in the 2nd Crusade)")]
        if on:
            ladder = ", ".join(f"level {lv + 1} ({costs[lv]} Gold{', control' if lv == top else ''}): "
                               + (names[w] if w is not None else "empty") for lv, w in enumerate(city))
            words.append(f"City: {ladder}")
            words.append("Citadel: " + (names[citadel] if citadel is not None else "none"))
            words.append("Region: " + (", ".join(f"{x['seat']['name']} {x['n']} Support" for x in support)
                                       or "no Support"))
            if churches:
                words.append("Churches and Mosques: " + ", ".join(s["name"] for s in churches))
            words.append(f"income {loc.income} Gold, ransack {loc.ransack} Gold")
        locations.append({
            **place, "name": loc.name, "on": on, "income": loc.income, "ransack": loc.ransack,
            "slots": slots, "control": seats[ctrl] if ctrl is not None else None, "support": support,
            "churches": churches, "citadel": seats[citadel] if citadel is not None else None,
            "citadel_act": one(citadel_acts.get(i)), "city_act": one(city_acts.get(i)),
            "region_act": one(region_acts.get(i)), "desc": "; ".join(words) + ".",
            "fought": bool(conflict and conflict["loc"] == i),
            "last": f"loc:{i}" in marks or bool(not conflict and last and last["loc"] == i and viewer is None),
            "citadel_x": parts.slot_x(len(city), len(city)) + 4,
        })
    roads = []
    for road in geo["roads"]:
        i = road["index"]
        owner = view["fortress"][i]
        a, b = data.locations[road["a"]], data.locations[road["b"]]
        live = road["a"] in view["on_board"] and road["b"] in view["on_board"]
        roads.append({**road, "owner": seats[owner] if owner is not None else None, "live": live,
                      "act": one(road_acts.get(i)), "last": f"border:{i}" in marks,
                      "desc": f"Border {a.name} – {b.name}: "
                              + (f"{poss(names[owner])} Fortress" if owner is not None else "Fortress space, empty")})

    # -- the four columns
    columns = []
    for col in range(4):
        ids = view["columns"][col]
        entry: dict[str, Any] = {"index": col, "name": parts.COLUMN_NAMES[col], "cards": [cards[c]["name"] for c in ids],
                                 "count": len(ids), "last": f"column:{col}" in marks,
                                 "top": card_entry(cards[ids[-1]]) if ids else None}
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
        return {"pick": ("Keep", ""), "putback": ("Put on the bottom", ""), "discard": ("Discard", ""),
                "second": ("Play as a second card", "")}[verb]

    def with_acts(card: dict) -> dict:
        acts = []
        for entry in card_acts.get(card["id"], []):
            word, detail = short(entry, card)
            acts.append({**entry, "word": word, "detail": detail,
                         "aria": entry["label"] + (f" ({detail})" if detail else "")})
        return {"card": card, "acts": acts}

    hand = []
    mine = view["players"][viewer] if me is not None else None
    if mine is not None and mine["hand"] is not None:
        hand = [with_acts(card_entry(cards[c], faction)) for c in mine["hand"]]
    draft = None
    if view.get("draft") and view["draft"]["hand"] is not None:
        d = view["draft"]
        sealed = view.get("sealed") or {}
        draft = {"round": d["round"], "hand": [with_acts(card_entry(cards[c], faction)) for c in d["hand"]],
                 "kept": [card_entry(cards[c], faction) for c in d["kept"]],
                 "picked": card_entry(cards[sealed["mine"]], faction) if sealed.get("mine") else None,
                 "waiting": [names[p] for p, done in zip(sealed.get("seats", []), sealed.get("chosen", []), strict=False) if not done]}

    # -- the conflict under way, and the last one
    fight = _fight(view, conflict, seats, names, cards, die_acts, unit_acts, outcome_acts, composed.get("commit"),
                   viewer) if conflict else None
    last_fight = None
    if last and not conflict:
        winner = seats[last["winner"]]
        loc = data.locations[last["loc"]].name
        last_fight = {"title": f"{'Battle in' if last['kind'] == 'battle' else 'Siege of'} {loc}", "winner": winner,
                      "strength": last["strength"], "lines": _conflict_lines(snapshot.get("log") or []),
                      "parts": [strength_sum(last.get("parts") or [[], []], side, last["strength"][side])
                                for side in (0, 1)]}

    # -- what the composer forms need
    forms = {}
    if "move" in composed:
        forms["move"] = compose_form("move", composed["move"], [
            ("From", "select", lambda v: data.locations[v].name),
            ("To", "select", lambda v: data.locations[v].name),
            ("Support", "number", None)], "Move (1 Gold)")
    if "shift" in composed:
        forms["shift"] = compose_form("shift", composed["shift"], [
            ("From", "select", lambda v: data.locations[v].name),
            ("To", "select", lambda v: data.locations[v].name)], "Move 1 Support")

    prompt, hint = _words(view, seats, names, me, legal, forms, fight)
    turn = view.get("turn")
    return {
        "loh": {
            "mode": view["mode"], "crusade": view["crusade"], "round": view["round"], "round_card": view["round_card"],
            "last_round": view["last_round"], "rounds_left": view["rounds_left"], "step": view["step"],
            "board": geo, "max_level": data.max_level, "vp_at": data.vp_at, "locations": locations, "roads": roads,
            "columns": columns, "seats": seats, "me": me,
            "hand": hand, "bluff": bluff_entry(faction) if faction else None, "hand_visible": mine is not None
            and mine["hand"] is not None, "draft": draft, "fight": fight, "last_fight": last_fight, "forms": forms,
            "hint": hint, "board_acts": bool(board_claimed), "deck": view["deck_count"], "discards": len(view["discard"]),
            "turn_player": seats[view["seat"]] if view["step"] not in ("draft", "putback", "over") else None,
            "conflicts": None if not turn or turn["column"] != 2 else {"done": turn["conflicts"], "of": view["crusade"]},
            "recruit": turn["recruit"] if turn and me and view["seat"] == viewer and turn["column"] == 2 else 0,
            "income": _influence_income(view, viewer) if me else 0,
            "putback": view.get("putback"), "effect": (view.get("effect") or {}).get("step"),
            "over": view["step"] == "over",
        },
        "view": {**view, "prompt": prompt},
        "claimed": sorted(set(board_claimed + composed_claimed + html_claimed)),
    }


def strength_sum(parts: list[list], side: int, total: int) -> str:
    """A side's Strength by where it comes from, as the engine totalled it
    (``strength.strength_parts``): "Units 4 + Faith 2 + dice 1 = 7"."""
    terms = " + ".join(f"{what} {n}" for what, n in parts[side])
    return f"{terms} = {total}" if terms else f"nothing = {total}"


def _conflict_lines(log: list[dict]) -> list[str]:
    """The last conflict's lines, from its start to its close."""
    start = max((i for i, line in enumerate(log) if " starts a Battle " in line["text"] or " starts a Siege " in line["text"]),
                default=None)
    if start is None:
        return []
    out = []
    for line in log[start + 1:]:
        if line.get("rule") not in ("7.battle", "7.siege", "3", "LH16", "LH17", "LH18", "LH19", "4.church", "LH24"):
            continue
        if " commits in secret" in line["text"]:
            continue
        out.append(line["text"])
    return out


def _fight(view, c, seats, names, cards, die_acts, unit_acts, outcome_acts, commits, viewer) -> dict:
    data = _content()
    loc = c["loc"]
    kind = c["kind"]
    big = "knight" if kind == "battle" else "siege_tower"
    sealed = view.get("sealed") if c["step"] == "commit" else None
    chosen = dict(zip(sealed["seats"], sealed["chosen"], strict=False)) if sealed else {}
    roles = [(c["attacker"], "Attacker", 0), (c["ally"], "Ally", 0), (c["defender"], "Defender", 1),
             (c["def_ally"], "Defender's Ally", 1)]
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
        member: dict[str, Any] = {"seat": s, "role": role, "support": support, "limit": limit, "leader": role in (
            "Attacker", "Defender"), "card": None, "second": None, "units": [], "faith": 0, "committed": None,
            "wound_support": None, "dice": None, "rerolls": 0}
        if key in c["units"]:
            units = c["units"][key]
            card = c["cards"].get(key)
            member["card"] = (bluff_entry(s["faction"]) if card == 0 else card_entry(cards[card])) if card is not None else None
            member["second"] = card_entry(cards[c["second"][key]]) if key in c["second"] else None
            member["units"] = [{"kind": k, "n": units[k], "words": parts.amount(UNIT_KEYS[k], units[k]),
                                "wound": unit_acts.get((seat, k)) if c["step"] == "wounds" else None,
                                "home": unit_acts.get((seat, k)) if c["step"] == "home" else None}
                               for k in range(3) if units[k] or unit_acts.get((seat, k))]
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
    steps = [{"key": k, "label": label, "now": k == phase} for k, label in CONFLICT_STEPS
             if not (kind == "siege" and k == "bring") and not (kind == "battle" and k == "outcome")]
    reached = next(i for i, st in enumerate(steps) if st["now"]) if any(st["now"] for st in steps) else 0
    for i, st in enumerate(steps):
        st["done"] = i < reached
    asked = [names[p] for p in c["asked"]]
    if c["step"] == "ask":
        note = f"{names[c['asker']]} may ask for an Ally" + (f" (refused: {', '.join(asked)})" if asked else "") + "."
    elif c["step"] == "answer":
        note = f"{names[c['asking']]} is asked to be {poss(names[c['asker']])} Ally."
    elif c["step"] == "bring":
        note = f"{names[c['mover']]} may bring 1 Support from each neighbouring Location (1 Gold each)."
    elif c["step"] == "commit":
        waiting = [names[p] for p, done in chosen.items() if not done]
        note = ("Every side commits in secret: a card face down (leaders only), Units and Faith. "
                + (f"Still to choose: {', '.join(waiting)}." if waiting else ""))
    elif c["step"] == "second":
        note = f"{names[view['to_act']]} may play a second card face up."
    elif c["step"] == "reroll":
        note = f"{names[view['to_act']]} may reroll its dice ({c['rerolls'].get(str(view['to_act']), 0)} left)."
    elif c["step"] == "outcome":
        note = f"{names[c['attacker']]} won the Siege: take the City, or ransack it."
    elif c["step"] == "wounds":
        side = c["wounding"]
        note = (f"The {'attacking' if side == 0 else 'defending'} side takes {c['wounds'][side]} more "
                f"Wound{'s' if c['wounds'][side] != 1 else ''}: Units first, then Support in the Region.")
    elif c["step"] == "home":
        note = f"{names[c['home'][0]]} may pay 1 Gold for each Unit to bring it home."
    else:
        note = ""
    result = None
    if c["winner"] is not None:
        result = {"strength": c["strength"], "winner": c["winner"], "leader": seats[c["attacker"] if c["winner"] == 0
                                                                                     else c["defender"]],
                  "wounds": c["wounds"], "tie": c["strength"][0] == c["strength"][1],
                  "parts": [strength_sum(c.get("parts") or [[], []], side, c["strength"][side]) for side in (0, 1)]}
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
                options.append({"value": v, "label": h["name"], "detail": f"Strength {h['strength']}"
                                + (f"; Conflict: {h['fight']}" if h["fight"] else "; no Conflict effect")})
        unit_fields = []
        for k, (label, key) in enumerate((("Footmen", "footman"), ("Knights" if kind == "battle" else "Siege Towers",
                                                                     big), ("Faith", "faith")), start=1):
            unit_fields.append({"arg": k, "label": label, "kind": "number" if values[k][-1] > 0 else "hidden",
                                "min": 0, "max": values[k][-1], "value": first["args"][k], "key": key})
        fields = ([{"arg": 0, "label": "Card face down", "kind": "pick", "options": options, "value": first["args"][0]}]
                  if options else [{"arg": 0, "label": "Card", "kind": "hidden", "min": -1, "max": -1, "value": -1}])
        me = next(m for side in sides for m in side["members"] if m["seat"]["seat"] == view["to_act"])
        words = parts.commitment_words(kind, kind == "siege" and me["role"] == "Defender", me["support"],
                                       3 - seat["buildings"][2], seat["footman"], seat[big], seat["faith"] or 0,
                                       me["leader"])
        form = {"verb": "commit", "fields": fields + unit_fields, "act": first, "submit": "Commit in secret",
                "limit": me["limit"], "support": me["support"], "words": words,
                "unit_word": "Knights" if kind == "battle" else "Siege Towers"}
    mine = None
    if view.get("sealed") and viewer is not None and view["sealed"].get("mine") and view["sealed"]["key"] == "conflict":
        card, f, b, x = view["sealed"]["mine"]
        what = parts.amounts([("footman", f), (big, b), ("faith", x)])
        head = "" if card < 0 else ("the Bluff card, " if card == 0 else f"{cards[card]['name']}, ")
        mine = f"{head}{what}"
    return {"kind": kind, "title": f"{'Battle in' if kind == 'battle' else 'Siege of'} {data.locations[loc].name}",
            "loc": loc, "sides": sides, "steps": steps, "note": note, "result": result, "form": form,
            "outcome": outcome_acts, "mine": mine, "step": c["step"], "big": big}


STEP_WORDS = {
    "turn": ("play a card into one of the four columns, or discard one.",
             "Each card in your hand shows what each column would cost or give: choose one."),
    "development": ("build a Church or Mosque in a Region, a Fortress on a border or a Citadel in a City.",
                    "Click a place outlined in red to build there."),
    "presence": ("place Influence in the Cities and Support in the Regions.",
                 "Click a City level outlined in red for Influence, or a Region for Support (1 Gold); Done when "
                 "finished."),
    "after": ("resolve the card's effect, or leave it.", ""),
    "provision": ("take a provision worth 2 Gold; the Gold of the Cities follows.", "Choose the provision."),
}
"""Steps whose question and hint are always the same: (what the seat to act is asked, the hint)."""


def _words(view, seats, names, me, legal, forms, fight) -> tuple[str, str]:
    """What the seat to act is asked (the prompt every viewer reads) and, for the viewer to act,
    where on the table to answer (the hint)."""
    step = view["step"]
    to_act = view["to_act"]
    if to_act is None:
        return "", ""
    who = names[to_act]
    verbs = {a["text"].split()[0] for a in legal}
    effect = (view.get("effect") or {}).get("step") or {}
    if step == "draft":
        d = view.get("draft") or {}
        prompt = f"Draft round {d.get('round', 1)} of 3: keep one card, pass the rest to the left."
        hint = "Choose the card to keep with its Keep button."
    elif step == "putback":
        prompt = f"{who}: put {view['putback']['left']} card{'s' if view['putback']['left'] != 1 else ''} on the bottom of the deck."
        hint = "Choose a card of your hand to put on the bottom of the deck."
    elif step == "development" and verbs == {"done"}:
        prompt = f"{who}: the effect moved away what made a building site possible; the Development is lost."
        hint = "End the action (ruling LH29)."
    elif step in STEP_WORDS:
        asked, hint = STEP_WORDS[step]
        prompt = f"{who}: {asked}"
    elif step == "effect":
        do = effect.get("do")
        prompt = f"{who}: the card's effect — " + (parts.action_words(effect)[:1].lower()
                                                          + parts.action_words(effect)[1:] if effect else "") + "."
        hint = {"push": "Click an Influence outlined in red to move it down one level.",
                "influence": "Click the lowest level of a City outlined in red.",
                "support": "Click a Region outlined in red to place a free Support.",
                "reinforce": "Click one of your Cities outlined in red.",
                "upgrade": "Choose a row of your player board to upgrade.",
                "move": "Choose where to move 1 Support, in the form above your hand."}.get(do, "")
    elif step == "movement":
        prompt = f"{who}: move Support (1 Gold a move); then Battles and Sieges may follow."
        hint = ("Move Support with the form above your hand" if "move" in forms else "")
        hint += ("; recruit Units with your Fortresses' points on your player board" if "recruit" in verbs else "")
        hint = (hint + "; Done when finished.").lstrip("; ") if hint else ""
    elif step == "conflicts":
        prompt = f"{who}: start a Battle or a Siege, or end the turn."
        hint = ("Click an opponent's Support outlined in red to start a Battle there, or a City outlined in red to lay "
                "Siege to it." if verbs & {"battle", "siege"} else "")
    elif step == "conflict" and fight:
        prompt = f"{fight['title']}: {fight['note']}"
        hint = {"bring": "Click a neighbouring Region outlined in red to bring 1 Support (1 Gold), or Done.",
                "reroll": "Click a die to reroll it, or keep the dice.",
                "wounds": "Choose who loses a Unit or a Support, one Wound at a time.",
                "home": "Pay 1 Gold to bring a Unit home, or leave the rest."}.get(fight["step"], "")
    else:
        prompt, hint = "", ""
    return prompt, hint


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
