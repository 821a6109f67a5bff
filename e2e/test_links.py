"""The game lives in the link: bad links get a clear message, never a crash, and
never cost the player the game they had."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from conftest import bridge_available, start_game, until, wait_ready


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _signed(payload: bytes) -> str:
    """A code of ``payload`` with a valid check (as engine/outremer/core/sharecode.py makes it)."""
    return _b64(payload + hashlib.blake2s(payload, digest_size=4, person=b"outremer").digest())


KEPT_CODES = "window.outremer.savedGames().map((g) => g.code)"


def _keep(page, entry_id: str, code: str) -> None:
    """Put a game on the device's list, as an earlier visit would have kept it."""
    entry = {
        "code": code,
        "viewer": 0,
        "game": "levantine",
        "seats": ["human", "heuristic"],
        "seat_names": ["Crusader", "Muslim"],
        "step": 3,
        "over": False,
        "result": "",
        "saved": 1,
    }
    page.evaluate(f"localStorage.setItem('outremer.saved.{entry_id}', {json.dumps(json.dumps(entry))})")


def _valid_code(page) -> str | None:
    """A real code, from a new game in the browser (None while the engine has no bridge)."""
    if not bridge_available(page):
        return None
    return start_game(page, seats=("human", "heuristic"))


def bad_links(code: str | None) -> dict[str, str]:
    if code is None:  # no engine bridge yet: codes of the right shape
        code = _b64(bytes([1, 0, 7, 2, 0, 1, 0]) + b"\x00\x11\x22\x33")
    middle = len(code) // 2
    flipped = "A" if code[middle] != "A" else "B"
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return {
        "malformed": "this is not a game!",
        "truncated": code[: max(2, len(code) - 5)],
        "tampered": code[:middle] + flipped + code[middle + 1 :],
        "wrong-version": _signed(bytes([99]) + raw[1:-4]),
        "empty": "",
    }


@pytest.mark.parametrize("kind", ["malformed", "truncated", "tampered", "wrong-version", "empty"])
def test_bad_link_explains_and_offers_a_new_game(app, site, app_guard, kind):
    guard = app_guard
    code = _valid_code(app)
    link = bad_links(code)[kind]
    app.goto(site + "#" + link)
    wait_ready(app)
    notice = app.locator("#notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert app.get_attribute("#notice", "role") == "alert"
    assert "link" in app.locator("#notice-title").inner_text().lower()
    assert app.locator("#notice-message").inner_text().strip()
    new = app.get_by_role("button", name="Start a new game")
    assert new.is_visible()
    if code is not None:
        # The game the player had is one click away, and was not overwritten.
        back = app.get_by_role("button", name="Back to your game")
        assert back.is_visible()
        assert code in app.evaluate(KEPT_CODES)
    new.click()
    app.wait_for_selector("#new-game-dialog[open]")
    app.click("#new-game-start")
    notice.wait_for(state="hidden", timeout=30_000)
    if code is not None:
        until(app, "location.hash.length > 1")
        assert app.evaluate("location.hash.slice(1)") not in (link, "")
    assert not [e for e in guard.errors if "Uncaught" in e or "pageerror" in e]


def test_back_to_your_game_restores_it(app, site):
    code = _valid_code(app)
    if code is None:
        pytest.skip("the engine has no bridge yet")
    app.goto(site + "#" + bad_links(code)["tampered"])
    wait_ready(app)
    app.get_by_role("button", name="Back to your game").click()
    until(app, f"location.hash === '#{code}'")
    assert app.locator("#notice").is_hidden()


@pytest.mark.parametrize("kind", ["wrong-version", "tampered"])
def test_a_saved_game_that_cannot_be_restored_says_why_and_is_kept(app, site, kind):
    code = _valid_code(app)
    if code is None:
        pytest.skip("the engine has no bridge yet")
    bad = bad_links(code)[kind]
    _keep(app, "damaged", bad)
    app.goto(site)  # no fragment: the front door, the damaged game listed in Your games
    wait_ready(app)
    app.locator('.kept-game[data-entry="damaged"] [data-command=continue]').click()
    app.locator("#notice").wait_for(state="visible", timeout=30_000)
    assert "saved game could not be restored" in app.locator("#notice-title").inner_text()
    message = app.locator("#notice-message").inner_text()
    detail = app.locator("#notice-detail").inner_text()
    if kind == "wrong-version":
        assert "format 99" in message and bad in detail and "version" in detail
    else:
        assert "damaged" in message and "version" not in message + detail
    assert bad in app.evaluate(KEPT_CODES)  # kept, until the player deletes it
    app.evaluate("localStorage.removeItem('outremer.saved.damaged')")


def test_reload_continues_the_game_in_progress(app, site):
    code = _valid_code(app)
    if code is None:
        pytest.skip("the engine has no bridge yet")
    app.reload()  # the address keeps the game
    wait_ready(app)
    until(app, f"window.outremer.game.code === '{code}'")
    assert app.evaluate("document.documentElement.dataset.view") == "table"
    entry = app.evaluate("window.outremer.game.entry")
    assert [g["code"] for g in app.evaluate("window.outremer.savedGames()") if g["id"] == entry] == [code]


def test_the_page_says_a_link_carries_the_whole_game(app):
    note = app.locator("#share-note").inner_text().lower()
    assert "whole game" in note and "hidden cards" in note


def test_copy_link_copies_the_game(app, site):
    context = app.context
    code = _valid_code(app)
    if code is None:
        pytest.skip("the engine has no bridge yet")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    app.click("#copy-link")
    until(app, "document.getElementById('app-status').textContent.includes('copied')")
    assert app.evaluate("navigator.clipboard.readText()") == site + "#" + code


def test_going_back_from_a_bad_link_to_the_game_clears_the_notice(app, site):
    code = _valid_code(app)
    if code is None:
        pytest.skip("the engine has no bridge yet")
    app.goto(site + "#" + bad_links(code)["tampered"])
    app.locator("#notice").wait_for(state="visible", timeout=30_000)
    app.go_back()
    until(app, f"location.hash === '#{code}'")
    until(app, "document.getElementById('notice').hidden")
    assert app.evaluate("window.outremer.game.code") == code


WATCH_OPENING = """document.addEventListener('DOMContentLoaded', () => {
  window.__bare = 0;  // moments the engine was ready, no notice, and only the placeholder table showed, unexplained
  const look = () => {
    const ready = document.body.dataset.engine === 'ready';
    const empty = document.querySelector('#table .table[data-state="empty"]');
    const explained = !document.getElementById('boot').classList.contains('finished') || !document.getElementById('notice').hidden;
    if (ready && empty && !explained) window.__bare += 1;
  };
  new MutationObserver(look).observe(document.body, {attributes: true, childList: true, subtree: true});
});"""


def test_opening_a_link_says_so_until_the_game_is_on_the_table(browser, site):
    """Between the engine being ready and the link's game drawn, the boot panel says the game is
    being opened; the placeholder table never stands alone as if it were the game."""
    from outremer import bridge  # the link as the site makes it: the same engine, in this process

    request = {"game": "third-crusade", "seats": ["human", "heuristic"], "seed": 4}
    code = json.loads(bridge.new_game(json.dumps(request)))["code"]
    page = browser.new_page()
    page.add_init_script(WATCH_OPENING)
    page.goto(f"{site}#{code}")
    wait_ready(page)
    until(page, "document.querySelector('#table .tc') !== null")
    assert page.evaluate("window.__bare") == 0
    assert page.locator("#boot").evaluate("b => b.classList.contains('finished')")
    assert page.locator("#boot-status").inner_text().startswith("Engine ready in ")
    page.close()
