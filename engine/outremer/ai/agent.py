"""What a computer player is: an agent choosing one of the legal actions from its seat's view."""

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
