"""The frame every game sits in: the card-details panel follows the table, and the place where
something happens is brought into view inside its own frame, never by scrolling the page."""

from __future__ import annotations

from conftest import play_first_action, set_pace, start_game, until, wait_for_turn


def test_card_details_go_with_the_card(app):
    set_pace(app, 0)
    start_game(app, game="levantine", seats=("human", "heuristic"), seed=11)
    wait_for_turn(app)
    # A card really on the table: its details stay through a step that keeps it there.
    card = app.locator("#table [data-detail-title]").first
    card.hover()
    title = card.get_attribute("data-detail-title")
    until(app, f"document.getElementById('detail-title').textContent === {title!r}")
    # A card that the next step takes away (here: one the table no longer draws).
    app.evaluate("""() => {
        const gone = document.createElement('span');
        gone.dataset.detailTitle = 'A card of an earlier step'; gone.dataset.detailText = 'Gone.';
        gone.textContent = 'gone'; gone.id = 'gone-card';
        document.querySelector('#table .table').prepend(gone);
    }""")
    app.hover("#gone-card")
    until(app, "document.getElementById('detail-title').textContent === 'A card of an earlier step'")
    app.mouse.move(0, 0)
    play_first_action(app)
    wait_for_turn(app)
    until(app, "document.getElementById('detail-title').textContent === 'Card details'")
    assert "Point at a card" in app.locator("#detail-text").inner_text()


def test_the_place_where_something_happens_comes_into_its_frame(app):
    """A redrawn table whose element marked data-focus="yes" lies outside its scrolling frame's
    visible part: the frame scrolls to it; the page does not move."""
    set_pace(app, 0)
    start_game(app, game="levantine", seats=("human", "heuristic"), seed=12)
    wait_for_turn(app)
    app.evaluate("window.scrollTo(0, 0)")
    html = app.evaluate("window.outremer.game.snapshot.html.table")
    framed = (
        '<div id="test-frame" style="height:120px;overflow:auto"><div style="height:2000px"></div>'
        '<p id="test-target" data-focus="yes">here</p><div style="height:400px"></div></div>'
    )
    app.evaluate(
        """(framed) => {
        const s = window.outremer.game.snapshot;
        const answer = {...s, html: {...s.html, table: framed + s.html.table, log: '', log_from: s.html.log_count}};
        window.outremer.present(answer);
    }""",
        framed,
    )
    box = app.evaluate("""() => { const f = document.getElementById('test-frame').getBoundingClientRect();
        const t = document.getElementById('test-target').getBoundingClientRect();
        return {inside: t.top >= f.top && t.bottom <= f.bottom, scrollY: window.scrollY}; }""")
    assert box == {"inside": True, "scrollY": 0}, box
    assert html  # the table was a real one
