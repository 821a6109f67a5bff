"""Event Cards executed in the Command phase (p.12-13), played through the plutorial's Event
steps (p.25-26: steps 2 to 5) and the rules around them: the crown event after the main event,
crowns bought, "In same Region", "Instead", OR, a part that cannot apply, a Battle started by an
event, Bandits and Destroyed Ports (glossary)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import command, effects, event_choices, planning
from outremer.games.third_crusade.data import content, controller
from outremer.games.third_crusade.moves import add, pieces, road
from outremer.games.third_crusade.state import new_state, recount, track

C = content()


def _game(armies, first, hands, orders=None):
    """A state in the Command phase, ``first`` at the top of the initiative track, each Army's
    hand of Event Cards given."""
    s = new_state(C, armies, 1)
    planning.setup_orders(C, s)
    for region, (army, key) in (orders or {}).items():
        side = "crusader" if army in ("angevin", "hre") else "muslim"
        s["box"][army].remove(key)
        s["sections"][region][side] = [army, key]
    first_seat = armies.index(first)
    s["initiative"] = [first_seat] + [i for i in range(len(armies)) if i != first_seat]
    s["hand"] = {army: list(hands.get(army, [])) for army in armies}
    s["markers"] = {army: [] for army in armies}  # no marker on the diplomacy board yet
    command.start(C, s)
    return s


def _do(s, action):
    seat = command.to_act(s)
    legal = command.legal(C, s, seat)
    assert action in legal, (action, legal[:12])
    log = []
    command.perform(C, s, seat, action, log)
    return log


def _group(s, frm, army, **counts):
    kinds = sorted(set(command.movable(C, s, frm, army, False)))
    return "g" + ".".join(str(counts.get(kind.split(":")[1], 0)) for kind in kinds)


PLUTORIAL = {
    "angevin": ["ayyubid_servants_loot", "guys_expedition"],
    "ayyubid": ["al_adils_victory", "crusader_fleet_defeats"],
}


def test_plutorial_steps_2_to_5_the_event_cards():
    s = _game(["angevin", "ayyubid"], "angevin", PLUTORIAL, {"tripoli": ("angevin", "sea_move")})
    angevin, ayyubid = 0, 1
    # 2. Ayyubid Servants Loot Their Own Camp: where the Ayyubid has Presence. With 1 crown and
    # 4 Gold the Angevin cannot buy the 3 crowns the crown event lacks: it is not offered.
    assert act("event", "ayyubid_servants_loot") in command.legal(C, s, angevin)
    _do(s, act("event", "ayyubid_servants_loot"))
    assert s["hand"]["angevin"] == ["guys_expedition"]
    assert act("crown", 3) not in command.legal(C, s, angevin)
    assert act("at", "acre") in command.legal(C, s, angevin) and act("at", "tyre") not in command.legal(C, s, angevin)
    _do(s, act("at", "acre"))
    _do(s, act("sabotage", 0))  # Acre's Glory icon
    assert s["map"]["acre"][0] == "sabotage"
    _do(s, act("at", "jerusalem"))
    _do(s, act("remove", "ayyubid:infantry"))
    assert pieces(s, "jerusalem") == ["neutral:infantry"] and controller(s["map"]["jerusalem"]) is None
    assert s["pending"] is None and command.to_act(s) == ayyubid

    # 3. Al-Adil's Victory: a Forced March from Al-Adil's Region; then the crown event (3) bought
    # with 2 Gold for the 1 crown missing; a Bandit west of Jerusalem.
    gold, supply = track(s, ayyubid, "gold"), track(s, ayyubid, "supply")
    assert command.legal(C, s, ayyubid)[0] == act("event", "al_adils_victory")
    _do(s, act("event", "al_adils_victory"))
    assert command.legal(C, s, ayyubid) == [act("at", "ahamant"), act("skip")]  # the main event first
    _do(s, act("at", "ahamant"))
    desert = "desert_south_of_damascus"
    _do(s, act("march", desert, _group(s, "ahamant", "ayyubid", al_adil=1, cavalry=2, infantry=1)))
    assert "ayyubid:ibn_shaddad" in s["map"]["ahamant"] and controller(s["map"]["ahamant"]) == "ayyubid"
    _do(s, act("march", "jerusalem", _group(s, desert, "ayyubid", al_adil=1, cavalry=1, infantry=1)))
    assert pieces(s, desert) == ["ayyubid:cavalry"]
    assert controller(s["map"]["jerusalem"]) == "ayyubid" and controller(s["map"][desert]) == "ayyubid"
    assert (track(s, ayyubid, "gold"), track(s, ayyubid, "supply")) == (gold + 1, supply + 1)
    assert s["gold"][ayyubid] == 4  # no Gold chits
    assert command.legal(C, s, ayyubid) == [act("main"), act("crown", 1)]
    _do(s, act("crown", 1))
    assert s["gold"][ayyubid] == 2 and track(s, ayyubid, "crown") == 2
    _do(s, act("at", "jerusalem"))
    _do(s, act("bandit", "jaffa"))
    assert s["bandits"] == [road("jaffa", "jerusalem")] and s["pending"] is None

    # 4. Guy's Expedition: a Neutral Cavalry and Infantry into the Angevin's only Desert; the
    # crown event (4 crowns) is out of reach.
    _do(s, act("event", "guys_expedition"))
    desert = "desert_east_of_tripoli"
    assert command.legal(C, s, angevin) == [act("at", desert), act("skip")]
    _do(s, act("at", desert))
    _do(s, act("muster", 1))
    _do(s, act("at", desert))
    _do(s, act("muster", 1))
    assert sorted(pieces(s, desert)) == ["angevin:cavalry", "neutral:cavalry", "neutral:infantry", "neutral:infantry"]
    assert s["pending"] is None

    # 5. Crusader Fleet Suffer Defeats: a Destroyed Port on Tripoli, a Sabotage on a supply icon of
    # Sidon (Angevin supply -1); the crown event is not bought with the last 2 Gold.
    supply = track(s, angevin, "supply")
    _do(s, act("event", "crusader_fleet_defeats"))
    _do(s, act("at", "tripoli"))
    assert s["destroyed"] == ["tripoli"]
    # the banner was read when the card was executed: Tripoli stays one of the card's Regions
    assert act("at", "tripoli") in command.legal(C, s, ayyubid)
    _do(s, act("at", "sidon"))
    _do(s, act("sabotage", 0))
    assert track(s, angevin, "supply") == supply - 1
    assert command.legal(C, s, ayyubid) == [act("main"), act("crown", 1)]
    log = _do(s, act("main"))
    assert s["gold"][ayyubid] == 2 and s["pending"] is None
    assert [e.text for e in log] == ["Ayyubid does not execute the crown event."]
    # the Angevin's Sea Move Order in Tripoli cannot be executed
    assert act("execute", "tripoli") not in command.legal(C, s, angevin)


def test_a_destroyed_port_stops_sea_moves_from_and_to_it():
    s = _game(["angevin", "ayyubid"], "angevin", {}, {"tyre": ("angevin", "sea_move")})
    s["destroyed"] = ["sidon"]
    s["cp"][0] = 5
    _do(s, act("execute", "tyre"))
    targets = {a.args[0] for a in command.legal(C, s, 0) if a.verb == "march"}
    assert targets and "sidon" not in targets and "tripoli" in targets
    assert command.destinations(C, s, "sidon", True, []) == []


def test_crowns_bought_for_2_gold_each_and_in_same_region():
    """p.12: Tuhgril's Rebellion, 4 crowns needed with 2 on the track: 4 Gold buys the rest,
    once the main event is done. Its crown event is "In same Region": the Cavalry goes where
    Tughril went. Tughril taking the Desert west of Damascus, with its crown icon, makes 3
    crowns: then 2 Gold buys the last one."""
    ayyubid, south, west = 1, "desert_south_of_damascus", "desert_west_of_damascus"
    s = _game(["angevin", "ayyubid"], "ayyubid", {"ayyubid": ["tuhgrils_rebellion"]})
    s["gold"][ayyubid] = 3
    _do(s, act("event", "tuhgrils_rebellion"))
    _do(s, act("at", south))
    _do(s, act("skip"))
    assert s["pending"] is None and s["gold"][ayyubid] == 3  # 3 Gold buys 1 crown, not 2: not offered
    s = _game(["angevin", "ayyubid"], "ayyubid", {"ayyubid": ["tuhgrils_rebellion"]})
    _do(s, act("event", "tuhgrils_rebellion"))
    deserts = {a.args[0] for a in command.legal(C, s, ayyubid) if a.verb == "at"}
    assert deserts == {west, south}  # no Crusader or Muslim Presence
    _do(s, act("at", south))
    assert "ayyubid:tughril" in s["map"][south]
    _do(s, act("skip"))  # the main event's Cavalry
    assert track(s, ayyubid, "crown") == 2 and command.legal(C, s, ayyubid) == [act("main"), act("crown", 2)]
    _do(s, act("crown", 2))
    assert s["gold"][ayyubid] == 0 and track(s, ayyubid, "crown") == 2
    assert command.legal(C, s, ayyubid) == [act("at", south), act("skip")]
    _do(s, act("at", south))
    _do(s, act("muster", 1))
    assert sorted(pieces(s, south)) == ["ayyubid:cavalry", "ayyubid:tughril"]
    assert s["pending"] is None
    s = _game(["angevin", "ayyubid"], "ayyubid", {"ayyubid": ["tuhgrils_rebellion"]})
    s["gold"][ayyubid] = 3
    _do(s, act("event", "tuhgrils_rebellion"))
    _do(s, act("at", west))
    _do(s, act("skip"))
    assert track(s, ayyubid, "crown") == 3 and command.legal(C, s, ayyubid) == [act("main"), act("crown", 1)]
    _do(s, act("crown", 1))
    assert s["gold"][ayyubid] == 1 and command.legal(C, s, ayyubid) == [act("at", west), act("skip")]


def test_an_event_march_adds_its_strength_in_the_battle_it_starts():
    """Guy's Expedition's crown event, "In same Region": a March +1 from the Desert the Neutral
    Units went to, into the Ayyubid Desert: 6 + 1 against 5."""
    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["guys_expedition"]})
    s["gold"][0] = 6
    desert, enemy = "desert_east_of_tripoli", "desert_north_of_damascus"
    _do(s, act("event", "guys_expedition"))
    for _ in range(2):
        _do(s, act("at", desert))
        _do(s, act("muster", 1))
    _do(s, act("crown", 3))
    assert command.legal(C, s, 0) == [act("at", desert), act("skip")]
    _do(s, act("at", desert))
    code = _group(s, desert, "angevin", cavalry=1, infantry=2)
    _do(s, act("march", enemy, code))
    assert s["battle"] and command.strengths(C, s) == (7, 5)


def test_or_and_instead():
    """ "Gain 1 Faith OR 3 Glory" (p.12), then the crown event's decision; an "Instead" crown
    event replaces the main event: it is chosen before any step, on the crowns there then."""
    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["pilgrims_at_the_sepulchre"]})
    _do(s, act("event", "pilgrims_at_the_sepulchre"))
    assert command.legal(C, s, 0) == [act("or", 1), act("or", 2), act("skip")]
    _do(s, act("or", 2))
    glory = s["glory"]
    _do(s, act("do"))
    assert s["glory"] == glory + 3
    assert command.legal(C, s, 0) == [act("main"), act("crown", 2)]  # 1 crown of 3, 4 Gold
    _do(s, act("main"))
    assert s["pending"] is None and s["gold"][0] == 4
    s = _game(["angevin", "turkoman"], "turkoman", {"turkoman": ["raid_on_the_road"]})
    s["gold"][1] = 10
    missing = event_choices.missing(s, 1, effects.event("raid_on_the_road"))
    _do(s, act("event", "raid_on_the_road"))
    assert command.legal(C, s, 1) == [act("main"), act("crown", missing)]
    _do(s, act("crown", missing))
    gold = s["gold"][1]
    _do(s, act("at", "damascus"))  # the crown event's first step: the main event's is gone
    _do(s, act("bandit", "desert_south_of_damascus"))
    _do(s, act("bandit", "desert_west_of_damascus"))
    assert command.legal(C, s, 1) == [act("do"), act("skip")]
    _do(s, act("do"))
    assert s["gold"][1] == gold + 3 and len(s["bandits"]) == 2  # the crown's 2 Bandits only, not the main's
    assert s["pending"] is None


def test_an_instead_card_choosing_its_main_event_asks_nothing_after_it():
    """ "Instead" exchanges the main event (p.12): Raid on the Road's main event chosen, its 2
    Bandits placed, the crown event is not offered again (the choice was made before any step);
    the choices read as the terminal lists them."""
    from outremer.games.third_crusade.game import ThirdCrusade

    s = _game(["angevin", "turkoman"], "turkoman", {"turkoman": ["raid_on_the_road"]})
    s["gold"][1] = 10
    _do(s, act("event", "raid_on_the_road"))
    missing = event_choices.missing(s, 1, effects.event("raid_on_the_road"))
    words = [ThirdCrusade().describe(s, a) for a in command.legal(C, s, 1)]
    assert words == [
        "The main event",
        f"The crown event instead (buying {missing} crown{'s' if missing > 1 else ''} for {2 * missing} Gold)",
    ]
    _do(s, act("main"))
    _do(s, act("at", "damascus"))
    _do(s, act("bandit", "desert_south_of_damascus"))
    _do(s, act("bandit", "desert_west_of_damascus"))
    assert s["pending"] is None and s["gold"][1] == 10 and len(s["bandits"]) == 2


def test_the_crown_event_follows_the_main_event_in_its_region_and_may_be_declined():
    """After the main event the crown decision, on the crowns the main event left: Conquests of
    Cyprus's Infantry takes Famagusta and its crown icon, 1 crown to 2 of the 3 needed, and 2 Gold
    buy the last. The choices read "No crown event" and "too"; the "In same Region" crown event
    stays in Famagusta."""
    from outremer.games.third_crusade.game import ThirdCrusade

    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["conquests_of_cyprus"]})
    assert track(s, 0, "crown") == 1
    _do(s, act("event", "conquests_of_cyprus"))
    _do(s, act("at", "famagusta"))
    _do(s, act("muster", 1))
    _do(s, act("skip"))
    assert track(s, 0, "crown") == 2 and command.legal(C, s, 0) == [act("main"), act("crown", 1)]
    assert [ThirdCrusade().describe(s, a) for a in command.legal(C, s, 0)] == [
        "No crown event",
        "The crown event too (buying 1 crown for 2 Gold)",
    ]
    log = _do(s, act("crown", 1))
    assert log[0].text == "Angevin executes the crown event, buying 1 crown for 2 Gold." and s["gold"][0] == 2
    assert command.legal(C, s, 0) == [act("at", "famagusta"), act("skip")]


def test_a_part_that_cannot_apply_is_ignored():
    """p.12: Burning of Haifa in Acre with no Ayyubid Infantry there: the Infantry is not removed.
    The crown event, "In same Region", could remove the Cavalry there: it is offered; declined."""
    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["burning_of_haifa"]})
    s["map"]["acre"] = [None, None, None, "ayyubid:cavalry", None, None, None, None, None]
    _do(s, act("event", "burning_of_haifa"))
    log = _do(s, act("at", "acre"))
    assert s["destroyed"] == ["acre"] and any("that step of Burning of Haifa is skipped" in e.text for e in log)
    assert command.legal(C, s, 0) == [act("main"), act("crown", 2)]
    _do(s, act("main"))
    assert s["pending"] is None and pieces(s, "acre") == ["ayyubid:cavalry"]


def test_adding_units_into_the_other_alliance_starts_a_battle():
    """p.12: Conquests of Cyprus musters 2 Infantry in Famagusta, held by an Ayyubid Infantry:
    2 against 1; the beaten Ayyubid has no Road to retreat along and is lost; the event goes on."""
    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["conquests_of_cyprus"]})
    s["map"]["famagusta"] = [None] * 9
    add(C, s, "famagusta", "ayyubid:infantry")
    _do(s, act("event", "conquests_of_cyprus"))
    _do(s, act("at", "famagusta"))
    _do(s, act("muster", 2))
    assert s["battle"] and s["battle"]["from"] is None and command.strengths(C, s) == (2, 1)
    _do(s, act("lose", "ayyubid:infantry"))
    _do(s, act("lose", "angevin:infantry"))
    assert s["battle"] is None and pieces(s, "famagusta") == ["angevin:infantry"]
    assert s["pending"]["kind"] == "event"  # the Cavalry step comes next
    _do(s, act("at", "famagusta"))
    _do(s, act("muster", 1))
    assert sorted(pieces(s, "famagusta")) == ["angevin:cavalry", "angevin:infantry"]


def test_bandits_take_2_units_from_a_march_and_are_removed():
    """Glossary, Bandit: 2 Units lost for each Bandit on the Road, then the Bandit is removed."""
    s = _game(["angevin", "ayyubid"], "angevin", {}, {"tyre": ("angevin", "march_1")})
    s["bandits"] = [road("tyre", "sidon")]
    reserve = s["reserve"]["angevin"]["infantry"]
    s["cp"][0] = 5
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=2, siege=1)))
    assert s["bandits"] == [] and s["reserve"]["angevin"]["infantry"] == reserve + 2
    assert sorted(pieces(s, "sidon")) == ["angevin:infantry", "angevin:infantry", "angevin:james", "angevin:siege"]


def test_bandits_take_a_retreating_unit():
    """Glossary, Bandit: "even as part of a retreat from a Battle". Tyre's 2 Infantry and Siege
    Engine beat 3 Ayyubid Infantry in Sidon (5 against 3); the last one retreats along the Road
    to the west Desert, where a Bandit takes it."""
    s = _game(["angevin", "ayyubid"], "angevin", {}, {"tyre": ("angevin", "march_1")})
    s["map"]["sidon"] = [None] * 9
    for _ in range(3):
        add(C, s, "sidon", "ayyubid:infantry")
    desert = "desert_west_of_damascus"
    s["bandits"] = [road("sidon", desert)]
    s["cp"][0] = 5
    _do(s, act("execute", "tyre"))
    _do(s, act("march", "sidon", _group(s, "tyre", "angevin", infantry=2, siege=1)))
    assert command.strengths(C, s) == (5, 3)
    _do(s, act("lose", "ayyubid:infantry"))
    _do(s, act("lose", "ayyubid:infantry"))
    _do(s, act("lose", "angevin:infantry"))
    reserve = s["reserve"]["ayyubid"]["infantry"]
    _do(s, act("retreat", desert, "ayyubid:infantry"))
    assert pieces(s, desert) == [] and s["bandits"] == [] and s["reserve"]["ayyubid"]["infantry"] == reserve + 1
    assert s["battle"] is None


def test_an_event_march_that_ignores_bandits_keeps_its_units():
    """Armenian Guides: a Forced March ignoring Bandits; the Bandit stays on the Road."""
    s = _game(["hre", "ayyubid"], "hre", {"hre": ["armenian_guides"]})
    s["map"]["tyre"] = [None] * 9
    for piece in ("hre:infantry", "hre:infantry"):
        add(C, s, "tyre", piece)
    s["bandits"] = [road("tyre", "acre"), road("tyre", "acre")]
    s["map"]["acre"] = [None] * 9
    recount(C, s)  # the position set by hand, counted anew
    _do(s, act("event", "armenian_guides"))
    _do(s, act("skip"))  # the Bandits are not removed
    _do(s, act("at", "tyre"))
    _do(s, act("march", "acre", _group(s, "tyre", "hre", infantry=2)))
    _do(s, act("stay"))
    assert pieces(s, "acre") == ["hre:infantry", "hre:infantry"] and len(s["bandits"]) == 2
    _do(s, act("main"))  # the crown event (1 crown of 2) not bought
    assert s["pending"] is None


def test_a_named_leader_already_on_the_map_moves_to_the_events_region():
    """Glossary, Named Leader ("place the Named Leader's piece in a Region ..."; ruling TC54):
    with 4 players Qilij Arslan II starts in Iconium and Conrad in Tripoli. Qilij Arslan's Double
    Game places the Sultan in another Region with Turkoman Presence, Conrad, King-Elect places
    Conrad in Tyre: each leaves its Region for the event's, and is not in two places."""
    from outremer.games.third_crusade.moves import leader_region

    armies = ["angevin", "hre", "ayyubid", "turkoman"]
    s = _game(armies, "turkoman", {"turkoman": ["qilij_arslans_double_game"], "hre": ["conrad_king_elect"]})
    assert leader_region(C, s, "qilij_arslan_ii") == "iconium" and leader_region(C, s, "conrad") == "tripoli"
    _do(s, act("event", "qilij_arslans_double_game"))
    legal = command.legal(C, s, 3)
    assert act("at", "hama") in legal and act("at", "iconium") not in legal  # not where he stands
    log = _do(s, act("at", "hama"))
    assert leader_region(C, s, "qilij_arslan_ii") == "hama" and "turkoman:qilij_arslan_ii" not in s["map"]["iconium"]
    assert any(e.rule == "TC54" and "Qilij Arslan II" in e.text for e in log)
    while s["pending"]:
        _do(s, command.legal(C, s, 3)[-1])
    hre = armies.index("hre")
    s["turn"] = s["initiative"].index(hre)
    _do(s, act("event", "conrad_king_elect"))
    _do(s, act("at", "tyre"))
    assert leader_region(C, s, "conrad") == "tyre" and "neutral:conrad" not in s["map"]["tripoli"]


def test_an_events_diplomacy_moves_are_made_at_once_with_the_diplomacy_phases_rules():
    """An Event's move on the diplomacy board (Iconography; p.16; ruling TC55): Talks with
    Al-Adil's two moves are made when the card is executed. From the Crusader start the
    Angevin may stop in the first row or go on to the 4-space row; it takes 3 Neutral Infantry
    (r2b), places them one by one in Regions it Controls, then moves on to the triangular Faith
    above, which acts at once. Nothing waits for the Diplomacy phase."""
    from outremer.games.third_crusade import diplomacy_moves

    s = _game(["angevin", "ayyubid"], "angevin", {"angevin": ["talks_with_al_adil"]})
    _do(s, act("event", "talks_with_al_adil"))
    legal = command.legal(C, s, 0)
    assert legal == [act("move", k) for k in ("r1a", "r2a", "r2b", "r2c", "r2d")] + [act("skip")]
    log = _do(s, act("move", "r2b"))
    assert s["markers"]["angevin"] == ["r2b"] and any(e.rule == "TC55" for e in log)
    for _ in range(3):
        legal = command.legal(C, s, 0)
        assert legal == diplomacy_moves.choices(C, s, s["pending"]["place"][0]) and act("discard") in legal
        _do(s, next(a for a in legal if a.verb == "place"))
    assert sum(p == "neutral:infantry" for slots in s["map"].values() for p in slots) >= 3
    assert act("move", "r3a") in command.legal(C, s, 0) and act("done") in command.legal(C, s, 0)
    faith = s["faith"]["crusader"]
    _do(s, act("move", "r3a"))
    assert s["markers"]["angevin"] == ["r2b", "r3a"] and s["faith"]["crusader"] == faith + 1
    assert s["pending"]["queue"][0] == ["main", 1] and "extra_moves" not in s  # on to the Gold


def test_the_heuristic_buys_a_crown_event_only_when_it_is_worth_its_gold():
    """The computer player's crown decision, after the main event: Conquests of Cyprus's crown
    event (a gold and a supply token, 2 points) for 1 crown bought (2 Gold, 1 point) is taken;
    Tuhgril's Rebellion's (1 Cavalry, 2 points) for 2 crowns (4 Gold, 2 points) is not."""
    from outremer.ai import agent_for, agent_random, decide
    from outremer.games import get_game

    game = get_game("third-crusade")

    def started(first, hands):  # a whole game's state (the view reads all of it), in the Command phase
        s, _ = game.start(game.make_setup(1, ["heuristic", "heuristic"], {}))
        s.update(_game(["angevin", "ayyubid"], first, hands))
        return s

    def choice(s, seat):
        return decide(agent_for(game, "heuristic"), game, s, seat, agent_random(1, 0))

    s = started("angevin", {"angevin": ["conquests_of_cyprus"]})
    _do(s, act("event", "conquests_of_cyprus"))
    _do(s, act("at", "famagusta"))
    _do(s, act("muster", 1))
    _do(s, act("skip"))
    assert choice(s, 0) == act("crown", 1)
    s = started("ayyubid", {"ayyubid": ["tuhgrils_rebellion"]})
    _do(s, act("event", "tuhgrils_rebellion"))
    _do(s, act("at", "desert_south_of_damascus"))
    _do(s, act("skip"))
    assert command.legal(C, s, 1) == [act("main"), act("crown", 2)] and choice(s, 1) == act("main")
