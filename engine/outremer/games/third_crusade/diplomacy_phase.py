"""The Diplomacy phase (p.16): secret bids of Gold revealed together, the rewards of the round's
Diplomacy Card taken down the bids, then the moves on the diplomacy board in the order the card
prints, each taking what its space gives (rulings TC19, TC23-TC31): the moves and the gains
put on the map, a full Region's included (TC56), are ``diplomacy_moves.py``'s, which an Event
Card's moves use too (TC55). A victory check follows the phase (``game.py``).

State: ``s["diplomacy_cards"]`` the deck (the top is the round's), ``s["markers"][army]`` the
spaces of an Army's markers in order, ``s["dip"]`` the phase in progress: the bid order, the
rewards, who moves, and what a player still has to place on the map.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, open_sealed, reveal, seal, sealed_next
from ...core.words import count, sentence
from . import diplomacy as rules
from . import diplomacy_moves as board_moves
from .cards import cards
from .data import ALLIANCE_OF, ARMY_NAMES, Content
from .solo import is_bot
from .state import faith_words, gain_faith, towards


def setup(content: Content, s: State) -> None:
    """The Diplomacy Cards shuffled face up (the top one is the round's) and no marker on the
    diplomacy board yet (p.5)."""
    deck = sorted(c.key for c in cards().diplomacy)
    rng.shuffle(s, deck)
    s["diplomacy_cards"] = deck
    s["markers"] = {army: [] for army in s["armies"]}


def card(s: State):
    return next(c for c in cards().diplomacy if c.key == s["diplomacy_cards"][0])


def start(content: Content, s: State) -> None:
    """Bids are sealed in initiative order (each seat once), nobody seeing another's."""
    s["phase"] = "diplomacy"
    seats = list(dict.fromkeys(s["initiative"]))
    seats.sort(key=lambda p: is_bot(s, p))  # the people bid first, then the Bot (p.22)
    s["dip"] = {"stage": "bid", "order": [], "rewards": {}, "paid": {}, "moving": [], "place": [], "extra": []}
    open_sealed(s, f"bids-{s['round']}", seats)


def to_act(s: State) -> int | None:
    d = s.get("dip")
    if s["phase"] != "diplomacy" or d is None:
        return None
    if d["stage"] == "bid":
        return sealed_next(s)
    if d["place"]:
        return s["armies"].index(d["place"][0]["army"])
    if d["stage"] == "reward":
        return s["armies"].index(d["order"][len(d["rewards"])])
    return s["armies"].index(d["moving"][0])


def legal(content: Content, s: State, seat: int) -> list[Action]:
    d = s["dip"]
    army = s["armies"][seat]
    if d["stage"] == "bid":
        return [act("bid", n) for n in range(s["gold"][seat] + 1)]
    if d["place"]:
        return board_moves.choices(content, s, d["place"][0])
    if d["stage"] == "reward":
        place = len(d["rewards"])
        return [
            act("reward", k)
            for k in rules.reward_choices(len(d["order"]), place, [r for r in d["rewards"].values() if r])
        ]
    return [act("move", key) for key in board_moves.spaces(s, army)]


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    d = s["dip"]
    army = s["armies"][seat]
    name = ARMY_NAMES[army]
    if d["stage"] == "bid":
        seal(s, seat, action.args[0])
        log.append(
            Event(
                f"{name} bids {action.args[0]} Gold in secret.",
                "p.16",
                private=seat,
                public=f"{name} has made its bid.",
            )
        )
        if all_sealed(s):
            _open_bids(content, s, log)
        return
    if d["place"]:
        board_moves.put(content, s, d["place"].pop(0), action, log)
        if d["stage"] == "reward":
            _auto_rewards(content, s, log)
        else:
            _next_mover(content, s, log)
        return
    if d["stage"] == "reward":
        _reward(content, s, army, action.args[0], log)
        return
    _move(content, s, army, action.args[0], log)


def _open_bids(content: Content, s: State, log: list[Event]) -> None:
    d = s["dip"]
    paid = {s["armies"][seat]: n for seat, n in reveal(s).items()}
    dice = d.get("bot_die", {})  # a Bot's bid: its die and the Gold it pays (p.22)
    bids = {army: n + dice.get(army, 0) for army, n in paid.items()}
    track_armies = [s["armies"][seat] for seat in s["initiative"]]
    d["order"] = list(rules.bid_order(bids, track_armies))
    d["bids"] = bids
    log.append(
        Event(
            "The bids are revealed: "
            + ", ".join(
                f"{ARMY_NAMES[a]} {bids[a]}" + (f" (its die {dice[a]} and {paid[a]} Gold)" if a in dice else "")
                for a in d["order"]
            )
            + f". {card(s).name}: the highest bidder chooses first.",
            "p.16",
        )
    )
    for army in d["order"]:
        seat = s["armies"].index(army)
        s["gold"][seat] -= paid[army]
    d["stage"] = "reward"
    _auto_rewards(content, s, log)


def _auto_rewards(content: Content, s: State, log: list[Event]) -> None:
    """A bidder with one reward left (or none) takes it without being asked."""
    d = s["dip"]
    while len(d["rewards"]) < len(d["order"]):
        place = len(d["rewards"])
        choices = rules.reward_choices(len(d["order"]), place, [r for r in d["rewards"].values() if r])
        if len(choices) > 1:
            return
        army = d["order"][place]
        if choices:
            _reward(content, s, army, choices[0], log, auto=True)
        else:
            d["rewards"][army] = None
            log.append(Event(f"{ARMY_NAMES[army]} takes no reward.", "p.16"))
    _start_moves(content, s, log)


REWARD_WORDS = {
    "glory": lambda n: f"{n} Glory",
    "faith": lambda n: f"{n} Faith",
    "gold": lambda n: f"{n} Gold",
    "advanced_order": lambda n: count(n, "Advanced Order"),
    "diplomacy_move": lambda n: f"{count(n, 'extra move')} on the diplomacy board",
    "remove_sabotage": lambda n: f"{count(n, 'Sabotage token')} removed from its Regions",
}
"""A Diplomacy Card's reward, as the log says it."""


def _reward(content: Content, s: State, army: str, k: int, log: list[Event], auto: bool = False) -> None:
    d = s["dip"]
    d["rewards"][army] = k
    reward = card(s).rewards[k - 1]
    seat = s["armies"].index(army)
    log.append(Event(f"{ARMY_NAMES[army]} takes reward {k}: {REWARD_WORDS[reward.gain](reward.n)}.", "p.16"))
    if reward.gain == "glory":
        s["glory"] += towards(ALLIANCE_OF[army], reward.n)
    elif reward.gain == "faith":
        gain_faith(s, army, reward.n)
        log.append(Event(f"{sentence(faith_words(s, ALLIANCE_OF[army]))}.", "p.16"))
    elif reward.gain == "gold":
        s["gold"][seat] += reward.n
    elif reward.gain in ("advanced_order", "remove_sabotage"):  # the taker chooses which (ruling TC76)
        d["place"] += board_moves.rewards(s, army, reward.gain, reward.n)
    elif reward.gain == "diplomacy_move":
        d["extra"] += [army] * reward.n
    if not auto:
        _auto_rewards(content, s, log)


def _start_moves(content: Content, s: State, log: list[Event]) -> None:
    d = s["dip"]
    d["stage"] = "move"
    d["moving"] = list(rules.movement_order(card(s), d["rewards"])) + d["extra"]
    _next_mover(content, s, log)


def _next_mover(content: Content, s: State, log: list[Event]) -> None:
    """On to the next mover with somewhere to go (a player with nowhere, or no marker left, does
    not move: ruling TC26); the phase ends after the last."""
    d = s["dip"]
    if d["place"]:
        return
    while d["moving"]:
        army = d["moving"][0]
        if board_moves.spaces(s, army):
            return
        d["moving"].pop(0)
        log.append(Event(f"{ARMY_NAMES[army]} has no space to move to on the diplomacy board.", "TC26"))
    s["dip"] = None
    s["phase"] = "upkeep"


def _move(content: Content, s: State, army: str, key: str, log: list[Event]) -> None:
    d = s["dip"]
    d["moving"].pop(0)
    d["place"] += board_moves.take(content, s, army, key, log)
    _next_mover(content, s, log)
