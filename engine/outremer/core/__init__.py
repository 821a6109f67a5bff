"""What every game shares: actions, chance, errors, the game interface, matches and share codes."""

from .actions import Action
from .errors import BadSetup, BadShareCode, BadState, DataError, IllegalAction, OutremerError
from .game import Event, Game, Option, Setup
from .match import Match

__all__ = [
    "Action",
    "BadSetup",
    "BadShareCode",
    "BadState",
    "DataError",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Option",
    "OutremerError",
    "Setup",
]
