"""Every table fits the screen it is on, in every game and in the phases with the most choices:
at 1366×900 and 1920×1080 every legal action (each element carrying ``data-act``) is in view with
the page unscrolled, or inside a frame of its own that scrolls (the map, a column of panels) and is
itself in view; no text on the table is drawn under 11 px; the status bar (what is asked and the
buttons that answer it) is in view; axe-core's current rules (label in name included) find no serious
or critical violation, in the light theme and the dark. On a 390×844 phone the status bar stays in view wherever the
page is scrolled while the table fills the screen, and the page never scrolls sideways. The measure is e2e/reach.py's.

Each case plays a seeded game as one person against the quick computer player, choosing at random
among the legal actions, and checks the table at each of its decisions; it also checks that the
moments the issue names were reached (a long Levantine discard, a Crusader Kingdoms defence, a Lords
of Heaven commitment, Third Crusade's Planning and Diplomacy with 4 players)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from reach import REACH, SMALL_TEXT

from conftest import make_multiple_choice, serious_violations, set_pace, start_game, sweep, wait_for_turn

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"
SIZES = ((1366, 900), (1920, 1080))
MOMENT = """() => {
  const t = document.querySelector('#table');
  const lev = t.querySelector('.lev'), ck = t.querySelector('.ck'), loh = t.querySelector('.loh'), tc = t.querySelector('.tc');
  if (lev) return (t.querySelector("[data-command='confirm-picks']") ? 'choose ' : '') + (lev.querySelector('.lev-phase')?.textContent || '');
  if (ck) return ck.querySelector('.ck-fight') ? 'attack under way' : 'turn';
  if (loh) return loh.dataset.conflict ? 'conflict ' + loh.dataset.conflict : ([...loh.classList].find(c => c.startsWith('loh-mode-')) || 'loh');
  if (tc) return 'phase ' + tc.dataset.phase + (tc.dataset.battle ? ' battle' : '');
  return '';
}"""
STATUS = """() => { const b = document.querySelector('#table .status-bar[data-over="no"]'); if (!b) return null;
  const r = b.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, h: innerHeight}; }"""

TABLE_AT = """(where) => { const t = document.querySelector('#table').getBoundingClientRect(); const y = scrollY + t.top;
  const to = where === 'top' ? y : where === 'middle' ? y + Math.max(0, t.height - innerHeight) / 2 : y + t.height - innerHeight;
  window.scrollTo(0, Math.max(0, to)); }"""

# (game, players, decisions, seed, the moments that must be among those checked)
CASES = [
    ("levantine", 2, 30, 7, ("choose",)),
    ("crusader-kingdoms", 4, 24, 7, ("attack under way",)),
    ("crusader-kingdoms", 1, 16, 7, ()),
    ("lords-of-heaven", 4, 40, 7, ("conflict commit",)),
    ("lords-of-heaven", 2, 20, 7, ()),
    ("third-crusade", 4, 40, 7, ("phase planning", "phase diplomacy")),
    ("third-crusade", 2, 10, 7, ("phase planning",)),
]
# The two longest cases check fewer decisions in the tests: each moment met in all 40 decisions
# is first met by then (Third Crusade: Strategy to Upkeep, a Battle in Command, by the 24th;
# Lords of Heaven: a commitment and a reroll by the 7th), so every one is still checked,
# screenshot and axe included. `python bench/sweeps.py table_fit` checks all 40.
SAMPLE = {("third-crusade", 4): 24, ("lords-of-heaven", 4): 12}


def _check(page, game: str, moment: str, shot: str | None) -> list[str]:
    faults = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        reach = page.evaluate(REACH)
        if reach["out"]:
            faults.append(
                f"{width}×{height} {moment}: {len(reach['out'])} of {reach['count']} actions out of reach, "
                f"e.g. {reach['out'][:3]}"
            )
        small = page.evaluate(SMALL_TEXT, "#table")
        if small:
            faults.append(f"{width}×{height} {moment}: {len(small)} texts under 11 px, e.g. {small[:4]}")
        status = page.evaluate(STATUS)
        if status and not (status["top"] >= -0.5 and status["bottom"] <= status["h"] + 0.5):
            faults.append(f"{width}×{height} {moment}: the status bar is not in view: {status}")
        if shot:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"fit-{shot}-{width}.png"))
    if shot:  # the first time a moment is seen: axe-core's current rules, in both themes
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for v in serious_violations(page):
                faults.append(
                    f"{moment} ({scheme}): {v['id']} ({v['impact']}) on {len(v['nodes'])} elements, e.g. "
                    f"{[n['target'] for n in v['nodes']][:3]}"
                )
        page.emulate_media(color_scheme="light")
    # A phone: the status bar in view wherever the page is scrolled; nothing sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    if page.evaluate("document.documentElement.scrollWidth") > 390:
        faults.append(f"390×844 {moment}: the page scrolls sideways")
    # Wherever the page is scrolled while the table fills the screen: at its top, its middle, and
    # its end at the bottom of the screen (below it come the log and the card details).
    for where in ("top", "middle", "end"):
        page.evaluate(TABLE_AT, where)
        status = page.evaluate(STATUS)
        if status and not (status["top"] >= -0.5 and status["bottom"] <= status["h"] + 0.5):
            faults.append(
                f"390×844 {moment}: the status bar is not in view with the table's {where} on screen: {status}"
            )
    if shot:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"fit-{shot}-phone.png"))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    return faults


@pytest.mark.parametrize("game,players,decisions,seed,moments", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_action_in_view(app, game, players, decisions, seed, moments):
    set_pace(app, 0)
    app.set_viewport_size({"width": 1366, "height": 900})
    start_game(
        app,
        game=game,
        seats=["human"] + ["heuristic"] * (players - 1),
        seed=seed,
        players=None if game == "levantine" else players,
    )
    rand = random.Random(seed)
    faults, seen, shots = [], [], set()
    for _ in range(sweep(SAMPLE.get((game, players), decisions), decisions)):
        state = wait_for_turn(app)
        if state["over"] or state["handoff"]:
            break
        moment = app.evaluate(MOMENT)
        seen.append(moment)
        first = moment not in shots
        shots.add(moment)
        shot = f"{game}-{players}-{moment.replace(' ', '-')}" if first else None
        faults += _check(app, game, moment, shot)
        steps = app.evaluate("window.outremer.game.snapshot.steps")
        if not make_multiple_choice(app, rand):
            acts = app.locator("#table [data-act]:visible")
            acts.nth(rand.randrange(acts.count())).click()
        deadline = time.monotonic() + 10
        while app.evaluate("window.outremer.game.snapshot.steps") == steps and time.monotonic() < deadline:
            time.sleep(0.03)
    assert not faults, "\n".join(faults[:12])
    for wanted in moments:
        assert any(m.startswith(wanted) for m in seen), (wanted, sorted(set(seen)))
