"""Third Crusade at the table: the template context for ``table/third-crusade.html``.

``context(snapshot, catalog_game)`` turns one seat's view and its legal actions into plain data
for the templates: the map (one board, or both joined with 4 players) with each Region's nine
Slots, the pieces on them and the Resource icons they leave uncovered, the Roads and their
Bandits, the Order Sections of both Alliances (an Order face down unless the seat's own Alliance
placed it), each Army's board and tracks, the Strategy rows, the Battle under way, the diplomacy
board and the Glory track.

Nothing here decides legality: every action offered comes from ``snapshot["legal"]``. An action
about one Region (execute the Order there, place the Order chosen there, choose it, land, place,
tithe) is taken on the Region itself when it is the only such action there; the Order to place is
chosen on the Orders behind the seat's screen, and then the Region on the map (two clicks), a
Region where the Order could never be executed marked with the engine's warning; marching is
composed in a small form (``table/_compose.html``); everything else is on the common action bar.
"""

from __future__ import annotations

from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import tc_map
    from . import tc_words as words
    from .forms import compose_form, lesson_first
except ImportError:  # pragma: no cover
    import tc_map  # type: ignore[no-redef]
    import tc_words as words  # type: ignore[no-redef]
    from forms import compose_form, lesson_first  # type: ignore[no-redef]

REGION_VERBS = ("execute", "section", "at", "place", "land", "tithe", "bandit")
"""Verbs whose one argument is a Region: the Region's box takes the action."""
COMPOSED = ("march", "arrange", "deploy")
PHASES = {"variable": "Variable setup", "strategy": "Strategy", "planning": "Planning", "command": "Command", "diplomacy": "Diplomacy",
          "upkeep": "Upkeep", "scoring": "Final scoring", "setup": "Setup", "over": "Game over"}
ICON_WORDS = {"glory": "Glory", "cp": "Command point", "crown": "Crown", "gold": "Gold", "supply": "Supply"}
ICON_MARKS = {"glory": "★", "cp": "✦", "crown": "♛", "gold": "●", "supply": "▲"}
UNIT_WORDS = {"infantry": "Infantry", "cavalry": "Cavalry", "siege": "Siege Engine"}
UNIT_MARKS = {"infantry": "I", "cavalry": "C", "siege": "S"}
TRACK_WORDS = (("cp", "Command points"), ("crown", "Crowns"), ("supply", "Supply"), ("gold", "Gold income"))
CP_TITLE = ("Command points to spend on Orders this round; at Upkeep they return to the base, the Army's "
            "command point track (the ✦ icons it holds uncovered)")
"""The one name of command points on the table: the figure to spend, and the base it returns to."""


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
    text = (f"{needs}. Main event: {main or '—'}."
            + (f" Crown event, {card.crowns} crown{'s' if card.crowns != 1 else ''}{mode}: {crown}." if crown else ""))
    return {"key": key, "slot": None, "act": None, "title": card.title, "army": card.army, "period": card.period,
            "crowns": card.crowns, "main": main, "crown": crown, "mode": mode, "needs": needs,
            "text": text + (f" {card.flavour}" if card.flavour else ""), "meta": f"{names.get(card.army, card.army)} · {card.period}"}


def order_entry(army: str, key: str) -> dict[str, Any]:
    order = next(o for o in _cards().orders[army] if o.key == key)
    kind = "Reaction" if order.reaction else "Advanced" if order.advanced else "Blank" if order.blank else "Order"
    return {"key": key, "name": order.name, "text": order.text, "kind": kind, "cost": order.cost,
            "flavour": order.flavour}


def _parse(text: str) -> tuple[str, list[str]]:
    verb, *words = text.split()
    return verb, words


def context(snapshot: dict, catalog_game: dict | None = None) -> dict[str, Any]:
    view = snapshot["view"]
    viewer = snapshot.get("viewer")
    legal = snapshot.get("legal") or []
    content = _content()
    data = _armies()
    names = {p["army"]: p["name"] for p in view["players"]}
    armies = [p["army"] for p in view["players"]]
    me = view["players"][viewer] if viewer is not None else None
    my_side = me["alliance"] if me else None

    # -- every legal action, to the element it concerns
    region_acts: dict[str, list] = {}
    composed: dict[str, list] = {}
    picks: dict[tuple[str, int], dict] = {}
    plays: dict[str, dict] = {}
    chooses: dict[str, dict] = {}
    moves: dict[str, dict] = {}
    for a in legal:
        verb, args = _parse(a["text"])
        entry = {**a, "verb": verb, "args": args}
        if verb in COMPOSED:
            composed.setdefault(verb, []).append(entry)
        elif verb in REGION_VERBS and len(args) == 1:
            region_acts.setdefault(args[0], []).append(entry)
        elif verb == "pick":
            picks[(args[0], int(args[1]))] = entry
        elif verb == "event":
            plays[args[0]] = entry
        elif verb == "move" and len(args) == 1 and args[0] in _dip_keys():  # a marker: on its space of the board
            moves[args[0]] = entry
        elif verb == "order" and me is not None:  # the Order to place: on the Orders behind the screen
            chooses[order_entry(me["army"], args[0])["name"]] = entry
    lesson_first(snapshot, composed)
    region_one = {k: acts[0] for k, acts in region_acts.items() if len(acts) == 1}
    claimed = ([x["index"] for x in region_one.values()] + [x["index"] for acts in composed.values() for x in acts]
               + [x["index"] for x in picks.values()] + [x["index"] for x in plays.values()]
               + [x["index"] for x in chooses.values()] + [x["index"] for x in moves.values()])
    plan = view.get("plan") or {}
    warnings = plan.get("warnings") or {}
    # Another Order instead of the one chosen: the frame's undo takes the choice back (ruling TC78),
    # offered where the seat choosing may undo now (its Region next, nothing revealed since).
    retake = bool(plan.get("order")) and bool(legal) and snapshot.get("undo_to") is not None

    # -- the map: one board, or the north board and the south board (``tc_map``)
    board = data.board_for(content, armies)
    four = board.key == "both" or any(r.board == "north" for r in board.regions)
    bandits: dict[frozenset, int] = {}
    for road in view["bandits"]:
        key = frozenset(road[:2]) if len(road) >= 2 else frozenset(road)
        bandits[key] = bandits.get(key, 0) + 1
    battle = view.get("battle")
    pending = view.get("pending") or {}
    # Where something happens: the Battle, else the Region of the Order being executed (a March
    # goes there); the table brings it into view.
    focus = battle["region"] if battle else pending.get("region") if pending.get("order") else None
    regions = []
    for r in board.regions:
        slots_here = view["map"].get(r.key) or [None] * 9
        tokens_here = (view.get("tokens") or {}).get(r.key) or [None] * 9
        slots = []
        for i, (shape, icon) in enumerate(zip(data.SLOT_SHAPES, r.icons, strict=False)):
            sabotaged = slots_here[i] == data.SABOTAGE
            piece = None if sabotaged else piece_entry(slots_here[i], names)
            token = "sabotage" if sabotaged else tokens_here[i] if i < len(tokens_here) else None
            slots.append({"i": i, "shape": shape, "icon": icon, "icon_mark": ICON_MARKS.get(icon, ""),
                          "icon_words": ICON_WORDS.get(icon, ""), "piece": piece, "token": token,
                          "token_mark": "Sb" if token == "sabotage" else ICON_MARKS.get(token or "", (token or "")[:2]),
                          "token_words": "Sabotage token" if token == "sabotage" else
                          f"{ICON_WORDS.get(token or '', token or '')} token (it counts as the printed icon)",
                          "covered": piece is not None or token is not None})
        ruler = data.controller(slots_here)
        sections = []
        for side in ("crusader", "muslim"):
            placed = (view["sections"].get(r.key) or {}).get(side)
            if placed is None:
                sections.append({"side": side, "empty": True, "army": "", "army_name": "", "order": None, "mine": False})
                continue
            army = placed["army"]
            order = order_entry(army, placed["order"]) if placed.get("order") else None
            sections.append({"side": side, "empty": False, "army": army, "army_name": names.get(army, army),
                             "order": order, "mine": army == (me or {}).get("army")})
        act = region_one.get(r.key)
        pick = None
        if act is None:
            for verb, arg, word in (("march", 0, "March here"), ("deploy", 1, "Deploy here")):
                if any(a["args"][arg] == r.key for a in composed.get(verb, ())):
                    pick = {"verb": verb, "arg": arg, "value": r.key, "words": word}
                    break
        pieces = [s["piece"]["words"] for s in slots if s["piece"]]
        label = (f"{r.name} ({'Desert' if r.kind == 'desert' else 'City'}"
                 + (", Port" if r.port else "") + (", Mercantile" if r.mercantile else "")
                 + (f", Controlled by the {names[ruler]}" if ruler in names else "") + ")"
                 + (": " + ", ".join(pieces) if pieces else ": empty"))
        g = tc_map.place({
            "key": r.key, "name": r.name, "kind": r.kind, "port": r.port, "mercantile": r.mercantile,
            "jerusalem": r.jerusalem, "board": getattr(r, "board", "south") if four else "south",
            "cx": r.x, "cy": r.y, "slots": slots, "ruler": ruler,
            "sections": sections, "destroyed": r.key in view["destroyed"],
            "battle": bool(battle and battle["region"] == r.key), "focus": r.key == focus,
            "act": act, "pick": pick, "flavour": r.flavour,
            "warning": warnings.get(r.key) if act and act["verb"] == "section" else None,
            "label": label + (f". {act['label']}" if act else f". {pick['words']}" if pick else "")
            + (f". {warnings[r.key]}" if act and act["verb"] == "section" and r.key in warnings else ""),
        })
        g["detail"] = tc_map.region_details(g, names, [board.regions[j].name for j in r.roads])
        regions.append(g)
    boards = tc_map.boards(board, regions, bandits, four)

    # -- each Army's board
    seats = []
    controllers = snapshot.get("seats") or []
    initiative = view["initiative"]
    for p in view["players"]:
        seat = p["seat"]
        tracks = [{"key": k, "words": w, "n": p["tracks"][i]} for i, (k, w) in enumerate(TRACK_WORDS) if k != "cp"]
        owned = [order_entry(p["army"], k) for k in p["owned"]]
        seats.append({
            "seat": seat, "army": p["army"], "name": p["name"], "alliance": p["alliance"],
            "alliance_words": "Crusader Alliance" if p["alliance"] == "crusader" else "Muslim Alliance",
            "controller": controllers[seat] if seat < len(controllers) else "human",
            "is_viewer": seat == viewer, "to_act": seat == view.get("to_act"), "partner": me is not None and seat != viewer and p["alliance"] == my_side,
            "tracks": tracks, "cp": p["cp"], "cp_base": p["tracks"][0], "cp_words": cp_words(p["cp"], p["tracks"][0]),
            "gold": p["gold"], "reserve": [
                {"unit": u, "words": UNIT_WORDS[u], "n": n} for u, n in p["reserve"].items()],
            "need": p["need"], "hand": [{**event_entry(k, names), "act": plays.get(k) if seat == viewer else None}
                                        for k in p["hand"]],
            "box": None if p["box"] is None else _box(p, seat == viewer and chooses,
                                                      plan if seat == view.get("to_act") else {},
                                                      seat == viewer and retake),
            "box_count": p["box_count"], "owned": owned,
            "executed": [order_entry(p["army"], k) for k in p["executed"] if any(o["key"] == k for o in owned)],
            "objectives": None if p["objectives"] is None else [_objective(k) for k in p["objectives"]],
            "revealed_objective": _objective(p["revealed_objective"]) if p["revealed_objective"] else None,
            "initiative": initiative.index(seat) + 1 if seat in initiative else None,
            "pile": p["pile"],
        })

    # -- Strategy: the cards drawn (yours), the rows laid out, the picks
    strategy = None
    st = view.get("strategy")
    if st:
        rows = None
        if st["rows"] is not None:
            rows = [{"army": a, "name": names.get(a, a), "cards": [
                        {**event_entry(k, names), "slot": i + 2, "act": picks.get((a, i + 2))} if k
                        else {"slot": i + 2, "key": None} for i, k in enumerate(row)]}
                    for a, row in st["rows"].items()]
        strategy = {"drawn": [event_entry(k, names) for k in (st.get("drawn") or [])], "rows": rows,
                    "picks": {names.get(armies[int(seat)], seat): [_pick_words(x, names) for x in taken]
                              for seat, taken in st["picks"].items() if taken}}

    # -- the Battle under way
    fight = None
    if battle:
        attacker = view["players"][battle["attacker"]]
        fight = {"region": _region_name(board, battle["region"]),
                 "from": _region_name(board, battle.get("from")), "attacker": attacker["name"],
                 "side_words": "Crusader" if battle["side"] == "crusader" else "Muslim",
                 "group": [piece_entry(x, names)["words"] for x in battle["group"]],
                 "defenders": [piece_entry(x, names)["words"] for x in battle.get("defenders", [])],
                 "attack": battle.get("attack"), "defence": battle.get("defence"), "stage": battle["stage"],
                 "reactions": [_reaction_words(x, names, armies, board) for x in battle["reactions"]],
                 "asked": [view["players"][i]["name"] for i in battle.get("ask") or []],
                 "lost": [piece_entry(x, names)["words"] for x in battle.get("lost", [])], "sea": battle.get("sea")}

    # -- composer forms
    forms = {}
    if "march" in composed:
        group_words = {}
        for a in composed["march"]:
            words = a["label"]
            if words.startswith("March "):
                words = words[len("March "):]
            cut = words.rfind(" to ")
            group_words[a["args"][1]] = words[:cut] if cut > 0 else words
        forms["march"] = compose_form("march", composed["march"], [
            ("To", "select", lambda k: _region_name(board, k)), ("Who", "select", lambda g: group_words.get(g, g))],
            "March")

    if "arrange" in composed:
        titles = {k: event_entry(k, names)["title"] for a in composed["arrange"] for k in a["args"]}
        forms["arrange"] = compose_form("arrange", composed["arrange"], [
            (f"Under {flag} CP", "select", titles.get) for flag in (2, 3, 4, 5)], "Lay them face down")

    if "deploy" in composed:
        leaders = content.leaders

        def piece_name(k: str) -> str:
            if k in leaders:
                return f"{leaders[k].name} (Leader, free)"
            cost = {"infantry": 1, "cavalry": 2, "siege": 4}.get(k)
            return f"{UNIT_WORDS.get(k, k)}" + (f" ({cost} point{'s' if cost != 1 else ''})" if cost else "")
        forms["deploy"] = compose_form("deploy", composed["deploy"], [
            ("Piece", "select", piece_name), ("Region", "select", lambda k: _region_name(board, k))], "Deploy it")

    glory = view["glory"]
    return {
        "tc": {
            "year": _year(view["round"]), "phase": view["phase"], "phase_words": PHASES.get(view["phase"], view["phase"].title()),
            "glory": glory, "glory_words": _glory_words(glory), "faith": view["faith"],
            "initiative": [view["players"][i]["name"] for i in initiative],
            "mission": _mission(view.get("mission")), "diplomacy_card": _diplomacy_card(view.get("diplomacy_card")),
            "boards": boards, "sample": False, "four": four, "box_w": tc_map.BOX_W, "box_h": tc_map.BOX_H, "label_h": tc_map.LABEL_H,
            "regions": regions, "seats": seats, "me": seats[viewer] if viewer is not None else None,
            "strategy": strategy, "fight": fight, "forms": forms, "pending": _pending_words(view, names, board),
            "plan": _plan_words(plan, me, view, warnings, board, retake),
            "dip": _dip(view, names, moves), "ships": view.get("ships") or {}, "cp_title": CP_TITLE,
            "variable": _variable(view, names, content),
        },
        "view": {**view, "prompt": _prompt(view, names, board, me, composed, [a["text"] for a in legal])},
        "claimed": sorted(set(claimed)),
    }


def _box(player: dict, chooses: dict, plan: dict, retake: bool = False) -> list[dict]:
    """The Orders behind an Army's screen, as its Alliance sees them: the first of each kind the
    seat may place carries the action choosing it (two of a kind are one choice), and the first
    of the kind chosen, not yet placed, is marked. While its Region is chosen (``retake``: the
    seat choosing, able to undo), the first of each other kind carries ``instead``, the action
    choosing it once the choice is undone (the page undoes, then chooses it: ruling TC78)."""
    from outremer.games.third_crusade.planning import distinct

    out, named = [], set()
    chosen = order_entry(player["army"], plan["order"])["name"] if plan.get("order") else None
    offered = {order_entry(player["army"], k)["name"]: f"order {k}"
               for k in distinct(player["box"], player["army"])} if retake else {}
    for k in player["box"]:
        entry = order_entry(player["army"], k)
        first = entry["name"] not in named
        named.add(entry["name"])
        out.append({**entry, "act": (chooses or {}).get(entry["name"]) if first else None,
                    "chosen": first and entry["name"] == chosen,
                    "instead": offered.get(entry["name"]) if first and entry["name"] != chosen else None})
    return out


def _plan_words(plan: dict, me: dict | None, view: dict, warnings: dict, board, retake: bool = False) -> dict | None:
    """The Order chosen and not yet placed, for the seat that chose it and its partner: its name
    and what it does, whether the seat may take the choice back (``retake``: undo, ruling TC78),
    and, when some Regions would not let it be executed, the warning (each Region's own reason,
    the engine's words, is on the Region)."""
    if not plan.get("order"):
        return None
    from outremer.games.third_crusade.planning import UNEXECUTED_GLORY
    army = view["players"][view["to_act"]]["army"]
    order = order_entry(army, plan["order"])
    where = sorted(_region_name(board, k) for k in warnings)
    return {"name": order["name"], "text": order["text"], "mine": me is not None and me["army"] == army,
            "where": where, "retake": retake and me is not None and me["army"] == army,
            "warning": (f"{order['name']} could not be executed in the Regions marked ⚠ ({', '.join(where)}): "
                        f"left on the map, it would cost your Alliance {UNEXECUTED_GLORY} Glory at Upkeep "
                        "(p.17). You may still place it there to bluff." if where else None)}


def _variable(view: dict, names: dict[str, str], content) -> dict | None:
    """The variable setup under way (public but each seat's own dealt Objectives before the
    reveal): each Army's deployment points and Leaders left, its Objectives once revealed."""
    v = view.get("variable")
    if not v:
        return None
    armies = []
    for p in view["players"]:
        a = p["army"]
        shown = (v.get("objectives") or {}).get(a)
        armies.append({"army": a, "name": p["name"], "points": v["points"].get(a, 0),
                       "leaders": [content.leaders[k].name for k in v["leaders"].get(a, [])],
                       "objectives": None if shown is None else [_objective(k)["title"] for k in shown],
                       "dealt": v["dealt"].get(a, 0), "done": v["done"].get(a, False)})
    return {"stage": v["stage"], "armies": armies}


def _year(round_: int) -> str:
    from outremer.games.third_crusade.state import ROUNDS
    return ROUNDS[min(max(round_, 0), len(ROUNDS) - 1)]


def _glory_words(glory: int) -> str:
    """The Glory marker: towards the Crusaders (positive) or the Muslims (negative)."""
    if glory == 0:
        return "even"
    return f"{abs(glory)} towards the {'Crusader' if glory > 0 else 'Muslim'} Alliance"


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
    text = (f"Glory for Controlling {cities[0]}, {cities[1]}, {cities[2]} and {cities[3]} at the end: "
            + ", ".join(f"{n} City{'s' if n > 1 else ''}: {g}" for n, g in enumerate(card.glory, 1)) + ".")
    return {"key": key, "title": cities[0], "text": text + (f" {card.flavour}" if card.flavour else "")}


def _mission(key: str | None) -> dict | None:
    if not key:
        return None
    card = next((m for m in _cards().missions if m.key == key), None)
    return {"key": key, "title": card.title if card else key.replace("_", " ").title(),
            "text": card.flavour if card else ""}


def _diplomacy_card(key: str | None) -> dict | None:
    if not key:
        return None
    card = next((d for d in _cards().diplomacy if d.key == key), None)
    if card is None:
        return {"key": key, "title": key.replace("_", " ").title(), "rewards": []}
    return {"key": key, "title": card.name, "flavour": card.flavour,
            "rewards": [f"{i}: {r.n} {r.gain.replace('_', ' ')}" for i, r in enumerate(card.rewards, 1)]}


def _pick_words(pick: list, names: dict[str, str]) -> str:
    """A pick of the Strategy phase, ``[row, flag]``: "the Ayyubid row's 4"."""
    row, flag = pick[0], pick[1]
    return f"the {names.get(row, row)} row's {flag}"


def _reaction_words(reaction: dict, names: dict[str, str], armies: list[str], board) -> str:
    """A Reaction played in the Battle (``battle_phase._react``): who, which, from where, its bonus."""
    army = armies[reaction["seat"]] if "seat" in reaction else ""
    what = {"defence": "Defence", "reinforce": "Reinforce", "diversion": "Diversion", "retreat": "Retreat",
            "tactical_retreat": "Tactical Retreat"}.get(reaction.get("do", ""), "Reaction")
    bonus = reaction.get("bonus", 0)
    cancelled = " (cancelled by a Diversion)" if reaction.get("cancelled") else ""
    return (f"{names.get(army, army)}: {what} in {_region_name(board, reaction.get('region'))}"
            + (f", +{bonus}" if bonus else "") + cancelled)


def _pending_words(view: dict, names: dict[str, str], board) -> dict | None:
    p = view.get("pending")
    if not p:
        return None
    if p.get("kind") == "event" and p.get("card"):
        card = event_entry(p["card"], names)
        return {"title": f"Event: {card['title']}", "text": card["text"], "army": p.get("army")}
    if p.get("kind") == "order" and p.get("order"):
        order = order_entry(p["army"], p["order"]) if p.get("army") else None
        return {"title": f"Order: {order['name']}" if order else "Order", "text": order["text"] if order else "",
                "army": p.get("army")}
    return None


def _dip_keys() -> set[str]:
    from outremer.games.third_crusade.diplomacy import board
    return {s.key for s in board().spaces}


def _dip(view: dict, names: dict[str, str], moves: dict | None = None) -> dict:
    """The diplomacy board (public): each space with what it gives and the markers on it, the
    lines between spaces and from each Alliance's start, in the board's own coordinates; a space
    the seat's next marker may go to carries that action (``moves``: the legal ``move`` by space)."""
    from outremer.games.third_crusade.diplomacy import board
    b = board()
    leaders = _content().leaders
    on: dict[str, list[str]] = {}
    for p in view["players"]:
        for m in p["markers"]:
            on.setdefault(m, []).append(p["army"])
    spaces = []
    for s in b.spaces:
        text = f"Leader {leaders[s.leader].name}" if s.gives == "leader" and s.leader in leaders else s.text
        here = on.get(s.key, [])
        spaces.append({"key": s.key, "row": s.row, "x": s.x, "y": s.y, "text": text, "armies": here,
                       "act": (moves or {}).get(s.key),
                       "short": _dip_short(s, leaders), "instant": s.instant,
                       "label": f"Row {s.row}: {text}" + (f"; markers of the {', '.join(names.get(a, a) for a in here)}"
                                                          if here else "")})
    lines = [{"x1": s.x, "y1": s.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y} for s in b.spaces for j in s.up]
    lines += [{"x1": s.x, "y1": s.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y} for s in b.spaces for j in s.side
              if j > s.index]
    starts = []
    for alliance, st in b.starts.items():
        starts.append({"x": st.x, "y": st.y, "words": "Crusader start" if alliance == "crusader" else "Muslim start"})
        lines += [{"x1": st.x, "y1": st.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y} for j in st.up]
    d = view.get("dip") or {}
    return {"spaces": spaces, "lines": lines, "starts": starts, "stage": d.get("stage"),
            "rows": max((s.row for s in b.spaces), default=0)}


def _dip_short(space, leaders) -> str:
    """What a diplomacy space gives, in a few letters for the board: "3 I", "★2", a Leader's initials."""
    if space.gives == "leader":
        return initials(leaders[space.leader].name) if space.leader in leaders else "L"
    mark = {"infantry": "I", "cavalry": "C", "glory": "★", "faith": "✚", "glory_token": "★t", "crown_token": "♛t",
            "cp_token": "✦t", "gold_token": "●t", "supply_token": "▲t"}.get(space.gives, space.gives[:2])
    return f"{space.n}{mark}" if space.n > 1 else mark


def _prompt(view: dict, names: dict[str, str], board, me: dict | None, composed: dict,
            legal_texts: list[str]) -> str:
    """What the seat to act is asked, in a line."""
    phase = view["phase"]
    battle = view.get("battle")
    if battle:
        where = _region_name(board, battle["region"])
        return {"react": f"Battle in {where}: play a Reaction Order, or none.",
                "losses": f"Battle in {where}: choose the pieces lost.",
                "retreat": f"Battle in {where}: choose where the pieces retreat."}.get(
                    battle["stage"], f"Battle in {where}.")
    verbs = {a.split()[0] for a in legal_texts}
    if "move" in verbs:
        return "Move your diplomacy marker to a space its lines reach on the diplomacy board, or stop."
    if verbs & {"place", "replace"}:
        return "Place what the diplomacy board gave you in a Region (or in place of a piece when the Region is full), or leave it off the map."
    p = view.get("pending")
    if p:
        stage = p.get("stage")
        if p.get("kind") == "event" and stage == "crown":
            if _events().event(p["card"]).crown_mode == "instead":
                return "The main event, or the crown event instead of it (buying the crowns you lack)."
            return "The main event is done: buy the crowns you lack for the crown event, or leave it."
        if stage == "where":
            return "Choose the Region for this step."
        return "Carry out the card."
    if phase == "variable":
        stage = (view.get("variable") or {}).get("stage")
        if stage == "discard":
            return "Variable setup: discard one of your Objective Cards face down; the others are then revealed."
        return "Variable setup: deploy a Leader or a Unit (choose the piece, then the Region on the map), or stop."
    if phase == "strategy":
        st = view.get("strategy") or {}
        if st.get("rows") is None:
            return "Lay your Event Cards face down under the bidding slots (2–5 command points)."
        return "Pick an Event Card from the other Alliance's rows; its slot gives you command points."
    if phase == "planning":
        plan = view.get("plan")
        if plan and me is not None:
            army = view["players"][view["to_act"]]["army"]
            order = order_entry(army, plan["order"])
            if army != me["army"]:  # the partner's choice, seen from its side of the board (TC40)
                return f"Choose the Region for {order['name']} ({order['text']}) on the map."
            return (f"Choose the Region for {order['name']} ({order['text']}) on the map, or another Order "
                    "behind your screen instead.")
        return "Choose an Order behind your screen to place face down (then its Region on the map), or pass."
    if phase == "command":
        if "march" in composed:
            return "March: choose where to and who goes, or do not March."
        return "Execute one of your Orders on the map or an Event Card, or pass."
    if phase == "diplomacy":
        return {"bid": "Bid Gold in secret for the Diplomacy Card's rewards.", "reward": "Take a reward.",
                "move": "Move your diplomacy marker."}.get((view.get("dip") or {}).get("stage"), "Diplomacy.")
    if phase == "upkeep":
        return "Upkeep: answer each step."
    return ""


FRONT = {
    "pitch": "Richard, Barbarossa's heirs, Saladin and the Turkoman emirs, 1189–1192: two Alliances "
             "plan Orders face down, buy Event Cards with command points and fight for Acre and Jerusalem.",
    "quick": {"seats": ["human", "heuristic"], "options": {}},
}


def picture(catalog_game: dict) -> tuple[str, dict]:
    """The front door's picture: the south map board in 1190 (``front/third-crusade.svg``), drawn
    from the engine's own map and starting position, so that it follows the data. Its template and
    context."""
    return "front/third-crusade.svg", {"tc": front_map()}


def front_map() -> dict:
    """The south board as the front picture draws it: each Region's place (the map's own
    coordinates), City or Desert, and who holds it at the start of a 2-player game (Angevin against
    Ayyubid; ``c`` Crusader, ``m`` Muslim, ``z`` nobody); the Roads, and where the Roads to the
    north board of 4 players leave it (drawn dashed, off the top)."""
    from outremer.games.third_crusade.data import ALLIANCE_OF, content, controller, starting_position

    c = content()
    board = c.south
    start = starting_position(c, ("angevin", "ayyubid"))

    def held(key: str) -> str:
        army = controller(start[key])
        return {"crusader": "c", "muslim": "m"}.get(ALLIANCE_OF.get(army, ""), "z")

    regions = [{"key": r.key, "x": r.x, "y": r.y, "city": r.city, "jerusalem": r.jerusalem, "held": held(r.key)}
               for r in board.regions]
    roads = [(a, board.regions[i]) for a in board.regions for i in a.roads if a.index < i]
    north = {k for pair in c.both.joins for k in pair if k in {r.key for r in board.regions}}
    return {"regions": regions,
            "roads": [{"x1": a.x, "y1": a.y, "x2": b.x, "y2": b.y} for a, b in roads],
            "off": [{"x": r.x, "y": r.y} for r in board.regions if r.key in north]}
