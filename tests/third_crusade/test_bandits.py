"""Bandits on every move along a Road (glossary, Bandit: "This always happens if a player moves on
a Road with a Bandit, even as part of a retreat from a Battle or a Reinforce Reaction Order,
unless specifically instructed to ignore"; rulings TC39, TC50), and the two Reaction Orders by
which a defence leaves a Battle (glossary, Retreat, Tactical Retreat; ruling TC51). Each path
pays the toll once: 2 Units for each Bandit, then the Bandits are gone."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command, planning
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.moves import add, pieces, road
from outremer.games.third_crusade.state import new_state

C = content()
DESERT = "desert_west_of_damascus"


def _game(armies, first, orders=None, hands=None, empty=()):
    """A state in the Command phase: ``orders`` ({region: (army, key)}) on the map, ``first`` at
    the top of the initiative track, the Regions ``empty`` cleared, 5 command points each."""
    s = new_state(C, armies, 1)
    planning.setup_orders(C, s)
    for region, (army, key) in (orders or {}).items():
        side = "crusader" if army in ("angevin", "hre") else "muslim"
        if key in s["box"][army]:
            s["box"][army].remove(key)
        s["sections"][region][side] = [army, key]
    for key in empty:
        s["map"][key] = [None] * 9
    first_seat = armies.index(first)
    s["initiative"] = [first_seat] + [i for i in range(len(armies)) if i != first_seat]
    s["hand"] = {army: list((hands or {}).get(army, [])) for army in armies}
    s["markers"] = {army: [] for army in armies}  # no marker on the diplomacy board yet
    s["cp"] = [5] * len(armies)
    command.start(C, s)
    return s


def _put(s, key, *pieces_):
    for piece in pieces_:
        add(C, s, key, piece)


def _do(s, action):
    seat = command.to_act(s)
    legal = command.legal(C, s, seat)
    assert action in legal, (action, legal[:12])
    log = []
    command.perform(C, s, seat, action, log)
    return log


def _group(s, frm, army, coordinated=False, **counts):
    kinds = sorted(set(command.movable(C, s, frm, army, coordinated)))
    return "g" + ".".join(str(counts.get(kind.split(":")[1], 0)) for kind in kinds)


def _reserve(s, army, unit="infantry"):
    return s["reserve"][army][unit]


# -- Marches -------------------------------------------------------------------------------------
def test_a_forced_march_pays_each_road_it_takes_once():
    """Glossary, Forced March and Bandit: a Bandit on each of the two Roads; each leg loses 2
    Infantry, the cheapest first, and leaves its Road clear."""
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "forced_march")}, empty=("tyre", "sidon", DESERT))
    _put(s, "tyre", *["angevin:infantry"] * 4, "angevin:cavalry")
    s["bandits"] = [road("tyre", "sidon"), road("sidon", DESERT)]
    reserve = _reserve(s, "angevin")
    _do(s, act("execute", "tyre"))
    log = _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=4, cavalry=1)))
    assert sorted(pieces(s, "sidon")) == ["angevin:cavalry", "angevin:infantry", "angevin:infantry"]
    assert s["bandits"] == [road("sidon", DESERT)] and any("Bandits on the Road" in e.text for e in log)
    _do(s, act("march", DESERT, _group(s, "sidon", "angevin", infantry=2, cavalry=1)))
    assert pieces(s, DESERT) == ["angevin:cavalry"] and s["bandits"] == []
    assert _reserve(s, "angevin") == reserve + 4


def test_a_coordinated_march_loses_neutral_then_partner_pieces_before_its_own():
    """Ruling TC39: the toll takes Neutral Units first, then the partner's, then the mover's."""
    s = _game(
        ["angevin", "hre", "ayyubid"], "angevin", {"tyre": ("angevin", "coordinated_march")}, empty=("tyre", "sidon")
    )
    _put(s, "tyre", "angevin:infantry", "angevin:infantry", "hre:infantry", "neutral:infantry")
    s["bandits"] = [road("tyre", "sidon")]
    hre = _reserve(s, "hre")
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", "g2.1.1"))  # Angevin, Holy Roman Empire, Neutral Infantry
    assert sorted(pieces(s, "sidon")) == ["angevin:infantry", "angevin:infantry"]
    assert _reserve(s, "hre") == hre + 1 and s["bandits"] == []


def test_a_disperse_pays_on_each_of_its_two_roads():
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "disperse")}, empty=("tyre", "sidon", "acre"))
    _put(s, "tyre", *["angevin:infantry"] * 5)
    s["bandits"] = [road("tyre", "sidon"), road("tyre", "acre")]
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=3)))
    _do(s, act("march", "acre", _group(s, "tyre", "angevin", infantry=2)))
    assert len(pieces(s, "sidon")) == 1 and pieces(s, "acre") == [] and s["bandits"] == []


def test_a_sea_move_passes_no_bandits():
    """Ruling TC39: a Sea Move goes by sea, past no Road."""
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "sea_move")}, empty=("tyre", "acre"))
    _put(s, "tyre", "angevin:infantry", "angevin:infantry")
    s["bandits"] = [road("tyre", "acre")]
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "angevin", infantry=2)))
    assert len(pieces(s, "acre")) == 2 and s["bandits"] == [road("tyre", "acre")]


def test_an_event_forced_march_pays_like_an_order():
    """The March Down the Coast: an event's Forced March meets the Bandit as an Order's does."""
    s = _game(["angevin", "ayyubid"], "angevin", hands={"angevin": ["march_down_the_coast"]}, empty=("tyre", "acre"))
    _put(s, "tyre", *["angevin:infantry"] * 3)
    s["bandits"] = [road("tyre", "acre")]
    _do(s, act("event", "march_down_the_coast"))
    if command.legal(C, s, 0)[0].verb == "main":
        _do(s, act("main"))
    _do(s, act("at", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "angevin", infantry=3)))
    assert pieces(s, "acre") == ["angevin:infantry"] and s["bandits"] == []


# -- leaving a Battle ------------------------------------------------------------------------------
def test_the_toll_of_a_retreat_falls_on_the_next_unit_after_a_leader():
    """Ruling TC39: in a retreat the toll comes from all that leave the Battle along that Road: the
    Leader that goes first passes and the Bandit is removed; the Cavalry after it still pays."""
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "march_1")}, empty=("tyre", "sidon", DESERT))
    _put(s, "tyre", *["angevin:infantry"] * 3)
    _put(s, "sidon", "ayyubid:infantry", "ayyubid:cavalry", "ayyubid:al_adil")
    s["bandits"] = [road("sidon", DESERT)]
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=3)))
    assert command.strengths(C, s) == (3, 2)
    _do(s, act("lose", "ayyubid:infantry"))
    _do(s, act("lose", "angevin:infantry"))
    cavalry = _reserve(s, "ayyubid", "cavalry")
    _do(s, act("retreat", DESERT, "ayyubid:al_adil"))
    assert s["bandits"] == [] and pieces(s, DESERT) == ["ayyubid:al_adil"]
    _do(s, act("retreat", DESERT, "ayyubid:cavalry"))
    assert pieces(s, DESERT) == ["ayyubid:al_adil"] and _reserve(s, "ayyubid", "cavalry") == cavalry + 1
    assert s["battle"] is None


def test_a_winning_attack_that_does_not_fit_pays_on_its_way_out():
    """p.15, as the Battle example's Badr al-Din: two Cavalry win Sidon, where Conrad (Neutral)
    keeps one of the two hexagonal Slots; one Cavalry retreats along a Road with a Bandit and is
    lost."""
    s = _game(["angevin", "ayyubid"], "angevin", {"tyre": ("angevin", "march_1")}, empty=("tyre", "sidon", DESERT))
    _put(s, "tyre", "angevin:cavalry", "angevin:cavalry", "angevin:infantry")
    _put(s, "sidon", "ayyubid:infantry", "neutral:conrad")
    s["bandits"] = [road("sidon", DESERT)]
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", cavalry=2, infantry=1)))
    assert command.strengths(C, s) == (3, 2)
    _do(s, act("lose", "ayyubid:infantry"))
    _do(s, act("lose", "angevin:infantry"))
    cavalry = _reserve(s, "angevin", "cavalry")
    assert act("retreat", DESERT, "angevin:cavalry") in command.legal(C, s, 0)
    _do(s, act("retreat", DESERT, "angevin:cavalry"))
    assert pieces(s, DESERT) == [] and _reserve(s, "angevin", "cavalry") == cavalry + 1 and s["bandits"] == []
    assert sorted(pieces(s, "sidon")) == ["angevin:cavalry", "neutral:conrad"] and s["battle"] is None


def test_a_march_that_ignores_bandits_still_pays_when_it_is_beaten_back():
    """Ruling TC50: Armenian Guides' Forced March ignores the Bandits on the Road to Acre; beaten
    there, its Infantry go back along the same Road, and the two Bandits take them."""
    s = _game(["hre", "ayyubid"], "hre", hands={"hre": ["armenian_guides"]}, empty=("tyre", "acre"))
    _put(s, "tyre", "hre:infantry", "hre:infantry")
    _put(s, "acre", *["ayyubid:infantry"] * 3)
    s["bandits"] = [road("tyre", "acre"), road("tyre", "acre")]
    _do(s, act("event", "armenian_guides"))
    if command.legal(C, s, 0)[0].verb == "main":
        _do(s, act("main"))
    _do(s, act("skip"))
    _do(s, act("at", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "hre", infantry=2)))
    assert len(s["bandits"]) == 2 and command.strengths(C, s) == (2, 3)
    reserve = _reserve(s, "hre")
    _do(s, act("lose", "hre:infantry"))
    _do(s, act("lose", "ayyubid:infantry"))
    assert s["battle"] is None and pieces(s, "tyre") == [] and s["bandits"] == []
    assert _reserve(s, "hre") == reserve + 2


# -- Reinforce -------------------------------------------------------------------------------------
def _sidon_attacked(defender_order, region="sidon", attackers=3, defenders=("angevin:infantry",)):
    s = _game(
        ["angevin", "ayyubid"],
        "ayyubid",
        {DESERT: ("ayyubid", "march_1"), region: ("angevin", defender_order)},
        empty=("tyre", "sidon", DESERT),
    )
    _put(s, DESERT, *["ayyubid:infantry"] * attackers)
    _put(s, "sidon", *defenders)
    return s


def test_a_reinforce_pays_the_road_to_the_battle_before_it_counts():
    """Glossary, Bandit: "even as part of ... a Reinforce Reaction Order" (ruling TC50): the
    Bandit between Tyre and Sidon takes 2 of Tyre's 3 Infantry; the Reinforce adds the one left."""
    s = _sidon_attacked("reinforce", region="tyre")
    _put(s, "tyre", *["angevin:infantry"] * 3)
    s["bandits"] = [road("tyre", "sidon")]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=3)))
    assert command.strengths(C, s) == (3, 1)
    reserve = _reserve(s, "angevin")
    log = _do(s, act("react", "tyre"))
    assert pieces(s, "tyre") == ["angevin:infantry"] and _reserve(s, "angevin") == reserve + 2
    assert s["bandits"] == [] and any("Bandits on the Road from Tyre to Sidon" in e.text for e in log)
    assert s["battle"]["stage"] == "losses" and command.strengths(C, s) == (3, 2)


# -- Retreat and Tactical Retreat ----------------------------------------------------------------
def test_a_tactical_retreat_loses_one_unit_and_the_road_takes_the_rest():
    """Glossary, Tactical Retreat (ruling TC51): attacked 4 against 3, the Angevin gives up 1
    Infantry and retreats as a beaten defence, never to the Desert the attack came from; the
    Bandit on the Road to Tyre takes the Infantry and then the Cavalry. The Ayyubid loses
    nothing, wins no Battle and gains no Glory."""
    s = _sidon_attacked(
        "tactical_retreat", attackers=4, defenders=("angevin:infantry", "angevin:infantry", "angevin:cavalry")
    )
    s["bandits"] = [road("tyre", "sidon")]
    glory = s["glory"]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=4)))
    assert command.strengths(C, s) == (4, 3)
    _do(s, act("react", "sidon"))
    assert command.to_act(s) == 0  # its own Units only
    assert command.legal(C, s, 0) == [act("lose", "angevin:cavalry"), act("lose", "angevin:infantry")]
    _do(s, act("lose", "angevin:infantry"))
    assert {a.args[0] for a in command.legal(C, s, 0)} == {"tyre"}
    _do(s, act("retreat", "tyre", "angevin:infantry"))
    _do(s, act("retreat", "tyre", "angevin:cavalry"))
    assert pieces(s, "tyre") == [] and s["bandits"] == [] and s["battle"] is None
    assert pieces(s, "sidon") == ["ayyubid:infantry"] * 4 and s["glory"] == glory


def test_a_retreat_leaves_without_losses_and_the_attack_wins():
    """Glossary, Retreat (ruling TC51): nobody loses a piece; the Ayyubid wins the Battle in a
    City (1 Glory) and takes Sidon."""
    s = _sidon_attacked("retreat", attackers=3, defenders=("angevin:infantry", "angevin:cavalry"))
    glory = s["glory"]
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=3)))
    _do(s, act("react", "sidon"))
    _do(s, act("retreat", "tyre", "angevin:infantry"))
    _do(s, act("retreat", "tyre", "angevin:cavalry"))
    assert sorted(pieces(s, "tyre")) == ["angevin:cavalry", "angevin:infantry"]
    assert pieces(s, "sidon") == ["ayyubid:infantry"] * 3 and s["glory"] == glory - 1 and s["battle"] is None


def test_only_a_defence_that_can_fight_may_retreat():
    """Ruling TC51: the attack cannot use a Retreat; a Leader without Strength alone cannot
    retreat (glossary, Leader): he is lost at once, before any Reaction is asked (p.14)."""
    s = _sidon_attacked("retreat", attackers=3, defenders=("angevin:william",))
    _do(s, act("execute", DESERT))
    _do(s, act("march", "sidon", _group(s, DESERT, "ayyubid", infantry=3)))
    assert s["battle"] is None and pieces(s, "sidon") == ["ayyubid:infantry"] * 3
    s = _game(
        ["angevin", "ayyubid"],
        "angevin",
        {"tyre": ("angevin", "march_1"), DESERT: ("angevin", "retreat")},
        empty=("tyre", "sidon", DESERT),
    )
    _put(s, "tyre", "angevin:infantry", "angevin:infantry")
    _put(s, DESERT, "angevin:infantry")
    _put(s, "sidon", *["ayyubid:infantry"] * 3)
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=2)))
    assert command.to_act(s) == 0 and command.legal(C, s, 0) == [act("no_react")]
