"""The rulebook's guided first round (the plutorial, p.24-29) as a mode of the game: the hidden
option ``lesson`` (Learn to play) at ``first-round`` (rulings TC120-TC122).

It applies to 2 players, the Angevin against the Ayyubid (the text's game). The map, the tracks,
the Gold and the Genoa ships are the 2-player page's (p.6), as in any 2-player game; what the
text fixes instead of drawing, ``data/plutorial.toml`` holds: the initiative track, the Diplomacy
and Mission Cards on top, the 4 Event Cards of 1190 each Army draws. No Objective Cards are dealt
and the Faith markers are not on the board while the round lasts (``s["plutorial"]`` is True).
When the round ends (Upkeep, step 10) the game goes on as a normal 2-player game: each player
takes the Objective Card the text names, the Faith markers start at 2, and 1191 Spring begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core import rng
from ...core.data import DataError, only_known
from ...core.game import Event, State
from .cards import cards
from .data import ARMY_NAMES, content
from .events import DRAW, PERIODS, deck
from .loading import read_data
from .state import alone, armies_for

OPTION = "lesson"
"""The id of the hidden option that selects the lesson."""


@dataclass(frozen=True, slots=True)
class Plutorial:
    lesson: str
    initiative: tuple[str, ...]
    diplomacy: str
    mission: str
    drawn: dict[str, tuple[str, ...]]
    objectives: dict[str, str]
    faith: int


def parse(data: dict, name: str = "plutorial.toml") -> Plutorial:
    """The plutorial's fixed setup, checked against the game's cards."""
    only_known(name, data, ("lesson", "initiative", "diplomacy", "mission", "faith", "drawn", "objectives"))
    armies = tuple(data.get("initiative", ()))
    if sorted(armies) != ["angevin", "ayyubid"]:
        raise DataError(f"{name}: initiative lists the Angevin and the Ayyubid, once each.")
    if data.get("diplomacy") not in {c.key for c in cards().diplomacy}:
        raise DataError(f"{name}: diplomacy {data.get('diplomacy')!r} is no Diplomacy Card.")
    if data.get("mission") not in {m.key for m in cards().missions}:
        raise DataError(f"{name}: mission {data.get('mission')!r} is no Mission Card.")
    drawn = {}
    for army in armies:
        keys = tuple(data.get("drawn", {}).get(army, ()))
        pile = {e.key for e in deck(army, PERIODS[0], armies, False)}
        if len(keys) != DRAW or len(set(keys)) != DRAW or not set(keys) <= pile:
            raise DataError(
                f"{name}: drawn.{army} names {DRAW} different Event Cards of the {ARMY_NAMES[army]}'s "
                f"{PERIODS[0]} pile."
            )
        drawn[army] = keys
    south = {o.key for o in cards().objectives if o.section == "south"}
    objectives = dict(data.get("objectives", {}))
    if set(objectives) != set(armies) or not set(objectives.values()) <= south or len(set(objectives.values())) != 2:
        raise DataError(f"{name}: objectives gives each Army a different Objective Card of the south board.")
    faith = data.get("faith")
    if not isinstance(faith, int) or isinstance(faith, bool) or not 0 <= faith <= 5:
        raise DataError(f"{name}: faith is a whole number from 0 to 5.")
    if not isinstance(data.get("lesson"), str) or not data["lesson"]:
        raise DataError(f"{name}: lesson names the option's value.")
    return Plutorial(data["lesson"], armies, data["diplomacy"], data["mission"], drawn, objectives, faith)


@cache
def plutorial() -> Plutorial:
    return parse(read_data("plutorial.toml"))


def applies(players: int, options: dict) -> bool:
    """Whether a game of ``players`` with ``options`` plays the lesson: the option on, 2 players,
    the Angevin against the Ayyubid (ruling TC120); elsewhere the option changes nothing."""
    p = plutorial()
    return (
        options.get(OPTION) == p.lesson
        and players == 2
        and sorted(armies_for(players, options)) == sorted(p.initiative)
    )


def arrange(s: State) -> None:
    """What the text fixes, on a state the 2-player setup has just made (p.24): the initiative
    track, the Diplomacy and Mission Cards on top of their shuffled decks, each Army's 4 Event
    Cards of 1190 on top of its shuffled pile (drawn as the Strategy phase starts)."""
    p = plutorial()
    s["initiative"] = [s["armies"].index(army) for army in p.initiative]
    for key, top in (("diplomacy_cards", p.diplomacy), ("missions", p.mission)):
        s[key].remove(top)
        s[key].insert(0, top)
    for army, keys in p.drawn.items():
        pile = s["events"][army][PERIODS[0]]
        s["events"][army][PERIODS[0]] = list(keys) + [k for k in pile if k not in keys]
    s["plutorial"] = True


def on(s: State) -> bool:
    """Whether the lesson's round is under way (no Objectives, no Faith yet)."""
    return bool(s.get("plutorial"))


def intro(s: State) -> str:
    return (
        "Learn to play: the rulebook's first round, the Angevin against the Ayyubid, from a fixed deal. "
        "No Objective Cards and no Faith markers yet: they come when the game goes on."
    )


def continue_game(s: State, log: list[Event]) -> None:
    """The round over (Upkeep, step 10), the game goes on as a normal 2-player game (p.29,
    Continue the game; rulings TC121, TC122): each player takes in secret the Objective Card the
    text names for it, the others stay in the deck, shuffled; both Faith markers start at 2."""
    p = plutorial()
    named = set(p.objectives.values())
    rest = sorted(o.key for o in cards().objectives if o.section == "south" and o.key not in named)
    rng.shuffle(s, rest)
    s["objectives"] = {army: [p.objectives[army]] for army in s["armies"]}
    s["objective_deck"] = rest
    s["revealed_objective"] = {}
    for seat, army in enumerate(s["armies"]):
        city = content().south.region(p.objectives[army]).name
        log.append(
            Event(
                f"The lesson's round is over and the game goes on: {ARMY_NAMES[army]} takes the Objective "
                f"Card {city} in secret.",
                "TC122",
                private=seat,
                public=f"The lesson's round is over and the game goes on: {ARMY_NAMES[army]} takes an "
                "Objective Card in secret.",
            )
        )
    for alliance in sorted(s["faith"]):
        if alone(s, alliance):
            s["faith"][alliance] = p.faith
    s.pop("plutorial", None)
    log.append(
        Event(
            f"Both Faith markers go on the board at {p.faith}; from now on Faith moves, and the higher "
            "gives +1 Battle Strength.",
            "TC121",
        )
    )
