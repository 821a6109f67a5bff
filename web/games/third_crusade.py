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

import marshal
from typing import Any

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import tc_map
    from .forms import compose_form, lesson_first
    from .tc_entries import (
        UNIT_WORDS,
        _armies,
        _content,
        _diplomacy_card,
        _mission,
        _objective,
        _region_name,
        cp_words,
        event_entry,
        order_entry,
        piece_entry,
    )
    from .tc_panels import (
        _box,
        _dip,
        _dip_keys,
        _glory_words,
        _pending_words,
        _pick_words,
        _plan_words,
        _prompt,
        _reaction_words,
        _variable,
        _year,
    )
except ImportError:  # pragma: no cover
    import tc_map  # type: ignore[no-redef]
    from forms import compose_form, lesson_first  # type: ignore[no-redef]
    from tc_entries import (  # type: ignore[no-redef]
        UNIT_WORDS,
        _armies,
        _content,
        _diplomacy_card,
        _mission,
        _objective,
        _region_name,
        cp_words,
        event_entry,
        order_entry,
        piece_entry,
    )
    from tc_panels import (  # type: ignore[no-redef]
        _box,
        _dip,
        _dip_keys,
        _glory_words,
        _pending_words,
        _pick_words,
        _plan_words,
        _prompt,
        _reaction_words,
        _variable,
        _year,
    )

REGION_VERBS = ("execute", "section", "at", "place", "land", "tithe", "bandit")
"""Verbs whose one argument is a Region: the Region's box takes the action."""
COMPOSED = ("march", "arrange", "deploy")
PHASES = {
    "variable": "Variable setup",
    "strategy": "Strategy",
    "planning": "Planning",
    "command": "Command",
    "diplomacy": "Diplomacy",
    "upkeep": "Upkeep",
    "scoring": "Final scoring",
    "setup": "Setup",
    "over": "Game over",
}
ICON_WORDS = {"glory": "Glory", "cp": "Command point", "crown": "Crown", "gold": "Gold", "supply": "Supply"}
ICON_MARKS = {"glory": "★", "cp": "✦", "crown": "♛", "gold": "●", "supply": "▲"}
TRACK_WORDS = (("cp", "Command points"), ("crown", "Crowns"), ("supply", "Supply"), ("gold", "Gold income"))
CP_TITLE = (
    "Command points to spend on Orders this round; at Upkeep they return to the base, the Army's "
    "command point track (the ✦ icons it holds uncovered)"
)
"""The one name of command points on the table: the figure to spend, and the base it returns to."""


def _parse(text: str) -> tuple[str, list[str]]:
    verb, *words = text.split()
    return verb, words


def _own_army(view: dict, viewer: int | None) -> dict | None:
    """The viewer's Army in the view: the one it moves now, else its first (in the solo game one
    person may command both Armies of an Alliance, and the Bots are no seats)."""
    if viewer is None:
        return None
    mine = [p for p in view["players"] if p.get("person", p["seat"]) == viewer]
    actor = view.get("actor")
    return next((p for p in mine if p["seat"] == actor), mine[0] if mine else None)


REGIONS_KEPT = 512
_REGIONS: dict[bytes, dict] = {}
"""Each Region's entry by its inputs (``marshal``): a click changes few Regions, and an entry is
the same while its inputs are (the templates only read it)."""


def _region(
    r, board, data, view: dict, names: dict, me: dict | None, act, pick, warnings: dict, battle, focus, four: bool
) -> dict:
    """A Region's entry on the map: its nine Slots, the pieces and tokens on them, its Order
    Sections, the action taken on it, its label and details."""
    slots_here = view["map"].get(r.key) or [None] * 9
    tokens_here = (view.get("tokens") or {}).get(r.key) or [None] * 9
    slots = []
    for i, (shape, icon) in enumerate(zip(data.SLOT_SHAPES, r.icons, strict=False)):
        sabotaged = slots_here[i] == data.SABOTAGE
        piece = None if sabotaged else piece_entry(slots_here[i], names)
        token = "sabotage" if sabotaged else tokens_here[i] if i < len(tokens_here) else None
        slots.append(
            {
                "i": i,
                "shape": shape,
                "icon": icon,
                "icon_mark": ICON_MARKS.get(icon, ""),
                "icon_words": ICON_WORDS.get(icon, ""),
                "piece": piece,
                "token": token,
                "token_mark": "Sb" if token == "sabotage" else ICON_MARKS.get(token or "", (token or "")[:2]),
                "token_words": "Sabotage token"
                if token == "sabotage"
                else f"{ICON_WORDS.get(token or '', token or '')} token (it counts as the printed icon)",
                "covered": piece is not None or token is not None,
            }
        )
    ruler = data.controller(slots_here)
    sections = []
    for side in ("crusader", "muslim"):
        placed = (view["sections"].get(r.key) or {}).get(side)
        if placed is None:
            sections.append({"side": side, "empty": True, "army": "", "army_name": "", "order": None, "mine": False})
            continue
        army = placed["army"]
        order = order_entry(army, placed["order"]) if placed.get("order") else None
        sections.append(
            {
                "side": side,
                "empty": False,
                "army": army,
                "army_name": names.get(army, army),
                "order": order,
                "mine": army == (me or {}).get("army"),
            }
        )
    pieces = [s["piece"]["words"] for s in slots if s["piece"]]
    label = (
        f"{r.name} ({'Desert' if r.kind == 'desert' else 'City'}"
        + (", Port" if r.port else "")
        + (", Mercantile" if r.mercantile else "")
        + (f", Controlled by the {names[ruler]}" if ruler in names else "")
        + ")"
        + (": " + ", ".join(pieces) if pieces else ": empty")
    )
    g = tc_map.place(
        {
            "key": r.key,
            "name": r.name,
            "kind": r.kind,
            "port": r.port,
            "mercantile": r.mercantile,
            "jerusalem": r.jerusalem,
            "board": getattr(r, "board", "south") if four else "south",
            "cx": r.x,
            "cy": r.y,
            "slots": slots,
            "ruler": ruler,
            "sections": sections,
            "destroyed": r.key in view["destroyed"],
            "battle": bool(battle and battle["region"] == r.key),
            "focus": r.key == focus,
            "act": act,
            "pick": pick,
            "flavour": r.flavour,
            "warning": warnings.get(r.key) if act and act["verb"] == "section" else None,
            "label": label
            + (f". {act['label']}" if act else f". {pick['words']}" if pick else "")
            + (f". {warnings[r.key]}" if act and act["verb"] == "section" and r.key in warnings else ""),
        }
    )
    g["detail"] = tc_map.region_details(g, names, [board.regions[j].name for j in r.roads])
    return g


def context(snapshot: dict, catalog_game: dict | None = None) -> dict[str, Any]:
    view = snapshot["view"]
    viewer = snapshot.get("viewer")
    legal = snapshot.get("legal") or []
    content = _content()
    data = _armies()
    names = {p["army"]: p["name"] for p in view["players"]}
    armies = [p["army"] for p in view["players"]]
    me = _own_army(view, viewer)
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
    claimed = (
        [x["index"] for x in region_one.values()]
        + [x["index"] for acts in composed.values() for x in acts]
        + [x["index"] for x in picks.values()]
        + [x["index"] for x in plays.values()]
        + [x["index"] for x in chooses.values()]
        + [x["index"] for x in moves.values()]
    )
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
        act = region_one.get(r.key)
        pick = None
        if act is None:
            for verb, arg, word in (("march", 0, "March here"), ("deploy", 1, "Deploy here")):
                if any(a["args"][arg] == r.key for a in composed.get(verb, ())):
                    pick = {"verb": verb, "arg": arg, "value": r.key, "words": word}
                    break
        # a Region's entry is the same while what it shows is: kept from click to click
        inputs = (
            r.key,
            board.key,
            four,
            view["map"].get(r.key),
            (view.get("tokens") or {}).get(r.key),
            view["sections"].get(r.key),
            names,
            (me or {}).get("army"),
            act,
            pick,
            warnings.get(r.key),
            r.key in view["destroyed"],
            bool(battle and battle["region"] == r.key),
            r.key == focus,
        )
        try:
            key = marshal.dumps(inputs, 2)  # version 2: alike however shared (see render.once)
        except ValueError:  # not plain data: not kept
            key = None
        g = _REGIONS.get(key) if key is not None else None
        if g is None:
            g = _region(r, board, data, view, names, me, act, pick, warnings, battle, focus, four)
            if key is not None:
                if len(_REGIONS) >= REGIONS_KEPT:
                    _REGIONS.clear()
                _REGIONS[key] = g
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
        seats.append(
            {
                "seat": seat,
                "army": p["army"],
                "name": p["name"],
                "alliance": p["alliance"],
                "alliance_words": "Crusader Alliance" if p["alliance"] == "crusader" else "Muslim Alliance",
                "controller": "bot"
                if p.get("bot")
                else controllers[p.get("person", seat)]
                if p.get("person", seat) < len(controllers)
                else "human",
                "is_viewer": p.get("person", seat) == viewer,
                "to_act": seat == view.get("actor", view.get("to_act")),
                "partner": me is not None and p.get("person", seat) != viewer and p["alliance"] == my_side,
                "tracks": tracks,
                "cp": p["cp"],
                "cp_base": p["tracks"][0],
                "cp_words": cp_words(p["cp"], p["tracks"][0]),
                "gold": p["gold"],
                "reserve": [{"unit": u, "words": UNIT_WORDS[u], "n": n} for u, n in p["reserve"].items()],
                "need": p["need"],
                "hand": [
                    {**event_entry(k, names), "act": plays.get(k) if me is not None and seat == me["seat"] else None}
                    for k in p["hand"]
                ],
                "box": None
                if p["box"] is None
                else _box(
                    p,
                    seat == view.get("actor", viewer) and chooses,
                    plan if seat == view.get("actor", view.get("to_act")) else {},
                    seat == view.get("actor", viewer) and retake,
                ),
                "box_count": p["box_count"],
                "owned": owned,
                "executed": [order_entry(p["army"], k) for k in p["executed"] if any(o["key"] == k for o in owned)],
                "objectives": None if p["objectives"] is None else [_objective(k) for k in p["objectives"]],
                "revealed_objective": _objective(p["revealed_objective"]) if p["revealed_objective"] else None,
                "initiative": initiative.index(seat) + 1 if seat in initiative else None,
                "pile": p["pile"],
            }
        )

    # -- Strategy: the cards drawn (yours), the rows laid out, the picks
    strategy = None
    st = view.get("strategy")
    if st:
        rows = None
        if st["rows"] is not None:
            rows = [
                {
                    "army": a,
                    "name": names.get(a, a),
                    "cards": [
                        {**event_entry(k, names), "slot": i + 2, "act": picks.get((a, i + 2))}
                        if k
                        else {"slot": i + 2, "key": None}
                        for i, k in enumerate(row)
                    ],
                }
                for a, row in st["rows"].items()
            ]
        strategy = {
            "drawn": [event_entry(k, names) for k in (st.get("drawn") or [])],
            "rows": rows,
            "picks": {
                names.get(armies[int(seat)], seat): [_pick_words(x, names) for x in taken]
                for seat, taken in st["picks"].items()
                if taken
            },
        }

    # -- the Battle under way
    fight = None
    if battle:
        attacker = view["players"][battle["attacker"]]
        fight = {
            "region": _region_name(board, battle["region"]),
            "from": _region_name(board, battle.get("from")),
            "attacker": attacker["name"],
            "side_words": "Crusader" if battle["side"] == "crusader" else "Muslim",
            "group": [piece_entry(x, names)["words"] for x in battle["group"]],
            "defenders": [piece_entry(x, names)["words"] for x in battle.get("defenders", [])],
            "attack": battle.get("attack"),
            "defence": battle.get("defence"),
            "stage": battle["stage"],
            "reactions": [_reaction_words(x, names, armies, board) for x in battle["reactions"]],
            "asked": [view["players"][i]["name"] for i in battle.get("ask") or []],
            "lost": [piece_entry(x, names)["words"] for x in battle.get("lost", [])],
            "sea": battle.get("sea"),
        }

    # -- composer forms
    forms = {}
    if "march" in composed:
        group_words = {}
        for a in composed["march"]:
            words = a["label"]
            if words.startswith("March "):
                words = words[len("March ") :]
            cut = words.rfind(" to ")
            group_words[a["args"][1]] = words[:cut] if cut > 0 else words
        forms["march"] = compose_form(
            "march",
            composed["march"],
            [("To", "select", lambda k: _region_name(board, k)), ("Who", "select", lambda g: group_words.get(g, g))],
            "March",
        )

    if "arrange" in composed:
        titles = {k: event_entry(k, names)["title"] for a in composed["arrange"] for k in a["args"]}
        forms["arrange"] = compose_form(
            "arrange",
            composed["arrange"],
            [(f"Under {flag} CP", "select", titles.get) for flag in (2, 3, 4, 5)],
            "Lay them face down",
        )

    if "deploy" in composed:
        leaders = content.leaders

        def piece_name(k: str) -> str:
            if k in leaders:
                return f"{leaders[k].name} (Leader, free)"
            cost = {"infantry": 1, "cavalry": 2, "siege": 4}.get(k)
            return f"{UNIT_WORDS.get(k, k)}" + (f" ({cost} point{'s' if cost != 1 else ''})" if cost else "")

        forms["deploy"] = compose_form(
            "deploy",
            composed["deploy"],
            [("Piece", "select", piece_name), ("Region", "select", lambda k: _region_name(board, k))],
            "Deploy it",
        )

    glory = view["glory"]
    return {
        "tc": {
            "year": _year(view["round"]),
            "phase": view["phase"],
            "phase_words": PHASES.get(view["phase"], view["phase"].title()),
            "glory": glory,
            "glory_words": _glory_words(glory),
            "faith": view["faith"],
            "initiative": [view["players"][i]["name"] for i in initiative],
            "mission": _mission(view.get("mission")),
            "diplomacy_card": _diplomacy_card(view.get("diplomacy_card")),
            "boards": boards,
            "sample": False,
            "four": four,
            "box_w": tc_map.BOX_W,
            "box_h": tc_map.BOX_H,
            "label_h": tc_map.LABEL_H,
            "regions": regions,
            "seats": seats,
            "me": seats[me["seat"]] if me is not None else None,
            "strategy": strategy,
            "fight": fight,
            "forms": forms,
            "pending": _pending_words(view, names, board),
            "plan": _plan_words(plan, me, view, warnings, board, retake),
            "dip": _dip(view, names, moves),
            "ships": view.get("ships") or {},
            "cp_title": CP_TITLE,
            "variable": _variable(view, names, content),
        },
        "view": {**view, "prompt": _prompt(view, names, board, me, composed, [a["text"] for a in legal])},
        "claimed": sorted(set(claimed)),
    }


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

    regions = [
        {"key": r.key, "x": r.x, "y": r.y, "city": r.city, "jerusalem": r.jerusalem, "held": held(r.key)}
        for r in board.regions
    ]
    roads = [(a, board.regions[i]) for a in board.regions for i in a.roads if a.index < i]
    north = {k for pair in c.both.joins for k in pair if k in {r.key for r in board.regions}}
    return {
        "regions": regions,
        "roads": [{"x1": a.x, "y1": a.y, "x2": b.x, "y2": b.y} for a, b in roads],
        "off": [{"x": r.x, "y": r.y} for r in board.regions if r.key in north],
    }
