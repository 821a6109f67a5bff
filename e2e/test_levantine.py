"""Levantine played in the browser, through clicks only, like a player would.

One booted page is shared by the tests of this module (booting Pyodide is the slow
part); each test starts its own game through the New game dialog.
"""

from __future__ import annotations

import random
import time

import pytest

from conftest import (
    ROOT,
    RequestGuard,
    make_multiple_choice,
    serious_violations,
    set_pace,
    settled,
    start_game,
    until,
    wait_for_turn,
    wait_ready,
)

SHOTS = ROOT / "artifacts" / "screenshots"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def axe_serious(page) -> list[dict]:
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in serious_violations(page)
    ]


@pytest.fixture
def guarded(app, app_guard):
    return app, app_guard


@pytest.fixture
def table(app):
    return app


def click_an_action(page, rand: random.Random, prefer: tuple[str, ...] = ("attack",)) -> str:
    """Click one of the [data-act] elements on the table, as a player would."""
    if make_multiple_choice(page, rand):  # the hand limit: pick the cards, then confirm once
        return "confirm"
    acts = page.locator("#table [data-act]")
    texts = acts.evaluate_all("els => els.map(e => e.dataset.action || '')")
    preferred = [i for i, t in enumerate(texts) if t.split(" ")[0] in prefer]
    index = rand.choice(preferred) if preferred else rand.randrange(len(texts))
    acts.nth(index).click()
    return texts[index]


def snapshot(page) -> dict:
    return page.evaluate("window.outremer.game.snapshot")


def test_a_whole_game_against_the_computer_by_clicks(table, guarded):
    page, guard = guarded
    rand = random.Random(2024)
    start_game(page, seats=("human", "heuristic"), seed=11)
    wait_for_turn(page)
    assert page.locator(".lev .your-hand .card").count() == 10
    assert "Hand 1 of 18" in page.locator(".lev-status").inner_text()
    shot(page, "01-opening-table")
    assert axe_serious(page) == [], "opening table"

    # The computer's turn shows a thinking indicator, one step at a time.
    set_pace(page, 500)
    page.locator("#table [data-action='end']").click()
    until(page, "document.body.dataset.thinking === 'yes'", timeout=10)
    assert "thinking" in page.locator("#turn-status").inner_text()
    assert page.evaluate("1 + 1") == 2  # the page answers while the computer plays
    set_pace(page, 0)

    battle_seen = plan_seen = False
    clicks = 0
    started = time.monotonic()
    while True:
        state = wait_for_turn(page)
        if not battle_seen and page.locator(".lev[data-dice=shown] .die").count():
            battle_seen = True
            assert page.locator(".combat .dice").count() == 2
            # a die's badges (modifier, natural 6, source) never cover its face
            covered = page.evaluate("""() => [...document.querySelectorAll('.combat .die')].flatMap(die => {
                const face = die.querySelector('.die-face').getBoundingClientRect();
                return [...die.querySelectorAll('.die-mod, .die-six, .die-src')].filter(b => {
                    const r = b.getBoundingClientRect();
                    return r.left < face.right && r.right > face.left && r.top < face.bottom && r.bottom > face.top;
                }).map(b => b.textContent);
            })""")
            assert covered == [], covered
            shot(page, "02-battle")
            assert axe_serious(page) == [], "a battle"
        if not plan_seen and page.locator(".combat-plan").count():
            plan_seen = True  # before the roll: the dice each side will roll
            assert all(t.startswith("Will roll ") for t in page.locator(".combat-plan").all_inner_texts())
            assert page.locator(".combat-plan").count() == 2
        if state["over"]:
            break
        click_an_action(page, rand)
        clicks += 1
        assert time.monotonic() - started < 240, "the game takes too long"
    assert battle_seen and plan_seen
    result = page.locator(".result")
    assert result.is_visible()
    assert "wins" in result.inner_text()
    assert snapshot(page)["over"] and snapshot(page)["result"]["winners"]
    shot(page, "04-result")
    assert axe_serious(page) == [], "the result"
    assert clicks > 50
    # Every log line names its rule, and its link leads to that rule's explanation.
    links = page.locator("#log .rule-link")
    assert links.count() == page.locator("#log li").count() > 100
    href = links.nth(3).get_attribute("href")
    assert href.startswith("rules/levantine.html#rule-")
    guard.check()


def test_hot_seat_hides_every_hand_until_the_next_player_confirms(table):
    page = table
    start_game(page, seats=("human", "human"), seed=5)
    state = wait_for_turn(page)
    # The game begins with a hand-off: nobody's cards are shown before a person says who they are.
    assert state["handoff"]
    assert page.locator("#table .your-hand").count() == 0
    page.get_by_role("button", name="I am the Crusader: show my cards").click()
    wait_for_turn(page)
    crusader_hand = page.locator(".your-hand .card-name").all_inner_texts()
    assert len(crusader_hand) == 10

    page.locator("#table [data-action='end']").click()
    state = wait_for_turn(page)
    assert state["handoff"]
    assert page.locator("#handoff-title").inner_text() == "Pass the device to the Muslim"
    html = page.content()
    assert "your-hand" not in html
    for name in crusader_hand:
        assert name not in html, f"the Crusader's {name} is in the page during the hand-off"
    shot(page, "03-hand-off")

    page.get_by_role("button", name="I am the Muslim: show my cards").click()
    wait_for_turn(page)
    assert not settled(page)["handoff"]
    assert page.locator(".your-hand").count() == 1
    html = page.content()
    for name in crusader_hand:
        assert name not in html, f"the Crusader's {name} is shown to the Muslim"
    assert snapshot(page)["viewer"] == 1


def test_undo_takes_back_a_decision(table):
    page = table
    set_pace(page, 0)
    start_game(page, seats=("human", "heuristic"), seed=7)
    wait_for_turn(page)
    assert page.locator("#undo").is_disabled()
    before = snapshot(page)
    # Put an Army into play: nothing new is seen, so it can be taken back.
    page.locator("#table [data-action='play 27']").click()
    until(page, f"window.outremer.game.snapshot.steps === {before['steps'] + 1}")
    wait_for_turn(page)
    assert page.locator(".seat-south .zone-armies .card-name").all_inner_texts() == ["Byzantine Allies"]
    page.locator("#undo").click()
    until(page, f"window.outremer.game.snapshot.steps === {before['steps']}")
    assert page.locator(".seat-south .zone-armies .card").count() == 0
    assert snapshot(page)["view"] == before["view"]


def test_the_link_opens_the_same_game_elsewhere_and_replays_it(table, browser, site):
    page = table
    rand = random.Random(9)
    set_pace(page, 0)
    start_game(page, seats=("human", "heuristic"), seed=21, options={"egypt": True})
    for _ in range(25):
        if wait_for_turn(page)["over"]:
            break
        click_an_action(page, rand)
    wait_for_turn(page)
    here = snapshot(page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    page.click("#copy-link")
    until(page, "document.getElementById('app-status').textContent.includes('copied')")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.evaluate("location.href") and link.endswith("#" + here["code"])
    assert here["options"] == {"egypt": True, "quick": False} and here["steps"] > 25

    other = browser.new_context(viewport={"width": 1000, "height": 900})
    guard = RequestGuard(site).attach(other)
    try:
        fresh = other.new_page()
        fresh.goto(link)
        wait_ready(fresh)
        until(fresh, "window.outremer.game.snapshot !== null")
        wait_for_turn(fresh)
        there = snapshot(fresh)
        for key in ("game", "seats", "options", "seed", "steps", "viewer", "view", "legal", "log"):
            assert there[key] == here[key], key
        assert fresh.locator("#table").inner_html() == page.locator("#table").inner_html()
        assert "Egypt" in fresh.locator(".tokens").inner_text()

        # The history control: back to the start, step forward, slide, then the present again.
        steps = there["steps"]
        fresh.get_by_role("button", name="Back to the start").click()
        until(fresh, "window.outremer.game.snapshot.step === 0")
        assert fresh.locator("#history-present").is_visible()
        assert fresh.locator("#table [data-act]").count() == 0
        assert "Hand 1 of 18" in fresh.locator(".lev-status").inner_text()
        for n in (1, 2, 3):
            fresh.get_by_role("button", name="One action forward").click()
            until(fresh, f"window.outremer.game.snapshot.step === {n}")
        slider = fresh.locator("#history-step")
        slider.focus()
        for _ in range(4, steps + 1):
            fresh.keyboard.press("ArrowRight")
        until(fresh, f"window.outremer.game.snapshot.step === {steps}")
        fresh.keyboard.press("Home")
        until(fresh, "window.outremer.game.snapshot.step === 0")
        fresh.get_by_role("button", name="Back to the present").click()
        until(fresh, f"window.outremer.game.snapshot.step === {steps} && document.body.dataset.mode === 'play'")
        wait_for_turn(fresh)
        assert fresh.locator("#table [data-act]").count() > 0
        assert fresh.evaluate("location.href") == link
        guard.check()
    finally:
        other.close()


def test_reload_continues_the_game(table):
    page = table
    set_pace(page, 0)
    code = start_game(page, seats=("human", "heuristic"), seed=3)
    wait_for_turn(page)
    page.locator("#table [data-action='end']").click()
    wait_for_turn(page)
    steps = snapshot(page)["steps"]
    code = page.evaluate("location.hash.slice(1)")
    page.goto(page.url.split("#")[0])  # no link: the front door, the game first in Your games
    wait_ready(page)
    page.locator(".kept-game").first.get_by_role("button", name="Continue").click()
    until(page, f"window.outremer.game.snapshot && window.outremer.game.snapshot.steps === {steps}")
    assert page.evaluate("location.hash.slice(1)") == code
    wait_for_turn(page)
    assert page.locator(".your-hand .card").count() > 0


def test_every_action_by_keyboard_with_visible_focus(table):
    page = table
    set_pace(page, 0)
    start_game(page, seats=("human", "heuristic"), seed=11)
    wait_for_turn(page)
    steps = snapshot(page)["steps"]
    # Tab from the table to the first action: each reachable [data-act] shows its focus.
    page.locator("#table").focus()
    seen = set()
    for _ in range(80):
        page.keyboard.press("Tab")
        info = page.evaluate(
            """() => { const el = document.activeElement; const s = getComputedStyle(el);
                return {act: el.dataset.act ?? null, name: el.getAttribute('aria-label') || el.innerText,
                        outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2}; }"""
        )
        if info["act"] is not None:
            assert info["outline"] and info["name"], info
            seen.add(int(info["act"]))
    legal = {a["index"] for a in snapshot(page)["legal"]}
    assert seen == legal
    # Enter on a focused action plays it.
    page.locator("#table [data-action='end']").focus()
    page.keyboard.press("Enter")
    until(page, f"window.outremer.game.snapshot.steps > {steps}")
    wait_for_turn(page)
    # The focus stays on the table, and never on a button whose next Enter would end a phase.
    focus = page.evaluate("""() => { const el = document.activeElement;
        return {inTable: document.getElementById('table').contains(el), inBar: Boolean(el.closest('.action-bar'))}; }""")
    assert focus["inTable"] and not focus["inBar"], focus


def test_a_real_table_fits_a_phone(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, has_touch=True)
    guard = RequestGuard(site).attach(context)
    try:
        page = context.new_page()
        page.goto(site)
        wait_ready(page)
        start_game(page, seats=("human", "heuristic"), seed=11)
        set_pace(page, 0)
        rand = random.Random(4)
        widest = 0
        for _ in range(40):
            state = wait_for_turn(page)
            widest = max(widest, page.evaluate("document.documentElement.scrollWidth"))
            if state["over"]:
                break
            click_an_action(page, rand)
        assert widest <= 390
        # Tapping a card shows its details.
        page.locator(".your-hand .card-face").first.tap()
        assert page.locator("#card-detail").is_visible()
        assert page.locator("#detail-text").inner_text().strip()
        shot(page, "05-phone")
        guard.check()
    finally:
        context.close()


def _window_without_the_card():
    """A Levantine game (Crusader a person, Muslim the computer) just before the computer plays an
    event that the Crusader, without The Will of God, is asked to answer (ruling L4)."""
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game("levantine")
    for seed in range(1, 200):
        match = Match(game, game.make_setup(seed, ["human", "heuristic"]))
        while match.to_act() is not None and match.steps < 400:
            seat, code = match.to_act(), sharecode.encode(match)
            match.play(choose(game, match.state, seat, "heuristic", seed, match.steps))
            pending = match.state["pending"][:1]
            if (
                seat == 1
                and pending
                and pending[0]["kind"] == "negate"
                and pending[0]["seat"] == 0
                and len(match.legal_actions()) == 1
            ):
                return code, game.cards[pending[0]["card"]].name, match.steps
    raise AssertionError("no such game among the seeds tried")


def test_a_lone_player_without_the_will_of_god_is_answered_for_at_the_computers_pace(browser, site):
    """Ruling L4: the Crusader is asked about the computer's event whether or not he holds The Will
    of God; without it, against the computer, the page gives his one answer for him after the
    computer's pause, and the game goes on with his turn."""
    code, event, steps = _window_without_the_card()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    RequestGuard(site).attach(context)
    try:
        page = context.new_page()
        page.goto(site)
        wait_ready(page)
        set_pace(page, 400)
        page.goto(f"{site}#{code}")
        wait_ready(page)
        # the window is on the table for a moment, said in the status line, then answered
        until(page, "document.getElementById('turn-status').textContent.includes('no card to answer with')", timeout=60)
        assert page.evaluate("document.body.dataset.busy") == "yes"
        until(page, f"window.outremer.game.snapshot && window.outremer.game.snapshot.steps > {steps}", timeout=60)
        state = wait_for_turn(page)
        lines = page.evaluate("window.outremer.game.snapshot.log.map(l => l.text)")
        assert f"The Crusader lets {event} stand." in lines
        assert state["acts"] and snapshot(page)["viewer"] == 0
    finally:
        context.close()


def _event_with_the_will_of_god_unheld():
    """A hot-seat Levantine game where the Crusader may now play an event against a Muslim who
    does not hold The Will of God (nor is it face up in the discard pile): the code, the action."""
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game("levantine")
    wog = next(c.id for c in game.cards if c.effect == "will_of_god")
    for seed in range(1, 300):
        match = Match(game, game.make_setup(seed, ["human", "human"]))
        while match.to_act() is not None and match.steps < 300:
            state = match.state
            events = [
                a
                for a in match.legal_actions()
                if a.verb == "play" and len(a.args) == 1 and game.cards[a.args[0]].type == "event"
            ]
            if (
                match.to_act() == 0
                and not state["pending"]
                and events
                and wog not in state["hands"][1]
                and wog not in state["discard"]
            ):
                return sharecode.encode(match), events[0].text
            match.play(choose(game, state, match.to_act(), "heuristic", seed, match.steps))
    raise AssertionError("no such game among the seeds tried")


def test_hot_seat_hands_the_device_over_for_the_will_of_god_whoever_holds_it(browser, site):
    """Ruling L4: in hot-seat, an event hands the device to the opponent whether or not he holds
    The Will of God, so the hand-off tells nothing; without the card he has one button."""
    code, play = _event_with_the_will_of_god_unheld()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    RequestGuard(site).attach(context)
    try:
        page = context.new_page()
        page.goto(f"{site}#{code}")
        wait_ready(page)
        assert wait_for_turn(page)["handoff"]
        page.get_by_role("button", name="I am the Crusader: show my cards").click()
        wait_for_turn(page)
        page.locator(f"#table [data-action='{play}']").click()
        state = wait_for_turn(page)
        assert state["handoff"]
        assert page.locator("#handoff-title").inner_text() == "Pass the device to the Muslim"
        page.get_by_role("button", name="I am the Muslim: show my cards").click()
        state = wait_for_turn(page)
        assert not state["handoff"] and snapshot(page)["view"]["pending"]["kind"] == "negate"
        assert [a["text"] for a in snapshot(page)["legal"]] == ["allow"]
        assert page.locator("#table [data-act]").count() == 1
        shot(page, "12-will-of-god-window-without-the-card")
        page.locator("#table [data-action='allow']").click()
        until(page, "window.outremer.game.snapshot.log.some(l => l.text.includes('stand.'))")
    finally:
        context.close()


def _at_the_hand_limit(at_least: int = 3):
    """A Levantine game against the computer where the person (the Crusader) must now discard
    several cards (``at_least``) down to the hand limit (L12): the code, how many."""
    from outremer.ai import agent_for, agent_random, decide
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game("levantine")
    agent = agent_for(game, "heuristic")
    for seed in range(1, 50):
        match = Match(game, game.make_setup(seed, ["human", "heuristic"]))
        while match.to_act() is not None and match.steps < 400:
            p = match.state["pending"]
            if p and p[0]["rule"] == "L12" and p[0]["count"] >= at_least and match.to_act() == 0:
                return sharecode.encode(match), p[0]["count"], match.steps
            seat = match.to_act()
            match.play(decide(agent, game, match.state, seat, agent_random(seed, match.steps)), seat)
    raise AssertionError("no game reached the hand limit")


def test_the_hand_limit_is_chosen_card_by_card_and_confirmed_once(guarded):
    """Issue: the hand limit is met by choosing the cards and confirming once, not one page update
    per card; the log says it in one line."""
    page, guard = guarded
    code, count, steps = _at_the_hand_limit()
    page.goto(f"{page.url.split('#')[0]}#{code}")  # the same page: only the link changes
    wait_ready(page)
    until(page, f"window.outremer.game.snapshot && window.outremer.game.snapshot.code === '{code}'")
    wait_for_turn(page)
    confirm = page.locator("#table [data-command='confirm-picks']")
    assert confirm.is_disabled() and f"0 of {count}" in confirm.inner_text()
    picks = page.locator("#table .your-hand [data-act][aria-pressed='false']")
    names = []
    for i in range(count):
        card = page.locator("#table .your-hand .card").nth(i)
        names.append(card.locator(".card-face").get_attribute("data-detail-title"))
        card.locator("[data-act]").click()
    # choosing changes nothing in the game: no step, just the picks on the table
    assert snapshot(page)["steps"] == steps
    assert page.locator("#table .your-hand [aria-pressed='true']").count() == count
    assert page.locator("#table .your-hand .card.is-picked").count() == count
    assert picks.count() == page.locator("#table .your-hand .card").count() - count
    assert not confirm.is_disabled() and f"{count} of {count}" in confirm.inner_text()
    # one more is refused until one is unpicked
    page.locator("#table .your-hand .card").nth(count).locator("[data-act]").click()
    assert page.locator("#table .your-hand [aria-pressed='true']").count() == count
    confirm.click()
    until(page, f"window.outremer.game.snapshot.steps >= {steps + count}")
    wait_for_turn(page)
    lines = page.evaluate(
        f"window.outremer.game.snapshot.log.filter(l => l.step > {steps} && l.rule === 'L12' && l.text.startsWith('The Crusader'))"
        ".map(l => l.text)"
    )
    assert len(lines) == 1 and all(name in lines[0] for name in names), (lines, names)
    shot(page, "05-hand-limit-confirmed")


@pytest.mark.parametrize("width,height", [(1366, 900), (1920, 1080), (390, 844)])
def test_a_long_discard_is_in_reach_without_scrolling_the_page(guarded, width, height):
    """Issue 37: at the hand limit with a long hand every card's Discard is on the screen, or in the
    hand's own frame that is on the screen, with the page unscrolled; on a screen 900 px wide or
    more the table is one screen high; on a phone the table scrolls in its own frame under its
    status bar (e2e/reach.py)."""
    from reach import REACH

    page, _ = guarded
    code, count, _steps = _at_the_hand_limit(at_least=10)
    page.set_viewport_size({"width": width, "height": height})
    try:
        _open_at_top(page, code)
        reach = page.evaluate(REACH)
        assert reach["count"] >= count + 1, reach  # a Discard on every card, and the confirmation
        assert not reach["out"], (width, height, reach["out"])
        table = page.locator("#table .lev").bounding_box()
        if width >= 900:
            assert table["y"] + table["height"] <= height + 0.5, (width, table)
        # what is asked and its buttons are on the screen, not in a frame
        bar = page.locator("#table .lev .status-bar").bounding_box()
        assert bar["y"] >= 0 and bar["y"] + bar["height"] <= height, bar
        shot(page, f"14-long-discard-{width}")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def _open_at_top(page, code: str) -> None:
    """Open a game's link on the page, until the person may act, the page scrolled to its top."""
    page.goto(f"{page.url.split('#')[0]}#{code}")
    wait_ready(page)
    until(page, f"window.outremer.game.snapshot && window.outremer.game.snapshot.code === '{code}'")
    wait_for_turn(page)
    page.evaluate("window.scrollTo(0, 0)")


def _a_long_hand_with_some_cards_to_play():
    """A Levantine game against the computer where the Crusader (a person) holds a long hand of
    which only some cards can be played now: the code."""
    from outremer.ai import agent_for, agent_random, decide
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game("levantine")
    agent = agent_for(game, "heuristic")
    for seed in range(1, 60):
        match = Match(game, game.make_setup(seed, ["human", "heuristic"]))
        while match.to_act() is not None and match.steps < 300:
            seat = match.to_act()
            if seat == 0:
                hand = match.state["hands"][0]
                played = {str(a).split()[1] for a in match.legal_actions() if str(a).startswith("play ")}
                if len(hand) >= 19 and 2 <= len(played) <= len(hand) - 4:
                    return sharecode.encode(match)
            match.play(decide(agent, game, match.state, seat, agent_random(seed, match.steps)), seat)
    raise AssertionError("no game reached such a hand")


HIT = """() => {
  const missed = [];
  for (const el of document.querySelectorAll('#table [data-act]')) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const b = el.getBoundingClientRect();
    const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (scrollY !== 0 || !at || !(at === el || el.contains(at)))
      missed.push({label: el.getAttribute('aria-label'), scrollY, at: at && at.className});
    window.scrollTo(0, 0);
  }
  return missed;
}"""


def test_every_button_of_a_long_hand_is_clicked_where_it_is_drawn(guarded):
    """Issue 37: in a long hand where some cards carry buttons and others not, each button, once the
    hand's own frame is scrolled to it, is where a click lands (no card of the next row over it),
    and the page itself never scrolls, at 1366×900."""
    page, _ = guarded
    code = _a_long_hand_with_some_cards_to_play()
    page.set_viewport_size({"width": 1366, "height": 900})
    try:
        _open_at_top(page, code)
        assert page.locator("#table .your-hand .card").count() >= 19
        assert page.evaluate(HIT) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
