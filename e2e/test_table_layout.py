"""The table fits the screen it is on: at 1366×900 the hand and the actions are in view without
scrolling; at 1920×1080 the Crusader Kingdoms map, or the Lords of Heaven board, and the hand sit
side by side; on a 390×844
phone what is asked, and the buttons that answer it, stay in view while the board scrolls."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import set_pace, start_game, wait_for_turn

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"
GAMES = {
    "levantine": dict(seats=("human", "heuristic"), players=None, hand=".your-hand", ask=".lev .status-bar"),
    "crusader-kingdoms": dict(
        seats=("human", "heuristic", "heuristic", "heuristic"), players=4, hand=".ck-hand", ask=".ck .status-bar"
    ),
    "lords-of-heaven": dict(
        seats=("human", "heuristic", "heuristic", "heuristic"),
        players=4,
        hand=".loh-hand, .loh-draft",
        ask=".loh .status-bar",
    ),
    "third-crusade": dict(
        seats=("human", "heuristic", "heuristic", "heuristic"), players=4, hand=".tc-mine", ask=".tc .status-bar"
    ),
}
BOARDS = {"crusader-kingdoms": ".ck-map", "lords-of-heaven": ".loh-board", "third-crusade": ".tc-map"}
BOX = """(selector) => { const el = document.querySelector(selector); if (!el) return null;
  const b = el.getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height}; }"""


def _box(page, selector: str) -> dict:
    box = page.evaluate(BOX, selector)
    assert box is not None, f"{selector} is not on the page"
    return box


def _in_view(box: dict, width: int, height: int) -> bool:
    return box["top"] >= -0.5 and box["bottom"] <= height + 0.5 and box["left"] >= -0.5 and box["right"] <= width + 0.5


@pytest.fixture(params=list(GAMES))
def at_table(request, app):
    spec = GAMES[request.param]
    set_pace(app, 0)
    start_game(app, game=request.param, seats=spec["seats"], seed=5, players=spec["players"])
    wait_for_turn(app)
    yield app, request.param, spec
    app.set_viewport_size({"width": 1280, "height": 900})
    app.evaluate("window.scrollTo(0, 0)")


def test_hand_and_actions_in_view_at_1366_by_900(at_table):
    page, game, spec = at_table
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    assert _in_view(_box(page, spec["hand"]), 1366, 900), (game, _box(page, spec["hand"]))
    buttons = page.locator("#table [data-act]:is(button)")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 900, (game, buttons.nth(i).inner_text(), box)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{game}-1366.png"))


def test_the_width_is_used_at_1920_by_1080(at_table):
    page, game, spec = at_table
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.evaluate("window.scrollTo(0, 0)")
    table = _box(page, "#table")
    assert table["width"] >= 1300, table  # not a column in the middle of the screen
    hand = _box(page, spec["hand"])
    assert _in_view(hand, 1920, 1080), hand
    if game in BOARDS:
        board = _box(page, BOARDS[game])
        assert board["right"] <= hand["left"], (board, hand)  # side by side
        assert board["top"] < 1080 and hand["top"] < 1080
    page.screenshot(path=str(SHOTS / f"table-{game}-1920.png"))


def test_what_is_asked_stays_in_view_on_a_phone(at_table):
    page, game, spec = at_table
    page.set_viewport_size({"width": 390, "height": 844})
    # Scroll the board: to the middle of the map, or the opponent's side.
    target = BOARDS.get(game, ".seat-north")
    page.evaluate(f"document.querySelector('{target}').scrollIntoView({{block: 'center'}})")
    page.evaluate("window.scrollBy(0, 1)")
    ask = _box(page, spec["ask"])
    assert _in_view(ask, 390, 844), (game, ask)
    bar = page.evaluate(BOX, ".action-bar")
    if bar is not None:
        assert _in_view(bar, 390, 844), (game, bar)
    # Scrolled to the hand's end: still there.
    page.evaluate(f"document.querySelector('{spec['hand']}').scrollIntoView({{block: 'end'}})")
    assert _in_view(_box(page, spec["ask"]), 390, 844)
    page.screenshot(path=str(SHOTS / f"table-{game}-phone.png"))
