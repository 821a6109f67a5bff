"""The front door: the game chooser works before the engine is up, one click starts a game
against the computer, and Your games keeps every game separately: starting or opening one
never replaces another, and a game goes only when its player deletes it."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from conftest import play_first_action, set_pace, until, wait_for_turn, wait_ready

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"
GAMES = ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade")
KEPT = "window.outremer.savedGames()"


def _front(page) -> None:
    page.click("#to-front")
    until(page, "document.documentElement.dataset.view === 'front'")


def _kept(page) -> list[dict]:
    return page.evaluate(KEPT)


def test_the_front_door_is_useful_while_the_engine_loads(page, site, guard):
    """With the engine held back, the chooser, the new-game dialog and the rules still work."""
    guard.watch(page)
    held = []
    page.context.route("**/pyodide/**", lambda route: held.append(route))  # never answered: Python cannot start
    page.goto(site)
    page.wait_for_selector(".game-card")
    assert page.evaluate("document.documentElement.dataset.view") == "front"
    assert page.get_attribute("body", "data-engine") == "loading"
    for game in GAMES:
        card = page.locator(f'.game-card[data-game="{game}"]')
        assert card.locator("svg.front-picture").count() == 1
        assert card.locator("h3").inner_text().strip()
        assert "player" in card.locator(".game-players").inner_text()
        assert card.locator(".game-pitch").inner_text().strip()
        figures = card.locator(".game-figures").inner_text()
        assert re.search(
            r"^(Light|Medium|Heavy) · about \d+ min against the computer \(\d+ decisions\) · "
            r"rules: a \d+-minute read$",
            figures,
        ), figures
        assert card.get_by_role("button", name="Play against the computer").is_visible()
        assert card.get_by_role("button", name="Set up a game").is_visible()
        assert card.get_by_role("link", name="How to play").get_attribute("href") == f"rules/{game}.html"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "front-loading.png"))

    # Set up a game: the dialog has the game's seats for every count, from the page itself.
    page.locator('.game-card[data-game="crusader-kingdoms"]').get_by_role("button", name="Set up a game").click()
    page.wait_for_selector("#new-game-dialog[open]")
    assert page.locator("#new-game-choice").input_value() == "crusader-kingdoms"
    page.select_option("#new-game-players", "4")
    until(page, "document.querySelectorAll('#seat-list select').length === 4")
    assert "Aleppo" in page.locator("#seat-list").inner_text()
    page.click("#new-game-cancel")

    # How to play needs no engine either.
    rules = page.request.get(site + "rules/levantine.html")
    assert rules.ok
    assert page.get_attribute("body", "data-engine") == "loading"
    for route in held:
        route.abort()


def test_one_click_plays_each_game_against_the_computer(app, site):
    for game in GAMES:
        if app.evaluate("document.documentElement.dataset.view") == "table":
            _front(app)
        before = app.evaluate("location.hash")
        app.locator(f'.game-card[data-game="{game}"]').get_by_role("button", name="Play against the computer").click()
        until(app, f"location.hash.length > 1 && location.hash !== {before!r}")
        until(app, f"window.outremer.game.snapshot && window.outremer.game.snapshot.game === {game!r}")
        snapshot = app.evaluate("window.outremer.game.snapshot")
        assert snapshot["seats"].count("human") == 1 and len(snapshot["seats"]) >= 2
        assert app.evaluate("document.documentElement.dataset.view") == "table"
        assert app.locator("#boot").is_hidden(), "the engine's ready line stays once the table is shown"
        entry = app.evaluate("window.outremer.game.entry")
        assert any(g["id"] == entry and g["game"] == game for g in _kept(app))


def test_your_games_keeps_every_game_and_deletes_only_when_confirmed(page, site, guard):
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    assert page.locator("#your-games").is_hidden()  # a newcomer sees the games, no empty list
    set_pace(page, 0)

    # A Levantine game with a move made; then a Crusader Kingdoms game: both kept.
    page.locator('.game-card[data-game="levantine"]').get_by_role("button", name="Play against the computer").click()
    until(page, "window.outremer.game.snapshot && window.outremer.game.snapshot.game === 'levantine'")
    play_first_action(page)
    wait_for_turn(page)
    first = page.evaluate("window.outremer.game.entry")
    first_code = page.evaluate("window.outremer.game.code")
    _front(page)
    page.locator('.game-card[data-game="crusader-kingdoms"]').get_by_role(
        "button", name="Play against the computer"
    ).click()
    until(page, "window.outremer.game.snapshot && window.outremer.game.snapshot.game === 'crusader-kingdoms'")
    second = page.evaluate("window.outremer.game.entry")
    assert second != first

    # The New game dialog starts a third; it does not replace the second.
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#new-game-choice", "levantine")
    page.click("#new-game-start")
    until(page, f"window.outremer.game.entry && window.outremer.game.entry !== {second!r}")
    third = page.evaluate("window.outremer.game.entry")
    assert {g["id"] for g in _kept(page)} == {first, second, third}

    # A link to a game this device has never seen is added as a fourth.
    other = json.loads(
        page.evaluate(
            """window.outremer.engine.request('call', 'new_game',
             JSON.stringify([JSON.stringify({game: 'levantine', seats: ['human', 'human'], seed: 9})]))"""
        )
    )
    page.goto(site + "#" + other["code"])
    wait_ready(page)
    until(page, f"window.outremer.game.code === {other['code']!r}")
    fourth = page.evaluate("window.outremer.game.entry")
    assert {g["id"] for g in _kept(page)} == {first, second, third, fourth}

    # The front door lists them, most recent first; Continue opens the first one where it was.
    _front(page)
    items = page.locator(".kept-game")
    assert items.count() == 4
    assert page.locator("#your-games-count").inner_text() == "(4)"
    assert "Levantine" in items.first.locator("h3").inner_text()
    kept_first = page.locator(f'.kept-game[data-entry="{first}"]')
    assert "1 action" in kept_first.inner_text() or "actions played" in kept_first.inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "front-your-games.png"), full_page=True)
    kept_first.get_by_role("button", name="Continue").click()
    until(page, f"window.outremer.game.code === {first_code!r}")
    assert page.evaluate("window.outremer.game.entry") == first

    # Back leads to the front door.
    page.go_back()
    until(page, "document.documentElement.dataset.view === 'front'")

    # Delete asks first: "Keep it" keeps it, "Delete it" removes that game only.
    target = page.locator(f'.kept-game[data-entry="{second}"]')
    target.get_by_role("button", name="Delete").click()
    assert "for good" in target.inner_text()
    target.get_by_role("button", name="Keep it").click()
    assert len(_kept(page)) == 4
    target.get_by_role("button", name="Delete").click()
    target.get_by_role("button", name="Delete it").click()
    until(page, f"!document.querySelector('.kept-game[data-entry=\"{second}\"]')")
    assert {g["id"] for g in _kept(page)} == {first, third, fourth}
    assert not [e for e in guard.errors if "console" not in e], guard.errors


def test_a_link_that_continues_a_kept_game_brings_it_up_to_date(page, site, guard):
    """The same game sent on by a friend, further on: no second entry, the kept one follows."""
    guard.watch(page)
    page.goto(site)
    wait_ready(page)
    page.locator('.game-card[data-game="levantine"]').get_by_role("button", name="Set up a game").click()
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#seat-1-controller", "human")
    page.fill("#new-game-seed", "21")
    page.click("#new-game-start")
    until(page, "location.hash.length > 1")
    wait_for_turn(page)
    code = page.evaluate("window.outremer.game.code")
    entry = page.evaluate("window.outremer.game.entry")
    # The same game two actions on, as the other player's device would have it.
    later = code
    for _ in range(2):
        seat = json.loads(
            page.evaluate(f"window.outremer.engine.request('call', 'open_code', JSON.stringify([{later!r}, null]))")
        )["to_act"]
        answer = json.loads(
            page.evaluate(f"window.outremer.engine.request('call', 'act', JSON.stringify([{later!r}, 0, {seat}]))")
        )
        assert answer["ok"], answer
        later = answer["code"]
    _front(page)
    page.goto(site + "#" + later)
    wait_ready(page)
    until(page, f"window.outremer.game.code === {later!r}")
    kept = _kept(page)
    assert [g["id"] for g in kept] == [entry]
    assert kept[0]["code"] == later and kept[0]["step"] == 2


def test_the_one_save_of_an_earlier_version_joins_your_games(page, site):
    page.goto(site)
    wait_ready(page)
    code = json.loads(
        page.evaluate(
            """window.outremer.engine.request('call', 'new_game',
             JSON.stringify([JSON.stringify({game: 'levantine', seats: ['human', 'heuristic'], seed: 5})]))"""
        )
    )["code"]
    page.evaluate(f"localStorage.setItem('outremer.game.v1', {json.dumps(json.dumps({'code': code, 'viewer': 0}))})")
    page.reload()
    wait_ready(page)
    page.wait_for_selector(".kept-game")
    assert [g["code"] for g in _kept(page)] == [code]
    assert page.evaluate("localStorage.getItem('outremer.game.v1')") is None
    page.locator(".kept-game").get_by_role("button", name="Continue").click()
    until(page, f"window.outremer.game.code === {code!r}")


def test_each_game_says_how_long_it_takes_for_its_rules_of_today():
    """The front door's minutes come from bench/game_length.py, measured under each game's current
    rules revision: a change of rules leaves them unclaimed until measured again, and this fails."""
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "web")]
    import front
    from outremer.games import get_game

    for game in GAMES:
        figures = front.length_and_weight(game, get_game(game).rules_revision)
        assert figures["minutes"] > 0 and figures["decisions"] > 0, (game, figures)
        assert figures["weight"] in ("Light", "Medium", "Heavy")
    # A revision the figures were not measured under claims no time.
    assert "minutes" not in front.length_and_weight("levantine", get_game("levantine").rules_revision + 1)
