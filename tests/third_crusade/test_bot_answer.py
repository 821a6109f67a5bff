"""The Bot's answers on real games: games in which some Armies' every question goes first to
``bot.answer.answer`` (what it leaves, and the other Armies, at random): each answer is one of the
legal actions and every log line it writes names a known rule."""

from __future__ import annotations

import random

import pytest

from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.third_crusade.bot.answer import answer
from outremer.games.third_crusade.rules import RULEBOOK, RULINGS

GAME = get_game("third-crusade")


@pytest.mark.parametrize("players,bot_seats,seed", [(2, (1,), 2), (2, (0, 1), 5), (3, (0, 1, 2), 7)])
def test_answers_are_legal_on_real_games(players, bot_seats, seed):
    m = Match(GAME, GAME.make_setup(players, ["human"] * players, {}))
    rand = random.Random(seed)
    asked: set[str] = set()
    known = set(RULEBOOK) | set(RULINGS)
    while m.to_act() is not None and m.steps < 1200:
        seat = m.to_act()
        legal = GAME.legal_actions(m.state)
        choice = None
        if seat in bot_seats:
            s = m.state
            log: list = []
            choice = answer(s, s["armies"][seat], legal, rand.randrange, log, jerusalem_max=7)
            if choice is not None:
                assert choice in legal, (choice, legal[:10])
                asked.add(choice.verb)
                assert all(e.rule in known for e in log), [e.rule for e in log]
        m.play(choice if choice is not None else rand.choice(legal))
    assert asked, "the Bot was never asked anything it answers"
