"""The Bot at Upkeep (p.22-23, UPKEEP: BOT ROLL) and the end of a solo game: the Advanced Order
it may gain by its column, and the Final Winner only between two people (p.19)."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from .cards import order_of
from .data import ALLIANCE_OF
from .solo import MARCH_STEPS, reaction_group, solo
from .solo_common import bot_words, column


def keeps(army: str, key: str, rule: str) -> bool:
    """Whether an Advanced Order drawn is kept under the column's rule (p.23)."""
    order = order_of(army, key)
    if rule == "all":
        return True
    if rule == "not_reaction":
        return not order.reaction
    if rule == "march":
        return any(step.do in MARCH_STEPS for step in order.effects)
    return order.reaction


def advanced(s: State, army: str, log: list[Event]) -> None:
    """UPKEEP: move Advanced Orders drawn at random from the Advanced group to the Bot's groups,
    as many and as kept as the column says (p.23); one not kept goes back into the
    group. It joins Reaction or Prepared by its kind (ruling TC88)."""
    rule = column(s, army).upkeep
    s["box"][army].extend(s["bot"][army]["aside"])  # the Reaction Orders set aside come back (p.21)
    s["bot"][army]["aside"] = []
    group = s["bot"][army]["advanced"]
    gained: list[str] = []
    back: list[str] = []
    for _ in range(min(rule["select"], len(group))):
        key = group.pop(rng.randbelow(s, len(group)))  # "randomly selected" (p.23)
        (gained if keeps(army, key, rule["keep"]) else back).append(key)
    group.extend(back)
    s["box"][army].extend(gained)
    cell = f"UPKEEP: select {rule['select']}"
    if not rule["select"]:
        text = "gains no Advanced Order"
    else:
        names = [order_of(army, k).name for k in gained + back]
        text = (
            f"draws {', '.join(names) or 'nothing'} from its Advanced group; keeps "
            f"{', '.join(order_of(army, k).name for k in gained) or 'none'}"
        )
        if gained:
            text += (
                " ("
                + ", ".join("Reaction" if reaction_group(order_of(army, k)) else "Prepared" for k in gained)
                + " group)"
            )
    log.append(Event(f"{bot_words(s, army, cell)}: {text} (p.23).", "p.23"))


def final_winner_due(s: State, alliance: str) -> bool:
    """A Final Winner only in an Alliance of two different people (p.19, General changes)."""
    if not solo(s):
        return True
    seats = [s["seat_of"][i] for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == alliance]
    return len(seats) == 2 and None not in seats and seats[0] != seats[1]
