"""The Command phase with Orders, and the Battles they start, played through the rulebook's
examples (plutorial p.25-27; Battle example p.14-15)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command, planning
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.moves import pieces
from outremer.games.third_crusade.state import new_state

C = content()


def _game(armies, first, orders):
    """A state in the Command phase with ``orders`` ({region: (army, key)}) on the map and
    ``first`` at the top of the initiative track."""
    s = new_state(C, armies, 1)
    planning.setup_orders(C, s)
    for region, (army, key) in orders.items():
        side = "crusader" if army in ("angevin", "hre") else "muslim"
        s["box"][army].remove(key)
        s["sections"][region][side] = [army, key]
    first_seat = armies.index(first)
    s["initiative"] = [first_seat] + [i for i in range(len(armies)) if i != first_seat]
    command.start(C, s)
    return s


def _do(s, action):
    seat = command.to_act(s)
    legal = command.legal(C, s, seat)
    assert action in legal, (action, legal[:8])
    log = []
    command.perform(C, s, seat, action, log)
    return seat, log


def _group(s, frm, army, **counts):
    kinds = sorted(set(command.movable(C, s, frm, army, False)))
    wanted = []
    for kind in kinds:
        wanted.append(counts.get(kind.split(":")[1], 0))
    return "g" + ".".join(map(str, wanted))


def test_plutorial_step_1_a_march_into_the_angevin_desert_meets_a_defence_of_2():
    """Plutorial 1: the Ayyubid pays 3, musters 1 Infantry in its Desert and Marches with all
    but 1 into the Angevin Desert: 5 against 3; the Angevin reacts with Defence +2 (paying 1):
    5 against 5, a tie: the defence wins. The Angevin loses its Neutral Infantry, the Ayyubid 1
    Infantry and goes back; no Glory."""
    frm, to = "desert_north_of_damascus", "desert_east_of_tripoli"
    s = _game(["angevin", "ayyubid"], "ayyubid", {frm: ("ayyubid", "muster_march"), to: ("angevin", "defence")})
    ayyubid, angevin = 1, 0
    cp = list(s["cp"])
    _do(s, act("execute", frm))
    assert s["cp"][ayyubid] == cp[ayyubid] - 3
    _do(s, act("muster", 1))
    before = len(pieces(s, frm, "ayyubid"))
    code = _group(s, frm, "ayyubid", infantry=3, cavalry=1)
    assert act("march", to, _group(s, frm, "ayyubid", infantry=4, cavalry=1)) not in command.legal(C, s, ayyubid)
    _do(s, act("march", to, code))  # all but 1
    assert s["battle"] and command.strengths(C, s) == (5, 3)
    assert command.to_act(s) == angevin
    _do(s, act("react", to))
    assert command.strengths(C, s) == (5, 5) and s["cp"][angevin] == cp[angevin] - 1
    # the Ayyubid has no Order near: the Battle is resolved; the beaten side chooses its loss first
    assert command.to_act(s) == ayyubid
    assert set(command.legal(C, s, ayyubid)) == {act("lose", "ayyubid:cavalry"), act("lose", "ayyubid:infantry")}
    _do(s, act("lose", "ayyubid:infantry"))
    assert command.to_act(s) == angevin
    assert set(command.legal(C, s, angevin)) == {act("lose", "angevin:cavalry"), act("lose", "neutral:infantry")}
    glory = s["glory"]
    _do(s, act("lose", "neutral:infantry"))
    assert s["battle"] is None and s["pending"] is None and s["glory"] == glory
    assert len(pieces(s, frm, "ayyubid")) == before - 1  # back where it came from, 1 Infantry fewer
    assert pieces(s, to, "angevin") == ["angevin:cavalry"]
    assert command.to_act(s) == angevin  # the turn passes on


def test_the_battle_example_reactions_defence_reinforce_diversion():
    """p.14-15: the Turkoman attacks Tripoli (8 against 4); the Holy Roman Empire, in charge,
    reacts with Defence +2 (6); the Angevin Reinforces from the Adjacent Desert (8); tied, the
    attacker is lower: the Turkoman's Diversion from the Desert it came from cancels the
    Reinforce (6). The Crusaders have nothing more: the Turkoman wins 8 to 6."""
    s = new_state(C, ["angevin", "hre", "ayyubid", "turkoman"], 1)
    planning.setup_orders(C, s)
    s["map"]["tripoli"] = [None] * 9
    frm, side_desert = "desert_west_of_damascus", "desert_east_of_tripoli"
    for key in (frm, side_desert):
        s["map"][key] = [None] * 9
    from outremer.games.third_crusade.moves import add

    for piece in ("neutral:conrad", "hre:infantry", "angevin:cavalry", "neutral:infantry"):
        add(C, s, "tripoli", piece)
    for piece in (
        "turkoman:badr_al_din",
        "turkoman:cavalry",
        "turkoman:siege",
        "turkoman:infantry",
        "turkoman:infantry",
        "turkoman:infantry",
        "turkoman:infantry",
    ):
        add(C, s, frm, piece)
    add(C, s, side_desert, "angevin:infantry")
    add(C, s, side_desert, "angevin:infantry")
    s["sections"]["tripoli"]["crusader"] = ["hre", "defence"]
    s["sections"][side_desert]["crusader"] = ["angevin", "reinforce"]
    s["sections"][frm]["muslim"] = ["turkoman", "advanced_march"]
    s["box"]["turkoman"].append("diversion")
    s["sections"]["sidon"]["crusader"] = ["angevin", "defence"]  # not Adjacent: never asked
    s["sections"].setdefault("x", None)
    del s["sections"]["x"]
    turkoman, hre, angevin = 3, 1, 0
    s["initiative"] = [turkoman, hre, angevin, 2]
    s["cp"] = [5, 5, 5, 5]
    command.start(C, s)
    s["battle"] = None
    # the Diversion must be on the map, in the Desert the Turkoman Marches from: put it there
    # after the March Order is turned up (one Order per Alliance per Region)
    _do(s, act("execute", frm))
    s["sections"][frm]["muslim"] = ["turkoman", "diversion"]
    code = _group(s, frm, "turkoman", infantry=2, cavalry=1, siege=1, badr_al_din=1)
    _do(s, act("march", "tripoli", code))
    assert command.strengths(C, s) == (8, 4)
    assert command.to_act(s) == hre  # in charge of the Defence: ahead on the track (tied Control)
    _do(s, act("react", "tripoli"))
    assert command.strengths(C, s) == (8, 6)
    assert command.to_act(s) == angevin  # the Holy Roman Empire has no Order left near
    _do(s, act("react", side_desert))
    assert command.strengths(C, s) == (8, 8)
    assert command.to_act(s) == turkoman
    _do(s, act("react", frm))
    assert command.strengths(C, s) == (8, 6)
    # the Crusaders have nothing left; the defence loses 2, chosen by the Holy Roman Empire
    assert command.to_act(s) == hre
    assert act("lose", "angevin:cavalry") not in command.legal(C, s, hre)
    _do(s, act("lose", "neutral:infantry"))
    assert set(command.legal(C, s, hre)) == {act("lose", "hre:infantry")}
    _do(s, act("lose", "hre:infantry"))
    _do(s, act("lose", "turkoman:infantry"))
    # the Angevin Cavalry retreats, never to the Desert the Turkoman came from
    assert command.to_act(s) == hre and command.legal(C, s, hre) == [act("retreat", side_desert, "angevin:cavalry")]
    glory = s["glory"]
    _do(s, act("retreat", side_desert, "angevin:cavalry"))
    # one hexagonal Slot is left beside Conrad's: the Turkoman chooses Badr al-Din to go back
    assert command.to_act(s) == turkoman
    assert act("retreat", frm, "turkoman:badr_al_din") in command.legal(C, s, turkoman)
    _do(s, act("retreat", frm, "turkoman:badr_al_din"))
    assert s["battle"] is None
    assert s["glory"] == glory - 3  # a City, a Leader on each side: 3 Glory to the Muslims
    assert "neutral:conrad" in s["map"]["tripoli"] and "turkoman:badr_al_din" in s["map"][frm]
    assert "turkoman:cavalry" in s["map"]["tripoli"] and "angevin:cavalry" in s["map"][side_desert]


def _own_march(order, frm, seed=1):
    s = _game(["angevin", "ayyubid"], "angevin", {frm: ("angevin", "march_1")})
    s["box"]["angevin"].append(order)
    s["sections"][frm]["crusader"] = ["angevin", order]
    s["cp"][0] = 5
    _do(s, act("execute", frm))
    return s


def test_a_forced_march_marches_twice_and_a_disperse_splits_into_two_regions():
    """Glossary: Forced March, a March then another from the new Region; Disperse, a March into
    any 2 Adjacent Regions."""
    s = _own_march("forced_march", "tyre")
    first = [a for a in command.legal(C, s, 0) if a.verb == "march" and a.args[0] == "sidon"]
    assert first
    _do(s, first[-1])
    assert s["pending"]["from"] == "sidon"  # the second March starts where the first ended
    second = [a for a in command.legal(C, s, 0) if a.verb == "march"]
    assert second and all(a.args[0] != "sidon" for a in second)
    _do(s, act("stay"))
    assert s["pending"] is None
    s = _own_march("disperse", "tyre")
    _do(s, next(a for a in command.legal(C, s, 0) if a.verb == "march" and a.args[0] == "sidon"))
    assert s["pending"]["from"] == "tyre"
    assert all(a.args[0] != "sidon" for a in command.legal(C, s, 0) if a.verb == "march")


def test_a_sea_move_goes_from_port_to_port():
    """Glossary, Sea Move: between Ports (all Ports Adjacent by sea, ruling TC10)."""
    s = _own_march("sea_move", "tyre")
    targets = {a.args[0] for a in command.legal(C, s, 0) if a.verb == "march"}
    ports = {r.key for r in C.south.regions if r.port} - {"tyre"}
    assert targets and targets <= ports and "famagusta" in targets


def test_the_attack_may_reinforce_and_its_reinforcing_units_take_losses():
    """p.14 (Reaction Orders: the Alliance with the lower Strength may react, the attacker too)
    and the glossary, Reinforce ("the Reinforcing Units are also considered part of the
    Battle"; ruling TC57): the Ayyubid attacks Tyre with 2 Infantry against 3, reinforces from
    Sidon with its 2 Infantry there (4 against 3) and wins; its one loss may be a Reinforcing
    Infantry, which leaves Sidon for its player board while both attackers move in. Beaten, a
    Reinforcing side loses its Reinforcing Units like the others."""
    desert = "desert_west_of_damascus"

    def attack(defenders):
        s = _game(
            ["angevin", "ayyubid"], "ayyubid", {desert: ("ayyubid", "march_1"), "sidon": ("ayyubid", "reinforce")}
        )
        from outremer.games.third_crusade.moves import add

        for key in ("tyre", "sidon", desert):
            s["map"][key] = [None] * 9
        for key, piece, n in (
            (desert, "ayyubid:infantry", 2),
            ("sidon", "ayyubid:infantry", 2),
            ("tyre", "angevin:infantry", defenders),
        ):
            for _ in range(n):
                add(C, s, key, piece)
        s["cp"] = [5, 5]
        _do(s, act("execute", desert))
        _do(s, act("march", "tyre", _group(s, desert, "ayyubid", infantry=2)))
        assert command.strengths(C, s) == (2, defenders) and command.to_act(s) == 1
        _do(s, act("react", "sidon"))
        return s

    s = attack(3)
    assert command.strengths(C, s) == (4, 3)
    _do(s, act("lose", "angevin:infantry"))  # the beaten defence loses 1
    assert command.to_act(s) == 1
    assert set(command.legal(C, s, 1)) == {act("lose", "ayyubid:infantry"), act("lose", "ayyubid:infantry", "sidon")}
    reserve = s["reserve"]["ayyubid"]["infantry"]
    seat, log = _do(s, act("lose", "ayyubid:infantry", "sidon"))
    assert pieces(s, "sidon") == ["ayyubid:infantry"] and s["reserve"]["ayyubid"]["infantry"] == reserve + 1
    assert any(e.rule == "TC57" and "Reinforcing from Sidon" in e.text for e in log)
    while s["battle"]:  # the beaten Angevin Infantry retreat
        _do(s, command.legal(C, s, command.to_act(s))[0])
    assert pieces(s, "tyre") == ["ayyubid:infantry"] * 2

    s = attack(6)  # 4 against 6: the attack loses 2, from the group or from Sidon
    assert command.to_act(s) == 1 and act("lose", "ayyubid:infantry", "sidon") in command.legal(C, s, 1)
    _do(s, act("lose", "ayyubid:infantry", "sidon"))
    _do(s, act("lose", "ayyubid:infantry", "sidon"))
    assert pieces(s, "sidon") == [] and command.to_act(s) == 0
