"""What a seat of Third Crusade sees (``ThirdCrusade.view``): every Army's tracks, Gold, reserve
and hand, its Objectives and Orders behind the screen only to itself and its partner, the map,
the Strategy and Diplomacy under way, the Battle's Strength, and in a solo game which Armies are
the Bot's."""

from __future__ import annotations

from ...core.game import State, clone
from ...core.secret import sealed_view
from . import command, planning, plutorial, setup_phase, solo
from .data import ALLIANCE_OF, ARMY_NAMES
from .events import PERIODS
from .execution import owned_by_army
from .state import need
from .upkeep import shortfall


def view(game, s: State, seat: int | None) -> dict:
    index = army_index(game, s, seat)
    view = _view(game, s, index)
    view["viewer"], view["to_act"], view["actor"] = seat, game.to_act(s), game.actor(s)
    if solo.solo(s):
        view["seat_of"] = list(s["seat_of"])
        mine = set(solo.seat_armies(s, seat)) if seat is not None else set()
        for p in view["players"]:
            p["bot"] = solo.is_bot(s, p["seat"])
            if p["seat"] in mine:
                p["objectives"] = list(s["objectives"][p["army"]])
            p["person"] = s["seat_of"][p["seat"]]
    return view

def army_index(game, s: State, seat: int | None) -> int | None:
    """The Army index a seat's view is taken from: the Army it moves now, else its first."""
    if seat is None or not solo.solo(s):
        return seat
    actor = game.actor(s)
    if actor is not None and s["seat_of"][actor] == seat:
        return actor
    return solo.seat_armies(s, seat)[0]

def _view(game, s: State, seat: int | None) -> dict:
    mine = ALLIANCE_OF[s["armies"][seat]] if seat is not None else None
    owned = owned_by_army(s)
    players = []
    for p, army in enumerate(s["armies"]):
        own = p == seat
        partner = seat is not None and ALLIANCE_OF[army] == mine
        players.append({
            "seat": p, "army": army, "name": ARMY_NAMES[army], "alliance": ALLIANCE_OF[army],
            "tracks": list(s["tracks"][army]), "cp": s["cp"][p], "gold": s["gold"][p],
            "reserve": dict(s["reserve"][army]), "need": need(game.content, s, army),
            "short": shortfall(game.content, s, p),
            "hand": list(s["hand"][army]),
            "box": sorted(s["box"][army]) if partner else None, "box_count": len(s["box"][army]),
            "owned": sorted(owned[army]),
            "executed": list(s["executed"].get(army, [])),
            "objectives": list(s["objectives"][army]) if own else None,
            "revealed_objective": s["revealed_objective"].get(army),
            "markers": list(s["markers"][army]),
            "pile": len(s["events"][army][PERIODS[min(s["round"], 3)]]),
        })
    st = s.get("strategy")
    strat = None
    if st:
        strat = {"rows": None if st["rows"] is None else {a: list(r) for a, r in st["rows"].items()},
                 "drawn": list(st["drawn"][s["armies"][seat]]) if seat is not None and st["rows"] is None else None,
                 "picks": {k: [list(x) for x in v] for k, v in st["picks"].items()}}
    d = s.get("dip")
    dip = None
    if d:
        dip = {"stage": d["stage"], "order": list(d["order"]), "rewards": dict(d["rewards"]),
               "moving": list(d["moving"]), "place": [dict(x) for x in d["place"]]}
    return {
        "game": game.id, "viewer": seat, "mode": s["mode"], "round": s["round"], "phase": s["phase"],
        "to_act": game.to_act(s), "players": players, "initiative": list(s["initiative"]),
        "map": {k: list(v) for k, v in s["map"].items()}, "tokens": {k: list(v) for k, v in s["tokens"].items()},
        "sections": planning.sections_view(s, seat), "plan": planning.plan_view(game.content, s, seat),
        "glory": s["glory"], "faith": None if plutorial.on(s) else dict(s["faith"]),
        "ships": {k: {a: list(p) for a, p in v.items()} for k, v in s["ships"].items()},
        "mission": s["missions"][0] if s["missions"] else None,
        "next_mission": s["missions"][1] if len(s["missions"]) > 1 else None,
        "diplomacy_card": s["diplomacy_cards"][0] if s["diplomacy_cards"] else None,
        "destroyed": list(s.get("destroyed", [])), "bandits": [list(b) for b in s.get("bandits", [])],
        "strategy": strat, "sealed": sealed_view(s, seat), "dip": dip, "variable": setup_phase.view(s, seat),
        "pending": clone(s["pending"]) if s.get("pending") else None,
        "battle": _battle_view(game, s),
        "upkeep": None if not s.get("upkeep") else {"queue": [dict(q) for q in s["upkeep"]["queue"]]},
        "result": s["result"],
    }

def _battle_view(game, s: State) -> dict | None:
    """The Battle under way, with both sides' Battle Strength as it stands and the defending
    pieces (p.14): all public."""
    if not s.get("battle"):
        return None
    attack, defence = command.strengths(game.content, s)
    return {**clone(s["battle"]), "attack": attack, "defence": defence, "defenders": command.defenders(s)}
