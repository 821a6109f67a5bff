"""web/render.py and web/dispatch.py under CPython (the same code runs in the worker)."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

import dispatch  # noqa: E402
import render  # noqa: E402


def test_frame_renders_without_a_game():
    page = render.frame(None)
    assert 'class="table"' in page and 'data-state="empty"' in page


def test_templates_autoescape():
    env = render.environment()
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    assert env.autoescape("frame.svg") and env.autoescape("frame.html")


def test_render_json_wants_an_object():
    with pytest.raises(TypeError):
        render.render_json("table/frame.html", "[]")
    assert render.frame_json("null") == render.frame(None)


def test_dispatch_reaches_the_bridge_and_nothing_else():
    status = json.loads(dispatch.boot())
    assert status["engine"]
    if not status["bridge"]:
        pytest.skip("the engine has no bridge")
    assert "new_game" in status["functions"] and "open_code" in status["functions"]
    started = json.loads(dispatch.call("new_game", json.dumps([json.dumps(
        {"game": "levantine", "seats": ["human", "heuristic"], "viewer": 0, "seed": 7})])))
    assert started["ok"] and started["code"]
    for name in ("__import__", "_answer", "json", "nothing"):
        answer = json.loads(dispatch.call(name, "[]"))
        assert answer == {"ok": False, "error": {"kind": "unknown-function",
                                                 "message": f"the engine has no function {name!r}"}}
    broken = json.loads(dispatch.call("open_code", "not json"))
    assert broken["ok"] is False and broken["error"]["kind"] == "internal"
