"""The sequential test of strength (``outremer.sprt``): fishtest's generalized SPRT on pairs of
games, checked against likelihoods worked by hand and against the normal approximation."""

from __future__ import annotations

import math

import pytest

from outremer.sprt import SequentialTest, bounds, elo, feed_pairs, llr, logistic, mle_expected, paired_elo


def test_walds_bounds_for_five_percent_errors():
    low, high = bounds(0.05, 0.05)
    assert low == pytest.approx(-math.log(19)) and high == pytest.approx(math.log(19))
    assert high == pytest.approx(2.944, abs=1e-3)


def test_logistic_elo_both_ways():
    assert logistic(0) == 0.5
    assert logistic(400) == pytest.approx(10 / 11)
    assert elo(logistic(123.4)) == pytest.approx(123.4)


def test_without_draws_the_ratio_is_the_binomial_one():
    # 3 wins and 1 loss: the likeliest distribution of mean s is (1 - s, s) itself, so the ratio
    # is 3 ln(s1/s0) + ln((1 - s1)/(1 - s0)); with s0 = 1/2, s1 = L(100) = 0.640065: 0.41220.
    s1 = logistic(100)
    assert s1 == pytest.approx(0.640065, abs=1e-6)
    assert llr({0.0: 1, 1.0: 3}, 0.5, s1) == pytest.approx(3 * math.log(s1 / 0.5) + math.log((1 - s1) / 0.5))
    assert llr({0.0: 1, 1.0: 3}, 0.5, s1) == pytest.approx(0.41220, abs=1e-5)


def test_trinomial_likeliest_distribution_worked_by_hand():
    # 1 loss, 2 draws, 3 wins, mean 1/2: then p(loss) = p(win) = p, and 4 ln p + 2 ln(1 - 2p) is
    # largest at p = 1/3: the uniform distribution.
    p = mle_expected({0.0: 1, 0.5: 2, 1.0: 3}, 0.5)
    assert p == pytest.approx({0.0: 1 / 3, 0.5: 1 / 3, 1.0: 1 / 3})


def _brute_force_loglik(counts: dict[float, int], s: float) -> float:
    """The largest log-likelihood of a loss/draw/win sample among distributions of mean s, by a
    search over p(draw) (then p(win) = s - p(draw)/2, p(loss) = 1 - s - p(draw)/2): concave, so
    a ternary search finds it."""

    def loglik(d: float) -> float:
        p = {0.0: 1 - s - d / 2, 0.5: d, 1.0: s - d / 2}
        return sum(c * math.log(p[a]) for a, c in counts.items())

    lo, hi = 1e-12, min(2 * s, 2 * (1 - s)) - 1e-12
    for _ in range(300):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (m1, hi) if loglik(m1) < loglik(m2) else (lo, m2)
    return loglik((lo + hi) / 2)


def test_trinomial_ratio_matches_a_search_over_the_distributions():
    counts = {0.0: 1, 0.5: 2, 1.0: 3}
    s0, s1 = logistic(0), logistic(100)
    expected = _brute_force_loglik(counts, s1) - _brute_force_loglik(counts, s0)
    assert llr(counts, s0, s1) == pytest.approx(expected, abs=1e-9)
    assert _brute_force_loglik(counts, s0) == pytest.approx(6 * math.log(1 / 3))  # the uniform one, above


def test_pentanomial_ratio_near_the_normal_approximation():
    # For small Elo differences the GSPRT's ratio is close to N (s1 - s0)(2 mean - s0 - s1) / (2 var).
    counts = {0.0: 10, 0.25: 40, 0.5: 100, 0.75: 45, 1.0: 12}
    n = sum(counts.values())
    mean = sum(a * c for a, c in counts.items()) / n
    var = sum(c * (a - mean) ** 2 for a, c in counts.items()) / n
    s0, s1 = logistic(0), logistic(5)
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert llr(counts, s0, s1) == pytest.approx(approx, rel=0.01)


def test_the_likeliest_distribution_has_the_mean_asked():
    counts = {0.0: 3, 0.25: 5, 0.5: 9, 0.75: 4, 1.0: 2}
    for s in (0.3, 0.5, 0.64):
        p = mle_expected(counts, s)
        assert sum(p.values()) == pytest.approx(1)
        assert sum(a * q for a, q in p.items()) == pytest.approx(s)


def test_the_test_stops_at_the_first_pair_past_a_bound():
    test = SequentialTest(elo0=0, elo1=100)
    decided_at = None
    for k in range(100):
        if test.add(1.0 if k % 4 else 0.5) and decided_at is None:
            decided_at = k + 1
    assert test.result == "H1" and test.pairs == decided_at  # the pairs after the decision are not counted
    assert test.llr >= test.bounds[1]
    assert test.text().startswith(f"H1 accepted at {decided_at} pairs, LLR ")
    assert "elo0=0, elo1=100, alpha=0.05, beta=0.05" in test.text()
    losing = SequentialTest(elo0=0, elo1=100)
    while losing.add(0.25 if losing.pairs % 2 else 0.5) is None:
        pass
    assert losing.result == "H0" and losing.llr <= losing.bounds[0]


def test_undecided_is_said_with_its_bounds():
    test = SequentialTest(elo0=0, elo1=30)
    test.add(0.5)
    assert test.result is None
    assert test.text().startswith("no decision at 1 pairs, LLR ") and "within [-2.94, 2.94]" in test.text()


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="elo0"):
        SequentialTest(elo0=10, elo1=5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        SequentialTest().add(1.5)


def test_paired_elo_interval():
    out = paired_elo([0.5, 0.75, 0.5, 0.25, 1.0, 0.5])
    assert out["pairs"] == 6 and out["score"] == pytest.approx(0.5833, abs=1e-4)
    low, high = out["elo_interval_95"]
    assert low < out["elo"] < high


def test_pairs_are_fed_in_the_order_of_the_deals_whatever_the_order_games_finish():
    # 40 games: the level wins both games of every deal but deals 3 and 7, where it wins one.
    payoffs = {i: 0.0 if i in (7, 15) else 1.0 for i in range(40)}

    def stop(order: list[int]) -> tuple[int, float]:
        test, seen, checked = SequentialTest(elo0=0, elo1=100), {}, 0
        for i in order:
            seen[i] = payoffs[i]
            checked = feed_pairs(test, seen, checked)
            if test.result:
                break
        assert test.result == "H1"
        return test.pairs, test.llr

    in_order = stop(list(range(40)))
    assert stop(list(range(39, -1, -1))) == in_order  # the last first: nothing is fed until pair 0 is whole
    assert stop([i ^ 1 for i in range(40)]) == in_order  # each pair's games swapped
    scattered = list(range(0, 40, 2)) + list(range(1, 40, 2))  # every first game, then every second
    assert stop(scattered) == in_order


def test_a_pair_is_fed_only_when_both_its_games_are_in():
    test = SequentialTest()
    assert feed_pairs(test, {0: 1.0, 2: 1.0, 3: 0.0}) == 0 and test.pairs == 0
    assert feed_pairs(test, {0: 1.0, 1: 0.5, 2: 1.0, 3: 0.0}) == 2 and test.pairs == 2
    assert test.counts[0.75] == 1 and test.counts[0.5] == 1
