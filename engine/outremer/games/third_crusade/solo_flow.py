"""The Bot's play in the flow of the solo game (p.19-23): wherever the game asks a Bot Army, the
engine decides here, logs why (the Bot Table cell or the priority, and any die it rolled), and
never asks a seat.

- STRATEGY: BOT ROLL (:func:`roll`): each Bot's die, the column it follows all round; with the
  alternative rule, a new roll at the start of the Command, Diplomacy and Upkeep phases
  (:func:`reroll`, ruling TC96).
- PLANNING (:func:`planning`): the Bots place first, PLACE n Orders drawn at random from their
  Prepared group, 1 in the strongest Region, then weakest to strongest through four categories.
- COMMAND (:func:`decide` in the Command phase): the priorities, ORDER FAIL, CARD TRIGGER, the
  BONUS at the end of the phase (``solo_command.py``); Marching (``solo_march.py``).
- DIPLOMACY: the bid (the die and the column's Gold part; only the Gold paid); with the
  alternative rule, the die is the Bot's column from then on (ruling TC97).
- Every other decision: the Bot's rules of ``bot/`` where the text gives one, else the choice
  of its die (ruling TC90).

A Bot reads only what its seat could see, but for the cards laid face up and its own Orders
(ruling TC92).
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from . import event_choices, solo_battle, solo_command, solo_march
from . import planning as planning_phase
from .bot import diplomacy as bot_dip
from .bot import geometry as geo
from .bot import steps as bot_steps
from .bot import upkeep as bot_upkeep
from .cards import order_of
from .data import ALLIANCE_OF, ARMY_NAMES, Content, board_for, controller
from .diplomacy import BOT_CP_GOLD
from .moves import pieces
from .solo import MARCH_STEPS, alternative, bots, is_bot, reaction_group, solo
from .solo_common import at_random, bot_words, column, jerusalem_open, name


# -- STRATEGY: BOT ROLL -----------------------------------------------------------------------------
def roll(s: State, log: list[Event]) -> None:
    """Each Bot rolls its die; the column is its all round (p.20, STRATEGY: BOT ROLL)."""
    if not solo(s):
        return
    for p in bots(s):
        army = s["armies"][p]
        die = rng.die(s)
        s["bot"][army]["column"] = die
        log.append(
            Event(
                f"Bot {ARMY_NAMES[army]} rolls {die}: it follows column {die} of the Bot Table this round "
                "(STRATEGY: BOT ROLL, p.20).",
                "p.20",
            )
        )


PHASE_NAMES = {"command": "the Command phase", "diplomacy": "the Diplomacy phase", "upkeep": "the Upkeep phase"}


def reroll(s: State, phase: str, log: list[Event]) -> None:
    """The alternative rule of STRATEGY: BOT ROLL (p.20: "re-roll the Bot's dice(s) at the start
    of each Phase"): at the start of the Command, Diplomacy and Upkeep phases each Bot rolls anew
    and follows the new column; the Strategy roll serves the Planning phase (ruling TC96)."""
    if not solo(s) or not alternative(s, "reroll"):
        return
    for p in bots(s):
        army = s["armies"][p]
        die = rng.die(s)
        s["bot"][army]["column"] = die
        log.append(
            Event(
                f"Bot {ARMY_NAMES[army]} rolls {die} at the start of {PHASE_NAMES[phase]}: it follows column "
                f"{die} of the Bot Table (STRATEGY: BOT ROLL, alternative rule, p.20; ruling TC96).",
                "TC96",
            )
        )


# -- PLANNING -------------------------------------------------------------------------------------
def planning(content: Content, s: State, log: list[Event]) -> None:
    """The Bots place all their Orders first, in initiative order, then pass (p.20)."""
    if not solo(s):
        return
    for p in bots(s):
        _plan(content, s, p, log)
        s["passed"][p] = True
    planning_phase.skip(content, s)


def categories(content: Content, s: State, army: str) -> list[tuple[str, list[str]]]:
    """The four categories of p.20 in order, each weakest to strongest (ties by Proximity):
    Regions with Bot Control; with its Alliance partner's Presence; empty Regions adjacent to a
    Region the Bot Controls; Regions the people Control, weakest to strongest for them."""
    b = board_for(content, s["armies"])
    mine = geo.controlled_by(s, army)
    ally = [a for a in s["armies"] if ALLIANCE_OF[a] == ALLIANCE_OF[army] and a != army]
    partner = [k for k in geo.regions_with(s, ally) if k not in mine] if ally else []
    near = {n for k in mine for n in b.adjacent_to(k)}
    empty = [k for k in sorted(near) if not pieces(s, k) and k not in mine]
    foes = [a for a in s["armies"] if ALLIANCE_OF[a] != ALLIANCE_OF[army]]
    held = {k: c for k in s["map"] if (c := controller(s["map"][k])) is not None and c in foes}
    theirs = sorted(held, key=lambda k: (geo.strength_key(s, held[k], k), geo.proximity_key(s, army, k)))
    return [
        ("Regions it Controls", geo.by_strength(s, army, mine)),
        ("Regions of its Alliance's Presence", geo.by_strength(s, army, partner)),
        ("empty Regions beside its own", geo.by_proximity(s, army, empty)),
        ("Regions the player Controls", theirs),
    ]


def _plan(content: Content, s: State, p: int, log: list[Event]) -> None:
    army = s["armies"][p]
    side = ALLIANCE_OF[army]
    col = column(s, army)
    cell = f"PLANNING: PLACE {col.place}"
    prepared = sorted(k for k in s["box"][army] if not reaction_group(order_of(army, k)))
    n = min(col.place, len(prepared))
    jerusalem = geo.jerusalem(s)

    def free(k: str) -> bool:
        return s["sections"][k][side] is None and (k != jerusalem or jerusalem_open(s, army))

    spots: list[tuple[str, str]] = []
    first = next((k for k in geo.strongest_first(s, army, geo.regions_with(s, army)) if free(k)), None)
    if first:
        spots.append((first, "its strongest Region"))
    for words, keys in categories(content, s, army):
        for k in keys:
            if len(spots) >= n:
                break
            if free(k) and all(k != x for x, _ in spots):
                spots.append((k, f"{words}, weakest first"))
    if len(spots) < n:
        log.append(
            Event(
                f"{bot_words(s, army, cell)}: only {len(spots)} Region{'s' if len(spots) != 1 else ''} "
                f"to place in of the {n} Orders (p.20).",
                "p.20",
            )
        )
    for k, why in spots[:n]:
        key = prepared.pop(rng.randbelow(s, len(prepared)))
        s["box"][army].remove(key)
        s["sections"][k][side] = [army, key]
        extra = " (Jerusalem's strength within the column's Jerusalem value)" if k == jerusalem else ""
        log.append(
            Event(
                f"{bot_words(s, army, cell)}: an Order from its Prepared group, at random, face down in "
                f"{name(content, s, k)}: {why}{extra} (p.20).",
                "p.20",
                marks=(f"region:{k}",),
            )
        )


# -- every decision ---------------------------------------------------------------------------------
def decide_at(content: Content, s: State, p: int, legal_of, log: list[Event]) -> Action | None:
    """:func:`decide` where the game asks the Bot, ``legal_of(s, p)`` giving the legal actions:
    its own Command turn works out only the actions it asks for (``solo_command.own_turn``), the
    same choice with less work."""
    if s["phase"] == "command" and not s["battle"] and not s["pending"]:
        return solo_command.own_turn(content, s, p, log)
    return decide(content, s, p, legal_of(s, p), log)


def decide(content: Content, s: State, p: int, legal: list[Action], log: list[Event]) -> Action | None:
    """The Bot's action among ``legal`` (never empty: the flow asks only where a choice is due);
    None when the Bot's rules did the turn themselves (ORDER FAIL)."""
    army = s["armies"][p]
    phase = s["phase"]
    if phase == "planning":
        return next(a for a in legal if a.verb == "pass")
    if phase == "command":
        if not s["battle"] and not s["pending"]:
            return solo_command.turn(content, s, p, legal, log)
        if s["pending"] and not s["battle"] and s["pending"].get("kind") != "event":
            chosen = solo_march.step(content, s, p, legal, log)
            if chosen is not None:
                return chosen
        if s["pending"] and not s["battle"] and s["pending"].get("kind") == "event":
            chosen = event_choice(content, s, p, legal, log)
            if chosen is not None:
                return chosen
    if phase == "command" and s["battle"]:
        return solo_battle.decide(content, s, p, legal, log)
    if phase == "command" and s["pending"] and s["pending"].get("kind") == "event":
        chosen = bot_steps.choose_step(
            s,
            army,
            legal,
            _rand(s),
            log,
            jerusalem_max=column(s, army).jerusalem,
            free_crowns=column(s, army).perk["kind"] == "free_crowns",
        )
        if chosen is not None:
            return chosen
    if phase == "diplomacy":
        d = s["dip"]
        if d["stage"] == "bid":
            return bid(s, p, legal, log)
        if d["place"]:
            item = d["place"][0]
            chosen = bot_dip.choose_gain(s, army, legal, item, _rand(s), log, jerusalem_max=column(s, army).jerusalem)
            if item.get("token") == "cp" and chosen.verb == "discard":
                s["gold"][p] += BOT_CP_GOLD  # the command-point token left off for 3 Gold (p.23)
            return chosen
        if d["stage"] == "reward":
            return bot_dip.choose_reward(s, army, legal, _rand(s), log)
        return bot_dip.choose_move(s, army, legal, _rand(s), log)
    if phase in ("upkeep", "scoring"):
        q = s["upkeep"]["queue"][0]
        if q["ask"] == "land":
            return bot_upkeep.choose_landing(s, army, legal, _rand(s), log)
        if q["ask"] == "objective":
            return bot_upkeep.choose_objective(s, army, legal, _rand(s), log)
    return at_random(s, army, legal, log)


def _rand(s: State):
    return lambda n: rng.randbelow(s, n)


def event_choice(content: Content, s: State, p: int, legal: list[Action], log: list[Event]) -> Action | None:
    """An Event Card's choices the Marching rules order (p.22: "With the execution of both Orders
    and Event Cards"): a Muster at its most, a March by the Marching rules; the rest is
    ``bot/steps.py``'s."""
    if s["pending"].get("stage") == "crown":
        return None  # the crown event: tried where at least partly useful (bot/events.py)
    musters = [a for a in legal if a.verb == "muster"]
    if musters and len(musters) == len(legal):
        return max(musters, key=lambda a: a.args[0])
    if s["pending"].get("stage") == "where" and event_choices.current(s).do in MARCH_STEPS:
        ats = [a.args[0] for a in legal if a.verb == "at"]
        frm = solo_march.best_origin(content, s, p, ats, event_choices.current(s), log)
        skip = next((a for a in legal if a.verb == "skip"), None)
        return act("at", frm) if frm else (skip or next(a for a in legal if a.verb == "at"))
    if any(a.verb == "march" for a in legal) and s["pending"].get("from"):
        return solo_march.march(
            content, s, p, legal, log, s["pending"]["from"], event_choices.current(s).do, s["pending"]
        )
    return None


# -- DIPLOMACY: BOT ROLL ----------------------------------------------------------------------------
def bid(s: State, p: int, legal: list[Action], log: list[Event]) -> Action:
    """The people bid first; the Bot re-rolls its die (same column) and bids the die plus the
    column's Gold part, paying only the Gold (p.22, DIPLOMACY: BOT ROLL). With the alternative
    rule ("change column", p.23) the die is its column from then on, the bid's included, and the
    Upkeep phase follows it (ruling TC97)."""
    army = s["armies"][p]
    die = rng.die(s)
    if alternative(s, "change_column") and s["bot"][army]["column"] != die:
        log.append(
            Event(
                f"Bot {ARMY_NAMES[army]} rolls {die} for its bid and changes from column "
                f"{s['bot'][army]['column']} to column {die} (DIPLOMACY, alternative rule, p.23; ruling TC97).",
                "TC97",
            )
        )
        s["bot"][army]["column"] = die
    col = column(s, army)
    gold = s["gold"][p]
    part = {"all": gold, "half": (gold + 1) // 2, "none": 0}[col.bid_gold]
    s["dip"].setdefault("bot_die", {})[army] = die
    words = {"all": "all its Gold", "half": "half its Gold rounded up", "none": "no Gold"}[col.bid_gold]
    log.append(
        Event(
            f"{bot_words(s, army, 'DIPLOMACY')}: rolls {die} and bids {die} + {part} Gold ({words}); "
            f"it pays only the {part} Gold (p.23).",
            "p.23",
        )
    )
    return next(a for a in legal if a.args[0] == part)


def bid_bonus(s: State, army: str) -> int:
    """The die a Bot added to its bid (0 for a person's bid)."""
    return (s.get("dip") or {}).get("bot_die", {}).get(army, 0)


def bonus_at_end(content: Content, s: State, log: list[Event]) -> None:
    """Each Bot's BONUS at the end of the Command phase (p.21)."""
    if solo(s):
        solo_command.bonus(content, s, log)


__all__ = ["decide", "roll", "reroll", "planning", "bid_bonus", "bonus_at_end", "is_bot"]
