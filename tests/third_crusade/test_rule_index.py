"""Every Third Crusade log line names a page of the rulebook or one of our rulings, and the ruling
titles the log links to are the headings of docs/rulings/third-crusade.md."""

from __future__ import annotations

import random
import re

import pytest

from conftest import rulings_document
from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.third_crusade.rules import RULEBOOK, RULINGS

GAME = get_game("third-crusade")


def _rulings_document() -> str | None:
    return rulings_document("third-crusade")


def test_ruling_titles_match_the_rulings_document():
    text = _rulings_document()
    if text is None:
        pytest.skip("docs/rulings/third-crusade.md is not available here")
    headings = dict(re.findall(r"^## (TC\d+) — (.+)$", text, flags=re.M))
    assert set(headings) == set(RULINGS)
    for key, title in RULINGS.items():
        assert headings[key] == title, key


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {}), (4, {"variable": True})])
def test_every_log_line_names_a_known_rule(players, options):
    known = set(RULEBOOK) | set(RULINGS)
    m, rand = Match(GAME, GAME.make_setup(players, ["human"] * players, options)), random.Random(players)
    while m.to_act() is not None and m.steps < 600:
        m.play(rand.choice(GAME.legal_actions(m.state)))
    rules = {line["rule"] for line in m.log_for(None, m.steps)}
    assert rules and not rules - known, rules - known
    assert all(GAME.rule_title(r).startswith(("Rulebook:", "Ruling TC")) for r in rules)
