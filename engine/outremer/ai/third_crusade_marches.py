"""How Third Crusade's quick player rates a March (``ThirdCrusadeHeuristic``): the one it takes,
and the few its search weighs (``shortlist``)."""

from __future__ import annotations

from ..core.actions import Action
from ..games.third_crusade.moves import group_of, movable


def march_scores(player, legal: list[Action], frm: str, coordinated: bool) -> list[tuple[Action, float]]:
    """Each March of ``legal`` from ``frm`` and its rating, as ``player`` (the quick player, set up
    on its view) sees the map: into the other Alliance, 1 and the group's lead in Strength over
    the defence (-1 without one); into a Region of no one's, its icons and City (less 1 if the
    group would leave ``frm`` bare); a little more for a bigger group."""
    state = {"armies": [pl["army"] for pl in player.v["players"]], "map": player.v["map"]}
    kinds = sorted(set(movable(player.c, state, frm, player.army, coordinated)))
    here = len(player._mine(frm))
    targets: dict[str, tuple] = {}  # each destination: (the enemy's there, what it is worth empty)
    groups: dict[str, list] = {}  # each group word: its pieces
    powers: dict[tuple, int] = {}  # (a Region type, a group word): the group's Strength there
    out = []
    for a in legal:
        if a.verb != "march":
            continue
        to, code = a.args
        group = groups.get(code)
        if group is None:
            group = groups[code] = group_of(kinds, code)
        target = targets.get(to)
        if target is None:
            region = player.board.region(to)
            enemy = bool(player._enemy(to))
            worth = 0.0 if enemy else 0.3 * sum(1 for i in region.icons if i) + (0.5 if region.city else 0)
            target = targets[to] = (enemy, worth, region.kind)
        enemy, worth, kind = target
        if enemy:
            power = powers.get((kind, code))
            if power is None:
                power = powers[kind, code] = player._power(to, group)
            edge = power - player._defence(to)
            s = 1.0 + edge if edge > 0 else -1.0
        else:
            s = worth - (0 if here > len(group) else 1)
        out.append((a, s + 0.05 * len(group)))
    return out
