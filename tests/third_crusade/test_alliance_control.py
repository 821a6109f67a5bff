"""Control by an Alliance (ruling TC74): "The Crusader Alliance is in Control of the Region, but no
single Army is" (p.14). Where two partners are level, their Alliance Controls the Region for every
rule that asks about an Alliance: Jerusalem's Glory, the Mission's Glory section, the end of the
game's tie-break and the retreats."""

from __future__ import annotations

from outremer.games.third_crusade import upkeep, upkeep_phase
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import alliance_controller, content, controller
from outremer.games.third_crusade.moves import add

from .test_upkeep import _bare

C = content()
FOUR = ("angevin", "hre", "ayyubid", "turkoman")
COAST = next(m for m in cards().missions if m.title == "Hold the Coast")


def _level(s, key, n=1):
    for army in ("angevin", "hre"):
        for _ in range(n):
            add(C, s, key, f"{army}:infantry")


def test_partners_level_in_a_region_give_it_to_their_alliance():
    s = _bare(FOUR)
    _level(s, "jerusalem")
    add(C, s, "jerusalem", "neutral:infantry")
    assert controller(s["map"]["jerusalem"]) is None and alliance_controller(s["map"]["jerusalem"]) == "crusader"
    add(C, s, "jerusalem", "angevin:cavalry")
    assert controller(s["map"]["jerusalem"]) == "angevin" and alliance_controller(s["map"]["jerusalem"]) == "crusader"
    s["map"]["homs"] = ["neutral:infantry"] + [None] * 8
    assert alliance_controller(s["map"]["homs"]) is None


def test_jerusalem_held_by_two_level_partners_gives_the_crusaders_2_glory():
    """p.17, 4C: "If the Crusader Alliance Controls Jerusalem"."""
    s = _bare(FOUR)
    _level(s, "jerusalem")
    assert upkeep.jerusalem_glory(C, s) == 2


def test_the_missions_glory_section_counts_the_alliances_regions():
    """p.17, 1: "Count the number of Regions each Alliance Controls": Tyre held by the Angevin,
    Sidon by the two partners level, Acre by the Ayyubid: 2 Ports to 1."""
    s = _bare(FOUR)
    add(C, s, "tyre", "angevin:infantry")
    _level(s, "sidon")
    add(C, s, "acre", "ayyubid:infantry")
    assert upkeep.mission_glory(C, s, COAST) == 1


def test_level_glory_at_the_end_goes_to_the_alliance_in_jerusalem():
    """p.18: the Glory level, the Alliance that Controls Jerusalem wins, two partners level
    there included."""
    s = _bare(FOUR)
    _level(s, "jerusalem")
    s["glory"] = 0
    s["objectives"] = {a: [] for a in FOUR}
    s["revealed_objective"] = {}
    s["upkeep"] = {"queue": []}
    upkeep_phase._final(C, s, [])
    assert s["result"]["team"] == 0 and s["phase"] == "over"
