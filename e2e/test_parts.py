"""A click redraws only the parts of the table that changed (static/parts.js, render.table_json's
"parts"): an element of a part whose HTML is the same is the same element after the click, and
the table after a run of clicks is what a whole drawing of the same snapshot gives."""

from __future__ import annotations

import pytest

from conftest import play_first_action, set_pace, start_game, wait_for_turn

GAMES = [
    ("third-crusade", ("human", "heuristic", "heuristic", "heuristic"), 4),
    ("levantine", ("human", "heuristic"), 11),
]

MARK = """() => { for (const el of document.querySelectorAll('#table [data-part]')) el.__mark = el.dataset.part; }"""
KEPT = """() => { const kept = [], new_ = [];
    for (const el of document.querySelectorAll('#table [data-part]')) (el.__mark === el.dataset.part ? kept : new_).push(el.dataset.part);
    return {kept, new: new_}; }"""
# Each part's element as the page shows it; then the same after the table is drawn whole.
PARTS = """() => Object.fromEntries([...document.querySelectorAll('#table [data-part]')].map((el) => [el.dataset.part, el.outerHTML]))"""
WHOLE_PARTS = """() => { document.getElementById('table').innerHTML = ''; window.outremer.present(window.outremer.game.snapshot);
    return Object.fromEntries([...document.querySelectorAll('#table [data-part]')].map((el) => [el.dataset.part, el.outerHTML])); }"""


@pytest.mark.parametrize(("game", "seats", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_click_replaces_only_the_parts_that_changed(app, game, seats, seed):
    set_pace(app, 0)
    start_game(app, game=game, seats=seats, seed=seed)
    wait_for_turn(app)
    kept_any = replaced_any = False
    for _ in range(6):
        wait_for_turn(app)
        before = app.evaluate("""() => { const s = window.outremer.game.snapshot; const t = s.html.table;
            return Object.fromEntries(s.html.parts.map(([k, a, b]) => [k, t.slice(a, b)])); }""")
        app.evaluate(MARK)
        play_first_action(app)
        wait_for_turn(app)
        after = app.evaluate("""() => { const s = window.outremer.game.snapshot; const t = s.html.table;
            return Object.fromEntries(s.html.parts.map(([k, a, b]) => [k, t.slice(a, b)])); }""")
        seen = app.evaluate(KEPT)
        if not seen["kept"]:
            continue  # the whole table was drawn (its frame changed: a new phase)
        # A part drawn anew is one whose HTML changed; a part kept is as it was, or was given its
        # new attributes or children in place (checked below, and at every step by
        # test_tc_parts.py).
        for key in seen["new"]:
            assert before.get(key) != after[key], f"{key} drawn again, though its HTML is the same"
        kept_any = True
        replaced_any = replaced_any or any(before.get(key) != text for key, text in after.items())
    assert kept_any and replaced_any, "no click drew the table part by part"
    if game == "third-crusade":
        # The board's land and its Roads are drawn once: their elements are still the first ones.
        assert app.evaluate("document.querySelector('#table [data-part=\"tc-land-south\"]').__mark") == "tc-land-south"
    # every part, kept, patched or drawn anew, is what a whole drawing of the same snapshot draws
    assert app.evaluate(PARTS) == app.evaluate(WHOLE_PARTS), "a part drawn by parts is not the part drawn whole"


@pytest.mark.parametrize(("game", "seats", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_the_table_drawn_by_parts_is_the_table_drawn_whole(app, game, seats, seed):
    set_pace(app, 0)
    start_game(app, game=game, seats=seats, seed=seed + 1)
    for _ in range(8):
        play_first_action(app)
    wait_for_turn(app)
    by_parts = app.evaluate("document.getElementById('table').innerHTML")
    whole = app.evaluate("""() => { const table = document.getElementById('table');
        table.innerHTML = '';  // another table on screen: the next one is drawn whole
        window.outremer.present(window.outremer.game.snapshot);
        return table.innerHTML; }""")
    assert app.evaluate("document.querySelector('#table [data-part]').__mark") is None  # drawn anew
    assert by_parts == whole
