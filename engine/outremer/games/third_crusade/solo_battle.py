"""The Bot in a Battle (p.21): whenever its side is the lower, a random Order drawn from its
Reaction group (a Blank: no Reaction) placed where the rules say and executed; its losses and
retreats by the Solo rules' orders (``bot/battle.py``)."""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action
from ...core.game import Event, State
from . import battle_phase, solo_command
from .bot import battle as bot_battle
from .cards import order_of
from .data import ALLIANCE_OF, ARMY_NAMES, Content
from .solo import reactions


def _rand(s: State):
    return lambda n: rng.randbelow(s, n)


def group(s: State, army: str) -> list[str]:
    return reactions(s, army)


def decide(content: Content, s: State, p: int, legal: list[Action], log: list[Event]) -> Action:
    army = s["armies"][p]
    b = s["battle"]
    rand = _rand(s)
    if b["stage"] == "react":
        placed = None
        if bot_battle.bot_is_lowest(s, army):
            pile = group(s, army)
            before = list(pile)
            key = bot_battle.draw_reaction(s, army, pile, rand, log)
            drawn = next((k for k in before if before.count(k) > pile.count(k)), None)  # None: the group is empty
            if drawn is not None:
                s["box"][army].remove(drawn)
            where = bot_battle.reaction_region(s, army, key, log) if key else None
            if where is None:
                if drawn is not None:
                    s["bot"][army]["aside"].append(drawn)  # back at Upkeep (p.21)
            else:
                side = ALLIANCE_OF[army]
                old = s["sections"][where][side]
                if old is not None:  # replacing a non-executed Order there (p.21)
                    s["box"][old[0]].append(old[1])
                s["sections"][where][side] = [army, key]
                placed = where
            legal = battle_phase.legal(content, s, p)
        chosen = bot_battle.choose_reaction(s, army, legal, rand, log, placed=placed)
        if chosen.verb == "react":
            order = order_of(army, s["sections"][chosen.args[0]][ALLIANCE_OF[army]][1])
            if solo_command.triggers(content, s, army, order, chosen.args[0]):
                s["bot"][army]["trigger"] = True  # e.g. column 6: executing a Reaction Order (p.23)
                log.append(
                    Event(
                        f"Bot {ARMY_NAMES[army]}: its {order.name} meets its column's CARD TRIGGER: 1 Event Card at random on its "
                        "next turn (p.23).",
                        "p.23",
                    )
                )
        return chosen
    if b["stage"] == "losses":
        return bot_battle.choose_loss(s, army, legal, rand, log)
    return bot_battle.choose_retreat(s, army, legal, rand, log)
