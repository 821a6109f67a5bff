"""A searching player for any game: information-set Monte Carlo tree search.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012). The player knows only what its
seat may see; each iteration plays on a *determinization*, a state its seat could be in
(:meth:`Game.determinize`: the hidden cards dealt anew from its own view, chance's future drawn
afresh), down one tree whose nodes are the seat's information sets, keyed by the actions taken.
A node's statistics count for the seat that chose the action leading to it, so every seat is
assumed to play for itself; an action is judged only among the iterations in which it was
legal (availability counts), as the hidden cards of a determinization make some actions
possible and others not.

Game-agnostic: it uses ``legal_for``, ``advance``, ``to_act``, ``determinize``, ``payoff`` and
``agent_view`` of the core. A game may lend its heuristic player (:class:`outremer.ai.Agent`) as the
rollout policy and as a prior (progressive bias, Chaslot et al. 2008: in the tree, the action the
heuristic would take gets a bonus that fades as the action is visited, so that a few noisy
rollouts do not talk the search out of a sound move, while many can), and an ``estimate(game,
state)`` of each seat's payoff (:mod:`outremer.ai.estimate`), so that a rollout stops after a few
actions instead of playing to the end. Without them it rolls out at random to the end. A game
whose decisions can offer hundreds of actions may also lend a shortlist (``narrow(game, view,
legal)``, from the seat's view): the actions the search weighs at its root, and at the seat's
own later decisions inside the tree (worked out once for each such node), so that a small budget
compares a few plausible moves rather than trying each of hundreds once, even where one move is
chosen in two steps (an Order, then its Region).

With ``model``, the tree branches only on the searching seat's own choices: the other seats move
inside it as they do in the rollouts, by the heuristic (from their own view of the determinized
state), so the iterations go to comparing its own moves against a plausible opponent instead of
to opponent nodes whose few visits make them a poor opponent (the *hard* level of most games).

With ``paired``, the root's actions are compared on common random numbers: the iterations go in
rounds, and a round plays every root action once, each on a copy of the same drawn state (its
hidden cards and chance's future) and with the same stream of randomness for the moves below it.
The luck a position holds (the dice, the cards to come) then weighs alike on every action, and
the difference between two actions' values is measured with less noise than by independent
iterations. In Levantine, where a move shifts a side's chance by a percent or two, the standard
error of the best action's lead is 1.7 times smaller at the median of 20 decisions (from 1.1 to
15 times; ``bench/paired_noise.py``), as if from three times the iterations. Every root action
gets the same share of the budget, and the one of highest value is taken (the heuristic's choice
with its fading bonus).

Budgets are counted in iterations, not seconds: the same seed gives the same move on any
machine, and the time a move takes depends only on what the seat sees.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..core.actions import Action
from ..core.game import Game, State, clone
from .agent import Agent

Sample = Callable[[random.Random], State]
"""Draws a state the seat to act could be in, from its own view only (``Game.determinize``)."""


class Node:
    __slots__ = ("children", "visits", "total", "avail", "actor", "keep")

    def __init__(self, actor: int):
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0  # payoff of ``actor``, the seat whose action led here
        self.avail = 1
        self.actor = actor
        self.keep: frozenset | None = None  # the actions the searching seat weighs here (``narrow``)


class Search:
    """One search from one decision: run it by slices (:meth:`run`), then take :meth:`best`.

    ``sample`` is the only way to the game's state; the search never holds the true one.
    """

    def __init__(
        self,
        game: Game,
        sample: Sample,
        seat: int,
        legal: list[Action],
        rand: random.Random,
        iterations: int,
        policy: Agent | None = None,
        estimate=None,
        depth: int = 0,
        exploration: float = 0.7,
        greedy: float = 0.9,
        bias: float = 0.0,
        model: bool = False,
        paired: bool = False,
        narrow: Callable | None = None,
    ):
        self.game, self.sample, self.seat, self.legal = game, sample, seat, legal
        self.rand = rand
        self.paired = paired and len(legal) > 1
        if self.paired:  # whole rounds, each root action once in each
            iterations = max(1, iterations // len(legal)) * len(legal)
        self.iterations = iterations
        self._round: list[tuple[Action, State, int]] = []  # the current round's descents still to play
        self._hint: Action | None = None  # the heuristic's choice at the root (paired)
        self.policy, self.estimate, self.depth = policy, estimate, depth
        self.exploration = exploration
        self.greedy = greedy
        self.root = Node(seat)
        self.done = 0
        self.bias = bias if policy is not None else 0.0
        self.model = model and policy is not None
        self.narrow = narrow

    @property
    def finished(self) -> bool:
        return self.done >= self.iterations or len(self.legal) == 1

    def run(self, iterations: int | None = None) -> None:
        """Carry on for ``iterations`` more (default: to the end of the budget)."""
        stop = self.iterations if iterations is None else min(self.iterations, self.done + iterations)
        while self.done < stop and len(self.legal) > 1:
            if self.paired:
                self._paired_iterate()
            else:
                self._iterate()
            self.done += 1

    def best(self) -> Action:
        """The most visited action at the root (first listed on a tie); when ``paired``, where
        every action is visited alike, the one of highest value, the heuristic's choice with the
        bonus it has in the tree."""
        if len(self.legal) == 1:
            return self.legal[0]
        children = self.root.children
        if self.paired:

            def value(a: Action) -> float:
                n = children.get(a)
                if n is None or not n.visits:
                    return -1.0
                return n.total / n.visits + (self.bias / (n.visits + 1) if a == self._hint else 0.0)

            return max(self.legal, key=value)
        return max(self.legal, key=lambda a: children[a].visits if a in children else -1)

    def visits(self) -> dict[Action, int]:
        return {a: n.visits for a, n in self.root.children.items()}

    # -- one iteration ----------------------------------------------------------------
    def _paired_iterate(self) -> None:
        """One descent of the current round (a new round drawn when the last is played): the
        next root action, on a copy of the round's state, with the round's randomness."""
        if not self._round:
            state = self.sample(self.rand)
            seed = self.rand.getrandbits(64)
            if self.bias and self._hint is None:
                self._hint = self._policy_choice(state, self.seat, self.legal)
            self._round = [(a, state, seed) for a in reversed(self.legal)]
        action, state, seed = self._round.pop()
        rand, self.rand = self.rand, random.Random(seed)
        try:
            self._iterate(clone(state), action)
        finally:
            self.rand = rand

    def _iterate(self, state: State | None = None, first: Action | None = None) -> None:
        """One iteration: down the tree from the root (through ``first``, if given, on
        ``state``), one new node, a rollout, and its payoff counted along the way down."""
        game = self.game
        if state is None:
            state = self.sample(self.rand)
        node, path = self.root, []
        if first is not None:
            child = self.root.children.get(first)
            if child is None:
                child = self.root.children[first] = Node(self.seat)
            node = child
            game.advance(state, first)
            path.append(node)
        while (actor := game.to_act(state)) is not None:
            legal = self.legal if node is self.root else game.legal_for(state)
            if self.narrow is not None and actor == self.seat and node is not self.root and len(legal) > 1:
                legal = self._narrowed(node, state, legal)
            children = node.children
            if self.model and actor != self.seat:
                action = self._policy_move(state, actor, legal)
                child = children.get(action)
                if child is None:
                    child = children[action] = Node(actor)
                game.advance(state, action)
                node = child
                continue
            # A child never visited is untried: with the model, the same node may have been
            # reached before with another seat to act (the seat to act can hang on what this
            # seat cannot see), and that seat's moves made children that score nothing.
            untried = [a for a in legal if a not in children or not children[a].visits]
            for a in legal:
                if a in children:
                    children[a].avail += 1
            if untried:
                action = self._first(state, actor, untried, legal)
                child = children[action] = Node(actor)
                game.advance(state, action)
                path.append(child)
                break
            log_of = math.log
            c = self.exploration
            hint = self._policy_choice(state, actor, legal) if self.bias else None
            best, best_score = None, -1.0
            for a in legal:
                n = children[a]
                score = n.total / n.visits + c * math.sqrt(log_of(n.avail) / n.visits)
                if a == hint:
                    score += self.bias / (n.visits + 1)
                if score > best_score:
                    best, best_score = a, score
            assert best is not None  # every score beats -1
            node = children[best]
            game.advance(state, best)
            path.append(node)
        payoff = self._rollout(state)
        for n in path:
            n.visits += 1
            n.total += payoff[n.actor]

    def _narrowed(self, node: Node, state: State, legal: list[Action]) -> list[Action]:
        """The searching seat's actions weighed at ``node`` inside the tree: those ``narrow``
        keeps from its view, worked out the first time the node is reached (the seat's view is
        the same in every state that reaches it); all of them if none of those is legal here."""
        if node.keep is None:
            assert self.narrow is not None  # called only when the search narrows
            node.keep = frozenset(self.narrow(self.game, self.game.agent_view(state, self.seat), legal))
        kept = [a for a in legal if a in node.keep]
        return kept or legal

    def _first(self, state: State, actor: int, untried: list[Action], legal: list[Action]) -> Action:
        """Which new action to try first: the policy's choice when it is among them."""
        if self.policy is not None:
            choice = self._policy_choice(state, actor, legal)
            if choice in untried:
                return choice
        return untried[self.rand.randrange(len(untried))]

    def _policy_choice(self, state: State, actor: int, legal: list[Action]) -> Action:
        assert self.policy is not None  # called only when the search has a policy
        return self.policy.choose(self.game, self.game.agent_view(state, actor), legal, self.rand)

    def _policy_move(self, state: State, actor: int, legal: list[Action]) -> Action:
        """A move as the rollouts play it: the policy's choice, now and then any legal action."""
        rand = self.rand
        if len(legal) == 1:
            return legal[0]
        if self.policy is not None and rand.random() < self.greedy:
            return self._policy_choice(state, actor, legal)
        return legal[rand.randrange(len(legal))]

    def _rollout(self, state: State) -> list[float]:
        game = self.game
        steps = 0
        while (actor := game.to_act(state)) is not None:
            if self.estimate is not None and steps >= self.depth:
                return self.estimate(game, state)
            game.advance(state, self._policy_move(state, actor, game.legal_for(state)))
            steps += 1
        return game.payoff(state)


class SearchAgent(Agent):
    """The searching player of one level: a budget of iterations and the game's own hints."""

    def __init__(
        self,
        name: str,
        iterations: int,
        policy: Agent | None = None,
        estimate=None,
        depth: int = 0,
        exploration: float = 0.7,
        bias: float = 0.0,
        model: bool = False,
        narrow: Callable | None = None,
        paired: bool = False,
        modes: dict[str, tuple[int, int, float]] | None = None,
        mode_of: Callable[[dict], str | None] | None = None,
    ):
        self.name = name
        self.modes, self.mode_of = modes or {}, mode_of
        self.bias, self.model, self.paired = bias, model, paired
        self.narrow = narrow
        self.iterations = iterations
        self.policy, self.estimate, self.depth = policy, estimate, depth
        self.exploration = exploration

    needs_sample = True

    def search(
        self,
        game: Game,
        sample: Sample,
        seat: int,
        legal: list[Action],
        rand: random.Random,
        settings: tuple[int, int, float] | None = None,
    ) -> Search:
        """The search of one decision: the level's iterations, depth and heuristic's weight unless
        ``settings`` gives others (a mode's: :meth:`decision`)."""
        if self.narrow is not None and len(legal) > 1:
            # The seat's view from a state it could be in (the same view from any of them), drawn
            # with randomness of its own so that the search's draws are those it would make anyway.
            legal = self.narrow(game, game.view(sample(random.Random(0)), seat), legal)
        iterations, depth, bias = (self.iterations, self.depth, self.bias) if settings is None else settings
        return Search(
            game,
            sample,
            seat,
            legal,
            rand,
            iterations,
            self.policy,
            self.estimate,
            depth,
            self.exploration,
            bias=bias,
            model=self.model,
            paired=self.paired,
            narrow=self.narrow,
        )

    def choose(self, game, view, legal, rand, sample: Sample | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if sample is None:
            raise ValueError("A searching player needs a way to draw the states its seat could be in.")
        search = self.decision(game, view, legal, rand, sample)
        search.run()
        return search.best()

    def decision(self, game: Game, view: dict, legal: list[Action], rand: random.Random, sample: Sample) -> Search:
        """The search of the decision seen in ``view``, not yet run: with the settings of the mode
        the game's policy names from that view (``mode_of``; Third Crusade against the Bot: fewer
        iterations and shorter rollouts, ``GAME_LEVELS``), however it is then run (at once by
        ``choose``, or in slices by the page's worker, ``bridge.ai_think``)."""
        mode = self.mode_of(view) if self.mode_of is not None else None
        return self.search(game, sample, view["viewer"], legal, rand, self.modes.get(mode) if mode else None)


class NoisyAgent(Agent):
    """Another player's choice, but now and then any legal action instead (the easy level).

    Where a game asks one choice in two steps (Third Crusade's Order, then its Region), the inner
    player may lend ``wander(game, view, legal, rand)``, the first step of a move drawn at random
    among the whole moves, and ``follow(game, view, legal, rand)``, the second step of the move it
    began (its own, or the random one): then the noise strikes whole moves, as often as when they
    were one choice."""

    def __init__(self, name: str, inner: Agent, noise: float):
        self.name, self.inner, self.noise = name, inner, noise

    def choose(self, game, view, legal, rand, sample=None) -> Action:
        if len(legal) > 1:
            follow = getattr(self.inner, "follow", None)
            then = follow(game, view, legal, rand) if follow is not None else None
            if then is not None:
                return then
        if len(legal) > 1 and rand.random() < self.noise:
            wander = getattr(self.inner, "wander", None)
            return wander(game, view, legal, rand) if wander is not None else legal[rand.randrange(len(legal))]
        return self.inner.choose(game, view, legal, rand)
