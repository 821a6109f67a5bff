"""What a seat of Third Crusade sees (``ThirdCrusade.view``): every Army's tracks, Gold, reserve
and hand, its Objectives and Orders behind the screen only to itself and its partner, the map,
the Strategy and Diplomacy under way, the Battle's Strength, and in a solo game which Armies are
the Bot's.

The view is a table of entries, each worked out by a function of (game, state, seat, Army index):
the whole view (:func:`view`) builds them all, the one a computer player reads inside a search
(:func:`agent_view`) each when first read (``core.view.LazyView``), a player's entries too."""

from __future__ import annotations

from ...core.game import State, clone
from ...core.secret import sealed_view
from ...core.view import LazyView
from . import command, planning, plutorial, setup_phase, solo
from .data import ALLIANCE_OF, ARMY_NAMES
from .events import PERIODS
from .execution import owned_by_army
from .state import need
from .upkeep import shortfall


def view(game, s: State, seat: int | None) -> dict:
    """Everything ``seat`` may see (None: a spectator)."""
    index = army_index(game, s, seat)
    fields = SOLO_VIEW if solo.solo(s) else VIEW
    owned = owned_by_army(s)
    out = {}
    for key, make in fields.items():
        if key == "players":
            out[key] = [
                {k: f(game, s, p, seat, index, owned) for k, f in _player_fields(s).items()}
                for p in range(len(s["armies"]))
            ]
        else:
            out[key] = make(game, s, seat, index)
    return out


def agent_view(game, s: State, seat: int) -> LazyView:
    """The same view, its entries (a player's too) worked out when first read."""
    return LazyView(SOLO_VIEW if solo.solo(s) else VIEW, game, s, seat, army_index(game, s, seat))


def army_index(game, s: State, seat: int | None) -> int | None:
    """The Army index a seat's view is taken from: the Army it moves now, else its first."""
    if seat is None or not solo.solo(s):
        return seat
    actor = game.actor(s)
    if actor is not None and s["seat_of"][actor] == seat:
        return actor
    return solo.seat_armies(s, seat)[0]


# -- a player's entries: functions of (game, state, player, viewing seat, Army index, owned) --
def _partner(s: State, p: int, index: int | None) -> bool:
    return index is not None and ALLIANCE_OF[s["armies"][p]] == ALLIANCE_OF[s["armies"][index]]


def _objectives(game, s: State, p: int, seat, index, owned) -> list | None:
    army = s["armies"][p]
    if p == index or (solo.solo(s) and seat is not None and p in solo.seat_armies(s, seat)):
        return list(s["objectives"][army])
    return None


def _owned(game, s: State, p: int, seat, index, owned) -> list:
    army = s["armies"][p]
    return sorted((owned if owned is not None else owned_by_army(s))[army])


PLAYER = {
    "seat": lambda game, s, p, seat, index, owned: p,
    "army": lambda game, s, p, seat, index, owned: s["armies"][p],
    "name": lambda game, s, p, seat, index, owned: ARMY_NAMES[s["armies"][p]],
    "alliance": lambda game, s, p, seat, index, owned: ALLIANCE_OF[s["armies"][p]],
    "tracks": lambda game, s, p, seat, index, owned: list(s["tracks"][s["armies"][p]]),
    "cp": lambda game, s, p, seat, index, owned: s["cp"][p],
    "gold": lambda game, s, p, seat, index, owned: s["gold"][p],
    "reserve": lambda game, s, p, seat, index, owned: dict(s["reserve"][s["armies"][p]]),
    "need": lambda game, s, p, seat, index, owned: need(game.content, s, s["armies"][p]),
    "short": lambda game, s, p, seat, index, owned: shortfall(game.content, s, p),
    "hand": lambda game, s, p, seat, index, owned: list(s["hand"][s["armies"][p]]),
    "box": lambda game, s, p, seat, index, owned: sorted(s["box"][s["armies"][p]]) if _partner(s, p, index) else None,
    "box_count": lambda game, s, p, seat, index, owned: len(s["box"][s["armies"][p]]),
    "owned": _owned,
    "executed": lambda game, s, p, seat, index, owned: list(s["executed"].get(s["armies"][p], [])),
    "objectives": _objectives,
    "revealed_objective": lambda game, s, p, seat, index, owned: s["revealed_objective"].get(s["armies"][p]),
    "markers": lambda game, s, p, seat, index, owned: list(s["markers"][s["armies"][p]]),
    "pile": lambda game, s, p, seat, index, owned: len(s["events"][s["armies"][p]][PERIODS[min(s["round"], 3)]]),
}
"""A player's entries in the view, in its order."""

SOLO_PLAYER = {
    **PLAYER,
    "bot": lambda game, s, p, seat, index, owned: solo.is_bot(s, p),
    "person": lambda game, s, p, seat, index, owned: s["seat_of"][p],
}
"""In a solo game, also whether a Bot moves the Army and the person who plays it (p.19)."""


def _player_fields(s: State) -> dict:
    return SOLO_PLAYER if solo.solo(s) else PLAYER


# -- the view's entries: functions of (game, state, viewing seat, Army index) -----------------
def _strategy(game, s: State, seat, index) -> dict | None:
    st = s.get("strategy")
    if not st:
        return None
    return {
        "rows": None if st["rows"] is None else {a: list(r) for a, r in st["rows"].items()},
        "drawn": list(st["drawn"][s["armies"][index]]) if index is not None and st["rows"] is None else None,
        "picks": {k: [list(x) for x in v] for k, v in st["picks"].items()},
    }


def _dip(game, s: State, seat, index) -> dict | None:
    d = s.get("dip")
    if not d:
        return None
    return {
        "stage": d["stage"],
        "order": list(d["order"]),
        "rewards": dict(d["rewards"]),
        "moving": list(d["moving"]),
        "place": [dict(x) for x in d["place"]],
    }


def _battle_view(game, s: State, seat=None, index=None) -> dict | None:
    """The Battle under way, with both sides' Battle Strength as it stands and the defending
    pieces (p.14): all public."""
    if not s.get("battle"):
        return None
    attack, defence = command.strengths(game.content, s)
    return {**clone(s["battle"]), "attack": attack, "defence": defence, "defenders": command.defenders(s)}


def _players(game, s: State, seat, index) -> list:
    fields = _player_fields(s)
    return [LazyView(fields, game, s, p, seat, index, None) for p in range(len(s["armies"]))]


VIEW = {
    "game": lambda game, s, seat, index: game.id,
    "viewer": lambda game, s, seat, index: seat,
    "mode": lambda game, s, seat, index: s["mode"],
    "round": lambda game, s, seat, index: s["round"],
    "phase": lambda game, s, seat, index: s["phase"],
    "to_act": lambda game, s, seat, index: game.to_act(s),
    "players": _players,
    "initiative": lambda game, s, seat, index: list(s["initiative"]),
    "map": lambda game, s, seat, index: {k: list(v) for k, v in s["map"].items()},
    "tokens": lambda game, s, seat, index: {k: list(v) for k, v in s["tokens"].items()},
    "sections": lambda game, s, seat, index: planning.sections_view(s, index),
    "plan": lambda game, s, seat, index: planning.plan_view(game.content, s, index),
    "glory": lambda game, s, seat, index: s["glory"],
    "faith": lambda game, s, seat, index: None if plutorial.on(s) else dict(s["faith"]),
    "ships": lambda game, s, seat, index: {k: {a: list(p) for a, p in v.items()} for k, v in s["ships"].items()},
    "mission": lambda game, s, seat, index: s["missions"][0] if s["missions"] else None,
    "next_mission": lambda game, s, seat, index: s["missions"][1] if len(s["missions"]) > 1 else None,
    "diplomacy_card": lambda game, s, seat, index: s["diplomacy_cards"][0] if s["diplomacy_cards"] else None,
    "destroyed": lambda game, s, seat, index: list(s.get("destroyed", [])),
    "bandits": lambda game, s, seat, index: [list(b) for b in s.get("bandits", [])],
    "strategy": _strategy,
    "sealed": lambda game, s, seat, index: sealed_view(s, index),
    "dip": _dip,
    "variable": lambda game, s, seat, index: setup_phase.view(s, index),
    "pending": lambda game, s, seat, index: clone(s["pending"]) if s.get("pending") else None,
    "battle": _battle_view,
    "upkeep": lambda game, s, seat, index: (
        None if not s.get("upkeep") else {"queue": [dict(q) for q in s["upkeep"]["queue"]]}
    ),
    "result": lambda game, s, seat, index: s["result"],
    "actor": lambda game, s, seat, index: game.actor(s),
}
"""The view's entries, in its order."""

SOLO_VIEW = {**VIEW, "seat_of": lambda game, s, seat, index: list(s["seat_of"])}
"""In a solo game, also which person plays each Army (p.19)."""
