"""Crusader Kingdoms in the browser, played through clicks only: the map of the Levant,
hands, attacks with face-down cards, dice, the Muslim automaton, hot-seat hand-offs and
the link. Screenshots go to artifacts/screenshots/ (not committed)."""

from __future__ import annotations

import re

import pytest

from conftest import (
    acts,
    click_settled,
    guarded_page,
    screenshot,
    serious_violations,
    set_pace,
    start_game,
    until,
    web_on_path,
)
from conftest import where as settle

GAME = "crusader-kingdoms"


def shot(page, name: str) -> None:
    screenshot(page, f"ck-{name}")


def where(page, timeout: float = 60.0) -> tuple[str, int]:
    return settle(page, timeout=timeout)


def click(page, locator, timeout: float = 60.0) -> tuple[str, int]:
    return click_settled(page, locator, timeout=timeout)


def start(page, seats: list[str], seed: int) -> str:
    """A new game of Crusader Kingdoms through the New game dialog; the computer plays without pauses."""
    code = start_game(page, game=GAME, seats=seats, seed=seed)
    page.wait_for_selector("section.ck .ck-map")
    set_pace(page, 0)
    return code


def step_of(page) -> str:
    return page.get_attribute("section.ck", "data-step")


# ---------------------------------------------------------------- solo, to the end


def test_solo_game_played_to_its_end_by_clicks(table):
    page = table
    start(page, ["human"], seed=5)
    assert where(page)[0] == "move"
    # the opening: the 1st and 3rd Crusades side, Marath held, the Muslims everywhere else
    assert page.locator(".ck-map-crusades").count() == 1
    assert page.locator(".ck-area.ck-seat").count() == 1 and page.locator(".ck-area.ck-muslim").count() == 13
    targets = page.locator('.ck-map [data-action^="attack "]')
    assert targets.count() >= 2
    for i in range(targets.count()):
        t = targets.nth(i)
        assert t.get_attribute("role") == "button" and t.get_attribute("tabindex") == "0"
        assert re.match(r"Attack .+ \(Muslim, defence \d( \+1)?\)$", t.get_attribute("aria-label"))
    assert page.locator(".ck-hand .ck-face").count() == 12
    assert page.locator(".ck-auto .ck-backs").get_attribute("aria-label") == "8 cards face down"
    assert page.locator(".ck-track-bonus .ck-chip").count() == 2  # the Crusade's marker and the Muslims'
    shot(page, "solo-opening")

    battles = 0
    shot_battle = False
    for _ in range(600):
        kind, _steps = where(page)
        if kind == "over":
            break
        step = step_of(page)
        if step == "action":
            areas = acts(page, "attack ")
            if areas.count():
                # the weakest area first: the easiest win
                labels = [areas.nth(i).get_attribute("aria-label") for i in range(areas.count())]
                weakest = min(range(len(labels)), key=lambda i: int(re.search(r"defence (\d)", labels[i])[1]))
                click(page, areas.nth(weakest))
            else:
                click(page, acts(page, "pass"))
        elif step == "attack_cards":
            placed = page.locator(".ck-fight .ck-card").count()
            troops = page.locator(".ck-hand .ck-hand-card:has(.ck-troop) [data-action^='add ']")
            if placed < 2 and troops.count():
                click(page, troops.first)
            else:
                click(page, acts(page, "go"))
                battles += 1
                if not shot_battle and page.locator(".ck-battle .ck-die").count():
                    shot(page, "solo-battle")
                    shot_battle = True
        elif acts(page, "done").count():
            click(page, acts(page, "done"))
        elif acts(page, "bonus").count():
            click(page, acts(page, "bonus"))
        else:
            click(page, page.locator("#table [data-act]").first)
    else:
        pytest.fail("the solo game did not end")

    assert battles >= 3
    level = page.locator(".ck-level")
    assert level.get_attribute("data-level") in ("Victory", "Marginal victory", "Defeat")
    assert level.inner_text() == level.get_attribute("data-level")
    assert "VP" in page.locator(".result-text").inner_text()
    assert page.locator("#table [data-act]").count() == 0
    shot(page, "solo-result")


# ---------------------------------------------------------------- four players, hot seat


def test_four_players_attack_with_a_face_down_response_and_hand_offs(table):
    """Damascus (a person) attacks Latakia of Antioch (another person at the same device):
    Antioch places Shield Wall face down on the defence; the cards are revealed and the dice rolled."""
    page = table
    start(page, ["human", "heuristic", "human", "heuristic"], seed=5)
    assert where(page)[0] == "handoff"
    assert page.locator(".ck-hand").count() == 0  # nobody's cards while the device changes hands
    assert "Emirate of Damascus" in page.inner_text("#handoff-go")
    page.click("#handoff-go")
    assert where(page)[0] == "move"
    assert "Emirate of Damascus" in page.inner_text(".ck-hand .ck-panel-title")
    assert page.locator(".ck-map-saladin .ck-area.ck-independent").count() >= 16
    assert page.locator(".ck-map .ck-castle").count() == 8
    shot(page, "four-opening")

    latakia = page.locator('.ck-map [data-action="attack 7"]')
    assert latakia.get_attribute("aria-label") == "Attack Latakia (Principality of Antioch, defence 3)"
    latakia.focus()
    page.keyboard.press("Enter")  # the keyboard works as well as the mouse
    until(
        page,
        "document.querySelector('section.ck') && document.querySelector('section.ck').dataset.step === 'attack_cards'",
    )
    assert page.locator(".ck-map .ck-attacked[data-area='latakia']").count() == 1
    troops = page.locator(".ck-hand .ck-hand-card:has(.ck-troop) [data-action^='add ']")
    placed_names = []
    for _ in range(2):
        card = troops.first.locator("xpath=ancestor::li[1]")
        placed_names.append(card.locator(".ck-card-name").inner_text())
        click(page, troops.first)
    assert page.locator(".ck-fight .ck-face").count() == 2  # our own troops, face up to us
    kind, _ = click(page, acts(page, "go"))

    # the device passes to Antioch, who answers the attack
    for _ in range(10):
        if kind == "handoff" and "Principality of Antioch" in page.inner_text("#handoff-go"):
            break
        assert kind != "over"
        kind, _ = where(page)
    assert page.locator(".ck-hand").count() == 0
    page.click("#handoff-go")
    assert where(page)[0] == "move"
    assert step_of(page) == "respond"
    fight = page.locator(".ck-fight")
    assert fight.locator(".ck-back").count() >= 2  # Damascus's troops, face down
    for name in placed_names:
        assert name not in fight.inner_text()
    shield = page.locator(".ck-hand [data-action$=' defence']").first
    response = shield.locator("xpath=ancestor::li[1]").locator(".ck-card-name").inner_text()
    name = shield.get_attribute("aria-label")  # what it shows, then what it does (label in name)
    assert name.startswith(shield.inner_text().strip()) and f"Place {response} on the defence" in name, name
    click(page, shield)
    assert response in page.locator(".ck-fight").inner_text()  # face up to its owner
    shot(page, "four-response-placed")
    kind, _ = click(page, acts(page, "done"))

    # the reveal: the troops and the response face up, the dice, the hits (a winner first
    # chooses a reward: the device goes back to Damascus)
    for _ in range(20):
        if page.locator(".ck-battle").count():
            break
        if kind == "handoff":
            page.click("#handoff-go")
        elif kind == "move" and step_of(page) == "reward":
            assert "takes Latakia" in page.locator(".ck-fight").inner_text()
            shot(page, "four-reward")
            kind, _ = click(page, acts(page, "bonus"))
            continue
        kind, _ = where(page)
    battle = page.locator(".ck-battle")
    assert "Last battle: Latakia" in battle.inner_text()
    text = battle.inner_text()
    for name in placed_names + [response]:
        assert name in text
    dice = battle.locator(".ck-die")
    assert dice.count() >= 3
    hits = battle.locator(".ck-die.ck-hit").count()
    finals = [int(d) for d in battle.locator(".ck-die .ck-die-face").all_inner_texts()]
    assert hits == sum(1 for d in finals if d >= 4)
    assert battle.get_attribute("data-winner") in ("attack", "defence")
    assert re.search(r"\d+ hits? against \d+", battle.locator(".ck-outcome").inner_text())
    shot(page, "four-battle")


# ---------------------------------------------------------------- the link


def test_link_round_trip_on_the_map(table, browser, site):
    page = table
    start(page, ["human", "heuristic", "heuristic", "heuristic"], seed=11)
    where(page)
    # a few rounds: an attack of ours, then the computers' rounds
    for _ in range(6):
        kind, _ = where(page)
        if step_of(page) == "action" and acts(page, "attack ").count():
            click(page, acts(page, "attack ").first)
        elif step_of(page) == "attack_cards":
            troops = page.locator(".ck-hand [data-action^='add ']")
            click(page, troops.first if not page.locator(".ck-fight .ck-card").count() else acts(page, "go"))
        else:
            click(page, page.locator("#table .action-bar [data-act]").first)
    where(page)
    page.click("#copy-link")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url and "#" in link
    board = page.locator(".ck-map").inner_html()
    side = page.locator(".ck-side").inner_text()

    fresh, second, guard = guarded_page(browser, site, link)
    fresh.wait_for_selector("section.ck .ck-map")
    where(fresh)
    assert fresh.locator(".ck-map").inner_html() == board
    assert fresh.locator(".ck-side").inner_text() == side
    second.close()
    guard.check()
    assert not guard.errors, guard.errors


# ---------------------------------------------------------------- phone and accessibility


def test_map_on_a_phone_and_accessible(browser, site):
    page, context, guard = guarded_page(browser, site, width=390, height=844)
    start(page, ["human"], seed=5)
    where(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The map keeps a pixel to a unit, its labels legible (e2e/test_theme.py), and scrolls
    # sideways in its own frame, which fits the screen.
    frame = page.locator(".ck-mapframe").bounding_box()
    assert frame["width"] >= 340 and frame["x"] >= 0 and frame["x"] + frame["width"] <= 390
    assert page.locator(".ck-map").bounding_box()["width"] >= 600
    assert page.evaluate(
        "(() => { const f = document.querySelector('.ck-mapframe');"
        " return f.scrollWidth > f.clientWidth && getComputedStyle(f).overflowX === 'auto'; })()"
    )
    assert not serious_violations(page)
    # an attack: the fight panel, then the battle with its dice
    click(page, acts(page, "attack ").first)
    click(page, page.locator(".ck-hand [data-action^='add ']").first)
    assert not serious_violations(page)
    click(page, acts(page, "go"))
    page.wait_for_selector(".ck-battle .ck-die")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not serious_violations(page)
    shot(page, "phone-battle")
    context.close()
    guard.check()


# ---------------------------------------------------------------- the table's data, under CPython


def _web():
    web_on_path()
    import render
    from games import crusader_kingdoms

    return render, crusader_kingdoms


@pytest.mark.parametrize("side", ["saladin", "crusades"])
def test_the_drawn_map_shows_exactly_the_borders_of_the_data(side):
    from outremer.games.crusader_kingdoms.data import content

    _web()
    from games import ck_map as ck

    board = content().boards[side]
    land = {(min(a.index, b), max(a.index, b)) for a in board.areas for b in a.borders if b not in a.sea}
    assert ck.shared_borders(side) == land
    geo = ck.geometry(side)
    assert len(geo["cells"]) == len(board.areas) and all(geo["cells"])
    # every sea lane is drawn, once, from coast to coast
    lanes = {(a.key, board.areas[b].key) for a in board.areas for b in a.sea if b > a.index}
    assert {(lane["a"], lane["b"]) for lane in geo["lanes"]} == lanes


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_action_is_on_the_table_once_in_every_mode(players):
    import json
    import random
    from html.parser import HTMLParser

    from outremer import bridge

    render, _ck = _web()
    render.set_catalog(json.loads(bridge.catalog()))

    class Acts(HTMLParser):
        def __init__(self):
            super().__init__()
            self.acts = []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if "data-act" in attrs:
                assert tag == "button" or (
                    attrs.get("role") == "button" and attrs.get("tabindex") == "0" and attrs.get("aria-label")
                ), (tag, attrs)
                self.acts.append(int(attrs["data-act"]))

    rand = random.Random(players)
    snap = json.loads(bridge.new_game(json.dumps({"game": GAME, "seats": ["human"] * players, "seed": 3, "viewer": 0})))
    for _ in range(300):
        if snap["over"]:
            break
        snap = json.loads(bridge.open_code(snap["code"], snap["to_act"]))
        parser = Acts()
        parser.feed(render.table(snap))
        assert sorted(parser.acts) == [a["index"] for a in snap["legal"]]
        # events and attacks first, to reach the odd moments (targets, spies, flips)
        legal = snap["legal"]
        keen = [a for a in legal if a["text"].split()[0] in ("event", "attack", "target", "take", "add", "go")]
        choice = rand.choice(keen if keen and rand.random() < 0.8 else legal)
        snap = json.loads(bridge.act(snap["code"], choice["index"], snap["to_act"]))
        assert snap["ok"], snap
    render.table(json.loads(bridge.open_code(snap["code"], None)))  # nobody's view: the hand-off screen


# ---------------------------------------------------------------- undo and history on the map
def test_undo_and_history_on_the_map(table):
    """What the Levantine table offers works on the map too: a Troop placed face down for an
    attack not yet fought (nothing new seen) is taken back by Undo; the history control goes
    back to the start and returns to the present."""
    page = table
    start(page, ["human"], seed=5)
    kind, before = where(page)
    assert kind == "move" and step_of(page) == "action"
    assert page.locator("#undo").is_disabled()
    click(page, acts(page, "attack ").first)
    assert step_of(page) == "attack_cards"
    click(page, acts(page, "add ").first)  # a Troop placed face down: still nothing new seen
    page.locator("#undo").click()
    until(page, f"window.outremer.game.snapshot.steps === {before + 1} && document.body.dataset.mode === 'play'")
    assert step_of(page) == "attack_cards"
    page.get_by_role("button", name="Back to the start").click()
    until(page, "window.outremer.game.snapshot.step === 0")
    assert page.locator("#table [data-act]").count() == 0
    page.get_by_role("button", name="Back to the present").click()
    until(page, f"window.outremer.game.snapshot.step === {before + 1} && document.body.dataset.mode === 'play'")
    assert acts(page, "add ").count() > 0


# ---------------------------------------------------------------- on a laptop's screen


def _code_where(want, players: int = 3) -> str:
    """The link of a game against the computer (the person plays the first kingdom) at the first
    moment ``want(state, legal texts)`` holds with the person to act."""
    from outremer.ai import agent_for, agent_random, decide
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    agent = agent_for(game, "heuristic")
    for seed in range(1, 60):
        match = Match(game, game.make_setup(seed, ["human"] + ["heuristic"] * (players - 1)))
        while match.to_act() is not None and match.steps < 300:
            seat = match.to_act()
            if seat == 0 and want(match.state, [str(a) for a in game.legal_actions(match.state)]):
                return sharecode.encode(match)
            match.play(decide(agent, game, match.state, seat, agent_random(seed, match.steps)), seat)
    raise AssertionError("no game reached the moment")


def _defending_with_responses(state, texts) -> bool:
    attack = state.get("attack")
    return bool(attack) and attack["defender"] == 0 and sum("defence" in t for t in texts) >= 3


def _attacking_on_the_map(state, texts) -> bool:
    return sum(t.startswith("attack ") for t in texts) >= 3 and len(texts) >= 15


@pytest.mark.parametrize("moment", ["defence", "attack"])
@pytest.mark.parametrize("width,height", [(1366, 900), (1920, 1080)])
def test_hand_and_map_in_reach_on_a_laptop_and_the_map_legible(table, moment, width, height):
    """Issue 37: in a defence with Responses to place, and on the map when attacking, every legal
    action is on the screen or in a frame of its own that is (the map's, the side column's) with
    the page unscrolled; the table is one screen high; no text on the map under 11 px as drawn
    ("by sea" included) (e2e/reach.py)."""
    from reach import REACH, SMALL_TEXT

    page = table
    want = _defending_with_responses if moment == "defence" else _attacking_on_the_map
    code = _code_where(want)
    page.set_viewport_size({"width": width, "height": height})
    try:
        page.goto(f"{page.url.split('#')[0]}#{code}")
        until(page, f"window.outremer.game.snapshot && window.outremer.game.snapshot.code === '{code}'")
        where(page)
        page.evaluate("window.scrollTo(0, 0)")
        reach = page.evaluate(REACH)
        assert reach["count"] >= 3 and not reach["out"], (moment, width, reach)
        ck = page.locator("section.ck").bounding_box()
        assert ck["y"] + ck["height"] <= height + 0.5, ck
        hand = page.locator(".ck-hand").bounding_box()
        assert hand["y"] < height - 100, hand  # the hand starts on the screen, beside the map
        assert page.locator(".ck-lane-label").count() > 0
        small = page.evaluate(SMALL_TEXT, ".ck-map")
        assert not small, small
        shot(page, f"laptop-{moment}-{width}")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
