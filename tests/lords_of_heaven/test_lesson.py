"""The Learn to play lesson of Lords of Heaven (``data/lesson.toml``, read by ``core.lesson``): its
fixed deal gives the first turn it teaches, every scripted action is legal for its seat when it
comes (the draft, rules 5; a card for Movement and a move of Support, rules 6; a Battle, rules 7),
its checkpoints hold, its link keeps the lesson, and the game goes on as a normal game after it.
"""

from __future__ import annotations

import hashlib

import pytest

from outremer.ai import choose
from outremer.core import lesson as lessons
from outremer.core import sharecode
from outremer.core.match import Match
from outremer.games import game_by_code, get_game
from outremer.games.lords_of_heaven.game import OPTIONS

GAME = get_game("lords-of-heaven")
LESSON = lessons.lesson_for(GAME)
ACTING = [step for step in LESSON.steps if step.do is not None]


def walk() -> Match:
    """The lesson played from its setup to its last step, each action checked against the legal
    actions of the seat the step names, and against what the lesson lets through."""
    match = Match(GAME, LESSON.setup(GAME))
    for step in ACTING:
        number = step.index + 1
        assert match.to_act() == step.by, (number, step.do, match.to_act())
        legal = match.legal_actions()
        assert step.action in legal, (number, step.do, [a.text for a in legal][:30])
        check(match, number, step.check)
        lessons.refuse(match, step.action, step.by)
        match.play(step.action, step.by)
    return match


def check(match: Match, number: int, wanted: dict) -> None:
    """A step's checkpoint, while the step is on show (before its action): ``vp`` (by seat), and
    ``winner`` (a seat) and ``strength`` (attack, defence) of the conflict under way once
    totalled, else of the last."""
    s = match.state
    got = {"vp": s["vp"]}
    c = s["conflict"]
    if c and c["winner"] is not None:
        got["winner"] = c["attacker"] if c["winner"] == 0 else c["defender"]
        got["strength"] = list(c["strength"])
    elif s.get("last_conflict"):
        got["winner"], got["strength"] = s["last_conflict"]["winner"], list(s["last_conflict"]["strength"])
    for key, value in wanted.items():
        assert key in got, f"step {number}: no checkpoint {key!r} at this point"
        assert got[key] == value, (number, key, got[key], value)


def test_the_lesson_option_is_hidden_last_and_names_this_lesson():
    """The option comes after every other (earlier links keep their meaning), the new-game form
    does not offer it, and its one lesson is this file's."""
    opt = OPTIONS[-1]
    assert opt.id == "lesson" and opt.hidden and opt.default == ""
    assert LESSON.id in opt.choices
    assert not any(o.hidden for o in OPTIONS[:-1])


def test_the_deal_seats_the_learner_first_as_the_crusaders_against_the_caliphate():
    """Seat 0 is the person, who plays first in the 1st Crusade (ruling LH2) and holds the
    Crusaders; 2 players, one Christian and one Muslim faction (p.12)."""
    assert LESSON.seats == ("human", "heuristic")
    state = Match(GAME, LESSON.setup(GAME)).state
    assert state["factions"] == ["crusaders", "caliphate"]
    assert state["first"] == 0 and state["step"] == "draft"


def test_every_step_is_legal_for_its_seat_and_the_checkpoints_hold():
    assert sum(len(step.check) for step in LESSON.steps) >= 3
    match = walk()
    s = match.state
    assert s["vp"] == [3, 1]  # 1 VP each for the Battle, 2 more for the winner (p.4)
    assert s["last_conflict"]["winner"] == 0 and s["last_conflict"]["kind"] == "battle"
    assert s["step"] == "turn" and s["seat"] == 1  # the Caliphate's turn: the lesson is over


def test_the_deal_gives_what_the_texts_say():
    """The seed's cards and dice are those the steps name: the learner keeps The True Cross,
    Pilgrims and Winter Rains; Pilgrims pays 2 Gold and a Footman for Movement (p.9); the Battle
    is won 11 to 10; the Caliphate's dice deal 2 Wounds, The True Cross cancels one (p.10, step
    13), and each side loses a Footman; the Knights come home for 1 Gold each (step 14)."""
    match = walk()
    text = "\n".join(line["text"] for line in match.log_for(0))
    assert "The Crusaders keep Pilgrims, The True Cross, Winter Rains." in text
    assert "The Crusaders play Pilgrims for Movement and gain 2 Gold, 1 Footman." in text
    assert "The Crusaders pay 1 Gold and move 3 Support from Iconium to Antiocheia." in text
    assert "card The True Cross (strength 3)" in text and "The Caliphate rolls 2 dice: 1 Wound, 1 Wound." in text
    assert "Strength: the Crusaders' side 11" in text and "the Caliphate's side 10" in text
    assert text.count("A Wound: the Crusaders lose a Footman.") == 1
    assert text.count("A Wound: the Caliphate loses a Footman.") == 1
    assert "The Crusaders pay 1 Gold to bring a Knight home." in text
    assert "The Caliphate pays 1 Gold to bring a Knight home." in text
    assert [st["knight"] for st in match.state["stock"]] == [1, 1]


def test_the_lesson_teaches_the_draft_an_action_in_a_column_and_one_conflict():
    """What the brief of a first turn asks: 3 picks of each seat, the learner's card laid into a
    column, and exactly one Battle, started by the learner."""
    verbs = [(step.by, step.action.verb) for step in ACTING]
    assert verbs.count((0, "pick")) == 3 and verbs.count((1, "pick")) == 3
    assert verbs.count((0, "play")) == 1
    assert [v for v in verbs if v[1] in ("battle", "siege")] == [(0, "battle")]
    assert 10 <= len(LESSON.steps) <= 20


def test_every_text_is_short_and_names_the_rules_it_teaches():
    """One idea a step: at most about three short sentences; the rule sections named along the way
    (5 the draft, 6 the actions and Movement, 7 the Battle)."""
    for step in LESSON.steps:
        assert len(step.say) <= 240, step.index + 1
    said = " ".join(step.say for step in LESSON.steps)
    for section in ("rules 5, Draft", "rules 6", "rules 6, Movement", "rules 7, Battle"):
        assert section in said
    assert LESSON.end_continue == "computer"


def test_the_lessons_link_keeps_the_lesson_and_its_place():
    """A lesson is a mode of the game kept in its link: the code holds the lesson option and the
    actions, and opening it gives the same position."""
    match = Match(GAME, LESSON.setup(GAME))
    for step in ACTING[:12]:
        match.play(step.action, step.by)
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.setup.option("lesson") == LESSON.id and again.state == match.state
    assert lessons.running(again) is LESSON and LESSON.expected(again.steps) is ACTING[12]


def test_the_game_goes_on_as_a_normal_game_after_the_lesson():
    """After the last step the computer plays the Caliphate and the learner plays on: 60 more
    actions, each chosen among the legal ones."""
    match = walk()
    rounds = set()
    for _ in range(60):
        seat = match.to_act()
        if seat is None:
            break
        kind = "heuristic" if seat == 1 else "random"
        action = choose(GAME, match.state, seat, kind, LESSON.seed, match.steps)
        assert action in match.legal_actions()
        match.play(action)
        rounds.add((match.state["crusade"], match.state["round"]))
    assert (1, 2) in rounds  # the Caliphate's turn ended, and round 2 began (p.7)


# Links recorded before the lesson option existed: 80 random actions each, with the SHA-256 (first
# 16 digits) of the state they replayed to.
REVISION_3_CODES = [
    ("AQMDywgCAAIBAABQ1SmbapvJKmnYqJdXhuRLSUpITeBhOFC4szdTFldjHw4", 80, "a7972cb8be27d95e"),
    ("AQMD-wgEAAAAAAAAAFAYQgf67XYpSmRwE8MxdzFlvwKc-_NFQwaEGcRp", 80, "e657d348f808e1d2"),
    ("AQMD_QgDAAECAAADUHFM60N-bgB3jbAbJhsbGONq10k2oa92wRGmPwDDN6E", 80, "3ef756160c757014"),
]


@pytest.mark.parametrize("code,steps,digest", REVISION_3_CODES)
def test_a_link_made_before_the_lesson_option_opens_unchanged(code, steps, digest):
    """The hidden option changes no code without a lesson: an earlier link replays move for move
    as a game without a lesson, and is still its code."""
    match = sharecode.decode(code, game_by_code)
    assert match.steps == steps and match.setup.option("lesson") == ""
    assert hashlib.sha256(GAME.save(match.state).encode()).hexdigest()[:16] == digest
    assert sharecode.encode(match) == code
