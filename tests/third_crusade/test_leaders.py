"""A Leader's two sides (glossary, Named Leader: "If the event calls for a Leader to be flipped,
flip that Leader to their opposite side"; ruling TC52): Frederick I, whom Drowned in the Saleph
flips, shows Frederick of Swabia on his back; the side up gives the Leader's icons, Strength
and name wherever they count."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from outremer.core.actions import act
from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.games.third_crusade import battle, command, data, event_targets, planning
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.events import parse_events
from outremer.games.third_crusade.loading import parse_leaders, parse_setup
from outremer.games.third_crusade.moves import leader_region, sides, token
from outremer.games.third_crusade.state import new_state, track

C = content()
FOLDER = Path(data.__file__).parent / "data"
HRE = 0


def test_a_flipped_leader_is_one_token_with_two_sides():
    """Ruling TC52: the back is the same token (Army, shape); only Frederick I has one."""
    front, back = C.leaders["frederick_i"], C.leaders["frederick_of_swabia"]
    assert (back.army, back.shape, back.back, back.other) == (front.army, front.shape, True, "frederick_i")
    assert front.other == "frederick_of_swabia" and not front.back
    assert (back.unit, back.units, back.icons) == ("infantry", 1, ("crown",))
    assert token(C, "frederick_of_swabia") == "frederick_i" and sides(C, "frederick_i") == (
        "frederick_i",
        "frederick_of_swabia",
    )
    assert [k for k, ldr in C.leaders.items() if ldr.other] == ["frederick_i", "frederick_of_swabia"]
    assert sides(C, "james") == ("james",)


def _text(name, old, new):
    raw = (FOLDER / name).read_text(encoding="utf-8")
    assert old in raw, old
    return read_toml("x", name, text=raw.replace(old, new, 1))


def test_a_back_side_is_never_placed_at_setup_nor_named_by_an_event():
    """Ruling TC52: a back comes into play only by a flip; events name a token by its front, and
    a flip needs a Leader with a back."""
    with pytest.raises(DataError, match="field 'hre' has 'frederick_of_swabia'"):
        parse_setup(_text("setup.toml", 'hre = ["frederick_i"]', 'hre = ["frederick_of_swabia"]'), C.south, C.leaders)
    with pytest.raises(DataError, match="repeats an earlier leader"):
        parse_leaders(_text("leaders.toml", 'name = "Frederick of Swabia"', 'name = "Frederick I"'))
    raw = tomllib.loads((FOLDER / "events.toml").read_text(encoding="utf-8"))
    card = next(c for c in raw["event"] if c["key"] == "drowned_in_the_saleph")
    card["main"][0]["key"] = "guido"
    with pytest.raises(DataError, match="Guido has no other side to flip to"):
        parse_events(raw, C.both, C.leaders)
    card["main"][0]["key"] = "frederick_of_swabia"
    with pytest.raises(DataError, match="a token is named by its front"):
        parse_events(raw, C.both, C.leaders)


def _saleph(times=1):
    """The Holy Roman Empire with Drowned in the Saleph in hand (``times`` copies), Frederick I in
    Tyre as the 2-player page places him."""
    s = new_state(C, ["hre", "ayyubid"], 1)
    planning.setup_orders(C, s)
    s["initiative"] = [HRE, 1]
    s["hand"] = {"hre": ["drowned_in_the_saleph"] * times, "ayyubid": []}
    command.start(C, s)
    assert "hre:frederick_i" in s["map"]["tyre"]
    return s


def _do(s, action):
    seat = command.to_act(s)
    assert action in command.legal(C, s, seat), (action, command.legal(C, s, seat))
    log = []
    command.perform(C, s, seat, action, log)
    return log


def _play_the_flip(s):
    _do(s, act("event", "drowned_in_the_saleph"))
    if command.legal(C, s, HRE)[0].verb == "main":
        _do(s, act("main"))
    return _do(s, act("at", "tyre"))


def test_drowned_in_the_saleph_turns_the_emperor_into_his_son():
    """The side up is the Leader's: the Emperor's command point and one crown leave the Holy Roman
    Empire's tracks, the Duke's Infantry icon gives him Strength 1; the log names both sides."""
    s = _saleph()
    cp, crown = track(s, HRE, "cp"), track(s, HRE, "crown")
    log = _play_the_flip(s)
    assert "hre:frederick_of_swabia" in s["map"]["tyre"] and "hre:frederick_i" not in s["map"]["tyre"]
    assert (track(s, HRE, "cp"), track(s, HRE, "crown")) == (cp - 1, crown - 1)
    assert any(
        "flips Frederick I in Tyre: Frederick of Swabia now shows 1 Infantry icon, 1 Crown icon" in e.text for e in log
    )
    assert battle.piece_strength(C, "hre:frederick_of_swabia", "city") == 1
    assert battle.piece_strength(C, "hre:frederick_i", "city") == 0
    assert not battle.only_bare_leaders(C, ["hre:frederick_of_swabia"])


def test_the_named_leader_is_the_token_whichever_side_is_up():
    """Glossary, Named Region: "The Region can be defined by the Presence of a Leader": the card
    naming Frederick I finds him flipped, and flipping again shows the front."""
    s = _saleph(times=2)
    _play_the_flip(s)
    while s["pending"]:
        _do(s, command.legal(C, s, HRE)[-1])
    assert leader_region(C, s, "frederick_i") == "tyre"
    assert command.to_act(s) == 1
    _do(s, act("pass"))
    _play_the_flip(s)
    assert "hre:frederick_i" in s["map"]["tyre"]


def test_an_assassinated_side_sends_the_token_to_the_box():
    """Ruling TC52: the box holds the token, named by its front, whichever side was up: The
    Assassin's Knife takes Frederick of Swabia, and Frederick I never comes back."""
    s = _saleph()
    s["hand"]["ayyubid"] = ["the_assassins_knife"]
    _play_the_flip(s)
    while s["pending"]:
        _do(s, command.legal(C, s, HRE)[-1])
    assert command.to_act(s) == 1
    _do(s, act("event", "the_assassins_knife"))
    if command.legal(C, s, 1)[0].verb == "main":
        _do(s, act("main"))
    _do(s, act("at", "tyre"))
    _do(s, act("assassinate", "hre:frederick_of_swabia"))
    assert s["gone"] == ["frederick_i"] and leader_region(C, s, "frederick_i") is None
    assert not event_targets.leader_free(C, s, "frederick_i")
