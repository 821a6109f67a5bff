"""One door for the flow: the Bot's answer to whatever the game asks it now, by the Solo rules'
priorities, or None where the question is the flow's own (the bid, a March's composition, a
Reaction, which needs the Order the flow drew and placed, the Tithe and the supply of a Bot,
which keeps no command points nor supply, p.19; ruling TC90 for what is left to the die).

``answer(s, army, legal, rand, log, jerusalem_max=None, free_crowns=False) -> Action | None``.
"""

from __future__ import annotations

from ....core.actions import Action
from ....core.game import State
from . import battle, diplomacy, steps, upkeep
from .common import Rand


def answer(s: State, army: str, legal: list[Action], rand: Rand, log: list,
           jerusalem_max: int | None = None, free_crowns: bool = False) -> Action | None:
    if not legal:
        return None
    b = s.get("battle")
    if b:
        if b["stage"] == "losses":
            return battle.choose_loss(s, army, legal, rand, log)
        if b["stage"] == "retreat":
            return battle.choose_retreat(s, army, legal, rand, log)
        return None
    pending = s.get("pending")
    if pending and pending.get("kind") == "event":
        return steps.choose_step(s, army, legal, rand, log, jerusalem_max, free_crowns)
    if pending:
        return None
    if s.get("phase") == "diplomacy" and s.get("dip"):
        d = s["dip"]
        if d["stage"] == "bid":
            return None
        if d["place"]:
            return diplomacy.choose_gain(s, army, legal, d["place"][0], rand, log, jerusalem_max)
        if d["stage"] == "reward":
            return diplomacy.choose_reward(s, army, legal, rand, log)
        return diplomacy.choose_move(s, army, legal, rand, log)
    u = s.get("upkeep")
    if s.get("phase") in ("upkeep", "scoring") and u and u.get("queue"):
        ask = u["queue"][0]["ask"]
        if ask == "land":
            return upkeep.choose_landing(s, army, legal, rand, log)
        if ask == "objective":
            return upkeep.choose_objective(s, army, legal, rand, log)
    return None
