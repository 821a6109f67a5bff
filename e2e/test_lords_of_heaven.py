"""Lords of Heaven in the browser, played through clicks only: the draft, cards into the four
columns, Influence on the City ladders, a Battle with an Ally (the commitment composed in its
form, the dice, the Wounds), the hot-seat hand-off, undo, the link, the phone and the keyboard.
Screenshots go to artifacts/screenshots/ (not committed)."""

from __future__ import annotations

import json
import random
import re

import pytest
from reach import REACH, SMALL_TEXT

from conftest import (
    acts,
    check_table_actions,
    click_settled,
    guarded_page,
    screenshot,
    serious_violations,
    set_pace,
    start_game,
    sweep,
    until,
    web_on_path,
)
from conftest import where as settle

GAME = "lords-of-heaven"
FOUR = ["human", "heuristic", "heuristic", "heuristic"]


def shot(page, name: str) -> None:
    screenshot(page, f"loh-{name}")


def where(page, timeout: float = 90.0) -> tuple[str, int]:
    return settle(page, timeout=timeout)


def click(page, locator, timeout: float = 90.0) -> tuple[str, int]:
    return click_settled(page, locator, timeout=timeout)


def step_of(page) -> str:
    return page.get_attribute("section.loh", "data-step")


def conflict_step(page) -> str | None:
    return page.get_attribute("section.loh", "data-conflict")


def start(page, seats: list[str], seed: int, **options) -> str:
    code = start_game(page, game=GAME, seats=seats, seed=seed, options=options or None)
    page.wait_for_selector("section.loh .loh-board")
    set_pace(page, 0)
    return code


def open_code(page, code: str) -> None:
    page.goto(page.url.split("#")[0] + "#" + code)
    until(page, f"window.outremer.game.snapshot && window.outremer.game.code === {code!r}")
    page.wait_for_selector("section.loh .loh-board")


def commit_most(page) -> tuple[str, int]:
    """Fill the commitment form as a player does — the strongest card, as many Units as allowed,
    every Faith — and commit."""
    form = page.locator("form.compose[data-compose='commit']")
    picks = form.locator(".compose-pick:not([aria-disabled='true'])")
    if picks.count():
        labels = [picks.nth(i).inner_text() for i in range(picks.count())]
        best = max(range(len(labels)), key=lambda i: int(re.search(r"Strength (\d)", labels[i])[1]))
        picks.nth(best).click()
        assert picks.nth(best).get_attribute("aria-pressed") == "true"
    for arg in ("1", "2", "3"):
        field = form.locator(f"input[type='number'][data-arg='{arg}']")
        if field.count():
            field.fill("99")  # more than allowed: the form keeps the most it may
            field.dispatch_event("change")
            assert int(field.input_value()) == int(field.get_attribute("max"))
    button = form.locator(".compose-go")
    action = button.get_attribute("data-action")
    legal = page.evaluate("window.outremer.game.snapshot.legal.map(a => a.text)")
    assert action in legal, action
    return click(page, button)


# ---------------------------------------------------------------- two players, to the end


def test_the_setup_offers_the_options_of_the_player_count_by_name(table):
    """The New game dialog: the factions by name, and only the options that concern the number
    of players chosen (the faction that sits out for 3, the pairing for 2, none for 4)."""
    page = table
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#new-game-choice", GAME)
    shown = {}
    for players in (2, 3, 4):
        page.select_option("#new-game-players", str(players))
        until(page, f"document.querySelectorAll('#seat-list select').length === {players}")
        shown[players] = sorted(
            o["id"]
            for o in page.evaluate(
                """() => [...document.querySelectorAll('#option-list li')].filter(li => !li.hidden)
                 .map(li => ({id: li.querySelector('select, input').id}))"""
            )
        )
        assert page.is_visible("#options-field") == (players != 4)
    assert shown == {2: ["option-christians", "option-muslims"], 3: ["option-absent"], 4: []}
    page.select_option("#new-game-players", "3")
    assert page.locator("#option-absent option").all_inner_texts() == ["Caliphate", "Byzantines", "Crusaders", "Seljuk"]
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog", state="hidden")


def test_two_players_played_to_the_end_by_clicks(table):
    page = table
    start(page, ["human", "heuristic"], seed=7)
    assert where(page)[0] == "move"
    # the 2-player side: 2-level Cities, Damascus and Aleppo waiting for the 2nd Crusade
    assert page.locator(".loh-loc").count() == 9 and page.locator(".loh-loc.loh-off").count() == 2
    assert page.locator(".loh-loc:not(.loh-off) .loh-city").first.locator(".loh-slot").count() == 2
    assert step_of(page) == "draft"
    assert page.locator(".loh-draft .loh-card").count() == 5
    assert page.locator(".loh-columns .loh-column").count() == 4
    shot(page, "two-draft")

    turns = placed = played = 0
    seen = set()
    for _ in range(700):
        kind, _steps = where(page)
        if kind == "over":
            break
        step = step_of(page)
        seen.add(step if step != "conflict" else f"conflict/{conflict_step(page)}")
        if step == "draft":
            click(page, page.locator(".loh-draft [data-action^='pick ']").first)
        elif step == "turn":
            turns += 1
            placed = 0
            # what each column would cost or give is on the card's buttons
            first = page.locator(".loh-hand .loh-hand-card.loh-playable").first
            assert first.locator(".loh-btn-play").count() >= 2
            choice = ("play", 1) if turns % 3 == 1 else (("play", 2) if turns % 3 == 2 else ("play", 3))
            buttons = page.locator(f".loh-hand [data-action^='play '][data-action$=' {choice[1]}']")
            if not buttons.count():
                buttons = page.locator(".loh-hand [data-action^='play '][data-action$=' 3']")
            if not buttons.count():
                buttons = acts(page, "discard ")
            played += 1
            click(page, buttons.first)
        elif step == "presence":
            slots = page.locator(".loh-board .loh-slot.loh-act")
            if slots.count() and placed < 2:
                placed += 1
                click(page, slots.first)
            else:
                click(page, acts(page, "done"))
        elif step == "movement":
            click(page, acts(page, "done"))
        elif step == "conflicts":
            fights = page.locator(".loh-board .loh-act-battle, .loh-board .loh-act-siege")
            click(page, fights.first if fights.count() and turns % 2 else acts(page, "end"))
        elif step == "conflict" and page.locator("form.compose[data-compose='commit']").count():
            commit_most(page)
        else:
            click(page, page.locator("#table [data-act]").first)
    else:
        pytest.fail("the game did not end")

    assert played >= 10 and {"draft", "turn", "presence", "provision", "putback"} <= seen, seen
    result = page.locator(".result")
    assert result.count() == 1 and re.search(r"Most VP|VP each", page.locator(".result-text").inner_text())
    assert page.locator(".standings tbody tr").count() == 2
    assert page.locator("#table [data-act]").count() == 0
    shot(page, "two-result")


# ---------------------------------------------------------------- four players: a Battle with an Ally


def _asked_to_be_an_ally() -> str:
    """A 4-player game (a person and three computers) where a computer, attacking in a Battle,
    asks the person, who has Support in the Region and Footmen, to be its Ally: the share code of
    that moment, played by a script."""
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    for seed in range(1, 60):
        m, rand = Match(game, game.make_setup(seed, FOUR)), random.Random(seed)
        while m.to_act() is not None and m.steps < 300:
            s, c = m.state, m.state["conflict"]
            if (
                c
                and c["kind"] == "battle"
                and c["step"] == "answer"
                and c["asking"] == 0
                and c["asker"] == c["attacker"]
                and s["support"][c["loc"]][0]
                and s["stock"][0]["footman"]
            ):
                return sharecode.encode(m)  # with Support there and Footmen: Units to commit
            legal, seat, pick = game.legal_actions(s), m.to_act(), None
            if s["step"] == "conflicts" and seat != 0:
                pick = next((a for a in legal if a.verb == "battle" and a.args[1] != 0), None)
            elif c and c["step"] == "ask":
                pick = next((a for a in legal if a.verb == "ask" and a.args[0] == 0), None)
            elif s["step"] == "turn" and seat != 0:
                pick = next((a for a in legal if a.verb == "play" and a.args[1] == 2), None)
            elif s["step"] == "movement":
                pick = next(a for a in legal if a.verb == "done")
            m.play(pick or rand.choice(legal))
    raise AssertionError("no game found where the person is asked to be an Ally")


def test_four_players_a_battle_with_an_ally(table):
    """A computer attacks and asks the person to be its Ally: the person agrees, brings Support if
    it may, composes its commitment in the form; everything is revealed, the dice rolled, the
    Wounds taken, the Units brought home; the Ally's VP show on its player board."""
    page = table
    set_pace(page, 0)
    open_code(page, _asked_to_be_an_ally())
    assert where(page)[0] == "move"
    assert step_of(page) == "conflict" and conflict_step(page) == "answer"
    fight = page.locator(".loh-fight")
    assert "Battle in" in fight.locator(".loh-panel-title").inner_text()
    assert "The Byzantines are asked to be" in fight.inner_text()  # seat 0: a people, a plural verb
    assert fight.locator(".loh-fight-steps [aria-current='step']").inner_text() == "Allies"
    title = fight.locator(".loh-panel-title").inner_text()
    vp_before = int(page.locator(".loh-seat[data-seat='0'] .loh-seat-vp strong").inner_text())
    kind, _ = click(page, acts(page, "accept"))

    committed = revealed = False
    for _ in range(60):
        fight = page.locator(".loh-fight")
        if kind == "over" or not fight.count() or fight.locator(".loh-panel-title").inner_text() != title:
            break  # this Battle is over (another conflict may follow)
        step = conflict_step(page)
        if committed and step in ("bring", "ask", "answer", "commit"):
            break  # a new conflict under the same title (the 2nd Crusade allows two a turn)
        if step == "commit" and page.locator("form.compose[data-compose='commit']").count():
            assert fight.locator(".loh-member .loh-tag", has_text="Ally").count() == 1, fight.inner_text()
            form = page.locator("form.compose[data-compose='commit']")
            # an Ally lays no card: only Units and Faith
            assert form.locator("select, .compose-pick").count() == 0
            shot(page, "four-commit")
            kind, _ = commit_most(page)
            committed = True
        else:
            if page.locator(".loh-fight .loh-die").count():
                revealed = True
                shot(page, "four-dice")
            if fight.locator(".loh-strength-parts").count():
                check_strength_parts(fight)
                shot(page, "four-strength")
            target = page.locator(".loh-fight [data-act], .loh-board [data-act]")
            kind, _ = click(page, target.first if target.count() else page.locator("#table [data-act]").first)
    assert committed
    for _ in range(60):  # a conflict begun since (two a turn in the 2nd Crusade) is played out
        if kind == "over" or conflict_step(page) is None:
            break
        if page.locator("form.compose[data-compose='commit']").count():
            kind, _ = commit_most(page)
        else:
            target = page.locator(".loh-fight [data-act], .loh-board [data-act]")
            kind, _ = click(page, target.first if target.count() else page.locator("#table [data-act]").first)
    log = page.locator("#log").inner_text()
    assert "The Byzantines agree to be" in log and "Everything is revealed" in log
    assert re.search(r"The Byzantines roll \d+ dic?e", log) or revealed
    assert re.search(r"the Byzantines as their Ally 1 more|Every player in the Battle scores 1 VP", log)
    last = page.locator(".loh-last-fight")  # the latest conflict: this Battle, or one fought since
    assert last.count() == 1 and " won (Strength: attack " in last.inner_text()
    page.locator(".loh-last-fight summary").click()
    assert "Everything is revealed" in last.inner_text()
    assert re.search(r"Strength: .* side \d+ \((?:Units|Faith|cards|card effects|dice|Fortress|Citadel)", log)
    for side, label in enumerate(("Attack", "Defence")):
        parts = last.locator(f".loh-strength-parts[data-side='{side}']").inner_text()
        assert re.fullmatch(label + r": (?:[A-Za-z ]+ -?\d+(?: \+ [A-Za-z ]+ -?\d+)*|nothing) = \d+", parts), parts
    vp_after = int(page.locator(".loh-seat[data-seat='0'] .loh-seat-vp strong").inner_text())
    assert vp_after >= vp_before + 1  # every player in a Battle scores; the winner's Ally one more
    shot(page, "four-after-battle")


def check_strength_parts(fight) -> None:
    """Each side's Strength, once totalled, with where it comes from (7.battle: cards, Units,
    Faith, dice, card effects, buildings): the sources add up to the Strength in the side's title."""
    for side in (0, 1):
        title = fight.locator(".loh-side-title").nth(side).inner_text()
        total = int(re.search(r"Strength (\d+)", title)[1])
        text = fight.locator(f".loh-strength-parts[data-side='{side}']").inner_text()
        terms = re.fullmatch(r"Strength from ((?:[A-Za-z ]+ -?\d+)(?: \+ [A-Za-z ]+ -?\d+)*|nothing) = (\d+)", text)
        assert terms, text
        assert int(terms[2]) == total
        if terms[1] != "nothing":
            assert sum(int(n) for n in re.findall(r"-?\d+", terms[1])) == total, text


def _strength_with_a_fortress() -> str:
    """A 4-player game (a person and three computers, played by a script) at a moment where the
    person acts in a Battle whose Strength is totalled, a Fortress adding to one side: its code."""
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    for seed in range(1, 40):
        m, rand = Match(game, game.make_setup(seed, FOUR)), random.Random(seed)
        while m.to_act() is not None and m.steps < 900:
            c = m.state["conflict"]
            if (
                c
                and c["winner"] is not None
                and m.to_act() == 0
                and any(what.startswith("Fortress") for side in c["parts"] for what, _ in side)
            ):
                return sharecode.encode(m)
            m.play(rand.choice(game.legal_actions(m.state)))
    raise AssertionError("no game found where the person acts in a Battle a Fortress strengthens")


def test_the_strength_of_a_conflict_shows_where_it_comes_from(table):
    """Rulebook 7 and 4.fortress: once the Strength is totalled, each side shows where it comes
    from — Units, Faith, the cards, the cards' effects, the dice, the Fortresses next to the
    Battle — adding up to the side's Strength, as the log's Strength line says."""
    page = table
    set_pace(page, 0)
    open_code(page, _strength_with_a_fortress())
    assert where(page)[0] == "move" and step_of(page) == "conflict"
    fight = page.locator(".loh-fight")
    assert fight.locator(".loh-strength-parts").count() == 2
    check_strength_parts(fight)
    parts = fight.locator(".loh-strength-parts").all_inner_texts()
    assert any(re.search(r"\bFortress(es)? \d", text) for text in parts), parts
    log = page.locator("#log").inner_text()
    assert re.search(r"Strength: .* side \d+ \(.*\bFortress(es)? \d", log)
    fight.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/loh-strength.png")
    fight.screenshot(path="/tmp/loh-strength-panel.png")
    shot(page, "strength-parts")


# ---------------------------------------------------------------- hot seat


def test_hot_seat_draft_hands_off_and_hides_every_hand(table):
    page = table
    start(page, ["human", "human"], seed=3)
    assert where(page)[0] == "handoff"
    assert page.locator(".loh-draft, .loh-hand").count() == 0  # nobody's cards while the device changes hands
    first = page.inner_text("#handoff-go")
    page.click("#handoff-go")
    assert where(page)[0] == "move"
    name = page.locator(".loh-draft .loh-card-name").first.inner_text()
    kind, _ = click(page, page.locator(".loh-draft [data-action^='pick ']").first)
    assert kind == "handoff" and page.inner_text("#handoff-go") != first
    assert name not in page.locator("#table").inner_text()
    page.click("#handoff-go")
    assert where(page)[0] == "move" and step_of(page) == "draft"
    assert "Draft round 1 of 3" in page.locator(".loh .prompt").inner_text()


# ---------------------------------------------------------------- undo, history and the link


def test_undo_history_and_the_link(table, browser, site):
    page = table
    start(page, FOUR, seed=11)
    while step_of(page) == "draft":
        click(page, page.locator(".loh-draft [data-action^='pick ']").first)
    assert step_of(page) == "turn"
    presence = page.locator(".loh-hand [data-action^='play '][data-action$=' 1']")
    assert presence.count()
    assert re.search(r"pay \d+", presence.first.inner_text())
    kind, before = click(page, presence.first)
    assert step_of(page) in ("presence", "after", "effect")
    while step_of(page) != "presence":
        click(page, acts(page, "skip") if acts(page, "skip").count() else page.locator("#table [data-act]").first)
    _kind, before = where(page)
    slot = page.locator(".loh-board .loh-slot.loh-act").first
    label = slot.get_attribute("aria-label")
    assert slot.get_attribute("role") == "button" and slot.get_attribute("tabindex") == "0"
    assert re.match(r"Influence in .+, level \d", label)
    slot.focus()
    page.keyboard.press("Enter")  # the keyboard works as well as the mouse
    until(page, f"window.outremer.game.snapshot.steps === {before + 1} && !document.body.dataset.busy")
    page.locator("#undo").click()  # nothing new was seen: it can be taken back
    until(page, f"window.outremer.game.snapshot.steps === {before} && document.body.dataset.mode === 'play'")
    assert page.locator(f".loh-board [aria-label={json.dumps(label)}]").count() == 1
    click(page, page.locator(".loh-board .loh-slot.loh-act").first)
    click(page, acts(page, "done"))
    where(page)

    page.click("#copy-link")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url and "#" in link
    board = page.locator(".loh-board").inner_html()
    side = page.locator(".loh-seats").inner_text()
    steps = page.evaluate("window.outremer.game.snapshot.steps")

    fresh, second, guard = guarded_page(browser, site, link)
    fresh.wait_for_selector("section.loh .loh-board")
    where(fresh)
    assert fresh.evaluate("window.outremer.game.snapshot.steps") == steps
    assert fresh.locator(".loh-board").inner_html() == board
    assert fresh.locator(".loh-seats").inner_text() == side
    # the history goes back to the draft and returns
    fresh.get_by_role("button", name="Back to the start").click()
    until(fresh, "window.outremer.game.snapshot.step === 0")
    assert fresh.locator("#table [data-act]").count() == 0
    fresh.get_by_role("button", name="Back to the present").click()
    until(fresh, f"window.outremer.game.snapshot.step === {steps} && document.body.dataset.mode === 'play'")
    second.close()
    guard.check()
    assert not guard.errors, guard.errors


# ---------------------------------------------------------------- phone and accessibility


def test_phone_board_scrolls_in_its_frame_and_the_commitment_is_accessible(browser, site):
    page, context, guard = guarded_page(browser, site, width=390, height=844)
    set_pace(page, 0)
    open_code(page, _asked_to_be_an_ally())
    where(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    frame = page.locator(".loh-boardframe").bounding_box()
    assert frame["width"] >= 340 and frame["x"] >= 0 and frame["x"] + frame["width"] <= 390
    assert page.locator(".loh-board").bounding_box()["width"] >= 660
    assert page.evaluate(
        "(() => { const f = document.querySelector('.loh-boardframe');"
        " return f.scrollWidth > f.clientWidth && getComputedStyle(f).overflowX === 'auto'; })()"
    )
    assert not serious_violations(page)
    kind, _ = click(page, acts(page, "accept"))
    for _ in range(20):
        if page.locator("form.compose[data-compose='commit']").count() or kind == "over":
            break
        kind, _ = click(page, page.locator(".loh-fight [data-act], .loh-board [data-act], #table [data-act]").first)
    form = page.locator("form.compose[data-compose='commit']")
    assert form.count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not serious_violations(page)
    box = form.locator(".compose-go").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # from the keyboard: a number typed, Enter commits what the form shows
    field = form.locator("input[type='number']").first
    field.fill("1")
    field.dispatch_event("input")
    action = form.locator(".compose-go").get_attribute("data-action")
    _kind, before = where(page)
    field.press("Enter")
    until(page, f"window.outremer.game.snapshot.steps > {before} && !document.body.dataset.busy")
    assert action in page.locator("#log").inner_text() or re.search(
        r" commits? in secret", page.locator("#log").inner_text()
    )
    shot(page, "phone-committed")
    context.close()
    guard.check()


# ---------------------------------------------------------------- the table's data, under CPython


def _web():
    web_on_path()
    import render
    from games import loh_parts, lords_of_heaven

    return render, lords_of_heaven, loh_parts


def test_the_board_draws_every_border_once_and_no_road_crosses_a_card():
    from outremer.games.lords_of_heaven.data import content

    _render, _loh, parts = _web()
    data = content()
    geo = parts.geometry()
    assert [(r["a"], r["b"]) for r in geo["roads"]] == list(data.borders)
    boxes = [(p["x"], p["y"], p["x"] + geo["w"], p["y"] + geo["h"]) for p in geo["places"]]
    for i, a in enumerate(boxes):  # cards apart, inside the board
        assert a[0] >= 0 and a[1] >= 0 and a[2] <= geo["width"] and a[3] <= geo["height"]
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    sea = {(data.locations[r["a"]].key, data.locations[r["b"]].key) for r in geo["roads"] if r["sea"]}
    assert sea == {("antiocheia", "ascalon"), ("tripoli", "ascalon")}  # past Tyrus (ruling LH28)
    for r in geo["roads"]:
        assert r["length"] >= 30, r  # room for the Fortress space
        if r["sea"]:  # a cubic out to sea: both control points at x = cx, west of the cards
            points = [
                (
                    ((1 - t) ** 3 + t**3) * r["x1"] + 3 * (1 - t) * t * r["cx"],
                    ((1 - t) ** 3 + 3 * (1 - t) ** 2 * t) * r["y1"] + (3 * (1 - t) * t * t + t**3) * r["y2"],
                )
                for t in (i / 20 for i in range(21))
            ]
            points += [(x1 + t * (x2 - x1), y) for x1, y, x2 in r["spurs"] for t in (i / 20 for i in range(21))]
        else:
            points = [
                (r["x1"] + t * (r["x2"] - r["x1"]), r["y1"] + t * (r["y2"] - r["y1"]))
                for t in (i / 20 for i in range(21))
            ]
        for k, (x1, y1, x2, y2) in enumerate(boxes):
            inside = [x1 + 1 < x < x2 - 1 and y1 + 1 < y < y2 - 1 for x, y in points]
            assert not any(inside), (r, data.locations[k].name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_on_the_table_once_in_every_mode(players):
    """Every legal action is one element carrying data-act, a button or an SVG element with a
    role, a tab stop and a name; the many alike ones (a commitment, a move) are composed in one
    form whose button carries the action composed. Each game is played to its end; the tests
    check the tables of its first 320 decisions (all of a 2- or 3-player game; of the 4-player
    game's 500, those by which every kind of action it offers has been offered),
    `python bench/sweeps.py lords_of_heaven` every table."""
    from outremer import bridge

    render, _loh, _parts = _web()
    render.set_catalog(json.loads(bridge.catalog()))
    composed = ("commit", "move", "shift")

    rand = random.Random(players)
    snap = json.loads(bridge.new_game(json.dumps({"game": GAME, "seats": ["human"] * players, "seed": 3, "viewer": 0})))
    seen = set()
    checked = sweep(320, 600)
    for step in range(600):
        if snap["over"]:
            break
        snap = json.loads(bridge.open_code(snap["code"], snap["to_act"]))
        legal = snap["legal"]
        if step < checked:
            check_table_actions(render.table(snap), legal, composed)
        seen |= {a["text"].split()[0] for a in legal}
        # conflicts first, to reach their every step
        keen = [
            a
            for a in legal
            if a["text"].split()[0]
            in ("battle", "siege", "accept", "ask", "effect", "second", "reroll", "take", "ransack")
        ]
        if snap["view"]["step"] == "turn" and rand.random() < 0.5:
            keen = [a for a in legal if a["text"].startswith("play ") and a["text"].split()[2] in ("0", "1", "2")]
        choice = rand.choice(keen if keen and rand.random() < 0.8 else legal)
        snap = json.loads(bridge.act(snap["code"], choice["index"], snap["to_act"]))
        assert snap["ok"], snap
    assert snap["over"]
    assert {"pick", "play", "commit", "battle", "provision"} <= seen, seen
    render.table(json.loads(bridge.open_code(snap["code"], None)))  # nobody's view: the hand-off screen


# ---------------------------------------------------------------- tables that fit a laptop (issue 37)


def _play_to(players: int, seed: int, stop, steer) -> str:
    """The share code of the first moment ``stop(match)`` of a game of a person and computers,
    played by a script (``steer(match, legal)`` picks an action or None for a random one)."""
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    m, rand = Match(game, game.make_setup(seed, FOUR[:players])), random.Random(seed)
    while m.to_act() is not None and m.steps < 400:
        if stop(m):
            return sharecode.encode(m)
        legal = game.legal_actions(m.state)
        m.play(steer(m, legal) or rand.choice(legal))
    raise AssertionError("the moment was not reached")


def _besieged_commitment(players: int = 3) -> str:
    """The person, besieged with no Support in the Region and three cards in hand, commits (7.siege)."""

    def stop(m):
        s, c = m.state, m.state["conflict"]
        return (
            c
            and c["step"] == "commit"
            and m.to_act() == 0
            and c["kind"] == "siege"
            and c["defender"] == 0
            and len(s["hands"][0]) == 3
        )

    def steer(m, legal):
        if m.state["step"] == "conflicts" and m.to_act() != 0:
            return next((a for a in legal if a.verb == "siege"), None)
        if m.state["step"] == "turn" and m.to_act() == 0:
            return next((a for a in legal if a.verb == "play" and a.args[1] == 0), None)
        return None

    return _play_to(players, 1, stop, steer)


def _ally_without_support() -> str:
    """The person, a computer's Ally in a Battle, commits with no Support in the Region."""

    def stop(m):
        s, c = m.state, m.state["conflict"]
        return c and c["step"] == "commit" and m.to_act() == 0 and c["ally"] == 0 and not s["support"][c["loc"]][0]

    def steer(m, legal):
        c = m.state["conflict"]
        if m.state["step"] == "conflicts" and m.to_act() != 0:
            return next((a for a in legal if a.verb == "battle" and a.args[1] != 0), None)
        if c and c["step"] == "ask":
            return next((a for a in legal if a.verb == "ask" and a.args[0] == 0), None)
        if c and c["step"] == "answer" and m.to_act() == 0:
            return next((a for a in legal if a.verb == "accept"), None)
        return None

    return _play_to(4, 2, stop, steer)


def test_the_commitment_form_says_plainly_how_many_units_and_why():
    """p.6 and ruling LH15: 2 Units for each Support in the Region; a besieged player 1, and 1 more
    for each Citadel off its player board; the stock may allow fewer."""
    _render, _loh, parts = _web()
    words = parts.commitment_words
    assert words("battle", False, 0, 0, 3, 1, 2, False) == [
        "You may commit no Units here: you have no Support in this Region.",
        "Faith adds 1 Strength each and is no Unit: you have 2.",
        "As an Ally you lay no card.",
    ]
    assert words("battle", False, 1, 0, 5, 1, 0, True)[:2] == [
        "You may commit up to 2 Units here: 2 for your 1 Support in this Region.",
        "You have no Faith to add.",
    ]
    assert (
        words("battle", False, 2, 0, 5, 1, 0, True)[0]
        == "You may commit up to 4 Units here: 2 for each of your 2 Support in this Region."
    )
    assert (
        words("siege", True, 0, 0, 5, 0, 1, True)[0]
        == "You may commit up to 1 Unit here: 1 as the besieged player; you have no Support in this Region."
    )
    assert words("siege", True, 0, 2, 5, 0, 1, True)[0] == (
        "You may commit up to 3 Units here: 1 as the besieged player and 1 for each of your 2 Citadels off your "
        "player board; you have no Support in this Region."
    )
    assert words("siege", True, 1, 1, 5, 0, 1, True)[0] == (
        "You may commit up to 4 Units here: 1 as the besieged player, 1 for your Citadel off your player board "
        "and 2 for your 1 Support in this Region."
    )
    assert words("battle", False, 2, 0, 1, 0, 1, True)[1] == "You have 1 Footman and no Knights: at most 1 Unit."
    assert words("siege", False, 1, 0, 0, 0, 1, True)[1] == "You have no Footmen and no Siege Towers to commit."


def test_the_commitment_form_of_an_ally_without_support_renders_plainly():
    """The form as drawn for a person committing as an Ally with no Support in the Region: no
    "up to 0 Units", the plain words instead."""
    from outremer import bridge

    render, _loh, _parts = _web()
    render.set_catalog(json.loads(bridge.catalog()))
    snap = json.loads(bridge.open_code(_ally_without_support(), 0))
    html = render.table(snap)
    assert 'data-compose="commit"' in html
    assert "You may commit no Units here: you have no Support in this Region." in html
    assert "up to 0 Unit" not in html and "your 0 Support" not in html


def _texts_fit(page) -> list[str]:
    """Every card choice of the commitment written whole: the card's Conflict effect in full, and
    no line of it outside its button."""
    return page.evaluate("""() => {
      const out = [];
      for (const b of document.querySelectorAll('#table .compose-pick')) {
        const box = b.getBoundingClientRect();
        if (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1) out.push('overflows: ' + b.innerText);
        const range = document.createRange(); range.selectNodeContents(b);
        for (const r of range.getClientRects())
          if (r.width && (r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1))
            out.push('outside: ' + b.innerText);
      }
      return out;
    }""")


@pytest.mark.parametrize("size", [(1366, 900), (1920, 1080)])
def test_a_commitment_at_a_laptop_and_wider_fits_and_reads(app, site, size):
    """Issue 37: in a conflict's commitment at 1366×900 and 1920×1080, every action is in view
    with the page unscrolled, no text of the table is drawn under 11 px (the board's included, as
    scaled), and each card to lay face down shows its Strength and its whole Conflict effect."""
    from outremer.games.lords_of_heaven.data import content

    _render, _loh, parts = _web()
    app.set_viewport_size({"width": size[0], "height": size[1]})
    set_pace(app, 0)
    for code in (_besieged_commitment(3), _besieged_commitment(4), _ally_without_support()):
        open_code(app, code)
        where(app)
        assert conflict_step(app) == "commit"
        app.evaluate("window.scrollTo(0, 0)")
        reach = app.evaluate(REACH)
        assert reach["count"] >= 1 and not reach["out"], reach
        assert not app.evaluate(SMALL_TEXT, "#table"), app.evaluate(SMALL_TEXT, "#table")[:8]
        form = app.locator("form.compose[data-compose='commit']")
        words = form.locator("xpath=..").locator(".loh-commit-words").inner_text()
        assert "You may commit" in words and "up to 0" not in words, words
        hand = app.evaluate("window.outremer.game.snapshot.view.players[0].hand")
        picks = form.locator(".compose-pick")
        if app.evaluate("window.outremer.game.snapshot.view.conflict.ally") == 0:
            assert picks.count() == 0
            continue
        assert picks.count() == len(hand) + 1  # every card and the Bluff
        shown = " | ".join(picks.all_inner_texts())
        for card in hand:
            c = content().cards[card]
            fight = parts.card_words(c.to_json())["fight"]
            assert f"Strength {c.strength}" in shown
            assert (f"Conflict: {fight}" if fight else "no Conflict effect") in shown, (fight, shown)
        assert not _texts_fit(app)
        shot(app, f"commit-{size[0]}")
    app.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("size", [(1366, 900), (1920, 1080)])
def test_no_table_text_under_11_px_at_a_laptop_and_wider(app, site, size):
    """Issue 37: at 1366×900 and wider no text of the table, the board's as scaled included, is
    drawn under 11 px; the hand's actions in view with the page unscrolled."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    set_pace(app, 0)
    code = _play_to(
        4, 5, lambda m: m.steps >= 60 and m.to_act() == 0 and m.state["step"] == "turn", lambda m, legal: None
    )
    open_code(app, code)
    where(app)
    app.evaluate("window.scrollTo(0, 0)")
    assert app.locator(".loh-board text").count() > 50
    small = app.evaluate(SMALL_TEXT, "#table")
    assert not small, small[:12]
    reach = app.evaluate(REACH)
    assert reach["count"] >= 4 and not reach["out"], reach
    app.set_viewport_size({"width": 1280, "height": 900})
