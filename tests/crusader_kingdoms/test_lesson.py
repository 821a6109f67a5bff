"""Crusader Kingdoms' Learn to play (data/lesson.toml): its hidden option, its script replayed
step by step from its setup (every ``do`` legal for its seat, every checkpoint as the script
says), its link, and the game going on as any other after it. Also: links made before the
option existed (rules revision 3) still open."""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources

import pytest

from outremer.ai import choose
from outremer.core import sharecode
from outremer.core.actions import Action
from outremer.core.match import Match
from outremer.games import game_by_code, get_game

CK = get_game("crusader-kingdoms")
LESSON = tomllib.loads(resources.files("outremer.games.crusader_kingdoms").joinpath("data/lesson.toml")
                       .read_text(encoding="utf-8"))
BAALBEK = CK.content.boards["saladin"].index("baalbek")


def lesson_match() -> Match:
    options = {**LESSON.get("options", {}), "lesson": LESSON["id"]}
    return Match(CK, CK.make_setup(LESSON["seed"], LESSON["seats"], options))


def checkpoint(match: Match) -> dict:
    """The values a step's ``check`` may name, as they stand when the step is reached."""
    s = match.state
    attack = s["attack"]
    flow = CK.flow(s)
    out = {"bonus": list(s["bonus"]), "hands": [len(h) for h in s["hands"]],
           "owner_baalbek": s["owner"][BAALBEK]}
    if attack is not None:
        from outremer.games.crusader_kingdoms import attack as fight
        out["attack_dice"] = fight.attack_dice(s, CK.cards)
        out["defence_dice"] = fight.defence_dice(s, flow.board, CK.cards)
        if attack["hits"] is not None:
            out["hits"] = list(attack["hits"])
            out["winner"] = attack["winner"]
    return out


def test_the_lesson_option_is_hidden_and_last_so_older_links_keep_their_meaning():
    option = CK.options[-1]
    assert option.id == "lesson" and option.hidden
    assert option.default == "" and LESSON["id"] in option.choices
    assert CK.make_setup(1, ["human"] * 4).option("lesson") == ""


def test_the_script_is_well_formed():
    assert LESSON["title"] and LESSON["blurb"] and LESSON["end"]["say"]
    assert LESSON["seats"][0] == "human" and len(LESSON["seats"]) == 4
    assert 10 <= len(LESSON["step"]) <= 20
    for n, step in enumerate(LESSON["step"], 1):
        assert set(step) <= {"say", "do", "by", "show", "check"}, n
        assert step["say"] and len(step["say"]) <= 330, n
        assert isinstance(step.get("show", []), list) and step.get("show"), n
        assert ("do" in step) == ("by" in step), n
    # the learner takes the attack and its reward; the other kingdoms' rounds are played for them
    doers = [step["by"] for step in LESSON["step"] if "do" in step]
    assert doers.count(0) == 5 and set(doers) == {0, 1, 2, 3}


def test_the_lesson_replays_from_its_setup_and_every_checkpoint_holds():
    match = lesson_match()
    attacks = 0
    for n, step in enumerate(LESSON["step"], 1):
        for key, value in step.get("check", {}).items():
            assert checkpoint(match)[key] == value, (n, key)
        if "do" not in step:
            continue
        action = Action.parse(step["do"])
        assert match.to_act() == step["by"], f"step {n}: seat {match.to_act()} is to act, not {step['by']}"
        legal = match.legal_actions()
        assert action in legal, f"step {n}: {step['do']!r} is not legal ({[a.text for a in legal]})"
        attacks += action.verb == "attack"
        match.play(action)
    assert attacks == 1
    s = match.state
    # one round done (rules 3): every kingdom acted once, Damascus holds Baalbek and is to act again
    assert s["owner"][BAALBEK] == 0 and s["step"] == "action" and match.to_act() == 0
    assert s["last_attack"]["winner"] == "attack" and s["turn"] == 1
    assert match.steps == sum(1 for step in LESSON["step"] if "do" in step)


def test_the_lessons_link_keeps_the_lesson_and_resumes_where_it_was():
    match = lesson_match()
    for step in LESSON["step"][:6]:
        if "do" in step:
            match.play(step["do"])
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.setup.option("lesson") == LESSON["id"]
    assert again.state == match.state and again.steps == match.steps


def test_after_the_lesson_the_game_goes_on_as_any_other():
    match = lesson_match()
    for step in LESSON["step"]:
        if "do" in step:
            match.play(step["do"])
    for _ in range(40):
        seat = match.to_act()
        if seat is None:
            break
        action = choose(CK, match.state, seat, "heuristic", LESSON["seed"], match.steps)
        assert action in match.legal_actions()
        match.play(action)
    assert match.steps >= len(LESSON["step"]) and match.state["turn"] >= 1


# Links written before the lesson option: the golden games of tests/golden/games.json as they
# were then (code, steps, SHA-256 of the saved final state).
REVISION_3_CODES = [
    ("AQID-wgEAgICAgCfAnfb2UFM6eIQuTvojGqAgN_PNMxcxUYU57zgHE3fg-vKCMcvtlpPBcR46BL5_8M-sm7pW75IGX8FAcnkA_s",
     287, "bf1569c9afdc75e2262a459ce840120257b8084812718a568b3274a762523475"),
    ("AQIDowkDAgECAK4Bp2lbScb7u2D_zPt87fzD0V1NPnJPNBBOy75XwPdgbwmp1spkH78spP9g",
     174, "8e23ab87ca9a5878f5d413e53e4eb960a0dd02fd38c3ede167a5d38c76fe4d26"),
    ("AQIDpwkCAgIATqY_e56cqPotNtktg_W67FtdfG-Q9A",
     78, "ad7a7f052e029e92cc6abb5463b8d1181dc23417fe9413eea8ae332d0647516c"),
    ("AQIDyQgBAgBKRkbxTuT4i-7zGfBGuuYn4Y8AVA1dDzupjkw",
     74, "6e373edcba4d187c04c947b786e3366ca0d9492acf5dd75704269a7a2de6a2db"),
    ("AQID_AgEAgICAgH4AQA4rpuR-_C8yHptzDQG-3szIedJCRZX4one9h_NIsqTrz8LwZ3CD6tJPW_Ae8f__-chwuhoHsbJ4bzNYbAYYNw",
     248, "659c6eb31553826c4a079a671b3ad260ab76464cbefec5f363564ee41fea236c"),
]


@pytest.mark.parametrize("code,steps,digest", REVISION_3_CODES)
def test_a_link_from_before_the_lesson_option_opens_as_it_was(code, steps, digest):
    match = sharecode.decode(code, game_by_code)
    assert match.steps == steps and match.setup.option("lesson") == ""
    assert hashlib.sha256(CK.save(match.state).encode()).hexdigest() == digest
    assert sharecode.encode(match) == code  # a game without the lesson is written as before
