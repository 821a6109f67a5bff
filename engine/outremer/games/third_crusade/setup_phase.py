"""The variable setup (p.9), the game's first phase when the option is on (rulings TC41-TC47).

1. *Discard.* Each player is dealt 4 Objective Cards from its Alliance's deck (Famagusta set
   aside; with 2 players the North cards left out) and discards 1 face down: a sealed round, in
   seat order, nobody seeing another's cards or choice. The 3 kept by each are revealed together,
   and the initiative track is set up at random as in any setup.
2. *Deploy.* In initiative order, round the track, each player places one Leader (free) or Unit
   (Infantry 1, Cavalry 2, Siege Engine 4 deployment points, the last only in a City) into the
   main Cities of its revealed Objectives, one Desert Adjacent by Road to one of them, and (the
   Muslims) Jerusalem with at most 3 square and 1 hexagonal piece. Its tracks follow the map at
   once. Once its Leaders are placed it may stop (``done``); a player with nothing it may place
   stops by itself; deployment points left are lost.
3. *After.* A Neutral Infantry goes into every City without a Unit or Leader; all the Objective
   Cards are shuffled together and each player takes 2 in secret; the current command points
   start at the base; 1190's Strategy phase follows.

State: ``s["variable"]`` while it lasts: ``stage`` ("discard" or "deploy"), ``dealt`` (Army -> its
cards, the 3 kept after the reveal), ``discarded`` (Army -> the cards it discarded), ``decks``
(Alliance -> the cards not dealt), ``turn`` (the place on the initiative track), and by Army its
``points``, ``leaders`` still to place, ``deserts`` used and whether it is ``done``.
"""

from __future__ import annotations

from itertools import combinations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, open_sealed, reveal, seal, sealed_next
from ...core.words import count
from . import upkeep_phase
from .cards import cards
from .data import ALLIANCE_OF, ALLIANCES, ARMY_NAMES, NEUTRAL, TRACKS, UNITS, Content, board_for, owner
from .deployment import cost, decks, empty, placements, ships, variable
from .moves import add
from .state import initiative_order, retrack, track

PLAYERS = (2, 4)
"""The player counts the variable setup is for (p.9; ruling TC41)."""
ROUND = "objective-discard"
"""The key of the sealed round of discards."""


def applies(players: int, options: dict) -> bool:
    """Whether a game of ``players`` with ``options`` uses the variable setup (ruling TC41)."""
    return bool(options.get("variable")) and players in PLAYERS


def start_position(content: Content, armies: list[str]) -> dict:
    """What ``state.new_state`` starts from: the empty map and the Genoa ships (ruling TC42)."""
    return {"position": empty(board_for(content, armies)), "ships": ships(content, armies, variable())}


def start(content: Content, s: State) -> None:
    """Deal the Objective Cards and open the sealed round of discards (p.9)."""
    v = variable()
    s["phase"] = "variable"
    s["initiative"] = []
    piles = decks(cards().objectives, len(s["armies"]) == 4)
    for pile in piles.values():
        rng.shuffle(s, pile)
    dealt = {}
    for army in s["armies"]:
        pile = piles[ALLIANCE_OF[army]]
        dealt[army], piles[ALLIANCE_OF[army]] = sorted(pile[: v.dealt]), pile[v.dealt :]
    s["variable"] = {
        "stage": "discard",
        "dealt": dealt,
        "discarded": {},
        "decks": piles,
        "turn": 0,
        "points": {a: v.points[a] for a in s["armies"]},
        "leaders": {a: list(v.leaders[a]) for a in s["armies"]},
        "deserts": {a: [] for a in s["armies"]},
        "done": {a: False for a in s["armies"]},
    }
    open_sealed(s, ROUND, list(range(len(s["armies"]))))


def intro(s: State) -> str:
    v = variable()
    return (
        f"Variable setup: each player is dealt {v.dealt} Objective Cards from its Alliance's deck and discards "
        f"{v.discard} face down; the rest are revealed, and deployment follows."
    )


def to_act(s: State) -> int | None:
    vs = s.get("variable")
    if s["phase"] != "variable" or not vs:
        return None
    if vs["stage"] == "discard":
        return sealed_next(s)
    return s["initiative"][vs["turn"]]


def sealed_choices(s: State, seat: int) -> list:
    """The discards ``seat`` could make from the cards it was dealt."""
    dealt = sorted(s["variable"]["dealt"][s["armies"][seat]])
    return [list(combo) for combo in combinations(dealt, variable().discard)]


def options(content: Content, s: State, seat: int) -> list[tuple[str, str]]:
    """Every (piece, Region) the seat's Army may deploy now."""
    vs = s["variable"]
    army = s["armies"][seat]
    if vs["done"][army]:
        return []
    return placements(
        content,
        board_for(content, s["armies"]),
        variable(),
        army,
        vs["dealt"][army],
        vs["deserts"][army],
        s["map"],
        vs["points"][army],
        vs["leaders"][army],
        s["reserve"][army],
    )


def legal(content: Content, s: State, seat: int) -> list[Action]:
    vs = s["variable"]
    if vs["stage"] == "discard":
        return [act("discard_objective", *combo) for combo in sealed_choices(s, seat)]
    placeable = options(content, s, seat)
    leaders_left = any(kind not in UNITS for kind, _ in placeable)
    return [act("deploy", kind, key) for kind, key in placeable] + ([] if leaders_left else [act("done")])


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    vs = s["variable"]
    army = s["armies"][seat]
    name = ARMY_NAMES[army]
    board = board_for(content, s["armies"])
    if vs["stage"] == "discard":
        seal(s, seat, list(action.args))
        cards_ = ", ".join(board.region(k).name for k in action.args)
        log.append(
            Event(
                f"{name} discards the Objective {cards_} face down.",
                "p.9",
                private=seat,
                public=f"{name} discards an Objective Card face down.",
            )
        )
        if all_sealed(s):
            _reveal(content, s, log)
        return
    if action.verb == "done":
        vs["done"][army] = True
        left = vs["points"][army]
        log.append(
            Event(
                f"{name} stops deploying"
                + (f"; its {_points(left)} left {'is' if left == 1 else 'are'} lost." if left else "."),
                "TC45",
            )
        )
    else:
        kind, key = action.args
        add(content, s, key, f"{army}:{kind}")
        if kind in UNITS:
            s["reserve"][army][kind] -= 1
            vs["points"][army] -= cost(variable(), kind)
        else:
            vs["leaders"][army].remove(kind)
        opened = any(o.region == key for o in variable().openings)
        if not board.region(key).city and not opened and key not in vs["deserts"][army]:
            vs["deserts"][army].append(key)
        label = content.leaders[kind].name if kind in content.leaders else f"1 {_unit(kind)}"
        price = f"for {_points(cost(variable(), kind))}" if kind in UNITS else "free"
        log.append(
            Event(
                f"{name} deploys {label} in {board.region(key).name}, {price} ({_points(vs['points'][army])} "
                f"left). Tracks: {_tracks(s, seat)}.",
                "p.9",
                marks=(f"region:{key}",),
            )
        )
    _next(content, s, log, moved=True)


def _unit(kind: str) -> str:
    return "Siege Engine" if kind == "siege" else kind.capitalize()


def _points(n: int) -> str:
    return f"{n} deployment point{'' if n == 1 else 's'}"


def _tracks(s: State, seat: int) -> str:
    names = {"cp": "command point", "crown": "Crown", "supply": "Supply", "gold": "Gold"}
    return ", ".join(count(n, names[t]) for t in TRACKS for n in [track(s, seat, t)])


def _reveal(content: Content, s: State, log: list[Event]) -> None:
    """Every discard made: the cards kept are revealed, the initiative track is set up at random
    (p.9; ruling TC43) and deployment begins."""
    vs = s["variable"]
    board = board_for(content, s["armies"])
    for seat, keys in reveal(s).items():
        army = s["armies"][seat]
        vs["dealt"][army] = sorted(k for k in vs["dealt"][army] if k not in keys)
        vs["discarded"][army] = sorted(keys)
    shown = "; ".join(
        f"{ARMY_NAMES[a]}: " + ", ".join(board.region(k).name for k in vs["dealt"][a]) for a in s["armies"]
    )
    log.append(Event(f"The Objective Cards are revealed. {shown}.", "p.9"))
    s["initiative"] = initiative_order(s)
    track_ = ", ".join(ARMY_NAMES[s["armies"][p]] for p in s["initiative"])
    log.append(
        Event(
            f"The initiative track is set up at random: {track_}. In that order each player deploys one "
            "Leader or Unit at a time into the main Cities of its Objectives, one Desert Adjacent by Road to "
            "one of them"
            + (", and the Muslims into Jerusalem" if any(ALLIANCE_OF[a] == "muslim" for a in s["armies"]) else "")
            + ".",
            "TC43",
        )
    )
    vs["stage"] = "deploy"
    vs["turn"] = 0
    _next(content, s, log, moved=False)


def _next(content: Content, s: State, log: list[Event], moved: bool) -> None:
    """On round the initiative track to the next player still deploying; one with nothing it may
    place stops by itself (TC45). When every player has stopped, the setup ends."""
    vs = s["variable"]
    n = len(s["initiative"])
    if moved:
        _stop_if_spent(content, s, s["initiative"][vs["turn"]], log)
        vs["turn"] = (vs["turn"] + 1) % n
    for _ in range(n):
        seat = s["initiative"][vs["turn"]]
        if not _stop_if_spent(content, s, seat, log):
            return
        vs["turn"] = (vs["turn"] + 1) % n
    _finish(content, s, log)


def _stop_if_spent(content: Content, s: State, seat: int, log: list[Event]) -> bool:
    """Whether the seat has stopped deploying: it said so, or it has nothing left it may place
    (then it stops now, TC45)."""
    vs = s["variable"]
    army = s["armies"][seat]
    if vs["done"][army]:
        return True
    if options(content, s, seat):
        return False
    vs["done"][army] = True
    left = vs["points"][army]
    log.append(
        Event(
            f"{ARMY_NAMES[army]} has nothing left it may deploy"
            + (f"; its {_points(left)} left {'is' if left == 1 else 'are'} lost." if left else "."),
            "TC45",
        )
    )
    return True


def _finish(content: Content, s: State, log: list[Event]) -> None:
    """Neutral Infantry into the empty Cities, the Objective Cards shuffled back together and 2
    dealt to each player, the command points at their base; the Strategy phase follows (p.9,
    p.5; ruling TC46)."""
    board = board_for(content, s["armies"])
    filled = []
    for region in board.regions:
        if region.city and all(owner(p) is None for p in s["map"][region.key]):
            add(content, s, region.key, f"{NEUTRAL}:infantry", recount_now=False)
            filled.append(region.name)
    retrack(content, s)
    if filled:
        log.append(Event(f"A Neutral Infantry goes into each City left empty: {', '.join(filled)}.", "p.9"))
    upkeep_phase.deal_objectives(s)
    log.append(
        Event(
            "All the Objective Cards are shuffled together into the deck, and each player takes 2 of them in secret.",
            "TC46",
        )
    )
    for seat in range(len(s["armies"])):
        s["cp"][seat] = track(s, seat, "cp")
    log.append(
        Event(
            "Deployment is over. "
            + "; ".join(f"{ARMY_NAMES[a]}: {_tracks(s, seat)}" for seat, a in enumerate(s["armies"]))
            + ".",
            "p.5",
        )
    )
    s["variable"] = None
    s["phase"] = "strategy"
    s["strategy"] = None


# --- what a seat sees, and what it cannot ---------------------------------------------------


def view(s: State, seat: int | None) -> dict | None:
    """The variable setup as ``seat`` sees it (ruling TC47): its own dealt cards until the reveal,
    everyone's kept cards after it, its own discard only; the points, the Leaders still to place,
    the Deserts used and who has stopped are public."""
    vs = s.get("variable")
    if not vs:
        return None
    me = s["armies"][seat] if seat is not None else None
    shown = vs["stage"] == "deploy"
    return {
        "stage": vs["stage"],
        "objectives": {a: list(k) if shown or a == me else None for a, k in vs["dealt"].items()},
        "dealt": {a: len(k) for a, k in vs["dealt"].items()},
        "discarded": list(vs["discarded"].get(me, [])) if me else None,
        "deck": {al: len(pile) for al, pile in vs["decks"].items()},
        "points": dict(vs["points"]),
        "leaders": {a: list(k) for a, k in vs["leaders"].items()},
        "deserts": {a: list(k) for a, k in vs["deserts"].items()},
        "done": dict(vs["done"]),
    }


def redeal(s: State, seat: int, rand) -> None:
    """In ``s`` (a copy), the Objective Cards ``seat`` cannot see dealt anew within each
    Alliance's deck: before the reveal, the other players' dealt cards; after it, their discards;
    and the cards not dealt. Dealt from the sorted cards, as ``Game.determinize`` asks."""
    vs = s.get("variable")
    if not vs:
        return
    me = s["armies"][seat]
    hidden = "dealt" if vs["stage"] == "discard" else "discarded"
    for alliance in sorted(ALLIANCES):
        others = [a for a in s["armies"] if ALLIANCE_OF[a] == alliance and a != me]
        pool = sorted(vs["decks"][alliance] + [k for a in others for k in vs[hidden].get(a, [])])
        rand.shuffle(pool)
        for a in others:
            size = len(vs[hidden].get(a, []))
            vs[hidden][a], pool = sorted(pool[:size]), pool[size:]
        vs["decks"][alliance] = pool
