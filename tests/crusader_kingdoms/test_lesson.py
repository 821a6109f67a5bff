"""Crusader Kingdoms' Learn to play (data/lesson.toml): its hidden option, its script replayed
step by step from its setup (every ``do`` legal for its seat, every checkpoint as the script
says), its link, and the game going on as any other after it. Also: links made before the
option existed (rules revision 3) still open."""

from __future__ import annotations

import hashlib

import pytest

from outremer.ai import choose
from outremer.core import lesson as lessons
from outremer.core import sharecode
from outremer.core.errors import IllegalAction
from outremer.core.match import Match
from outremer.games import game_by_code, get_game
from outremer.games.crusader_kingdoms import attack as fight

CK = get_game("crusader-kingdoms")
LESSON = lessons.lesson_for(CK)
BAALBEK = CK.content.boards["saladin"].index("baalbek")


def lesson_match() -> Match:
    return Match(CK, LESSON.setup(CK))


def play_script(match: Match) -> None:
    for step in LESSON.steps:
        if step.do is not None:
            match.play(step.do, step.by)


def checkpoint(match: Match) -> dict:
    """The values a step's ``check`` may name, as they stand when the step is reached."""
    s = match.state
    attack = s["attack"]
    flow = CK.flow(s)
    out = {"bonus": list(s["bonus"]), "hands": [len(h) for h in s["hands"]], "owner_baalbek": s["owner"][BAALBEK]}
    if attack is not None:
        out["attack_dice"] = fight.attack_dice(s, CK.cards)
        out["defence_dice"] = fight.defence_dice(s, flow.board, CK.cards)
        if attack["hits"] is not None:
            out["hits"] = list(attack["hits"])
            out["winner"] = attack["winner"]
    return out


def test_the_lesson_option_is_hidden_and_last():
    option = CK.options[-1]
    assert option.id == "lesson" and option.hidden
    assert option.default == "" and LESSON.id in option.choices
    assert CK.make_setup(1, ["human"] * 4).option("lesson") == ""


def test_the_lesson_is_a_four_player_first_round_of_ten_to_twenty_steps():
    assert LESSON.seats == ("human", "heuristic", "heuristic", "heuristic")
    assert 10 <= len(LESSON.steps) <= 20 and LESSON.end_continue == "computer"
    for step in LESSON.steps:
        assert len(step.say) <= 330, step.index + 1  # short texts, one idea each
    # the learner takes the attack, its Troops and its reward; the other kingdoms' rounds and
    # answers are played for them, each kingdom once in its round
    doers = [step.by for step in LESSON.steps if step.do is not None]
    assert doers.count(0) == 5 and set(doers) == {0, 1, 2, 3}
    rounds = [
        step.by
        for step in LESSON.steps
        if step.do and step.do.split()[0] in ("attack", "incursion", "event", "discard", "pass")
    ]
    assert rounds == [0, 1, 2, 3]


def test_the_lesson_replays_from_its_setup_and_every_checkpoint_holds():
    """Each `check` holds when its step is reached (before its `do`): 4 dice against Baalbek's 2,
    4 hits to 1 (rules 4.2), Baalbek taken (4.1), the Card Bonus raised (6), one card lost to
    Antioch's incursion (4.3)."""
    match = lesson_match()
    attacks = 0
    for step in LESSON.steps:
        n = step.index + 1
        for key, value in step.check.items():
            assert checkpoint(match)[key] == value, (n, key)
        if step.do is None:
            continue
        assert lessons.running(match) is LESSON and LESSON.expected(match.steps) is step
        assert match.to_act() == step.by, f"step {n}: seat {match.to_act()} is to act, not {step.by}"
        legal = match.legal_actions()
        assert step.action in legal, f"step {n}: {step.do!r} is not legal ({[a.text for a in legal]})"
        if step.by != lessons.LEARNER:
            assert lessons.scripted(match) == step.action
        else:
            other = next(a for a in legal if a != step.action)
            with pytest.raises(IllegalAction, match="In this lesson"):
                lessons.refuse(match, other, step.by)
        attacks += step.action.verb == "attack"
        match.play(step.do, step.by)
    assert attacks == 1 and lessons.running(match) is None
    s = match.state
    # one round done (rules 3): every kingdom acted once, Damascus holds Baalbek and is to act again
    assert s["owner"][BAALBEK] == 0 and s["step"] == "action" and match.to_act() == 0
    assert s["last_attack"]["winner"] == "attack" and s["turn"] == 1
    assert match.steps == LESSON.actions


def test_the_lessons_link_keeps_the_lesson_and_resumes_where_it_was():
    match = lesson_match()
    for step in LESSON.steps[:6]:
        if step.do is not None:
            match.play(step.do, step.by)
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.setup.option("lesson") == LESSON.id and lessons.running(again) is LESSON
    assert again.state == match.state and again.steps == match.steps


def test_after_the_lesson_the_game_goes_on_as_any_other():
    match = lesson_match()
    play_script(match)
    taken = match.steps
    for _ in range(40):
        seat = match.to_act()
        if seat is None:
            break
        action = choose(CK, match.state, seat, "heuristic", LESSON.seed, match.steps)
        assert action in match.legal_actions()
        lessons.refuse(match, action, seat)  # nothing is refused once the script is over
        match.play(action)
    assert match.steps == taken + 40 or match.result() is not None


# Links written before the lesson option: the golden games of tests/golden/games.json as they
# were then (code, steps, SHA-256 of the saved final state).
REVISION_3_CODES = [
    (
        "AQID-wgEAgICAgCfAnfb2UFM6eIQuTvojGqAgN_PNMxcxUYU57zgHE3fg-vKCMcvtlpPBcR46BL5_8M-sm7pW75IGX8FAcnkA_s",
        287,
        "bf1569c9afdc75e2262a459ce840120257b8084812718a568b3274a762523475",
    ),
    (
        "AQIDowkDAgECAK4Bp2lbScb7u2D_zPt87fzD0V1NPnJPNBBOy75XwPdgbwmp1spkH78spP9g",
        174,
        "8e23ab87ca9a5878f5d413e53e4eb960a0dd02fd38c3ede167a5d38c76fe4d26",
    ),
    (
        "AQIDpwkCAgIATqY_e56cqPotNtktg_W67FtdfG-Q9A",
        78,
        "ad7a7f052e029e92cc6abb5463b8d1181dc23417fe9413eea8ae332d0647516c",
    ),
    (
        "AQIDyQgBAgBKRkbxTuT4i-7zGfBGuuYn4Y8AVA1dDzupjkw",
        74,
        "6e373edcba4d187c04c947b786e3366ca0d9492acf5dd75704269a7a2de6a2db",
    ),
    (
        "AQID_AgEAgICAgH4AQA4rpuR-_C8yHptzDQG-3szIedJCRZX4one9h_NIsqTrz8LwZ3CD6tJPW_Ae8f__-chwuhoHsbJ4bzNYbAYYNw",
        248,
        "659c6eb31553826c4a079a671b3ad260ab76464cbefec5f363564ee41fea236c",
    ),
]


@pytest.mark.parametrize("code,steps,digest", REVISION_3_CODES)
def test_a_link_from_before_the_lesson_option_opens_as_it_was(code, steps, digest):
    match = sharecode.decode(code, game_by_code)
    assert match.steps == steps and match.setup.option("lesson") == ""
    assert hashlib.sha256(CK.save(match.state).encode()).hexdigest() == digest
    assert sharecode.encode(match) == code  # a game without the lesson is written as before
