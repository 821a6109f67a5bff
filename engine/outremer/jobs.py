"""Many games at once: the runner every many-game job shares (``outremer simulate``, the strength
series, the balance benchmarks).

A job is a function of one argument, defined at the top of a module, and a list of tasks, each a
key and the argument of one game. The runner plays them on one of two backends and hands back
each result as it finishes (``Job.results()`` yields ``(key, result)``), so that the caller can
append it to its resumable file at once:

- ``ray``: each game a Ray task. ``ray.init()`` starts a local instance on this machine's cores;
  given an address (``--address``, or the ``RAY_ADDRESS`` variable: ``ray://host:10001``), the
  games run on that cluster, the engine's package shipped to it. Ray is an optional extra
  (``pip install 'outremer[cluster]'``), imported only here, only when used.
- ``local``: processes of this machine (``concurrent.futures``); with one job, this process.

``auto`` (the default) takes Ray when an address is given, or when Ray is installed and the job
is large enough (``AUTO_RAY_GAMES``) to be worth starting it for; else local processes.

Two kinds of failure are told apart. A game that raises is an error of the engine: the job stops
with ``GameFailed``, which names the game's key and deal and carries the traceback; the games
already finished have been handed back. A worker that dies in the middle of a game (killed, out
of memory, a machine of the cluster gone) costs that game only: it is tried again ``retries``
times, then recorded in ``Job.lost`` and skipped. Progress goes to standard error.

Results must depend on the game's argument alone (games are seeded by their deal), so that the
figures made from them do not depend on the backend, the number of jobs or the order in which
games finish: callers put the results in key order before adding them up.

Only the standard library is imported here (processes only when used: the browser has none).
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

BACKENDS = ("auto", "ray", "local")
AUTO_RAY_GAMES = 100
"""``auto`` starts a local Ray instance (some seconds) only for a job of at least this many games."""


class GameFailed(RuntimeError):
    """A game raised an error: the engine's fault, reported with the game that shows it."""

    def __init__(self, key: Any, deal: str, error: str):
        self.key, self.deal, self.error = key, deal, error
        super().__init__(f"game {key!r} ({deal}) failed:\n{error}")


@dataclass(frozen=True)
class Lost:
    """A game whose worker died ``tries`` times while playing it."""

    key: Any
    deal: str
    reason: str
    tries: int


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def choose_backend(backend: str, address: str | None, games: int) -> str:
    """The backend a job runs on: ``ray`` or ``local`` (see the module's docstring for ``auto``)."""
    if backend not in BACKENDS:
        raise ValueError(f"The backend is one of {', '.join(BACKENDS)}, not {backend!r}.")
    address = address or os.environ.get("RAY_ADDRESS")
    if backend == "ray" or (backend == "auto" and address):
        if not ray_available():
            raise ValueError("Ray is not installed: pip install 'outremer[cluster]' (or choose --backend local).")
        return "ray"
    if backend == "auto" and games >= AUTO_RAY_GAMES and ray_available():
        return "ray"
    return "local"


def _call(fn: Callable[[Any], Any], arg: Any) -> tuple[bool, Any]:
    """Play one game in a worker: ``(True, result)``, or ``(False, traceback text)`` when it raised.
    Every exception is caught here, StopIteration too (raised through an iterator of results it
    would end the caller's loop unseen), and sent back as text (an exception may not pickle)."""
    try:
        return True, fn(arg)
    except KeyboardInterrupt:  # the person at the keyboard stops the job: not the game's fault
        raise
    except BaseException:  # noqa: BLE001 - whatever a game raises is reported with its deal
        return False, traceback.format_exc()


@dataclass
class Progress:
    """``label: done/total games, lost, games a second``, on standard error at most every
    ``every`` seconds, and at the end of a job that showed any; a lost game is said at once."""

    label: str
    total: int
    enabled: bool = True
    every: float = 2.0
    done: int = 0
    lost: int = 0
    started: float = field(default_factory=time.perf_counter)
    shown: float = field(default_factory=time.perf_counter)
    lines: int = 0

    def tick(self, finished: int = 1, lost: int = 0, final: bool = False) -> None:
        self.done += finished
        self.lost += lost
        now = time.perf_counter()
        if not self.enabled or (not final and now - self.shown < self.every) or (final and not self.lines):
            return  # a job done before its first line says nothing
        self.shown = now
        self.lines += 1
        rate = self.done / (now - self.started) if now > self.started else 0.0
        lost_text = f", {self.lost} lost" if self.lost else ""
        print(
            f"{self.label}: {self.done}/{self.total} games{lost_text}, {rate:.2f} games/s", file=sys.stderr, flush=True
        )


class Job:
    """Tasks ``(key, arg)`` of the function ``fn``, to run on ``backend`` (see the module).

    ``jobs``: local processes (``None`` or 1: this process), or for a local Ray instance the
    cores it may use (``None``: all). ``deal``: how a task's argument is named in a report
    (default its ``repr``). ``retries``: how many more times a game whose worker died is tried.
    """

    def __init__(
        self,
        fn: Callable[[Any], Any],
        tasks: Iterable[tuple[Any, Any]],
        *,
        backend: str = "auto",
        address: str | None = None,
        jobs: int | None = None,
        retries: int = 1,
        label: str = "games",
        progress: bool = True,
        deal: Callable[[Any], str] = repr,
    ):
        self.fn, self.tasks = fn, list(tasks)
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.backend = choose_backend(backend, self.address, len(self.tasks))
        self.jobs, self.retries, self.deal = jobs, retries, deal
        self.progress = Progress(label, len(self.tasks), progress)
        self.lost: list[Lost] = []

    def results(self) -> Iterator[tuple[Any, Any]]:
        """Each finished game's ``(key, result)``, in the order they finish. Leaving the loop
        early (``break``) cancels the games not yet started in local processes; on Ray the games
        still pending are left to end (their results unread), and stop with the instance or the
        driver, because a cancelled task finishing at that moment ends the driver (Ray's
        "Tried to complete task that was not pending", ray-project/ray#54527)."""
        if not self.tasks:
            return
        try:
            if self.backend == "ray":
                yield from self._ray()
            elif not self.jobs or self.jobs <= 1:
                yield from self._inline()
            else:
                yield from self._processes()
        finally:
            self.progress.tick(0, final=True)

    def _unpack(self, key: Any, arg: Any, outcome: tuple[bool, Any]) -> Any:
        ok, value = outcome
        if not ok:
            raise GameFailed(key, self.deal(arg), value)
        self.progress.tick()
        return value

    def lose(self, key: Any, arg: Any, reason: str, tries: int) -> None:
        self.lost.append(Lost(key, self.deal(arg), reason, tries))
        self.progress.tick(0, lost=1)
        print(
            f"{self.progress.label}: game {key!r} ({self.deal(arg)}) lost after {tries} tries: {reason}",
            file=sys.stderr,
            flush=True,
        )

    def _inline(self) -> Iterator[tuple[Any, Any]]:
        for key, arg in self.tasks:
            yield key, self._unpack(key, arg, _call(self.fn, arg))

    def _processes(self) -> Iterator[tuple[Any, Any]]:
        """Local processes, at most ``jobs`` games in flight, so that when a worker dies (the
        whole pool breaks with it) the games it may have been playing are known: those are
        played again one at a time, which finds the one that kills its worker."""
        from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
        from concurrent.futures.process import BrokenProcessPool

        assert self.jobs is not None
        queue = list(reversed(self.tasks))
        suspects: list[tuple[Any, Any]] = []
        tries: dict[Any, int] = {}
        while queue or suspects:
            pool = ProcessPoolExecutor(self.jobs)
            running: dict[Future, tuple[Any, Any]] = {}
            broken = False
            try:
                while (queue or suspects or running) and not broken:
                    alone = bool(suspects)
                    while len(running) < (1 if alone else self.jobs) and (suspects or (queue and not alone)):
                        source = suspects if suspects else queue
                        key, arg = source.pop()
                        try:
                            running[pool.submit(_call, self.fn, arg)] = (key, arg)
                        except BrokenProcessPool:  # a worker died since the last wait: this game never began
                            source.append((key, arg))
                            broken = True
                            break
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        key, arg = running.pop(future)
                        try:
                            outcome = future.result()
                        except BrokenProcessPool as error:
                            broken = True
                            tries[key] = tries.get(key, 0) + 1
                            if alone and tries[key] > self.retries:
                                self.lose(key, arg, f"its worker died ({error})", tries[key])
                            else:
                                suspects.append((key, arg))
                            continue
                        yield key, self._unpack(key, arg, outcome)
                if broken:  # the games still in flight died with the pool: play each again alone
                    suspects.extend(running.values())
            finally:
                for future in running:
                    future.cancel()
                pool.shutdown(wait=True, cancel_futures=True)

    def _ray(self) -> Iterator[tuple[Any, Any]]:
        """Ray tasks, all submitted at once, consumed as they finish (``ray.wait``). A task is
        not retried by Ray itself (``max_retries=0``): a worker's death comes back here, where
        it is counted against that game alone."""
        import ray

        start_ray(ray, self.address, self.jobs)
        lost_errors = tuple(getattr(ray.exceptions, name) for name in RAY_LOST if hasattr(ray.exceptions, name))
        module = sys.modules.get(getattr(self.fn, "__module__", "") or "")
        if module is not None and module.__name__ != "__main__" and module.__name__.split(".")[0] != "outremer":
            # a benchmark's or a test's function travels by value: a cluster needs only the engine
            ray.cloudpickle.register_pickle_by_value(module)
        remote = ray.remote(max_retries=0, num_cpus=1)(_call)
        fn = ray.put(self.fn)
        pending = {remote.remote(fn, arg): (key, arg) for key, arg in self.tasks}
        tries: dict[Any, int] = {}
        # Left early, the games still pending are not cancelled: see results().
        while pending:
            refs = list(pending)
            ready, rest = ray.wait(refs, num_returns=1)  # the first to finish, then every other done by now
            if rest:
                ready += ray.wait(rest, num_returns=len(rest), timeout=0)[0]
            for ref in ready:
                key, arg = pending.pop(ref)
                try:
                    outcome = ray.get(ref)
                except lost_errors as error:
                    tries[key] = tries.get(key, 0) + 1
                    if tries[key] > self.retries:
                        self.lose(key, arg, f"{type(error).__name__}: {str(error).splitlines()[0]}", tries[key])
                    else:
                        pending[remote.remote(fn, arg)] = (key, arg)
                    continue
                except ray.exceptions.RayError as error:  # not the game's own error (caught in _call)
                    raise GameFailed(key, self.deal(arg), f"{type(error).__name__}: {error}") from error
                yield key, self._unpack(key, arg, outcome)


RAY_LOST = ("WorkerCrashedError", "NodeDiedError", "OwnerDiedError", "ObjectLostError", "LocalRayletDiedError")
"""The errors of ``ray.exceptions`` that mean the game's worker, or its machine, was lost."""


def start_ray(ray: Any, address: str | None, cpus: int | None = None) -> None:
    """Connect to the cluster at ``address`` (``ray://host:10001``, or ``auto`` for one started on
    this machine with ``ray start --head``), shipping the engine's package to it; without an
    address, start a local instance on this machine (``cpus`` of its cores; all by default).
    An instance already started in this process is kept."""
    if ray.is_initialized():
        return
    if address:
        package = os.path.dirname(os.path.abspath(__file__))
        ray.init(address=address, runtime_env={"py_modules": [package]}, log_to_driver=False)
    else:
        # "local": a new instance, even where a cluster was started on this machine (``--address auto`` joins that one)
        ray.init(address="local", num_cpus=cpus or None, include_dashboard=False, log_to_driver=False)


def add_arguments(parser: Any) -> None:
    """``--backend``, ``--address`` and ``--jobs`` for a command that runs many games."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="auto",
        help="where the games run: Ray tasks (pip install 'outremer[cluster]'), local processes, "
        f"or auto: Ray when given an address, or when installed and the job has "
        f"{AUTO_RAY_GAMES} games or more (default)",
    )
    parser.add_argument(
        "--address",
        default=None,
        help="a Ray cluster's address, e.g. ray://host:10001 (default: $RAY_ADDRESS, else a local instance)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="local processes to share the games (default: this process alone), or the cores of "
        "a local Ray instance (default: all); the figures do not depend on it",
    )


def runner(args: Any) -> dict[str, Any]:
    """The keyword arguments of ``Job`` that ``add_arguments`` read from the command line."""
    return {"backend": args.backend, "address": args.address, "jobs": args.jobs}
