"""The Third Crusade modules import one another without circles, data and state at the bottom:
the Event executor and the Battle read no phase module (they are used by the Command phase)."""

from __future__ import annotations

import ast
from pathlib import Path

from outremer.games import third_crusade

PACKAGE = Path(third_crusade.__file__).parent
PHASES = {"strategy", "planning", "command", "diplomacy_phase", "upkeep_phase", "upkeep", "setup_phase", "game"}


def _imports() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    graph = {}
    for path in PACKAGE.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
        graph[path.stem] = deps & modules
    return graph


def test_no_module_imports_one_that_imports_it_back():
    graph = _imports()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(d == goal or (d not in seen and reaches(d, goal, seen | {d})) for d in graph[start])

    assert [m for m in graph if reaches(m, m, {m})] == []


def test_the_event_executor_and_the_battle_read_no_phase_module():
    graph = _imports()
    for module in ("effects", "battle_phase", "moves", "state", "execution"):
        assert graph[module] & PHASES == set(), module
