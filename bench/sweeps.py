"""The slow random-game sweeps of the tests, in full (`make bench-sweeps`).

Each of these tests checks a representative sample in `make test` (named in its docstring) and
the whole sweep here: the same test, the same assertions, run with OUTREMER_FULL_SWEEPS=1
(``sweep(sample, full)`` in tests/conftest.py and e2e/conftest.py). The browser's ones want the
built site (`make site`; e2e/conftest.py builds it when dist/ has none).

    python bench/sweeps.py              # every sweep, in full
    python bench/sweeps.py render       # the ones whose name holds this
    python bench/sweeps.py --collect    # only check that every test named here exists (the smoke run)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable

# (name, test, the sample in the tests -> the sweep here)
SWEEPS = [
    (
        "render every legal action",
        "e2e/test_render.py::test_every_legal_action_is_on_the_table_exactly_once",
        "every game with a table: one random game (seed 1) -> two (seeds 1 and 2)",
    ),
    (
        "third_crusade every legal action",
        "e2e/test_third_crusade.py::test_every_legal_action_is_on_the_table_once_in_every_mode",
        "every mode (2, 3, 4 players, 2 and 4 variable): the first 180 decisions -> the whole game",
    ),
    (
        "lords_of_heaven every legal action",
        "e2e/test_lords_of_heaven.py::test_every_legal_action_is_on_the_table_once_in_every_mode",
        "2, 3, 4 players, each game to its end: the tables of the first 320 decisions -> every table",
    ),
    (
        "table_fit every action in view",
        "e2e/test_table_fit.py::test_every_action_in_view",
        "every game and player count: Third Crusade and Lords of Heaven with 4 players, "
        "until the moments named are checked (at least 12 decisions) -> 40 decisions",
    ),
    (
        "layout_shift a link opens without the page jumping",
        "e2e/test_layout_shift.py::test_a_link_opens_without_the_page_jumping",
        "every game at 1366×900, Levantine on a slow phone, Third Crusade at 1920×1080 -> every game at every size",
    ),
    (
        "search never peeks",
        "tests/test_search.py::test_the_search_never_peeks",
        "every mode of every game, both variants, 6 states each: Third Crusade's one other deal "
        "of the hidden cards per state -> three, as the other games'",
    ),
    (
        "random games keep every invariant",
        "tests/test_harness.py::test_random_games_keep_every_invariant",
        "Levantine, Crusader Kingdoms, Lords of Heaven: 20 random games each -> 50 (the CPython profile's examples)",
    ),
]


def collect(chosen: list[tuple[str, str, str]], env: dict) -> list[str]:
    """Whether every test named exists: one collection per folder (tests/ and e2e/ each have
    their own conftest), quick enough for the smoke run."""
    failed = []
    for folder in sorted({test.split("/", 1)[0] for _name, test, _extent in chosen}):
        tests = [test for _name, test, _extent in chosen if test.startswith(folder + "/")]
        command = [PY, "-m", "pytest", *tests, "-p", "no:cacheprovider", "--collect-only"]  # -q: addopts
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        out = run.stdout + run.stderr
        missing = [test for test in tests if test.split("/", 1)[1] not in out]
        ok = run.returncode == 0 and not missing
        print(f"{'ok  ' if ok else 'FAIL'} {folder}: the {len(tests)} test(s) named", flush=True)
        if not ok:
            failed.append(folder)
            print("\n".join(out.strip().splitlines()[-15:]), flush=True)
    return failed


def main(argv: list[str]) -> int:
    words = [a for a in argv if not a.startswith("--")]
    wanted = words[0] if words else ""
    env = {
        **os.environ,
        "OUTREMER_FULL_SWEEPS": "1",
        "PYTHONPATH": f"{ROOT / 'engine'}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
    }
    chosen = [sweep for sweep in SWEEPS if wanted in sweep[0]]
    if "--collect" in argv:
        failed = collect(chosen, env)
    else:
        failed = []
        for name, test, extent in chosen:
            print(f"---- {name}: {extent}", flush=True)
            started = time.monotonic()
            run = subprocess.run([PY, "-m", "pytest", test, "-q", "-p", "no:cacheprovider"], cwd=ROOT, env=env)
            seconds = time.monotonic() - started
            print(f"{'ok  ' if run.returncode == 0 else 'FAIL'} {name} ({seconds:.0f} s)", flush=True)
            if run.returncode != 0:
                failed.append(name)
    if failed:
        print(f"{len(failed)} failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
