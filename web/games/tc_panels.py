"""Third Crusade's panels at the table (``games/third_crusade.py``): the Orders behind an Army's
screen and the one chosen, the variable setup, the year and the Glory, the Battle's Reactions,
the card being carried out, the diplomacy board, and the line that says what the seat to act is
asked."""

from __future__ import annotations

try:  # outremer_web.games in the browser, games beside render.py at build time
    from .tc_entries import _content, _events, _objective, _region_name, event_entry, initials, order_entry
except ImportError:  # pragma: no cover
    from tc_entries import _content, _events, _objective, _region_name, event_entry, initials, order_entry  # type: ignore[no-redef]


def _box(player: dict, chooses: dict, plan: dict, retake: bool = False) -> list[dict]:
    """The Orders behind an Army's screen, as its Alliance sees them: the first of each kind the
    seat may place carries the action choosing it (two of a kind are one choice), and the first
    of the kind chosen, not yet placed, is marked. While its Region is chosen (``retake``: the
    seat choosing, able to undo), the first of each other kind carries ``instead``, the action
    choosing it once the choice is undone (the page undoes, then chooses it: ruling TC78)."""
    from outremer.games.third_crusade.planning import distinct

    out, named = [], set()
    chosen = order_entry(player["army"], plan["order"])["name"] if plan.get("order") else None
    offered = (
        {order_entry(player["army"], k)["name"]: f"order {k}" for k in distinct(player["box"], player["army"])}
        if retake
        else {}
    )
    for k in player["box"]:
        entry = order_entry(player["army"], k)
        first = entry["name"] not in named
        named.add(entry["name"])
        out.append(
            {
                **entry,
                "act": (chooses or {}).get(entry["name"]) if first else None,
                "chosen": first and entry["name"] == chosen,
                "instead": offered.get(entry["name"]) if first and entry["name"] != chosen else None,
            }
        )
    return out


def _plan_words(plan: dict, me: dict | None, view: dict, warnings: dict, board, retake: bool = False) -> dict | None:
    """The Order chosen and not yet placed, for the seat that chose it and its partner: its name
    and what it does, whether the seat may take the choice back (``retake``: undo, ruling TC78),
    and, when some Regions would not let it be executed, the warning (each Region's own reason,
    the engine's words, is on the Region)."""
    if not plan.get("order"):
        return None
    from outremer.games.third_crusade.planning import UNEXECUTED_GLORY

    army = view["players"][view.get("actor", view["to_act"])]["army"]
    order = order_entry(army, plan["order"])
    where = sorted(_region_name(board, k) for k in warnings)
    return {
        "name": order["name"],
        "text": order["text"],
        "mine": me is not None and me["army"] == army,
        "where": where,
        "retake": retake and me is not None and me["army"] == army,
        "warning": (
            f"{order['name']} could not be executed in the Regions marked ⚠ ({', '.join(where)}): "
            f"left on the map, it would cost your Alliance {UNEXECUTED_GLORY} Glory at Upkeep "
            "(p.17). You may still place it there to bluff."
            if where
            else None
        ),
    }


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
        armies.append(
            {
                "army": a,
                "name": p["name"],
                "points": v["points"].get(a, 0),
                "leaders": [content.leaders[k].name for k in v["leaders"].get(a, [])],
                "objectives": None if shown is None else [_objective(k)["title"] for k in shown],
                "dealt": v["dealt"].get(a, 0),
                "done": v["done"].get(a, False),
            }
        )
    return {"stage": v["stage"], "armies": armies}


def _year(round_: int) -> str:
    from outremer.games.third_crusade.state import ROUNDS

    return ROUNDS[min(max(round_, 0), len(ROUNDS) - 1)]


def _glory_words(glory: int) -> str:
    """The Glory marker: towards the Crusaders (positive) or the Muslims (negative)."""
    if glory == 0:
        return "even"
    return f"{abs(glory)} towards the {'Crusader' if glory > 0 else 'Muslim'} Alliance"


def _pick_words(pick: list, names: dict[str, str]) -> str:
    """A pick of the Strategy phase, ``[row, flag]``: "the Ayyubid row's 4"."""
    row, flag = pick[0], pick[1]
    return f"the {names.get(row, row)} row's {flag}"


def _reaction_words(reaction: dict, names: dict[str, str], armies: list[str], board) -> str:
    """A Reaction played in the Battle (``battle_phase._react``): who, which, from where, its bonus."""
    army = armies[reaction["seat"]] if "seat" in reaction else ""
    what = {
        "defence": "Defence",
        "reinforce": "Reinforce",
        "diversion": "Diversion",
        "retreat": "Retreat",
        "tactical_retreat": "Tactical Retreat",
    }.get(reaction.get("do", ""), "Reaction")
    bonus = reaction.get("bonus", 0)
    cancelled = " (cancelled by a Diversion)" if reaction.get("cancelled") else ""
    return (
        f"{names.get(army, army)}: {what} in {_region_name(board, reaction.get('region'))}"
        + (f", +{bonus}" if bonus else "")
        + cancelled
    )


def _pending_words(view: dict, names: dict[str, str], board) -> dict | None:
    p = view.get("pending")
    if not p:
        return None
    if p.get("kind") == "event" and p.get("card"):
        card = event_entry(p["card"], names)
        return {"title": f"Event: {card['title']}", "text": card["text"], "army": p.get("army")}
    if p.get("kind") == "order" and p.get("order"):
        order = order_entry(p["army"], p["order"]) if p.get("army") else None
        return {
            "title": f"Order: {order['name']}" if order else "Order",
            "text": order["text"] if order else "",
            "army": p.get("army"),
        }
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
        spaces.append(
            {
                "key": s.key,
                "row": s.row,
                "x": s.x,
                "y": s.y,
                "text": text,
                "armies": here,
                "act": (moves or {}).get(s.key),
                "short": _dip_short(s, leaders),
                "instant": s.instant,
                "label": f"Row {s.row}: {text}"
                + (f"; markers of the {', '.join(names.get(a, a) for a in here)}" if here else ""),
            }
        )
    lines = [{"x1": s.x, "y1": s.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y} for s in b.spaces for j in s.up]
    lines += [
        {"x1": s.x, "y1": s.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y}
        for s in b.spaces
        for j in s.side
        if j > s.index
    ]
    starts = []
    for alliance, st in b.starts.items():
        starts.append({"x": st.x, "y": st.y, "words": "Crusader start" if alliance == "crusader" else "Muslim start"})
        lines += [{"x1": st.x, "y1": st.y, "x2": b.spaces[j].x, "y2": b.spaces[j].y} for j in st.up]
    d = view.get("dip") or {}
    return {
        "spaces": spaces,
        "lines": lines,
        "starts": starts,
        "stage": d.get("stage"),
        "rows": max((s.row for s in b.spaces), default=0),
    }


def _dip_short(space, leaders) -> str:
    """What a diplomacy space gives, in a few letters for the board: "3 I", "★2", a Leader's initials."""
    if space.gives == "leader":
        return initials(leaders[space.leader].name) if space.leader in leaders else "L"
    mark = {
        "infantry": "I",
        "cavalry": "C",
        "glory": "★",
        "faith": "✚",
        "glory_token": "★t",
        "crown_token": "♛t",
        "cp_token": "✦t",
        "gold_token": "●t",
        "supply_token": "▲t",
    }.get(space.gives, space.gives[:2])
    return f"{space.n}{mark}" if space.n > 1 else mark


def _prompt(view: dict, names: dict[str, str], board, me: dict | None, composed: dict, legal_texts: list[str]) -> str:
    """What the seat to act is asked, in a line."""
    phase = view["phase"]
    battle = view.get("battle")
    if battle:
        where = _region_name(board, battle["region"])
        return {
            "react": f"Battle in {where}: play a Reaction Order, or none.",
            "losses": f"Battle in {where}: choose the pieces lost.",
            "retreat": f"Battle in {where}: choose where the pieces retreat.",
        }.get(battle["stage"], f"Battle in {where}.")
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
        if "seat_of" in view:  # the solo game (p.20)
            return (
                "Pick a slot: you take your own card there and its command points; the Bot takes its own card "
                "in the same slot."
            )
        return "Pick an Event Card from the other Alliance's rows; its slot gives you command points."
    if phase == "planning":
        plan = view.get("plan")
        if plan and me is not None:
            army = view["players"][view.get("actor", view["to_act"])]["army"]
            order = order_entry(army, plan["order"])
            if army != me["army"]:  # the partner's choice, seen from its side of the board (TC40)
                return f"Choose the Region for {order['name']} ({order['text']}) on the map."
            return (
                f"Choose the Region for {order['name']} ({order['text']}) on the map, or another Order "
                "behind your screen instead."
            )
        return "Choose an Order behind your screen to place face down (then its Region on the map), or pass."
    if phase == "command":
        if "march" in composed:
            return "March: choose where to and who goes, or do not March."
        return "Execute one of your Orders on the map or an Event Card, or pass."
    if phase == "diplomacy":
        return {
            "bid": "Bid Gold in secret for the Diplomacy Card's rewards.",
            "reward": "Take a reward.",
            "move": "Move your diplomacy marker.",
        }.get((view.get("dip") or {}).get("stage"), "Diplomacy.")
    if phase == "upkeep":
        return "Upkeep: answer each step."
    return ""
