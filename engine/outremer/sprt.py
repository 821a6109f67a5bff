"""The sequential test of strength that chess engines use (Stockfish's fishtest): games are played
in pairs from the same deal with the seats swapped, and after each pair a generalized sequential
probability ratio test (GSPRT) weighs H1 (the level is ``elo1`` stronger) against H0 (``elo0``);
the series stops as soon as the log-likelihood ratio leaves its bounds.

The score of a pair is the tested level's mean payoff over its two games (0, ¼, ½, ¾ or 1 when a
game scores 0, ½ or 1: the pentanomial outcomes). For an expected score ``s`` the likelihood of
the pairs is maximised over every distribution of pair scores with that mean (Van den Bergh,
"GSPRT", as in fishtest's ``LLRcalc.py``); the log-likelihood ratio is the difference of the two
maxima, at ``s1 = L(elo1)`` and ``s0 = L(elo0)`` with ``L`` the logistic Elo curve. Wald's bounds:
H1 is accepted when the ratio reaches ``log((1 - beta) / alpha)``, H0 when it falls to
``log(beta / (1 - alpha))``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)
REGULARIZE = 1e-3
"""Each possible pair score is counted at least this much (fishtest's ``regularize``): without it,
a sample with no pair below (or above) ``s`` has no maximum-likelihood distribution of mean ``s``."""


def logistic(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (0 < score < 1)."""
    return -400 * math.log10(1 / score - 1)


def bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: below the first H0 is accepted, above the second H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def mle_expected(counts: dict[float, float], s: float) -> dict[float, float]:
    """The distribution over the scores of ``counts`` that makes them likeliest among those of
    mean ``s``: ``p_i = phat_i / (1 + x (a_i - s))``, with ``x`` the root of
    ``sum phat_i (a_i - s) / (1 + x (a_i - s)) = 0`` (decreasing in ``x``, found by bisection on
    the interval where every ``p_i`` is positive). Scores both below and above ``s`` are needed."""
    total = sum(counts.values())
    phat = {a: c / total for a, c in counts.items() if c > 0}
    v = {a: a - s for a in phat}
    if min(v.values()) >= 0 or max(v.values()) <= 0:
        raise ValueError(f"No distribution of these scores has mean {s}: scores on both sides of it are needed.")
    lo, hi = -1 / max(v.values()), -1 / min(v.values())

    def slope(x: float) -> float:
        return sum(p * v[a] / (1 + x * v[a]) for a, p in phat.items())

    for _ in range(200):
        mid = (lo + hi) / 2
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2
    return {a: p / (1 + x * v[a]) for a, p in phat.items()}


def llr(counts: dict[float, float], s0: float, s1: float) -> float:
    """The generalized log-likelihood ratio of mean score ``s1`` against ``s0`` for a sample
    (``counts``: how many times each score was seen)."""
    p0, p1 = mle_expected(counts, s0), mle_expected(counts, s1)
    return sum(c * math.log(p1[a] / p0[a]) for a, c in counts.items() if c > 0)


@dataclass
class SequentialTest:
    """A GSPRT over pair scores, fed one pair at a time (``add``) in the order of the deals.
    ``result`` is None while undecided, then "H1" or "H0"; pairs added after are ignored."""

    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05
    counts: dict[float, int] = field(default_factory=lambda: dict.fromkeys(PENTANOMIAL, 0))
    pairs: int = 0
    llr: float = 0.0
    result: str | None = None

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 ({self.elo0}) must be below elo1 ({self.elo1}).")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta are error rates between 0 and 0.5.")

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    def add(self, score: float) -> str | None:
        """One pair's score (0 to 1). Returns the decision, once there is one."""
        if self.result is not None:
            return self.result
        if not 0 <= score <= 1:
            raise ValueError(f"A pair's score lies between 0 and 1, not {score}.")
        self.counts[score] = self.counts.get(score, 0) + 1
        self.pairs += 1
        regular = {a: max(c, REGULARIZE) for a, c in self.counts.items()}
        self.llr = llr(regular, logistic(self.elo0), logistic(self.elo1))
        low, high = self.bounds
        if self.llr >= high:
            self.result = "H1"
        elif self.llr <= low:
            self.result = "H0"
        return self.result

    def text(self) -> str:
        """The decision as it is written beside a figure."""
        low, high = self.bounds
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision"}[self.result]
        where = " within" if self.result is None else ", bounds"
        return (
            f"{verdict} at {self.pairs} pairs, LLR {self.llr:.2f}{where} [{low:.2f}, {high:.2f}] "
            f"(SPRT elo0={self.elo0:g}, elo1={self.elo1:g}, alpha={self.alpha:g}, beta={self.beta:g})"
        )

    def summary(self) -> dict:
        low, high = self.bounds
        return {
            "result": self.result,
            "pairs": self.pairs,
            "llr": round(self.llr, 3),
            "bounds": [round(low, 3), round(high, 3)],
            "elo0": self.elo0,
            "elo1": self.elo1,
            "alpha": self.alpha,
            "beta": self.beta,
            "pentanomial": [self.counts.get(a, 0) for a in PENTANOMIAL],
            "text": self.text(),
        }


def feed_pairs(test: SequentialTest, payoffs: Mapping[int, float], checked: int = 0) -> int:
    """Feed ``test`` the pairs complete since pair ``checked`` (pair ``k``: games ``2k`` and
    ``2k + 1``, one deal with the seats swapped; ``payoffs``: the tested level's payoff in each
    game finished), in the order of the deals, up to the first pair not complete or the decision.
    Returns the number of pairs fed so far: pass it back with the next game finished. Where the
    test stops does not depend on the order in which the games finished."""
    while test.result is None and 2 * checked in payoffs and 2 * checked + 1 in payoffs:
        test.add((payoffs[2 * checked] + payoffs[2 * checked + 1]) / 2)
        checked += 1
    return checked


def paired_elo(scores: list[float], z: float = 1.96) -> dict:
    """The Elo difference that the mean pair score expects, with its 95% interval from the
    spread of the pair scores (each pair one observation: the deal's luck is inside it)."""
    n = len(scores)
    if n < 2:
        return {"pairs": n}
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1))

    def to_elo(s: float) -> float | None:  # None: no finite Elo expects a score of 0 or 1 (or beyond)
        return round(elo(s), 1) + 0.0 if 0 < s < 1 else None  # + 0.0: no -0.0

    half = z * sd / math.sqrt(n)
    return {
        "pairs": n,
        "score": round(mean, 4),
        "elo": to_elo(mean),
        "elo_interval_95": [to_elo(mean - half), to_elo(mean + half)],
    }
