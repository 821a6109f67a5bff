"""What a computer seat may believe of the Bot's hidden Orders (ruling TC123): the search plans on
``Game.redeal``, which deals the Bot's Prepared Orders anew among its face-down spots and its
screen, and leaves its Reaction group and Blanks where they are."""

from __future__ import annotations

import random

from outremer.ai import agent_for, agent_random, decide
from outremer.games import get_game
from outremer.games.third_crusade.cards import orders
from outremer.games.third_crusade.data import ALLIANCE_OF
from outremer.games.third_crusade.solo import known_orders, reaction_group


def _face_down(s, army):
    side = ALLIANCE_OF[army]
    return {k: sides[side][1] for k, sides in s["sections"].items() if sides[side] and sides[side][0] == army}


def _states_with_bot_orders_down(options, seed=4, limit=4):
    """States of a solo game (the quick player's seat) where a Bot has Orders face down."""
    game = get_game("third-crusade")
    state, _ = game.start(game.make_setup(seed, ["heuristic"], options))
    agent, found, step = agent_for(game, "heuristic"), [], 0
    while (seat := game.to_act(state)) is not None and len(found) < limit:
        if step % 5 == 0 and any(_face_down(state, a) for a in state["bot"]):
            found.append(state)
        state, _ = game.apply(state, decide(agent, game, state, seat, agent_random(seed, step)))
        step += 1
    assert found, "no state with a Bot's Orders face down"
    return game, found


def test_a_bots_face_down_orders_are_redealt_from_its_prepared_group_only():
    for options in ({"side": "crusader"}, {"side": "muslim", "command": 2, "bots": 2}):
        game, states = _states_with_bot_orders_down(options)
        moved = 0
        for state in states:
            seat = game.to_act(state)
            rand = random.Random(1)
            for _ in range(20):
                new = game.redeal(state, seat, rand)
                for army in state["bot"]:
                    kinds = {o.key: o for o in orders(army)}
                    down = _face_down(new, army)
                    assert not any(reaction_group(kinds[k]) for k in down.values()), (
                        "a Bot's face-down Order dealt from its Reaction group (p.20, ruling TC123)"
                    )
                    kept = known_orders(state, army)
                    assert sorted(k for k in new["box"][army] if k in kept) == sorted(
                        k for k in state["box"][army] if k in kept
                    )
                    assert sorted(list(new["box"][army]) + list(down.values())) == sorted(
                        list(state["box"][army]) + list(_face_down(state, army).values())
                    )
                    moved += down != _face_down(state, army)
        assert moved, "the Bot's face-down Orders were never dealt anew"


def test_a_persons_army_has_no_known_orders():
    game = get_game("third-crusade")
    state, _ = game.start(game.make_setup(1, ["heuristic"], {}))
    person = state["armies"][state["seat_of"].index(0)]
    assert known_orders(state, person) == frozenset()
    assert all(known_orders(state, a) for a in state["bot"])


def test_the_quick_player_plays_each_army_of_its_seat_in_every_solo_mode():
    """A seat commanding both Armies (p.19) is shown, and plays, the Army it moves now: the quick
    player bids its own Gold, not its partner's (the bid of deal 6 once found no such action)."""
    from outremer.ai.third_crusade import army_index

    game = get_game("third-crusade")
    for players, options, seed in (
        (1, {"side": "muslim", "command": 2, "bots": 2}, 6),
        (1, {"side": "crusader"}, 1),
        (1, {"bots": 2}, 2),
        (2, {"together": "muslim-2"}, 3),
    ):
        state, _ = game.start(game.make_setup(seed, ["heuristic"] * players, options))
        agent, step, armies = agent_for(game, "heuristic"), 0, set()
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            if game.actor(state) is not None:
                assert army_index(view) == game.actor(state)
                armies.add(game.actor(state))
            state, _ = game.apply(state, decide(agent, game, state, seat, agent_random(seed, step)))
            step += 1
        assert game.result(state) is not None
        assert armies == {i for i, s in enumerate(state["seat_of"]) if s is not None}
