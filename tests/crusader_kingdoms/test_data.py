"""Crusader Kingdoms data files: validated on load, errors name the file, the entry and the field
(ruling R1: the maps and decks are designed data, in editable files)."""

import re
from pathlib import Path

import pytest

from outremer.core.errors import DataError
from outremer.games.crusader_kingdoms import data as data_module
from outremer.games.crusader_kingdoms.data import content, parse_board, parse_deck, parse_modes
from outremer.games.crusader_kingdoms.state import deck_cards


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
    for name in (
        "Leader",
        "Regrouping",
        "Walls",
        "Commerce",
        "Seduction",
        "Mercenaries",
        "Independent attack",
        "Jews",
        "Succession",
        "Watchtowers",
        "Truce",
    ):
        assert any(card.deck == "muslim" and card.name == name for card in c.cards), name
    for name in ("Concerted Attack", "Assassins", "Troubadours", "Spies"):
        assert any(card.deck == "christian" and card.name == name for card in c.cards), name


def test_asymmetric_border_names_file_area_and_field():
    data = board(
        [
            {"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": ["b"]},
            {"key": "b", "name": "B", "defence": 2, "x": 2, "y": 2, "borders": []},
        ]
    )
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
    data = board(
        [
            {"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": []},
            {"key": "b", "name": "B", "defence": 2, "x": 2, "y": 2, "borders": []},
        ]
    )
    with pytest.raises(DataError, match="not connected"):
        parse_board("x", data, "map_x.toml")


def test_a_sea_lane_is_a_border_between_two_coastal_areas():
    """A sea lane joins two coastal areas across the sea: for the rules they border each other
    (4.1, 4.3, 4.4 speak of bordering and adjacent areas), and the lane is named apart from the
    land borders so that the table can draw it."""
    areas = [
        {"key": "a", "name": "A", "defence": 2, "x": 1, "y": 1, "borders": ["b"], "coastal": True},
        {"key": "b", "name": "B", "defence": 2, "x": 2, "y": 2, "borders": ["a"]},
        {"key": "c", "name": "C", "defence": 2, "x": 3, "y": 3, "borders": [], "sea": ["a"], "coastal": True},
    ]
    areas[0]["sea"] = ["c"]
    b = parse_board("x", board(areas), "map_x.toml")
    assert b.areas[0].borders == (1, 2) and b.areas[0].sea == (2,)
    assert b.areas[2].borders == (0,) and b.areas[2].sea == (0,) and b.areas[1].sea == ()
    inland = [dict(a) for a in areas]
    inland[2]["coastal"] = False
    with pytest.raises(DataError, match=r"area 1 \('a'\): the sea lane to 'c' needs both areas coastal"):
        parse_board("x", board(inland), "map_x.toml")
    one_way = [dict(a) for a in areas]
    one_way[2]["sea"] = []
    with pytest.raises(DataError, match=r"field 'sea' lists 'c', but 'c' does not list 'a'"):
        parse_board("x", board(one_way), "map_x.toml")
    twice = [dict(a) for a in areas]
    twice[0]["sea"], twice[1]["sea"] = ["b", "c"], ["a"]
    twice[1]["coastal"] = True
    with pytest.raises(DataError, match="'b' is listed both as a border and as a sea lane"):
        parse_board("x", board(twice), "map_x.toml")


def test_deck_errors_name_the_card_and_field():
    with pytest.raises(DataError, match=r"deck_x.toml: card 1 \('Odd'\): field 'effect' is 'fly'"):
        parse_deck("muslim", {"card": [{"name": "Odd", "type": "event", "effect": "fly"}]}, "deck_x.toml", 0)
    with pytest.raises(DataError, match=r"card 1 \('Spear'\): field 'value' must be int"):
        parse_deck("muslim", {"card": [{"name": "Spear", "type": "troop", "value": "3"}]}, "deck_x.toml", 0)
    with pytest.raises(DataError, match=r"card 1 \('Odd'\): unknown field 'colour'"):
        parse_deck(
            "muslim", {"card": [{"name": "Odd", "type": "troop", "value": 1, "colour": "red"}]}, "deck_x.toml", 0
        )


def test_deployment_errors_name_the_mode_and_seat():
    with pytest.raises(DataError, match=r"deployment.toml: mode 'four', seat 1: field 'faith' is 'pagan'"):
        parse_modes(
            {
                "modes": {
                    "four": {
                        "players": 4,
                        "map": "saladin",
                        "title": "T",
                        "seats": [
                            {"key": "k", "name": "K", "faith": "pagan", "colour": "red", "castles": 7, "cards": 8}
                        ],
                    }
                }
            }
        )


# ---------------------------------------------------------------- the README's counts come from the data

README = Path(data_module.__file__).parent / "data" / "README.md"


def _data_counts() -> dict[str, int]:
    c = content()
    saladin, crusades = c.boards["saladin"], c.boards["crusades"]
    starts = {k for mode in c.modes.values() if mode.map == "saladin" for s in mode.seats for k in s.start}
    counts = {
        "Saladin side: areas": len(saladin.areas),
        "Saladin side: independent areas at the start (3 and 4 players)": len(saladin.areas) - len(starts),
        "Crusades side: areas": len(crusades.areas),
        "Crusades side: victory points": sum(a.vp for a in crusades.areas),
    }
    for d in range(1, 6):
        counts[f"Saladin side: areas with defence {d}"] = sum(1 for a in saladin.areas if a.defence == d)
    counts["Saladin side: sea lanes"] = sum(len(a.sea) for a in saladin.areas) // 2
    solo = c.modes["solo"]
    for faith, name in (("christian", "Christian"), ("muslim", "Muslim")):
        cards = [card for card in c.cards if card.deck == faith]
        counts[f"{name} deck: cards"] = len(cards)
        for kind in ("troop", "event", "response"):
            counts[f"{name} deck: {kind.title()} cards"] = sum(1 for card in cards if card.type == kind)
        counts[f"{name} deck: troop strength in all"] = sum(card.value for card in cards if card.type == "troop")
        counts[f"{name} deck: cards in the 1–2 player games"] = len(deck_cards(c, solo, faith))
    return counts


def _readme_table(text: str) -> dict[str, int]:
    section = text.split("## Counts", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].isdigit():
            rows[cells[0]] = int(cells[1])
    return rows


def _readme_file_counts(text: str) -> dict[str, int]:
    """The counts written in the table of files."""
    found = {}
    patterns = {
        "map_saladin.toml": (
            r"(\d+) areas, (\d+) of them independent",
            ("Saladin side: areas", "Saladin side: independent areas at the start (3 and 4 players)"),
        ),
        "map_crusades.toml": (
            r"(\d+) areas with ids .*\((\d+) in all\)",
            ("Crusades side: areas", "Crusades side: victory points"),
        ),
        "deck_christian.toml": (
            r"(\d+) cards, (\d+) in the 1–2 player games",
            ("Christian deck: cards", "Christian deck: cards in the 1–2 player games"),
        ),
        "deck_muslim.toml": (
            r"(\d+) cards, (\d+) in the 1–2 player games",
            ("Muslim deck: cards", "Muslim deck: cards in the 1–2 player games"),
        ),
    }
    for line in text.splitlines():
        for name, (pattern, keys) in patterns.items():
            if line.startswith(f"| `{name}`"):
                match = re.search(pattern, line)
                assert match, f"README: the line of {name} no longer gives its counts"
                found.update(zip(keys, map(int, match.groups()), strict=True))
    assert len(found) == 8, "README: a line of the table of files is missing"
    return found


def test_readme_counts_match_the_data():
    """Every count the data README states is the loaded data's (so it cannot go stale)."""
    text = README.read_text(encoding="utf-8")
    actual = _data_counts()
    wrong = {k: (v, actual[k]) for k, v in _readme_file_counts(text).items() if v != actual[k]}
    assert not wrong, "README, table of files (written, actual): " + "; ".join(f"{k}: {v}" for k, v in wrong.items())
    assert "\n## Counts\n" in text, "README: the section 'Counts' is missing"
    table = _readme_table(text)
    assert set(table) == set(actual), "README: the counts table's rows differ from the counts the test knows"
    wrong = {k: (v, actual[k]) for k, v in table.items() if v != actual[k]}
    assert not wrong, "README, counts (written, actual): " + "; ".join(f"{k}: {v}" for k, v in wrong.items())


def test_readme_count_check_notices_a_stale_number():
    text = README.read_text(encoding="utf-8")
    stale = re.sub(r"\| Saladin side: areas \| \d+ \|", "| Saladin side: areas | 24 |", text)
    assert _readme_table(stale)["Saladin side: areas"] == 24 != _data_counts()["Saladin side: areas"]
    stale = re.sub(r"(\d+) areas, (\d+) of them independent", "24 areas, 16 of them independent", text)
    assert _readme_file_counts(stale)["Saladin side: areas"] == 24
