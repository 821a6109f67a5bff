"""The searching player's hints for Third Crusade (``outremer.ai.search``): how far a rollout
plays before it estimates, the mode a decision is in, and the estimate of each seat's payoff from
a position, fitted on 2-player games between quick players (``bench/estimate_fit.py``), its
weights the data file ``weights/third_crusade.json`` (``outremer.ai.trained``). Against the Bot it
is the same estimate: one fitted on the quick player's solo games was tried and played worse
(docs/balance.md)."""

from __future__ import annotations

import math

from ..games.third_crusade.data import (
    ALLIANCE_OF,
    TRACKS,
    board_for,
    content,
    controller,
    owner,
    remembered_with,
    supply_need,
    uncovered,
)
from ..games.third_crusade.game import ThirdCrusade
from ..games.third_crusade.state import alone
from .estimate import Logit
from .trained import load

ROLLOUT_DEPTH = 24
"""Actions a search plays out before it estimates (a game runs to 200-500 actions); against the
Bot the levels set their own (``GAME_LEVELS``, the mode ``search_mode`` names)."""


def search_mode(view: dict) -> str | None:
    """The mode of the game a decision is seen in, as the searching levels' settings name it
    (``GAME_LEVELS``): "bot" against the Bot (p.19-23), else None."""
    return "bot" if view.get("seat_of") is not None else None


def alliance_features(s: dict) -> dict[str, tuple[float, ...]]:
    """What a position says of each Alliance's chances, in one pass over the map: Glory towards
    it, the Glory icons showing in the Regions it Controls (Upkeep moves the marker by them,
    p.17), the supply its Armies lack (each missing point costs a Glory at Upkeep; a Bot Army
    lacks none, p.19), its Units and
    Leaders on the map (in fives), Jerusalem Controlled (2 Glory a year to the Crusaders, p.17)
    and the Regions it Controls."""
    c = content()
    board = board_for(c, s["armies"])
    count = {side: [0, 0, 0, 0] for side in ("crusader", "muslim")}  # Glory icons, Regions, Jerusalem, pieces
    tokens = s["tokens"]
    for region in board.regions:
        held, ruler, glory_here = _region_features(region, s["map"][region.key], tokens.get(region.key))
        for side, n in held:
            count[side][3] += n
        if ruler is not None:
            mine = count[ruler]
            mine[0] += glory_here
            mine[1] += 1
            mine[2] += region.jerusalem
    supply = TRACKS.index("supply")
    lack = {side: 0 for side in count}
    seat_of = s.get("seat_of")
    for i, a in enumerate(s["armies"]):
        if seat_of is not None and seat_of[i] is None:
            continue  # a Bot Army keeps no supply and never pays for any lacking (p.19, p.23)
        lack[ALLIANCE_OF[a]] += min(0, s["tracks"][a][supply] - supply_need(c, s["reserve"][a], a))
    out: dict[str, tuple[float, ...]] = {}
    for side, (glory_icons, regions, jerusalem, pieces) in count.items():
        glory = s["glory"] if side == "crusader" else -s["glory"]
        out[side] = (glory, glory_icons, lack[side], pieces / 5, jerusalem, regions)
    return out


_REGION_FEATURES: dict = {}
"""(id of the Region, its Slots, its tokens) -> ((the Region,), :func:`_region_features`): a search
estimates many positions that differ in a few Regions."""


def _region_features(region, slots, tokens) -> tuple[tuple[tuple[str, int], ...], str | None, int]:
    """What one Region gives :func:`alliance_features`: each Alliance's pieces there (as pairs),
    the Alliance of the Army Controlling it (None if none) and the Glory icons showing there."""
    slots = tuple(slots)
    key = (id(region), slots, None if tokens is None else tuple(tokens))
    return remembered_with(_REGION_FEATURES, key, (region,), _worked_out, region, slots, tokens)


def _worked_out(region, slots: tuple, tokens) -> tuple[tuple[tuple[str, int], ...], str | None, int]:
    pieces: dict[str, int] = {}
    for piece in slots:
        who = owner(piece)
        if who is not None and who != "neutral":
            side = ALLIANCE_OF[who]
            pieces[side] = pieces.get(side, 0) + 1
    army = controller(slots)
    ruler = None if army is None else ALLIANCE_OF[army]
    glory_icons = 0 if army is None else uncovered(region, slots, tokens).count("glory")
    return (tuple(pieces.items()), ruler, glory_icons)


FEATURES = ("glory", "glory_icons", "supply_lacking", "pieces_in_fives", "jerusalem", "regions")
"""The names of ``alliance_features``' numbers, in order (the weights files name them)."""
STAGES = 4
"""The years: 1190, 1191 Spring, 1191 Autumn, 1192 (``stage``)."""
FIT = "python bench/estimate_fit.py --game third-crusade"


def features(s: dict, seat: int) -> tuple[float, ...]:
    """The features of ``seat``'s Alliance (``alliance_features``): in 2 players, where the
    estimate is fitted, each seat is its Alliance."""
    return alliance_features(s)[ALLIANCE_OF[s["armies"][seat]]]


def stage(s: dict) -> int:
    """The year: 1190, 1191 Spring, 1191 Autumn, 1192."""
    return min(3, s["round"])


LOGIT = Logit(
    features,
    stage,
    load("third-crusade", ThirdCrusade.rules_revision, FEATURES, STAGES, retrain=f"{FIT} --players 2"),
)


def estimate(game, s, logit: Logit | None = None) -> list[float]:
    """Each seat's expected payoff (see ``Game.payoff``): its Alliance's chance of winning from the
    fitted ``LOGIT`` (or ``logit``: weights in training, bench/train.py) over the two Alliances'
    features; a seat of a pair expects the share of a side's win half-way between Final Winner (1)
    and partner (1/2)."""
    weights = (logit or LOGIT).weights[stage(s)]
    feats = alliance_features(s)
    crusader = sum(w * f for w, f in zip(weights, feats["crusader"], strict=False))
    muslim = sum(w * f for w, f in zip(weights, feats["muslim"], strict=False))
    p = 1 / (1 + math.exp(max(-60.0, min(60.0, muslim - crusader))))
    if s.get("seat_of") is not None:  # the solo game (p.19): by seat, a win of its Alliance is its win
        seats = game.seats_in(s)
        sides = [ALLIANCE_OF[s["armies"][s["seat_of"].index(seat)]] for seat in range(seats)]
        share = 1.0 if seats == 1 else 0.75  # two people together: a side's win, Final Winner or not
        return [(p if side == "crusader" else 1 - p) * share for side in sides]
    out = []
    for army in s["armies"]:
        side = ALLIANCE_OF[army]
        chance = p if side == "crusader" else 1 - p
        out.append(chance * (1.0 if alone(s, side) else 0.75))
    return out
