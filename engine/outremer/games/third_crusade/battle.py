"""The Battle's arithmetic (p.14-15): Battle Strength, the Faith bonus, who wins, how many
pieces each side loses, whether an assignment of losses keeps the partner and Neutral limits,
and the Glory the winner gains. The Battle's sequence (Reaction Orders, losses chosen by the
player in charge, retreats) uses these.
"""

from __future__ import annotations

from collections.abc import Iterable

from .data import NEUTRAL, UNITS, Content, owner, what

STRENGTH = {
    ("infantry", "city"): 1,
    ("infantry", "desert"): 1,
    ("cavalry", "city"): 1,
    ("cavalry", "desert"): 2,
    ("siege", "city"): 3,
    ("siege", "desert"): 0,
}
"""Battle Strength per Unit by Region type (p.14: Infantry 1 and 1, Cavalry 1 and 2, Siege
Engine 3 and 0)."""

GLORY_CAP = 4


def piece_strength(content: Content, piece: str, kind: str) -> int:
    """A piece's Battle Strength in a Region of ``kind`` ("city" or "desert"): a Unit by the
    table, a Leader by the Unit icons it carries, none without (p.14). Worked out once per piece
    and type (``Content.memo``)."""
    found = content.memo.get((piece, kind))
    if found is not None:
        return found
    found = content.memo[piece, kind] = _piece_strength(content, piece, kind)
    return found


def _piece_strength(content: Content, piece: str, kind: str) -> int:
    w = what(piece)
    if w in UNITS:
        return STRENGTH[(w, kind)]
    leader = content.leaders[w]
    return STRENGTH[(leader.unit, kind)] * leader.units if leader.unit else 0


def strength(content: Content, group: Iterable[str], kind: str, bonus: int = 0) -> int:
    """A side's Battle Strength: its pieces by the table, plus ``bonus`` (Faith, Reactions)."""
    return sum(piece_strength(content, p, kind) for p in group) + bonus


def faith_bonus(lone: bool, my_faith: int, their_faith: int) -> int:
    """+1 for a lone player whose Faith is higher than the opponent's (p.14; 2 and 3 players),
    each Army's Faith as ``state.faith_of`` reads it (ruling TC53)."""
    return 1 if lone and my_faith > their_faith else 0


def only_bare_leaders(content: Content, group: Iterable[str]) -> bool:
    """A side of Leaders without Unit icons only: they are lost, and the other side wins with no
    losses (p.14)."""
    group = list(group)
    return bool(group) and all(what(p) not in UNITS and not content.leaders[what(p)].unit for p in group)


def outcome(attack: int, defence: int) -> tuple[str, int, int]:
    """(winner, the attacker's losses, the defender's losses): the higher Strength wins, a tie
    goes to the defender; the winner loses exactly 1, the loser 1 for each point of difference
    and at least 1 (p.15)."""
    if attack > defence:
        return "attacker", 1, max(1, attack - defence)
    return "defender", max(1, defence - attack), 1


def fair_losses(losses: list[str], own: str) -> bool:
    """Whether losses assigned in this order by the Army ``own`` (in charge of its side) keep
    the limits (p.15): the first casualty may always be a Neutral piece; after that, never more
    losses to the partner's or Neutral pieces than to its own, at every step."""
    mine = others = 0
    for i, piece in enumerate(losses):
        who = owner(piece)
        if who == own:
            mine += 1
        elif i == 0 and who == NEUTRAL:
            continue
        else:
            others += 1
        if others > mine:
            return False
    return True


def glory(
    city: bool, attacker_won: bool, leader_attacking: bool, leader_defending: bool, loser_leader_killed: bool
) -> int:
    """Glory to the winning Alliance, at most 4 (p.15): the attacker winning in a City; a
    Leader (any colour) in the attacking force; one in the defending force; a Leader of the
    losing side killed."""
    total = (attacker_won and city) + leader_attacking + leader_defending + loser_leader_killed
    return min(GLORY_CAP, int(total))


def leaders_in(content: Content, group: Iterable[str]) -> int:
    return sum(1 for p in group if what(p) in content.leaders)
