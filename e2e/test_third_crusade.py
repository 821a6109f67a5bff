"""Third Crusade in the browser, played through clicks only: Event Cards laid and picked in
Strategy, Orders placed face down in two clicks (the Order behind the screen, then its Region on
the map, with a warning where it could never be executed), executed on the map, Marches composed, a
Battle's panel, the hot-seat hand-off that keeps an Alliance's Orders from the other one, undo,
the link and the phone. Screenshots go to artifacts/screenshots/ (not committed)."""

from __future__ import annotations

import random
import re

import pytest

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

GAME = "third-crusade"


def shot(page, name: str) -> None:
    screenshot(page, f"tc-{name}")


def where(page, timeout: float = 120.0) -> tuple[str, int]:
    return settle(page, timeout=timeout)


def click(page, locator, timeout: float = 120.0) -> tuple[str, int]:
    return click_settled(page, locator, timeout=timeout)


def phase_of(page) -> str:
    return page.get_attribute("section.tc", "data-phase")


def start(page, seats: list[str], seed: int, **options) -> str:
    code = start_game(page, game=GAME, seats=seats, seed=seed, options=options or None, players=len(seats))
    page.wait_for_selector("section.tc .tc-map")
    set_pace(page, 0)
    return code


def open_code(page, code: str) -> None:
    page.goto(page.url.split("#")[0] + "#" + code)
    until(page, f"window.outremer.game.snapshot && window.outremer.game.code === {code!r}")
    page.wait_for_selector("section.tc .tc-map")


def past_handoff(page, name: str | None = None) -> tuple[str, int]:
    """Settle, going past a hand-off screen as the next person does (a screenshot of it first)."""
    kind, steps = where(page)
    while kind == "handoff":
        if name:
            shot(page, name)
        page.click("#handoff-go")
        kind, steps = where(page)
    return kind, steps


def legal_texts(page) -> list[str]:
    return page.evaluate("window.outremer.game.snapshot.legal.map(a => a.text)")


def compose_and_go(page, verb: str, rand: random.Random) -> tuple[str, int]:
    """Fill a composer form as a player does: a random choice in each select (the form keeps the
    choice legal), then its button; the action composed must be legal."""
    form = page.locator(f"form.compose[data-compose='{verb}']")
    selects = form.locator("select")
    for i in range(selects.count()):
        options = selects.nth(i).locator("option:not([disabled])")
        if options.count():
            selects.nth(i).select_option(options.nth(rand.randrange(options.count())).get_attribute("value"))
    button = form.locator(".compose-go")
    assert button.get_attribute("data-action") in legal_texts(page)
    return click(page, button)


ORDERS_TO_PLACE = ".tc-mine .tc-orders [data-action^='order ']"
"""The Orders behind the person's screen it may place now: the first click of placing one."""


def place_on_the_map(page, rand: random.Random, name: str | None = None) -> tuple[str, int]:
    """Place an Order as a player does, in two clicks: an Order behind the screen (``name``, or
    any), then a Region on the map (the Regions it may go to are marked, and only those); the
    second click places it, face down, in that Region's Order Section."""
    _kind, before = where(page)
    orders = page.locator(ORDERS_TO_PLACE)
    assert orders.count() >= 1
    order = (
        page.locator(f"{ORDERS_TO_PLACE}[data-detail-title='{name}']").first
        if name
        else orders.nth(rand.randrange(orders.count()))
    )
    name = order.get_attribute("data-detail-title")
    kind, steps = click(page, order)  # click 1: the Order
    assert (kind, steps) == ("move", before + 1)  # still the person's turn: nothing placed yet
    assert page.locator(".tc-mine .tc-orders .tc-chosen").first.get_attribute("data-detail-title") == name
    assert page.locator(".tc-plan").inner_text().startswith(f"Place {name}")
    regions = page.locator(".tc-map .tc-region[data-action^='section ']")
    free = page.evaluate("Object.values(window.outremer.game.snapshot.view.sections).length")
    assert 1 <= regions.count() <= free
    assert regions.count() == len([t for t in legal_texts(page) if t.startswith("section ")])
    region = regions.nth(rand.randrange(regions.count()))
    key = region.get_attribute("data-region")
    kind, steps = click(page, region)  # click 2: the Region
    side = page.evaluate("window.outremer.game.snapshot.view.players[window.outremer.game.viewer].alliance")
    placed = page.evaluate(f"window.outremer.game.snapshot.view.sections[{key!r}][{side!r}]")
    assert placed and placed["order"], placed
    return kind, steps


def play_a_turn(page, rand: random.Random, seen: set) -> None:
    """One decision of the person, through the table: an Order placed through its form, a Region
    of the map, a March composed, else a button of the action bar (no passing while there is
    something else, half of the time)."""
    phase = phase_of(page)
    seen.add(phase)
    regions = page.locator(".tc-map .tc-region[data-act]")
    if page.locator(ORDERS_TO_PLACE).count() and rand.random() < 0.8:
        seen.add("order placed")
        place_on_the_map(page, rand)
    elif page.locator("form.compose[data-compose='march']").count() and rand.random() < 0.7:
        seen.add("march")
        compose_and_go(page, "march", rand)
    elif regions.count() and rand.random() < 0.8:
        seen.add(f"map {regions.first.get_attribute('data-action').split()[0]}")
        click(page, regions.nth(rand.randrange(regions.count())))
    else:
        buttons = page.locator("#table .actions [data-act]")
        if not buttons.count():
            buttons = page.locator("#table [data-act]")
        texts = [buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())]
        keep = [i for i, t in enumerate(texts) if t != "pass"] if rand.random() < 0.5 else []
        choice = rand.choice(keep or list(range(len(texts))))
        click(page, buttons.nth(choice))


# ---------------------------------------------------------------- two players, to the end


def test_two_players_played_to_the_end_by_clicks(table):
    page = table
    start(page, ["human", "heuristic"], seed=7)
    assert where(page)[0] == "move"
    assert page.locator(".tc-map .tc-region").count() == 17  # the south board alone
    first = page.locator(".tc-map .tc-region").first.get_attribute("data-region")
    assert page.locator(f".tc-map [data-marks-of='{first}'] .tc-slot").count() == 9  # drawn over its box
    assert phase_of(page) == "strategy"
    shot(page, "two-strategy")
    rand, seen, battles = random.Random(3), set(), 0
    for _ in range(900):
        kind, _steps = where(page)
        if kind == "over":
            break
        if page.locator(".tc-battle").count():
            battles += 1
            if battles == 1:
                shot(page, "two-battle")
            panel = page.locator(".tc-battle").inner_text()
            assert re.search(r"Attack \d+", panel) and re.search(r"Defence \d+", panel), panel
        if phase_of(page) == "planning" and "planning" not in seen:
            shot(page, "two-planning")
        play_a_turn(page, rand, seen)
    else:
        pytest.fail("the game did not end")
    assert {"strategy", "planning", "command", "order placed"} <= seen, seen
    assert any(s.startswith("map ") for s in seen), seen
    result = page.locator(".result")
    assert result.count() == 1
    assert page.locator("#table [data-act]").count() == 0
    shot(page, "two-result")


def test_placing_an_order_takes_two_clicks_and_warns_where_it_could_never_be_executed(table):
    """Planning: the Order behind the screen, then its Region on the map: two clicks, and the Order
    is face down on the map. With a Sea Move chosen (a Port Order, p.12) the Regions without a
    Port are marked and the panel says what leaving it unexecuted costs at Upkeep (p.17); they
    stay open (a bluff), the Ports unmarked. Another Order is chosen by undoing the first choice
    (ruling TC78): clicking another Order behind the screen takes the first back and chooses it,
    *Choose another Order* takes it back; the record keeps nothing of either."""
    page = table
    start(page, ["human", "heuristic"], seed=7)
    for _ in range(40):
        if page.locator(ORDERS_TO_PLACE).count():
            break
        if page.locator("form.compose[data-compose='arrange']").count():
            click(page, page.locator("form.compose[data-compose='arrange'] .compose-go"))
        else:
            click(page, page.locator("#table [data-act]").first)
    assert phase_of(page) == "planning"
    _kind, before = where(page)
    code = page.evaluate("window.outremer.game.code")
    sea = page.locator(f"{ORDERS_TO_PLACE}[data-detail-title='Sea Move']")
    assert sea.count() == 1
    click(page, sea)
    warned = page.locator(".tc-map .tc-region.tc-warned[data-action^='section ']")
    ports = page.locator(".tc-map .tc-region[data-action^='section ']:not(.tc-warned)")
    assert warned.count() >= 1 and ports.count() >= 1
    for i in range(ports.count()):
        assert "Port" in ports.nth(i).get_attribute("aria-label")
    label = warned.first.get_attribute("aria-label")
    assert "can never be executed" in label and "1 Glory at Upkeep" in label, label
    note = page.locator(".tc-plan .tc-warning").inner_text()
    assert "Sea Move could not be executed" in note and "1 Glory at Upkeep" in note, note
    page.screenshot(path="/tmp/tc-planning-warning.png", full_page=False)
    shot(page, "two-planning-warning")
    assert not acts(page, "back").count() and page.locator("#table .action-bar").count() == 0
    assert page.evaluate("window.outremer.game.snapshot.steps") == before + 1
    for name, key, by_keyboard in (("March", "march_1", False), ("Defence", "defence", True)):
        instead = page.locator(f".tc-mine .tc-orders [data-command='undo'][data-detail-title='{name}']")
        assert instead.count() == 1 and instead.get_attribute("role") == "button"
        assert instead.get_attribute("data-then") == f"order {key}"
        if by_keyboard:
            instead.focus()
            page.keyboard.press("Enter")
        else:
            instead.click()  # another Order: undo, then choose it
        until(
            page,
            "(() => { const s = window.outremer.game.snapshot; return !document.body.dataset.busy"
            f" && s.view.plan && s.view.plan.order === '{key}'; }})()",
        )
        kind, steps = where(page)
        assert (kind, steps) == ("move", before + 1)  # one step: the Order before left no trace
    assert page.locator(".tc-mine .tc-orders .tc-chosen").first.get_attribute("data-detail-title") == "Defence"
    assert page.locator(".tc-plan").inner_text().startswith("Place Defence")
    shot(page, "two-planning-instead")
    page.locator(".tc-plan .tc-retake").click()  # Choose another Order: undo
    until(
        page,
        "(() => { const s = window.outremer.game.snapshot; return !document.body.dataset.busy && !s.view.plan; })()",
    )
    kind, steps = where(page)
    assert (kind, steps) == ("move", before)
    assert not page.locator(".tc-plan").count() and page.locator(ORDERS_TO_PLACE).count()
    assert page.evaluate("window.outremer.game.code") == code  # the record as before the first choice
    rand = random.Random(1)
    place_on_the_map(page, rand, "Sea Move")  # two clicks
    assert page.evaluate("window.outremer.game.snapshot.steps") >= before + 2


# ---------------------------------------------------------------- four players: secrets kept


def test_hot_seat_keeps_an_alliances_orders_from_the_other(table):
    """Four people at one screen: an Order placed face down is named to its Army and the partner,
    and only a face-down Order to the other Alliance; a hand-off screen stands between seats."""
    page = table
    start(page, ["human"] * 4, seed=11)
    # Strategy, laid and picked by every seat in turn, until an Order is placed in Planning
    placed_by = None
    for _ in range(80):
        kind, _ = past_handoff(page)
        assert kind == "move"
        if page.locator(ORDERS_TO_PLACE).count():
            placed_by = page.evaluate("window.outremer.game.viewer")
            order = page.locator(ORDERS_TO_PLACE).first
            name = order.get_attribute("data-detail-title")
            click(page, order)
            target = page.locator(".tc-map .tc-region[data-action^='section ']").first
            region = target.get_attribute("data-region")
            click(page, target)
            break
        click(page, page.locator("#table [data-act]").first)
    assert placed_by is not None, "no Order was placed"
    seen = {}
    for _ in range(12):
        kind, _ = past_handoff(page, "four-handoff")
        assert kind == "move"
        viewer = page.evaluate("window.outremer.game.viewer")
        if viewer in seen:
            break
        side = "crusader" if placed_by in (0, 1) else "muslim"
        section = page.locator(f".tc-map [data-marks-of='{region}'] .tc-section-{side} title")
        seen[viewer] = name in section.text_content()
        if len(seen) == 1:
            shot(page, "four-planning")
        if page.locator(ORDERS_TO_PLACE).count():
            click(page, page.locator(ORDERS_TO_PLACE).first)
            click(page, page.locator(".tc-map .tc-region[data-action^='section ']").first)
        else:
            click(page, acts(page, "pass").first)
    alliance = {0: "c", 1: "c", 2: "m", 3: "m"}
    for viewer, named in seen.items():
        assert named == (alliance[viewer] == alliance[placed_by]), (viewer, placed_by, seen)
    assert any(not v for v in seen.values()), seen


# ---------------------------------------------------------------- undo, the link, the phone


def test_undo_and_the_link(table, browser, site):
    page = table
    code = start(page, ["human", "heuristic", "heuristic", "heuristic"], seed=5)
    for _ in range(6):
        kind, steps = where(page)
        click(page, page.locator("#table [data-act]").first)
    kind, steps = where(page)
    link = page.evaluate("location.hash.slice(1)")
    assert link != code
    other, context, guard = guarded_page(browser, site, url=site.rstrip("/") + "/#" + link)
    try:
        other.wait_for_selector("section.tc .tc-map")
        assert settle(other)[1] == steps
        assert other.locator(".tc-map .tc-region").count() == 29  # both boards with 4 players
    finally:
        context.close()
    undo_to = page.evaluate("window.outremer.game.snapshot.undo_to")
    assert undo_to is not None and undo_to < steps and page.locator("#undo").is_enabled()
    page.click("#undo")
    until(page, f"window.outremer.game.snapshot.steps === {undo_to} && document.body.dataset.mode === 'play'")
    assert where(page) == ("move", undo_to)


def test_phone_map_scrolls_in_its_frame(browser, site):
    page, context, guard = guarded_page(browser, site, width=390, height=844)
    try:
        start(page, ["human", "heuristic"], seed=2)
        frame = page.locator(".tc-mapframe")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert frame.evaluate("el => el.scrollWidth > el.clientWidth")
        assert serious_violations(page) == []
        shot(page, "phone")
    finally:
        context.close()


# ---------------------------------------------------------------- the table's own checks


@pytest.mark.parametrize(
    "players,options",
    [(2, {}), (3, {}), (4, {}), (2, {"variable": True}), (4, {"variable": True})],
    ids=["2", "3", "4", "2-variable", "4-variable"],
)
def test_every_legal_action_is_on_the_table_once_in_every_mode(players, options):
    """Through the states of a random game, every legal action is one element carrying data-act
    (a button, or a map Region with a role, a tab stop and a name); the many alike ones (placing
    marching) are composed in one form whose button carries the action composed. An Order face
    down, or chosen and not yet placed, names nothing of itself to the other Alliance; while its
    Region is chosen, only the seat choosing is offered another Order (undo, ruling TC78).
    The tests check each mode's first 180 decisions (its first Round, Strategy to Upkeep);
    `python bench/sweeps.py third_crusade` plays each game to its end (up to 700)."""
    import json

    web_on_path()
    import render
    from outremer import bridge
    from outremer.games.third_crusade.cards import orders
    from outremer.games.third_crusade.planning import distinct

    render.set_catalog(json.loads(bridge.catalog()))
    composed = ("march", "arrange", "deploy")

    rand = random.Random(players)
    snap = json.loads(
        bridge.new_game(
            json.dumps({"game": GAME, "seats": ["human"] * players, "seed": 3, "viewer": 0, "options": options})
        )
    )
    checked = hidden_checked = retakes = 0
    for _ in range(sweep(180, 700)):
        if snap["over"]:
            break
        snap = json.loads(bridge.open_code(snap["code"], snap["to_act"]))
        html = render.table(snap)
        legal = snap["legal"]
        check_table_actions(html, legal, composed)
        checked += 1
        plan = snap["view"].get("plan")
        if plan:  # its Region next: another Order is the undo of the choice, for the chooser only (TC78)
            me = snap["view"]["players"][snap["viewer"]]
            name = {o.key: o.name for o in orders(me["army"])}
            assert re.search(r'<button[^>]* data-command="undo"[^>]*>Choose another Order</button>', html)
            assert sorted(re.findall(r'data-then="([^"]+)"', html)) == sorted(
                f"order {k}" for k in distinct(me["box"], me["army"]) if name[k] != name[plan["order"]]
            )
            for seat in range(players):
                if seat != snap["viewer"]:
                    assert 'data-command="undo"' not in render.table(json.loads(bridge.open_code(snap["code"], seat)))
            retakes += 1
        # the other Alliance's Orders on the map: face down, no name in the page
        view = snap["view"]
        mine = view["players"][snap["viewer"]]["alliance"]
        for _region, sides in view["sections"].items():
            for side, placed in sides.items():
                if placed and side != mine:
                    assert placed["order"] is None
                    hidden_checked += 1
        theirs = {
            o.name
            for p in view["players"]
            if p["alliance"] != mine
            for o in orders(p["army"])
            if o.name not in {x.name for q in view["players"] if q["alliance"] == mine for x in orders(q["army"])}
        }
        face_down = re.findall(r"<title>([^<]*) Order, face down</title>", html)
        assert not any(name in t for t in face_down for name in theirs)
        act = rand.choice(legal)
        snap = json.loads(bridge.act(snap["code"], act["index"], snap["to_act"]))
    assert checked > 50 and hidden_checked > 0 and retakes > 0, (checked, hidden_checked, retakes)


# ---------------------------------------------------------------- four players: a Battle with a Reaction


def _asked_to_react() -> str:
    """A 4-player game (a person as the Angevin and three computers) at the moment the person is
    asked, in a Battle, whether to play a Reaction Order it may play: the share code, played by
    the computer players for every seat until then."""
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    for seed in range(1, 40):
        m = Match(game, game.make_setup(seed, ["human", "heuristic", "heuristic", "heuristic"]))
        while m.to_act() is not None and m.steps < 1500:
            s, seat = m.state, m.to_act()
            legal = game.legal_actions(s)
            battle = s.get("battle")
            if seat == 0 and battle and battle["stage"] == "react" and any(a.verb == "react" for a in legal):
                return sharecode.encode(m)
            m.play(choose(game, s, seat, "heuristic", seed, m.steps))
    raise AssertionError("no game found where the person may play a Reaction in a Battle")


def test_four_players_a_battle_with_a_reaction(table):
    """The person is asked for a Reaction in a Battle among four Armies: the panel shows both
    sides' Strength and who is asked; the Reaction played shows in it and changes the Strength
    of its side (or the Battle moves on); the computers play on to the person's next decision."""
    page = table
    code = _asked_to_react()
    open_code(page, code)
    kind, steps = where(page)
    assert kind == "move"
    panel = page.locator(".tc-battle")
    assert panel.count() == 1
    text = panel.inner_text()
    attack, defence = (int(x) for x in re.findall(r"(?:Attack|Defence) (\d+)", text))
    assert "Asked for a Reaction" in text and "Angevin" in text
    shot(page, "four-battle-asked")
    reactions = acts(page, "react ")
    assert reactions.count() >= 1
    label = reactions.first.inner_text()
    kind, after = click(page, reactions.first)
    assert after > steps
    log = page.locator("#log").inner_text()
    assert "Angevin" in log
    if page.locator(".tc-battle").count():
        text = page.locator(".tc-battle").inner_text()
        now = [int(x) for x in re.findall(r"(?:Attack|Defence) (\d+)", text)]
        assert "Reactions:" in text and now != [attack, defence] or "Asked" in text, (label, text)
    shot(page, "four-battle-reacted")


# ---------------------------------------------------------------- the map first: a laptop's screen


def _code_at(players: int, wanted) -> str:
    """A game (a person as the first Army, computers for the others) at the first moment the
    person is to act and ``wanted(state, legal)`` holds: its share code."""
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(GAME)
    seats = ["human"] + ["heuristic"] * (players - 1)
    for seed in range(1, 30):
        m = Match(game, game.make_setup(seed, seats))
        while m.to_act() is not None and m.steps < 2000:
            s, seat = m.state, m.to_act()
            legal = game.legal_actions(s)
            if seat == 0 and wanted(s, legal):
                return sharecode.encode(m)
            m.play(choose(game, s, seat, "heuristic", seed, m.steps))
    raise AssertionError("no such moment found")


def _out_of_reach(page) -> list:
    """The table's legal actions that the page, unscrolled, does not reach (``e2e/reach.py``):
    each is in view, or in a frame of its own (the map, the column of panels) that is in view."""
    from reach import REACH

    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(REACH)["out"]


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_in_reach_on_a_laptop_in_planning_and_diplomacy(table, players):
    """At 1366×900 and 1920×1080, without scrolling the page: in Planning, the Order chosen, every
    Region it may go to (reached by scrolling the map's own frame, which stays where it was scrolled
    when the Order is chosen) and every other Order behind the screen; in Diplomacy, the diplomacy board in view beside the map with the spaces the
    person's marker may go to, which are its buttons. The page is no taller than the screen but
    for the site's footer."""
    page = table
    planning = _code_at(players, lambda s, legal: s["phase"] == "planning" and any(a.verb == "order" for a in legal))
    diplomacy = _code_at(players, lambda s, legal: s["phase"] == "diplomacy" and any(a.verb == "move" for a in legal))
    for width, height in ((1366, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        open_code(page, planning)
        where(page)
        frame = page.locator(".tc-mapframe")
        # Where the map is taller than its frame (4 players at 1366: the boards one above the
        # other), the frame is scrolled, and stays so; a map that fits its frame has no scroll to keep.
        scrolls = frame.evaluate("el => el.scrollHeight > el.clientHeight + 1")
        assert scrolls or not (players == 4 and width == 1366)
        down = frame.evaluate(
            "el => { el.scrollTop = Math.round((el.scrollHeight - el.clientHeight) / 2); return el.scrollTop; }"
        )
        assert (down > 0) == scrolls
        click(page, page.locator(ORDERS_TO_PLACE).first)  # the Order: its Regions light
        assert abs(frame.evaluate("el => el.scrollTop") - down) <= 1  # the map stays where it was
        regions = page.locator(".tc-map .tc-region[data-action^='section ']")
        assert regions.count() >= 1
        assert _out_of_reach(page) == [], (width, "planning")
        table_box = page.locator("section.tc").bounding_box()
        assert table_box["y"] + table_box["height"] <= height + 1, (width, table_box)
        open_code(page, diplomacy)
        where(page)
        spaces = page.locator(".tc-dip .tc-dip-space[data-act]")
        assert spaces.count() >= 1 and spaces.count() == len([t for t in legal_texts(page) if t.startswith("move ")])
        board = page.locator(".tc-dip-board").bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= height, (width, board)
        assert _out_of_reach(page) == [], (width, "diplomacy")
        if width == 1366:
            shot(page, f"{players}-diplomacy-1366")
    kind, steps = where(page)
    before = steps
    kind, steps = click(page, page.locator(".tc-dip .tc-dip-space[data-act]").first)  # the board's button
    assert steps > before


def test_command_points_named_the_same_in_the_armies_and_the_army_panel():
    """One figure under one name: the Armies and the person's own Army panel both give its
    command points as the figure to spend and the base its track returns it to at Upkeep (p.17),
    in the same words, after the Strategy phase has made the two differ."""
    import json

    web_on_path()
    import render
    from outremer import bridge

    render.set_catalog(json.loads(bridge.catalog()))
    code = _code_at(2, lambda s, legal: s["phase"] == "planning" and s["cp"][0] != s["tracks"][s["armies"][0]][0])
    snap = json.loads(bridge.open_code(code, 0))
    html = render.table(snap)
    me = snap["view"]["players"][0]
    words = f"{me['cp']} to spend (base {me['tracks'][0]})"
    mine = re.search(r'<section class="tc-panel tc-mine.*?</section>', html, re.S).group(0)
    seats = re.search(r'<li class="tc-seat [^"]*tc-viewer.*?</li>', html, re.S).group(0)
    for panel in (mine, seats):
        figures = re.findall(r"<dt>Command points</dt><dd[^>]*>([^<]*)</dd>", panel)
        assert figures == [words], (figures, words)
        assert "<dt>Now</dt>" not in panel and "</strong> command points" not in panel


def test_on_a_phone_one_panel_at_a_time_chosen_by_its_button(table):
    """On a narrow screen, below what is done now and the map: one of Your Army, Diplomacy and the
    Armies at a time, the phase choosing the first (your Army to place an Order; the diplomacy board
    in the Diplomacy phase), a button for each; the choice holds while the table is drawn again in
    the same phase. On a wide screen every panel shows and the buttons do not."""
    page = table
    planning = _code_at(2, lambda s, legal: s["phase"] == "planning" and any(a.verb == "order" for a in legal))
    diplomacy = _code_at(2, lambda s, legal: s["phase"] == "diplomacy" and any(a.verb == "move" for a in legal))
    shown = """() => [...document.querySelectorAll('#table [data-panel]')].filter(p => p.offsetParent !== null)
                        .map(p => p.dataset.panel)"""
    page.set_viewport_size({"width": 390, "height": 844})
    open_code(page, planning)
    where(page)
    assert page.evaluate(shown) == ["mine"]
    assert page.locator(".tc-show-btn[aria-pressed='true']").inner_text() == "Your Army"
    page.locator(".tc-show-btn", has_text="Diplomacy").click()
    assert page.evaluate(shown) == ["dip"]
    assert page.locator(".tc-show-btn[aria-pressed='true']").inner_text() == "Diplomacy"
    page.evaluate("window.outremer.present(window.outremer.game.snapshot)")  # drawn again, the same phase
    assert page.evaluate(shown) == ["dip"]
    page.locator(".tc-show-btn", has_text="The Armies").click()
    assert page.evaluate(shown) == ["seats"]
    shot(page, "phone-panels")
    open_code(page, diplomacy)
    where(page)
    assert page.evaluate(shown) == ["dip"]
    page.set_viewport_size({"width": 1366, "height": 900})
    assert sorted(page.evaluate(shown)) == ["dip", "mine", "seats"]
    assert not page.locator(".tc-show").is_visible()
