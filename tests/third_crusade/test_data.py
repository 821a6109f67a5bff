"""Third Crusade designed data (ruling TC1): the south and north maps and the Roads that join
them, the Leaders, the 2- and 3-player setup and the 4-player setup load, reproduce the starting
tracks printed on the 2-player page (p.6) and on the 4-player page (p.8), and keep every map fact
the rulebook's examples rely on; a mistake in a file names the file, the entry and the field."""

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from outremer.core.data import read_toml
from outremer.core.errors import DataError
from outremer.games.third_crusade import data, loading
from outremer.games.third_crusade.data import (
    ALLIANCES,
    SABOTAGE,
    SLOT_SHAPES,
    content,
    control,
    controller,
    free_slot,
    place,
    starting_position,
    tracks,
    uncovered,
)
from outremer.games.third_crusade.loading import parse_leaders, parse_map, parse_setup

C = content()
SOUTH = C.south
FOLDER = Path(data.__file__).parent / "data"


def region(key):
    return SOUTH.region(key)


def neighbours(key):
    return {SOUTH.regions[i].key for i in region(key).roads}


# --- (a) the printed starting tracks ------------------------------------------------------

PRINTED = {"angevin": (1, 1, 5, 1), "hre": (2, 3, 5, 1), "ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 3)}


@pytest.mark.parametrize("crusader", ALLIANCES["crusader"])
@pytest.mark.parametrize("muslim", ALLIANCES["muslim"])
def test_two_player_setup_gives_the_printed_tracks(crusader, muslim):
    """2-player setup, p.6, TRACK MARKERS PLACEMENT (command points, crowns, supply, gold;
    rulings TC3, TC4): every pairing of opposing Armies."""
    got = tracks(C, starting_position(C, (crusader, muslim)))
    assert got[crusader] == PRINTED[crusader]
    assert got[muslim] == PRINTED[muslim]
    assert all(got[a] == (0, 0, 0, 0) for a in data.ARMIES if a not in (crusader, muslim))


@pytest.mark.parametrize(
    "armies,expected",
    [
        (("angevin", "hre", "ayyubid"), {"angevin": (0, 1, 4, 0), "hre": (2, 3, 1, 1), "ayyubid": (3, 2, 4, 3)}),
        (("angevin", "hre", "turkoman"), {"angevin": (0, 1, 4, 0), "hre": (2, 3, 1, 1), "turkoman": (2, 2, 7, 3)}),
        (
            ("angevin", "ayyubid", "turkoman"),
            {"angevin": (1, 1, 5, 1), "ayyubid": (3, 2, 2, 1), "turkoman": (1, 1, 5, 3)},
        ),
        (("hre", "ayyubid", "turkoman"), {"hre": (2, 3, 5, 1), "ayyubid": (3, 2, 2, 1), "turkoman": (1, 1, 5, 3)}),
    ],
)
def test_three_player_setup_tracks(armies, expected):
    """Rulings TC2, TC70: the 3-player game uses the 2-player page; the lone Army starts as
    printed, the pair splits the double-coloured Units by `three_player`."""
    got = tracks(C, starting_position(C, armies))
    assert {a: got[a] for a in armies} == expected


def test_the_balance_choices_of_the_starting_positions():
    """Ruling TC70: Sabotage tokens on the Glory icons of Jaffa and Ascalon (2- and 3-player
    page); the Holy Roman Empire's own Units hold the Desert east of Tripoli beside the Angevin's
    own Cavalry, which the plutorial's Angevin alone has there: its Cavalry whenever it plays, its
    2 Infantry only beside its partner (``paired``); the 4-player page's Tyre holds 2
    Angevin Infantry and the Desert south of Aleppo 3 Turkoman Infantry and a Cavalry. Ruling
    TC72: Acre's double-coloured Units are the Turkoman's in the 3-player Muslim pair."""

    def pieces(pos, key):
        return sorted(s for s in pos[key] if s not in (None, SABOTAGE))

    two = starting_position(C, ("angevin", "ayyubid"))
    for key in ("jaffa", "ascalon"):
        assert two[key][region(key).icons.index("glory")] == SABOTAGE
        assert pieces(two, key) == ["neutral:infantry"]
    assert pieces(two, "desert_east_of_tripoli") == ["angevin:cavalry", "neutral:infantry"]
    for alone in (("hre", "ayyubid"), ("hre", "turkoman"), ("hre", "ayyubid", "turkoman")):
        # the Holy Roman Empire alone in its Alliance: its Cavalry only; the 2 Infantry come with the pair
        assert pieces(starting_position(C, alone), "desert_east_of_tripoli") == ["hre:cavalry", "neutral:infantry"]
    three = starting_position(C, ("angevin", "hre", "ayyubid"))
    assert pieces(three, "desert_east_of_tripoli") == [
        "angevin:cavalry",
        "hre:cavalry",
        "hre:infantry",
        "hre:infantry",
        "neutral:infantry",
    ]
    assert control("desert_east_of_tripoli", three) == "hre"
    assert {k: control(k, three) for k in ("tripoli", "sidon", "tyre")} == {
        "tripoli": "hre",
        "sidon": "angevin",
        "tyre": "angevin",
    }
    three = starting_position(C, ("angevin", "ayyubid", "turkoman"))
    assert {k: control(k, three) for k in ("desert_north_of_damascus", "acre", "damascus", "jerusalem")} == {
        "desert_north_of_damascus": "turkoman",
        "acre": "turkoman",
        "damascus": "ayyubid",
        "jerusalem": "ayyubid",
    }
    four = starting_position(C, data.ARMIES)
    assert pieces(four, "tyre") == ["angevin:infantry"] * 2
    assert pieces(four, "desert_south_of_aleppo") == ["turkoman:cavalry"] + ["turkoman:infantry"] * 3
    # ruling TC72: the 4-player Holy Roman Empire brings no Siege Engine to Heraclea
    assert "hre:siege" not in pieces(four, "heraclea")


def test_the_lone_turkoman_of_three_players_has_an_infantry_of_homs_in_acre():
    """Ruling TC73 (``[[lone]]`` in ``setup.toml``): the Turkoman as the lone player of 3 places
    one of Homs' Infantry in Acre; its tracks stay the printed 2 2 7 3. The Turkoman of 2
    players, the Turkoman of the 3-player pair and every other Army start as on the page."""

    def units(pos, key, army="turkoman"):
        return sorted(s for s in pos[key] if s and s.startswith(army + ":") and s.split(":")[1] in data.UNITS)

    lone = starting_position(C, ("angevin", "hre", "turkoman"))
    assert units(lone, "homs") == ["turkoman:cavalry", "turkoman:infantry"]
    assert units(lone, "acre") == ["turkoman:cavalry"] + ["turkoman:infantry"] * 3
    assert tracks(C, lone)["turkoman"] == PRINTED["turkoman"]
    for armies in (("angevin", "turkoman"), ("hre", "turkoman"), ("angevin", "ayyubid", "turkoman")):
        pos = starting_position(C, armies)
        assert units(pos, "homs") == ["turkoman:cavalry"] + ["turkoman:infantry"] * 2
        assert units(pos, "acre") == ["turkoman:cavalry", "turkoman:infantry", "turkoman:infantry"]
    # the moves (this one and TC79's) touch nothing but those Regions
    page = starting_position(replace(C, setup=replace(C.setup, lone=())), ("angevin", "hre", "turkoman"))
    assert {k for k in lone if lone[k] != page[k]} == {"homs", "acre", "hama", "desert_north_of_damascus"}
    assert data.lone_moves(C, ("angevin", "ayyubid", "turkoman")) == ()
    assert data.lone_moves(C, ("angevin", "hre", "ayyubid")) == ()
    assert [m.army for m in data.lone_moves(C, ("angevin", "hre", "turkoman"))] == ["turkoman", "turkoman"]


def test_the_lone_turkoman_of_three_players_has_an_infantry_of_hama_in_the_desert_north_of_damascus():
    """Ruling TC79 (``[[lone]]`` in ``setup.toml``): the Turkoman as the lone player of 3 places
    one of Hama's 2 Infantry in the Desert north of Damascus, beside the double-coloured Units it
    places there; its tracks stay the printed 2 2 7 3. With 2 players and in the 3-player pair
    Hama and that Desert are as on the page."""

    def units(pos, key, army="turkoman"):
        return sorted(s for s in pos[key] if s and s.startswith(army + ":") and s.split(":")[1] in data.UNITS)

    lone = starting_position(C, ("angevin", "hre", "turkoman"))
    assert units(lone, "hama") == ["turkoman:infantry"]
    assert units(lone, "desert_north_of_damascus") == ["turkoman:cavalry"] + ["turkoman:infantry"] * 4
    assert tracks(C, lone)["turkoman"] == PRINTED["turkoman"]
    for armies in (("angevin", "turkoman"), ("hre", "turkoman"), ("angevin", "ayyubid", "turkoman")):
        pos = starting_position(C, armies)
        assert units(pos, "hama") == ["turkoman:infantry"] * 2
        assert units(pos, "desert_north_of_damascus") == ["turkoman:cavalry"] + ["turkoman:infantry"] * 3


def test_the_three_player_muslim_pair_has_an_ayyubid_infantry_in_acre():
    """Ruling TC79: in the 3-player Muslim pair (against the lone Angevin or the lone Holy Roman
    Empire) the Ayyubid places an Infantry of its own in Acre (``paired``), beside the
    Turkoman's 2 Infantry and Cavalry there; the Turkoman keeps Control of Acre, no icon of Acre
    is covered and the pair's tracks are as before. With 2 players, and with the Turkoman or the
    Ayyubid alone, Acre is as on the page."""

    def units(pos, key):
        return sorted(s for s in pos[key] if s and s.split(":")[1] in data.UNITS)

    for lone in ("angevin", "hre"):
        pos = starting_position(C, (lone, "ayyubid", "turkoman"))
        assert units(pos, "acre") == ["ayyubid:infantry", "turkoman:cavalry"] + ["turkoman:infantry"] * 2
        assert control("acre", pos) == "turkoman"
        assert uncovered(region("acre"), pos["acre"]) == tuple(i for i in region("acre").icons if i)
        assert {a: tracks(C, pos)[a] for a in ("ayyubid", "turkoman")} == {
            "ayyubid": (3, 2, 2, 1),
            "turkoman": (1, 1, 5, 3),
        }
    for armies in (
        ("angevin", "ayyubid"),
        ("hre", "ayyubid"),
        ("angevin", "turkoman"),
        ("hre", "turkoman"),
        ("angevin", "hre", "ayyubid"),
    ):
        muslim = armies[-1]
        assert units(starting_position(C, armies), "acre") == [f"{muslim}:cavalry"] + [f"{muslim}:infantry"] * 2


def test_setup_needs_two_or_three_armies_on_the_south_page_or_all_four():
    """Setup, p.4: 2 players, one Army of each Alliance; 3, two and one; 4, all four (on both
    boards, ruling TC14)."""
    for bad in (
        ("angevin", "hre"),
        ("angevin",),
        ("angevin", "hre", "ayyubid", "ayyubid"),
        ("angevin", "angevin"),
        ("angevin", "hre", "ayyubid", "turkoman", "angevin"),
    ):
        with pytest.raises(ValueError):
            starting_position(C, bad)
    assert set(starting_position(C, data.ARMIES)) == {r.key for r in C.both.regions}


def test_setup_avoids_covering_resources_and_fills_empty_cities_with_neutral_infantry():
    """Board setup, p.5 ("avoid blocking any Resources"); 2-player setup, p.6 (Neutral
    Infantry in each empty City); ruling TC5."""
    pos = starting_position(C, ("angevin", "ayyubid"))
    covered = [
        (key, i)
        for key, slots in pos.items()
        for i, s in enumerate(slots)
        if s not in (None, SABOTAGE) and region(key).icons[i]
    ]
    assert covered == [("tyre", 8)]  # the Siege Engine's only Slot: Tyre's Glory icon
    for r in SOUTH.regions:
        pieces = [s for s in pos[r.key] if s not in (None, SABOTAGE)]
        if r.city:
            assert pieces, r.key
    assert [s for s in pos["famagusta"] if s] == ["neutral:infantry"]
    assert not any(pos["desert_west_of_damascus"]) and not any(pos["desert_south_of_damascus"])


# --- (b) map facts the examples rely on ---------------------------------------------------


def test_tripoli_has_two_roads_both_to_deserts_and_sidon_is_not_adjacent():
    """Battle example, p.14-15: the Angevin Cavalry could only retreat to the other Adjacent
    Desert; "The Order in Sidon can not be executed because the Region is not Adjacent"."""
    tripoli = region("tripoli")
    assert tripoli.city and tripoli.port and tripoli.mercantile
    assert len(tripoli.roads) == 2 and all(SOUTH.regions[i].kind == "desert" for i in tripoli.roads)
    assert not SOUTH.adjacent("tripoli", "sidon")


def test_ports_are_adjacent_by_sea():
    """Glossary, Port: Sea Move between Ports; the plutorial's Sea Move from Tripoli and the
    Genoa ships landing in Sidon."""
    for key in ("tripoli", "sidon", "tyre", "acre", "famagusta"):
        assert region(key).port
    assert SOUTH.by_sea("tripoli", "famagusta") and not SOUTH.by_sea("tripoli", "damascus")
    assert not region("famagusta").roads  # Cyprus: by sea only (ruling TC10)


def test_plutorial_regions_and_roads():
    """Plutorial, p.24-29: the Ayyubid Desert attacks the Angevin Desert "to the North";
    Ahamant - Desert - Jerusalem is a Forced March; Damascus Marches to the west Desert (crown
    icon) and keeps a Desert to the South; Sidon Marches to that west Desert; Al-Afdal retreats
    from it to the Desert with 1 Cavalry; a Bandit on a Road west of Jerusalem."""
    assert SOUTH.adjacent("desert_north_of_damascus", "desert_east_of_tripoli")
    assert region("desert_east_of_tripoli").y < region("desert_north_of_damascus").y
    assert "desert_south_of_damascus" in neighbours("ahamant") & neighbours("jerusalem")
    assert not SOUTH.adjacent("ahamant", "jerusalem")
    assert {"desert_west_of_damascus", "desert_south_of_damascus"} <= neighbours("damascus")
    assert "crown" in region("desert_west_of_damascus").icons
    assert SOUTH.adjacent("sidon", "desert_west_of_damascus")
    assert SOUTH.adjacent("desert_west_of_damascus", "desert_south_of_damascus")
    assert any(region(k).x < region("jerusalem").x for k in neighbours("jerusalem"))
    assert region("jerusalem").jerusalem and region("jerusalem").city


def test_printed_icons_the_examples_name():
    """Plutorial: Tyre's supply icons (one covered by the third new Infantry, one uncovered in
    Upkeep) and its covered Glory icon; Glory icons in Acre and Ahamant (both under Sabotage in
    Upkeep) and in the Angevin Desert; Sidon's supply icon (sabotaged)."""
    assert region("tyre").icons.count("supply") == 2 and "glory" in region("tyre").icons
    assert "glory" in region("acre").icons and "glory" in region("ahamant").icons
    assert "glory" in region("desert_east_of_tripoli").icons
    assert "supply" in region("sidon").icons
    pos = starting_position(C, ("angevin", "ayyubid"))
    assert pos["ahamant"][region("ahamant").icons.index("glory")] == SABOTAGE


def _remove(slots, piece, key=None):
    """Take ``piece`` off; of several alike, one standing on an icon if there is one."""
    alike = [i for i, s in enumerate(slots) if s == piece]
    on_icon = [i for i in alike if key is not None and region(key).icons[i]]
    i = (on_icon or alike)[0]
    return slots[:i] + (None,) + slots[i + 1 :]


def _sabotage(key, slots, icon):
    i = next(i for i, s in enumerate(slots) if s is None and region(key).icons[i] == icon)
    return slots[:i] + (SABOTAGE,) + slots[i + 1 :]


def _add(pos, key, *pieces):
    for p in pieces:
        pos[key] = place(C, region(key), pos[key], p)


def _move(pos, src, dst, *pieces):
    for p in pieces:
        pos[src] = _remove(pos[src], p, src)
    _add(pos, dst, *pieces)


def test_plutorial_command_phase_tracks():
    """Plutorial, Command phase, p.25-27: from the printed start (Angevin 1/1/5/1, Ayyubid
    3/2/4/3) to the printed end (gold/supply/crown/base CP): Ayyubid 4/4/2/3, Angevin 1/3/2/1.
    Each step's track change is the one the text states."""
    pos = dict(starting_position(C, ("angevin", "ayyubid")))
    A, Y = "angevin", "ayyubid"

    def t(army):
        return dict(zip(data.TRACKS, tracks(C, pos)[army], strict=True))

    assert control("desert_east_of_tripoli", pos) == A and "neutral:infantry" in pos["desert_east_of_tripoli"]
    units = {
        k: sum(1 for s in v if s and s.startswith("angevin:") and s.split(":")[1] in data.UNITS) for k, v in pos.items()
    }
    assert max(units, key=units.get) == "tripoli"  # step 5: "their Region with most Units"
    # 1. +1 Infantry in the Ayyubid Desert, 5 against 3 (Cavalry 2 + 3 Infantry; Angevin
    #    Cavalry 2 + Neutral Infantry), Defence +2; the Angevin loses the Neutral Infantry.
    _add(pos, "desert_north_of_damascus", "ayyubid:infantry")
    pos["desert_east_of_tripoli"] = _remove(pos["desert_east_of_tripoli"], "neutral:infantry")
    pos["desert_north_of_damascus"] = _remove(pos["desert_north_of_damascus"], "ayyubid:infantry")
    assert t(A) == {"cp": 1, "crown": 1, "supply": 5, "gold": 1}
    # 2. Sabotage on Acre's Glory icon; the Ayyubid Infantry leaves Jerusalem: no track moves.
    pos["acre"] = _sabotage("acre", pos["acre"], "glory")
    pos["jerusalem"] = _remove(pos["jerusalem"], "ayyubid:infantry")
    assert control("jerusalem", pos) is None and t(Y) == {"cp": 3, "crown": 2, "supply": 4, "gold": 3}
    # 3. Al-Adil's Forced March Ahamant -> Desert -> Jerusalem, 1 Cavalry left in the Desert;
    #    Ibn Shaddad keeps Ahamant: gold +1, supply +1.
    _move(
        pos,
        "ahamant",
        "desert_south_of_damascus",
        "ayyubid:al_adil",
        "ayyubid:cavalry",
        "ayyubid:cavalry",
        "ayyubid:infantry",
    )
    _move(pos, "desert_south_of_damascus", "jerusalem", "ayyubid:al_adil", "ayyubid:cavalry", "ayyubid:infantry")
    assert control("ahamant", pos) == Y
    assert t(Y) == {"cp": 3, "crown": 2, "supply": 5, "gold": 4}
    # 4. Guy's Expedition: a Neutral Cavalry and Infantry into the Angevin Desert.
    _add(pos, "desert_east_of_tripoli", "neutral:cavalry", "neutral:infantry")
    # 5. Sabotage on a supply icon in Sidon: Angevin supply -1.
    pos["sidon"] = _sabotage("sidon", pos["sidon"], "supply")
    assert t(A)["supply"] == 4
    # 6. +3 Infantry in Tyre: the last covers a supply icon.
    _add(pos, "tyre", "angevin:infantry", "angevin:infantry")
    assert t(A)["supply"] == 4
    _add(pos, "tyre", "angevin:infantry")
    assert t(A)["supply"] == 3
    # 7. Al-Afdal and 1 Infantry March from Damascus to the west Desert: crown +1.
    _move(pos, "damascus", "desert_west_of_damascus", "ayyubid:al_afdal", "ayyubid:infantry")
    assert control("damascus", pos) == Y and t(Y)["crown"] == 3
    # 8. +1 Infantry in Sidon; James and 2 Infantry take the west Desert (4 against 3); the
    #    Ayyubid loses its Infantry, Al-Afdal retreats to the Desert with 1 Cavalry (supply -1,
    #    crown -1); the Angevin loses 1 Infantry (crown +1).
    _add(pos, "sidon", "angevin:infantry")
    pos["desert_west_of_damascus"] = _remove(pos["desert_west_of_damascus"], "ayyubid:infantry")
    _move(pos, "desert_west_of_damascus", "desert_south_of_damascus", "ayyubid:al_afdal")
    _move(pos, "sidon", "desert_west_of_damascus", "angevin:james", "angevin:infantry")
    pos["sidon"] = _remove(pos["sidon"], "angevin:infantry")
    assert control("sidon", pos) == A
    # 9. +1 Cavalry in Jerusalem; 11. +2 Infantry in Ahamant.
    _add(pos, "jerusalem", "ayyubid:cavalry")
    _add(pos, "ahamant", "ayyubid:infantry", "ayyubid:infantry")
    assert t(Y) == {"cp": 3, "crown": 2, "supply": 4, "gold": 4}
    assert t(A) == {"cp": 1, "crown": 2, "supply": 3, "gold": 1}

    # Upkeep 1, "Ensure our supply": Ayyubid 4 supply icons in 2 Regions, Angevin 3 in 3.
    def supplied(army):
        return [k for k, v in pos.items() if control(k, pos) == army and "supply" in uncovered(region(k), v)]

    assert len(supplied(Y)) == 2 and len(supplied(A)) == 3
    # Upkeep 4A: removing 1 Infantry from Tyre uncovers a supply icon: 4.
    i = max(i for i, s in enumerate(pos["tyre"]) if s == "angevin:infantry" and region("tyre").icons[i])
    pos["tyre"] = pos["tyre"][:i] + (None,) + pos["tyre"][i + 1 :]
    assert t(A)["supply"] == 4

    # Upkeep 4E: uncovered Glory icons Controlled: Angevin 1 (its Desert), Ayyubid none (its
    # +1 is a Glory chit); Acre's and Ahamant's under Sabotage, Tyre's under a Unit.
    def glory(army):
        return sum(uncovered(region(k), v).count("glory") for k, v in pos.items() if control(k, pos) == army)

    assert glory(A) == 1 and glory(Y) == 0
    # Upkeep 7, Genoa: Richard I and Philip II in Sidon: base CP +2, crowns +2.
    before = t(A)
    _add(pos, "sidon", "angevin:richard_i", "angevin:philip_ii")
    assert t(A)["cp"] == before["cp"] + 2 and t(A)["crown"] == before["crown"] + 2


def test_leader_facts():
    """Battle example: Badr al-Din and Conrad are hexagonal, Conrad counts 1 in a City;
    plutorial: Al-Afdal hexagonal with a Cavalry icon, James with a Cavalry icon."""
    L = C.leaders
    for key in ("badr_al_din", "conrad", "al_afdal"):
        assert L[key].shape == "hex" and L[key].unit == "cavalry"
    assert L["james"].unit == "cavalry" and L["conrad"].army == "neutral"
    assert set(C.setup.genoa["1191 Spring"]["angevin"]) >= {"richard_i", "philip_ii"}


# --- Control, Slots, tracks ----------------------------------------------------------------


def test_control_counts_units_and_leaders_and_a_tie_is_nobody():
    """Glossary, Control; ruling TC6: Leaders count (plutorial: Ibn Shaddad stays in Ahamant
    "to not lose Control"); Neutral pieces count for nobody; a tie: nobody."""
    assert controller(["ayyubid:ibn_shaddad", None]) == "ayyubid"
    assert controller(["ayyubid:ibn_shaddad", "neutral:infantry", "neutral:infantry"]) == "ayyubid"
    assert controller(["neutral:infantry"]) is None
    assert controller(["angevin:infantry", "hre:infantry"]) is None
    assert controller(["angevin:infantry", "hre:infantry", "hre:diepold"]) == "hre"
    assert controller([SABOTAGE, None]) is None


def test_a_new_piece_covers_an_icon_only_when_no_bare_slot_is_left():
    """Ruling TC5: free Slots without icons first, then the first free Slot with an icon."""
    tyre = region("tyre")
    slots = (None,) * 9
    taken = []
    for _ in range(6):
        i = free_slot(C, tyre, slots, "square")
        taken.append(i)
        slots = place(C, tyre, slots, "angevin:infantry")
    assert taken == [2, 3, 4, 5, 0, 1]
    assert free_slot(C, tyre, slots, "square") is None
    with pytest.raises(DataError, match="Tyre has no free square Slot"):
        place(C, tyre, slots, "angevin:infantry")
    assert free_slot(C, tyre, slots, "trapezoid") == 8
    assert free_slot(C, tyre, (SABOTAGE,) + (None,) * 8, "square") == 2


def test_tracks_count_uncovered_icons_of_controlled_regions_and_leaders_anywhere():
    pos = {k: (None,) * 9 for k in (r.key for r in SOUTH.regions)}
    pos["damascus"] = ("ayyubid:infantry",) + (None,) * 8  # covers 1 supply
    pos["kerak"] = ("angevin:infantry", "ayyubid:saladin") + (None,) * 7  # tie: nobody
    got = tracks(C, pos)
    assert got["ayyubid"] == (1 + 1, 1 + 1, 1, 0)  # Damascus cp, crown, 1 supply; Saladin cp, crown
    assert got["angevin"] == (0, 0, 0, 0)


# --- (c) shape of the map -------------------------------------------------------------------


def test_roads_symmetric_map_connected_slots_6_2_1():
    assert len(SOUTH.regions) == 17 and sum(r.kind == "desert" for r in SOUTH.regions) == 4
    names = {r.name for r in SOUTH.regions}
    for n in (
        "Ascalon",
        "Jaffa",
        "Acre",
        "Tyre",
        "Famagusta",
        "Sidon",
        "Tripoli",
        "Kerak",
        "Jerusalem",
        "Damascus",
        "Hama",
        "Homs",
        "Ahamant",
    ):
        assert n in names
    for r in SOUTH.regions:
        for i in r.roads:
            assert r.index in SOUTH.regions[i].roads
        assert len(r.icons) == 9 and SLOT_SHAPES.count("square") == 6 and SLOT_SHAPES.count("hex") == 2
        assert SLOT_SHAPES.count("trapezoid") == 1
        assert 0 <= r.x <= 1000 and 0 <= r.y <= 1000
    seen, todo = {0}, [0]
    while todo:
        here = SOUTH.regions[todo.pop()]
        nxt = set(here.roads) | ({r.index for r in SOUTH.regions if r.port} if here.port else set())
        for i in nxt - seen:
            seen.add(i)
            todo.append(i)
    assert len(seen) == len(SOUTH.regions)
    from outremer.core.graph import distances

    by_road = distances([r.roads for r in SOUTH.regions], SOUTH.index("jerusalem"))
    assert [SOUTH.regions[i].key for i, d in enumerate(by_road) if d is None] == ["famagusta"]
    assert SOUTH.sides == {"crusader": "west", "muslim": "east"}


# --- (d) mistakes in the files ----------------------------------------------------------------


def _text(name, old, new):
    raw = (FOLDER / name).read_text(encoding="utf-8")
    assert old in raw, old
    return read_toml("x", name, text=raw.replace(old, new, 1))


def _escape(message):
    return "".join("\\" + ch if ch in "()[]." else ch for ch in message)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'hex = ["crown", ""]',
            'hex = ["crown"]',
            "map_south.toml: region 1 ('famagusta'): field 'hex' must list 2 Slots, not 1",
        ),
        (
            'square = ["gold", "supply", "", "", "", ""]\nhex = ["crown", ""]',
            'square = ["gold", "wine", "", "", "", ""]\nhex = ["crown", ""]',
            "region 1 ('famagusta'): field 'square' has 'wine'",
        ),
        (
            'roads = ["desert_east_of_tripoli", "desert_west_of_damascus"]',
            'roads = ["desert_east_of_tripoli"]',
            "region 8 ('desert_west_of_damascus'): field 'roads' lists 'tripoli', but 'tripoli' does not list",
        ),
        ('kind = "desert"', 'kind = "forest"', "region 3 ('desert_east_of_tripoli'): field 'kind' is 'forest'"),
        (
            'key = "hama"\nname = "Hama"\nkind = "city"\njerusalem = false\nport = false',
            'key = "hama"\nname = "Hama"\nkind = "city"\njerusalem = false\nport = "no"',
            "region 4 ('hama'): field 'port' must be bool",
        ),
        ("x = 90", "x = 1090", "region 1 ('famagusta'): field 'x' is 1090; expected 0 to 1000"),
        (
            'flavour = "Port of Cyprus',
            'colour = 1\nflavour = "Port of Cyprus',
            "region 1 ('famagusta'): unknown field 'colour'",
        ),
    ],
)
def test_a_mistake_in_the_map_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_map("south", _text("map_south.toml", old, new), "map_south.toml")


def test_a_desert_port_and_a_map_without_jerusalem_are_refused():
    raw = tomllib.loads((FOLDER / "map_south.toml").read_text(encoding="utf-8"))
    raw["region"][2]["port"] = True
    with pytest.raises(DataError, match=_escape("region 3 ('desert_east_of_tripoli'): field 'port': a Desert cannot")):
        parse_map("south", raw, "map_south.toml")
    raw = tomllib.loads((FOLDER / "map_south.toml").read_text(encoding="utf-8"))
    next(r for r in raw["region"] if r["key"] == "jerusalem")["jerusalem"] = False
    with pytest.raises(DataError, match="exactly one Region must be Jerusalem"):
        parse_map("south", raw, "map_south.toml")


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'key = "james"\nname = "James"\narmy = "angevin"\nshape = "hex"',
            'key = "james"\nname = "James"\narmy = "angevin"\nshape = "round"',
            "leaders.toml: leader 4 ('james'): field 'shape' is 'round'",
        ),
        (
            'icons = ["cp", "crown", "crown"]',
            'icons = ["cp", "glory"]',
            "leader 5 ('frederick_i'): field 'icons' has 'glory'",
        ),
        ('name = "Diepold"', 'name = "Frederick I"', "leader 6 ('diepold'): field 'name' repeats an earlier leader"),
    ],
)
def test_a_mistake_in_the_leaders_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_leaders(_text("leaders.toml", old, new))


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('region = "kerak"', 'region = "petra"', "setup.toml: two_three 10 ('petra'): field 'region' is 'petra'"),
        (
            'ayyubid = ["infantry", "infantry"]',
            'ayyubid = ["infantry", "zangi"]',
            "two_three 10 ('kerak'): field 'ayyubid' has 'zangi'",
        ),
        (
            'ayyubid = ["infantry", "infantry"]',
            'ayyubid = ["infantry", "infantry"]\nangevin = ["infantry"]',
            "two_three 10 ('kerak'): pieces of both Alliances in one Region",
        ),
        (
            'muslim = ["infantry", "infantry", "cavalry"]\nthree_player = "turkoman"',
            'muslim = ["infantry", "infantry", "cavalry"]\nthree_player = "hre"',
            "two_three 6 ('acre'): field 'three_player' is 'hre'; expected ayyubid, turkoman",
        ),
        (
            'crusader = ["infantry", "infantry", "siege"]\nthree_player = "angevin"',
            'crusader = ["infantry", "infantry", "siege"]',
            "two_three 4 ('tyre'): missing field 'three_player'",
        ),
        (
            'turkoman = ["infantry", "infantry", "zangi"]',
            'turkoman = ["infantry", "infantry", "zangi", "badr_al_din"]',
            "two_three 12 ('hama'): field 'turkoman': Leader 'badr_al_din' is already placed in homs",
        ),
        (
            'ayyubid = ["infantry", "infantry"]',
            'ayyubid = ["cavalry", "cavalry", "cavalry"]',
            "two_three 10 ('kerak'): 3 pieces need a hex Slot; Kerak has 2",
        ),
        (
            'sabotage = ["glory"]',
            'sabotage = ["crown"]',
            "two_three 9 ('ahamant'): field 'sabotage' covers a 'crown' icon",
        ),
        ('ship = "1191 Autumn"', 'ship = "1192"', "genoa 2 ('1192'): field 'ship' is '1192'"),
        (
            'paired = { hre = ["infantry", "infantry"] }',
            'paired = { hre = ["infantry", "guido"] }',
            "two_three 2 ('desert_east_of_tripoli'): [paired]: field 'hre' has 'guido'",
        ),
        (
            'paired = { hre = ["infantry", "infantry"] }',
            'paired = { ayyubid = ["infantry"] }',
            "two_three 2 ('desert_east_of_tripoli'): pieces of both Alliances in one Region",
        ),
        (
            'paired = { hre = ["infantry", "infantry"] }',
            'paired = { hre = ["cavalry", "cavalry"] }',
            "two_three 2 ('desert_east_of_tripoli'): 4 pieces need a hex Slot; Desert east of Tripoli has 2",
        ),
        (
            'paired = { hre = ["infantry", "infantry"] }',
            'paired = { pisa = ["infantry"] }',
            "two_three 2 ('desert_east_of_tripoli'): [paired]: unknown field 'pisa'",
        ),
        ('from = "homs"', 'from = "aleppo"', "lone 1 ('turkoman'): field 'from' is 'aleppo', which is no Region"),
        ('army = "turkoman"\nfrom', 'army = "pisa"\nfrom', "lone 1 ('pisa'): field 'army' is 'pisa'"),
        ('to = "acre"', 'to = "homs"', "lone 1 ('turkoman'): fields 'from' and 'to' name the same Region"),
        ('to = "acre"', 'to = "tyre"', "lone 1 ('turkoman'): Tyre holds pieces of the other Alliance"),
        ('from = "homs"', 'from = "kerak"', "lone 1 ('turkoman'): field 'pieces': Kerak has no more Turkoman infantry"),
        (
            'pieces = ["infantry"]',
            'pieces = ["infantry", "infantry", "infantry"]',
            "lone 1 ('turkoman'): field 'pieces': Homs has no more Turkoman infantry",
        ),
        ('pieces = ["infantry"]', 'pieces = ["zangi"]', "lone 1 ('turkoman'): field 'pieces' has 'zangi'"),
        ('pieces = ["infantry"]', "pieces = []", "lone 1 ('turkoman'): field 'pieces' is empty"),
        (
            'pieces = ["infantry"]',
            'pieces = ["infantry"]\n\n[[lone]]\narmy = "ayyubid"\nfrom = "ahamant"'
            '\nto = "damascus"\npieces = ["cavalry", "cavalry"]',
            "lone 2 ('ayyubid'): 4 pieces need a hex Slot; Damascus has 2",
        ),
    ],
)
def test_a_mistake_in_the_setup_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        parse_setup(_text("setup.toml", old, new), SOUTH, C.leaders)


# --- (e) the north board, the join and the 4-player page ------------------------------------

NORTH = C.north
BOTH = C.both
FOUR = {"angevin": (1, 1, 6, 1), "hre": (2, 2, 4, 3), "ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 2)}
"""The tracks printed on the 4-player page (p.8): command points, crowns, supply, gold."""


def joined(key):
    return {BOTH.regions[i].key for i in BOTH.region(key).roads}


def test_four_player_setup_gives_the_printed_tracks():
    """4-player setup, p.8, TRACK MARKERS PLACEMENT (command points, crowns, supply, gold;
    rulings TC4, TC14), whatever order the Armies are given in."""
    assert tracks(C, starting_position(C, data.ARMIES)) == FOUR
    assert tracks(C, starting_position(C, tuple(reversed(data.ARMIES)))) == FOUR


def test_four_player_regions_held_at_the_start():
    """Ruling TC14: where each Army's printed tracks come from."""
    pos = starting_position(C, data.ARMIES)
    held = {army: sorted(k for k in pos if control(k, pos) == army) for army in data.ARMIES}
    assert held == {
        "angevin": sorted(["tripoli", "desert_east_of_tripoli", "tyre", "tortosa", "desert_east_of_tortosa"]),
        "hre": sorted(["sidon", "heraclea", "seleucia", "desert_east_of_iconium"]),
        "ayyubid": sorted(["damascus", "desert_north_of_damascus", "acre", "jerusalem", "ahamant", "kerak"]),
        "turkoman": sorted(["homs", "hama", "iconium", "aleppo", "desert_south_of_aleppo"]),
    }
    two = starting_position(C, ("angevin", "ayyubid"))
    for key in held["ayyubid"]:  # the Ayyubid starts as on the 2-player page, same tracks
        assert pos[key] == two[key], key


def test_four_player_emperors_host_holds_seleucia_and_sidon_with_one_infantry_each():
    """Ruling TC79: after the Saleph the Emperor's host is thinner where it reaches the sea, one
    Holy Roman Empire Infantry in Seleucia and one in Sidon; it still Controls both, on its
    printed tracks (the test above)."""
    pos = starting_position(C, data.ARMIES)
    for key in ("seleucia", "sidon"):
        assert [s for s in pos[key] if s and s.startswith("hre:")] == ["hre:infantry"], key
        assert control(key, pos) == "hre", key


def test_four_player_setup_covers_no_icon_and_fills_empty_cities_on_both_boards():
    """Board setup, p.5 ("avoid blocking any Resources"); ruling TC7: a Neutral Infantry in
    every empty City of both boards; Deserts get Neutral pieces only as printed; the Ahamant
    Sabotage token as on the 2-player page."""
    pos = starting_position(C, data.ARMIES)
    covered = [
        (k, i)
        for k, slots in pos.items()
        for i, s in enumerate(slots)
        if s not in (None, SABOTAGE) and BOTH.region(k).icons[i]
    ]
    assert covered == []
    for r in BOTH.regions:
        assert any(s not in (None, SABOTAGE) for s in pos[r.key]) or not r.city, r.key
    for key in ("famagusta", "jaffa", "ascalon", "adana", "antioch"):
        assert [s for s in pos[key] if s] == ["neutral:infantry"], key
    assert [k for k in pos if not any(pos[k])] == [
        "desert_west_of_damascus",
        "desert_south_of_damascus",
        "desert_north_of_adana",
    ]
    assert [k for k, v in pos.items() if SABOTAGE in v] == ["ahamant"]


def test_four_player_genoa_ships_and_leaders():
    """ "Remember the Sabotage tokens and the Genoa ships" (p.8; ruling TC14): the 4-player
    page's ships carry Richard I and Philip II, Guido and Diepold; no Leader is both on the map
    and on a ship; the 2- and 3-player ships are unchanged."""
    ships = data.genoa(C, data.ARMIES)
    assert set(ships["1191 Spring"]["angevin"]) >= {"richard_i", "philip_ii"}
    assert set(ships["1191 Spring"]["hre"]) >= {"guido", "diepold"}
    assert data.genoa(C, ("angevin", "ayyubid")) == C.setup.genoa
    pos = starting_position(C, data.ARMIES)
    on_map = {data.what(s) for slots in pos.values() for s in slots if s not in (None, SABOTAGE)}
    shipped = {p for ship in ships.values() for pieces in ship.values() for p in pieces}
    assert not (on_map & shipped & set(C.leaders))
    assert {"frederick_i", "qilij_arslan_ii", "conrad", "saladin", "william"} <= on_map


def test_tripoli_on_the_four_player_map():
    """Battle example, p.14-15 (a 4-player game): Tripoli has exactly two Adjacent Regions,
    both Deserts ("there are no other Adjacent Regions available"), Sidon is not Adjacent to
    it; no Road of the join reaches it (ruling TC13)."""
    tripoli = BOTH.region("tripoli")
    assert tripoli.city and tripoli.port and tripoli.mercantile
    assert joined("tripoli") == {"desert_east_of_tripoli", "desert_west_of_damascus"}
    assert all(BOTH.region(k).kind == "desert" for k in joined("tripoli"))
    assert not BOTH.adjacent("tripoli", "sidon") and not BOTH.adjacent("sidon", "tripoli")
    assert all("tripoli" not in join for join in BOTH.joins)


def test_battle_example_conrad_in_tripoli_and_its_two_hex_slots():
    """Battle example, p.14-15: the Neutral Leader Conrad, hexagonal, stands in Tripoli (at the
    4-player start, ruling TC14); the Crusaders hold one of its Deserts; once the Turkoman takes
    Tripoli, its Cavalry and Conrad fill the 2 hexagonal Slots and Badr al-Din must retreat."""
    pos = starting_position(C, data.ARMIES)
    assert "neutral:conrad" in pos["tripoli"] and C.leaders["conrad"].shape == "hex"
    assert control("tripoli", pos) == "angevin"
    assert any(data.ALLIANCE_OF.get(control(k, pos)) == "crusader" for k in joined("tripoli"))
    tripoli = BOTH.region("tripoli")
    slots = tuple(None if s and not s.startswith("neutral:conrad") else s for s in pos["tripoli"])
    slots = place(C, tripoli, slots, "turkoman:cavalry")
    assert free_slot(C, tripoli, slots, "hex") is None  # no Slot left for Badr al-Din


def test_order_placement_example_reads_as_the_four_player_start():
    """Order placement example, p.11 (ruling TC14): 1. the Holy Roman Empire has Presence and
    Control in Sidon; 2. the Angevin Controls Tripoli, with a Neutral Infantry; 4. a Desert
    holds a Neutral Unit and no Army's piece, between the Holy Roman Empire and the Turkoman;
    5. the Ayyubid Controls Damascus; 6. the Turkoman Controls Homs, where the Ayyubid has
    Presence."""
    pos = starting_position(C, data.ARMIES)
    assert control("sidon", pos) == "hre"
    assert control("tripoli", pos) == "angevin" and "neutral:infantry" in pos["tripoli"]
    desert = "desert_north_of_seleucia"
    assert BOTH.region(desert).kind == "desert" and control(desert, pos) is None
    assert [s for s in pos[desert] if s] == ["neutral:infantry"]
    assert {control(k, pos) for k in joined(desert)} >= {"hre", "turkoman"}
    assert control("damascus", pos) == "ayyubid"
    assert control("homs", pos) == "turkoman" and "ayyubid:infantry" in pos["homs"]


def test_order_examples_in_a_desert_and_in_antioch():
    """Order examples, p.13: 2. the Turkoman adds 1 Infantry to a Desert regardless of
    Presence, gains Control and 2 supply for its uncovered supply icons; 3. the Ayyubid adds 2
    Infantry to Antioch beside a Turkoman Unit, becomes the Controlling player and gains 1 gold
    (its base command point comes from a token: Antioch prints none); its Glory icon waits
    for Upkeep."""
    pos = dict(starting_position(C, data.ARMIES))
    before = tracks(C, pos)
    desert = BOTH.region("desert_north_of_seleucia")
    pos[desert.key] = place(C, desert, pos[desert.key], "turkoman:infantry")
    assert control(desert.key, pos) == "turkoman"
    after = tracks(C, pos)
    assert [b - a for a, b in zip(before["turkoman"], after["turkoman"], strict=True)] == [0, 0, 2, 0]
    antioch = BOTH.region("antioch")
    assert antioch.city and sorted(i for i in antioch.icons if i) == ["glory", "gold"]
    pos["antioch"] = place(C, antioch, (None,) * 9, "turkoman:infantry")
    before = tracks(C, pos)
    for _ in range(2):
        pos["antioch"] = place(C, antioch, pos["antioch"], "ayyubid:infantry")
    assert control("antioch", pos) == "ayyubid"
    after = tracks(C, pos)
    assert [b - a for a, b in zip(before["ayyubid"], after["ayyubid"], strict=True)] == [0, 0, 0, 1]
    assert "glory" in uncovered(antioch, pos["antioch"])


def test_the_north_board_names_and_the_objective_cities():
    """Variable setup, p.9: the Objective decks' main Cities are Cities of the 4-player map,
    the north ones on the north board, spelt as the text spells them ("Heracium" in the deck
    list is the end-game example's Heraclium; ruling TC12). End game, p.18: Sidon, Ascalon and
    Heraclium are Cities."""
    names = {r.name: r for r in BOTH.regions}
    crusader = ["Adana", "Antioch", "Ascalon", "Heraclium", "Selucia", "Sidon", "Tartosa", "Tripoli", "Tyre"]
    muslim = ["Acre", "Ahamant", "Aleppo", "Damascus", "Homs", "Iconium", "Jaffa", "Kerak"]
    for name in crusader + muslim + ["Famagusta"]:
        assert names[name].city, name
    north = {r.name for r in NORTH.regions if r.city}
    assert north == {"Adana", "Antioch", "Heraclium", "Selucia", "Tartosa", "Aleppo", "Iconium"}
    assert all(names[n].board == "north" for n in north)
    assert all(r.board == "south" for r in SOUTH.regions)
    assert len(NORTH.regions) == 12 and sum(r.kind == "desert" for r in NORTH.regions) == 5
    assert not any(r.jerusalem for r in NORTH.regions)


def test_the_north_board_follows_the_emperor_s_road():
    """Rulings TC1, TC13: Iconium - Heraclium - Selucia (the Saleph) - Adana - Antioch, each a march
    or two from the last; Tartosa a Port on the coast south of Antioch; Aleppo inland, east of
    Antioch; Antioch a Port and a Mercantile City, Aleppo Mercantile."""
    from outremer.core.graph import distances

    roads = [r.roads for r in BOTH.regions]
    route = ["iconium", "heraclea", "seleucia", "adana", "antioch"]
    for a, b in zip(route, route[1:], strict=False):
        assert distances(roads, BOTH.index(a))[BOTH.index(b)] <= 2, (a, b)
    r = BOTH.region
    assert r("tortosa").port and r("tortosa").y > r("antioch").y
    assert not r("aleppo").port and r("aleppo").x > r("antioch").x and r("aleppo").mercantile
    assert r("antioch").port and r("antioch").mercantile and r("seleucia").port
    assert {k.key for k in NORTH.regions if k.port} == {"seleucia", "antioch", "tortosa"}


def test_both_boards_connected_and_roads_symmetric_across_the_join():
    """Ruling TC13: each board alone and both together are connected (by Road and by sea);
    by Road alone only Famagusta is out of reach; every Road of the joined map is listed from
    both ends, the join's too; the join's Roads are the only ones between the boards; every
    Port of either board is Adjacent by sea to every other (ruling TC10)."""
    from outremer.core.graph import distances

    assert BOTH.joins == (("tortosa", "desert_east_of_tripoli"), ("desert_south_of_aleppo", "hama"))
    assert {r.key for r in BOTH.regions} == {r.key for r in SOUTH.regions} | {r.key for r in NORTH.regions}
    assert len(BOTH.regions) == len(SOUTH.regions) + len(NORTH.regions) == 29
    assert sum(r.jerusalem for r in BOTH.regions) == 1
    for r in BOTH.regions:
        assert BOTH.regions[r.index] is r
        for i in r.roads:
            assert r.index in BOTH.regions[i].roads, (r.key, BOTH.regions[i].key)
    across = {
        tuple(sorted((r.key, BOTH.regions[i].key)))
        for r in BOTH.regions
        for i in r.roads
        if BOTH.regions[i].board != r.board
    }
    assert across == {tuple(sorted(j)) for j in BOTH.joins}
    for north, south in BOTH.joins:
        assert BOTH.adjacent(north, south) and BOTH.adjacent(south, north)
    for board in (SOUTH, NORTH):  # each board keeps its own Roads
        for r in board.regions:
            assert {board.regions[i].key for i in r.roads} <= joined(r.key)
    for board in (NORTH, BOTH):
        by_road = distances([r.roads for r in board.regions], board.index("antioch"))
        out = [board.regions[i].key for i, d in enumerate(by_road) if d is None]
        assert out == ([] if board is NORTH else ["famagusta"])
    assert BOTH.by_sea("tortosa", "tyre") and BOTH.by_sea("seleucia", "famagusta")
    assert BOTH.sides == NORTH.sides == SOUTH.sides


def _north(old, new):
    raw = _text("map_north.toml", old, new)
    north = parse_map("north", raw, "map_north.toml", jerusalem=False, joins=True)
    return loading.join_boards(SOUTH, north, loading.parse_joins(raw, north, SOUTH))


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'south = "hama"',
            'south = "petra"',
            "map_north.toml: join 2 ('desert_south_of_aleppo'): field 'south' is 'petra', which is no Region of the "
            "South map (A)",
        ),
        (
            'north = "tortosa"',
            'north = "tyre"',
            "map_north.toml: join 1 ('tyre'): field 'north' is 'tyre', which is no Region of the North map (B)",
        ),
        (
            'north = "desert_south_of_aleppo"\nsouth = "hama"',
            'north = "tortosa"\nsouth = "desert_east_of_tripoli"',
            "join 2 ('tortosa'): repeats the Road 'tortosa' - 'desert_east_of_tripoli'",
        ),
        (
            'key = "iconium"\nname = "Iconium"\nkind = "city"\njerusalem = false',
            'key = "iconium"\nname = "Iconium"\nkind = "city"\njerusalem = true',
            "map_north.toml: region 1 ('iconium'): field 'jerusalem': Jerusalem is on the south board",
        ),
        (
            'roads = ["heraclea", "adana"]',
            'roads = ["heraclea"]',
            "region 7 ('adana'): field 'roads' lists 'desert_north_of_adana', but 'desert_north_of_adana' does not list",
        ),
        (
            'crusader_side = "west"\nmuslim_side = "east"',
            'crusader_side = "east"\nmuslim_side = "west"',
            "map_north.toml: the Alliances sit on other sides of the board than on the South map (A)",
        ),
        (
            '[[join]]\nnorth = "tortosa"',
            '[[join]]\nwest = 1\nnorth = "tortosa"',
            "join 1 ('tortosa'): unknown field 'west'",
        ),
    ],
)
def test_a_mistake_in_the_north_board_or_the_join_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        _north(old, new)


def test_a_north_key_repeating_a_south_one_and_a_join_that_cuts_the_map_are_refused():
    raw = (FOLDER / "map_north.toml").read_text(encoding="utf-8").replace('"desert_north_of_adana"', '"kerak"')
    edited = read_toml("x", "map_north.toml", text=raw)
    north = parse_map("north", edited, "map_north.toml", jerusalem=False, joins=True)
    clash = "region 6 ('kerak'): field 'key' is also a Region of the South map (A)"
    with pytest.raises(DataError, match=_escape(clash)):
        loading.join_boards(SOUTH, north, loading.parse_joins(edited, north, SOUTH))
    # without Ports and without the join's Roads, nothing on the north board can be reached
    landlocked = replace(NORTH, regions=tuple(replace(r, port=False) for r in NORTH.regions))
    with pytest.raises(DataError, match="map is not connected"):
        loading.join_boards(SOUTH, landlocked, ())


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'region = "kerak"',
            'region = "petra"',
            "setup_four.toml: four 10 ('petra'): field 'region' is 'petra', which is no Region of the South map (A) and "
            "North map (B)",
        ),
        (
            'region = "kerak"\nayyubid = ["infantry", "infantry"]',
            'region = "kerak"\nayyubid = ["infantry", "infantry"]\nhre = ["infantry"]',
            "four 10 ('kerak'): pieces of both Alliances in one Region",
        ),
        (
            'region = "desert_east_of_tripoli"\nangevin = ["infantry", "cavalry"]',
            'region = "desert_east_of_tripoli"\ncrusader = ["infantry", "cavalry"]',
            "four 2 ('desert_east_of_tripoli'): unknown field 'crusader'",
        ),
        (
            'hre = ["infantry"]\n\n[[four]]\nregion = "damascus"',
            'hre = ["infantry", "diepold"]\n\n[[four]]\nregion = "damascus"',
            "setup_four.toml: genoa 1 ('1191 Spring'): field 'hre': Leader 'diepold' is already placed in sidon",
        ),
        (
            'turkoman = ["infantry", "infantry", "infantry", "cavalry"]',
            'turkoman = ["infantry", "infantry", "infantry", "cavalry", "cavalry", "cavalry"]',
            "four 21 ('desert_south_of_aleppo'): 3 pieces need a hex Slot; Desert south of Aleppo has 2",
        ),
        (
            'neutral = ["infantry", "conrad"]',
            'neutral = ["infantry", "saladin"]',
            "four 1 ('tripoli'): field 'neutral' has 'saladin'",
        ),
    ],
)
def test_a_mistake_in_the_four_player_page_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=_escape(message)):
        loading.parse_four(_text("setup_four.toml", old, new), BOTH, C.leaders)
