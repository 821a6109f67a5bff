"""web/render.py and web/dispatch.py under CPython (the same code runs in the worker)."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, sweep

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


def test_templates_are_compiled_once_per_build(tmp_path):
    """A template's file given a new time (as when the worker unpacks the wheel again after
    restoring its snapshot) is not compiled again: a build's templates do not change."""
    import os

    env = render.environment()
    first = env.get_template("table/frame.html")
    path = render.TEMPLATE_DIR / "table" / "frame.html"
    stat = path.stat()
    try:
        os.utime(path, (stat.st_atime, stat.st_mtime + 60))
        assert env.get_template("table/frame.html") is first
    finally:
        os.utime(path, (stat.st_atime, stat.st_mtime))


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
    started = json.loads(
        dispatch.call(
            "new_game",
            json.dumps([json.dumps({"game": "levantine", "seats": ["human", "heuristic"], "viewer": 0, "seed": 7})]),
        )
    )
    assert started["ok"] and started["code"]
    for name in ("__import__", "_answer", "json", "nothing"):
        answer = json.loads(dispatch.call(name, "[]"))
        assert answer == {
            "ok": False,
            "error": {"kind": "unknown-function", "message": f"the engine has no function {name!r}"},
        }
    broken = json.loads(dispatch.call("open_code", "not json"))
    assert broken["ok"] is False and broken["error"]["kind"] == "internal"


def test_an_answer_says_how_long_it_took_only_while_a_benchmark_asks():
    """The click benchmark's timing (dispatch.set_timing, worker.js op "timing"): off by default,
    out of the page's reach through call(), and, while on, each part of a click in milliseconds."""
    json.loads(dispatch.boot())
    started = json.loads(
        dispatch.show(
            "new_game",
            json.dumps([json.dumps({"game": "levantine", "seats": ["human", "heuristic"], "viewer": 0, "seed": 7})]),
            0,
        )
    )
    assert "timing" not in started
    assert json.loads(dispatch.call("timing", "[true]"))["error"]["kind"] == "unknown-function"
    click = json.dumps([started["code"], 0, 0])
    assert "timing" not in json.loads(dispatch.show("act", click, 0))
    try:
        assert json.loads(dispatch.set_timing(True)) == {"ok": True, "timing": True}
        timed = json.loads(dispatch.show("act", click, 0))
        parts = timed["timing"]
        assert set(parts) == {"engine_ms", "legal_ms", "view_ms", "context_ms", "template_ms"}
        assert all(ms >= 0 for ms in parts.values()) and parts["template_ms"] > 0
        untimed = json.loads(dispatch.call("act", click))
        assert set(untimed["timing"]) == {"engine_ms", "legal_ms", "view_ms"}  # no table drawn
    finally:
        dispatch.set_timing(False)
    assert "timing" not in json.loads(dispatch.show("act", click, 0))


def test_warm_up_loads_every_game_and_keeps_none():
    """dispatch.warm_up (worker.js, quick start): every table template, every game at every
    player count, at its smallest with its table drawn and a computer move played; each step
    can be taken alone; none of those games is kept after."""
    from outremer import bridge

    dispatch.boot()
    kept = json.loads(dispatch.call("new_game", json.dumps([json.dumps({"game": "levantine", "seed": 2})])))
    assert kept["ok"] and bridge._CACHE
    steps = json.loads(dispatch.warm_up_steps())
    setups = {step.rsplit("/", 1)[0] if step.count("/") == 2 else step for step in steps}
    for game in json.loads(bridge.catalog())["games"]:
        low = game["min_seats"]
        assert f"{game['id']}/{low}/table" in steps and f"{game['id']}/{low}/move" in steps
        assert {f"{game['id']}/{n}" for n in range(low, game["max_seats"] + 1)} <= setups
    assert "template/table/frame.html" in steps and "template/table/ck_map.html" in steps
    assert "forget" not in steps
    assert json.loads(dispatch.warm_up("crusader-kingdoms/1/move")) == ["crusader-kingdoms/1/move"]
    assert bridge._CACHE
    assert json.loads(dispatch.warm_up()) == [*steps, "forget"]
    assert not bridge._CACHE
    # The player's game is still there: its code holds all of it.
    again = json.loads(dispatch.call("open_code", json.dumps([kept["code"]])))
    assert again["ok"] and again["code"] == kept["code"]
    assert "forget" not in dispatch.functions()  # not a door the page can open


# ---------------------------------------------------------------- the plug-in convention

import random  # noqa: E402
from html.parser import HTMLParser  # noqa: E402

from outremer import bridge  # noqa: E402


class _Acts(HTMLParser):
    """Every element carrying data-act, with what makes it operable, and every composer
    (table/_compose.html): its verb and, per argument, the values its fields offer."""

    def __init__(self):
        super().__init__()
        self.acts: list[dict] = []
        self.forms: list[dict] = []
        self._select: set | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        form = self.forms[-1] if self.forms and self.forms[-1]["open"] else None
        if tag == "form" and "data-compose" in attrs:
            self.forms.append({"verb": attrs["data-compose"], "fields": {}, "open": True})
        elif form is not None and "data-arg" in attrs:
            arg = int(attrs["data-arg"])
            if tag == "select":
                self._select = form["fields"][arg] = set()
            elif attrs.get("type") == "number":
                form["fields"][arg] = {str(n) for n in range(int(attrs["min"]), int(attrs["max"]) + 1)}
            else:
                form["fields"][arg] = {attrs["value"]}
        elif tag == "option" and self._select is not None:
            self._select.add(attrs["value"])
        if form is not None and "data-compose-pick" in attrs:  # a pick field's button sets its value
            _verb, arg, value = attrs["data-compose-pick"].split(" ", 2)
            form["fields"].setdefault(int(arg), set()).add(value)
        if "data-act" in attrs:
            self.acts.append({"tag": tag, "composer": form is not None, **attrs})

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "form" and self.forms:
            self.forms[-1]["open"] = False


def _parsed(html: str) -> _Acts:
    """The table's HTML parsed once: its data-act elements and its composers."""
    parser = _Acts()
    parser.feed(html)
    return parser


def _offered(parser: _Acts, legal: list[dict]) -> list[int]:
    """The legal actions the table offers, each as many times as it is offered: by an element
    of its own, or by a composer whose fields can form it (its button counts as the composer)."""
    out = [int(a["data-act"]) for a in parser.acts if not a["composer"]]
    for form in parser.forms:
        for a in legal:
            verb, *args = a["text"].split()
            if (
                verb == form["verb"]
                and len(args) == len(form["fields"])
                and all(value in form["fields"][i] for i, value in enumerate(args))
            ):
                out.append(a["index"])
    return sorted(out)


def _catalog():
    return {g["id"]: g for g in json.loads(bridge.catalog())["games"]}


def _games_with_a_table():
    return [g for g in _catalog() if (render.TEMPLATE_DIR / "table" / f"{g}.html").exists()]


@pytest.mark.parametrize("game_id", _games_with_a_table())
def test_every_legal_action_is_on_the_table_exactly_once(game_id):
    """Random games of every game with a table: each legal action is offered by one
    operable [data-act] element, and a seat's hidden cards never reach another seat's table.
    The tests play the first game of each; `python bench/sweeps.py render` plays both."""
    catalog = _catalog()
    render.set_catalog({"games": list(catalog.values())})
    game = catalog[game_id]
    rand = random.Random(5)
    for seed in sweep((1,), (1, 2)):
        seats = ["human"] * game["max_seats"]
        snap = json.loads(bridge.new_game(json.dumps({"game": game_id, "seats": seats, "seed": seed, "viewer": 0})))
        for _ in range(400):
            if snap["over"]:
                break
            snap = json.loads(bridge.open_code(snap["code"], snap["to_act"]))
            assert snap["ok"], snap
            html = render.table(snap)
            parsed = _parsed(html)
            acts = parsed.acts
            indices = _offered(parsed, snap["legal"])
            assert indices == [a["index"] for a in snap["legal"]], (snap["view"].get("step"), indices)
            for a in acts:
                assert a["tag"] == "button" or (
                    a.get("role") == "button" and a.get("tabindex") == "0" and a.get("aria-label")
                ), a
            choice = rand.choice(snap["legal"])["index"]
            snap = json.loads(bridge.act(snap["code"], choice, snap["to_act"]))
            assert snap["ok"], snap
        spectator = json.loads(bridge.open_code(snap["code"], None))
        render.table(spectator)  # renders with no seat at all (hand-off screen)
        assert render.log_html(spectator).count("<li") == len(spectator["log"])


def test_every_log_line_links_to_a_rule_that_is_explained(dist):
    """The rules page of each game has an anchor, with text, for every rule key its log can
    name; a played game's log names only those."""
    import importlib
    import re

    for game_id in _catalog():
        page = (dist / "rules" / f"{game_id}.html").read_text()
        anchors = set(re.findall(r'<(?:article|section) id="([^"]+)"', page))
        rules = importlib.import_module(f"outremer.games.{render.module_name(game_id)}.rules")
        keys = set(rules.RULEBOOK) | set(rules.RULINGS)
        assert {render.rule_anchor(k) for k in keys} <= anchors, game_id
        for key in keys:
            body = page.split(f'id="{render.rule_anchor(key)}"', 1)[1].split('id="rule-', 1)[0]
            assert len(re.sub(r"<[^>]+>", "", body).strip()) > 20, (game_id, key)
        snap = json.loads(
            bridge.new_game(
                json.dumps({"game": game_id, "seats": ["random"] * _catalog()[game_id]["max_seats"], "seed": 4})
            )
        )
        for _ in range(300):
            if snap["over"]:
                break
            snap = json.loads(bridge.ai_step(snap["code"], None))
        for line in render.log_lines(snap):
            assert line["rule"] in keys, line
            assert line["href"] == f"rules/{game_id}.html#{render.rule_anchor(line['rule'])}"


@pytest.mark.parametrize("viewer,heading", [(2, "you win"), (0, "your side wins"), (1, "you lose"), (None, None)])
def test_the_summary_of_a_game_in_sides_names_each_side_and_the_final_winner(viewer, heading):
    """A game played in sides (Game.teams): the heading tells each seat whether it won, its side
    won, or it lost; every side is listed with its seats, the Final Winner named."""
    summary = {
        "winners": [2],
        "why": "North and South win.",
        "columns": [],
        "rows": [],
        "teams": [
            {"name": "North and South", "seats": [0, 2], "won": True},
            {"name": "East and West", "seats": [1, 3], "won": False},
        ],
    }
    page = render.render(
        "table/_result.html",
        {
            "snapshot": {"summary": summary},
            "result": {},
            "viewer": viewer,
            "steps": 9,
            "seat_names": ["North", "East", "South", "West"],
            "seats": ["human"] * 4,
        },
    )
    title = page.split('class="result-title"')[1].split("</h2>")[0]
    assert (heading in title) if heading else (":" not in title)
    assert '<li class="winner">North and South: North, South (Final Winner) — wins</li>' in page
    assert "<li>East and West: East, West — loses</li>" in page


def test_an_accessible_name_holds_the_visible_label():
    """WCAG 2.5.3 (label in name): render.named keeps a label that holds the visible words (as
    axe-core compares them: case, punctuation and spacing aside, whole words), else puts them first."""
    assert render.named("Take Mamluks", "Take") == "Take Mamluks"
    assert (
        render.named("Play Nobility as a Transport (+1 Leader)", "Transport")
        == "Play Nobility as a Transport (+1 Leader)"
    )
    assert (
        render.named("Incursion against Jerusalem", "Incursion: Jerusalem")
        == "Incursion: Jerusalem — Incursion against Jerusalem"
    )
    assert render.named("Mistake made", "take") == "take — Mistake made"  # a whole word, not a piece of one
    assert render.named("Anything", "") == "Anything"


def test_a_lessons_composer_starts_on_the_lessons_action():
    """Third Crusade's lesson (web/games/forms.py, lesson_first): where the learner's step is
    built in a composer (the Event Cards laid out, a March), the form starts on the script's
    choice, so that its button plays exactly that action; every learner step's action is on
    the table."""
    import re

    from outremer import bridge
    from outremer.core import lesson as lessons
    from outremer.core.match import Match
    from outremer.games import get_game

    render.set_catalog(json.loads(bridge.catalog()))
    game = get_game("third-crusade")
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    composed = 0
    for move in lesson.moves:
        if move.by == lessons.LEARNER:
            html = render.table(bridge.snapshot(match, lessons.LEARNER))
            assert f'data-action="{move.do}"' in html, move.do
            if move.action.verb in ("march", "arrange"):
                assert re.search(r'class="compose-go" data-act="\d+" data-action="' + re.escape(move.do) + '"', html)
                composed += 1
        match.play(move.do, move.by)
    assert composed == 2  # the learner's Event Cards laid out, and James's March
