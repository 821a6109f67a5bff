"""The games, by id and by share-code number. Listed here explicitly: importing a game
module registers nothing."""

from __future__ import annotations

from functools import cache

from ..core.game import Game


@cache
def all_games() -> dict[str, Game]:
    from .crusader_kingdoms import CrusaderKingdoms
    from .levantine import Levantine
    from .lords_of_heaven import LordsOfHeaven
    from .third_crusade.game import ThirdCrusade

    games = [Levantine(), CrusaderKingdoms(), LordsOfHeaven(), ThirdCrusade()]
    return {g.id: g for g in games}


def get_game(game_id: str) -> Game:
    games = all_games()
    if game_id not in games:
        from ..core.errors import BadSetup

        raise BadSetup(f"Unknown game {game_id!r}: choose one of {', '.join(sorted(games))}.")
    return games[game_id]


def game_by_code(number: int) -> Game | None:
    return next((g for g in all_games().values() if g.code_id == number), None)
