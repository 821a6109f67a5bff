"""The weights of a game's estimate, as data: ``weights/<game>.json`` in this package.

A searching player's rollouts stop at an estimate (:class:`outremer.ai.estimate.Logit`): each
seat's chance in proportion to exp(w · features), with weights per stage of the game. The weights
are learned (``bench/estimate_fit.py`` from games between heuristic players; ``bench/train.py``
from positions played and judged by the searching player), so they live beside the code as a data
file that says what they were trained for and how:

    {"game": "levantine",            the game's id
     "rules_revision": 2,            the game's ``rules_revision`` when they were trained
     "features": ["lead", ...],      the names of the features, in the order the weights take them
     "stages": 9,                    how many stages (rows of weights)
     "weights": [[...], ...],        one row per stage, one weight per feature
     "training": {"command": ..., "seed": ..., "games": ..., "level": ..., "date": ...}}

Checked on load, like every data file. A file that does not fit the game's feature function (other
names, another count of features or of stages, not numbers) is refused with a ``DataError`` naming
the file: such weights would weigh the wrong numbers. A file trained for another rules revision is
played all the same, with a ``StaleWeights`` warning naming the file and the command to train them
again: the site keeps working with an estimate that was good under rules a little different, and
``tests/test_weights.py`` fails until they are trained again (or the revision is confirmed to leave
the estimate's inputs alone and the file's revision raised by hand, saying so in its training
record).
"""

from __future__ import annotations

import functools
import json
import math
import os
import warnings
from collections.abc import Sequence
from importlib import resources
from typing import Any

from ..core.errors import DataError

FOLDER = "weights"


class StaleWeights(UserWarning):
    """A weights file trained for another rules revision than the game's."""


def file_name(game_id: str) -> str:
    return f"{game_id.replace('-', '_')}.json"


def read_text(game_id: str) -> str:
    """The shipped weights file of ``game_id`` (inside the package: the wheel, Pyodide)."""
    return resources.files(__package__).joinpath(FOLDER, file_name(game_id)).read_text(encoding="utf-8")


def parse(
    text: str, name: str, game_id: str, revision: int, features: Sequence[str], stages: int, retrain: str = ""
) -> dict[str, Any]:
    """The weights file ``name`` (its ``text``), checked against the game and its feature
    function: a ``DataError`` naming the file if it does not fit, a ``StaleWeights`` warning if
    it was trained for another rules revision; either names the command that trains them again
    (``retrain``; by default the game's ``bench/train.py``)."""
    retrain = retrain or f"python bench/train.py --game {game_id} all"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: not valid JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise DataError(f"{name}: expected an object with game, rules_revision, features, stages, weights.")
    missing = [k for k in ("game", "rules_revision", "features", "stages", "weights", "training") if k not in data]
    if missing:
        raise DataError(f"{name}: missing {', '.join(missing)}.")
    if data["game"] != game_id:
        raise DataError(f"{name}: weights of {data['game']!r}, not of {game_id!r}.")
    if list(data["features"]) != list(features):
        raise DataError(
            f"{name}: features {data['features']} do not match the game's feature function "
            f"({list(features)}); train the weights again ({retrain})."
        )
    rows = data["weights"]
    if data["stages"] != stages or not isinstance(rows, list) or len(rows) != stages:
        raise DataError(
            f"{name}: {stages} stages expected (one row of weights each), the file has "
            f"{data['stages']} and {len(rows) if isinstance(rows, list) else 'no'} rows; "
            f"train the weights again ({retrain})."
        )
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != len(features):
            raise DataError(
                f"{name}: stage {i}: {len(features)} weights expected (one per feature: "
                f"{', '.join(features)}), found {len(row) if isinstance(row, list) else row!r}."
            )
        if not all(isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w) for w in row):
            raise DataError(f"{name}: stage {i}: every weight must be a finite number.")
    if data["rules_revision"] != revision:
        warnings.warn(
            f"{name}: trained for rules revision {data['rules_revision']} of {game_id}, which now "
            f"plays revision {revision}; the estimate may misjudge positions until the weights are "
            f"trained again ({retrain}).",
            StaleWeights,
            stacklevel=2,
        )
    return data


def load(
    game_id: str,
    revision: int,
    features: Sequence[str],
    stages: int,
    text: str | None = None,
    retrain: str = "",
) -> tuple[tuple[float, ...], ...]:
    """The weights of ``game_id``'s estimate, one row per stage, from its shipped file (or
    ``text`` in its place: an edited file, in tests), checked (:func:`parse`); ``retrain`` names
    the command that trains them again where it is not the game's ``bench/train.py``."""
    name = f"outremer/ai/{FOLDER}/{file_name(game_id)}"
    data = parse(read_text(game_id) if text is None else text, name, game_id, revision, features, stages, retrain)
    return tuple(tuple(float(w) for w in row) for row in data["weights"])


def ai_module(game: Any) -> Any:
    """The module of the game's estimate (its ``features``, ``stage``, ``FEATURES``, ``STAGES``,
    ``LOGIT``, and ``estimate`` where the estimate is more than its Logit): ``<game>_estimate``
    where the game keeps it apart from its heuristic player (Third Crusade), else ``<game>``."""
    import importlib
    import importlib.util

    name = f"{__package__}.{game.id.replace('-', '_')}"
    own = f"{name}_estimate"
    return importlib.import_module(own if importlib.util.find_spec(own) is not None else name)


def read_file(game: Any, path: str) -> dict[str, Any]:
    """A weights file outside the package (a training round's candidate), checked as the
    shipped ones are."""
    ai = ai_module(game)
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path, game.id, game.rules_revision, ai.FEATURES, ai.STAGES)


@functools.lru_cache(maxsize=8)
def _estimate(game: Any, path: str, stamp: float) -> Any:
    from .estimate import Logit

    ai = ai_module(game)
    logit = Logit(ai.features, ai.stage, tuple(tuple(row) for row in read_file(game, path)["weights"]))
    own = getattr(ai, "estimate", None)  # a game whose estimate is more than its Logit
    return functools.partial(own, logit=logit) if own is not None else logit


def estimate_from_file(game: Any, path: str | None) -> Any:
    """The estimate of ``game`` with the weights of the file at ``path`` (None: None, the game's
    own), for ``agent_for(game, level, estimate=...)``: a level playing with a candidate's weights
    (bench/train.py, bench/ai_strength.py). The file is read where the game is played: on a
    cluster, at the same path on every machine."""
    if path is None:
        return None
    return _estimate(game, path, os.stat(path).st_mtime)
