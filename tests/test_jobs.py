"""The runner of many-game jobs (``outremer.jobs``): local processes always; Ray tasks on this
machine when Ray is installed (``pip install '.[cluster]'``), skipped, saying so, when it is not.

A game that raises is reported with its deal (never a silent stop, even for StopIteration, which
ends a loop over an iterator unseen); a worker killed in the middle of a game costs that game
alone; the figures do not depend on the backend or the number of jobs."""

from __future__ import annotations

import os
import sys

import pytest

from outremer import jobs
from outremer.games import get_game
from outremer.jobs import GameFailed, Job
from outremer.sim import simulate

CURSED = 13
"""The deal whose game raises (StopIteration, the error a pool's iterator would swallow)."""
KILLER = 666
"""The deal whose game kills its worker process outright."""
PROCESSES = pytest.mark.skipif(sys.platform == "emscripten", reason="the browser's Python has no processes")


def square(n: int) -> int:
    """A stand-in for a game: its result depends on its deal alone."""
    if n == CURSED:
        raise StopIteration(f"deal {n} ends the game wrongly")
    if n == KILLER:
        os._exit(3)
    return n * n


def _deal(n: int) -> str:
    return f"deal {n}"


def _figures(report: dict) -> dict:
    """A simulation's report without what depends on where and how fast it ran."""
    return {k: v for k, v in report.items() if k not in ("games_per_second", "backend")}


def test_inline_results_and_a_failing_game_named_with_its_deal():
    assert dict(Job(square, [(n, n) for n in range(5)], backend="local", progress=False).results()) == {
        n: n * n for n in range(5)
    }
    seen = []
    with pytest.raises(GameFailed) as failed:
        for key, _ in Job(
            square, [(n, n) for n in (1, CURSED, 2)], backend="local", progress=False, deal=_deal
        ).results():
            seen.append(key)
    assert seen == [1]  # what finished before was handed back
    assert failed.value.key == CURSED and failed.value.deal == f"deal {CURSED}"
    assert "StopIteration" in failed.value.error and "ends the game wrongly" in str(failed.value)


def test_backend_choice_and_bad_names(monkeypatch):
    assert jobs.choose_backend("local", None, 10_000) == "local"
    with pytest.raises(ValueError, match="backend is one of auto, ray, local"):
        jobs.choose_backend("cloud", None, 1)
    if jobs.ray_available():
        assert jobs.choose_backend("auto", None, jobs.AUTO_RAY_GAMES - 1) == "local"
        assert jobs.choose_backend("auto", None, jobs.AUTO_RAY_GAMES) == "ray"
    monkeypatch.setitem(sys.modules, "ray", None)  # as without the cluster extra: ``import ray`` fails
    assert not jobs.ray_available()
    assert jobs.choose_backend("auto", None, 10_000) == "local"
    with pytest.raises(ValueError, match=r"Ray is not installed: pip install 'outremer\[cluster\]'"):
        jobs.choose_backend("ray", None, 1)
    with pytest.raises(ValueError, match="Ray is not installed"):
        jobs.choose_backend("auto", "ray://example:10001", 1)


@PROCESSES
def test_without_the_cluster_extra_a_large_job_runs_in_local_processes(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    game = get_game("levantine")
    report = simulate(game, ["random", "random"], jobs.AUTO_RAY_GAMES, 7, jobs=2)
    assert report["backend"] == "local" and report["games"] == jobs.AUTO_RAY_GAMES


@PROCESSES
def test_processes_give_the_same_results_and_report_a_failing_game():
    tasks = [(n, n) for n in range(7)]
    assert dict(Job(square, tasks, backend="local", jobs=2, progress=False).results()) == {n: n * n for n in range(7)}
    with pytest.raises(GameFailed) as failed:
        list(
            Job(
                square, [(n, n) for n in (1, 2, CURSED, 3, 4)], backend="local", jobs=2, progress=False, deal=_deal
            ).results()
        )
    assert failed.value.deal == f"deal {CURSED}" and "StopIteration" in failed.value.error


@PROCESSES
def test_a_killed_worker_costs_its_game_alone_in_processes():
    job = Job(square, [(n, n) for n in (1, 2, KILLER, 3, 4, 5)], backend="local", jobs=2, progress=False, deal=_deal)
    assert dict(job.results()) == {n: n * n for n in (1, 2, 3, 4, 5)}
    assert [(lost.key, lost.deal, lost.tries) for lost in job.lost] == [(KILLER, f"deal {KILLER}", 2)]
    assert "died" in job.lost[0].reason


@PROCESSES
def test_a_pool_found_broken_when_a_game_is_handed_to_it_loses_no_game(monkeypatch):
    """A worker may die between the wait for a finished game and the hand-over of the next one:
    the pool then refuses the game outright (``submit`` raises), and that game, which never
    began, is played in a new pool with the others, none lost and none counted as a death."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    handed = []

    class BreaksOnce(ProcessPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            handed.append(args)
            if len(handed) == 3:
                raise BrokenProcessPool("A child process terminated abruptly")
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", BreaksOnce)
    job = Job(square, [(n, n) for n in (1, 2, 3, 4, 5)], backend="local", jobs=2, progress=False, deal=_deal)
    assert dict(job.results()) == {n: n * n for n in (1, 2, 3, 4, 5)}
    assert job.lost == [] and len(handed) == 6


@PROCESSES
def test_simulation_figures_do_not_depend_on_the_jobs():
    game = get_game("levantine")
    one = simulate(game, ["heuristic", "random"], 4, 7)
    two = simulate(game, ["heuristic", "random"], 4, 7, jobs=2)
    assert one["backend"] == two["backend"] == "local"
    assert _figures(one) == _figures(two)


# ---------------------------------------------------------------- Ray, on this machine


@pytest.fixture(scope="module")
def ray():
    ray = pytest.importorskip("ray", reason="Ray is not installed: the cluster extra, pip install '.[cluster]'")
    jobs.start_ray(ray, None, 2)
    yield ray
    ray.shutdown()


def test_ray_results_and_a_failing_game_named_with_its_deal(ray):
    job = Job(square, [(n, n) for n in range(6)], backend="ray", progress=False)
    assert job.backend == "ray"
    assert dict(job.results()) == {n: n * n for n in range(6)}
    with pytest.raises(GameFailed) as failed:
        list(Job(square, [(n, n) for n in (1, CURSED, 2)], backend="ray", progress=False, deal=_deal).results())
    assert failed.value.key == CURSED and failed.value.deal == f"deal {CURSED}"
    assert "StopIteration" in failed.value.error


def test_ray_a_killed_worker_costs_its_game_alone(ray):
    job = Job(square, [(n, n) for n in (1, 2, KILLER, 3, 4)], backend="ray", progress=False, deal=_deal)
    assert dict(job.results()) == {n: n * n for n in (1, 2, 3, 4)}
    assert [(lost.key, lost.deal, lost.tries) for lost in job.lost] == [(KILLER, f"deal {KILLER}", 2)]
    assert "WorkerCrashedError" in job.lost[0].reason


def test_ray_simulation_figures_are_the_local_ones(ray):
    game = get_game("levantine")
    local = simulate(game, ["heuristic", "random"], 4, 7)
    remote = simulate(game, ["heuristic", "random"], 4, 7, backend="ray")
    assert remote["backend"] == "ray"
    assert _figures(remote) == _figures(local)
