"""Levantine, the 2-player card game of the Crusades."""

from .game import Levantine

__all__ = ["Levantine"]
