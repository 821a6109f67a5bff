"""Third Crusade's table drawn by parts is the table drawn whole: a run of the person's turns in a
4-player game (random clicks against the quick player, through the Strategy phase's end and its
return), each drawn over the one before it as a click draws it (static/parts.js: parts replaced,
given new attributes, patched keeping their children that are the same, put in or taken out),
gives at every step the very HTML that a whole drawing of the same snapshot gives. A part kept
or patched wrongly (a mark left over, a Region's attributes of the click before) fails it."""

from __future__ import annotations

from conftest import collect_snapshots

SEATS = ("human", "heuristic", "heuristic", "heuristic")

# Each snapshot drawn over the one before it, as a click draws it: the table's HTML after each, and
# what parts.js did.
CHAIN = """() => { const table = document.getElementById('table');
    table.innerHTML = '';
    const out = [];
    for (const s of window.__snaps) {
        window.outremer.present(s);
        out.push({ html: table.innerHTML, drawn: { ...window.outremer.drawn } });
    }
    return out; }"""

# Snapshot ``i`` drawn whole (another table on screen first).
WHOLE = """(i) => { const table = document.getElementById('table');
    table.innerHTML = '';
    window.outremer.present(window.__snaps[i]);
    return { html: table.innerHTML, how: window.outremer.drawn.how }; }"""


def test_the_table_drawn_by_parts_is_the_table_drawn_whole_at_every_step(app):
    count = collect_snapshots(app, "third-crusade", SEATS, 100, 30, 0)
    assert count >= 25
    chain = app.evaluate(CHAIN)
    seen = {"parts": 0, "tags": 0, "kept": 0, "added": 0, "gone": 0}
    for i, step in enumerate(chain):
        whole = app.evaluate(WHOLE, i)
        assert whole["how"] == "whole"
        assert step["html"] == whole["html"], f"step {i}: the table drawn by parts is not the table drawn whole"
        drawn = step["drawn"]
        if i and drawn["how"] == "parts":
            seen["parts"] += 1
            for key in ("tags", "kept", "added", "gone"):
                seen[key] += drawn[key] > 0
    # every way of drawing a part again was taken, and nearly every step was drawn by parts (the
    # Strategy rows coming and going among them)
    assert seen["parts"] >= count - 3, seen
    assert all(seen[key] for key in ("tags", "kept", "added", "gone")), seen
    app.evaluate("delete window.__snaps")
