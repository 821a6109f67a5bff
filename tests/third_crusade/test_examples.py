"""The rulebook's worked examples outside the plutorial, each as a small scenario played through
the phases' legal actions, with the numbers the text gives: the Strategy example (p.10), the
Order placement example (p.11), the Holy Roman Empire's Event Card (p.12), the Order examples
(p.13), the Battle in Tripoli with its Reactions, losses, retreats, Glory and Mercantile marker
(p.14-15), the Diplomacy example (p.16), the Mission and supply examples of Upkeep (p.17), and
the end-game scoring with the Final Winner (p.18).

The examples' maps are lost images: each scenario starts from the 4-player position (ruling
TC14) or an empty map, and sets the pieces, Orders and command points the example describes
directly on the state (the map, the cards and the Orders are ours: rulings TC1, TC15, TC33)."""

from __future__ import annotations

import copy

from outremer.core.actions import act
from outremer.games.third_crusade import command, diplomacy_phase, planning, strategy, upkeep, upkeep_phase
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import ARMIES, content, controller, uncovered
from outremer.games.third_crusade.diplomacy import board
from outremer.games.third_crusade.execution import executable
from outremer.games.third_crusade.moves import add, muster, pieces, place_token, to_board
from outremer.games.third_crusade.state import need, new_state, track

C = content()
BOTH = C.both
ANGEVIN, HRE, AYYUBID, TURKOMAN = range(4)
"""The seats of a 4-player game (the Armies in the order of ``ARMIES``)."""


def _four(initiative=(ANGEVIN, AYYUBID, HRE, TURKOMAN)):
    """The 4-player start (ruling TC14) with the Orders behind the screens and the initiative
    track as the example has it."""
    s = new_state(C, list(ARMIES), 1)
    planning.setup_orders(C, s)
    s["initiative"] = list(initiative)
    s["executed"] = {army: [] for army in ARMIES}
    return s


def _empty(s, *regions):
    for key in regions:
        for piece in pieces(s, key):
            to_board(C, s, key, piece)


def _put(s, key, *placed):
    """Pieces onto the map: an Army's Units from its player board, Leaders and Neutral pieces
    as they are."""
    for piece in placed:
        army, kind = piece.split(":")
        if army != "neutral" and kind in ("infantry", "cavalry", "siege"):
            assert muster(C, s, army, kind, key, 1) == 1, (key, piece)
        else:
            add(C, s, key, piece)


def _order(s, region, army, key):
    """An Order on its Alliance's side of a Region; an Advanced one bought first."""
    if key in s["box"][army]:
        s["box"][army].remove(key)
    side = "crusader" if army in ("angevin", "hre") else "muslim"
    s["sections"][region][side] = [army, key]


def _do(module, s, action, seat=None):
    """One legal action of the seat to act, through a phase module's own ``legal``/``perform``."""
    who = module.to_act(s)
    if seat is not None:
        assert who == seat, (who, seat)
    legal = module.legal(C, s, who)
    assert action in legal, (action, legal[:16])
    log = []
    module.perform(C, s, who, action, log)
    return log


def _place(s, key, region, seat):
    """An Order placed in the Planning phase: the Order chosen, then its Region (p.11)."""
    _do(planning, s, act("order", key), seat)
    return _do(planning, s, act("section", region), seat)


def _group(s, frm, army, **counts):
    kinds = sorted(set(command.movable(C, s, frm, army, False)))
    return "g" + ".".join(str(counts.get(kind.split(":")[1], 0)) for kind in kinds)


def _mercantile(s, army):
    """The Mercantile Cities an Army Controls: what the Mercantile marker on its Alliance's
    Faith track shows (ruling TC36)."""
    return sum(1 for r in BOTH.regions if r.mercantile and controller(s["map"][r.key]) == army)


# -- Strategy phase, p.10 -----------------------------------------------------------------------------
def test_strategy_example_greek_fire_from_the_turkoman_row():
    """ "Initiative order: 1. Angevin, 2. Ayyubid, 3. Holy Roman Empire, 4. Turkoman. ... The
    Angevin player chooses the card "Greek Fire" from the Turkoman card row. They give the card
    to the Turkoman player and move their own current command point marker 2 points up. Their
    base command point marker is staying put.\""""
    s = _four()
    strategy.setup_events(C, s)
    strategy.start(C, s)
    drawn = s["strategy"]["drawn"]
    if "greek_fire" not in drawn["turkoman"]:  # the Turkoman draws Greek Fire (set on the state)
        pile = s["events"]["turkoman"]["1190"]
        pile.remove("greek_fire")
        pile.append(drawn["turkoman"].pop())
        drawn["turkoman"].append("greek_fire")
    for _ in range(4):
        seat = strategy.to_act(s)
        army = ARMIES[seat]
        laid = sorted(drawn[army], key=lambda k: k != "greek_fire")  # Greek Fire under the flag 2
        _do(strategy, s, act("arrange", *laid), seat)
    assert s["strategy"]["rows"]["turkoman"][0] == "greek_fire"
    base, cp = track(s, ANGEVIN, "cp"), s["cp"][ANGEVIN]
    assert strategy.to_act(s) == ANGEVIN
    _do(strategy, s, act("pick", "turkoman", 2), ANGEVIN)
    assert "greek_fire" in s["hand"]["turkoman"] and not s["hand"]["angevin"]
    assert s["cp"][ANGEVIN] == cp + 2 and track(s, ANGEVIN, "cp") == base == 1
    assert strategy.to_act(s) == AYYUBID  # the turn moves on down the track


# -- Planning phase, p.11 -------------------------------------------------------------------------------
def test_order_placement_example():
    """ORDER PLACEMENT EXAMPLE, read as the 4-player start (ruling TC14): 1. Sidon, the Holy
    Roman Empire's Presence and Control; 2. Tripoli, the Angevin's, "including the Neutral
    Infantry"; 3. a Desert where the Ayyubid has no Units: it must first gain Presence, "unless
    the Order allows execution regardless of Presence"; 4. a Desert with one Order of the Holy
    Roman Empire and one of the Turkoman, "the maximum amount of Orders per Region, 1 per
    Alliance", nobody Controlling it or its Neutral Unit; 5. Damascus, the Ayyubid's;
    6. Homs, Controlled by the Turkoman, where the Ayyubid has Presence "and can still execute
    their Order"."""
    s = _four()
    planning.start(C, s)
    desert, empty = "desert_north_of_seleucia", "desert_west_of_damascus"
    _place(s, "muster_cavalry", "tripoli", ANGEVIN)
    _place(s, "march_1", empty, AYYUBID)
    _place(s, "march_1", "sidon", HRE)
    _place(s, "desert_muster", desert, TURKOMAN)
    assert act("order", "muster_infantry") in planning.legal(C, s, ANGEVIN)
    chosen = copy.deepcopy(s)  # an Order chosen, then taken back (undo, ruling TC78): the Angevin passes
    _do(planning, chosen, act("order", "muster_infantry"), ANGEVIN)
    assert act("section", desert) in planning.legal(C, chosen, ANGEVIN)  # the Crusader side is free
    _do(planning, s, act("pass"), ANGEVIN)
    _place(s, "march_2", "damascus", AYYUBID)
    _place(s, "march_2", desert, HRE)
    _do(planning, s, act("pass"), TURKOMAN)
    assert desert not in planning.free_sections(C, s, AYYUBID)  # 1 per Alliance: both sides taken
    assert desert not in planning.free_sections(C, s, ANGEVIN)
    _place(s, "muster_cavalry", "homs", AYYUBID)
    _do(planning, s, act("pass"), HRE)
    _do(planning, s, act("pass"), AYYUBID)
    assert s["phase"] == "command"
    m = s["map"]
    assert controller(m["sidon"]) == "hre"
    assert controller(m["tripoli"]) == "angevin" and "neutral:infantry" in m["tripoli"]
    assert not pieces(s, empty, "ayyubid")
    assert controller(m[desert]) is None and pieces(s, desert) == ["neutral:infantry"]
    assert controller(m["damascus"]) == "ayyubid"
    assert controller(m["homs"]) == "turkoman" and pieces(s, "homs", "ayyubid")
    s["cp"] = [9, 9, 9, 9]  # as after a Strategy phase (ours): every cost can be paid
    where = {seat: {key for key, _ in executable(C, s, seat)} for seat in range(4)}
    assert where == {
        ANGEVIN: {"tripoli"},
        HRE: {"sidon"},
        AYYUBID: {"damascus", "homs"},
        TURKOMAN: {desert},
    }  # not the Ayyubid's empty Desert, nor the HRE's March there


# -- Activating an Event Card, p.12 ---------------------------------------------------------------------
def _court_of_christ():
    """The Holy Roman Empire (4-player start: 2 crowns, 2 base command points) executes Court of
    Christ at Mainz: an Infantry and a crown token in a City it Controls; the crown event (3
    crowns) a command-point token."""
    s = _four(initiative=(HRE, ANGEVIN, AYYUBID, TURKOMAN))
    s["hand"] = {army: [] for army in ARMIES}
    s["hand"]["hre"] = ["court_of_christ"]
    s["markers"] = {army: [] for army in ARMIES}
    command.start(C, s)
    assert track(s, HRE, "crown") == 2 and track(s, HRE, "cp") == 2 and s["cp"][HRE] == 2
    _do(command, s, act("event", "court_of_christ"), HRE)
    return s


def test_event_example_the_main_event_gives_the_third_crown():
    """ "The Holy Roman Empire player chooses to execute the main event, placing an Infantry Unit
    and a crown token in any City Regions they Control. They gain 1 crown, and move their crown
    marker up 1 step on their crown track. They now have 3 crowns\" ... "The current command
    point marker stays in the same place.\""""
    s = _court_of_christ()
    gold = s["gold"][HRE]
    before = pieces(s, "sidon", "hre").count("hre:infantry")
    _do(command, s, act("at", "sidon"), HRE)
    _do(command, s, act("muster", 1), HRE)
    _do(command, s, act("at", "sidon"), HRE)
    assert pieces(s, "sidon", "hre").count("hre:infantry") == before + 1 and "crown" in s["tokens"]["sidon"]
    assert track(s, HRE, "crown") == 3 and track(s, HRE, "cp") == 2
    assert s["cp"][HRE] == 2 and s["gold"][HRE] == gold


def test_event_example_the_crown_event_follows_the_main_event_for_free():
    """ "They now have 3 crowns, enough to execute the crown event. They move their base command
    marker up 1 step on their command point track. The current command point marker stays in the
    same place." The crown event comes after the main event and counts the crown it placed: no
    Gold, no question asked (ruling TC38)."""
    s = _court_of_christ()
    gold = s["gold"][HRE]
    _do(command, s, act("at", "sidon"), HRE)
    _do(command, s, act("muster", 1), HRE)
    _do(command, s, act("at", "sidon"), HRE)
    assert track(s, HRE, "crown") == 3
    assert s["pending"] is not None, "the crown event is no longer offered once the main event is done"
    assert not {a.verb for a in command.legal(C, s, HRE)} & {"main", "crown"}
    _do(command, s, act("at", "sidon"), HRE)  # the crown event's command-point token
    assert track(s, HRE, "cp") == 3 and s["cp"][HRE] == 2 and s["gold"][HRE] == gold
    assert s["pending"] is None


# -- Executing an Order, p.13 ---------------------------------------------------------------------------
def test_order_examples():
    """ORDER EXAMPLES: 1. the Angevin's Order needs its Presence in a Desert: it has none there
    and cannot execute it. 2. The Turkoman's Order, "regardless of Presence, in a Desert":
    3 command points down, 1 Infantry added, Control gained, "up 2 steps on their supply track
    for the uncovered supply icons". 3. The Ayyubid's Order, "a City with Muslim Alliance
    Presence": it has no Units in Antioch but the Turkoman has; 3 command points, 2 Infantry,
    "becoming the Controlling player", base command points +1 "for the token in the Region",
    gold +1; "The Glory icon in Antiochi is not counted until the Upkeep Phase"."""
    desert = "desert_north_of_seleucia"
    s = _four()
    _order(s, desert, "angevin", "desert_cavalry")  # Advanced: own Presence, a Desert
    _order(s, desert, "turkoman", "desert_muster")
    _order(s, "antioch", "ayyubid", "alliance_levy")
    _empty(s, "antioch")
    _put(s, "antioch", "turkoman:infantry")
    assert place_token(C, s, "antioch", "cp")
    s["cp"] = [5, 5, 5, 5]  # as after a Strategy phase (ours)
    command.start(C, s)
    # 1.
    assert not pieces(s, desert, "angevin") and act("execute", desert) not in command.legal(C, s, ANGEVIN)
    _do(command, s, act("pass"), ANGEVIN)
    # 3.
    before = list(s["tracks"]["ayyubid"])
    glory = s["glory"]
    _do(command, s, act("execute", "antioch"), AYYUBID)
    assert s["cp"][AYYUBID] == 5 - 3
    _do(command, s, act("muster", 2), AYYUBID)
    assert pieces(s, "antioch", "ayyubid") == ["ayyubid:infantry"] * 2 and controller(s["map"]["antioch"]) == "ayyubid"
    assert [b - a for a, b in zip(before, s["tracks"]["ayyubid"], strict=True)] == [
        1,
        0,
        0,
        1,
    ]  # cp, crown, supply, gold
    assert s["cp"][AYYUBID] == 2  # the current marker does not move with the base
    assert "glory" in uncovered(BOTH.region("antioch"), s["map"]["antioch"]) and s["glory"] == glory
    _do(command, s, act("pass"), HRE)
    # 2.
    before = list(s["tracks"]["turkoman"])
    _do(command, s, act("execute", desert), TURKOMAN)
    assert s["cp"][TURKOMAN] == 5 - 3
    _do(command, s, act("muster", 1), TURKOMAN)
    assert controller(s["map"][desert]) == "turkoman"
    assert [b - a for a, b in zip(before, s["tracks"]["turkoman"], strict=True)] == [0, 0, 2, 0]


# -- The Battle in Tripoli, p.14-15 ---------------------------------------------------------------------
def _tripoli(other_desert="angevin"):
    """The Battle example's position on the 4-player map: Tripoli holds a Holy Roman Empire
    Infantry, an Angevin Cavalry, a Neutral Infantry, the Neutral Leader Conrad and a Glory
    token; its two Deserts are the one the Turkoman comes from (west of Damascus) and the other
    (east of Tripoli), held by the Angevin's Infantry and Cavalry, or, ``other_desert`` =
    "ayyubid", by the Muslim Alliance. The Holy Roman Empire is ahead of the Angevin on the
    initiative track; its Defence is in Tripoli and an Order in Sidon, not Adjacent. The
    Turkoman's 4 Units and Badr al-Din reach the west Desert by the first March of a Forced
    March and go on into Tripoli, leaving 2 Infantry behind, beside its Diversion (our way to
    have the attack come from the Desert where the Turkoman's Reaction Order lies: one Order per
    Alliance per Region, p.11)."""
    s = _four(initiative=(TURKOMAN, HRE, ANGEVIN, AYYUBID))
    west, east, start = "desert_west_of_damascus", "desert_east_of_tripoli", "desert_south_of_damascus"
    _empty(s, "tripoli", west, start)
    assert place_token(C, s, "tripoli", "glory")
    _put(s, "tripoli", "neutral:conrad", "hre:infantry", "angevin:cavalry", "neutral:infantry")
    _put(s, start, "turkoman:badr_al_din", "turkoman:cavalry", "turkoman:siege", *["turkoman:infantry"] * 4)
    if other_desert != "angevin":
        _empty(s, east)
        _put(s, east, "ayyubid:infantry")
    else:
        assert sorted(pieces(s, east)) == ["angevin:cavalry", "angevin:infantry"]
        _order(s, east, "angevin", "reinforce")
    _order(s, start, "turkoman", "forced_march")
    _order(s, west, "turkoman", "diversion")
    _order(s, "tripoli", "hre", "defence")
    _order(s, "sidon", "hre", "reinforce")
    s["cp"] = [5, 5, 5, 5]
    command.start(C, s)
    _do(command, s, act("execute", start), TURKOMAN)
    _do(
        command,
        s,
        act("march", west, _group(s, start, "turkoman", badr_al_din=1, cavalry=1, siege=1, infantry=4)),
        TURKOMAN,
    )
    _do(
        command,
        s,
        act("march", "tripoli", _group(s, west, "turkoman", badr_al_din=1, cavalry=1, siege=1, infantry=2)),
        TURKOMAN,
    )
    return s


def test_battle_example_in_tripoli():
    """1. ATTACK: "Their Battle Strength is 8; 1 per Cavalry on the Leader, 1 for the Cavalry
    Unit, 3 for the Siege Engine and 1 each for the 2 Infantry Units" (the 2 left in the Desert
    do not count). 2.-4. REACTION ORDERS: the Crusaders' 4; the Holy Roman Empire, "ahead on the
    initiative track and in charge of the Defence", executes its Defence (6); the Angevin
    Reinforces from the Adjacent Desert, +1 per Unit (8); tied, the attacker is the lower: the
    Turkoman's Diversion cancels the Reinforce (6). 5. DEFEAT: nothing more ("The Order in Sidon
    can not be executed because the Region is not Adjacent"); 8 against 6; "The executed
    Reaction Orders are removed to the side". SUFFERING LOSSES: the Crusaders lose 2, the Holy
    Roman Empire removing the Neutral Infantry first, then its own Infantry "before the Angevin
    Cavalry or the Neutral Leader"; the Turkoman loses 1 Infantry. RETREAT RULES: the Angevin
    Cavalry cannot go back to the Desert the attack came from, but to the other one, the
    Alliance's; Conrad and the Turkoman Cavalry fill Tripoli's two hexagonal Slots, so Badr
    al-Din retreats to the Desert; the 2 Infantry left there stay. GAINING GLORY: a City, a
    Leader attacking, a Leader defending: 3 Glory to the Muslim Alliance; the Glory token stays
    in Tripoli, not counted now. Conrad "joins the Turkoman Army". Tripoli is a Mercantile City:
    the marker moves 1 step towards the Turkoman."""
    s = _tripoli()
    west, east = "desert_west_of_damascus", "desert_east_of_tripoli"
    assert pieces(s, west) == ["turkoman:infantry"] * 2
    assert command.strengths(C, s) == (8, 4)
    assert controller(s["map"]["tripoli"]) is None  # the Crusaders', no single Army's
    glory, merc = s["glory"], _mercantile(s, "turkoman")
    assert command.legal(C, s, HRE) == [act("react", "tripoli"), act("no_react")]  # not Sidon's Order
    _do(command, s, act("react", "tripoli"), HRE)
    assert command.strengths(C, s) == (8, 6)
    _do(command, s, act("react", east), ANGEVIN)
    assert command.strengths(C, s) == (8, 8)
    _do(command, s, act("react", west), TURKOMAN)
    assert command.strengths(C, s) == (8, 6)
    assert s["sections"]["sidon"]["crusader"] == ["hre", "reinforce"]  # never asked, still face down
    assert {a: s["executed"][a] for a in ("hre", "angevin", "turkoman")} == {
        "hre": ["defence"],
        "angevin": ["reinforce"],
        "turkoman": ["forced_march", "diversion"],
    }
    # the losses: the Crusaders 2, chosen by the Holy Roman Empire
    assert command.to_act(s) == HRE
    assert act("lose", "angevin:cavalry") not in command.legal(C, s, HRE)
    _do(command, s, act("lose", "neutral:infantry"), HRE)
    assert command.legal(C, s, HRE) == [act("lose", "hre:infantry")]
    _do(command, s, act("lose", "hre:infantry"), HRE)
    _do(command, s, act("lose", "turkoman:infantry"), TURKOMAN)
    # the retreats
    assert command.legal(C, s, HRE) == [act("retreat", east, "angevin:cavalry")]
    _do(command, s, act("retreat", east, "angevin:cavalry"), HRE)
    assert act("retreat", west, "turkoman:badr_al_din") in command.legal(C, s, TURKOMAN)
    _do(command, s, act("retreat", west, "turkoman:badr_al_din"), TURKOMAN)
    assert s["battle"] is None
    assert sorted(pieces(s, "tripoli")) == ["neutral:conrad", "turkoman:cavalry", "turkoman:infantry", "turkoman:siege"]
    assert controller(s["map"]["tripoli"]) == "turkoman"  # Conrad with it
    assert sorted(pieces(s, west)) == ["turkoman:badr_al_din"] + ["turkoman:infantry"] * 2
    assert sorted(pieces(s, east)) == ["angevin:cavalry"] * 2 + ["angevin:infantry"]
    assert s["glory"] == glory - 3
    assert "glory" in s["tokens"]["tripoli"]
    assert _mercantile(s, "turkoman") == merc + 1


def test_battle_example_had_the_muslims_controlled_the_other_desert():
    """ "If the Muslim Alliance had Controlled the Region the Angevin Cavalry from Tripoli would
    have died, since there are no other Adjacent Regions available": it goes back to the
    Angevin's player board. The Turkoman still wins 8 to 6 and gains 3 Glory."""
    s = _tripoli(other_desert="ayyubid")
    _do(command, s, act("react", "tripoli"), HRE)
    assert command.strengths(C, s) == (8, 6)
    glory, cavalry = s["glory"], s["reserve"]["angevin"]["cavalry"]
    _do(command, s, act("lose", "neutral:infantry"), HRE)
    _do(command, s, act("lose", "hre:infantry"), HRE)
    _do(command, s, act("lose", "turkoman:infantry"), TURKOMAN)
    assert command.to_act(s) == TURKOMAN  # the Cavalry had nowhere to go: only Badr al-Din moves
    _do(command, s, act("retreat", "desert_west_of_damascus", "turkoman:badr_al_din"), TURKOMAN)
    assert s["battle"] is None and not pieces(s, "tripoli", "angevin")
    assert s["reserve"]["angevin"]["cavalry"] == cavalry + 1 and s["glory"] == glory - 3


# -- The Diplomacy phase, p.16 --------------------------------------------------------------------------
def test_diplomacy_example_four_players():
    """The bids: "The Holy Roman Empire player wins the bid, pays the 3 gold to the pool ... They
    choose bonus nr 2 and immediately moves the Glory marker 1 step"; the Turkoman and the
    Ayyubid bid 2, the Turkoman "is ahead of Ayyubid on the initiative track": bonus 1, the
    Faith marker 1 step towards it; the Ayyubid bonus 3, 1 gold; "The Angevin player comes last
    in the bid and receives no bonus" (it still pays). The board, in the card's order: the
    Turkoman takes the Leader in the 2-space row; the Holy Roman Empire cannot go back to the 3
    Infantry beside it and takes 2 Cavalry in the 4-space row in front; the Ayyubid takes the
    triangular Glory token, moving the marker at once; the Angevin passes the Faith token for 3
    supply tokens. Markers where the example's picture shows them (the layout is ours, TC23)."""
    s = _four(initiative=(ANGEVIN, TURKOMAN, HRE, AYYUBID))
    diplomacy_phase.setup(C, s)
    s["diplomacy_cards"].remove("bedouin_tribes")
    s["diplomacy_cards"].insert(0, "bedouin_tribes")
    s["markers"] = {"turkoman": ["r4d"], "hre": ["r3a"], "ayyubid": ["r8d"], "angevin": ["r6a"]}
    diplomacy_phase.start(C, s)
    glory, faith, gold = s["glory"], dict(s["faith"]), list(s["gold"])
    bids = {ANGEVIN: 1, HRE: 3, AYYUBID: 2, TURKOMAN: 2}
    for _ in range(4):
        seat = diplomacy_phase.to_act(s)
        _do(diplomacy_phase, s, act("bid", bids[seat]), seat)
    assert s["dip"]["order"] == ["hre", "turkoman", "ayyubid", "angevin"]
    _do(diplomacy_phase, s, act("reward", 2), HRE)
    assert s["glory"] == glory + 1
    assert set(diplomacy_phase.legal(C, s, TURKOMAN)) == {act("reward", 1), act("reward", 3)}
    _do(diplomacy_phase, s, act("reward", 1), TURKOMAN)
    assert s["faith"] == {"crusader": faith["crusader"], "muslim": faith["muslim"] - 1}  # towards the Turkoman
    assert s["dip"]["rewards"] == {"hre": 2, "turkoman": 1, "ayyubid": 3, "angevin": None}
    assert s["gold"] == [gold[ANGEVIN] - 1, gold[HRE] - 3, gold[AYYUBID] - 2 + 1, gold[TURKOMAN] - 2]
    # 1. the Turkoman
    legal = diplomacy_phase.legal(C, s, TURKOMAN)
    assert act("move", "r5b") in legal and board().space("r5b").gives == "leader"
    _do(diplomacy_phase, s, act("move", "r5b"), TURKOMAN)
    leader = f"neutral:{board().space('r5b').leader}"
    _do(diplomacy_phase, s, act("place", "hama"), TURKOMAN)
    assert leader in s["map"]["hama"]
    # 2. the Holy Roman Empire
    legal = {a.args[0] for a in diplomacy_phase.legal(C, s, HRE)}
    assert "r2b" not in legal and legal == {sp.key for sp in board().row(4)} - {"r5b"} - set(
        k for ks in s["markers"].values() for k in ks
    )
    _do(diplomacy_phase, s, act("move", "r4a"), HRE)
    assert act("place", "heraclea") not in diplomacy_phase.legal(C, s, HRE)  # its 2 hexagonal Slots are full
    _do(diplomacy_phase, s, act("place", "sidon"), HRE)
    _do(diplomacy_phase, s, act("place", "seleucia"), HRE)
    assert "neutral:cavalry" in s["map"]["sidon"] and "neutral:cavalry" in s["map"]["seleucia"]
    # 3. the Ayyubid
    glory = s["glory"]
    _do(diplomacy_phase, s, act("move", "r9b"), AYYUBID)
    assert s["glory"] == glory - 1
    # 4. the Angevin
    legal = diplomacy_phase.legal(C, s, ANGEVIN)
    assert act("move", "r7a") in legal and board().space("r7a").gives == "faith"
    supply = track(s, ANGEVIN, "supply")
    _do(diplomacy_phase, s, act("move", "r8a"), ANGEVIN)
    for key in ("tyre", "tortosa", "desert_east_of_tripoli"):  # each on a Slot with no printed icon (TC32)
        _do(diplomacy_phase, s, act("place", key), ANGEVIN)
        assert "supply" in s["tokens"][key]
    assert track(s, ANGEVIN, "supply") == supply + 3
    assert s["phase"] == "upkeep" and s["faith"]["crusader"] == faith["crusader"]
    assert s["markers"] == {
        "turkoman": ["r4d", "r5b"],
        "hre": ["r3a", "r4a"],
        "ayyubid": ["r8d", "r9b"],
        "angevin": ["r6a", "r8a"],
    }


# -- The Upkeep phase, p.17 ----------------------------------------------------------------------------
def test_upkeep_mission_example_crown_icons_and_ports():
    """1. ACTIVE MISSION CARD CHECK, its example: "The Alliance that Controls most Regions with
    crown icons move the Glory marker equal to the difference"; "Within each Alliance, the
    player that Controls the most Ports move the Faith marker equal to the difference". On the
    4-player start (ours) the Crusaders take three crown Regions (Famagusta for the Angevin,
    the Deserts west of Damascus and north of Adana for the Holy Roman Empire) against the
    Ayyubid's Damascus: 2 Glory to the Crusaders. Ports: the Angevin 4 (Tripoli, Tyre, Tortosa,
    Famagusta), the Holy Roman Empire 2 (Sidon, Selucia): the Crusader Faith marker 2 towards
    the Angevin; the Ayyubid 1 (Acre), the Turkoman none: the Muslim one 1 towards the Ayyubid."""
    s = _four()
    diplomacy_phase.setup(C, s)
    upkeep_phase.setup(C, s)
    s["missions"].remove("contested_crown")
    s["missions"].insert(0, "contested_crown")
    _empty(s, "famagusta")
    _put(s, "famagusta", "angevin:infantry")
    _put(s, "desert_west_of_damascus", "hre:infantry")
    _put(s, "desert_north_of_adana", "hre:infantry")
    mission = next(m for m in cards().missions if m.key == "contested_crown")
    crowns = {a: upkeep.counted(C, s, a, mission.glory) for a in ARMIES}
    ports = {a: upkeep.counted(C, s, a, mission.faith) for a in ARMIES}
    assert crowns == {"angevin": 1, "hre": 2, "ayyubid": 1, "turkoman": 0}
    assert ports == {"angevin": 4, "hre": 2, "ayyubid": 1, "turkoman": 0}
    log = []
    upkeep_phase.start(C, s, log)
    texts = [e.text for e in log]
    assert texts[0] == "Mission A Contested Crown: the Crusader Alliance gains 2 Glory."
    assert (
        "Mission A Contested Crown: the Angevin moves the Crusader Faith marker 2 steps towards itself; "
        "the Crusader Faith marker favours the Angevin by 2."
    ) in texts
    assert (
        "Mission A Contested Crown: the Ayyubid moves the Muslim Faith marker 1 step towards itself; "
        "the Muslim Faith marker favours the Ayyubid by 1."
    ) in texts
    assert s["faith"] == {"crusader": 2, "muslim": 1}  # positive: towards the first Army of each Alliance


def test_upkeep_supply_example():
    """4A. SUPPLY CHECK, its example: "The Angevin player has 5 Unit Sections that are not fully
    stacked, with a total of 8 supply icons. When they count the supply icons in Regions they
    Control on the map board they only have 7. The player moves the Glory marker 1 step away
    from their Alliance." "To correct the supply, they remove 2 Infantry Units from the map
    board, and fill the Section on their player board. Now they only need 7." On an empty map
    (ours): the Angevin's 12 Infantry hold Homs, Sidon, Damascus and Hama (7 supply icons, none
    covered); its 2 Cavalry and 4 Siege Engines are off the board (set on the state)."""
    s = new_state(C, ["angevin", "ayyubid"], 1)
    planning.setup_orders(C, s)
    strategy.setup_events(C, s)
    diplomacy_phase.setup(C, s)
    upkeep_phase.setup(C, s)
    s["executed"] = {"angevin": [], "ayyubid": []}
    _empty(s, *s["map"])
    for key in ("homs", "sidon", "damascus", "hama"):
        _put(s, key, *["angevin:infantry"] * 3)
    _put(s, "acre", "ayyubid:infantry")
    s["ships"] = {}
    s["reserve"]["angevin"] = {"infantry": 30 - 12, "cavalry": 12 - 2, "siege": 6 - 4}
    assert need(C, s, "angevin") == 8 and track(s, ANGEVIN, "supply") == 7
    glory = s["glory"] + upkeep.mission_glory(C, s, upkeep_phase.mission(s))
    log = []
    upkeep_phase.start(C, s, log)
    assert s["glory"] == glory - 1
    assert any(e.text.startswith("Angevin is 1 supply short: 1 Glory away") for e in log)
    for n in (1, 2):
        assert upkeep_phase.to_act(s) == ANGEVIN and s["upkeep"]["queue"][0]["ask"] == "supply"
        _do(upkeep_phase, s, act("bring", "homs", "infantry"), ANGEVIN)
        assert need(C, s, "angevin") == (8 if n == 1 else 7)
    assert track(s, ANGEVIN, "supply") == 7
    assert not s["upkeep"] or not any(q["ask"] == "supply" for q in s["upkeep"]["queue"])


# -- End game scoring, p.18 -----------------------------------------------------------------------------
def test_end_game_scoring_and_the_final_winner():
    """ "The Ayyubid player Controls 2 Cities, Kerak and Damascus. If they reveals this card to
    settle the Alliance Victory, they receive 3 Glory." The Crusader Alliance wins; the Final
    Winner between its partners: "The Holy Roman Empire player wins the Faith tiebreaker and the
    Angevin player wins the Mercantile tiebreaker"; their remaining Objective Cards: the Holy
    Roman Empire Controls 3 of its Cities (Sidon, Ascalon and Heraclium), the Angevin 2 (Homs
    and Tyre): "They now have 2 points against the Angevin players' 1 point, and is the Final
    Winner of the game." On the 4-player start (ours) with Ascalon given to the Holy Roman
    Empire and Homs to the Angevin; the Objective Cards each holds and the Glory as the fourth
    round's Upkeep reaches them are set on the state."""
    s = _four(initiative=(ANGEVIN, AYYUBID, HRE, TURKOMAN))
    diplomacy_phase.setup(C, s)
    upkeep_phase.setup(C, s)
    s["round"] = 3
    _empty(s, "ascalon", "homs")
    _put(s, "ascalon", "hre:infantry")
    _put(s, "homs", "angevin:infantry")
    s["objectives"] = {
        "angevin": ["tripoli", "tyre"],
        "hre": ["heraclea", "seleucia"],
        "ayyubid": ["acre", "damascus"],
        "turkoman": ["adana", "jaffa"],
    }
    s["faith"]["crusader"] = -2  # the Crusader Faith marker on the Holy Roman Empire's side
    log = []
    upkeep_phase.start(C, s, log)
    while s["phase"] == "upkeep":  # the fourth round's Upkeep, nothing bought
        seat = upkeep_phase.to_act(s)
        legal = upkeep_phase.legal(C, s, seat)
        _do(upkeep_phase, s, legal[-1], seat)
    assert s["phase"] == "scoring" and s["upkeep"]["queue"][0]["ask"] == "objective"
    s["glory"] = 2
    reveal = {ANGEVIN: "tripoli", AYYUBID: "damascus", HRE: "seleucia", TURKOMAN: "jaffa"}
    gained = {ANGEVIN: 3, AYYUBID: -3, HRE: 1, TURKOMAN: 0}  # Tripoli and Homs; Kerak and Damascus; Selucia
    for seat in (ANGEVIN, AYYUBID, HRE, TURKOMAN):  # in initiative order
        glory = s["glory"]
        _do(upkeep_phase, s, act("objective", reveal[seat]), seat)
        assert s["glory"] == glory + gained[seat], seat
    assert s["phase"] == "over" and s["glory"] == 3
    result = s["result"]
    assert result["team"] == 0 and result["winners"] == [HRE]
    assert "Mercantile Cities (2 to 0), second Objective (2 to 3 Cities)" in result["text"]
    assert _mercantile(s, "angevin") == 2 and _mercantile(s, "hre") == 0
    heraclea = next(o for o in cards().objectives if o.key == "heraclea")
    tyre = next(o for o in cards().objectives if o.key == "tyre")
    assert [c for c in heraclea.cities if controller(s["map"][c]) == "hre"] == ["heraclea", "sidon", "ascalon"]
    assert [c for c in tyre.cities if controller(s["map"][c]) == "angevin"] == ["tyre", "homs"]
