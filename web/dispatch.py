"""The worker's Python side: JSON strings in, JSON strings (or HTML) out.

The browser worker calls :func:`call` with the name of a function of
``outremer.bridge`` (the engine's only door) and its string arguments, and gets a
JSON string back.  Nothing raised inside Python reaches the page as a traceback:
an unexpected error becomes ``{"ok": false, "error": {"kind": "internal", ...}}``.
"""

from __future__ import annotations

import importlib
import json
import traceback
from types import ModuleType
from typing import Any

_bridge: ModuleType | None = None
_bridge_error: str | None = None
_render: ModuleType | None = None


def _renderer() -> ModuleType:
    """web/render.py: ``outremer_web.render`` in the browser, ``render`` beside this file else."""
    global _render
    if _render is None:
        _render = importlib.import_module(f"{__package__}.render" if __package__ else "render")
        catalog = json.loads(_bridge.catalog()) if _bridge is not None else {}
        if catalog.get("ok"):
            _render.set_catalog(catalog)
    return _render


def boot() -> str:
    """Import the engine; return a JSON status for the page's progress bar."""
    global _bridge, _bridge_error
    status: dict[str, Any] = {"engine": None, "bridge": False, "functions": []}
    try:
        outremer = importlib.import_module("outremer")
        status["engine"] = getattr(outremer, "__version__", None) or "unknown"
    except Exception as exc:  # noqa: BLE001 - reported to the page, not raised
        _bridge_error = f"the engine could not be loaded: {exc}"
        status["error"] = _bridge_error
        return json.dumps(status)
    try:
        _bridge = importlib.import_module("outremer.bridge")
        status["bridge"] = True
        status["functions"] = sorted(functions())
    except ModuleNotFoundError as exc:
        if exc.name != "outremer.bridge":
            _bridge_error = f"the engine's bridge could not be loaded: {exc}"
            status["error"] = _bridge_error
        else:
            _bridge_error = "this build of the engine has no bridge yet"
    except Exception as exc:  # noqa: BLE001
        _bridge_error = f"the engine's bridge could not be loaded: {exc}"
        status["error"] = _bridge_error
    return json.dumps(status)


def functions() -> list[str]:
    """The bridge's public functions: its ``__all__``, or its public callables."""
    if _bridge is None:
        return []
    names = getattr(_bridge, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(_bridge).items()
            if not n.startswith("_") and callable(v) and getattr(v, "__module__", None) == _bridge.__name__
        ]
    return [n for n in names if callable(getattr(_bridge, n, None))]


def _error(kind: str, message: str) -> str:
    return json.dumps({"ok": False, "error": {"kind": kind, "message": message}})


def call(name: str, args_json: str) -> str:
    """Call ``outremer.bridge.<name>(*args)``; ``args_json`` is the JSON list of arguments."""
    if _bridge is None:
        return _error("unavailable", _bridge_error or "the engine is not loaded")
    if name not in functions():
        return _error("unknown-function", f"the engine has no function {name!r}")
    try:
        args = json.loads(args_json)
        if not isinstance(args, list):
            raise TypeError("arguments must be a JSON list")
        result = getattr(_bridge, name)(*args)
    except Exception as exc:  # noqa: BLE001
        traceback.print_exc()
        return _error("internal", f"{type(exc).__name__}: {exc}")
    if not isinstance(result, str):
        result = json.dumps(result)
    return result


def show(name: str, args_json: str, log_from: int = 0) -> str:
    """Like :func:`call`, and when the answer is a snapshot, the table rendered from it.

    The answer is the bridge's JSON with one more key, ``html``: ``{table, parts, size, log,
    log_from, log_count}`` (see ``render.table_json``): one crossing per click.
    """
    answer = call(name, args_json)
    data = json.loads(answer)
    if not data.get("ok") or "view" not in data:
        return answer
    times: dict[str, float] | None = {} if "timing" in data else None
    try:
        data["html"] = _renderer().table_json(data, int(log_from), times)
    except Exception as exc:  # noqa: BLE001
        traceback.print_exc()
        return _error("internal", f"the table could not be drawn: {type(exc).__name__}: {exc}")
    if times is not None:
        data["timing"].update({f"{part}_ms": round(1000 * t, 3) for part, t in times.items()})
    return json.dumps(data, separators=(",", ":"))


def set_timing(on: bool) -> str:
    """A benchmark's switch (the worker's ``timing`` operation): while on, every answer of
    :func:`show` carries ``"timing"``, the milliseconds of each part of it in Python (the engine's
    step, the legal actions, the seat's view: ``outremer.bridge.timing``; the table's context and
    its template). Off by default: what a seat is shown in play says nothing of time."""
    if _bridge is None:
        return _error("unavailable", _bridge_error or "the engine is not loaded")
    _bridge.timing(bool(on))
    return json.dumps({"ok": True, "timing": bool(on)})


def warm_up_steps() -> str:
    """The JSON list of :func:`warm_up`'s steps, each short enough not to keep a player
    waiting; the step ``"forget"`` is meant for last, just before the snapshot."""
    templates = _renderer().environment().list_templates()
    steps = [f"template/{name}" for name in templates if name.startswith("table/")]  # compiled
    if _bridge is not None:
        for entry in json.loads(_bridge.catalog()).get("games", []):
            low, high = entry["min_seats"], entry["max_seats"]
            steps += [f"{entry['id']}/{count}" for count in range(low, high + 1)]  # its modules
            steps += [f"{entry['id']}/{low}/table", f"{entry['id']}/{low}/move"]  # drawn, and played
    return json.dumps(steps)


def warm_up(step: str | None = None) -> str:
    """Load, ahead of need, what the first moves of any game would load on demand.

    Every table template is compiled, every game set up at each of its player counts, and
    at its smallest its table drawn and a computer move played, so that its modules and its
    computer players are imported too; then those games are forgotten.  The engine's
    worker runs this step by step (``step``: one of :func:`warm_up_steps`, or ``"forget"``;
    all of them and then ``"forget"`` when None) whenever the page leaves it idle on a first
    visit, and then, right after ``"forget"``, takes its snapshot of Python's memory: later
    visits restore that snapshot and find all of it in place.  Returns the JSON list of the
    steps done.
    """
    steps = [*json.loads(warm_up_steps()), "forget"] if step is None else [step]
    done = []
    for name in steps:
        if name.startswith("template/"):
            _renderer().environment().get_template(name.removeprefix("template/"))
        elif name == "forget":
            assert _bridge is not None  # booted before the warm-up
            _bridge.forget()
        else:
            game, count, *part = name.split("/")
            request = {"game": game, "seats": ["heuristic"] * int(count), "seed": 1, "viewer": 0}
            answer = json.loads(call("new_game", json.dumps([json.dumps(request)])))
            if not answer.get("ok"):
                continue
            if part == ["table"]:
                _renderer().table_json(answer)
            elif part == ["move"] and not json.loads(show("ai_step", json.dumps([answer["code"], 0]))).get("ok"):
                continue
        done.append(name)
    return json.dumps(done)
