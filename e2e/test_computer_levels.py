"""The computer's levels on the site: the seat menu offers them, a searching computer shows that
it is thinking and moves, and leaving its game stops its search at once (no further slice of it
is asked of the engine); against Third Crusade's Bot it searches with the budget set for the Bot."""

from __future__ import annotations

import time

from conftest import screenshot, set_pace, start_game, until, wait_for_turn, wait_ready

COUNT_THINKING = """(() => {
  const engine = window.outremer.engine;
  window.thinkingSlices = 0;
  const show = engine.show.bind(engine);
  engine.show = (name, args, from) => {
    if (name === 'ai_think') window.thinkingSlices += 1;
    return show(name, args, from);
  };
})()"""


RECORD_BUDGETS = """(() => {
  const engine = window.outremer.engine;
  window.thinkingOf = [];
  const show = engine.show.bind(engine);
  engine.show = async (name, args, from) => {
    const answer = await show(name, args, from);
    if (name === 'ai_think' && answer.ok && answer.thinking) window.thinkingOf.push(answer.of);
    return answer;
  };
})()"""


def _set_up(page, seats: list[str]) -> None:
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#new-game-choice", "levantine")
    labels = [o.strip() for o in page.locator("#seat-1-controller option").all_inner_texts()]
    assert labels == [
        "Person",
        "Computer — easy",
        "Computer — quick",
        "Computer — normal",
        "Computer — hard",
        "Computer — random moves",
    ], labels
    for seat, who in enumerate(seats):
        page.select_option(f"#seat-{seat}-controller", who)
    page.click("#new-game-start")


def test_a_searching_computer_thinks_moves_and_stops_when_its_game_is_left(page, site, guard):
    page.goto(site)
    wait_ready(page)
    set_pace(page, 0)
    page.evaluate(COUNT_THINKING)

    # The Crusader (first to act) is the normal computer: it says it is thinking, then moves.
    _set_up(page, ["normal", "human"])
    until(page, "document.getElementById('turn-status') && /thinking/.test(document.body.innerText)")
    state = wait_for_turn(page, timeout=120)
    snapshot = page.evaluate("window.outremer.game.snapshot")
    assert snapshot["seats"] == ["normal", "human"]
    assert snapshot["steps"] >= 1 and not state["over"]
    assert page.evaluate("window.thinkingSlices") >= 2, "the search was not run in slices"

    # The hard computer starts thinking; a new game is started meanwhile: no further slice is asked.
    before = page.evaluate("window.thinkingSlices")
    _set_up(page, ["hard", "human"])
    until(page, f"window.thinkingSlices >= {before + 1}")
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#seat-0-controller", "human")
    page.select_option("#seat-1-controller", "human")
    page.click("#new-game-start")
    until(page, "window.outremer.game.snapshot && window.outremer.game.snapshot.seats[0] === 'human'")
    asked = page.evaluate("window.thinkingSlices")
    time.sleep(1.5)
    assert page.evaluate("window.thinkingSlices") == asked, "the abandoned search went on"
    assert not [e for e in guard.errors if "console" not in e], guard.errors


def test_a_searching_computer_against_the_third_crusade_bot_thinks_with_the_bots_budget(page, site, guard):
    """A normal computer seat against the Bot (p.19-23) searches, in slices, for the iterations
    the level runs there (``GAME_LEVELS``, the mode "bot": fewer than between people, so that a
    move stays within its second inside Pyodide), and plays on."""
    from outremer.ai import search_level
    from outremer.games import get_game

    game = get_game("third-crusade")
    budget = search_level(game, "normal", "bot").iterations
    assert budget < search_level(game, "normal").iterations
    page.goto(site)
    wait_ready(page)
    set_pace(page, 0)
    page.evaluate(RECORD_BUDGETS)
    start_game(page, game="third-crusade", seats=["normal"], seed=5, players=1)
    until(page, "window.thinkingOf.length >= 1 && /thinking… \\d+%/.test(document.body.innerText)", timeout=60)
    screenshot(page, "tc-normal-against-the-bot-thinking")
    until(page, "window.thinkingOf.length >= 6", timeout=120)
    assert set(page.evaluate("window.thinkingOf")) == {budget}
    steps = page.evaluate("window.outremer.game.snapshot.steps")
    until(page, f"window.outremer.game.snapshot.steps > {steps}", timeout=60)
    assert not [e for e in guard.errors if "console" not in e], guard.errors
