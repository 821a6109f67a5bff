"""Computer players. Every agent sees only its own seat's view and the legal actions."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.game import Game


class Agent:
    """Chooses one of the legal actions from what its seat may see."""

    name = "agent"

    def choose(self, game: Game, view: dict, legal: list[Action], rand: random.Random) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, game, view, legal, rand):
        return rand.choice(legal)


def agent_for(game: Game, kind: str) -> Agent:
    """The agent of ``kind`` ("random" or "heuristic") for ``game``."""
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        if game.id == "levantine":
            from .levantine import LevantineHeuristic
            return LevantineHeuristic()
        if game.id == "crusader-kingdoms":
            from .crusader_kingdoms import CrusaderKingdomsHeuristic
            return CrusaderKingdomsHeuristic()
    raise ValueError(f"No {kind!r} computer player for {game.name}.")


def agent_random(seed: int, step: int) -> random.Random:
    """The agent's own randomness for one decision: reproducible from the match seed and step."""
    return random.Random(seed * 1_000_003 + step)


def choose(game: Game, state: dict, seat: int, kind: str, seed: int, step: int) -> Action:
    """One decision of a computer seat, made from that seat's view only."""
    legal = game.legal_actions(state)
    view = game.view(state, seat)
    return agent_for(game, kind).choose(game, view, legal, agent_random(seed, step))
