"""Lords of Heaven's table is drawn again by parts: the body around the board and the panels is a
holder (its class says whether the board holds the choices: render.HOLDER), and so are the board's
SVG (its mode) and the list of player boards (how many it shows); each Location card, each Fortress
space, the roads, the Round card, each action column and each player board is a part of its own. A
click keeps every part whose HTML is the same, holders included, and the table after a run of
clicks is exactly what a whole drawing of the same snapshot gives."""

from __future__ import annotations

import json
import random

from conftest import COLLECT, make_multiple_choice, set_pace, start_game, until, wait_for_turn

SEATS = ("human", "heuristic", "heuristic", "heuristic")

PARTS_OF = """() => { const s = window.outremer.game.snapshot; const t = s.html.table;
    return Object.fromEntries(s.html.parts.filter((p) => p.length === 3).map(([k, a, b]) => [k, t.slice(a, b)])); }"""
MARK = """() => { const t = document.getElementById('table');
    t.firstElementChild.__mark = 'root';
    for (const el of t.querySelectorAll('[data-part]')) el.__mark = el.dataset.part;
    for (const el of t.querySelectorAll('[data-holder]')) el.__mark = el.dataset.holder; }"""
KEPT = """() => { const t = document.getElementById('table'); const kept = [], fresh = [], holders = [];
    for (const el of t.querySelectorAll('[data-part]')) (el.__mark === el.dataset.part ? kept : fresh).push(el.dataset.part);
    for (const el of t.querySelectorAll('[data-holder]')) if (el.__mark === el.dataset.holder) holders.push(el.dataset.holder);
    return { whole: t.firstElementChild.__mark !== 'root', kept, fresh, holders,
             body: t.querySelector('[data-holder="loh-body"]').className }; }"""
# Each part's element as the page shows it; then the same once the table is drawn whole.
PARTS = """() => Object.fromEntries([...document.querySelectorAll('#table [data-part]')].map((el) => [el.dataset.part, el.outerHTML]))"""
WHOLE_PARTS = """() => { document.getElementById('table').innerHTML = ''; window.outremer.present(window.outremer.game.snapshot);
    return Object.fromEntries([...document.querySelectorAll('#table [data-part]')].map((el) => [el.dataset.part, el.outerHTML])); }"""
WHOLE = """() => { const table = document.getElementById('table');
    const byParts = table.innerHTML;
    table.innerHTML = '';  // another table on screen: the next one is drawn whole
    window.outremer.present(window.outremer.game.snapshot);
    return { byParts, whole: table.innerHTML, fresh: table.firstElementChild.__mark === undefined }; }"""


def _click(page, rand: random.Random) -> None:
    steps = page.evaluate("window.outremer.game.snapshot.steps")
    if not make_multiple_choice(page, rand):
        acts = page.locator("#table [data-act]:visible")
        acts.nth(rand.randrange(acts.count())).click()
    until(page, f"window.outremer.game.snapshot.steps > {steps}")


def test_a_click_keeps_every_part_whose_html_is_the_same(app):
    """Over random clicks of a 4-player game: a part is drawn anew only when its HTML changed (a
    part kept is as it was, or was given its new attributes or children in place), every part is
    then what a whole drawing of the snapshot draws, the Location cards are drawn one by one, and
    the body keeps its element when only its class changes."""
    set_pace(app, 0)
    start_game(app, game="lords-of-heaven", seats=SEATS, seed=5)
    rand = random.Random(5)
    by_parts = some_locations_kept = body_retagged = 0
    for _ in range(24):
        if wait_for_turn(app)["over"]:
            break
        before = app.evaluate(PARTS_OF)
        body_before = app.evaluate("document.querySelector('#table [data-holder=\"loh-body\"]').className")
        app.evaluate(MARK)
        _click(app, rand)
        wait_for_turn(app)
        after = app.evaluate(PARTS_OF)
        seen = app.evaluate(KEPT)
        if seen["whole"]:
            continue  # the frame changed (the viewer's player board moved beside the board)
        by_parts += 1
        for key in seen["fresh"]:
            assert before.get(key) != after[key], f"{key} drawn again, though its HTML is the same"
        shown = app.evaluate(PARTS)
        assert set(seen["holders"]) == {"loh-body", "loh-board", "loh-svg", "loh-seat-list"}, seen["holders"]
        locations = [k for k in after if k.startswith("loh-loc-")]
        assert locations and len(locations) == app.evaluate("document.querySelectorAll('#table [data-loc]').length")
        changed = [k for k in locations if before.get(k) != after[k]]
        if changed and len(changed) < len(locations) and all(k in seen["kept"] for k in locations if k not in changed):
            some_locations_kept += 1
        if seen["body"] != body_before:
            body_retagged += 1
        assert shown == app.evaluate(WHOLE_PARTS), "a part drawn by parts is not the part drawn whole"
    assert by_parts >= 12, by_parts
    assert some_locations_kept, "no click changed some Location cards and kept the others as they were"
    assert body_retagged, "the board never came to hold the choices, or left them, in these clicks"


def test_the_table_drawn_by_parts_is_the_table_drawn_whole(app):
    """After runs of clicks drawn by parts, the page's table is the same, to the character, as the
    whole table drawn anew from the same snapshot."""
    set_pace(app, 0)
    start_game(app, game="lords-of-heaven", seats=SEATS, seed=8)
    rand = random.Random(8)
    compared = 0
    for _ in range(5):
        for _ in range(6):
            if wait_for_turn(app)["over"]:
                break
            _click(app, rand)
        wait_for_turn(app)
        seen = app.evaluate(WHOLE)
        assert seen["fresh"], "the table was not drawn anew"
        assert seen["byParts"] == seen["whole"]
        compared += 1
    assert compared == 5


# Draw snapshot ``i``, scroll the board's frame sideways, draw snapshot ``i + 1``: where it is then,
# and whether the board's HTML (its frame, the SVG and every part in it) is the same in both.
BOARD_STEP = """(i) => {
    const present = window.outremer.present;
    const [a, b] = [window.__snaps[i], window.__snaps[i + 1]];
    const board = (s) => { const t = s.html.table; const at = t.indexOf('<div class="loh-boardframe"');
        return t.slice(at, t.indexOf('</svg>', at)); };
    present(a);
    const frame = document.querySelector('#table .loh-boardframe');
    frame.scrollLeft = 120;
    const before = frame.scrollLeft;
    present(b);
    const now = document.querySelector('#table .loh-boardframe');
    return { before, after: now.scrollLeft, same: board(a) === board(b), kept: now === frame }; }"""


def test_on_a_phone_the_board_shows_from_its_start_when_it_changed(app):
    """On a narrow screen the board scrolls sideways in its frame: drawn again by parts, the frame
    is kept, and it shows from its start whenever any of the board changed (as when the board was
    one part, drawn anew), and stays where it was when none of it did."""
    app.set_viewport_size({"width": 390, "height": 844})
    set_pace(app, 0)
    start_game(app, game="lords-of-heaven", seats=SEATS, seed=5)
    app.evaluate("window.__snaps = []")
    rand = random.Random(5)
    for _ in range(14):
        if wait_for_turn(app)["over"]:
            break
        app.evaluate(COLLECT)
        _click(app, rand)
    wait_for_turn(app)
    count = app.evaluate(COLLECT)
    reset = stayed = 0
    for i in range(count - 1):
        seen = app.evaluate(BOARD_STEP, i)
        assert seen["before"] > 0, "the board does not scroll on this screen: the test cannot see its scroll"
        if not seen["kept"]:
            continue  # the whole table drawn
        if seen["same"]:
            assert seen["after"] == seen["before"], seen
            stayed += 1
        else:
            assert seen["after"] == 0, seen
            reset += 1
    app.evaluate("delete window.__snaps")
    assert reset, "the board never changed between two of these snapshots"


# Draw snapshot ``i``, then ``i + 1`` by parts: the table then, the same snapshot drawn whole, and
# whether parts came or went between the two (a player board moved out of its list or back).
PAIR = """(i) => {
    const present = window.outremer.present;
    const table = document.getElementById('table');
    const [a, b] = [window.__snaps[i], window.__snaps[i + 1]];
    const keys = (s) => s.html.parts.filter((p) => p.length === 3).map(([k]) => k).join(' ');
    table.innerHTML = '';
    present(a);
    table.firstElementChild.__mark = 'root';
    present(b);
    const byParts = table.innerHTML;
    const kept = table.firstElementChild.__mark === 'root';
    table.innerHTML = '';
    present(b);
    return { byParts, whole: table.innerHTML, kept, moved: keys(a) !== keys(b) }; }"""


# One answer of the engine (the worker's, as a click gets it), kept: what a seat is shown after it.
ASK = """async ([name, args]) => { const a = await window.outremer.engine.show(name, args, 0);
    window.__snaps.push(a);
    const parts = a.html ? a.html.parts.filter((p) => p.length === 3).map(([k]) => k).join(' ') : null;
    return { ok: a.ok, over: a.over, toAct: a.to_act, code: a.code, legal: (a.legal || []).map((x) => x.index), parts }; }"""


def test_a_player_board_moved_out_of_its_list_or_back_is_drawn_alone(app):
    """When the viewer's player board moves beside the board (recruiting, an Upgrade) or back, the
    list of player boards has a part fewer or more: that part alone is taken out or put in, the rest
    of the table kept, and the table is what a whole drawing gives, to the character. (The game of
    ``bench/click_parts.py``: seed 100, seat 0's actions chosen by ``random.Random(0)``, where the
    4-player game's own board moves beside the board and back within 40 clicks; the game stops
    once it has.)"""
    set_pace(app, 0)
    app.evaluate("window.__snaps = []")
    request = {"game": "lords-of-heaven", "seats": list(SEATS), "seed": 100, "viewer": 0}
    answer = app.evaluate(ASK, ["new_game", [json.dumps(request)]])
    rand = random.Random(0)
    clicks = changes = 0
    parts = answer["parts"]
    while answer["ok"] and not answer["over"] and clicks < 40 and changes < 2:
        if answer["toAct"] == 0:
            index = answer["legal"][rand.randrange(len(answer["legal"]))]
            answer = app.evaluate(ASK, ["act", [answer["code"], index, 0]])
            clicks += 1
        else:
            answer = app.evaluate(ASK, ["ai_step", [answer["code"], 0]])
        changes += answer["parts"] != parts  # the snapshots are compared below, drawn both ways
        parts = answer["parts"]
    assert answer["ok"]
    count = app.evaluate("window.__snaps.length")
    moved = 0
    for i in range(count - 1):
        seen = app.evaluate(PAIR, i)
        assert seen["byParts"] == seen["whole"], i
        if seen["moved"]:
            assert seen["kept"], f"step {i}: the whole table was drawn for a part that came or went"
            moved += 1
    app.evaluate("delete window.__snaps")
    assert moved >= 2, moved
