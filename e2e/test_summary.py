"""The end of a game, for every game: a summary brought into view (who won and why, the
standings, every hand), then "Watch the replay" (pausable), "Rematch" and "New game"."""

from __future__ import annotations

from pathlib import Path

from conftest import set_pace, start_game, until

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"


def test_the_end_is_a_summary_with_replay_and_rematch(app):
    set_pace(app, 0)
    code = start_game(app, game="levantine", seats=("heuristic", "heuristic"), seed=3)
    until(app, "document.body.dataset.over === 'yes'", timeout=240)
    summary = app.locator("#table .result")
    summary.wait_for()
    box = summary.bounding_box()
    assert box["y"] < 900 and box["y"] + 40 > 0, box  # scrolled into view
    assert app.evaluate("document.activeElement.id") == "result-title"
    assert "Crusader wins" in summary.locator(".result-text").inner_text()
    rows = summary.locator(".standings tbody tr")
    assert rows.count() == 2
    assert "★" in summary.locator(".standings tr.winner").inner_text()
    snapshot = app.evaluate("window.outremer.game.snapshot")
    for row in snapshot["summary"]["rows"]:  # every hand, as the engine has it
        shown = rows.nth(row["seat"]).locator(".hand-list").inner_text()
        assert shown == (", ".join(row["hand"]) or "no cards")
    SHOTS.mkdir(exist_ok=True)
    app.screenshot(path=str(SHOTS / "summary-levantine.png"))

    # Watch the replay: it steps on by itself, pauses, resumes; Back to the present ends it.
    steps = snapshot["steps"]
    assert app.evaluate("window.scrollY") > 0  # the summary was brought into view
    app.get_by_role("button", name="Watch the replay").click()
    until(app, "document.body.dataset.mode === 'history'")
    assert app.evaluate("window.scrollY") == 0  # the replay's controls and the table from the top
    until(app, "window.outremer.game.snapshot.step >= 2")
    app.click("#replay-pause")
    paused_at = app.evaluate("window.outremer.game.snapshot.step")
    app.wait_for_timeout(1500)
    assert app.evaluate("window.outremer.game.snapshot.step") in (paused_at, paused_at + 1)
    assert app.locator("#replay-pause").inner_text() == "Resume the replay"
    app.click("#replay-pause")
    until(app, f"window.outremer.game.snapshot.step > {paused_at + 1}")
    app.click("#history-present")
    until(app, "document.body.dataset.mode === 'play'")
    assert app.locator("#replay-pause").is_hidden()
    assert app.evaluate("window.outremer.game.snapshot.steps") == steps

    # Rematch: the same seats, a new deal, seen from the top.
    app.locator("#table .result").scroll_into_view_if_needed()
    assert app.evaluate("window.scrollY") > 0
    app.get_by_role("button", name="Rematch").click()
    until(app, f"location.hash.slice(1) !== {code!r} && window.outremer.game.snapshot.steps < {steps}")
    until(app, "window.scrollY === 0")
    again = app.evaluate("window.outremer.game.snapshot")
    assert again["seats"] == ["heuristic", "heuristic"] and again["seed"] != snapshot["seed"]
