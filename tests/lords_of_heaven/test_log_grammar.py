"""The log of Lords of Heaven names each faction in running text as the rulebook does ("the
Byzantines", "the Seljuk", Setup p.2-4 and the examples of p.8-10), and every verb and pronoun
agrees with it: the Byzantines and the Crusaders are peoples ("The Byzantines pay 1 Gold",
"The Crusaders upgrade their Churches"), the Seljuk and the Caliphate one realm each ("The
Caliphate pays 1 Gold", "its Mosques"). Which is which is the ``plural`` field of factions.toml.

Random games of 2, 3 and 4 players are played out; every line of the log (its full and its
public form) and the result are read.
"""

from __future__ import annotations

import random
import re
from functools import cache

from outremer.games import get_game
from outremer.games.lords_of_heaven.state import VERBS, Names, agree
from outremer.sim import play_out

GAME = get_game("lords-of-heaven")
CONTENT = GAME.content
FACTIONS = [CONTENT.faction(k) for k in ("byzantines", "seljuk", "crusaders", "caliphate")]
PLURAL = [f.name for f in FACTIONS if f.plural]
SINGULAR = [f.name for f in FACTIONS if not f.plural]
ONE = "|".join(VERBS)
"""The verbs the log puts after a faction, in the singular ("pays")."""
MANY = "|".join(sorted(set(VERBS.values())))
"""The same verbs in the plural ("pay")."""


def _rx(names: list[str], verbs: str) -> re.Pattern:
    """A name of ``names`` (not its possessive) followed by one of ``verbs``, directly or after
    "and" in the same clause ("the Byzantines play ... and gains 2 Gold")."""
    who = "|".join(names)
    return re.compile(rf"\b(?:{who})\b(?!['’])(?: (?:{verbs})\b| (?:{ONE}|{MANY})\b[^;:.]*? and (?:{verbs})\b)")


WRONG_VERB = {"plural name, singular verb": _rx(PLURAL, ONE), "singular name, plural verb": _rx(SINGULAR, MANY)}


def wrong_forms(text: str) -> list[str]:
    """What in ``text`` disagrees with the faction it is said of."""
    found = [f"{what}: {m.group(0)!r}" for what, rx in WRONG_VERB.items() for m in rx.finditer(text)]
    every = "|".join(f.name for f in FACTIONS)
    for clause in re.split(r"[;:]|\. ", text):
        subjects = set(re.findall(rf"\b({every})\b(?!['’])", clause))
        if subjects and subjects <= set(PLURAL) and re.search(rf"\bits\b|\bit (?:{ONE})\b", clause):
            found.append(f"'its' of a plural name: {clause!r}")
        if subjects and subjects <= set(SINGULAR) and re.search(r"\btheir\b|\bthey\b", clause):
            found.append(f"'their' of a singular name: {clause!r}")
    found += [
        f"bare name in running text: {m.group(0)!r}"
        for m in re.finditer(rf"(?<!\bthe )(?<!\bThe )\b(?:{every})\b", text)
    ]
    return found


@cache
def texts() -> tuple[str, ...]:
    rand = random.Random("lords-of-heaven log grammar")
    out: set[str] = set()
    for players in (2, 3, 4, 2, 3, 4):
        seats = [rand.choice(("random", "heuristic")) for _ in range(players)]
        match = play_out(GAME, GAME.make_setup(rand.randrange(2**32), seats))
        out.update(t for events in match.logs for e in events for t in (e.text, e.public) if t)
        out.add(match.state["result"]["text"])
    return tuple(sorted(out))


def test_every_faction_agrees_with_its_verbs_and_pronouns():
    lines = texts()
    assert len(lines) > 300, "too few lines to judge the log"
    for name in PLURAL + SINGULAR:  # every faction is spoken of
        assert any(name in t for t in lines), name
    bad = {t: wrong_forms(t) for t in lines if wrong_forms(t)}
    assert not bad, f"{len(bad)} lines, e.g.\n" + "\n".join(f"{t}  <- {w}" for t, w in list(bad.items())[:12])


def test_the_check_sees_each_wrong_form():
    assert PLURAL == ["Byzantines", "Crusaders"] and SINGULAR == ["Seljuk", "Caliphate"]
    for bad in (
        "Byzantines pays 1 Gold.",
        "The Crusaders upgrades their Churches to level 2.",
        "The Crusaders upgrade its Churches to level 2.",
        "The Seljuk pay 1 Gold.",
        "The Caliphate raises their Influence in Jerusalem.",
        "The Byzantines play Pilgrims for Movement and gains 2 Gold.",
        "The Byzantines hold the City it controls.",
        "Every player in the Battle scores 1 VP; the Byzantines 2 more, the Crusaders as its Ally 1 more.",
        "The Caliphate starts a Battle in Edessa against Seljuk.",
    ):
        assert wrong_forms(bad), bad
    for good in (
        "The Byzantines pay 1 Gold.",
        "The Crusaders upgrade their Churches to level 2.",
        "The Seljuk pays 1 Gold.",
        "The Caliphate raises its Influence in Jerusalem to level 2.",
        "The Byzantines' Influence leaves Edessa; the Seljuk takes the top level.",
        "The Byzantines play Pilgrims for Movement and gain 2 Gold.",
        "The Crusaders ask the Byzantines to be their Ally.",
        "The Byzantines hold the City they control.",
        "Every player in the Battle scores 1 VP; the Byzantines 2 more, the Seljuk as its Ally 1 more.",
    ):
        assert not wrong_forms(good), (good, wrong_forms(good))


def test_the_names_say_each_faction_as_the_rulebook_does():
    names = Names(CONTENT, {"factions": ["byzantines", "seljuk", "crusaders", "caliphate"]})
    assert [names.says(p, "pays") for p in range(4)] == [
        "The Byzantines pay",
        "The Seljuk pays",
        "The Crusaders pay",
        "The Caliphate pays",
    ]
    assert [names.its(p) for p in range(4)] == ["their", "its", "their", "its"]
    assert [names.owner(p) for p in range(4)] == [
        "the Byzantines'",
        "the Seljuk's",
        "the Crusaders'",
        "the Caliphate's",
    ]
    assert [names[p] for p in range(4)] == ["Byzantines", "Seljuk", "Crusaders", "Caliphate"]  # the tables' labels
    assert agree("has", True) == "have" and agree("is", True) == "are" and agree("was", False) == "was"


def test_the_table_finds_a_conflict_in_the_log_in_either_number():
    """The table's summary of the last conflict (web ``loh_fight.conflict_lines``) starts at the
    line that starts it and leaves out the hidden commitments, whichever faction speaks."""
    import sys
    from pathlib import Path

    import pytest

    from conftest import IN_PYODIDE

    if IN_PYODIDE:
        pytest.skip("the table's modules are read by CPython here")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
    from games.loh_fight import conflict_lines

    names = Names(CONTENT, {"factions": ["byzantines", "seljuk", "crusaders", "caliphate"]})
    for a, d in ((2, 1), (1, 0)):  # the Crusaders attack the Seljuk; the Seljuk, the Byzantines
        log = [
            {"text": f"{names.says(a, 'starts')} a Battle in Edessa against {names.the(d)}.", "rule": "7.battle"},
            {"text": f"{names.says(a, 'commits')} in secret.", "rule": "7.battle"},
            {"text": f"{names.says(d, 'commits')} in secret.", "rule": "7.battle"},
            {"text": "Everything is revealed: …", "rule": "7.battle"},
        ]
        assert conflict_lines(log) == ["Everything is revealed: …"], log
