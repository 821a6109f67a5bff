"""The Bot in the Diplomacy phase and wherever it moves on the diplomacy board (Solo rules,
Diplomacy, p.23; Adding/removing, "Diplomacy", p.21): which reward of the Diplomacy Card it takes,
which space it moves to, and where the gains go.

- ``choose_reward(s, army, legal, rand, log) -> Action``: among ``reward <k>``: "1. Glory, 2. Move
  on the diplomacy board, 3. Advanced Order, 4. Remove Sabotage, 5. Faith, 6. Gold", passing over
  a reward that would give it nothing (ruling TC108).
- ``choose_move(s, army, legal, rand, log) -> Action``: among ``move <space>``: "1. Glory, 2.
  Hexagon Leader, 3. Square Leader, 4. Crown, 5. Faith, 6. Command point - remove chit, gain 3
  gold, 7. Neutral Unit(s) - the strongest option for a Region, 8. Gold, 9. Supply".
- ``choose_gain(s, army, legal, item, rand, log, jerusalem_max=None) -> Action``: a gain waiting
  to be put on the map (``diplomacy_moves``' item): Units by the adding priorities, tokens in its
  strongest Region, a command-point token left off (the flow then gives the Bot
  ``BOT_CP_GOLD`` Gold, p.23), an Advanced Order at random, a Sabotage by TC106.
"""

from __future__ import annotations

from ....core.actions import Action, act
from ....core.game import State
from .. import battle as arithmetic
from .. import diplomacy as rules
from .. import diplomacy_moves as board_moves
from ..data import ALLIANCE_OF, content
from ..diplomacy import BOT_CP_GOLD
from ..diplomacy_phase import card
from ..execution import advanced_to_gain
from ..state import alone
from . import geometry as geo
from . import placement
from .common import Rand, need, note, of_verb

REWARDS = ("glory", "diplomacy_move", "advanced_order", "remove_sabotage", "faith", "gold")
"""The Diplomacy Card priority (p.23)."""
REWARD_WORDS = {
    "glory": "Glory",
    "diplomacy_move": "a move on the diplomacy board",
    "advanced_order": "an Advanced Order",
    "remove_sabotage": "removing Sabotage",
    "faith": "Faith",
    "gold": "Gold",
}
SPACE_RANKS = ("glory", "hex_leader", "square_leader", "crown", "faith", "cp", "units", "gold", "supply")
"""The diplomacy board priority (p.23)."""
SPACE_WORDS = {
    "glory": "Glory",
    "hex_leader": "a hexagon Leader",
    "square_leader": "a square Leader",
    "crown": "a crown",
    "faith": "Faith",
    "cp": "a command point (the token removed, 3 Gold gained)",
    "units": "Neutral Units",
    "gold": "Gold",
    "supply": "supply",
}
FAITH_TOP = 5


def _useful(s: State, army: str, gain: str) -> bool:
    """Whether a reward would give the Bot anything (ruling TC108)."""
    if gain == "diplomacy_move":
        return bool(board_moves.spaces(s, army))
    if gain == "advanced_order":
        return bool(advanced_to_gain(s, army))
    if gain == "remove_sabotage":
        return bool(board_moves.rewards(s, army, gain, 1))
    if gain == "faith":
        return not alone(s, ALLIANCE_OF[army]) or s["faith"][ALLIANCE_OF[army]] < FAITH_TOP
    return True


def choose_reward(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    need(legal, "a Diplomacy Card reward")
    rewards = card(s).rewards
    options = of_verb(legal, "reward")
    if not options:
        return legal[0]

    def rank(a: Action) -> tuple:
        r = rewards[a.args[0] - 1]
        return not _useful(s, army, r.gain), REWARDS.index(r.gain), -r.n, a.args[0]

    choice = min(options, key=rank)
    r = rewards[choice.args[0] - 1]
    note(
        log,
        army,
        f"takes reward {choice.args[0]}, {REWARD_WORDS[r.gain]} (Diplomacy Card priority: Glory, "
        "diplomacy move, Advanced Order, remove Sabotage, Faith, Gold, p.23)",
        "p.23",
    )
    return choice


def _units_worth(s: State, army: str, space) -> int:
    """ "The strongest option for a Region" (p.23): the Strength the Units would add in the best of
    the Region types the Bot Controls (a City if it Controls none; ruling TC108)."""
    kinds = {geo.board(s).region(k).kind for k in geo.controlled_by(s, army)} or {"city"}
    return max(space.n * arithmetic.STRENGTH[(space.gives, kind)] for kind in kinds)


def space_rank(s: State, army: str, key: str) -> tuple:
    """A space's place in the diplomacy board priority (p.23), then the more it gives."""
    space = rules.board().space(key)
    gives = space.gives
    if gives in ("glory", "glory_token"):
        kind, more = "glory", (space.n, gives == "glory")
    elif gives == "leader":
        kind, more = f"{content().leaders[space.leader].shape}_leader", (0, False)
    elif gives in ("infantry", "cavalry"):
        kind, more = "units", (_units_worth(s, army, space), False)
    else:
        kind, more = gives.replace("_token", ""), (space.n, False)
    return SPACE_RANKS.index(kind), -more[0], not more[1], key


def choose_move(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    need(legal, "a move on the diplomacy board")
    options = of_verb(legal, "move")
    if not options:
        return legal[0]
    choice = min(options, key=lambda a: space_rank(s, army, a.args[0]))
    kind = SPACE_RANKS[space_rank(s, army, choice.args[0])[0]]
    note(
        log,
        army,
        f"moves on the diplomacy board for {SPACE_WORDS[kind]} (diplomacy board priority: Glory, "
        "hexagon Leader, square Leader, crown, Faith, command point, Neutral Units, Gold, supply, p.23)",
        "p.23",
    )
    return choice


def choose_gain(
    s: State, army: str, legal: list[Action], item: dict, rand: Rand, log: list, jerusalem_max: int | None = None
) -> Action:
    """Where a gain goes (p.21, "Units and chits are placed by the general placement rules";
    ruling TC108): a piece by the adding priorities (TC105); a token in its strongest Region;
    never in place of something already there; a command-point token is left off the map and the
    flow gives ``BOT_CP_GOLD`` Gold (p.23)."""
    need(legal, "a gain to put on the map")
    if item.get("advanced"):
        choice = legal[rand(len(legal))]
        note(log, army, "takes an Advanced Order drawn at random", "TC108")
        return choice
    if item.get("unsabotage"):
        options = [(a.args[0], a.args[1]) for a in of_verb(legal, "clear")]
        best = placement.unsabotage_slot(s, army, options)
        choice = act("clear", *best) if best else legal[0]
        note(
            log,
            army,
            f"removes a Sabotage token from {geo.board(s).region(choice.args[0]).name} "
            "(Glory, crown, supply, gold; the stronger Region, p.21)",
            "p.21",
        )
        return choice
    places = [a.args[0] for a in of_verb(legal, "place")]
    if "token" in item:
        if item["token"] == "cp":
            note(log, army, f"removes the command-point token and gains {BOT_CP_GOLD} Gold instead (p.23)", "p.23")
            return act("discard")
        where = placement.token_region(s, army, places, item["token"])
        why = "its strongest Region, p.21"
    else:
        ranked = placement.add_priority(s, army, places, jerusalem_max)
        where = ranked[0] if ranked else None
        why = "Jerusalem below the column's value, then its weakest Region, p.20-21"
    if where is None:
        note(log, army, f"leaves {item['text']} off the map (no Region of its own to take it)", "TC108")
        return act("discard")
    note(log, army, f"places {item['text']} in {geo.board(s).region(where).name} ({why})", "p.21")
    return act("place", where)
