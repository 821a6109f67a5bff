"""The designed data (ruling LH1): it loads, it keeps every number the rulebook gives, and a
mistake in a file is answered with the file, the entry and the field."""

import pytest

from outremer.core.errors import DataError
from outremer.games.lords_of_heaven import data
from outremer.games.lords_of_heaven.data import UNIT_COST, content, parse_board, parse_cards, parse_factions
from outremer.games.lords_of_heaven.state import new_state, round_deck

C = content()


def test_counts():
    by = {}
    for card in C.cards.values():
        by[card.affiliation] = by.get(card.affiliation, 0) + 1
    assert sorted(C.cards) == list(range(1, 55))
    assert by == {
        "byzantines": 7,
        "seljuk": 7,
        "crusaders": 7,
        "caliphate": 7,
        "christians": 8,
        "muslims": 8,
        "any": 10,
    }
    assert sorted(C.bluffs) == sorted(data.FACTIONS)
    assert len(C.locations) == 9 and sum(loc.crusade == 2 for loc in C.locations) == 2


def test_every_faction_starts_with_15_and_10_presence():
    """Setup, p.4: the starting stocks differ but are worth the same."""
    for f in C.factions:
        worth = f.stock["gold"] + f.stock["faith"] + sum(f.stock[u] * c for u, c in UNIT_COST.items())
        assert worth == 15, f.key
        assert f.presence == 10 and len(f.influence) + len(f.support) == 4


def test_the_rulebook_facts_the_designed_data_keeps():
    def card(name):
        return next(c for c in C.cards.values() if c.name == name)

    assert card("Holy Zeal").affiliation == "christians" and card("Holy Zeal").action == ({"do": "gain", "faith": 2},)
    betrayal = card("Betrayal of the Emirs")
    assert betrayal.usable_by("byzantines") and betrayal.action[0]["do"] == "push" and betrayal.action[0]["cities"] == 2
    assert card("Pilgrims").benefit == (("gold", 2), ("footman", 1))
    assert card("The Barons' Dispute").benefit == (("gold", 1), ("faith", 1))
    assert card("Local Reinforcements").action == ({"do": "reinforce"},)
    assert any(
        c.strength == 1 and {"do": "second_card"} in c.conflict and c.usable_by("seljuk") for c in C.cards.values()
    )
    assert any(c.strength == 3 for c in C.cards.values())
    assert any(c.strength == 1 and {"do": "wounds", "n": 3} in c.conflict for c in C.cards.values())
    edessa, jerusalem = C.location("edessa"), C.location("jerusalem")
    assert (edessa.four[2] - edessa.four[1]) + (jerusalem.four[2] - jerusalem.four[1]) == 6
    assert jerusalem.income == 1
    assert C.location("antiocheia").index in C.location("tripoli").borders
    assert C.location("antiocheia").index in C.location("iconium").borders


def test_two_player_deck_keeps_only_faith_and_any_cards():
    s = new_state(C, ["byzantines", "seljuk"], 3)
    assert len(s["deck"]) == 26
    assert all(C.cards[c].affiliation in ("christians", "muslims", "any") for c in s["deck"])
    s3 = new_state(C, ["byzantines", "seljuk", "crusaders"], 3)
    assert len(s3["deck"]) == 47 and not any(C.cards[c].affiliation == "caliphate" for c in s3["deck"])


def test_round_deck_lasts_6_to_8_rounds():
    seen = set()
    for seed in range(40):
        s = new_state(C, list(data.FACTIONS), seed)
        deck = round_deck(s)
        assert deck[:5] == ["Round 1", "Round 2", "Round 3", "Round 4", "Round 5"]
        seen.add(deck.index("Last Round") + 1)
    assert seen == {6, 7, 8}


def _board_text(old, new):
    text = data.__file__.rsplit("/", 1)[0] + "/data/board.toml"
    with open(text, encoding="utf-8") as f:
        raw = f.read()
    assert old in raw
    import tomllib

    return tomllib.loads(raw.replace(old, new, 1))


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            '["iconium", "antiocheia"],   #',
            '["iconium", "jerusalem"],   #',
            "board.toml: fortresses, entry 1: iconium and jerusalem do not border each other",
        ),
        (
            '["iconium", "antiocheia"],   #',
            '["iconium", "konya"],   #',
            "board.toml: fortresses, entry 1: unknown Location 'konya'",
        ),
        (
            '["iconium", "antiocheia"],   #',
            '["aleppo", "edessa"],   #',
            "board.toml: fortresses, entry 2: a second Fortress space between edessa and aleppo",
        ),
        (
            '["iconium", "antiocheia"],   #',
            '"iconium",   #',
            "board.toml: fortresses, entry 1 must be a pair of Location keys",
        ),
    ],
)
def test_a_mistake_in_the_fortress_spaces_names_the_entry(old, new, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        parse_board(_board_text(old, new))


def test_a_fortress_space_lies_next_to_iconium_and_antiocheia():
    """p.10, the Battle example: Robert's Fortress is next to both Iconium and Antiocheia
    (ruling LH7: the other spaces are ours)."""
    pair = tuple(sorted((C.location("iconium").index, C.location("antiocheia").index)))
    assert C.borders.index(pair) in C.forts
    assert 0 < len(C.forts) < len(C.borders)


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("four = [1, 3, 5]", "four = [1, 3]", "board.toml: location 1 ('iconium'): field 'four' must list 3 costs"),
        (
            "four = [1, 3, 5]",
            "four = [5, 3, 1]",
            "location 1 ('iconium'): field 'four': a higher level cannot cost less",
        ),
        (
            'borders = ["edessa", "antiocheia"]',
            'borders = ["edessa"]',
            "location 3 ('antiocheia'): field 'borders' lists 'iconium', but 'iconium' does not list 'antiocheia'",
        ),
        ("income = 1\nransack = 3", 'income = "1"\nransack = 3', "field 'income' must be int"),
        (
            'crusade = 1\nborders = ["edessa", "antiocheia"]',
            'crusade = 1\nborders = ["edessa", "antiocheia"]\ncolour = 1',
            "location 1 ('iconium'): unknown field 'colour'",
        ),
    ],
)
def test_a_mistake_in_the_board_names_file_entry_and_field(old, new, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        parse_board(_board_text(old, new))


def test_a_mistake_in_a_card_names_the_card_and_the_field():
    import tomllib

    path = data.__file__.rsplit("/", 1)[0] + "/data/cards.toml"
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    parsed = tomllib.loads(raw)
    parsed["card"][0]["cost"] = 7
    with pytest.raises(
        DataError, match=r"cards.toml: card 1 \('Varangian Guard'\): field 'cost' is 7; expected 0 to 3"
    ):
        parse_cards(parsed)
    parsed = tomllib.loads(raw)
    parsed["card"][0]["conflict"] = [{"do": "fly"}]
    with pytest.raises(DataError, match=r"card 1 \('Varangian Guard'\): conflict step 1: field 'do' is 'fly'"):
        parse_cards(parsed)
    parsed = tomllib.loads(raw)
    parsed["card"][1]["name"] = parsed["card"][0]["name"]
    with pytest.raises(DataError, match="field 'name' repeats an earlier card"):
        parse_cards(parsed)


def test_factions_must_start_apart():
    import tomllib

    path = data.__file__.rsplit("/", 1)[0] + "/data/factions.toml"
    with open(path, encoding="utf-8") as f:
        parsed = tomllib.loads(f.read())
    parsed["faction"][1]["influence"] = ["edessa:1", "tyrus:2"]
    with pytest.raises(DataError, match="factions.toml: seljuk and byzantines both start on column 1 of Edessa"):
        parse_factions(parsed, C.locations)
