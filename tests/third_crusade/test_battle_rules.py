"""Battles by the letter of p.14-15: Leaders of any colour killed earn the Glory, retreats only to
Regions empty or Controlled by the retreating Alliance, a defence of Leaders without Unit icons
lost before any Reaction, and Adjacency by Road (ruling TC75)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command
from outremer.games.third_crusade.moves import pieces

from .test_bandits import DESERT, C, _do, _game, _group, _put


def test_a_neutral_leader_killed_earns_the_glory():
    """p.15: "At least 1 Leader (any color) in the losing force was killed". 4 against Conrad
    (a Neutral Cavalry, 1) and an Angevin Infantry: the defence loses both; the Muslim Alliance
    gains 3 Glory: a City attacked, a Leader in the defence, a Leader killed."""
    s = _game(["angevin", "ayyubid"], "ayyubid", {DESERT: ("ayyubid", "march_1")}, empty=("tyre", "sidon", DESERT))
    _put(s, DESERT, *["ayyubid:infantry"] * 4)
    _put(s, "sidon", "angevin:infantry", "neutral:conrad")
    glory = s["glory"]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=4)))
    assert command.strengths(C, s) == (4, 2)
    _do(s, act("lose", "neutral:conrad"))
    _do(s, act("lose", "angevin:infantry"))
    _do(s, act("lose", "ayyubid:infantry"))
    assert s["battle"] is None and s["glory"] == glory - 3


def test_no_retreat_into_a_region_held_by_neutral_pieces():
    """p.15: the beaten defence retreats "to Adjacent Regions that are either empty or
    Controlled by their Alliance"; Tyre, holding a Neutral Infantry, is neither, and the
    attack came from the Desert: the Angevin Infantry left has nowhere to go and is killed."""
    s = _game(["angevin", "ayyubid"], "ayyubid", {DESERT: ("ayyubid", "march_1")}, empty=("tyre", "sidon", DESERT))
    _put(s, DESERT, *["ayyubid:infantry"] * 5)
    _put(s, "sidon", *["angevin:infantry"] * 3)
    _put(s, "tyre", "neutral:infantry")
    reserve = s["reserve"]["angevin"]["infantry"]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=5)))
    _do(s, act("lose", "angevin:infantry"))
    _do(s, act("lose", "angevin:infantry"))
    _do(s, act("lose", "ayyubid:infantry"))
    assert s["battle"] is None, command.legal(C, s, command.to_act(s))
    assert pieces(s, "tyre") == ["neutral:infantry"] and s["reserve"]["angevin"]["infantry"] == reserve + 3


def test_a_retreat_may_go_to_an_empty_region_or_one_its_alliance_controls():
    """p.15: the same Battle with Tyre empty, then held by the Angevin beside a Neutral
    Infantry: the Infantry left retreats there."""
    for tyre in ((), ("angevin:cavalry", "neutral:infantry")):
        s = _game(["angevin", "ayyubid"], "ayyubid", {DESERT: ("ayyubid", "march_1")}, empty=("tyre", "sidon", DESERT))
        _put(s, DESERT, *["ayyubid:infantry"] * 5)
        _put(s, "sidon", *["angevin:infantry"] * 3)
        _put(s, "tyre", *tyre)
        _do(s, act("execute", DESERT))
        _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=5)))
        _do(s, act("lose", "angevin:infantry"))
        _do(s, act("lose", "angevin:infantry"))
        _do(s, act("lose", "ayyubid:infantry"))
        assert command.legal(C, s, 0) == [act("retreat", "tyre", "angevin:infantry")]


def test_a_defence_of_bare_leaders_is_lost_before_any_reaction():
    """p.14: "If one Alliance only has Leaders without a Unit symbols and no other Units or
    Leaders, then those Leaders are lost and the opposing Alliance automatically wins": William
    alone in Sidon is lost at once; the Angevin is not asked for the Reinforce it has in Tyre."""
    s = _game(
        ["angevin", "ayyubid"],
        "ayyubid",
        {DESERT: ("ayyubid", "march_1"), "tyre": ("angevin", "reinforce")},
        empty=("tyre", "sidon", DESERT),
    )
    _put(s, DESERT, *["ayyubid:infantry"] * 2)
    _put(s, "tyre", *["angevin:infantry"] * 3)
    _put(s, "sidon", "angevin:william")
    glory = s["glory"]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=2)))
    assert s["battle"] is None and s["sections"]["tyre"]["crusader"] == ["angevin", "reinforce"]
    assert pieces(s, "sidon") == ["ayyubid:infantry"] * 2
    assert s["glory"] == glory - 3  # a City attacked, a Leader defending, a Leader killed (p.15)


def test_ports_are_adjacent_only_for_a_sea_move():
    """Ruling TC75: "Regions are Adjacent if they are connected by a Road" (glossary, Adjacent);
    Ports count as Adjacent to each other for a Sea Move only (glossary, Sea Move). In the
    Battle example "The Order in Sidon can not be executed because the Region is not Adjacent
    to the Battle" in Tripoli, both Ports. A Reinforce in Sidon is not offered for a Battle in
    Acre; one in Tyre, joined to Acre by a Road, is."""
    board = C.south
    assert "sidon" not in board.adjacent_to("acre") and "tyre" in board.adjacent_to("acre")
    assert set(board.adjacent_to("acre", sea=True)) >= {"sidon", "tripoli", "famagusta", "tyre"}
    assert not board.adjacent("tripoli", "sidon") and board.adjacent("tripoli", "sidon", sea=True)
    s = _game(
        ["angevin", "ayyubid"],
        "angevin",
        {"tyre": ("angevin", "march_1"), "sidon": ("angevin", "reinforce")},
        empty=("tyre", "sidon", "acre"),
    )
    _put(s, "tyre", *["angevin:infantry"] * 2)
    _put(s, "sidon", *["angevin:infantry"] * 3)
    _put(s, "acre", *["ayyubid:infantry"] * 3)
    s["sections"]["desert_south_of_damascus"]["crusader"] = ["angevin", "defence"]
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "angevin", infantry=2)))
    assert command.to_act(s) == 0 and command.legal(C, s, 0) == [act("no_react")]


def _rules_page() -> str | None:
    from pathlib import Path

    for parent in Path(__file__).resolve().parents:
        page = parent / "web" / "rules" / "third-crusade.md"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return None


def test_the_rules_page_says_what_the_engine_does_of_ports():
    """Ruling TC75 on the rules page: Adjacent by Road for every rule, Ports by sea only for a
    Sea Move."""
    import pytest

    page = _rules_page()
    if page is None:
        pytest.skip("web/rules is not available here")
    assert "every Port is also Adjacent to every other Port" not in page
    assert "Ports count as Adjacent to each other by sea only for a **Sea Move**" in page and "[[TC75]]" in page
