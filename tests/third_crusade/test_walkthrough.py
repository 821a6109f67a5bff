"""The plutorial (p.24-29): the first round of a 2-player game, the Angevin against the Ayyubid,
played through the engine's legal actions from the 2-player setup, phase by phase: the same
Event Cards laid and picked, the same Orders in the same Regions executed in the printed
order, the same Event Cards, the two Battles, the Diplomacy phase and the ten steps of Upkeep.
At each point where the text prints a number (command points, tracks, Units, Glory, Faith,
Gold, who Controls what) the test asserts it.

Where the text is wrong, the test asserts the ruled value and names the ruling: TC22 (the
Mission's winner), TC60 (the Angevin's base command points after Diplomacy and the Genoa
ships), TC61 (the Ayyubid's base command points at the end of Upkeep), TC62 (the Ayyubid's
Gold after Upkeep). Where our designed data (ruling TC1) makes a printed step impossible, the
comment says so and what the test does instead.

Each phase is played once (``functools.cache``) from the state the previous phase left, so the
tests read in the plutorial's order and each starts where the last stopped."""

from __future__ import annotations

from functools import cache

from outremer.core.actions import act
from outremer.games import get_game
from outremer.games.third_crusade import command, upkeep
from outremer.games.third_crusade.cards import cards, orders
from outremer.games.third_crusade.data import content, controller, uncovered
from outremer.games.third_crusade.moves import pieces
from outremer.games.third_crusade.state import need

GAME = get_game("third-crusade")
C = content()
SOUTH = C.south
ANGEVIN, AYYUBID = 0, 1
"""The seats: with the default options the 2-player game is the Angevin against the Ayyubid."""

LAID = {
    "angevin": ["conquests_of_cyprus", "guys_expedition", "ayyubid_servants_loot", "henry_of_champagne"],
    "ayyubid": ["tuhgrils_rebellion", "crusader_fleet_defeats", "forced_slaughter_of_horses", "al_adils_victory"],
}
"""Plutorial, Strategy: the cards each player places under the flags 2, 3, 4 and 5."""

ORDERS = {
    AYYUBID: [
        ("muster_march", "desert_north_of_damascus"),
        ("defence", "acre"),
        ("muster_cavalry", "jerusalem"),
        ("march_1", "damascus"),
        ("alliance_levy", "ahamant"),
        ("blank_1", "desert_west_of_damascus"),
    ],
    ANGEVIN: [
        ("defence", "desert_east_of_tripoli"),
        ("muster_infantry", "tyre"),
        ("muster_march", "sidon"),
        ("sea_move", "tripoli"),
        ("blank_1", "desert_south_of_damascus"),
        ("blank_2", "desert_north_of_damascus"),
    ],
}
"""Plutorial, Planning (the picture is lost; the Orders are read from the Command phase and
Upkeep, in our designed Orders, ruling TC15): the Ayyubid's Muster and March in its Desert
(step 1), a Reaction in Acre (tithed, Upkeep 2), +1 Cavalry in Jerusalem (9), a March in
Damascus (7), +2 Infantry with the Alliance's Presence in Ahamant (11) and a Blank Order in the
west Desert it later Marches into (7); the Angevin's Defence in its Desert (1), +3 Infantry in
Tyre (6), Muster and March in Sidon (8), a Sea Move in Tripoli (10), a Blank Order in an empty
Region and another in the Ayyubid's Desert."""


class Round:
    """The game as the players play it: every action must be one of the legal actions of the
    seat to act (``Game.apply`` refuses anything else)."""

    def __init__(self, state, log=(), played=()):
        self.s = state
        self.log = list(log)
        self.played = list(played)
        """(seat, action text) of every action taken from the setup: the lesson's script must
        play the same (test_lesson.py)."""

    def copy(self) -> Round:
        return Round(self.s, self.log, self.played)  # Game.apply never changes a state: sharing it is safe

    def legal(self):
        return GAME.legal_actions(self.s)

    def do(self, action, seat):
        assert GAME.to_act(self.s) == seat, (GAME.to_act(self.s), seat)
        legal = self.legal()
        assert action in legal, (action, legal[:20])
        self.s, events = GAME.apply(self.s, action, seat)
        self.log += events
        self.played.append((seat, action.text))
        return events

    def tracks(self, seat):
        """(gold, supply, crowns, base command points, current command points): the order of
        the plutorial's summary at the end of the Command phase."""
        cp, crown, supply, gold = self.s["tracks"][self.s["armies"][seat]]
        return gold, supply, crown, cp, self.s["cp"][seat]

    def group(self, frm, army, **counts):
        """The March group code: how many of each kind of the Army's pieces in ``frm``."""
        kinds = sorted(set(command.movable(C, self.s, frm, army, False)))
        return "g" + ".".join(str(counts.get(kind.split(":")[1], 0)) for kind in kinds)


# -- Setup ----------------------------------------------------------------------------------------
@cache
def setup() -> Round:
    """The lesson's setup (rulings TC120-TC122): the 2-player page (p.6) with what the plutorial
    fixes in place of chance, the Ayyubid first on the initiative track, Bedouin Tribes on the
    Diplomacy pile, Ensure our supply the active Mission, and the four 1190 Event Cards each
    player draws; no Objective Cards and no Faith markers yet."""
    s, log = GAME.start(GAME.make_setup(1, ["human", "human"], {"lesson": "first-round"}))
    assert s["armies"] == ["angevin", "ayyubid"] and s["phase"] == "strategy"
    assert s["strategy"]["drawn"] == LAID
    return Round(s, log)


def test_setup():
    """The 2-player page's tracks (command points, crowns, supply, gold; ruling TC4): Angevin
    1/1/5/1, Ayyubid 3/2/4/3; 4 Gold chits each (p.4); the Ayyubid on the first spot of the
    initiative track; the Glory marker at 0; Bedouin Tribes and Ensure our supply turned up."""
    r = setup()
    s = r.s
    assert s["tracks"] == {"angevin": [1, 1, 5, 1], "ayyubid": [3, 2, 4, 3]}
    assert s["cp"] == [1, 3] and s["gold"] == [4, 4] and s["glory"] == 0
    assert s["initiative"][0] == AYYUBID
    assert s["diplomacy_cards"][0] == "bedouin_tribes" and s["missions"][0] == "ensure_supply"
    # the Angevin's Desert (east of Tripoli) holds a Neutral Infantry beside its Cavalry; the
    # Ayyubid's Desert (north of Damascus) lies south of it; the Deserts west and south of
    # Damascus are empty (TC1)
    assert sorted(pieces(s, "desert_east_of_tripoli")) == ["angevin:cavalry", "neutral:infantry"]
    assert sorted(pieces(s, "desert_north_of_damascus")) == ["ayyubid:cavalry"] + ["ayyubid:infantry"] * 3
    assert SOUTH.region("desert_east_of_tripoli").y < SOUTH.region("desert_north_of_damascus").y
    assert pieces(s, "desert_west_of_damascus") == pieces(s, "desert_south_of_damascus") == []
    # the Faith markers are not on the board (the text adds them after the round, "The markers
    # start at 2"): neither player has the Faith bonus in this round's Battles (p.14; TC121)
    assert GAME.view(s, ANGEVIN)["faith"] is None and s["objectives"] == {"angevin": [], "ayyubid": []}


# -- 1. Strategy phase ----------------------------------------------------------------------------
@cache
def strategy_phase() -> Round:
    r = setup().copy()
    for _ in range(2):  # laid face down, in secret, then flipped together
        seat = GAME.to_act(r.s)
        r.do(act("arrange", *LAID[r.s["armies"][seat]]), seat)
    assert r.s["strategy"]["rows"] == LAID
    r.do(act("pick", "angevin", 4), AYYUBID)  # 1. "To avoid this Ayyubid chooses card nr 4."
    r.do(act("pick", "ayyubid", 5), ANGEVIN)  # 2. "... so they choose card nr 5."
    r.do(act("pick", "angevin", 3), AYYUBID)  # 3. "Ayyubid then chooses to give Angevin card nr 3."
    r.do(act("pick", "ayyubid", 3), ANGEVIN)  # 4. "Angevin gives Ayyubid card nr 3."
    return r


def test_strategy_phase():
    """ "Angevin now have 9 current command points and Ayyubid have 10"; the base markers stay
    where setup put them. Each picked card goes to its owner: the Angevin holds Ayyubid Servants
    Loot Their Own Camp and Guy's Expedition, the Ayyubid Al-Adil's Victory and Crusader Fleet
    Suffer Defeats; the rest are discarded."""
    r = strategy_phase()
    s = r.s
    assert s["cp"] == [9, 10]
    assert s["tracks"]["angevin"][0] == 1 and s["tracks"]["ayyubid"][0] == 3
    assert s["hand"] == {
        "angevin": ["ayyubid_servants_loot", "guys_expedition"],
        "ayyubid": ["al_adils_victory", "crusader_fleet_defeats"],
    }
    assert s["phase"] == "planning" and s["strategy"] is None
    assert any("The 4 cards left under the bidding board are discarded" in e.text for e in r.log)


# -- 2. Planning phase ----------------------------------------------------------------------------
@cache
def planning_phase() -> Round:
    r = strategy_phase().copy()
    for ayyubid, angevin in zip(ORDERS[AYYUBID], ORDERS[ANGEVIN], strict=True):
        key, region = ayyubid  # each Order placed in two choices: the Order, then its Region
        r.do(act("order", key), AYYUBID)
        r.do(act("section", region), AYYUBID)
        key, region = angevin
        if key == "blank_2":  # two Blank Orders are one choice: the second is the one left
            assert act("order", "blank_1") not in r.legal()
        r.do(act("order", key), ANGEVIN)
        r.do(act("section", region), ANGEVIN)
    r.do(act("pass"), AYYUBID)
    r.do(act("pass"), ANGEVIN)
    return r


def test_planning_phase():
    """Orders face down, "with the back of the Order facing their opponent": each sees its own
    Orders and only the backs of the other's. "As beginner players, Angevin and Ayyubid only
    place Orders where they have Units", besides the Blank Orders; what they place costs
    exactly their current command points (Angevin 1 + 3 + 3 + 2 = 9, Ayyubid 3 + 1 + 1 + 2 + 3
    = 10; ruling TC15)."""
    r = planning_phase()
    s = r.s
    assert s["phase"] == "command"
    for seat, army in enumerate(s["armies"]):
        side = "crusader" if army == "angevin" else "muslim"
        placed = {region: key for region, sides in s["sections"].items() for key in [sides[side]] if key}
        assert {k: v[1] for k, v in placed.items()} == {region: key for key, region in ORDERS[seat]}
        costs, blanks = 0, 0
        for region, (_, key) in placed.items():
            order = next(o for o in orders(army) if o.key == key)
            if order.blank:
                blanks += 1
            else:
                costs += order.cost
                assert any(p.startswith(f"{army}:") for p in pieces(s, region)), (army, region)
        assert costs == s["cp"][seat] and blanks == (2 if army == "angevin" else 1)
    for viewer in (ANGEVIN, AYYUBID):
        view = GAME.view(s, viewer)["sections"]
        other = "muslim" if viewer == ANGEVIN else "crusader"
        mine = "crusader" if viewer == ANGEVIN else "muslim"
        assert all(v[other]["order"] is None for v in view.values() if v[other])
        assert all(v[mine]["order"] for v in view.values() if v[mine])


# -- 3. Command phase -----------------------------------------------------------------------------
@cache
def command_step_1() -> Round:
    """1. The Ayyubid's Order in its Desert: 3 command points, +1 Infantry, a March with all
    its Units but 1 into the Angevin's Desert to the north."""
    r = planning_phase().copy()
    desert, north = "desert_north_of_damascus", "desert_east_of_tripoli"
    r.do(act("execute", desert), AYYUBID)
    assert r.s["cp"][AYYUBID] == 10 - 3  # "3 steps down"
    r.do(act("muster", 1), AYYUBID)
    assert sorted(pieces(r.s, desert)) == ["ayyubid:cavalry"] + ["ayyubid:infantry"] * 4
    everything = act("march", north, r.group(desert, "ayyubid", infantry=4, cavalry=1))
    assert everything not in r.legal()  # "with all Units, except 1"
    r.do(act("march", north, r.group(desert, "ayyubid", infantry=3, cavalry=1)), AYYUBID)
    # "Ayyubid's attacking Units have 5 in Battle Strength. Angevin's defending Strength is 3,
    # including the Neutral Infantry" (a Cavalry 2 in a Desert, an Infantry 1)
    assert command.strengths(C, r.s) == (5, 3)
    assert GAME.to_act(r.s) == ANGEVIN  # the lower Strength may react
    r.do(act("react", north), ANGEVIN)
    assert command.strengths(C, r.s) == (5, 5) and r.s["cp"][ANGEVIN] == 9 - 1  # "+2 in Defence", 1 step down
    # "In case of a tie, the defender is the winner. After every Battle, each player will always
    # lose a minimum of 1 Unit." The Ayyubid, beaten, chooses first.
    r.do(act("lose", "ayyubid:infantry"), AYYUBID)
    assert set(r.legal()) == {act("lose", "angevin:cavalry"), act("lose", "neutral:infantry")}
    r.do(act("lose", "neutral:infantry"), ANGEVIN)
    return r


def test_command_step_1_the_march_into_the_angevin_desert_and_the_defence():
    r = command_step_1()
    s = r.s
    assert s["battle"] is None and s["pending"] is None
    # the Ayyubid "retreats back into the Region they attacked from, and removes 1 Infantry"
    assert sorted(pieces(s, "desert_north_of_damascus")) == ["ayyubid:cavalry"] + ["ayyubid:infantry"] * 3
    assert pieces(s, "desert_east_of_tripoli") == ["angevin:cavalry"]
    # "Executed Orders are removed and placed next to the map until the end of the round."
    assert s["executed"] == {"angevin": ["defence"], "ayyubid": ["muster_march"]}
    assert s["sections"]["desert_east_of_tripoli"]["crusader"] is None
    assert s["glory"] == 0  # the defence won in a Desert, no Leader: no Glory
    assert s["cp"] == [8, 7]
    assert GAME.to_act(s) == ANGEVIN  # "Now the turn moves on to Angevin."


@cache
def command_step_2() -> Round:
    """2. The Angevin's Ayyubid Servants Loot Their Own Camp, "in any Region where Ayyubid has
    Presence": a Sabotage token on Acre's Glory icon, 1 Ayyubid Infantry off Jerusalem."""
    r = command_step_1().copy()
    r.do(act("event", "ayyubid_servants_loot"), ANGEVIN)
    r.do(act("at", "acre"), ANGEVIN)
    r.do(act("sabotage", SOUTH.region("acre").icons.index("glory")), ANGEVIN)
    r.do(act("at", "jerusalem"), ANGEVIN)
    r.do(act("remove", "ayyubid:infantry"), ANGEVIN)
    assert r.s["pending"] is None  # "Angevin cannot play the crown event": it is not offered
    return r


def test_command_step_2_ayyubid_servants_loot_their_own_camp():
    """ "This leaves only a Neutral Infantry in Jerusalem, and Ayyubid loses Control of the
    City!" No track moves: Acre's Glory icon is no track (TC11) and Jerusalem prints no icon
    (TC1). The Ayyubid's Order in Jerusalem "cannot be executed, because they no longer have
    Presence in the Region"."""
    before, r = command_step_1(), command_step_2()
    s = r.s
    assert pieces(s, "jerusalem") == ["neutral:infantry"] and controller(s["map"]["jerusalem"]) is None
    assert "glory" not in uncovered(SOUTH.region("acre"), s["map"]["acre"])
    assert s["reserve"]["ayyubid"]["infantry"] == before.s["reserve"]["ayyubid"]["infantry"] + 1
    assert r.tracks(AYYUBID) == before.tracks(AYYUBID) == (3, 4, 2, 3, 7)
    assert "ayyubid_servants_loot" not in s["hand"]["angevin"]
    assert GAME.to_act(s) == AYYUBID and act("execute", "jerusalem") not in r.legal()


@cache
def command_step_3() -> Round:
    """3. The Ayyubid's Al-Adil's Victory: a Forced March from Al-Adil's Region, Ahamant, into
    the Desert and on into Jerusalem; the crown event bought; a Bandit west of Jerusalem."""
    r = command_step_2().copy()
    r.do(act("event", "al_adils_victory"), AYYUBID)
    r.do(act("at", "ahamant"), AYYUBID)
    desert = "desert_south_of_damascus"
    # Ibn Shaddad stays behind "to not lose Control and the Resources in the Region"
    r.do(act("march", desert, r.group("ahamant", "ayyubid", al_adil=1, cavalry=2, infantry=1)), AYYUBID)
    # "choosing to leave 1 Cavalry in the Desert"
    r.do(act("march", "jerusalem", r.group(desert, "ayyubid", al_adil=1, cavalry=1, infantry=1)), AYYUBID)
    # "Ayyubid also wants to execute the crown event. They only have 2 crowns on their crown
    # track, and they need to have reached 3 ... by paying 2 gold chits for each crown they are short"
    assert r.legal() == [act("main"), act("crown", 1)]
    r.do(act("crown", 1), AYYUBID)
    r.do(act("at", "jerusalem"), AYYUBID)  # the crown event: "a Region with any Presence"
    r.do(act("bandit", "jaffa"), AYYUBID)  # "one of the Roads west of Jerusalem"
    return r


def test_command_step_3_al_adils_victory():
    """ "They are now in Control of both Jerusalem and the Desert and gain all Resources. They
    move their markers for gold and supply 1 step each, but do not gain any gold chits." "They
    pay 2 of their 4 gold chits to the pool ... The crown and gold track markers stay in their
    places." A Bandit on a Road west of Jerusalem."""
    before, r = command_step_2(), command_step_3()
    s = r.s
    assert "ayyubid:ibn_shaddad" in s["map"]["ahamant"] and controller(s["map"]["ahamant"]) == "ayyubid"
    assert pieces(s, "desert_south_of_damascus") == ["ayyubid:cavalry"]
    assert sorted(pieces(s, "jerusalem")) == [
        "ayyubid:al_adil",
        "ayyubid:cavalry",
        "ayyubid:infantry",
        "neutral:infantry",
    ]
    assert controller(s["map"]["jerusalem"]) == controller(s["map"]["desert_south_of_damascus"]) == "ayyubid"
    gold, supply, crown, base, _ = before.tracks(AYYUBID)
    assert r.tracks(AYYUBID)[:4] == (gold + 1, supply + 1, crown, base) == (4, 5, 2, 3)
    assert s["gold"][AYYUBID] == 4 - 2
    assert s["bandits"] == [["jaffa", "jerusalem"]]
    assert SOUTH.region("jaffa").x < SOUTH.region("jerusalem").x


@cache
def command_step_4() -> Round:
    """4. The Angevin's Guy's Expedition, in a Desert with Angevin Presence."""
    r = command_step_3().copy()
    r.do(act("event", "guys_expedition"), ANGEVIN)
    # "their only available Desert Region"
    assert r.legal() == [act("at", "desert_east_of_tripoli"), act("skip")]
    for _ in range(2):
        r.do(act("at", "desert_east_of_tripoli"), ANGEVIN)
        r.do(act("muster", 1), ANGEVIN)
    # "Angevin does not have enough crowns and gold to be able to execute the crown event" (1
    # crown and 4 Gold for 4 crowns): it is not offered
    assert r.s["pending"] is None
    return r


def test_command_step_4_guys_expedition():
    """ "They pick a Cavalry and an Infantry from the Neutral pool next to the map and place them
    in their only available Desert Region." No track moves."""
    before, r = command_step_3(), command_step_4()
    assert sorted(pieces(r.s, "desert_east_of_tripoli")) == ["angevin:cavalry", "neutral:cavalry", "neutral:infantry"]
    assert controller(r.s["map"]["desert_east_of_tripoli"]) == "angevin"
    assert r.tracks(ANGEVIN) == before.tracks(ANGEVIN) == (1, 5, 1, 1, 8) and r.s["gold"][ANGEVIN] == 4


@cache
def command_step_5() -> Round:
    """5. The Ayyubid's Crusader Fleet Suffer Defeats, in a Port, any Presence."""
    r = command_step_4().copy()
    r.do(act("event", "crusader_fleet_defeats"), AYYUBID)
    r.do(act("at", "tripoli"), AYYUBID)  # "their Region with most Units"
    r.do(act("at", "sidon"), AYYUBID)
    r.do(act("sabotage", SOUTH.region("sidon").icons.index("supply")), AYYUBID)
    # "The Ayyubid player chooses not to spend their last 2 gold on executing the crown event."
    assert r.legal() == [act("main"), act("crown", 1)]
    r.do(act("main"), AYYUBID)
    return r


def test_command_step_5_crusader_fleet_suffer_defeats():
    """ "Ayyubid gets to place a Destroy Port chit on top of a Port icon ... in Tripoli, their
    Region with most Units ... a Sabotage chit ... on top of one of the supply icons in Sidon.
    The Angevin player moves their supply marker down 1 step." "With the Port icon blocked, the
    Order in Tripoli cannot be executed!"
    """
    before, r = command_step_4(), command_step_5()
    s = r.s
    units = {
        k: sum(1 for p in pieces(before.s, k, "angevin") if p.split(":")[1] in ("infantry", "cavalry", "siege"))
        for k in s["map"]
    }
    assert max(units, key=units.get) == "tripoli"
    assert s["destroyed"] == ["tripoli"]
    assert s["map"]["sidon"][SOUTH.region("sidon").icons.index("supply")] == "sabotage"
    assert r.tracks(ANGEVIN)[1] == before.tracks(ANGEVIN)[1] - 1 == 4
    assert s["gold"] == [4, 2]
    assert GAME.to_act(s) == ANGEVIN and act("execute", "tripoli") not in r.legal()
    assert s["sections"]["tripoli"]["crusader"] == ["angevin", "sea_move"]


@cache
def command_steps_6_and_7() -> Round:
    r = command_step_5().copy()
    # 6. The Order in Tyre: 3 command points, 3 Infantry
    r.do(act("execute", "tyre"), ANGEVIN)
    r.do(act("muster", 3), ANGEVIN)
    # 7. The Order in Damascus: Al-Afdal and 1 Infantry March to the west Desert
    r.do(act("execute", "damascus"), AYYUBID)
    r.do(act("march", "desert_west_of_damascus", r.group("damascus", "ayyubid", al_afdal=1, infantry=1)), AYYUBID)
    return r


def test_command_steps_6_and_7():
    r = command_steps_6_and_7()
    s = r.s
    # 6. "They pay the command point cost by moving their current command point marker 3 steps
    # down ... The last Unit they place will cover one of the supply icons": supply 4 -> 3
    assert s["cp"][ANGEVIN] == 8 - 3
    assert pieces(s, "tyre").count("angevin:infantry") == 2 + 3
    assert uncovered(SOUTH.region("tyre"), s["map"]["tyre"]).count("supply") == 1
    assert r.tracks(ANGEVIN)[1] == 3
    # 7. "They move their crown marker up 1 step": 2 -> 3; the single Cavalry keeps the Desert
    # to the South
    assert sorted(pieces(s, "desert_west_of_damascus")) == ["ayyubid:al_afdal", "ayyubid:infantry"]
    assert r.tracks(AYYUBID)[2] == 3
    assert pieces(s, "desert_south_of_damascus") == ["ayyubid:cavalry"]
    assert s["sections"]["desert_west_of_damascus"]["muslim"] == ["ayyubid", "blank_1"]  # the bluff


@cache
def command_step_8() -> Round:
    r = command_steps_6_and_7().copy()
    west = "desert_west_of_damascus"
    r.do(act("execute", "sidon"), ANGEVIN)
    r.do(act("muster", 1), ANGEVIN)
    r.do(act("march", west, r.group("sidon", "angevin", james=1, infantry=2)), ANGEVIN)
    # "Angevin's Battle Strength is 4, against Ayyubid's 3" (James a Cavalry icon, 2 in a Desert)
    assert command.strengths(C, r.s) == (4, 3)
    # "Blank Orders can not be played": the Ayyubid is asked, and may only decline
    assert GAME.to_act(r.s) == AYYUBID and r.legal() == [act("no_react")]
    r.do(act("no_react"), AYYUBID)
    r.do(act("lose", "ayyubid:infantry"), AYYUBID)  # "They choose to remove the Infantry"
    r.do(act("lose", "angevin:infantry"), ANGEVIN)  # "The winner Angevin will lose 1 Unit."
    # "any Adjacent Region that is either empty or where they have Units" (not Sidon, the
    # Region the attack came from): they choose "the weaker Desert Region with 1 Cavalry"
    targets = {a.args[0] for a in r.legal()}
    assert "desert_south_of_damascus" in targets and "sidon" not in targets
    r.do(act("retreat", "desert_south_of_damascus", "ayyubid:al_afdal"), AYYUBID)
    return r


def test_command_step_8_the_battle_for_the_west_desert():
    before = command_steps_6_and_7()
    r = command_step_8()
    s = r.s
    assert s["battle"] is None
    assert s["cp"][ANGEVIN] == 5 - 3
    assert sorted(pieces(s, "desert_west_of_damascus")) == ["angevin:infantry", "angevin:james"]
    assert sorted(pieces(s, "desert_south_of_damascus")) == ["ayyubid:al_afdal", "ayyubid:cavalry"]
    # Al-Afdal covers the Desert's supply icon: "moving their supply marker 1 step down", and
    # "their crown marker down for the crown they lost"
    assert "supply" not in uncovered(SOUTH.region("desert_south_of_damascus"), s["map"]["desert_south_of_damascus"])
    assert r.tracks(AYYUBID)[1:3] == (before.tracks(AYYUBID)[1] - 1, before.tracks(AYYUBID)[2] - 1) == (4, 2)
    # "They now gain 2 Glory ... They also move their crown marker up 1 step"
    assert s["glory"] == 2 and r.tracks(ANGEVIN)[2] == before.tracks(ANGEVIN)[2] + 1 == 2
    assert any(e.text == "The Crusader Alliance wins the Battle and gains 2 Glory." for e in r.log)


@cache
def command_phase() -> Round:
    r = command_step_8().copy()
    # 9. The Order in Jerusalem: Presence, a City: +1 Cavalry
    r.do(act("execute", "jerusalem"), AYYUBID)
    r.do(act("muster", 1), AYYUBID)
    # 10. "Angevin has no more Cards or Orders that they can execute, since the Sea Move" in
    # Tripoli "does not meet the requirements": it passes
    assert r.legal() == [act("pass")]
    r.do(act("pass"), ANGEVIN)
    # 11. The Order in Ahamant (the Alliance's Presence icon): +2 Infantry; then it passes
    r.do(act("execute", "ahamant"), AYYUBID)
    r.do(act("muster", 2), AYYUBID)
    r.do(act("pass"), AYYUBID)
    return r


def test_the_end_of_the_command_phase():
    """ "Ayyubid's player board markers are placed at 4 gold, 4 supply, 2 crown, 3 base command
    points and 1 current command point. Angevin's ... at 1 gold, 3 supply, 2 crown, 1 base
    command point and 2 current command points." The victory check: "Angevin is in the lead
    with 2 Glory on the Glory track"; on to the Diplomacy phase."""
    r = command_phase()
    s = r.s
    assert r.tracks(AYYUBID) == (4, 4, 2, 3, 1)
    assert r.tracks(ANGEVIN) == (1, 3, 2, 1, 2)
    assert s["glory"] == 2 and s["phase"] == "diplomacy" and s["result"] is None
    assert pieces(s, "jerusalem").count("ayyubid:cavalry") == 2
    assert sorted(pieces(s, "ahamant")) == ["ayyubid:ibn_shaddad", "ayyubid:infantry", "ayyubid:infantry"]
    # the Ayyubid's Orders of steps 7, 9 and 11 cost 6 in all: 10 - 3 - 6 = 1
    spent = sum(o.cost for o in orders("ayyubid") if o.key in ("march_1", "muster_cavalry", "alliance_levy"))
    assert spent == 6 and 10 - 3 - spent == s["cp"][AYYUBID]
    # left on the map: the Angevin's Sea Move and two Blanks, the Ayyubid's Reaction and its Blank
    left = {(region, side[1]) for region, sides in s["sections"].items() for side in sides.values() if side}
    assert left == {
        ("tripoli", "sea_move"),
        ("desert_south_of_damascus", "blank_1"),
        ("desert_north_of_damascus", "blank_2"),
        ("acre", "defence"),
        ("desert_west_of_damascus", "blank_1"),
    }


# -- 4. Diplomacy phase ---------------------------------------------------------------------------
@cache
def diplomacy_bids() -> Round:
    r = command_phase().copy()
    # "Since Ayyubid only had 2 gold left, Angevin made a gamble": both bid 2 (the Angevin's 4
    # Gold at the end of Upkeep, printed, confirms it)
    assert r.legal() == [act("bid", n) for n in range(3)]
    r.do(act("bid", 2), AYYUBID)
    r.do(act("bid", 2), ANGEVIN)
    # "There is a tie, and the first player on the initiative track, Ayyubid, wins the bid."
    assert set(r.legal()) == {act("reward", 1), act("reward", 2)}
    r.do(act("reward", 2), AYYUBID)
    return r


def test_diplomacy_bids_and_rewards():
    """ "Both players pay their bid to the pool. Ayyubid chooses bonus nr 2, and gain 1 Glory.
    The Glory track marker is immediately moved 1 step in their direction, from 2 to 1 on
    Angevin's side. In 2-player games, the player who lost the bid will always get reward nr 3.
    Angevin gains 1 gold."
    """
    s = diplomacy_bids().s
    assert s["glory"] == 1
    assert s["gold"] == [4 - 2 + 1, 2 - 2]
    assert s["dip"]["rewards"] == {"ayyubid": 2, "angevin": 3}


@cache
def diplomacy_phase() -> Round:
    r = diplomacy_bids().copy()
    # "Ayyubid is first in order on the Diplomacy Card. They choose the Glory chit ... and
    # places this in Ahamant."
    assert GAME.to_act(r.s) == AYYUBID
    r.do(act("move", "r1b"), AYYUBID)
    r.do(act("place", "ahamant"), AYYUBID)
    # "Angevin choose to bypass the crown token on the first row in order to gain a command point
    # in the next row."
    assert act("move", "r1a") in r.legal()
    r.do(act("move", "r2a"), ANGEVIN)
    # "They place it in Tripoli and move their base command point marker 1 step up." Not with our
    # map (ruling TC1): Tripoli's two free square Slots both print an icon (a command point and a
    # gold; its other four hold William and three Infantry), so the token takes the place of the
    # printed command point (ruling TC32) and the track does not move: see the test below. The
    # Angevin puts it where the text's +1 is possible, the Desert it has just won.
    r.do(act("place", "desert_west_of_damascus"), ANGEVIN)
    return r


def test_diplomacy_board():
    """The Glory chit in Ahamant is "NOT moved at this point" (it is counted in Upkeep); the
    command point token raises the Angevin's base command points by 1: the text's "from 2 to 3"
    is a misprint, the Angevin's base being the 1 printed at the end of the Command phase
    (ruling TC60): from 1 to 2."""
    before = diplomacy_bids()
    r = diplomacy_phase()
    s = r.s
    assert s["markers"] == {"ayyubid": ["r1b"], "angevin": ["r2a"]}
    assert "glory" in s["tokens"]["ahamant"] and "glory" in uncovered(
        SOUTH.region("ahamant"), s["map"]["ahamant"], s["tokens"]["ahamant"]
    )
    assert "cp" in s["tokens"]["desert_west_of_damascus"]
    assert before.tracks(ANGEVIN)[3] == 1 and r.tracks(ANGEVIN)[3] == 2  # TC60, not "from 2 to 3"
    assert r.tracks(AYYUBID)[3] == 3
    # the Glory marker moved only for the reward (2 -> 1), then for the Mission (TC22, below)
    assert any(e.text == "Ayyubid places a Glory token in Ahamant." for e in r.log)


def test_the_command_point_token_in_tripoli_moves_nothing_on_our_map():
    """Ruling TC1 (designed map) and TC32 (a token on a printed icon shows its own icon in the
    printed one's place): Tripoli is offered, but the token there covers Tripoli's printed
    command point and the Angevin's base stays 1."""
    r = diplomacy_bids().copy()
    r.do(act("move", "r1b"), AYYUBID)
    r.do(act("place", "ahamant"), AYYUBID)
    r.do(act("move", "r2a"), ANGEVIN)
    assert act("place", "tripoli") in r.legal()
    free_squares = [i for i in range(6) if r.s["map"]["tripoli"][i] is None]
    assert free_squares and all(SOUTH.region("tripoli").icons[i] for i in free_squares)
    r.do(act("place", "tripoli"), ANGEVIN)
    assert r.s["tokens"]["tripoli"][SOUTH.region("tripoli").icons.index("cp")] == "cp"
    assert r.tracks(ANGEVIN)[3] == 1


# -- 5. Upkeep phase ------------------------------------------------------------------------------
def test_upkeep_step_1_the_mission():
    """ "Ayyubid has 4 supply icons, but only in 2 Regions. Angevin has 3 supply icons, in 3
    Regions." The text then says "The winner Ayyubid will gain Glory equal to the difference ...
    The Glory track marker is immediately moved 1 step towards Angevin's side": a misprint
    (ruling TC22): counting Regions the Angevin wins by 1, and the marker goes 1 -> 2 towards the
    Angevin. "The Faith section is only used in an Alliance with 2 Armies": Faith does not move."""
    r = diplomacy_phase()
    s = r.s
    assert s["phase"] == "upkeep"
    mission = next(m for m in cards().missions if m.key == "ensure_supply")
    supply = {
        army: [
            k
            for k, slots in s["map"].items()
            if controller(slots) == army and "supply" in uncovered(SOUTH.region(k), slots, s["tokens"].get(k))
        ]
        for army in s["armies"]
    }
    icons = {
        army: sum(uncovered(SOUTH.region(k), s["map"][k], s["tokens"].get(k)).count("supply") for k in keys)
        for army, keys in supply.items()
    }
    assert (icons["ayyubid"], len(supply["ayyubid"])) == (4, 2)
    assert (icons["angevin"], len(supply["angevin"])) == (3, 3)
    assert upkeep.counted(C, s, "angevin", mission.glory) == 3 and upkeep.counted(C, s, "ayyubid", mission.glory) == 2
    assert s["glory"] == 2  # 1 + 1 towards the Angevin (TC22)
    assert any(e.text == "Mission Ensure our supply: the Crusader Alliance gains 1 Glory." for e in r.log)
    assert s["faith"] == {"crusader": 2, "muslim": 2} and GAME.view(s, AYYUBID)["faith"] is None  # TC121


@cache
def upkeep_tithe() -> Round:
    r = diplomacy_phase().copy()
    # 2. "Ayyubid reveals their Reaction Order in Acre ... pay the cost of 1 command point and gain
    # 1 gold chit from the pool."
    assert r.legal() == [act("tithe", "acre"), act("keep")]
    r.do(act("tithe", "acre"), AYYUBID)
    return r


def test_upkeep_steps_2_to_4a():
    """2. The Tithe. 3. "Angevin could not execute their Order in Tripoli because the Port was
    Destroyed. They will lose 1 Glory"; the Blank Orders are just removed; every Order goes back
    to its box. 4A. "Angevin need 4 supply icons ... They only Control 3. They will lose 1
    Glory"; they bring 1 Infantry home from Tyre, uncovering a supply icon: "They now have the 4
    supply needed"."""
    r = upkeep_tithe()
    s = r.s
    assert s["cp"][AYYUBID] == 1 - 1 and s["gold"][AYYUBID] == 0 + 1
    revealed = [e.text for e in r.log if "it left on the map" in e.text]
    assert revealed == [  # the Tripoli Order only costs Glory; the Blank Orders are shown for what they were
        "Ayyubid reveals the Order it left on the map: Blank in Desert west of Damascus; it is Blank: no Glory lost.",
        "Angevin reveals the Orders it left on the map: Sea Move in Tripoli, Blank in Desert north of Damascus and "
        "Blank in Desert south of Damascus; 1 of them not Blank: 1 Glory away from its Alliance.",
    ]
    assert all(side is None for sides in s["sections"].values() for side in sides.values())
    assert all(len(box) == 12 for box in s["box"].values())
    assert need(C, s, "angevin") == 4 and r.tracks(ANGEVIN)[1] == 3
    assert s["glory"] == 2 - 1 - 1  # step 3, then 4A
    assert GAME.to_act(s) == ANGEVIN and act("bring", "tyre", "infantry") in r.legal()
    r = r.copy()
    r.do(act("bring", "tyre", "infantry"), ANGEVIN)
    assert r.tracks(ANGEVIN)[1] == 4 and need(C, r.s, "angevin") == 4
    assert uncovered(SOUTH.region("tyre"), r.s["map"]["tyre"]).count("supply") == 2


@cache
def upkeep_income() -> Round:
    r = upkeep_tithe().copy()
    r.do(act("bring", "tyre", "infantry"), ANGEVIN)
    return r


def test_upkeep_steps_4b_to_6():
    """4B. "Both Angevin and Ayyubid have 4 supply each. They also both need 4 ... They do not
    have any supply left to buy Advanced Orders": nobody is asked. 4C. No Crusader holds
    Jerusalem: no Glory. 4D. "Angevin receives 1 gold chit and now has 4 in total. Ayyubid
    receives 4 gold and has 4 in total": the Ayyubid's total is a misprint (ruling TC62): 4
    Gold at setup, 2 paid for the crown of Al-Adil's Victory, 2 bid, 1 from the Tithe and 4 now
    make 5. 4E. The Ayyubid's Glory chit in Ahamant and the Angevin's Glory icon in its Desert:
    1 each way; Acre's and Ahamant's printed icons are under Sabotage and Tyre's under the Siege
    Engine. "The Glory track marker is on 0." 5. No victory. 6. 1190 -> 1191 Spring."""
    r = upkeep_income()
    s = r.s
    assert [r.tracks(seat)[1] for seat in (ANGEVIN, AYYUBID)] == [4, 4]
    assert [need(C, s, army) for army in s["armies"]] == [4, 4]
    assert not any("buys the Advanced Order" in e.text for e in r.log)
    assert controller(s["map"]["jerusalem"]) == "ayyubid"
    assert s["gold"] == [4, 5]  # TC62: the Ayyubid has 5, not the printed 4
    assert 4 - 2 - 2 + 1 + r.tracks(AYYUBID)[0] == 5
    for key in ("acre", "ahamant", "tyre"):
        assert SOUTH.region(key).icons.count("glory") == 1
        assert "glory" not in uncovered(SOUTH.region(key), s["map"][key])
    assert "glory" in uncovered(SOUTH.region("desert_east_of_tripoli"), s["map"]["desert_east_of_tripoli"])
    assert upkeep.glory_icons(C, s) == 0  # +1 for the Angevin, +1 for the Ayyubid
    assert s["glory"] == 0 and s["result"] is None
    assert s["round"] == 1 and any(e.text == "The round marker moves to 1191 Spring." for e in r.log)
    # 7. the Genoa ship of 1191 Spring: the Angevin is asked where to land
    assert GAME.to_act(s) == ANGEVIN and r.legal() and all(a.verb == "land" for a in r.legal())


@cache
def upkeep_leaders_landed() -> Round:
    r = upkeep_income().copy()
    # 7. "Angevin places Philip II and Richard I in Sidon." Our ship (rulings TC1, TC21) carries
    # Richard I first, then Philip II, then 3 Infantry and a Cavalry, which land where the
    # Leaders did while Sidon has room (TC37).
    r.do(act("land", "sidon"), ANGEVIN)
    r.do(act("land", "sidon"), ANGEVIN)
    return r


@cache
def upkeep_phase() -> Round:
    r = upkeep_leaders_landed().copy()
    while GAME.to_act(r.s) == ANGEVIN and r.s["phase"] == "upkeep":
        assert r.legal() == [act("land", "sidon")]
        r.do(act("land", "sidon"), ANGEVIN)
    return r


def test_upkeep_step_7_the_genoa_ship():
    """ "The icons on the Leaders will now be counted on the corresponding tracks ... Angevin
    gained 2 base command points when adding the Leaders to Sidon. They moved their base command
    marker from 3 to 5 ... They also raise their crown track marker 2 steps." The base goes up 2
    from the 2 it reached in Diplomacy (ruling TC60): 2 -> 4, not 3 -> 5."""
    before = upkeep_income()
    r = upkeep_leaders_landed()
    assert {"angevin:richard_i", "angevin:philip_ii"} <= set(pieces(r.s, "sidon"))
    assert before.tracks(ANGEVIN)[3] == 2 and r.tracks(ANGEVIN)[3] == 4
    assert r.tracks(ANGEVIN)[2] == before.tracks(ANGEVIN)[2] + 2 == 4


def test_upkeep_steps_8_to_10_and_the_next_round():
    """ "They had 9 current command points to spend this round and used 7 of them. Their current
    command point marker is on number 2. Now they place their current command point marker on
    top of the base command marker": 4 (ruling TC60; the text's 5). "Ayyubid has 4 base command
    points. They place their current command point marker on top": nothing in the round moved
    the Ayyubid's base from the 3 printed at the end of the Command phase (ruling TC61): 3.
    8-10: the next Diplomacy Card, the next Mission, the initiative markers swapped. Then the game
    goes on (p.29, Continue the game): the Objective Cards the text names, Damascus for the
    Angevin and Sidon for the Ayyubid (ruling TC122), and the Faith markers at 2 (TC121)."""
    end = command_phase()
    assert end.s["cp"][ANGEVIN] == 9 - 7 == 2
    r = upkeep_phase()
    s = r.s
    assert s["phase"] == "strategy" and s["round"] == 1
    assert s["tracks"]["angevin"][0] == 4 and s["cp"][ANGEVIN] == 4  # TC60
    assert s["tracks"]["ayyubid"][0] == 3 and s["cp"][AYYUBID] == 3  # TC61
    assert s["diplomacy_cards"][0] != "bedouin_tribes" and "bedouin_tribes" not in s["diplomacy_cards"]
    assert s["missions"][0] != "ensure_supply" and "ensure_supply" not in s["missions"]
    assert s["initiative"] == [ANGEVIN, AYYUBID]
    assert s["hand"] == {"angevin": [], "ayyubid": []}
    assert s["glory"] == 0 and s["gold"] == [4, 5] and s["faith"] == {"crusader": 2, "muslim": 2}
    assert GAME.view(s, ANGEVIN)["faith"] == {"crusader": 2, "muslim": 2}
    assert s["objectives"] == {"angevin": ["damascus"], "ayyubid": ["sidon"]}
    assert s["result"] is None and GAME.to_act(s) is not None
