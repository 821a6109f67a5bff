"""Crusader Kingdoms data files: validated on load, errors name the file, the entry and the field
(ruling R1: the maps and decks are designed data, in editable files)."""

import pytest

from outremer.core.errors import DataError
from outremer.games.crusader_kingdoms.data import content, parse_board, parse_deck, parse_modes


def board(areas, **top):
    return {"title": "T", "width": 600, "height": 900, "area": areas, **top}


def test_packaged_content_loads_and_is_consistent():
    c = content()
    assert len(c.boards["crusades"].areas) == 14
    assert sorted(a.id for a in c.boards["crusades"].areas) == list(range(1, 15))
    assert c.boards["crusades"].areas[c.boards["crusades"].index("jerusalem")].id == 1
    for b in c.boards.values():
        for a in b.areas:
            for n in a.borders:
                assert a.index in b.areas[n].borders
    for name in ("Leader", "Regrouping", "Walls", "Commerce", "Seduction", "Mercenaries", "Independent attack",
                 "Jews", "Succession", "Watchtowers", "Truce"):
        assert any(card.deck == "muslim" and card.name == name for card in c.cards), name
    for name in ("Concerted Attack", "Assassins", "Troubadours", "Spies"):
        assert any(card.deck == "christian" and card.name == name for card in c.cards), name


def test_asymmetric_border_names_file_area_and_field():
    data = board([{"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": ["b"]},
                  {"key": "b", "name": "B", "defence": 2, "x": 2, "y": 2, "borders": []}])
    with pytest.raises(DataError, match=r"map_x.toml: area 1 \('a'\): field 'borders' lists 'b', but 'b' does not"):
        parse_board("x", data, "map_x.toml")


def test_unknown_border_and_bad_defence_are_named():
    data = board([{"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": ["zz"]}])
    with pytest.raises(DataError, match=r"area 1 \('a'\): field 'borders' names 'zz'"):
        parse_board("x", data, "map_x.toml")
    data = board([{"key": "a", "name": "A", "defence": "high", "x": 1, "y": 1, "borders": []}])
    with pytest.raises(DataError, match=r"area 1 \('a'\): field 'defence' must be int"):
        parse_board("x", data, "map_x.toml")


def test_disconnected_map_is_refused():
    data = board([{"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": []},
                  {"key": "b", "name": "B", "defence": 2, "x": 2, "y": 2, "borders": []}])
    with pytest.raises(DataError, match="not connected"):
        parse_board("x", data, "map_x.toml")


def test_deck_errors_name_the_card_and_field():
    with pytest.raises(DataError, match=r"deck_x.toml: card 1 \('Odd'\): field 'effect' is 'fly'"):
        parse_deck("muslim", {"card": [{"name": "Odd", "type": "event", "effect": "fly"}]}, "deck_x.toml", 0)
    with pytest.raises(DataError, match=r"card 1 \('Spear'\): field 'value' must be int"):
        parse_deck("muslim", {"card": [{"name": "Spear", "type": "troop", "value": "3"}]}, "deck_x.toml", 0)
    with pytest.raises(DataError, match=r"card 1 \('Odd'\): unknown field 'colour'"):
        parse_deck("muslim", {"card": [{"name": "Odd", "type": "troop", "value": 1, "colour": "red"}]},
                   "deck_x.toml", 0)


def test_deployment_errors_name_the_mode_and_seat():
    with pytest.raises(DataError, match=r"deployment.toml: mode 'four', seat 1: field 'faith' is 'pagan'"):
        parse_modes({"modes": {"four": {"players": 4, "map": "saladin", "title": "T", "seats": [
            {"key": "k", "name": "K", "faith": "pagan", "colour": "red", "castles": 7, "cards": 8}]}}})
