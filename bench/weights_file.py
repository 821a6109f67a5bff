"""Weights files of a game's estimate outside the package (a training round's candidates): read
and checked as the shipped ones are (``outremer.ai.weights``), and made into the estimate a
searching level plays with (``agent_for(game, level, estimate=...)``).

A searching level named ``normal@bench/training/levantine/round-1.json`` in ``bench/ai_strength.py``
and ``bench/train.py`` plays with the weights of that file (a path from the repository's root, as
the workers read it)."""

from __future__ import annotations

import functools
import hashlib
import importlib
from pathlib import Path

from outremer.ai.estimate import Logit
from outremer.ai.weights import parse

AT = "@"


def module_of(game):
    """The game's AI module (its ``features``, ``stage``, ``FEATURES``, ``STAGES``, ``LOGIT``)."""
    return importlib.import_module(f"outremer.ai.{game.id.replace('-', '_')}")


def split(kind: str) -> tuple[str, str | None]:
    """A level's name and the weights file it plays with (None: the game's own)."""
    level, _, path = kind.partition(AT)
    return level, path or None


def digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def read(game, path: str) -> dict:
    """The weights file at ``path``, checked against ``game``'s feature function and revision."""
    ai = module_of(game)
    return parse(Path(path).read_text(encoding="utf-8"), path, game.id, game.rules_revision, ai.FEATURES, ai.STAGES)


def logit(game, weights) -> Logit:
    ai = module_of(game)
    return Logit(ai.features, ai.stage, tuple(tuple(row) for row in weights))


@functools.lru_cache(maxsize=8)
def _estimate(game_id: str, path: str, stamp: float):
    from outremer.games import get_game
    game = get_game(game_id)
    new = logit(game, read(game, path)["weights"])
    own = getattr(module_of(game), "estimate", None)  # a game whose estimate is more than its Logit
    return functools.partial(own, logit=new) if own is not None else new


def estimate(game, path: str | None):
    """The estimate of ``game`` with the weights of the file at ``path`` (None: the game's own)."""
    if path is None:
        return None
    return _estimate(game.id, path, Path(path).stat().st_mtime)
