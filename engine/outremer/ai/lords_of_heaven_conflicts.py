"""The Lords of Heaven heuristic's decisions inside a conflict (p.10-11): bringing Support, asking
an Ally and answering one, the commitment, a second card, rerolls, a Siege won taken or
ransacked, Wounds and the Units brought home. Each takes the player (``LordsOfHeavenHeuristic``,
``ai/lords_of_heaven.py``, which reads its seat's view) and the legal actions."""

from __future__ import annotations

from ..core.actions import Action
from ..games.lords_of_heaven.data import FAITH_OF


def bring(ai, legal: list[Action]) -> Action:
    if ai._gold() >= 2:
        brings = [a for a in legal if a.verb == "bring"]
        if brings:
            return brings[0]
    return next(a for a in legal if a.verb == "done")


def ask(ai, legal: list[Action]) -> Action:
    """The player furthest behind on the VP track, as an Ally scores a VP for taking part and
    another if the side wins; between equals, one of its own faith, then one who does not
    share the enemy's, then anyone."""
    c = ai.v["conflict"]
    enemy = c["defender"] if ai.me == c["attacker"] else c["attacker"]
    asks = [a for a in legal if a.verb == "ask"]
    if not asks:
        return next(a for a in legal if a.verb == "alone")

    def rank(a: Action) -> int:
        faith = _faith(ai, a.args[0])
        return 0 if faith == _faith(ai, ai.me) else 1 if faith != _faith(ai, enemy) else 2

    return min(asks, key=lambda a: (ai.v["players"][a.args[0]]["vp"], rank(a)))


def _faith(ai, seat: int) -> str:
    return FAITH_OF[ai.v["players"][seat]["faction"]]


def answer(ai, legal: list[Action]) -> Action:
    """Yes, whatever the faiths (Damascus marched with Jerusalem against Zengi in 1140), unless
    the asker leads the VP track and this seat is behind it: the leader would score the
    winner's 2 VP and pull further ahead, so a player behind never helps it."""
    asker = ai.v["conflict"]["asker"]
    leader_vp = max(p["vp"] for p in ai.v["players"])
    if ai.v["players"][asker]["vp"] == leader_vp and ai.p["vp"] < leader_vp:
        return next(a for a in legal if a.verb == "decline")
    return next(a for a in legal if a.verb == "accept")


def commit(ai, legal: list[Action]) -> Action:
    c = ai.v["conflict"]
    leading = ai.me in (c["attacker"], c["defender"])

    def score(a: Action) -> float:
        card, f, b, x = a.args
        big = 3 if c["kind"] == "battle" else 2
        strength = f + big * b + x
        s = strength * 1.0 - 0.35 * f - 0.5 * b * big - 0.6 * x
        if card > 0:
            cc = ai.cards[card]
            s += cc.strength * 1.0 + 0.6 * len(cc.conflict) - 0.25 * ai.card_value(card)
        if not leading:
            s -= 0.2 * strength
        return s

    return max(legal, key=score)


def second(ai, legal: list[Action]) -> Action:
    seconds = [a for a in legal if a.verb == "second"]
    return max(seconds, key=lambda a: ai.cards[a.args[0]].strength)


def reroll(ai, legal: list[Action]) -> Action:
    c = ai.v["conflict"]
    dice = c["dice"][str(ai.me)]
    for a in legal:
        if a.verb == "reroll" and ai.content.dice[dice[a.args[0]]] == (0, 0):
            return a
    return next(a for a in legal if a.verb == "keep")


def outcome(ai, legal: list[Action]) -> Action:
    loc = ai.v["conflict"]["loc"]
    if ai.p["presence"] > 0 or ai.me in ai.v["cities"][loc]:
        return next(a for a in legal if a.verb == "take")
    return next(a for a in legal if a.verb == "ransack")


def wound(ai, legal: list[Action]) -> Action:
    # the leader spares its own pieces where it can, then loses the cheapest
    return min(legal, key=lambda a: (a.args[0] == ai.me, {0: 1, 1: 2, 2: 3, 3: 4}[a.args[1]]))


def home(ai, legal: list[Action]) -> Action:
    homes = [a for a in legal if a.verb == "home"]
    if homes and ai._gold() >= 2:
        return max(homes, key=lambda a: a.args[0])
    return next(a for a in legal if a.verb == "release")
