"""The Bot's Event Cards (Solo rules, Event Cards, p.20-21, and the Bot Table's EVENT CARDS row):
which card it plays, whether it executes the crown event, where each step goes (by the placement
rules, ``placement.py``), and the column's perks.

- ``choose_card(s, army, legal, rand, log) -> Action``: ``event <key>`` at random among the
  cards it may play (ruling TC109).
- ``crown_useful(s, army) -> bool``: whether the crown event of the card being executed is "at
  least partly useful" (ruling TC109).
- ``choose_crown(s, army, legal, rand, log, free=False) -> Action``: ``crown <n>`` (buying the
  missing crowns with Gold, or free with the column 1 perk) when useful, else ``main``.
- ``choose_step(s, army, legal, rand, log, jerusalem_max=None) -> Action | None``: the answer to
  every other question of the card being executed (``s["pending"]``); None for a March, whose
  composition is the flow's (p.22).
- ``relaxed_regions(s, army, card_key, part, column) -> list``: the Regions meeting the banner,
  regardless of its Region type (column 2) or of its Presence (column 3), for the main event.
- ``perk_units(card_key, column) -> list``: the Units a column adds beside the card (columns 4-6).
"""

from __future__ import annotations

from dataclasses import replace

from ....core.actions import Action, act
from ....core.game import State
from .. import event_choices
from ..data import ALLIANCE_OF, ALLIANCES, NEUTRAL, content
from ..event_targets import meeting, muster_army
from ..events import MARCHES, Step, event
from . import geometry as geo
from . import placement
from .common import Rand, allies, need, note, of_verb, opponents

PERKS = {
    1: "crown effects are free",
    2: "main events regardless of Region",
    3: "main events regardless of Presence",
    4: "+1 Cavalry if the main event adds Units",
    5: "+1 Infantry if the main event includes a March",
    6: "+1 Infantry if the effect adds Units",
}
"""The Bot Table's EVENT CARDS row by column (p.23)."""


def theirs(s: State, army: str, whose: str) -> bool:
    """Whether a step's ``whose`` (an Army, an Alliance, "any", "neutral") may name the player's
    pieces."""
    if whose == "any":
        return True
    if whose == NEUTRAL:
        return False
    return (whose if whose in ALLIANCES else ALLIANCE_OF[whose]) != ALLIANCE_OF[army]


def choose_card(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    """p.20: "If the Bot has 2 Event Cards, shuffle them and select one randomly. Region
    requirements apply": one at random among those its Region requirements let it play."""
    need(legal, "an Event Card")
    cards = of_verb(legal, "event")
    if not cards:
        return legal[0]
    choice = cards[rand(len(cards))]
    note(
        log,
        army,
        f"plays {event(choice.args[0]).title}, drawn at random from its "
        f"{len(cards)} playable Event Card{'s' if len(cards) > 1 else ''}",
        "p.20",
    )
    return choice


def _helps(s: State, army: str, step: Step, keys: list[str]) -> bool:
    """Whether a step would do the Bot some good in one of ``keys`` (ruling TC109)."""
    do = step.do
    if do == "gain" or do in ("special", "diplomacy_move", "advanced_order") or do in MARCHES:
        return True
    if do == "lose":
        return step.whose not in ("own", army)
    if do == "or":
        return any(_helps(s, army, x, keys) for option in step.options for x in option)
    if do == "muster":
        return muster_army(s, army, step) in allies(s, army) + (NEUTRAL,) and bool(
            placement.add_priority(s, army, keys)
        )
    if do == "remove":
        return theirs(s, army, step.whose) and placement.remove_region(s, army, keys) is not None
    if do == "assassinate":
        return any(placement.leader_to_remove(s, army, s["map"][k]) for k in keys)
    if do == "leader":
        leader = content().leaders[step.key]
        own_side = leader.army == NEUTRAL or ALLIANCE_OF.get(leader.army) == ALLIANCE_OF[army]
        return own_side if step.action == "add" else not own_side
    if do == "sabotage":
        return placement.sabotage_slot(s, army, _free_slots(s, keys)) is not None
    if do == "remove_sabotage":
        return placement.unsabotage_slot(s, army, _sabotaged(s, keys)) is not None
    if do == "remove_bandit":
        return placement.bandit_to_remove(s, army, _roads(s, keys)) is not None
    if do == "destroyed_port":
        return placement.destroyed_port_region(s, army, keys) is not None
    if do == "token":
        return placement.token_region(s, army, keys, step.icon) is not None
    if do == "remove_token":
        return _token_to_remove(s, army, keys, step.icon) is not None
    return False  # bandit: never placed (p.21)


def _free_slots(s: State, keys) -> list[tuple[str, int]]:
    b = geo.board(s)
    return [(k, i) for k in keys if not b.region(k).jerusalem for i, p in enumerate(s["map"][k]) if p is None]


def _sabotaged(s: State, keys) -> list[tuple[str, int]]:
    return [(k, i) for k in keys for i, p in enumerate(s["map"][k]) if p == "sabotage"]


def _roads(s: State, keys) -> list[tuple[str, str]]:
    return [(k, to) for k in keys for to in geo.board(s).adjacent_to(k)]


def _token_to_remove(s: State, army: str, keys, icon: str) -> str | None:
    """A Resource token of the player's to take away: in the Region the player is strongest in
    (the Destroyed Port's measure, p.21; ruling TC109)."""
    them = opponents(s, army)
    held = [
        k
        for k in keys
        if icon in ((s.get("tokens") or {}).get(k) or []) and any(p and p.split(":")[0] in them for p in s["map"][k])
    ]
    return min(held, key=lambda k: (-geo.strength(s, them, k), geo.proximity_key(s, army, k)), default=None)


def crown_useful(s: State, army: str) -> bool:
    """ "The Bot only does this if the crown event is at least partly useful to them" (p.20):
    at least one step of the crown event could do the Bot some good now in a Region its banner
    allows (ruling TC109)."""
    p = s["pending"]
    card = event(p["card"])
    c = content()
    for i, step in enumerate(card.crown):
        path = ["crown", i]
        if not event_choices.choices(c, s, p, path):
            continue
        keys = [] if step.do in event_choices.REGIONLESS else event_choices.regions(c, s, p, path)
        if _helps(s, army, step, keys):
            return True
    return False


def choose_crown(s: State, army: str, legal: list[Action], rand: Rand, log: list, free: bool = False) -> Action:
    """p.20: "A Bot always tries to execute the crown event, buying temporary crowns if necessary
    ... only if the crown event is at least partly useful ... not with command points or supply"
    (the engine buys with Gold only). ``free``: the column 1 perk, the flow not charging."""
    need(legal, "the crown event")
    crowns = of_verb(legal, "crown")
    if crowns and crown_useful(s, army):
        n = crowns[0].args[0]
        paid = "free (column 1)" if free else (f"buying {n} crown{'s' if n > 1 else ''} with Gold" if n else "")
        note(log, army, f"executes the crown event{', ' + paid if paid else ''} (at least partly useful, p.20)", "p.20")
        return crowns[0]
    if crowns:
        note(log, army, "does not execute the crown event: it would do it no good (p.20)", "TC109")
    return act("main") if act("main") in legal else legal[0]


def relaxed_regions(s: State, army: str, card_key: str, part: str, column: int) -> list[str]:
    """The Regions meeting a card's banner with the column's perk (p.23): column 2 "execute main
    events regardless of Region" drops the Region type, column 3 "regardless of Presence" the
    Presence icon; a Named Region or Leader still names its Region (ruling TC109)."""
    card = event(card_key)
    banner = card.banner if part == "main" else card.crown_banner
    if part == "main" and column == 2:
        banner = replace(banner, region="any")
    if part == "main" and column == 3:
        banner = replace(banner, presence="none")
    return meeting(content(), s, banner, army)  # the engine's own: event_targets.main_banner


def perk_units(card_key: str, column: int) -> list[str]:
    """The Units the column adds beside the card (p.23): column 4, a Cavalry if the main event adds
    Units; column 5, an Infantry if the main event includes a March; column 6, an Infantry if the
    card's effect (main or crown event) adds Units. "Adds Units" is a muster of any Army's Units
    (ruling TC109)."""
    card = event(card_key)

    def flat(steps):
        for x in steps:
            yield x
            for option in x.options:
                yield from flat(option)

    def adds(steps):
        return any(x.do == "muster" for x in flat(steps))

    if column == 4 and adds(card.main):
        return ["cavalry"]
    if column == 5 and any(x.do in MARCHES for x in flat(card.main)):
        return ["infantry"]
    if column == 6 and (adds(card.main) or adds(card.crown)):
        return ["infantry"]
    return []
