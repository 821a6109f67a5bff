"""Third Crusade's map: the Levant drawn under the Regions (data/map_drawing.toml through
web/games/tc_map.py), its text readable as drawn, both boards of 4 players in view on a wide
screen, a Region's details on focus, the legend a click away, the Region where something happens
marked for the table to bring into view."""

from __future__ import annotations

import sys

import pytest
from reach import SMALL_TEXT

from conftest import ROOT, set_pace, start_game, until

sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "web" / "games"))

import tc_map

GAME = "third-crusade"


# ---------------------------------------------------------------- the drawing's data


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _raw():
    from outremer.core.data import read_toml

    return read_toml("outremer.games.third_crusade", "map_drawing.toml", folder="data")


def _boards():
    from outremer.games.third_crusade.data import content

    c = content()
    return {"south": c.south, "north": c.north}


def test_every_port_lies_on_the_coast_and_no_city_in_the_sea():
    """The drawing is laid around the engine's Regions: each Port's box reaches the sea; no
    Region's centre lies in the sea, but on land or on an island (Famagusta on Cyprus)."""
    raw = _raw()
    for key, board in _boards().items():
        sea, islands = raw[key]["sea"], raw[key]["islands"]

        def wet(p, sea=sea, islands=islands):
            return _inside(p, sea) and not any(_inside(p, i) for i in islands)

        for r in board.regions:
            assert not wet((r.x, r.y)), (key, r.key)
            top = r.y - (tc_map.LABEL_H + tc_map.BOX_H) // 2 + tc_map.LABEL_H
            left = r.x - tc_map.BOX_W // 2
            edge = (
                [(left + t, top) for t in range(0, tc_map.BOX_W + 1, 8)]
                + [(left + t, top + tc_map.BOX_H) for t in range(0, tc_map.BOX_W + 1, 8)]
                + [(left, top + t) for t in range(0, tc_map.BOX_H + 1, 8)]
            )
            assert any(wet(p) for p in edge) == r.port, (key, r.key, r.port)


def test_no_two_regions_overlap_and_all_are_in_the_drawn_part():
    for key, board in _boards().items():
        boxes = []
        for r in board.regions:
            left, top = r.x - tc_map.BOX_W // 2, r.y - (tc_map.LABEL_H + tc_map.BOX_H) // 2
            boxes.append((r.key, left, top, left + tc_map.BOX_W, top + tc_map.LABEL_H + tc_map.BOX_H))
            assert left >= tc_map.VIEW_X and left + tc_map.BOX_W <= tc_map.VIEW_X + tc_map.VIEW_W, (key, r.key)
            assert top >= 0 and top + tc_map.LABEL_H + tc_map.BOX_H <= 1000, (key, r.key)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
                assert apart, (key, a, b)


def test_a_wrong_drawing_is_named_by_file_board_and_field():
    raw = _raw()
    bad = {**raw, "north": {**raw["north"], "hills": [{"name": "Taurus", "points": [[0, 0], [1]]}]}}
    with pytest.raises(
        tc_map.DrawingError, match=r"map_drawing.toml: \[\[north.hills\]\] #1 \(Taurus\) field 'points'"
    ):
        tc_map.parse_drawing(bad)
    with pytest.raises(tc_map.DrawingError, match=r"\[south\] field 'sea'"):
        tc_map.parse_drawing({**raw, "south": {**raw["south"], "sea": [[0, 0]]}})


# ---------------------------------------------------------------- the table's context


def _context(players: int, **change):
    import third_crusade as table_view
    from outremer.games.third_crusade.game import ThirdCrusade

    game = ThirdCrusade()
    state, _ = game.start(game.make_setup(1, ["human"] * players))
    view = game.view(state, 0)
    view.update(change)
    return table_view.context(
        {"view": view, "viewer": 0, "legal": [], "seats": ["human"] * players}, {"id": ThirdCrusade.id}
    )["tc"]


def test_four_players_draw_two_boards_with_the_roads_between_them_as_stubs():
    tc = _context(4)
    north, south = tc["boards"]
    assert (north["key"], south["key"]) == ("north", "south")
    assert {g["key"] for g in north["regions"]} >= {"antioch", "aleppo", "iconium"}
    assert {g["key"] for g in south["regions"]} >= {"acre", "jerusalem", "tripoli"}
    # the two Roads joining the boards (ruling TC13), each a stub on both boards
    assert len(north["stubs"]) == len(south["stubs"]) == 2
    assert {s["y2"] for s in north["stubs"]} == {1000} and {s["y2"] for s in south["stubs"]} == {0}
    assert len(_context(2)["boards"]) == 1


def test_the_battle_region_is_marked_to_be_brought_into_view():
    tc = _context(2)
    assert not any(g["focus"] for g in tc["regions"])
    battle = {
        "attacker": 0,
        "region": "acre",
        "from": "tyre",
        "side": "crusader",
        "group": [],
        "defenders": [],
        "attack": 1,
        "defence": 1,
        "stage": "reactions",
        "reactions": [],
        "ask": [],
        "lost": [],
    }
    tc = _context(2, battle=battle)
    assert [g["key"] for g in tc["regions"] if g["focus"]] == ["acre"]


def test_a_region_tells_its_pieces_icons_and_sections_in_words():
    acre = next(g for g in _context(2)["regions"] if g["key"] == "acre")
    d = acre["detail"]
    assert d["title"] == "Acre"
    assert "Port" in d["meta"] and "Controlled by" in d["meta"]
    assert "Pieces: " in d["text"] and "Uncovered icons: " in d["text"] and "Crusader Section" in d["text"]
    assert "Roads to Tyre" in d["text"]


# ---------------------------------------------------------------- in the browser


def _start(page, players: int, width: int, height: int) -> None:
    set_pace(page, 0)
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, game=GAME, seats=["human"] + ["heuristic"] * (players - 1), seed=7, players=players)
    page.wait_for_selector("section.tc .tc-map .tc-board")
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("players,width,height", [(2, 1366, 900), (4, 1366, 900), (2, 1920, 1080), (4, 1920, 1080)])
def test_board_text_is_at_least_11_pixels_as_drawn(app, players, width, height):
    _start(app, players, width, height)
    count = app.evaluate("document.querySelectorAll('.tc-map .tc-board text').length")
    assert count > 100
    small = app.evaluate(SMALL_TEXT, "#table .tc-map")
    assert small == [], small[:10]


def test_both_boards_in_view_with_four_players_on_a_wide_screen(app):
    _start(app, 4, 1920, 1080)
    boxes = app.evaluate("""() => [...document.querySelectorAll('.tc-board')].map(b => {
        const r = b.getBoundingClientRect(); return {key: b.dataset.board, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })""")
    assert [b["key"] for b in boxes] == ["north", "south"]
    for b in boxes:
        assert b["left"] >= 0 and b["right"] <= 1920 and b["top"] >= 0 and b["bottom"] <= 1080, boxes
    assert boxes[0]["right"] <= boxes[1]["left"]  # side by side


def test_a_region_shows_its_details_on_focus_and_the_legend_opens(app):
    _start(app, 2, 1366, 900)
    region = app.locator(".tc-map .tc-region[data-region='acre']")
    region.focus()
    until(app, "document.getElementById('detail-title').textContent === 'Acre'")
    assert "Port" in app.text_content("#detail-meta")
    assert "Pieces" in app.text_content("#detail-text")
    legend = app.locator(".tc-map .tc-legend")
    body = legend.locator(".tc-legend-body")
    assert not body.is_visible()
    legend.locator("summary").click()
    assert body.is_visible()
    assert "Mercantile City" in body.text_content() and "Order Sections" in body.text_content()
    frame = app.locator(".tc-mapframe").bounding_box()
    button = legend.locator("summary").bounding_box()
    assert frame["x"] <= button["x"] and button["x"] + button["width"] <= frame["x"] + frame["width"]
    assert frame["y"] <= button["y"] and button["y"] < 900  # in the map's frame, in view
    legend.locator("summary").click()
    assert not body.is_visible()
