"""Third Crusade's hidden information dealt anew for a seat (``ThirdCrusade.redeal``, what a search
may imagine): the other players' Objectives, the other Alliance's Orders face down and behind its
screens, the Event piles, the Mission and Diplomacy Cards not yet turned up, a Bot's face-down
Advanced group, and the other seats' sealed choices."""

from __future__ import annotations

from ...core.game import State, clone
from ...core.secret import redeal_sealed
from . import planning, setup_phase, solo, strategy
from .data import ALLIANCE_OF
from .events import PERIODS
from .seat_view import army_index


def redeal(game, s: State, seat: int, rand) -> State:
    """What ``seat`` cannot see dealt anew: the other players' Objectives (from the unseen
    ones), the other Alliance's Orders face down and behind its screens (and the one chosen
    to place), the Event piles' order and the cards drawn but not yet revealed, the Mission
    and Diplomacy Cards not yet turned up, and the other seats' sealed choices."""
    own = {new_army for new_army in (s["armies"][i] for i in solo.seat_armies(s, seat))}
    index = army_index(game, s, seat)
    assert index is not None  # a seat given, an Army index back
    seat = index
    new = clone(s)
    mine = ALLIANCE_OF[new["armies"][seat]]
    others = [a for a in new["armies"] if a not in own]
    hidden = sorted(k for a in others for k in new["objectives"][a] if k != new["revealed_objective"].get(a))
    hidden += sorted(new["objective_deck"])
    hidden.sort()
    rand.shuffle(hidden)
    for a in others:
        keep = [k for k in new["objectives"][a] if k == new["revealed_objective"].get(a)]
        size = len(new["objectives"][a]) - len(keep)
        new["objectives"][a], hidden = sorted(keep + hidden[:size]), hidden[size:]
    new["objective_deck"] = hidden
    for army in new["armies"]:
        if ALLIANCE_OF[army] == mine:
            continue
        side = ALLIANCE_OF[army]
        # a Bot's Reaction group is known Order by Order (each drawn one named, ruling TC123):
        # only its Prepared Orders, behind its screen or face down on the map, are dealt anew
        kept = solo.known_orders(new, army)
        spots = sorted(
            key
            for key, sides in new["sections"].items()
            if sides[side] and sides[side][0] == army and sides[side][1] not in kept
        )
        pool = sorted([k for k in new["box"][army] if k not in kept] + [new["sections"][k][side][1] for k in spots])
        rand.shuffle(pool)
        for key in spots:
            new["sections"][key][side] = [army, pool.pop()]
        new["box"][army] = sorted(pool + [k for k in new["box"][army] if k in kept])
    planning.redeal_plan(new, seat, rand)
    st = new.get("strategy")
    for army in new["armies"]:
        for period, pile in new["events"][army].items():
            cards = sorted(pile)
            if st and st["rows"] is None and army != new["armies"][seat] and period == PERIODS[new["round"]]:
                cards = sorted(cards + st["drawn"][army])
            rand.shuffle(cards)
            if st and st["rows"] is None and army != new["armies"][seat] and period == PERIODS[new["round"]]:
                st["drawn"][army], cards = sorted(cards[: len(st["drawn"][army])]), cards[len(st["drawn"][army]) :]
            new["events"][army][period] = cards
    for key, visible in (("missions", 2), ("diplomacy_cards", 1)):
        rest = sorted(new[key][visible:])
        rand.shuffle(rest)
        new[key] = new[key][:visible] + rest
    for _army, bot in sorted(new.get("bot", {}).items()):  # a Bot's Advanced group, face down
        group = sorted(bot["advanced"])
        rand.shuffle(group)
        bot["advanced"] = group
    setup_phase.redeal(new, seat, rand)
    redeal_sealed(new, seat, rand, sealed_choices)
    return new


def sealed_choices(s: State, seat: int) -> list:
    if s["phase"] == "variable":
        return setup_phase.sealed_choices(s, seat)
    if s["phase"] == "strategy":
        drawn = s["strategy"]["drawn"][s["armies"][seat]]
        return [[drawn[i] for i in order] for order in strategy.ORDERS]
    return list(range(s["gold"][seat] + 1))
