"""Third Crusade's column of panels is drawn again panel by panel: the column itself is a holder of
parts (render.HOLDER: its own attributes, the keys its scroll and its panel shown are kept under,
change with the step), what is done now, the switches, the viewer's Army, the diplomacy board and
each Army's board are parts of their own. A table drawn again keeps the column's element, redraws
only the panels whose HTML changed, and keeps its scroll and the panel shown exactly as when the
column was drawn whole: the scroll while the column's key holds, else from the top; the panel
chosen on a narrow screen while the key of its panels holds, else the phase's first."""

from __future__ import annotations

import pytest

from conftest import collect_snapshots

SIDE_PARTS = ("tc-now", "tc-show", "tc-mine", "tc-dip", "tc-seat-0", "tc-seat-1", "tc-seat-2", "tc-seat-3")

# Draw snapshot ``i``, then (the column scrolled to ``top``, the panel ``choose`` chosen, every part
# and the column marked) snapshot ``i + 1``: what was kept, what the column shows after.
STEP = """([i, top, choose]) => {
    const present = window.outremer.present;
    const [a, b] = [window.__snaps[i], window.__snaps[i + 1]];
    const partsOf = (s) => { const t = s.html.table;
        return Object.fromEntries(s.html.parts.filter((p) => p.length === 3).map(([k, x, y]) => [k, t.slice(x, y)])); };
    present(a);
    const side = document.querySelector('#table .tc-side');
    if (choose) side.querySelector(`[data-show-panel="${choose}"]`).click();
    side.scrollTop = top;
    const before = { top: side.scrollTop, key: side.dataset.keepScroll, panels: side.dataset.panels, show: side.dataset.show };
    const root = document.querySelector('#table > *');
    root.__mark = true;
    side.__mark = true;
    for (const el of document.querySelectorAll('#table [data-part]')) el.__mark = el.dataset.part;
    present(b);
    const now = document.querySelector('#table .tc-side');
    const kept = [], redrawn = [];
    for (const el of now.querySelectorAll('[data-part]')) (el.__mark === el.dataset.part ? kept : redrawn).push(el.dataset.part);
    const whole = !root.isConnected;
    const after = { top: now.scrollTop, max: now.scrollHeight - now.clientHeight, key: now.dataset.keepScroll,
                    panels: now.dataset.panels, show: now.dataset.show,
                    pressed: [...now.querySelectorAll('[data-show-panel][aria-pressed="true"]')].map((x) => x.dataset.showPanel) };
    // each panel as drawn by parts, and (on a wide screen) as a whole drawing of the same snapshot draws it
    const outer = () => Object.fromEntries([...document.querySelectorAll('#table .tc-side [data-part]')].map((el) => [el.dataset.part, el.outerHTML]));
    const byParts = outer();
    let drawnWhole = null;
    if (!choose) { document.getElementById('table').innerHTML = ''; present(b); drawnWhole = outer(); }
    return { whole, sideKept: Boolean(now.__mark), kept, redrawn, byParts, drawnWhole, before, after,
             textA: partsOf(a), textB: partsOf(b) }; }"""


@pytest.fixture
def snaps(app):
    count = collect_snapshots(app, "third-crusade", ("human", "heuristic", "heuristic", "heuristic"), 4, 16, 4)
    assert count >= 10
    yield count
    app.evaluate("delete window.__snaps")


def test_a_click_redraws_only_the_panels_that_changed_and_keeps_the_scroll(app, snaps):
    """On a wide screen: the column is the same element after a click; a panel is kept exactly
    when its HTML is the same; the column's scroll is where the person left it while its key holds,
    else at its top (something else is done now), as when the column was drawn whole."""
    partly = retagged = scrolled_kept = scrolled_reset = 0
    for i in range(snaps - 1):
        seen = app.evaluate(STEP, [i, 180, None])
        if seen["whole"]:
            continue  # the frame changed (a new phase): the whole table drawn
        assert seen["sideKept"], "the column was drawn again though the table's frame was the same"
        # A panel whose HTML is the same is kept as it was; one whose HTML changed is drawn again
        # or patched in place (static/parts.js): either way it is now what a whole drawing of the
        # same snapshot gives.
        for key in seen["redrawn"]:
            assert seen["textA"].get(key) != seen["textB"][key], f"{key} drawn again, though its HTML is the same"
        assert seen["byParts"] == seen["drawnWhole"], "a panel drawn by parts is not the panel drawn whole"
        same = [k for k in SIDE_PARTS if k in seen["textB"] and seen["textA"].get(k) == seen["textB"][k]]
        other = [k for k in SIDE_PARTS if k in seen["textB"] and seen["textA"].get(k) != seen["textB"][k]]
        if same and other and all(k in seen["kept"] for k in same):
            partly += 1
        before, after = seen["before"], seen["after"]
        assert before["top"] > 0, "the column does not scroll on this screen: the test cannot see its scroll"
        if before["key"] != after["key"]:
            retagged += 1
            assert after["top"] == 0, (before["key"], after["key"], after["top"])
            scrolled_reset += 1
        else:
            assert after["top"] == min(before["top"], after["max"]), (before, after)
            scrolled_kept += 1
    assert partly, "no click redrew some panels of the column and kept the others"
    assert retagged and scrolled_kept and scrolled_reset, (retagged, scrolled_kept, scrolled_reset)


def test_on_a_phone_the_panel_chosen_survives_a_click(app, snaps):
    """On a narrow screen (one panel at a time): the panel chosen stays chosen while the key of the
    panels holds (the phase), its switch pressed; when the key changes, the phase's first panel
    shows, its switch pressed, as when the column was drawn whole."""
    app.set_viewport_size({"width": 390, "height": 844})
    held = changed = 0
    for i in range(snaps - 1):
        seen = app.evaluate(STEP, [i, 0, "seats"])
        before, after = seen["before"], seen["after"]
        assert before["show"] == "seats"
        assert after["pressed"] == [after["show"]], after
        if before["panels"] == after["panels"]:
            assert after["show"] == "seats", (before, after)
            held += 1
        else:
            first = (
                "dip"
                if "diplomacy" in after["panels"] or 'data-show-panel="mine"' not in seen["textB"]["tc-show"]
                else "mine"
            )
            assert after["show"] == first, (before, after)
            changed += 1
    assert held and changed, (held, changed)
