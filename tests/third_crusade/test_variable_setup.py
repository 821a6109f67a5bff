"""The variable setup (p.9; rulings TC41-TC47): the printed numbers, the deal and the discard, every
rule of where a piece may be deployed, the tracks as the map fills, the end of the setup, what a
seat sees, and whole games with the option on for 2 and 4 players."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from outremer.ai import agent_for, agent_random, decide
from outremer.core import sharecode
from outremer.core.actions import Action, act
from outremer.core.errors import DataError, IllegalAction
from outremer.core.match import Match
from outremer.games import game_by_code, get_game
from outremer.games.third_crusade import data, setup_phase
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import ALLIANCE_OF, ALLIANCES, SABOTAGE, UNITS, owner, tracks, what
from outremer.games.third_crusade.deployment import decks, parse_variable, variable
from outremer.sim import play_out
from test_harness import check_view_hides

GAME = get_game("third-crusade")
C = GAME.content
V = variable()
FOLDER = Path(data.__file__).parent / "data"


def start(players=2, seed=1, **options):
    return GAME.start(GAME.make_setup(seed, ["human"] * players, {"variable": True, **options}))


def deploying(players=2, dealt=None, seed=1, order=None, **options):
    """A game in its deployment: each Army in ``dealt`` dealt those 4 cards (it discards the last,
    keeping the first 3), the others dealt at random; the initiative track ``order`` (seats) or
    the seats' order."""
    s, _ = start(players, seed, **options)
    vs = s["variable"]
    dealt = dealt or {}
    for alliance in ALLIANCES:
        armies = [a for a in s["armies"] if ALLIANCE_OF[a] == alliance]
        pool = sorted(vs["decks"][alliance] + [k for a in armies for k in vs["dealt"][a]])
        for a in armies:
            if a in dealt:
                pool = [k for k in pool if k not in dealt[a]]
        for a in armies:
            if a in dealt:
                vs["dealt"][a] = sorted(dealt[a])
            else:
                vs["dealt"][a], pool = sorted(pool[: V.dealt]), pool[V.dealt :]
        vs["decks"][alliance] = pool
    while s["phase"] == "variable" and s["variable"]["stage"] == "discard":
        seat = GAME.to_act(s)
        army = s["armies"][seat]
        drop = dealt[army][-1] if army in dealt else s["variable"]["dealt"][army][-1]
        s, _ = GAME.apply(s, act("discard_objective", drop))
    s["initiative"] = list(order or range(players))
    s["variable"]["turn"] = 0
    return s


def seat_of(s, army):
    return s["armies"].index(army)


def places(s, army, kind=None):
    """The Regions ``army`` may deploy into now (a piece of ``kind`` only, if given)."""
    return sorted({key for k, key in setup_phase.options(C, s, seat_of(s, army)) if kind is None or k == kind})


def play(s, army, text):
    """``army`` (the one to act) does ``text``: the new state and its log."""
    assert GAME.to_act(s) == seat_of(s, army), f"{army} is not to act"
    return GAME.apply(s, Action.parse(text))


TWO = {"angevin": ["tripoli", "tyre", "ascalon", "sidon"], "ayyubid": ["damascus", "homs", "kerak", "acre"]}
"""A 2-player deal: the Angevin keeps Tripoli, Tyre, Ascalon; the Ayyubid Damascus, Homs, Kerak."""


# --- the printed numbers (p.9) -------------------------------------------------------------


def test_each_army_has_the_printed_leaders_and_deployment_points():
    names = {army: [C.leaders[k].name for k in keys] for army, keys in V.leaders.items()}
    assert names == {
        "angevin": ["William", "James"],
        "hre": ["Frederick I", "Diepold", "Guido"],
        "ayyubid": ["Saladin", "Al-Adil", "Al-Afdal", "Ibn Shaddad"],
        "turkoman": ["Zangi", "Qilij Arslan II", "Ibn Marwan"],
    }
    assert V.points == {"angevin": 11, "hre": 11, "ayyubid": 14, "turkoman": 14}


def test_the_printed_costs_deal_and_areas():
    assert V.cost == {"infantry": 1, "cavalry": 2, "siege": 4} and V.city_only == ("siege",)
    assert (V.dealt, V.discard, V.deserts) == (4, 1, 1)
    [jerusalem] = V.openings
    assert (jerusalem.region, jerusalem.alliance) == ("jerusalem", "muslim")
    assert jerusalem.caps == {"square": 3, "hex": 1, "trapezoid": 0}


def test_the_decks_set_famagusta_aside_and_leave_the_north_cards_out_with_two_players():
    """p.9 and ruling TC41: the Crusader and Muslim decks by main City; with the south board only,
    the south cards."""
    four, two = decks(cards().objectives, True), decks(cards().objectives, False)
    assert four == {
        "crusader": ["adana", "antioch", "ascalon", "heraclea", "seleucia", "sidon", "tortosa", "tripoli", "tyre"],
        "muslim": ["acre", "ahamant", "aleppo", "damascus", "homs", "iconium", "jaffa", "kerak"],
    }
    assert two == {
        "crusader": ["ascalon", "sidon", "tripoli", "tyre"],
        "muslim": ["acre", "ahamant", "damascus", "homs", "jaffa", "kerak"],
    }


def _parse(edit):
    raw = tomllib.loads((FOLDER / "variable_setup.toml").read_text())
    edit(raw)
    return parse_variable(raw, C.both, C.leaders, cards().objectives)


@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda r: r["army"][0].update(leaders=["saladin"]), "army 1 ('angevin'): field 'leaders' has 'saladin'"),
        (lambda r: r["army"].pop(), "no [[army]] entry for turkoman"),
        (lambda r: r["army"][1].update(army="angevin"), "army 2 ('angevin'): field 'army' repeats"),
        (lambda r: r["cost"].update(cavalry=0), "[cost]: field 'cavalry' is 0; expected 1 to 20"),
        (lambda r: r["cost"].update(city_only=["camel"]), "field 'city_only' has 'camel'"),
        (
            lambda r: r["deal"].update(dealt=5),
            "[deal]: field 'dealt' is 5: the crusader deck's 9 cards cannot deal it to 2 players",
        ),
        (lambda r: r["deal"].update(discard=4), "[deal]: field 'discard' is 4; expected 0 to 3"),
        (lambda r: r["open"][0].update(region="camelot"), "open 1 ('camelot'): field 'region' is 'camelot'"),
        (lambda r: r["open"][0].update(hex=3), "open 1 ('jerusalem'): field 'hex' is 3; expected 0 to 2"),
        (lambda r: r["army"][0].update(points="eleven"), "field 'points' must be int"),
    ],
)
def test_a_mistake_in_the_file_names_the_file_the_entry_and_the_field(edit, message):
    with pytest.raises(DataError, match="variable_setup.toml: .*" + re.escape(message)):
        _parse(edit)


# --- the option ------------------------------------------------------------------------------


def test_the_option_is_for_two_and_four_players_and_off_by_default():
    option = next(o for o in GAME.options if o.id == "variable")
    assert option.choices == (False, True) and option.default is False and option.players == (2, 4)
    # revision 2 added the option; revisions 3 and 6 changed other rules, so no earlier code replays
    assert GAME.rules_revision == 8 and GAME.earlier_revision(1, 2) is None and GAME.earlier_revision(2, 4) is None


def test_with_three_players_the_option_changes_nothing():
    """Ruling TC41: the 3-player game plays its own setup."""
    plain, _ = GAME.start(GAME.make_setup(4, ["human"] * 3))
    varied, _ = GAME.start(GAME.make_setup(4, ["human"] * 3, {"variable": True}))
    assert varied == plain and varied["phase"] == "strategy"


@pytest.mark.parametrize("players", [2, 4])
def test_the_map_starts_empty_and_the_ships_keep_only_the_leaders_not_deployed(players):
    """Ruling TC42: nothing of the setup pages; Guido (and with 4 players Diepold) leave the ships."""
    s, log = start(players, crusader_army="hre")
    assert s["phase"] == "variable" and s["initiative"] == []
    assert all(p is None for slots in s["map"].values() for p in slots)
    assert all(t == [0, 0, 0, 0] for t in s["tracks"].values())
    carried = [p for ship in s["ships"].values() for load in ship.values() for p in load]
    assert "guido" not in carried and "diepold" not in carried
    assert "infantry" in s["ships"]["1191 Spring"]["hre"]
    if players == 4:
        assert {"richard_i", "philip_ii"} <= set(s["ships"]["1191 Spring"]["angevin"])
    assert "Variable setup" in log[0].text and log[0].rule == "p.9"


@pytest.mark.parametrize("players", [2, 4])
def test_each_player_is_dealt_four_cards_of_its_alliance(players):
    s, _ = start(players, seed=3)
    vs = s["variable"]
    north = players == 4
    for army in s["armies"]:
        assert len(vs["dealt"][army]) == 4
        assert set(vs["dealt"][army]) <= set(decks(cards().objectives, north)[ALLIANCE_OF[army]])
    if players == 2:
        assert vs["dealt"]["angevin"] == ["ascalon", "sidon", "tripoli", "tyre"]
    dealt = [k for keys in vs["dealt"].values() for k in keys] + [k for p in vs["decks"].values() for k in p]
    assert "famagusta" not in dealt and len(dealt) == len(set(dealt))
    assert s["objectives"] == {a: [] for a in s["armies"]}


def test_the_discards_are_secret_then_the_kept_cards_are_revealed_and_initiative_drawn():
    s, _ = start(2, seed=2)
    first = GAME.to_act(s)
    army = s["armies"][first]
    legal = GAME.legal_actions(s)
    assert [a.args for a in legal] == [(k,) for k in s["variable"]["dealt"][army]]
    other = 1 - first
    view = GAME.view(s, other)["variable"]
    assert view["objectives"][army] is None and view["dealt"][army] == 4
    assert view["objectives"][s["armies"][other]] == s["variable"]["dealt"][s["armies"][other]]
    drop = legal[0].args[0]
    s, log = GAME.apply(s, legal[0])
    assert log[0].for_seat(first).startswith(f"{data.ARMY_NAMES[army]} discards the Objective")
    assert log[0].for_seat(other) == f"{data.ARMY_NAMES[army]} discards an Objective Card face down."
    assert GAME.view(s, other)["sealed"]["mine"] is None and GAME.view(s, first)["sealed"]["mine"] == [drop]
    s, log = GAME.apply(s, GAME.legal_actions(s)[0])
    vs = s["variable"]
    assert vs["stage"] == "deploy" and sorted(s["initiative"]) == [0, 1]
    assert all(len(vs["dealt"][a]) == 3 for a in s["armies"]) and drop not in vs["dealt"][army]
    for seat in (0, 1):
        view = GAME.view(s, seat)["variable"]
        assert view["objectives"] == vs["dealt"]
        assert view["discarded"] == vs["discarded"][s["armies"][seat]]
    assert any("revealed" in e.text for e in log) and any(e.rule == "TC43" for e in log)


# --- where a piece may go (p.9; ruling TC44) -----------------------------------------------------


def test_a_player_deploys_into_its_main_cities_and_the_deserts_by_road_beside_them():
    s = deploying(dealt=TWO)
    assert places(s, "angevin") == sorted(
        ["tripoli", "desert_east_of_tripoli", "desert_west_of_damascus", "tyre", "ascalon"]
    )
    assert places(s, "ayyubid") == sorted(
        [
            "damascus",
            "homs",
            "kerak",
            "jerusalem",
            "desert_east_of_tripoli",
            "desert_north_of_damascus",
            "desert_west_of_damascus",
            "desert_south_of_damascus",
        ]
    )


def test_a_city_not_kept_is_closed_and_an_illegal_placement_is_refused():
    s = deploying(dealt=TWO)
    for text in (
        "deploy infantry sidon",
        "deploy infantry desert_north_of_damascus",
        "deploy infantry jerusalem",
        "deploy saladin tripoli",
        "deploy siege desert_east_of_tripoli",
    ):
        with pytest.raises(IllegalAction):
            GAME.apply(s, Action.parse(text), seat=0)


def test_only_a_single_desert():
    s = deploying(dealt=TWO)
    s, _ = play(s, "angevin", "deploy james desert_east_of_tripoli")
    assert "desert_west_of_damascus" not in places(s, "angevin")
    assert "desert_east_of_tripoli" in places(s, "angevin")
    assert s["variable"]["deserts"]["angevin"] == ["desert_east_of_tripoli"]


def test_a_region_of_the_other_alliance_is_closed():
    s = deploying(dealt=TWO)
    s, _ = play(s, "angevin", "deploy james desert_west_of_damascus")
    assert "desert_west_of_damascus" not in places(s, "ayyubid")
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action.parse("deploy cavalry desert_west_of_damascus"))


def test_partners_may_share_a_region():
    s = deploying(
        4, dealt={"angevin": ["tripoli", "tyre", "ascalon", "sidon"], "hre": ["sidon", "adana", "antioch", "heraclea"]}
    )
    s, _ = play(s, "angevin", "deploy william desert_west_of_damascus")
    assert "desert_west_of_damascus" in places(s, "hre")


def test_a_siege_engine_only_in_a_city():
    s = deploying(dealt=TWO)
    assert places(s, "angevin", "siege") == ["ascalon", "tripoli", "tyre"]
    assert places(s, "angevin", "cavalry") == sorted(places(s, "angevin"))


def test_only_muslims_in_jerusalem_and_at_most_three_square_and_one_hexagonal_piece():
    s = deploying(dealt=TWO, order=[1, 0])
    assert "jerusalem" not in places(s, "angevin")
    assert places(s, "ayyubid", "siege") == ["damascus", "homs", "kerak"]
    for text in (
        "deploy saladin jerusalem",
        "deploy william tyre",
        "deploy al_adil jerusalem",
        "deploy james tyre",
        "deploy al_afdal jerusalem",
        "deploy infantry tyre",
    ):
        s, _ = play(s, "ayyubid" if "jerusalem" in text else "angevin", text)
    assert places(s, "ayyubid", "infantry").count("jerusalem") == 1  # a third square piece
    assert "jerusalem" not in places(s, "ayyubid", "cavalry")  # the hexagonal piece is there
    s, _ = play(s, "ayyubid", "deploy infantry jerusalem")
    assert "jerusalem" not in places(s, "ayyubid")
    assert [what(p) for p in s["map"]["jerusalem"] if p] == ["saladin", "al_adil", "infantry", "al_afdal"]


def test_the_jerusalem_cap_counts_both_muslim_armies():
    s = deploying(
        4,
        dealt={"ayyubid": ["damascus", "kerak", "acre", "homs"], "turkoman": ["aleppo", "iconium", "jaffa", "ahamant"]},
        order=[2, 3, 0, 1],
    )
    s, _ = play(s, "ayyubid", "deploy saladin jerusalem")
    s, _ = play(s, "turkoman", "deploy zangi jerusalem")
    s, _ = GAME.apply(s, GAME.legal_actions(s)[0])
    s, _ = GAME.apply(s, GAME.legal_actions(s)[0])
    s, _ = play(s, "ayyubid", "deploy al_adil jerusalem")
    assert "jerusalem" not in places(s, "turkoman", "ibn_marwan")
    assert "jerusalem" not in places(s, "turkoman", "infantry")
    assert "jerusalem" in places(s, "turkoman", "cavalry")


def test_a_piece_needs_a_free_slot_of_its_shape():
    s = deploying(dealt=TWO, order=[0, 1])
    s, _ = play(s, "angevin", "deploy james tyre")
    s, _ = GAME.apply(s, act("deploy", "saladin", "damascus"))
    s, _ = play(s, "angevin", "deploy cavalry tyre")
    assert "tyre" not in places(s, "angevin", "cavalry") and "tyre" in places(s, "angevin", "infantry")


# --- points, turns and stopping (ruling TC45) -------------------------------------------------


def test_units_cost_their_points_leaders_are_free_and_what_cannot_be_paid_is_not_offered():
    s = deploying(dealt=TWO, order=[0, 1])
    spent = [
        ("deploy william tripoli", 11),
        ("deploy siege tyre", 7),
        ("deploy cavalry tyre", 5),
        ("deploy siege tripoli", 1),
    ]
    for text, left in spent:
        s, _ = play(s, "angevin", text)
        assert s["variable"]["points"]["angevin"] == left
        s, _ = GAME.apply(s, GAME.legal_actions(s)[0])  # the Ayyubid's turn
    kinds = {kind for kind, _ in setup_phase.options(C, s, 0)}
    assert kinds == {"james", "infantry"}
    assert s["reserve"]["angevin"] == {"infantry": 30 - 6, "cavalry": 12 - 2 - 1, "siege": 6 - 1 - 2}


def test_leaders_are_placed_before_a_player_may_stop_and_points_left_are_lost():
    s = deploying(dealt=TWO, order=[0, 1])
    assert act("done") not in GAME.legal_actions(s)
    s, _ = play(s, "angevin", "deploy william tripoli")
    s, _ = GAME.apply(s, act("deploy", "saladin", "damascus"))
    s, _ = play(s, "angevin", "deploy james tyre")
    s, _ = GAME.apply(s, act("deploy", "al_adil", "damascus"))
    assert act("done") in GAME.legal_actions(s)
    s, log = play(s, "angevin", "done")
    assert log[0].text == "Angevin stops deploying; its 11 deployment points left are lost." and log[0].rule == "TC45"
    for _ in range(3):  # the Ayyubid deploys alone from now on
        assert GAME.to_act(s) == 1
        s, _ = GAME.apply(s, act("deploy", "infantry", "homs"))
    assert s["tracks"]["angevin"] == list(tracks(C, s["map"], C.south)["angevin"])


def test_a_player_with_nothing_left_stops_by_itself_and_the_setup_ends_when_all_have():
    s = deploying(dealt=TWO, order=[0, 1])
    s["variable"]["points"] = {"angevin": 1, "ayyubid": 0}
    s["variable"]["leaders"] = {"angevin": [], "ayyubid": ["saladin"]}
    s, log = play(s, "angevin", "deploy infantry tyre")
    assert "Angevin has nothing left it may deploy." in [e.text for e in log]
    s, log = play(s, "ayyubid", "deploy saladin damascus")
    texts = [e.text for e in log]
    assert "Ayyubid has nothing left it may deploy." in texts
    assert s["phase"] == "strategy" and s["variable"] is None and s["strategy"] is not None
    assert any(e.rule == "TC46" for e in log) and texts[-1].startswith("1190: Strategy.")


# --- the tracks, and the end of the setup -------------------------------------------------------


def test_the_tracks_follow_the_map_after_each_placement():
    """Setup step 4 (p.5) at once: William's crown and Tripoli's command point and gold, then
    Tyre's two supply icons (the Infantry avoids them, TC5); Saladin's icons and Damascus's."""
    s = deploying(dealt=TWO, order=[0, 1])
    s, log = play(s, "angevin", "deploy william tripoli")
    assert s["tracks"]["angevin"] == [1, 1, 0, 1]
    assert log[0].text == (
        "Angevin deploys William in Tripoli, free (11 deployment points left). Tracks: 1 command "
        "point, 1 Crown, 0 Supply, 1 Gold."
    )
    assert log[0].marks == ("region:tripoli",)
    s, _ = play(s, "ayyubid", "deploy saladin damascus")
    assert s["tracks"]["ayyubid"] == [2, 2, 2, 0]
    s, log = play(s, "angevin", "deploy infantry tyre")
    assert s["tracks"]["angevin"] == [1, 1, 2, 1]
    assert "for 1 deployment point (10 deployment points left)" in log[0].text
    assert s["cp"] == [0, 0]  # the current command points wait for the end of the setup


@pytest.mark.parametrize("players", [2, 4])
def test_after_deployment_neutral_infantry_objectives_and_command_points(players):
    """p.9 and ruling TC46: a Neutral Infantry in every City without a Unit or Leader; all the
    Objective Cards in play shuffled, 2 dealt to each in secret; current command points at base."""
    rand = random.Random(players)
    s, _ = start(players, seed=5)
    while s["phase"] == "variable":
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
    board = data.board_for(C, s["armies"])
    for region in board.regions:
        owners = {owner(p) for p in s["map"][region.key]} - {None}
        if region.city:
            assert owners, region.key
            if "neutral" in owners:
                assert [p for p in s["map"][region.key] if p] == ["neutral:infantry"]
        assert SABOTAGE not in s["map"][region.key]
    assert s["tracks"] == {a: list(t) for a, t in tracks(C, s["map"], board).items() if a in s["armies"]}
    assert s["cp"] == [s["tracks"][a][0] for a in s["armies"]]
    held = [k for a in s["armies"] for k in s["objectives"][a]]
    assert all(len(s["objectives"][a]) == 2 for a in s["armies"])
    in_play = [o.key for o in cards().objectives if players == 4 or o.section == "south"]
    assert sorted(held + s["objective_deck"]) == sorted(in_play)


# --- what a seat sees (ruling TC47) -------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_dealing_anew_what_a_seat_cannot_see_changes_nothing_it_is_shown(players):
    rand = random.Random(7)
    s, _ = start(players, seed=7)
    check_view_hides(GAME, s, rand, tries=6)
    while s["phase"] == "variable":
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))
        check_view_hides(GAME, s, rand, tries=6)


@pytest.mark.parametrize("players", [2, 4])
def test_determinizations_in_the_setup_depend_only_on_the_seats_view(players):
    rand = random.Random(3)
    s, _ = start(players, seed=3)
    while s["phase"] == "variable":
        seat = GAME.to_act(s)
        for _ in range(2):
            other = GAME.redeal(s, seat, rand)
            a = GAME.determinize(s, seat, random.Random(9))
            b = GAME.determinize(other, seat, random.Random(9))
            assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
        s, _ = GAME.apply(s, rand.choice(GAME.legal_actions(s)))


# --- the computer player -------------------------------------------------------------------------


def _heuristic(s):
    seat = GAME.to_act(s)
    return decide(agent_for(GAME, "heuristic"), GAME, s, seat, agent_random(1, 0))


def test_the_heuristic_keeps_the_richest_objectives():
    """Kerak (one gold icon, no Desert beside it) is the card to let go against Damascus, Homs and Acre."""
    s, _ = start(2, seed=1)
    seat = s["armies"].index("ayyubid")
    s["variable"]["dealt"]["ayyubid"] = ["acre", "damascus", "homs", "kerak"]
    while GAME.to_act(s) != seat:
        s, _ = GAME.apply(s, GAME.legal_actions(s)[0])
    assert _heuristic(s) == act("discard_objective", "kerak")


def test_the_heuristic_deploys_where_a_piece_gains_and_spends_its_points_within_its_supply():
    s = deploying(dealt=TWO, order=[0, 1])
    s, _ = play(s, "angevin", "deploy william tripoli")
    s, _ = play(s, "ayyubid", "deploy saladin damascus")
    choice = _heuristic(s)
    assert choice != GAME.legal_actions(s)[0]
    assert choice.args[1] in ("tyre", "ascalon", "desert_east_of_tripoli", "desert_west_of_damascus")
    for seed in range(4):
        setup = GAME.make_setup(seed, ["heuristic"] * 4, {"variable": True})
        match = Match(GAME, setup)
        agents = [agent_for(GAME, k) for k in setup.seats]
        while match.state["phase"] == "variable":
            seat = match.to_act()
            match.play(decide(agents[seat], GAME, match.state, seat, agent_random(seed, match.steps)))
        for seat, army in enumerate(match.state["armies"]):
            player = GAME.view(match.state, seat)["players"][seat]
            assert player["need"] <= player["tracks"][2], (seed, army)
            units = [p for slots in match.state["map"].values() for p in slots if owner(p) == army and what(p) in UNITS]
            assert len(units) >= 3, (seed, army)


# --- whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seats,options",
    [
        (["random", "random"], {}),
        (["heuristic", "heuristic"], {}),
        (["heuristic", "random"], {"crusader_army": "hre", "muslim_army": "turkoman"}),
        (["random"] * 4, {}),
        (["heuristic"] * 4, {}),
        (["heuristic", "random", "random", "heuristic"], {}),
    ],
)
def test_whole_games_with_the_option_play_to_a_result(seats, options):
    setup = GAME.make_setup(11, seats, {"variable": True, **options})
    match = play_out(GAME, setup)
    result = match.result()
    assert result is not None and match.state["phase"] == "over"
    assert any("Variable setup" in e.text for e in match.logs[0])
    verbs = {a.verb for a in match.actions}
    assert {"discard_objective", "deploy", "arrange", "pick"} <= verbs
    again = sharecode.decode(sharecode.encode(match), game_by_code)
    assert again.state == match.state
    assert GAME.load(GAME.save(match.state)) == match.state


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_of_the_setup_reads_in_words(players):
    rand = random.Random(players)
    s, _ = start(players, seed=9)
    while s["phase"] == "variable":
        legal = GAME.legal_actions(s)
        for action in legal:
            words = GAME.describe(s, action)
            assert words and words != action.text and "None" not in words, action.text
            assert Action.parse(action.text) == action
        s, _ = GAME.apply(s, rand.choice(legal))
