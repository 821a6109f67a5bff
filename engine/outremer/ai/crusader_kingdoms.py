"""A rules-aware Crusader Kingdoms player for any kingdom: attacks where the odds and the
prize are good, commits just enough Troops, answers attacks with responses and castles,
plays its events where they help. It reads only its own seat's view."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from math import comb

from ..core.actions import Action
from ..games.crusader_kingdoms.game import CrusaderKingdoms
from .agent import Agent
from .estimate import Logit
from .trained import load

NOBODY = -1
MEAN_TROOP = 2.2  # what a face-down Troop card is worth, on average, to someone who cannot see it


@lru_cache(maxsize=4096)
def hits_dist(n: int) -> tuple[float, ...]:
    n = max(0, n)
    return tuple(comb(n, k) / 2**n for k in range(n + 1))


@lru_cache(maxsize=4096)
def p_attack_wins(att: int, dfn: int) -> float:
    """Chance that ``att`` dice make more hits (4–6) than ``dfn`` dice."""
    a, d = hits_dist(att), hits_dist(dfn)
    below = [0.0] * (len(a) + 1)
    acc = 0.0
    for k in range(len(a) + 1):
        below[k] = acc  # P(D < k)
        if k < len(d):
            acc += d[k]
    return sum(pa * below[k] for k, pa in enumerate(a))


class CrusaderKingdomsHeuristic(Agent):
    name = "heuristic"

    def choose(self, game, view, legal: list[Action], rand: random.Random) -> Action:
        self.g, self.v, self.cards = game, view, game.cards
        self.me = view["viewer"]
        self.hand = view["seats"][self.me]["hand"] or []
        self.board = game.content.boards[view["map"]]
        if view["pending"]:
            return self._pending(legal, view["pending"])
        step = view["step"]
        handler = {
            "action": self._round,
            "attack_cards": self._commit,
            "respond": self._respond,
            "flip": self._flip,
            "reward": self._reward,
        }.get(step)
        return handler(legal) if handler else legal[0]

    # -- helpers -----------------------------------------------------------------------
    def _castles(self, seat):
        return sum(1 for o in self.v["owner"] if o == seat)

    def _leader(self) -> int | None:
        counts = [(s["castles"], s["seat"]) for s in self.v["seats"] if s["seat"] != self.me]
        return max(counts)[1] if counts else None

    def _defence(self, area: int, flips: bool = True) -> int:
        owner = self.v["owner"][area]
        n = self.board.areas[area].defence + (1 if self.v["plus"][area] else 0)
        if flips and owner != NOBODY:
            n += sum(1 for b in self.board.areas[area].borders if self.v["owner"][b] == owner and self.v["plus"][b])
        return n

    def _threat(self, area: int) -> int:
        return sum(1 for b in self.board.areas[area].borders if self.v["owner"][b] != self.me)

    def _troops(self):
        return sorted((c for c in self.hand if self.cards[c].type == "troop"), key=lambda c: -self.cards[c].value)

    def _value(self, area: int) -> float:
        a = self.board.areas[area]
        owner = self.v["owner"][area]
        worth = 1.0 + (a.vp / 2 if self.v["automaton"] else 0)
        if owner != NOBODY:
            # taking from a rival counts twice (he loses a castle), more so the nearer he is to
            # having every castle on the map (sudden victory)
            worth += 0.5 + 0.4 * max(0, self._castles(owner) - 3)
        return worth

    # -- decisions ---------------------------------------------------------------------
    def _round(self, legal):
        attacks = [a for a in legal if a.verb == "attack"]
        strength = sum(self.cards[c].value for c in self._troops())
        extra = sum(
            self.cards[c].n
            for c in self.hand
            if self.cards[c].type == "response"
            and self.cards[c].effect == "extra_dice"
            and self.cards[c].side in ("attack", "either")
        )
        best, best_score = None, 0.0
        for a in attacks:
            p = p_attack_wins(strength + extra, self._defence(a.args[0]))
            score = p * self._value(a.args[0])
            if p >= 0.5 and score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        events = [a for a in legal if a.verb == "event"]
        for a in events:
            effect = self.cards[a.args[0]].effect
            if effect in (
                "draw",
                "card_bonus",
                "walls",
                "seduction",
                "spies",
                "random_discard",
                "skip_round",
                "watchtowers",
                "truce",
            ):
                return a
            if effect in ("independent_attack", "concerted_attack"):
                return a
        incursions = [a for a in legal if a.verb == "incursion" and self.cards[a.args[1]].value == 1]
        if incursions and len(self.hand) > 4:
            return incursions[0]
        return Action("pass")

    def _pending(self, legal, p):
        kind = p["kind"]
        if kind == "target":
            if "area" in p["why"]:
                return max(legal, key=lambda a: (self._value(a.args[0]) - self._defence(a.args[0]) / 10, -a.args[0]))
            leader = self._leader()
            for a in legal:
                if a.args[0] == leader:
                    return a
            return legal[0]
        if kind == "flip":
            return max(legal, key=lambda a: (self._threat(a.args[0]), -a.args[0]))
        if kind == "take":
            return max(
                legal, key=lambda a: (self.cards[a.args[0]].type == "response", self.cards[a.args[0]].value, -a.args[0])
            )
        return legal[0]

    def _commit(self, legal):
        att = self.v["attack"]
        dfn = self._defence(att["area"])
        committed = sum(
            self.cards[t["card"]].value
            for t in att["placed"]
            if t["card"] is not None and self.cards[t["card"]].type == "troop"
        )
        committed += att["bonus_dice"]
        if p_attack_wins(committed, dfn) >= 0.8 and any(a.verb == "go" for a in legal):
            return Action("go")
        adds = [a for a in legal if a.verb == "add"]
        troops = [a for a in adds if self.cards[a.args[0]].type == "troop"]
        if troops:
            return max(troops, key=lambda a: (self.cards[a.args[0]].value, -a.args[0]))
        responses = [a for a in adds if self.cards[a.args[0]].type == "response"]
        if responses and p_attack_wins(committed, dfn) < 0.8:
            return responses[0]
        return Action("go") if any(a.verb == "go" for a in legal) else legal[-1]

    def _estimate(self, att) -> tuple[int, int]:
        """Attack and defence dice of the attack in view, guessing face-down cards."""
        cards = self.cards
        a = att["bonus_dice"]
        for t in att["placed"]:
            if t["card"] is None:
                # face down: the attacker's own cards are mostly Troops; a guess for the others
                a += MEAN_TROOP if t["seat"] == att["attacker"] else 0
            elif cards[t["card"]].type == "troop":
                a += cards[t["card"]].value
        d = self._defence(att["area"], flips=False) + len(att["flipped"])
        for c in att["placed"]:
            if c["card"] is not None and cards[c["card"]].effect == "extra_dice":
                if c["side"] == "attack":
                    a += cards[c["card"]].n
                else:
                    d += cards[c["card"]].n
        return int(round(a)), d

    def _on_defence(self, att) -> bool:
        if att["defender"] == self.me:
            return True
        # co-operative games: a Muslim attack on the other Crusader is defended together
        return self.v["automaton"] is not None and att["attacker"] == NOBODY

    def _respond(self, legal):
        att = self.v["attack"]
        a, d = self._estimate(att)
        p = p_attack_wins(a, d)
        mine_attack = att["attacker"] == self.me or (self.v["automaton"] is not None and att["attacker"] != NOBODY)
        for action in legal:
            if action.verb != "add":
                continue
            side = action.args[1]
            if self._on_defence(att) and side == "defence" and p > 0.3:
                return action
            if mine_attack and side == "attack" and p < 0.75:
                return action
        return Action("done")

    def _flip(self, legal):
        att = self.v["attack"]
        a, d = self._estimate(att)
        flips = [x for x in legal if x.verb == "flip"]
        if flips and p_attack_wins(a, d) > 0.35:
            return flips[0]
        return Action("done")

    def _reward(self, legal):
        if any(a.verb == "bonus" for a in legal):
            return Action("bonus")
        return max(legal, key=lambda a: (self._threat(a.args[0]), -a.args[0]))


ROLLOUT_DEPTH = 20
"""Actions a searching player's rollout plays before it stops and estimates."""


def features(s, seat: int) -> tuple[int, int, int]:
    """What the estimate of the 3–4 player game weighs for one kingdom: castles on the map, Card
    Bonus, cards in hand."""
    from ..games.crusader_kingdoms.state import castles_on_map

    return castles_on_map(s, seat), s["bonus"][seat], len(s["hands"][seat])


def stage(s) -> int:
    """The turn, and how far into it: by the cards left in all hands (24 or more, 12–23, fewer)."""
    left = sum(len(hand) for hand in s["hands"])
    return 3 * (min(3, max(1, s["turn"])) - 1) + (0 if left >= 24 else 1 if left >= 12 else 2)


FEATURES = ("castles", "card_bonus", "cards_in_hand")
"""The names of ``features``, in their order: the weights file names them, and is checked against them."""

STAGES = 9
"""How many values ``stage`` takes."""

LOGIT = Logit(features, stage, load("crusader-kingdoms", CrusaderKingdoms.rules_revision, FEATURES, STAGES))
"""How sharply the position decides the 3–4 player game as it goes, with the weights of
``weights/crusader_kingdoms.json`` (fitted by ``python bench/estimate_fit.py --game crusader-kingdoms
--players 4``: 1,000 4-player games between heuristic players, seed 1). Until late in the third
turn it says little: the 4-player map is fought over to the end, and an early lead in castles
draws attacks."""

VP_LEVEL_BY_TURN = ((13, 12), (10.5, 3.5), (13, 2.8))
"""Against the automaton: the victory points at which the Crusaders' expected level is even
(centre) and how fast it rises (scale), in turns 1, 2 and 3, fitted by eye to 300 solo games
between heuristic players."""


def estimate(game, s, logit: Logit | None = None) -> list[float]:
    """Each seat's expected payoff from ``s`` (see ``Game.payoff``), from the castles on the map
    (3–4 players: by ``logit``, ``LOGIT`` unless given) or the victory points so far (1–2 players)."""
    if s["auto"] is not None:
        seats = game.seats_in(s)
        turn = min(3, max(1, s["turn"])) - 1
        board = game.content.boards[game.mode_of(s).map]
        vp = sum(a.vp for a in board.areas if s["owner"][a.index] != NOBODY) + sum(s["bonus"]) - s["auto"]["bonus"]
        centre, scale = VP_LEVEL_BY_TURN[turn]
        return [1 / (1 + math.exp(-(vp - centre) / scale))] * seats
    return (logit or LOGIT)(game, s)
