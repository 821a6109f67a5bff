"""Crusader Kingdoms, 1–4 players, with the Muslim automaton of the 1–2 player games."""

from .game import CrusaderKingdoms

__all__ = ["CrusaderKingdoms"]
