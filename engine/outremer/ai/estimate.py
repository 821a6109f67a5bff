"""Estimates of each seat's payoff from a position, for a searching player's rollouts to stop at.

A game describes a position, seat by seat, by a few numbers (``features``) and splits the game
into stages; each seat's chance is then in proportion to exp(w · features) with weights per stage
(a conditional logit model). The weights are fitted to the results of games between the game's
heuristic players (:func:`fit`; ``python bench/estimate_fit.py --game G``), so a new game gets a
fitted estimate from its features alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Features = Callable[[dict, int], Sequence[float]]
Position = tuple[int, list[Sequence[float]], list[float]]
"""(stage, each seat's features, each seat's payoff at the end): one position of a played game."""


def chances(weights: Sequence[float], feats: list[Sequence[float]]) -> list[float]:
    scores = [sum(w * f for w, f in zip(weights, fs, strict=False)) for fs in feats]
    top = max(scores)
    exp = [math.exp(x - top) for x in scores]
    total = sum(exp)
    return [x / total for x in exp]


class Logit:
    """Each seat's chance in proportion to exp(weights[stage(s)] · features(s, seat))."""

    def __init__(self, features: Features, stage: Callable[[dict], int], weights: Sequence[Sequence[float]]):
        self.features, self.stage, self.weights = features, stage, weights

    def __call__(self, game, s: dict) -> list[float]:
        return chances(self.weights[self.stage(s)], [self.features(s, p) for p in range(game.seats_in(s))])


def log_likelihood(data: list[Position], weights: Sequence[float]) -> float:
    """Mean log-likelihood per position of the games' results under ``weights``."""
    total = 0.0
    for _, feats, payoff in data:
        p = chances(weights, feats)
        total += sum(share * math.log(max(p[i], 1e-12)) for i, share in enumerate(payoff))
    return total / max(1, len(data))


def fit(data: list[Position], size: int, ridge: float = 1e-3, rounds: int = 25) -> list[float]:
    """The weights of greatest likelihood (Newton's method; the problem is concave, and a small
    ridge keeps weights of features that never differ between seats at 0)."""
    w = [0.0] * size
    n = max(1, len(data))
    for _ in range(rounds):
        grad = [-ridge * x for x in w]
        hess = [[-ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for _, feats, payoff in data:
            p = chances(w, feats)
            weight = sum(payoff)
            mean = [sum(pi * f[k] for pi, f in zip(p, feats, strict=False)) for k in range(size)]
            for k in range(size):
                grad[k] += (sum(share * f[k] for share, f in zip(payoff, feats, strict=False)) - weight * mean[k]) / n
            for i in range(size):
                for j in range(i, size):
                    cov = sum(pi * f[i] * f[j] for pi, f in zip(p, feats, strict=False)) - mean[i] * mean[j]
                    hess[i][j] -= weight * cov / n
                    hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [x - d for x, d in zip(w, step, strict=False)]
        if max(abs(d) for d in step) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a · x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x
