"""Nothing jumps while the site loads: opening a game's link, the page holds still while the
engine starts and the game arrives (cumulative layout shift at most 0.1, as web-vitals counts it:
the worst burst of shifts not caused by the player). bench/lighthouse.py measures the same with
Lighthouse, whose watch ends earlier."""

from __future__ import annotations

import json

import pytest

from conftest import sweep, wait_for_turn, wait_ready

WATCH = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) window.__shifts.push({t: e.startTime, v: e.value,
      who: (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")});
  }
}).observe({type: "layout-shift", buffered: true});
"""

# Session windows: shifts less than 1 s apart, a window at most 5 s long; the worst window counts.
CLS = """() => {
  let worst = 0, sum = 0, first = -1e9, last = -1e9;
  for (const s of window.__shifts) {
    if (s.t - last > 1000 || s.t - first > 5000) { sum = 0; first = s.t; }
    sum += s.v; last = s.t; worst = Math.max(worst, sum);
  }
  return worst;
}"""

SIZES = {"phone": (390, 844), "laptop": (1366, 900), "wide": (1920, 1080)}
SLOW = {"phone": 6}
"""A phone's processor, as Chromium emulates it (times slower): the page is then drawn while it is
still being read, which is when a part read late but drawn above the table would push it down.
The page's frame is the same for every game, and a slow start costs a minute, so one game is
opened slowly."""
SLOW_GAME = "levantine"
SEATS = {
    "levantine": ["human", "heuristic"],
    "crusader-kingdoms": ["human", "heuristic", "heuristic", "heuristic"],
    "lords-of-heaven": ["human", "heuristic", "heuristic", "heuristic"],
    "third-crusade": ["human", "heuristic", "heuristic", "heuristic"],
}

# Every game at the laptop's size, the frame on a slow phone and the widest table wide, in the tests;
# every game at every size in `python bench/sweeps.py layout_shift`.
CASES = sweep(
    [(game, "laptop") for game in SEATS] + [(SLOW_GAME, "phone"), ("third-crusade", "wide")],
    [(game, size) for game in SEATS for size in SIZES],
)


def _code(game: str) -> str:
    from outremer import bridge

    return json.loads(bridge.new_game(json.dumps({"game": game, "seats": SEATS[game], "seed": 7})))["code"]


def _shift_while_opening(
    browser, url: str, size: tuple[int, int], game_on: bool, slow: float = 1
) -> tuple[float, list]:
    """The layout shift from opening ``url`` until the page is ready (and the game on the table,
    a person to act), with the shifts that made it; ``slow`` emulates a slower processor."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    if slow > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slow})
    page.add_init_script(WATCH)
    page.goto(url)
    wait_ready(page)
    if game_on:
        page.wait_for_selector("body[data-game=on]")
        wait_for_turn(page)
    page.wait_for_timeout(500)
    cls = page.evaluate(CLS)
    shifts = page.evaluate("window.__shifts.filter((s) => s.v > 0.005)")
    context.close()
    return cls, shifts


@pytest.mark.parametrize("game,size", CASES, ids=[f"{game}-{size}" for game, size in CASES])
def test_a_link_opens_without_the_page_jumping(browser, site, game, size):
    cls, shifts = _shift_while_opening(
        browser, f"{site}#{_code(game)}", SIZES[size], game_on=True, slow=SLOW.get(size, 1) if game == SLOW_GAME else 1
    )
    assert cls <= 0.1, shifts


def test_the_front_door_holds_still(browser, site):
    cls, shifts = _shift_while_opening(browser, site, SIZES["phone"], game_on=False, slow=SLOW["phone"])
    assert cls <= 0.1, shifts
