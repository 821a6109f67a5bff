"""Computer players. Every agent sees only its own seat's view and the legal actions.

The levels, how the search works, and how fast and how strong each level is, measured: README and
docs/computer-players.md. The figures below say why a setting was chosen; the levels' strength
today is there, not here."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..core.actions import Action
from ..core.game import Game
from .agent import Agent, RandomAgent

LEVELS = {"easy": 0, "normal": 1, "hard": 2}
"""The levels a person chooses per seat: easy is the heuristic player with some noise, normal and
hard the searching player (:mod:`outremer.ai.search`) with the settings below."""


@dataclass(frozen=True)
class Level:
    """How the searching player plays at one level in one game (:class:`outremer.ai.search.Search`)."""

    iterations: int
    """Iterations per decision: a budget the same on any machine (see bench/ai_strength.py)."""
    model: bool = False
    """Whether the other seats move inside the tree as the game's heuristic would (``Search.model``)
    rather than by their own statistics."""
    paired: bool = False
    """Whether the root's actions are compared on common random numbers (``Search.paired``): each
    round of iterations plays every root action on the same drawn state with the same randomness."""
    depth: int | None = None
    """Actions a rollout plays before it stops and estimates; None: the game's own (``heuristic_for``).
    Levantine's hard plays with the game's 20: neither longer rollouts nor shorter ones took more of
    its games from normal (the trials: docs/computer-players.md, History)."""


SEARCH_LEVELS = {"normal": Level(300), "hard": Level(900, model=True)}
"""Each searching level's settings, where a game does not choose its own (``GAME_LEVELS``). Hard
models the other seats (``Search.model``): why, and how strong each level is, in
docs/computer-players.md (How the search works, Strength)."""

GAME_LEVELS: dict[str, dict[str, dict]] = {
    "levantine": {"hard": {"iterations": 1800, "model": False, "paired": True}},
    "lords-of-heaven": {"hard": {"iterations": 700}},
    "third-crusade": {
        "normal": {"iterations": 110, "modes": {"bot": {"iterations": 70, "depth": 12}}},
        "hard": {"iterations": 260, "model": False, "modes": {"bot": {"iterations": 210, "depth": 12}}},
    },
}
"""A game's own settings for a level, over ``SEARCH_LEVELS``, where they were measured; under
``modes``, its settings in one mode of the game (the iterations and the rollout depth), the mode
named by the game's quick player from the view of a decision (``search_mode``).

Budgets are calibrated so that a move stays within the level's time inside Pyodide (95th
percentile: normal 1 s, hard 3 s; ``bench/ai_strength.py times``; each game's and level's
measured times are in docs/computer-players.md, Time per move). Levantine at hard: its iterations
are the cheapest, so hard spends the time the level allows on twice as many. Lords of Heaven at
hard: with the model, the heuristic plays up to three other seats' turns inside the tree on every
iteration. Third Crusade at both levels: an iteration plays 24 actions of a rich game, most of its
time the heuristic's choice of each (an Event Card's Regions checked one by one), and the 4-player
game is the slowest. Against the Bot (p.19-23, the mode "bot") a rollout plays 12 of the person's
actions, not 24: the Bot Armies are no seats, so their turns, played by the engine between the
person's actions, count no steps, and a person's action there carries about one of the Bot's; 12
reach as far into the round as 24 of a 2-player game. Even so an iteration there costs more (the
Bot's turns), and at 110 and 260 iterations normal took 1.30 s and hard 2.95 s at the 95th
percentile inside Pyodide (2026-11-30): against the Bot they run 70 and 210 (hard at 230 took
2.61-3.17 s in three runs, at 210 2.49 s; docs/computer-players.md, Time per move).

Levantine's hard compares its moves paired: its moves each shift a side's chance by a percent or
two, a difference the rollouts' luck hides from independent iterations (``bench/paired_noise.py``:
the noise of the best move's lead 1.7 times smaller at the median). Paired, every root action gets
the same share of the budget: a game whose decisions offer many actions, or whose budget is small,
keeps the tree's own way of spending it until measured otherwise. And it does not model the other
seat: with the model it took 49 of 96 games from normal, 36 of 48 as Crusader but 13 of 48 as
Muslim (the Crusader inside its tree playing as the heuristic does, not as normal does); without
it, 116 of 208, 68 of 104 as Crusader and 48 of 104 as Muslim (docs/computer-players.md, Strength
and History). Third Crusade's hard does not model the other seat either, for the same reason (the
quick player it would assume is the one normal beats 68% of the time): with the model it took 18
of 43 games from normal, without it 38 of 70 on the same deals, 23 of the 43 both played (neither
shown stronger than normal)."""


def search_level(game: Game, kind: str, mode: str | None = None) -> Level:
    """The settings of level ``kind`` in ``game`` (in its ``mode``, if given): the game's own over
    the level's, the mode's over those, and the game's rollout depth where none sets one."""
    own = dict(GAME_LEVELS.get(game.id, {}).get(kind, {}))
    modes = own.pop("modes", {})
    level = replace(SEARCH_LEVELS[kind], **{**own, **(modes.get(mode, {}) if mode is not None else {})})
    return level if level.depth is not None else replace(level, depth=heuristic_for(game)[2])


def level_modes(game: Game, kind: str) -> tuple[str, ...]:
    """The modes of ``game`` in which level ``kind`` has settings of its own (``GAME_LEVELS``)."""
    return tuple(GAME_LEVELS.get(game.id, {}).get(kind, {}).get("modes", {}))


SEARCH_BIAS = 1.0
"""The weight of the game's heuristic choice in the search's tree (``Search.bias``, progressive
bias). With it and the fitted estimates, 40 Levantine games against the heuristic: 77.5%; the
same 40 Crusader Kingdoms 4-player games with the fitted estimate, with and without it: share 50%
and 45.8% (docs/computer-players.md, History; the levels' strength today: Strength)."""


def search_bias(game: Game, kind: str, mode: str | None = None) -> float:
    """The weight of the heuristic's choice at level ``kind`` in ``game``: ``SEARCH_BIAS`` at
    normal; at a larger budget, more by the square root of how many more iterations it runs than
    normal in that game. The bonus fades as 1/(visits + 1) while the rollouts' noise about an
    action's value fades only as 1/sqrt(visits), so a search of many iterations with the same
    weight lets that noise decide between moves the heuristic tells apart and its estimate hardly
    does (which card to discard at the hand limit, say): so scaled, the heuristic's choice counts
    as many standard errors of that noise at every budget (in a ``mode``, its budgets'). Levantine
    hard, 1,800 iterations: sqrt(6) = 2.45. With the weight of normal, hard (1,800) took 29 of 52
    games from normal, 19 of 26 as Crusader but 10 of 26 as Muslim (docs/computer-players.md,
    History)."""
    budget, base = search_level(game, kind, mode).iterations, search_level(game, "normal", mode).iterations
    return SEARCH_BIAS * math.sqrt(budget / base) if budget > base else SEARCH_BIAS


EASY_NOISE = 0.25


def heuristic_for(game: Game) -> tuple[Agent | None, object, int]:
    """The game's own hints for a search, if it has them: its heuristic player (rollout policy
    and first choice), an ``estimate(game, state)`` of each seat's payoff, and after how many
    rollout actions to stop and estimate."""
    if game.id == "levantine":
        from .levantine import LOGIT, ROLLOUT_DEPTH, LevantineHeuristic

        return LevantineHeuristic(), LOGIT, ROLLOUT_DEPTH
    if game.id == "crusader-kingdoms":
        from .crusader_kingdoms import ROLLOUT_DEPTH, CrusaderKingdomsHeuristic
        from .crusader_kingdoms import estimate as by_castles  # it also takes other weights (``logit``)

        return CrusaderKingdomsHeuristic(), by_castles, ROLLOUT_DEPTH
    if game.id == "lords-of-heaven":
        from .lords_of_heaven import LOGIT, ROLLOUT_DEPTH, LordsOfHeavenHeuristic

        return LordsOfHeavenHeuristic(), LOGIT, ROLLOUT_DEPTH
    if game.id == "third-crusade":
        from .third_crusade import ThirdCrusadeHeuristic
        from .third_crusade_estimate import ROLLOUT_DEPTH, estimate

        return ThirdCrusadeHeuristic(), estimate, ROLLOUT_DEPTH
    return None, None, 0


def agent_for(game: Game, kind: str, estimate=None) -> Agent:
    """The agent of ``kind`` (a seat controller other than "human") for ``game``; a searching
    level with ``estimate`` stops its rollouts at that one instead of the game's (weights in
    training: bench/train.py)."""
    if kind == "random":
        return RandomAgent()
    policy, own, _ = heuristic_for(game)
    estimate = own if estimate is None else estimate
    if kind == "heuristic" and policy is not None:
        return policy
    if kind == "easy":
        from .search import NoisyAgent

        return NoisyAgent("easy", policy or RandomAgent(), EASY_NOISE)
    if kind in SEARCH_LEVELS:
        from .search import SearchAgent

        level = search_level(game, kind)
        assert level.depth is not None  # search_level fills in the game's depth
        return SearchAgent(
            kind,
            level.iterations,
            policy,
            estimate,
            level.depth,
            bias=search_bias(game, kind),
            model=level.model,
            narrow=getattr(policy, "shortlist", None),
            paired=level.paired,
            modes={mode: _in_mode(game, kind, mode) for mode in level_modes(game, kind)},
            mode_of=getattr(policy, "search_mode", None),
        )
    raise ValueError(f"No {kind!r} computer player for {game.name}.")


def _in_mode(game: Game, kind: str, mode: str) -> tuple[int, int, float]:
    """A searching level's iterations, rollout depth and heuristic's weight in a mode of the game."""
    level = search_level(game, kind, mode)
    assert level.depth is not None  # search_level fills in the game's depth
    return level.iterations, level.depth, search_bias(game, kind, mode)


def agent_random(seed: int, step: int) -> random.Random:
    """The agent's own randomness for one decision: reproducible from the match seed and step."""
    return random.Random(seed * 1_000_003 + step)


def sampler(game: Game, state: dict, seat: int):
    """The states ``seat`` could be in, drawn from what it may see (``Game.determinize``): the one
    way a searching player reaches the game."""
    return lambda rand: game.determinize(state, seat, rand)


def decide(agent: Agent, game: Game, state: dict, seat: int, rand: random.Random) -> Action:
    """One decision of ``agent`` for ``seat``, from that seat's view (and, for a searching
    player, states drawn from it)."""
    legal = game.legal_for(state)
    view = game.view(state, seat)
    if getattr(agent, "needs_sample", False):
        choose: Callable[..., Action] = agent.choose  # a searching player's takes the states too
        return choose(game, view, legal, rand, sample=sampler(game, state, seat))
    return agent.choose(game, view, legal, rand)


def choose(game: Game, state: dict, seat: int, kind: str, seed: int, step: int) -> Action:
    """One decision of a computer seat, made from that seat's view only."""
    return decide(agent_for(game, kind), game, state, seat, agent_random(seed, step))
