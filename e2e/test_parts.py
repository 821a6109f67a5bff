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
        # A part is kept exactly when its HTML is the same as before the click (the computer's
        # moves in between are drawn the same way: a kept part was the same at every step).
        for key in seen["kept"]:
            assert before.get(key) == after[key], f"{key} kept, though its HTML changed"
        kept_any = True
        replaced_any = replaced_any or bool(seen["new"])
    assert kept_any and replaced_any, "no click drew the table part by part"
    if game == "third-crusade":
        # The board's land and its Roads are drawn once: their elements are still the first ones.
        assert app.evaluate("document.querySelector('#table [data-part=\"tc-land-south\"]').__mark") == "tc-land-south"


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
