"""The front door (index.html's game chooser), built by build.py under CPython.

Each game's web module (``web/games/<module>.py``) says how it presents itself: ``FRONT``
(a one-line pitch and the setup of "Play against the computer") and ``picture(catalog_game)``,
an SVG drawn from its own table (its template and context, rendered here).  This module
gathers them with what the engine says of each game (name, player counts, seat names for every
count, options), so that the chooser, the "Set up a game" dialog and the rules links work before
Python has loaded in the page.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from markupsafe import Markup

import render
from outremer.games import get_game


def _module(game_id: str):
    return importlib.import_module(f"games.{render.module_name(game_id)}")


def players_label(low: int, high: int) -> str:
    return f"{low} player{'s' if low != 1 else ''}" if low == high else f"{low}–{high} players"


def quick_label(bridge, game: dict[str, Any], quick: dict[str, Any]) -> str:
    """Who is who in the one-click game, from the engine's own seat names."""
    names = seat_names_by_count(bridge, game)[str(len(quick["seats"]))]
    mine = [n for n, who in zip(names, quick["seats"], strict=False) if who == "human"]
    theirs = [n for n, who in zip(names, quick["seats"], strict=False) if who != "human"]
    return f"You: {', '.join(mine)}. The computer: {', '.join(theirs)}."


def seat_names_by_count(bridge, game: dict[str, Any]) -> dict[str, list[str]]:
    """The seats' names for every player count (they differ: a solo game names the automaton)."""
    names = {}
    for count in range(game["min_seats"], game["max_seats"] + 1):
        answer = json.loads(bridge.new_game(json.dumps({"game": game["id"], "seats": ["human"] * count, "seed": 1})))
        names[str(count)] = answer["seat_names"] if answer["ok"] else game["seat_names"][:count]
    return names


FIGURES = Path(__file__).resolve().parent / "games" / "front_figures.json"
RULES = Path(__file__).resolve().parent / "rules"
WORDS_PER_MINUTE = 200
WEIGHTS = ((1_500, "Light"), (3_000, "Medium"), (None, "Heavy"))
"""A game's weight, from the length of its rules page in words (the rules a player must hold in
mind): up to 1,500 words light, up to 3,000 medium, heavier beyond. Ours (docs/playing.md)."""


def length_and_weight(game_id: str, revision: int) -> dict[str, Any]:
    """How long a game against the computer takes and how heavy its rules are, as the front door
    says it: the minutes and decisions measured by ``bench/game_length.py`` (for this rules
    revision, else none are claimed), the weight and reading time from its rules page."""
    words = len((RULES / f"{game_id}.md").read_text(encoding="utf-8").split())
    weight = next(name for limit, name in WEIGHTS if limit is None or words <= limit)
    read = max(1, round(words / WORDS_PER_MINUTE))
    figures = json.loads(FIGURES.read_text(encoding="utf-8"))
    row = figures["games"].get(game_id)
    out = {"weight": weight, "rules_minutes": read, "rules_words": words}
    if row and row["rules_revision"] == revision:
        out |= {
            "minutes": row["minutes"],
            "decisions": round(row["decisions_median"]),
            "seconds_per_decision": figures["seconds_per_decision"],
        }
    return out


def games(bridge) -> list[dict[str, Any]]:
    """Every game as the front door shows it (picture as SVG markup)."""
    out = []
    for game in json.loads(bridge.catalog())["games"]:
        module = _module(game["id"])
        front = module.FRONT
        out.append(
            {
                "id": game["id"],
                "name": game["name"],
                "pitch": front["pitch"],
                "players": players_label(game["min_seats"], game["max_seats"]),
                "quick": front["quick"],
                "quick_label": quick_label(bridge, game, front["quick"]),
                "picture": Markup(render.render(*module.picture(game))),
                "rules": render.rules_href(game["id"]),
                "figures": length_and_weight(game["id"], get_game(game["id"]).rules_revision),
                "lesson": game.get("lesson"),
            }
        )
    return out


def catalog(bridge) -> dict[str, Any]:
    """The catalog the page uses before the engine is up: the engine's, with each game's seat
    names for every player count and its front-door setup."""
    data = json.loads(bridge.catalog())
    for game in data["games"]:
        front = _module(game["id"]).FRONT
        game["seat_names_by_count"] = seat_names_by_count(bridge, game)
        game["quick"] = front["quick"]
        game.pop("cards", None)  # the table's business, loaded with the engine
    return data
