"""Lords of Heaven (Phalanx; designer Aleksander Jagodziński): 2-4 players."""

from .game import LordsOfHeaven

__all__ = ["LordsOfHeaven"]
