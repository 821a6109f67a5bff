"""Third Crusade as a whole game: every mode plays to a result with the Alliances as sides, and
every action a player is offered reads in words (the terminal lists them)."""

from __future__ import annotations

import random

import pytest

from outremer.core.match import Match
from outremer.games import get_game

GAME = get_game("third-crusade")


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {}),
        (2, {"crusader_army": "hre", "muslim_army": "turkoman"}),
        (3, {"lone": "muslim"}),
        (3, {"lone": "crusader"}),
        (4, {}),
    ],
)
def test_every_mode_plays_to_a_result_between_the_alliances(players, options):
    match = Match(GAME, GAME.make_setup(7, ["random"] * players, options))
    rand = random.Random(7)
    verbs = set()
    while match.to_act() is not None:
        legal = match.legal_actions()
        for action in legal:
            words = GAME.describe(match.state, action)
            assert words and words != action.text, action.text
        verbs |= {a.verb for a in legal}
        match.play(rand.choice(legal))
    result = match.result()
    sides = GAME.teams(match.state)
    assert [name for name, _ in sides] == ["Crusader Alliance", "Muslim Alliance"]
    assert sorted(seat for _, seats in sides for seat in seats) == list(range(players))
    if result["team"] is not None:
        assert set(result["winners"]) <= set(sides[result["team"]][1]) and result["winners"]
    assert {"arrange", "pick", "order", "section", "execute", "bid"} <= verbs


def test_the_heuristic_beats_a_random_player_from_either_side():
    """The rules-aware computer player (it reads only its seat's view) against random play, 2
    players, 8 games a side: it wins at least 7 of them."""
    from outremer.sim import simulate

    first = simulate(GAME, ["heuristic", "random"], 8, 1)
    second = simulate(GAME, ["random", "heuristic"], 8, 1)
    assert first["wins"]["Angevin"] >= 7 and second["wins"]["Ayyubid"] >= 7


def test_the_terminal_table_names_every_region_and_hides_the_other_alliances_orders():
    """``outremer play``'s text table (view.text_table): every Region of the board in play, each
    Army's tracks; an Order of the other Alliance only as face down (ruling TC40)."""
    import random

    from outremer.core.match import Match
    from outremer.games import get_game
    from outremer.games.third_crusade.cards import orders
    from outremer.games.third_crusade.data import ALLIANCE_OF, board_for, content

    game = get_game("third-crusade")
    m, rand = Match(game, game.make_setup(4, ["human"] * 4)), random.Random(4)
    while m.state["phase"] != "command":
        m.play(rand.choice(game.legal_actions(m.state)))
    text = game.text_table(game.view(m.state, 0))
    for region in board_for(content(), m.state["armies"]).regions:
        assert f"\n{region.name} (" in text
    for army in m.state["armies"]:
        assert f"\n{game.view(m.state, 0)['players'][m.state['armies'].index(army)]['name']} (" in text
    placed = [(key, side) for key, sides in m.state["sections"].items() for side in sides.values() if side]
    theirs = [side for _key, side in placed if ALLIANCE_OF[side[0]] != "crusader"]
    assert theirs and "Order face down" in text
    ours = [side for _key, side in placed if ALLIANCE_OF[side[0]] == "crusader"]
    for army, key in ours:
        assert next(o.name for o in orders(army) if o.key == key) in text


def test_the_heuristic_places_in_two_choices_the_pair_it_rates_best():
    """Planning in two choices (the Order, then its Region): the heuristic takes the Order of the
    (Order, Region) pair it rates highest, the first such in the order the pairs come, then that
    pair's Region, as when a pair was one choice (so that the balance figures hold); it passes
    when no pair is worth more than 0.8."""
    from outremer.ai.third_crusade import ThirdCrusadeHeuristic

    agent = ThirdCrusadeHeuristic()
    checked = passed = 0
    for players in (2, 4):
        match = Match(GAME, GAME.make_setup(9, ["heuristic"] * players))
        while match.to_act() is not None and checked < 40:
            s, seat = match.state, match.to_act()
            legal = GAME.legal_actions(s)
            choice = agent.choose(GAME, GAME.view(s, seat), legal, random.Random(0))
            if s["phase"] == "planning" and s["plan"] is None and len(legal) > 1:
                pairs = list(agent._order_scores(legal))
                top = max((w for _, _, w in pairs), default=0.0)
                best = next(((a, k) for a, k, w in pairs if w == top), None)
                if top <= 0.8:
                    assert choice.verb == "pass"
                    passed += 1
                else:
                    assert choice == best[0]
                    after, _ = GAME.apply(s, choice)
                    then = agent.choose(GAME, GAME.view(after, seat), GAME.legal_actions(after), random.Random(0))
                    assert then.text == f"section {best[1]}", (choice, then, best)
                    checked += 1
            match.play(choice)
    assert checked >= 20 and passed


def test_the_easy_level_strikes_whole_placings_with_its_noise():
    """The easy level (the heuristic, with a random move a quarter of the time) on the two steps
    of placing an Order: a random move is any (Order, Region) pair or passing, each alike, as when
    they were one choice: so it passes about once in (Orders × Regions + 1) random moves, not once
    in (Orders + 1); the Region of the Order the heuristic chose is the heuristic's, that of
    another Order any Region."""
    from outremer.ai import agent_for
    from outremer.ai.search import NoisyAgent

    heuristic = agent_for(GAME, "heuristic")
    wild = NoisyAgent("wild", heuristic, 1.0)
    match = Match(GAME, GAME.make_setup(4, ["heuristic"] * 2))
    while not (match.state["phase"] == "planning" and match.state["plan"] is None):
        match.play(
            heuristic.choose(GAME, GAME.view(match.state, match.to_act()), match.legal_actions(), random.Random(0))
        )
    s, seat = match.state, match.to_act()
    view, legal = GAME.view(s, seat), match.legal_actions()
    picks = [wild.choose(GAME, view, legal, random.Random(k)) for k in range(300)]
    kinds = len(legal) - 1
    assert sum(a.verb == "pass" for a in picks) <= 300 // kinds // 2  # 1 in 10 x 17 + 1, not 1 in 11
    assert len({a for a in picks if a.verb == "order"}) == kinds
    own = heuristic.choose(GAME, view, legal, random.Random(0))
    after, _ = GAME.apply(s, own)
    then = heuristic.choose(GAME, GAME.view(after, seat), GAME.legal_actions(after), random.Random(0))
    for k in range(20):
        assert wild.choose(GAME, GAME.view(after, seat), GAME.legal_actions(after), random.Random(k)) == then
    other = next(a for a in legal if a.verb == "order" and a != own)
    after, _ = GAME.apply(s, other)
    regions = {
        wild.choose(GAME, GAME.view(after, seat), GAME.legal_actions(after), random.Random(k)) for k in range(40)
    }
    assert len(regions) > 5 and {a.verb for a in regions} == {"section"}
