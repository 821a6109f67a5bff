"""The Bot at Upkeep (Solo rules, Upkeep, p.23, and the Bot Table's UPKEEP row): where its Genoa
ships land, and which Advanced Orders move from its Advanced group to Prepared.

- ``choose_landing(s, army, legal, rand, log) -> Action``: among ``land <port>``, the weakest
  Region (ties by Proximity); the engine then keeps the ship on that Port until it is full, and
  the next piece goes to the Port now weakest.
- ``select_advanced(s, army, group, column, rand, log) -> list``: the Advanced Order keys moved to
  Prepared by the column's rule, taken out of ``group`` (the face-down Advanced group); a drawn
  Order the column does not keep stays in the group (ruling TC110).
- ``is_march(army, key)`` and ``is_reaction(army, key)``: what the column asks of an Order.
"""

from __future__ import annotations

from ....core.actions import Action
from ....core.game import State
from ..cards import cards, order_of
from ..data import controller
from ..events import MARCHES
from . import geometry as geo
from .common import Rand, need, note, of_verb

UPKEEP = {
    1: "select 2 and keep them",
    2: "select 1 and keep it",
    3: "select 1, keep it if not a Reaction Order",
    4: "select 1, only keep it if it is a March",
    5: "select 1, only keep it if it is a Reaction Order",
    6: "gain no Advanced Order",
}
"""The Bot Table's UPKEEP row by column (p.23)."""


def choose_landing(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    """p.23: "the Bot will prioritize placing Units/Leaders in their weakest Region, with ties
    broken by Proximity. If a Region is full, they will place the remaining Units/Leaders in the
    Region that now has the lowest Battle Strength"."""
    need(legal, "a Genoa ship's landing")
    ports = [a.args[0] for a in of_verb(legal, "land")]
    if not ports:
        return legal[0]
    where = geo.weakest(s, army, ports)
    assert where is not None  # ports is not empty
    note(
        log,
        army,
        f"lands from the Genoa ship in {geo.board(s).region(where).name}, its weakest Port (Proximity on a tie, p.23)",
        "p.23",
    )
    return next(a for a in legal if a.verb == "land" and a.args[0] == where)


def is_reaction(army: str, key: str) -> bool:
    return order_of(army, key).reaction


def is_march(army: str, key: str) -> bool:
    """An Order with a March of any kind: March, Forced March, Coordinated March, Disperse, Sea Move
    (the CARD TRIGGER's "any March (also Sea Move and Disperse)", p.23; ruling TC110)."""
    return any(step.do in MARCHES for step in order_of(army, key).effects)


def select_advanced(s: State, army: str, group: list[str], column: int, rand: Rand, log: list) -> list[str]:
    """p.23, UPKEEP: "Move randomly selected from Advanced to Prepared" by the column: 1, select 2
    and keep them; 2, select 1 and keep it; 3, select 1, keep if not a Reaction Order; 4, select 1,
    only keep if it is a March; 5, select 1, only keep if it is a Reaction Order; 6, gain none."""
    if column not in UPKEEP:
        raise ValueError(f"the Bot Table has columns 1 to 6, not {column!r}")
    draws = {1: 2, 6: 0}.get(column, 1)
    kept: list[str] = []
    for _ in range(min(draws, len(group))):
        key = group[rand(len(group))]
        name = order_of(army, key).name
        keep = {3: not is_reaction(army, key), 4: is_march(army, key), 5: is_reaction(army, key)}.get(column, True)
        if keep:
            group.remove(key)
            kept.append(key)
            note(
                log,
                army,
                f"draws {name} from its Advanced Orders and keeps it (column {column}: {UPKEEP[column]}, p.23)",
                "p.23",
            )
        else:
            note(
                log,
                army,
                f"draws {name} from its Advanced Orders and puts it back (column {column}: {UPKEEP[column]}, p.23)",
                "p.23",
            )
    if column == 6:
        note(log, army, "gains no Advanced Order (column 6, p.23)", "p.23")
    return kept


def objective_glory(s: State, army: str, key: str) -> int:
    """The Glory an Objective Card would give ``army`` now: by how many of its Cities it Controls
    (p.18), as the Upkeep's reveal counts it."""
    objective = next(o for o in cards().objectives if o.key == key)
    held = sum(1 for city in objective.cities if controller(s["map"].get(city, ())) == army)
    return objective.glory[held - 1] if held else 0


def choose_objective(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    """p.19: "the Bot will receive Glory for the card with the highest score for a Region they
    Control": of its 3 Objective Cards, the one worth the most Glory now; a tie, the first dealt."""
    need(legal, "an Objective Card")
    options = of_verb(legal, "objective")
    if not options:
        return legal[0]
    choice = max(options, key=lambda a: objective_glory(s, army, a.args[0]))
    note(
        log,
        army,
        f"reveals the Objective {geo.board(s).region(choice.args[0]).name}, worth "
        f"{objective_glory(s, army, choice.args[0])} Glory, the highest of its cards (p.19)",
        "p.19",
    )
    return choice
