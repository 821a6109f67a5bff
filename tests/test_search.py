"""The searching player (outremer.ai.search): generic over the core, and it never peeks.

The proof that it never peeks is the generic harness's: for states of every game and mode, the
searching player's choice, from the same seed, is the same for the true state and for every
deal of the hidden cards its seat cannot tell from it (``redeal``). A variant given the full
state fails the same check, so the check can fail.
"""

import json
import random

import pytest

from conftest import sweep
from outremer.ai import SEARCH_BIAS, agent_for, agent_random, decide, heuristic_for, sampler
from outremer.ai.search import Search, SearchAgent
from outremer.core import sharecode
from outremer.core.actions import Action
from outremer.core.game import CONTROLLERS, clone
from outremer.core.match import Match
from outremer.games import game_by_code, get_game
from outremer.sim import play_out

MODES = [
    ("levantine", 2, {}),
    ("levantine", 2, {"egypt": True}),
    ("crusader-kingdoms", 4, {}),
    ("crusader-kingdoms", 3, {}),
    ("crusader-kingdoms", 2, {}),
    ("crusader-kingdoms", 1, {}),
    ("lords-of-heaven", 4, {}),
    ("lords-of-heaven", 3, {"absent": "seljuk"}),
    ("lords-of-heaven", 2, {"christians": "byzantines", "muslims": "caliphate"}),
    ("third-crusade", 4, {}),
    ("third-crusade", 3, {"lone": "crusader"}),
    ("third-crusade", 2, {}),
    ("third-crusade", 4, {"variable": True}),
    # the solo game (p.19-23): the seat must not see the Bot's face-down Orders (ruling TC123)
    ("third-crusade", 1, {"side": "muslim"}),
    ("third-crusade", 1, {"side": "muslim", "command": 2, "bots": 2}),
    ("third-crusade", 2, {"together": "muslim-2"}),
]
IDS = [
    "levantine",
    "levantine-egypt",
    "ck-4",
    "ck-3",
    "ck-coop",
    "ck-solo",
    "loh-4",
    "loh-3",
    "loh-2",
    "tc-4",
    "tc-3",
    "tc-2",
    "tc-4-variable",
    "tc-solo",
    "tc-solo-2-armies",
    "tc-together",
]
BUDGET = 24  # iterations: enough for the tree to branch on what the search believes


def states_along(game, players, options, seed, every=7, limit=12):
    """States met along a game between random players, with hidden cards and choices to make."""
    setup = game.make_setup(seed, ["random"] * players, options)
    state, _ = game.start(setup)
    rand = random.Random(seed)
    found, step = [], 0
    while game.to_act(state) is not None and len(found) < limit:
        legal = game.legal_actions(state)
        if step % every == 0 and len(legal) > 1:
            found.append(state)
        state, _ = game.apply(state, rand.choice(legal))
        step += 1
    return found


VARIANTS = {"tree": {}, "paired, with the model": {"model": True, "paired": True}}
"""The search's ways of spending its budget: the tree alone (normal), and with both of what the
hard levels add to it (the other seats played by the heuristic in the tree, as most games' hard
does; the root's actions compared on common random numbers, as Levantine's hard does)."""


def small_search(game, seat_sample, seat, legal, seed, variant="tree", narrow=None):
    policy, estimate, depth = heuristic_for(game)
    search = Search(
        game,
        seat_sample,
        seat,
        legal,
        random.Random(seed),
        BUDGET,
        policy,
        estimate,
        depth,
        bias=SEARCH_BIAS,
        narrow=narrow,
        **VARIANTS[variant],
    )
    search.run()
    return search.best(), search.visits(), {a: round(n.total, 9) for a, n in search.root.children.items()}


def peeks(game, state, seat, sample_for, seed, deals=3, variant="tree", narrow=None):
    """A deal of the hidden cards under which the search, from the same seed, chooses or
    believes otherwise than from the true state; None when there is none."""
    legal = game.legal_actions(state)
    truth = small_search(game, sample_for(state), seat, legal, seed, variant, narrow)
    rand = random.Random(seed + 1)
    for _ in range(deals):
        other = game.redeal(state, seat, rand)
        assert game.legal_actions(other) == legal
        if small_search(game, sample_for(other), seat, legal, seed, variant, narrow) != truth:
            return other
    return None


def honest(state_seat):
    state, seat, game = state_seat
    return sampler(game, state, seat)


@pytest.mark.parametrize("mode", MODES, ids=IDS)
def test_determinizations_depend_only_on_the_seats_view(mode):
    """Game.determinize: the same seed gives the same state for every deal the seat cannot tell
    from the truth — the hidden cards' true order does not leak through the shuffle."""
    game_id, players, options = mode
    game = get_game(game_id)
    for state in states_along(game, players, options, seed=11):
        seat = game.to_act(state)
        rand = random.Random(5)
        for _ in range(3):
            other = game.redeal(state, seat, rand)
            a = game.determinize(state, seat, random.Random(9))
            b = game.determinize(other, seat, random.Random(9))
            assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), (
                f"seat {seat}'s determinization depends on cards it cannot see"
            )
            assert json.dumps(game.view(a, seat), sort_keys=True) == json.dumps(game.view(state, seat), sort_keys=True)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mode", MODES, ids=IDS)
def test_the_search_never_peeks(mode, variant):
    game_id, players, options = mode
    game = get_game(game_id)
    # Third Crusade's searches are the slow ones: one other deal of the hidden cards per state in
    # the tests, the three of the other games under `python bench/sweeps.py peeks`.
    deals = sweep(1, 3) if game_id == "third-crusade" else 3
    checked = 0
    for state in states_along(game, players, options, seed=3, every=11, limit=6):
        seat = game.to_act(state)
        other = peeks(
            game, state, seat, lambda s, seat=seat: sampler(game, s, seat), seed=checked, deals=deals, variant=variant
        )
        assert other is None, f"the search of seat {seat} chose otherwise for another deal of hidden cards"
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_search_given_the_full_state_is_caught(variant):
    """The same check against a cheating variant: it plans on the true hidden cards (chance's
    future still drawn afresh), and the check finds a deal under which it plays otherwise."""

    def cheating(state, seat):
        def sample(rand):
            new = clone(state)
            new["rng"] = rand.getrandbits(64)
            return new

        return sample

    caught = 0
    for game_id, players in (("levantine", 2), ("crusader-kingdoms", 4)):
        game = get_game(game_id)
        for state in states_along(game, players, {}, seed=3, every=11, limit=6):
            seat = game.to_act(state)
            if peeks(game, state, seat, lambda s, seat=seat: cheating(s, seat), seed=0, variant=variant) is not None:
                caught += 1
        assert caught, f"the check did not catch a search that sees the whole state of {game.name}"
        caught = 0


def test_search_is_reproducible_and_budgeted_by_iterations():
    game = get_game("crusader-kingdoms")
    state = states_along(game, 4, {}, seed=8, limit=2)[1]
    seat, legal = game.to_act(state), game.legal_actions(state)
    first = small_search(game, sampler(game, state, seat), seat, legal, 4)
    search = Search(
        game, sampler(game, state, seat), seat, legal, random.Random(4), BUDGET, *heuristic_for(game), bias=SEARCH_BIAS
    )
    while not search.finished:
        search.run(5)  # in slices, as the site runs it
    totals = {a: round(n.total, 9) for a, n in search.root.children.items()}
    assert (search.best(), search.visits(), totals) == first
    assert sum(search.visits().values()) == BUDGET


def test_a_game_without_hints_is_searched_by_random_rollouts():
    """Nothing game-specific is needed: without a heuristic the search plays out at random."""
    game = get_game("levantine")
    state = states_along(game, 2, {}, seed=2, limit=3)[2]
    seat = game.to_act(state)
    agent = SearchAgent("plain", 10)
    action = agent.choose(
        game, game.view(state, seat), game.legal_actions(state), random.Random(1), sample=sampler(game, state, seat)
    )
    assert action in game.legal_actions(state)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_is_a_seat_controller_and_keeps_old_links(level):
    assert CONTROLLERS[:3] == ("human", "random", "heuristic"), "controllers are appended, never moved"
    game = get_game("levantine")
    match = Match(game, game.make_setup(4, ["human", level]))
    match.play_index(0)
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.setup.seats == ("human", level)
    assert agent_for(game, level).name == level


def test_a_game_may_calibrate_a_level_budget():
    """Budgets are iterations: the level's own, or the game's where it calibrates one (GAME_LEVELS:
    Lords of Heaven at hard, whose iterations cost more)."""
    from outremer.ai import GAME_LEVELS, SEARCH_LEVELS

    for game_id in ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"):
        game = get_game(game_id)
        for level in ("normal", "hard"):
            wanted = GAME_LEVELS.get(game_id, {}).get(level, {}).get("iterations", SEARCH_LEVELS[level].iterations)
            assert agent_for(game, level).iterations == wanted
    assert agent_for(get_game("crusader-kingdoms"), "hard").iterations == SEARCH_LEVELS["hard"].iterations == 900
    assert agent_for(get_game("lords-of-heaven"), "hard").iterations < SEARCH_LEVELS["hard"].iterations


def test_the_heuristics_weight_grows_with_the_budget():
    """The heuristic's choice counts as much against the rollouts' noise at hard as at normal: its
    weight is normal's times the square root of how many more iterations hard runs in that game
    (Levantine: 1,800 against 300)."""
    import math

    from outremer.ai import SEARCH_BIAS

    for game_id in ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"):
        game = get_game(game_id)
        normal, hard = agent_for(game, "normal"), agent_for(game, "hard")
        assert normal.bias == SEARCH_BIAS
        assert hard.bias == pytest.approx(SEARCH_BIAS * math.sqrt(hard.iterations / normal.iterations))
        assert hard.bias > normal.bias
    assert agent_for(get_game("levantine"), "hard").bias == pytest.approx(math.sqrt(6))


def test_a_whole_game_with_searching_seats(monkeypatch):
    """A Crusader Kingdoms solo game played to the end by the searching player (small budget)."""
    from outremer import ai

    game = get_game("crusader-kingdoms")
    monkeypatch.setitem(ai.SEARCH_LEVELS, "normal", ai.Level(6))
    match = play_out(game, game.make_setup(2, ["normal"]))
    assert match.result() is not None
    assert game.payoff(match.state)[0] in (0.0, 0.5, 1.0)


def test_easy_is_the_heuristic_with_some_noise():
    game = get_game("levantine")
    easy, heuristic = agent_for(game, "easy"), agent_for(game, "heuristic")
    differ = same = 0
    for state in states_along(game, 2, {}, seed=6, every=3, limit=40):
        seat = game.to_act(state)
        for k in range(3):
            a = decide(easy, game, state, seat, agent_random(k, 1))
            b = decide(heuristic, game, state, seat, agent_random(k, 1))
            differ += a != b
            same += a == b
    assert differ and same > differ


def test_the_heuristic_biases_the_search_without_deciding_for_it():
    """``bias`` (progressive bias): overwhelming, the search spends its budget on the heuristic's
    own choice and takes it; without it the search takes its most visited action; the levels
    use a bias between (SEARCH_BIAS), and it still never peeks (the harness above)."""
    game = get_game("levantine")
    policy, estimate, depth = heuristic_for(game)
    differed = 0
    for state in states_along(game, 2, {}, seed=5, every=5, limit=10):
        seat, legal = game.to_act(state), game.legal_actions(state)
        hint = policy.choose(game, game.view(state, seat), legal, random.Random(0))
        runs = {}
        for bias in (0.0, 1e6):
            search = Search(
                game, sampler(game, state, seat), seat, legal, random.Random(3), 40, policy, estimate, depth, bias=bias
            )
            search.run()
            runs[bias] = search
        visits = runs[0.0].visits()
        assert runs[0.0].best() == max(legal, key=lambda a: visits.get(a, -1))
        assert runs[1e6].best() == hint
        differed += runs[0.0].best() != hint
    assert differed, "the search alone agreed with the heuristic in every state: the test proves nothing"
    assert SEARCH_BIAS > 0 and agent_for(game, "normal").bias == SEARCH_BIAS


class _Trap:
    """Two moves: seat 0 plays "safe" (0.6 each way) or "bold"; after "bold", seat 1 answers
    "yield" (seat 0 wins) or "punish" (seat 1 wins). Seat 1's heuristic always yields."""

    def to_act(self, s):
        return None if s["over"] else len(s["moves"])

    def legal_for(self, s):
        return [Action("safe"), Action("bold")] if not s["moves"] else [Action("yield"), Action("punish")]

    def advance(self, s, action):
        s["moves"].append(action.verb)
        s["over"] = action.verb == "safe" or len(s["moves"]) == 2

    def view(self, s, seat):
        return {"viewer": seat}

    agent_view = view

    def payoff(self, s):
        if s["moves"] == ["safe"]:
            return [0.6, 0.4]
        return [1.0, 0.0] if s["moves"][-1] == "yield" else [0.0, 1.0]


class _Yields:
    def choose(self, game, view, legal, rand):
        return Action("yield")


def test_model_plays_the_other_seats_by_the_heuristic_inside_the_tree():
    """Search.model (the hard level): the other seats move in the tree as the heuristic would,
    so a bold move the heuristic does not punish looks good; without it, the other seat learns
    in the tree to punish, and the search plays safe."""
    game, start = _Trap(), {"moves": [], "over": False}
    choices = {}
    for model in (False, True):
        search = Search(
            game,
            lambda rand: clone(start),
            0,
            game.legal_for(start),
            random.Random(1),
            400,
            _Yields(),
            None,
            0,
            greedy=1.0,
            model=model,
        )
        search.run()
        choices[model] = search.best().verb
    assert choices == {False: "safe", True: "bold"}


class _Hidden:
    """Seat 0 moves first; who moves second is a coin seat 0 cannot see (its samples draw it):
    the same node of seat 0's tree is then reached with either seat to act."""

    def to_act(self, s):
        return None if len(s["moves"]) == 2 else (0 if not s["moves"] else s["coin"])

    def legal_for(self, s):
        return [Action("a"), Action("b")]

    def advance(self, s, action):
        s["moves"].append(action.verb)

    def view(self, s, seat):
        return {"viewer": seat}

    agent_view = view

    def payoff(self, s):
        return [1.0, 0.0] if s["moves"][0] == "b" else [0.0, 1.0]


class _Firsts:
    def choose(self, game, view, legal, rand):
        return legal[0]


def test_model_copes_with_a_node_reached_with_another_seat_to_act():
    """With the model, a move the other seat made at a node creates a child that is never
    scored; when the node is reached again with this seat to act, that child counts as untried
    (it once divided by its zero visits: a Lords of Heaven conflict, whose next seat to commit
    hangs on what the searching seat cannot see)."""
    game = _Hidden()
    search = Search(
        game,
        lambda rand: {"moves": [], "coin": rand.randrange(2)},
        0,
        game.legal_for({"moves": []}),
        random.Random(3),
        200,
        _Firsts(),
        None,
        0,
        greedy=1.0,
        model=True,
    )
    search.run()
    assert search.best().verb == "b"  # seat 0's first move decides


class _Luck:
    """Seat 0 chooses "steady" or "plain"; then seat 1, played out at random, answers "well" or
    "badly", and luck drawn with the state (as dice are) does the rest. "steady" is worth 0.05
    more to seat 0 whatever the luck and the answer: a difference smaller than the noise."""

    def to_act(self, s):
        return None if len(s["moves"]) == 2 else len(s["moves"])

    def legal_for(self, s):
        return [Action("plain"), Action("steady")] if not s["moves"] else [Action("well"), Action("badly")]

    def advance(self, s, action):
        s["moves"].append(action.verb)

    def payoff(self, s):
        p = s["luck"] + (0.05 if s["moves"][0] == "steady" else 0.0) + (0.3 if s["moves"][1] == "badly" else 0.0)
        return [p, 1 - p]


def _luck_search(paired: bool, seed: int, iterations: int = 20) -> Search:
    game = _Luck()
    search = Search(
        game,
        lambda rand: {"moves": [], "luck": rand.uniform(0, 0.6)},
        0,
        game.legal_for({"moves": []}),
        random.Random(seed),
        iterations,
        paired=paired,
    )
    search.run()
    return search


def test_paired_rounds_compare_the_roots_actions_on_the_same_luck():
    """Search.paired (the hard level in Levantine): each round plays every root action once, on
    the same drawn state and with the same randomness below it, so a small difference between
    two actions shows through luck that dwarfs it; independent iterations of the same budget
    are misled by it."""
    paired = [_luck_search(True, seed) for seed in range(20)]
    assert all(s.best().verb == "steady" for s in paired)
    assert all(set(s.visits().values()) == {10} for s in paired)  # an equal share each
    steady, plain = (paired[0].root.children[Action(v)] for v in ("steady", "plain"))
    assert steady.total - plain.total == pytest.approx(0.05 * 10)  # the same luck, round by round
    misled = sum(_luck_search(False, seed).best().verb != "steady" for seed in range(20))
    assert misled >= 3


def test_paired_rounds_are_whole_and_the_same_run_in_slices():
    """The budget is rounded down to whole rounds (one descent per root action each), and the
    search run in slices, as the site runs it, ends where it does at once."""
    assert _luck_search(True, 1, iterations=21).iterations == 20
    game = _Luck()
    sliced = Search(
        game,
        lambda rand: {"moves": [], "luck": rand.uniform(0, 0.6)},
        0,
        game.legal_for({"moves": []}),
        random.Random(1),
        20,
        paired=True,
    )
    while not sliced.finished:
        sliced.run(3)
    whole = _luck_search(True, 1)
    assert (sliced.best(), sliced.visits()) == (whole.best(), whole.visits())
    assert {a: n.total for a, n in sliced.root.children.items()} == {a: n.total for a, n in whole.root.children.items()}


def test_each_games_hard_level_is_paired_and_modelled_as_measured():
    """Pairing and the model are a level's settings per game, where they were measured
    (GAME_LEVELS): Levantine's hard compares its moves paired and lets the other seat choose by its
    own statistics in the tree, as Third Crusade's hard does unpaired; Crusader Kingdoms' and Lords
    of Heaven's hard levels model the other seats, unpaired."""
    levantine = get_game("levantine")
    assert agent_for(levantine, "hard").paired and not agent_for(levantine, "hard").model
    assert not agent_for(levantine, "normal").paired and not agent_for(levantine, "normal").model
    for game_id, modelled in (("crusader-kingdoms", True), ("lords-of-heaven", True), ("third-crusade", False)):
        hard, normal = agent_for(get_game(game_id), "hard"), agent_for(get_game(game_id), "normal")
        assert hard.model == modelled and not hard.paired
        assert not normal.model and not normal.paired


def test_a_level_may_set_its_rollouts_depth(monkeypatch):
    """A rollout stops and estimates after the game's own number of actions, unless a level sets
    its own (Level.depth); the level's other settings stay as they were."""
    from outremer import ai

    levantine = get_game("levantine")
    game_depth = heuristic_for(levantine)[2]
    assert agent_for(levantine, "normal").depth == agent_for(levantine, "hard").depth == game_depth
    monkeypatch.setitem(ai.GAME_LEVELS, "levantine", {"hard": {**ai.GAME_LEVELS["levantine"]["hard"], "depth": 60}})
    hard = agent_for(levantine, "hard")
    assert (hard.depth, hard.iterations, hard.paired) == (60, 1800, True)
    assert agent_for(levantine, "normal").depth == game_depth != 60


def test_third_crusade_searches_less_and_shorter_against_the_bot(monkeypatch):
    """Against the Bot (p.19-23) its turns count no rollout steps and make an iteration dearer, so
    a Third Crusade search there runs the mode's own budget and rollout depth (``GAME_LEVELS``,
    the mode "bot"), both below the game's, with the heuristic's weight of those budgets; in a game
    between people, the level's own. A level set without modes plays alike in both."""
    from outremer import ai
    from outremer.ai import search as search_module
    from outremer.ai import search_bias, search_level
    from outremer.ai.third_crusade_estimate import ROLLOUT_DEPTH

    game = get_game("third-crusade")
    seen = []
    real = search_module.Search.__init__

    def spy(self, *args, **kwargs):
        real(self, *args, **kwargs)
        seen.append((self.iterations, self.depth, self.bias))

    monkeypatch.setattr(search_module.Search, "__init__", spy)
    states = {}
    for players, options in ((1, {"side": "muslim"}), (2, {})):
        state, _ = game.start(game.make_setup(3, ["normal"] * players, options))
        while len(game.legal_for(state)) < 2:
            state, _ = game.apply(state, game.legal_for(state)[0])
        states[players] = state
    for kind in ("normal", "hard"):
        bot, own = search_level(game, kind, "bot"), search_level(game, kind)
        assert bot.iterations < own.iterations and bot.depth < own.depth == ROLLOUT_DEPTH
        for players, (iterations, depth, bias) in (
            (1, (bot.iterations, bot.depth, search_bias(game, kind, "bot"))),
            (2, (own.iterations, own.depth, search_bias(game, kind))),
        ):
            seen.clear()
            agent = agent_for(game, kind)
            state = states[players]
            agent.decision(
                game,
                game.view(state, game.to_act(state)),
                game.legal_for(state),
                random.Random(1),
                sampler(game, state, game.to_act(state)),
            )
            assert seen == [(iterations, depth, bias)], (kind, players)
    monkeypatch.setitem(ai.GAME_LEVELS, "third-crusade", {"normal": {"iterations": 7, "depth": 40}})
    for state in states.values():
        seen.clear()
        agent_for(game, "normal").decision(
            game,
            game.view(state, game.to_act(state)),
            game.legal_for(state),
            random.Random(1),
            sampler(game, state, game.to_act(state)),
        )
        assert seen == [(7, 40, search_bias(game, "normal"))]


def _planning_states(players: int, seed: int):
    """Third Crusade states in Planning, each with the seat to act: choosing an Order to place, and
    choosing the Region of the Order chosen (a game of heuristic players up to them)."""
    game = get_game("third-crusade")
    policy = heuristic_for(game)[0]
    state, _ = game.start(game.make_setup(seed, ["heuristic"] * players))
    found = {}
    while game.to_act(state) is not None and len(found) < 2:
        legal = game.legal_actions(state)
        if state["phase"] == "planning" and len(legal) > 2:
            found.setdefault("section" if state["plan"] else "order", state)
        action = policy.choose(game, game.view(state, game.to_act(state)), legal, random.Random(0))
        state, _ = game.apply(state, action)
    return game, policy, found


@pytest.mark.parametrize("players", [2, 4])
def test_placing_an_order_in_two_steps_is_searched_on_the_shortlist(players):
    """Third Crusade places an Order in two choices (the Order, then its Region): the search weighs
    the shortlist of its heuristic at the root and again at its own Region choice inside the tree,
    as it weighed the best (Order, Region) pairs when they
    were one choice; and, so narrowed, it still never peeks."""
    game, policy, found = _planning_states(players, seed=5)
    assert set(found) == {"order", "section"}
    state = found["order"]
    seat = game.to_act(state)
    legal = policy.shortlist(game, game.view(state, seat), game.legal_actions(state))
    assert {a.verb for a in legal} <= {"order", "pass"} and len(legal) < len(game.legal_actions(state))
    search = Search(
        game,
        sampler(game, state, seat),
        seat,
        legal,
        random.Random(2),
        60,
        policy,
        *heuristic_for(game)[1:],
        bias=SEARCH_BIAS,
        narrow=policy.shortlist,
    )
    search.run()
    regions = 0
    for action, node in search.root.children.items():
        if action.verb == "order" and node.children:
            assert node.keep is not None and {a.verb for a in node.keep} == {"section"}
            assert set(node.children) <= node.keep and len(node.keep) <= 8
            regions += 1
    assert regions, "no Order of the root was followed to its Region in the tree"
    for kind, state in found.items():
        seat = game.to_act(state)
        shown = policy.shortlist(game, game.view(state, seat), game.legal_actions(state))
        if kind == "section":
            assert {a.verb for a in shown} == {"section"} and len(shown) <= 7
        for variant in VARIANTS:
            other = peeks(
                game,
                state,
                seat,
                lambda s, seat=seat: sampler(game, s, seat),
                seed=1,
                variant=variant,
                narrow=policy.shortlist,
            )
            assert other is None, (kind, variant)


def test_a_march_is_searched_on_the_marches_its_heuristic_rates_highest():
    """A March offers up to a hundred actions (a destination and a group): the search weighs the
    MARCHES its heuristic rates highest, its heuristic's own choice and staying, so that each is
    tried many times at normal's budget, not once or twice; and, so narrowed, it still never
    peeks."""
    from outremer.ai.third_crusade import MARCHES

    game = get_game("third-crusade")
    policy = heuristic_for(game)[0]
    state, _ = game.start(game.make_setup(5, ["heuristic"] * 2))
    while len([a for a in game.legal_actions(state) if a.verb == "march"]) <= 2 * MARCHES:
        seat = game.to_act(state)
        assert seat is not None, "no wide March in the game"
        state, _ = game.apply(
            state, policy.choose(game, game.view(state, seat), game.legal_actions(state), random.Random(0))
        )
    seat = game.to_act(state)
    legal = game.legal_actions(state)
    view = game.view(state, seat)
    shown = policy.shortlist(game, view, legal)
    marches = [a for a in shown if a.verb == "march"]
    assert MARCHES <= len(marches) <= MARCHES + 1 and len(shown) < len(legal)
    assert policy.choose(game, view, legal, random.Random(0)) in shown
    assert [a for a in legal if a.verb != "march"] == [a for a in shown if a.verb != "march"]  # staying, kept
    assert shown == [a for a in legal if a in shown]  # in the order of legal
    rated = {a: s for a, s in policy._marches(legal)}
    worst_kept = min(rated[a] for a in marches)
    assert all(rated[a] <= worst_kept for a in legal if a.verb == "march" and a not in shown)
    search = Search(
        game, sampler(game, state, seat), seat, shown, random.Random(2), 40, policy, *heuristic_for(game)[1:],
        bias=SEARCH_BIAS, narrow=policy.shortlist,
    )  # fmt: skip
    search.run()
    assert set(search.root.children) <= set(shown)
    for variant in VARIANTS:
        assert (
            peeks(game, state, seat, lambda s: sampler(game, s, seat), seed=1, variant=variant, narrow=policy.shortlist)
            is None
        )
