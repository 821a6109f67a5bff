"""Learn to play, in Chromium, for every game with a lesson (data/lesson.toml): from the front door,
every step walked to the end as a learner does (the outlined action clicked, Next pressed; a step
of several actions stays on show while they are taken, and one Next plays the other side's run of
them), each step's `show` selectors matching something visible on the table, the status bar and every legal
action in view at 1366×900, a wrong click explained and not taken (the other buttons still there),
the page reloaded mid-lesson (the link holds the step, text-only steps read included), then
"Continue the game" and the computer answering (lesson-*-continued.png). Screenshots:
artifacts/screenshots/lesson-*.png."""

from __future__ import annotations

import time

import pytest
from reach import REACH

from conftest import screenshot, serious_violations, set_pace, until, wait_ready
from outremer.core import lesson as lessons
from outremer.games import all_games

GAMES = [g for g in all_games().values() if g.on_site and lessons.lesson_for(g) is not None]

# The lesson as the page shows it: the step on show and what its selectors match (visible
# elements of the table, the lesson's own box left out), the status bar's place.
SHOWN = """() => {
  const g = window.outremer.game, s = g.snapshot, step = g.lessonStep;
  if (!s || !step || document.body.dataset.busy) return null;
  const el = step.element;
  const show = JSON.parse(el.dataset.show || '[]');
  const visible = (e) => { if (e.closest('[hidden]') || e.closest('.lesson')) return false;
                           const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const matches = show.map((sel) => [sel, [...document.querySelectorAll('#table ' + sel)].filter(visible).length]);
  const bar = document.querySelector('#table .status-bar[data-over="no"]');
  const b = bar && bar.getBoundingClientRect();
  const why = document.querySelector('#table .lesson-why');
  return {kind: step.kind, read: step.read, index: el.dataset.step === undefined ? null : Number(el.dataset.step),
          do: el.dataset.do || null, part: Number(el.dataset.part || 0), run: Number(el.dataset.run || 0),
          count: (el.querySelector('.lesson-count') || {}).textContent || '', steps: s.steps, code: s.code, hash: location.hash, matches,
          marked: document.querySelectorAll('#table .lesson-mark').length,
          acts: document.querySelectorAll('#table [data-act]').length,
          choose: s.choose, why: why && !why.hidden ? why.textContent : null,
          bar: b ? {top: b.top, bottom: b.bottom, h: innerHeight} : null};
}"""


def _shown(page, timeout: float = 60.0) -> dict:
    return until(page, SHOWN, timeout=timeout)


def _check_step(page, game_id: str, shown: dict) -> list[str]:
    faults = []
    where = f"{game_id} step {shown['index']} ({shown['kind']})"
    for selector, count in shown["matches"]:
        if count < 1:
            faults.append(f"{where}: show {selector!r} matches nothing visible on the table")
    if shown["marked"] < 1:
        faults.append(f"{where}: nothing is outlined")
    bar = shown["bar"]
    if bar and not (bar["top"] >= -0.5 and bar["bottom"] <= bar["h"] + 0.5):
        faults.append(f"{where}: the status bar is not in view: {bar}")
    reach = page.evaluate(REACH)
    if reach["out"]:
        faults.append(f"{where}: {len(reach['out'])} of {reach['count']} actions out of reach, e.g. {reach['out'][:3]}")
    return faults


def _axe(page, where: str) -> list[str]:
    faults = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for v in serious_violations(page):
            faults.append(f"{where} ({scheme}): {v['id']} ({v['impact']}) on {[n['target'] for n in v['nodes']][:3]}")
    page.emulate_media(color_scheme="light")
    return faults


def _after(page, before: dict, timeout: float = 60.0) -> dict:
    """The step on show once the page has moved on from ``before`` (an action, or a step read)."""
    deadline = time.monotonic() + timeout
    while True:
        now = page.evaluate(SHOWN)
        if now and (now["steps"] != before["steps"] or now["read"] != before["read"] or now["kind"] != before["kind"]):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"the lesson did not move on from {before}")
        time.sleep(0.05)


def _wrong_click(page, shown: dict) -> bool:
    """A legal action other than the step's clicked: explained, not taken, nothing hidden."""
    others = page.locator(f"#table [data-act]:not([data-action='{shown['do']}'])")
    if not others.count() or shown["choose"]:
        return False
    others.first.click()
    why = until(
        page,
        "(() => { const w = document.querySelector('#table .lesson-why'); return w && !w.hidden && w.textContent; })()",
    )
    now = page.evaluate(SHOWN)
    assert "In this lesson" in why, why
    assert now["steps"] == shown["steps"] and now["index"] == shown["index"], "the wrong action was taken"
    assert now["acts"] == shown["acts"], "the other actions must stay on the table"
    return True


COMPOSE = """([verb, args]) => {
  const form = document.querySelector(`#table form[data-compose="${verb}"]`);
  if (!form) return false;
  const fields = [...form.querySelectorAll('[data-arg]')].sort((a, b) => a.dataset.arg - b.dataset.arg);
  for (const field of fields) {
    field.value = args[Number(field.dataset.arg)];
    field.dispatchEvent(new Event('change', {bubbles: true}));
  }
  return true;
}"""


def _take(page, do: str):
    """The element that takes action ``do``: a button (or element) carrying it, or a composer's
    button once its fields are set to the action's arguments (table/_compose.html)."""
    target = page.locator(f"#table [data-action='{do}']")
    if not target.count():
        verb, *args = do.split()
        assert page.evaluate(COMPOSE, [verb, args]), f"nothing on the table takes {do!r}"
        target = page.locator(f"#table form[data-compose='{verb}'] .compose-go[data-action='{do}']")
        assert target.count(), f"the composer of {verb!r} cannot make {do!r}"
    return target.first


# The game after the lesson, as the learner's seat sees it once the page is still: whether the
# lesson's box is hidden or gone (the table drawn again), and the indices (in document order) of
# the visible enabled actions.
AFTER = """() => {
  const s = window.outremer.game.snapshot;
  if (!s || document.body.dataset.busy) return null;
  const all = [...document.querySelectorAll('#table [data-act]')];
  const shown = (e) => { if (e.disabled || e.closest('[hidden]')) return false;
                         const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const acts = all.map((e, i) => [e, i]).filter(([e]) => shown(e));
  const verb = s.choose && s.choose.verb + ' ';
  const picks = verb ? [...new Map(acts.filter(([e]) => (e.dataset.action || '').startsWith(verb))
                                     .map(([e, i]) => [e.dataset.action, i])).values()] : [];
  return {steps: s.steps, since: s.since, to_act: s.to_act, legal: s.legal.length, over: s.over,
          lesson: Boolean(document.querySelector('#table .lesson:not([hidden])')),
          gone: !document.querySelector('#table .lesson'), acts: acts.map(([, i]) => i),
          picks: s.choose ? picks.slice(0, s.choose.count) : null};
}"""


def _until_answered(page, taught: int, timeout: float = 240.0) -> dict:
    """After "Continue the game": the learner plays any legal action whenever asked, until a
    computer seat has moved after one of the learner's own (or the game is over). The learner may
    act several times in a row (Lords of Heaven), the computer may answer at once (pace 0), and a
    click the page has not yet taken is tried again. The lesson's other seats search (normal,
    about 1 s a move inside Pyodide) on a core the browser tests' other process shares, so the
    wait allows for the many moves of a round."""
    deadline = time.monotonic() + timeout
    while True:
        now = page.evaluate(AFTER)
        if now and not now["lesson"]:
            if now["over"]:
                return now
            asked = now["to_act"] == 0 and now["legal"] > 0
            # ``since``: the step after the learner's last action; a later step is another seat's
            if asked and now["since"] > taught and now["steps"] > now["since"] and now["gone"]:
                return now
            if asked and now["acts"]:
                acts = page.locator("#table [data-act]")
                for index in now["picks"] or now["acts"][:1]:
                    acts.nth(index).click()
                if now["picks"]:
                    page.locator("#table [data-command='confirm-picks']").click()
                moved = time.monotonic() + 30
                while time.monotonic() < moved and page.evaluate("window.outremer.game.snapshot.steps") == now["steps"]:
                    time.sleep(0.05)
                continue
        if time.monotonic() > deadline:
            raise AssertionError(f"the computer did not answer the learner within {timeout} s: {now}")
        time.sleep(0.1)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_learn_to_play_from_the_front_door_to_the_game_beyond(app, app_guard, game):
    page = app
    lesson = lessons.lesson_for(game)
    errors = len(app_guard.errors)
    page.set_viewport_size({"width": 1366, "height": 900})
    set_pace(page, 0)
    if page.evaluate("document.documentElement.dataset.view") != "front":
        page.click("#to-front")
        until(page, "document.documentElement.dataset.view === 'front'")
    page.click(f"[data-command=learn][data-game='{game.id}']")
    shown = _shown(page)
    assert shown["index"] == 0 and shown["steps"] == 0
    faults = _axe(page, f"{game.id} first step")
    screenshot(page, f"lesson-{game.id}-first")
    reloaded_reading = reloaded_acting = reloaded_within = wrong = False
    seen_next = seen_run = seen_within = False
    grouped = any(len(s.dos) > 1 for s in lesson.steps)
    for _ in range(lesson.actions + len(lesson.steps) + 2):
        if shown["kind"] == "end":
            break
        expected = lesson.position(shown["steps"], shown["read"])
        assert shown["index"] == expected, f"step {shown['index']} on show, {expected} expected"
        step = lesson.steps[shown["index"]]
        move = lesson.due(shown["steps"])
        holds = move is not None and move.step is step
        # the learner's scripted action is outlined; the other side's is not named (it may be hidden)
        assert shown["do"] == (move.do if holds and move.by == 0 else None)
        assert f"Step {step.index + 1} of {len(lesson.steps)}" in shown["count"]  # texts, not actions
        if holds and move.parts > 1:
            assert shown["part"] == move.part + 1 and f"action {move.part + 1} of {move.parts}" in shown["count"]
        faults += _check_step(page, game.id, shown)
        within = holds and move.part > 0
        if (
            shown["read"] > 0
            and not reloaded_reading
            or shown["index"] >= len(lesson.steps) // 2
            and not reloaded_acting
            or within
            and not reloaded_within
        ):
            # The link holds the step: the code, and the text-only steps read ("#<code>.<read>"),
            # in the middle of a step of several actions too.
            reloaded_reading = reloaded_reading or shown["read"] > 0
            reloaded_acting = reloaded_acting or shown["index"] >= len(lesson.steps) // 2
            reloaded_within = reloaded_within or within
            page.reload()
            wait_ready(page)
            again = _shown(page)
            assert (again["index"], again["steps"], again["read"]) == (shown["index"], shown["steps"], shown["read"])
            shown = again
        if shown["kind"] == "text":
            page.locator("#table .lesson-step:not([hidden]) [data-command='lesson-read']").click()
        elif shown["kind"] == "next":
            if not seen_next:
                seen_next = True
                screenshot(page, f"lesson-{game.id}-next")
            assert shown["run"] >= 1 and shown["steps"] + shown["run"] <= lesson.actions
            assert lesson.due(shown["steps"] + shown["run"] - 1).by == move.by
            drawn, slow = set(), False
            if shown["run"] > 2 and not seen_run:
                # One run at the Normal pace: each of its moves is drawn in turn, the step's text
                # staying, before the next is played.
                seen_run = slow = True
                screenshot(page, f"lesson-{game.id}-next-run")
                set_pace(page, 500)
            page.locator("#table .lesson-step:not([hidden]) [data-command='lesson-next']").click()
            before = shown
            if slow:
                while True:
                    now = page.evaluate(
                        "[window.outremer.game.snapshot.steps, "
                        "Number((document.querySelector('#table .lesson-step:not([hidden])') || {dataset: {}}).dataset.step)]"
                    )
                    drawn.add(tuple(now))
                    if now[0] >= before["steps"] + before["run"]:
                        break
                    time.sleep(0.05)
                assert {d for d, _ in drawn} >= set(range(before["steps"] + 1, before["steps"] + before["run"] + 1)), (
                    drawn
                )
                assert {i for d, i in drawn if d < before["steps"] + before["run"]} == {before["index"]}, drawn
                set_pace(page, 0)
            shown = _after(page, shown)
            # one Next plays the other side's whole run in the step, each move drawn in turn
            assert shown["steps"] == before["steps"] + before["run"], (before, shown)
            continue
        else:
            assert shown["kind"] == "act"
            if within and move.parts >= 3 and not seen_within:
                seen_within = True
                screenshot(page, f"lesson-{game.id}-within")
            if not wrong and _wrong_click(page, shown):
                wrong = True
                screenshot(page, f"lesson-{game.id}-wrong-click")
                shown = page.evaluate(SHOWN)
            if shown["choose"]:  # a multiple choice: the script's next few actions, confirmed once
                position = shown["steps"]
                for _pick in range(shown["choose"]["count"]):
                    pick = lesson.due(position)
                    page.locator(f"#table [data-action='{pick.do}']").first.click()
                    position += 1
                page.locator("#table [data-command='confirm-picks']").click()
            else:
                target = _take(page, shown["do"])
                assert target.evaluate(
                    "(e) => Boolean(e.closest('.lesson-mark') || e.querySelector('.lesson-mark'))"
                ), f"the action of step {shown['index']} ({shown['do']!r}) is not outlined"
                target.click()
        shown = _after(page, shown)
    assert shown["kind"] == "end", f"the lesson did not reach its end: {shown}"
    assert shown["steps"] == lesson.actions
    assert wrong, "no step offered a wrong click to try"
    assert not grouped or (reloaded_within and seen_within and seen_run), (
        "no step of several actions was walked in its middle"
    )
    screenshot(page, f"lesson-{game.id}-end")
    faults += _axe(page, f"{game.id} end")
    end = page.locator("#table .lesson-end")
    assert lesson.end_say in end.inner_text()
    assert not faults, "\n".join(faults)
    # Continue the game: the computer answers, and the lesson's box is gone.
    end.locator("[data-command='lesson-continue'][data-how='computer']").click()
    until(page, "!document.querySelector('#table .lesson:not([hidden])')")
    _until_answered(page, lesson.actions)
    screenshot(page, f"lesson-{game.id}-continued")
    assert page.evaluate("window.outremer.game.snapshot.seats") == list(lesson.seats)
    assert app_guard.errors[errors:] == []


def test_a_finished_lessons_link_goes_on_with_a_friend_at_this_device(app, app_guard, site):
    """The link of a lesson played to its end opens at its end; "Continue with a friend here" gives
    every seat to people at this device: the hand-off screen, the same actions, no lesson box."""
    from outremer.core import sharecode
    from outremer.core.match import Match

    game = GAMES[0]
    lesson = lessons.lesson_for(game)
    match = Match(game, lesson.setup(game))
    for step in lesson.steps:
        if step.do:
            match.play(step.do, step.by)
    code = sharecode.encode(match)
    errors = len(app_guard.errors)
    page = app
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate(f"location.hash = {code!r}")
    end = until(
        page,
        "(() => { const e = document.querySelector('#table .lesson-end:not([hidden])'); "
        "return e && e.textContent; })()",
    )
    assert lesson.end_say in " ".join(end.split())
    page.locator("#table .lesson-end [data-command='lesson-continue'][data-how='hotseat']").click()
    until(page, "!document.getElementById('handoff').hidden")
    snapshot = page.evaluate("window.outremer.game.snapshot")
    assert snapshot["seats"] == ["human"] * len(lesson.seats) and snapshot["steps"] == lesson.actions
    assert snapshot["lesson"] is None and not page.locator("#table .lesson").count()
    assert app_guard.errors[errors:] == []
