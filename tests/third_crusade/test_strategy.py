"""The Strategy phase (p.10): Event Cards laid in secret under the bidding board, revealed
together, picked from the other Alliance's rows for command points."""

from __future__ import annotations

import random

from outremer.games.third_crusade import strategy
from outremer.games.third_crusade.data import ALLIANCE_OF, content
from outremer.games.third_crusade.events import event
from outremer.games.third_crusade.state import armies_for, new_state

C = content()


def _start(players, seed=1, **options):
    s = new_state(C, armies_for(players, options), seed)
    strategy.setup_events(C, s)
    strategy.start(C, s)
    return s


def _do(s, action):
    seat = strategy.to_act(s)
    assert action in strategy.legal(C, s, seat)
    log = []
    strategy.perform(C, s, seat, action, log)
    return seat, log


def _arrange(s, i):
    """The ``i``-th way to lay the cards of the seat to act (``strategy.ORDERS[i]``)."""
    return strategy.legal(C, s, strategy.to_act(s))[i]


def _play(s, rand):
    while s["phase"] == "strategy":
        _do(s, rand.choice(strategy.legal(C, s, strategy.to_act(s))))


def test_the_cards_are_laid_in_secret_and_revealed_together():
    s = _start(2)
    seat, log = _do(s, _arrange(s, 5))
    other = 1 - seat
    assert "face down" in log[0].for_seat(other)
    for key in s["strategy"]["drawn"][s["armies"][seat]]:
        assert event(key).title not in log[0].for_seat(other)
    assert s["strategy"]["rows"] is None  # nothing shows before the other has laid its own
    _do(s, _arrange(s, 0))
    rows = s["strategy"]["rows"]
    army = s["armies"][seat]
    order = strategy.ORDERS[5]
    assert rows[army] == [s["strategy"]["drawn"][army][order[i]] for i in range(4)]


def test_two_players_each_pick_two_from_the_other_row_for_its_flags():
    s = _start(2, seed=3)
    _do(s, _arrange(s, 0))
    _do(s, _arrange(s, 0))
    cp = list(s["cp"])
    gained = [0, 0]
    while s["phase"] == "strategy":
        seat = strategy.to_act(s)
        legal = strategy.legal(C, s, seat)
        assert all(ALLIANCE_OF[a.args[0]] != ALLIANCE_OF[s["armies"][seat]] for a in legal)
        pick = max(legal, key=lambda a: a.args[1])
        gained[seat] += pick.args[1]
        _do(s, pick)
    assert s["phase"] == "planning"
    assert [len(s["hand"][a]) for a in s["armies"]] == [2, 2]
    assert s["cp"] == [cp[0] + gained[0], cp[1] + gained[1]]
    assert gained == [5 + 4, 5 + 4]  # each took the two best flags of the other row


def test_three_players_the_lone_player_picks_four_and_the_pair_one_each_at_double():
    s = _start(3, seed=2, lone="crusader")
    for _ in range(3):
        _do(s, _arrange(s, 0))
    lone = next(i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == "crusader")
    picks = {i: 0 for i in range(3)}
    flags = {i: 0 for i in range(3)}
    cp = list(s["cp"])
    while s["phase"] == "strategy":
        seat = strategy.to_act(s)
        pick = strategy.legal(C, s, seat)[0]
        picks[seat] += 1
        flags[seat] += pick.args[1]
        _do(s, pick)
    assert picks[lone] == 4 and all(picks[i] == 1 for i in range(3) if i != lone)
    assert all(len(h) == 2 for h in s["hand"].values())
    assert s["cp"][lone] - cp[lone] == flags[lone]
    for seat in range(3):
        if seat != lone:
            assert s["cp"][seat] - cp[seat] == 2 * flags[seat]  # double, from the lone player's row


def test_four_players_at_most_two_picks_from_a_row():
    rand = random.Random(7)
    for seed in range(6):
        s = _start(4, seed=seed)
        _play(s, rand)
        assert all(len(h) == 2 for h in s["hand"].values())
