"""The core's data helpers (``core.data``), map helpers (``core.graph``) and log privacy, which
every game's data files and log go through."""

from __future__ import annotations

import pytest

from outremer.core.data import entry, field, only_known, read_toml, tables, unique_keys
from outremer.core.errors import DataError
from outremer.core.game import Event
from outremer.core.graph import check_connected, distances, links, within
from outremer.games.crusader_kingdoms.data import content


def test_read_toml_names_the_file_of_bad_text():
    assert read_toml("outremer", "x.toml", text="a = 1") == {"a": 1}
    with pytest.raises(DataError, match=r"^x.toml: not valid TOML"):
        read_toml("outremer", "x.toml", text="a = ")


def test_tables_must_be_a_non_empty_array_of_tables():
    assert tables({"card": [{"name": "A"}]}, "card", "d.toml", "card") == [{"name": "A"}]
    with pytest.raises(DataError, match=r"d.toml: expected \[\[card\]\] tables"):
        tables({"card": []}, "card", "d.toml", "card")
    with pytest.raises(DataError, match=r"d.toml: card 2 is not a table"):
        tables({"card": [{}, 3]}, "card", "d.toml", "card")


def test_field_checks_type_choice_and_presence():
    where = entry("d.toml", "card", 0, {"name": "Spear"}, "name")
    assert where == "d.toml: card 1 ('Spear')"
    raw = {"value": 3, "flag": True, "x": 2, "kind": "troop"}
    assert field(where, raw, "value", int) == 3
    assert field(where, raw, "x", float) == 2.0 and isinstance(field(where, raw, "x", float), float)
    assert field(where, raw, "kind", str, allowed=("troop", "event")) == "troop"
    assert field(where, raw, "missing", int, default=0) == 0
    assert field(where, raw, "missing", int, default=None) is None
    with pytest.raises(DataError, match=r"card 1 \('Spear'\): field 'flag' must be int, not True"):
        field(where, raw, "flag", int)
    with pytest.raises(DataError, match=r"field 'kind' is 'troop'; expected one of event, response"):
        field(where, raw, "kind", str, allowed=("event", "response"))
    with pytest.raises(DataError, match=r"card 1 \('Spear'\): missing field 'missing'"):
        field(where, raw, "missing", int)
    with pytest.raises(DataError, match=r"unknown field 'colour'"):
        only_known(where, {"value": 1, "colour": "red"}, ("value",))


def test_unique_keys_refuse_a_repeat():
    assert unique_keys([{"key": "a"}, {"key": "b"}], "m.toml", "area") == {"a": 0, "b": 1}
    with pytest.raises(DataError, match=r"m.toml: area 2 \('a'\): field 'key' repeats an earlier area"):
        unique_keys([{"key": "a"}, {"key": "a"}], "m.toml", "area")


LINE = [{"key": "a", "borders": ["b"]}, {"key": "b", "borders": ["a", "c"]}, {"key": "c", "borders": ["b"]}]


def test_links_become_indices_and_must_be_listed_from_both_ends():
    keys = unique_keys(LINE, "m.toml", "area")
    assert links(LINE, keys, "m.toml", "area") == ((1,), (0, 2), (1,))
    one_way = [{"key": "a", "borders": ["b"]}, {"key": "b", "borders": []}]
    with pytest.raises(DataError, match=r"area 1 \('a'\): field 'borders' lists 'b', but 'b' does not list 'a'"):
        links(one_way, unique_keys(one_way, "m.toml", "area"), "m.toml", "area")
    stray = [{"key": "a", "borders": ["zz"]}]
    with pytest.raises(DataError, match=r"field 'borders' names 'zz', which is no area of this map"):
        links(stray, {"a": 0}, "m.toml", "area")


def test_distances_within_and_connectedness():
    line = ((1,), (0, 2), (1, 3), (2,), ())
    assert distances(line, 0) == [0, 1, 2, 3, None]
    assert distances(line, 0, passable=lambda i: i != 1) == [0, 1, None, None, None]
    assert within(line, 1, 1) == {0, 1, 2}
    check_connected(line[:4], "abcd", "m.toml", "area")
    with pytest.raises(DataError, match=r"m.toml: area 'e' cannot be reached from 'a': the map is not connected"):
        check_connected(line, "abcde", "m.toml", "area")


def test_the_crusader_kingdoms_maps_answer_through_the_core():
    board = content().boards["saladin"]
    neighbours = [area.borders for area in board.areas]
    homs, latakia = board.index("homs"), board.index("latakia")
    assert latakia in within(neighbours, homs, 1)  # rulebook 7.1: Latakia borders Homs
    far = distances(neighbours, board.index("jerusalem"))
    assert all(d is not None for d in far) and far[board.index("jerusalem")] == 0


def test_a_private_line_is_read_by_its_seats_only():
    one = Event("Alice draws Saladin.", "3", private=0, public="Alice draws a card.")
    assert [one.for_seat(s) for s in (0, 1, None)] == [
        "Alice draws Saladin.",
        "Alice draws a card.",
        "Alice draws a card.",
    ]
    partners = Event("The Angevins see Acre's order.", "R1", private=(0, 2), public=None)
    assert [partners.for_seat(s) for s in (0, 1, 2, 3, None)] == [
        "The Angevins see Acre's order.",
        None,
        "The Angevins see Acre's order.",
        None,
        None,
    ]
