"""The rules pages: our own reference of each game (web/rules/<game>.md, web/rules_page.py).

Every rule key the engine can cite has a section of our text under its anchor; every card has
an entry in the card reference; the generated tables equal the data the engine plays with; and
no run of 12 words of the reference is copied from the rulebooks (shared/rules/), which stay our
source and are not republished.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import IN_PYODIDE
from outremer.games import get_game

if IN_PYODIDE:
    pytest.skip("the rules pages are built by CPython (build.py), not in the browser", allow_module_level=True)
pytest.importorskip("jinja2")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import render  # noqa: E402
import rules_page  # noqa: E402

GAMES = ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade")
RULEBOOKS = Path(os.environ.get("OUTREMER_RULEBOOKS", ROOT.parent / "shared" / "rules"))
COPY_RUN = 12


def rules_module(game_id: str):
    return importlib.import_module(f"outremer.games.{render.module_name(game_id)}.rules")


_pages: dict[str, str] = {}


def page(game_id: str) -> str:
    if game_id not in _pages:
        _pages[game_id] = rules_page.page({"id": game_id, "name": game_id.title()}, ROOT)
    return _pages[game_id]


class Tables(HTMLParser):
    """Every <table> of a page: its class and its rows of cell texts (header row first)."""

    def __init__(self):
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append((dict(attrs).get("class", ""), []))
        elif tag == "tr" and self.tables:
            self.tables[-1][1].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" | ")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][1][-1].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def tables(html_text: str, cls: str) -> list[list[list[str]]]:
    parser = Tables()
    parser.feed(html_text)
    return [rows for c, rows in parser.tables if cls in c.split()]


def text_of(fragment: str) -> str:
    fragment = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", fragment, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip()


# ---------------------------------------------------------------------------- every rule key
@pytest.mark.parametrize("game_id", GAMES)
def test_every_rulebook_key_has_a_section_of_our_own_text(game_id):
    rules = rules_module(game_id)
    source = rules_page.source_file(ROOT, game_id).read_text(encoding="utf-8")
    _intro, top = rules_page.parse(source)
    sections = {s.key: s for s in rules_page.all_sections(top)}
    for key in rules.RULEBOOK:
        assert key in sections, f"{game_id}: no section {{#{key}}} in web/rules/{game_id}.md"
        prose = " ".join(
            line for line in sections[key].source.splitlines() if not rules_page.DIRECTIVE.match(line.strip())
        )
        assert len(re.findall(r"[A-Za-z]+", prose)) >= 12, (game_id, key, "too little text of our own")
    anchors = [s.anchor for s in sections.values()]
    assert len(anchors) == len(set(anchors)), "two sections share an anchor"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_the_log_can_cite_has_an_anchor_with_text_on_the_page(game_id):
    rules = rules_module(game_id)
    html_text = page(game_id)
    ids = re.findall(r'\sid="([^"]+)"', html_text)
    assert len(ids) == len(set(ids)), "an id appears twice on the page"
    game = get_game(game_id)
    for key in list(rules.RULEBOOK) + list(rules.RULINGS):
        anchor = render.rule_anchor(key)
        assert anchor in ids, (game_id, key)
        # The anchor the engine sends with a log line (the bridge's snapshot) is the page's own.
        assert game.rule_anchor(key) == anchor, (game_id, key)
        body = html_text.split(f'id="{anchor}"', 1)[1]
        body = re.split(r'id="rule-', body, maxsplit=1)[0]
        assert len(text_of(body)) > 40, (game_id, key)


@pytest.mark.parametrize("game_id", GAMES)
def test_cross_references_and_contents(game_id):
    """[[key]] names only existing sections (rendering raises otherwise), and the table of
    contents links every section."""
    html_text = page(game_id)
    source = rules_page.source_file(ROOT, game_id).read_text(encoding="utf-8")
    _intro, top = rules_page.parse(source)
    toc = html_text.split('class="rules-toc"', 1)[1].split("</nav>", 1)[0]
    for s in rules_page.all_sections(top):
        assert f'href="#{s.anchor}"' in toc, s.key
    assert "[[" not in html_text and ":::" not in html_text


def test_the_shipped_rulebook_texts_are_gone():
    assert not list((ROOT / "web" / "rules").glob("*.txt"))
    assert sorted(p.name for p in (ROOT / "web" / "rules").iterdir()) == [f"{g}.md" for g in sorted(GAMES)]


# ---------------------------------------------------------------------------- the card reference
def test_every_levantine_card_has_an_entry_with_its_effect():
    from outremer.games.levantine.game import Levantine

    cards = Levantine().cards
    [rows] = tables(page("levantine"), "card-reference")
    head, *body = rows
    assert head == ["Card", "Letter", "Side", "Effect"]
    assert sorted(r[0] for r in body) == sorted(c.name for c in cards)
    by_name = {r[0]: r for r in body}
    for c in cards:
        row = by_name[c.name]
        assert row[2] == {"C": "Crusader", "M": "Muslim", "Z": "Either"}[c.side], c.name
        assert row[1] in (c.letter, "AL", "DL"), c.name
        assert len(row[3].split()) >= 4, (c.name, row[3])
        if c.draw:
            assert str(c.draw) in row[3], c.name


def test_every_levantine_letter_is_in_the_notation_table():
    from outremer.games.levantine import cards as deck
    from outremer.games.levantine.game import Levantine

    [rows] = tables(page("levantine"), "card-letters")
    letters = Counter()
    for row in rows[1:]:
        letters[row[0]] = int(row[2])
    assert set(deck.TYPE_LETTERS.values()) - {"L"} <= set(letters)
    assert {"AL", "DL", "L"} <= set(letters)
    assert sum(letters.values()) == len(Levantine().cards)


@pytest.mark.parametrize("deck", ("christian", "muslim"))
def test_every_crusader_kingdoms_card_has_an_entry_with_its_counts(deck):
    from outremer.games.crusader_kingdoms.data import content
    from outremer.games.crusader_kingdoms.state import deck_cards

    data = content()
    full = Counter(c.name for c in data.cards if c.deck == deck)
    small = Counter(c.name for c in deck_cards(data, data.modes["solo"], deck))
    texts = {c.name: c.text for c in data.cards if c.deck == deck}
    decks = tables(page("crusader-kingdoms"), "card-reference")
    rows = next(t for t in decks if {r[0] for r in t[1:]} == set(full))
    for name, copies, copies_small, effect in ((r[0], r[2], r[3], r[4]) for r in rows[1:]):
        assert int(copies) == full[name], name
        assert int(copies_small) == small[name], name
        assert effect.strip(), name
        if not texts[name].startswith("Troop"):
            assert texts[name] in effect, name


def test_every_lords_of_heaven_card_has_an_entry_with_its_figures():
    from outremer.games.lords_of_heaven.data import content
    from outremer.games.lords_of_heaven.state import in_deck

    data = content()
    [rows] = tables(page("lords-of-heaven"), "card-reference")
    head, *body = rows
    assert head == ["Card", "No.", "Affiliation", "Cost", "Benefit", "Strength", "In 2 players", "Effect"]
    by_number = {r[1]: r for r in body}
    assert len(body) == len(data.cards) + len(data.bluffs)
    for card in data.cards.values():
        row = by_number[str(card.id)]
        assert row[0] == card.name
        assert (int(row[3]), int(row[5])) == (card.cost, card.strength), card.name
        assert row[6] == ("yes" if in_deck(card.affiliation, ["crusaders", "seljuk"]) else "—"), card.name
        if card.action:
            assert "Action:" in row[7], card.name
        if card.conflict:
            assert "Conflict:" in row[7], card.name
    assert sorted(r[0] for r in body if r[1] == "Bluff") == sorted(b.name for b in data.bluffs.values())


# ---------------------------------------------------------------------------- tables equal the data
def test_the_lords_of_heaven_locations_and_starts_equal_the_data():
    from outremer.games.lords_of_heaven.data import content
    from outremer.games.lords_of_heaven.game import factions_for
    from outremer.games.lords_of_heaven.state import new_state

    data = content()
    html_text = page("lords-of-heaven")
    [rows] = tables(html_text, "loh-locations")
    assert [r[0] for r in rows[1:]] == [loc.name for loc in data.locations]
    for loc, row in zip(data.locations, rows[1:], strict=True):
        assert [int(x) for x in row[1].split(" – ")] == list(loc.four)
        assert [int(x) for x in row[2].split(" – ")] == list(loc.two_three)
        assert (int(row[3]), int(row[4])) == (loc.income, loc.ransack)
        fort = {b for b in loc.borders if data.borders.index((min(loc.index, b), max(loc.index, b))) in data.forts}
        assert row[5] == ", ".join(sorted(data.locations[b].name + (" †" if b in fort else "") for b in loc.borders))
    [rows] = tables(html_text, "loh-factions")
    s = new_state(data, factions_for(4, {}), 1)
    for seat, (f, row) in enumerate(zip(data.factions, rows[1:], strict=True)):
        assert row[0].endswith(f.name) and row[2] == f.colour.capitalize()
        influence = [
            f"{data.locations[loc].name} {city.index(seat) + 1}" for loc, city in enumerate(s["city"]) if seat in city
        ]
        assert row[3].replace(" (top)", "").split("; ") == influence
        assert row[4] == "; ".join(
            f"{data.locations[loc].name} {n[seat]}" for loc, n in enumerate(s["support"]) if n[seat]
        )
        assert row[5] == f"{f.stock['gold']} Gold, {f.stock['faith']} Faith"
        assert int(row[7]) == s["presence"][seat]


def test_the_territory_chart_equals_the_engine_chart():
    from outremer.games.levantine.state import CHART

    [rows] = tables(page("levantine"), "territory-chart")
    got = {int(r[0].split()[0]): int(r[2]) for r in rows[1:]}
    assert got == CHART
    assert rows[-1][0] == f"{max(CHART)} or more"


@pytest.mark.parametrize("mode", ("four", "three", "coop", "solo"))
def test_the_deployment_tables_equal_the_data(mode):
    from outremer.games.crusader_kingdoms.data import content

    data = content()
    m = data.modes[mode]
    board = data.boards[m.map]
    found = [
        t
        for t in tables(page("crusader-kingdoms"), "deployment")
        if [r[0].split(" ", 1)[1] for r in t[1 : len(m.seats) + 1]] == [s.name for s in m.seats]
        and len(t) - 1 == len(m.seats) + (m.automaton is not None)
    ]
    assert len(found) == 1, mode
    rows = found[0][1:]
    for seat, row in zip(m.seats, rows, strict=False):
        assert row[1] == seat.faith.capitalize() and row[2] == seat.colour.capitalize()
        assert row[3] == (str(seat.castles) if seat.castles else "no limit")
        assert row[4] == ", ".join(board.areas[board.index(k)].name for k in seat.start)
        assert int(row[5]) == seat.cards
    if m.automaton is not None:
        assert int(rows[-1][5]) == m.automaton.cards


def test_the_third_crusade_three_player_start_shows_the_lone_turkoman_from_the_engine():
    """Ruling TC73: the lone Turkoman's start differs from its 2-player one, so the 3-player
    table has a row for it, read from the engine's own setup (not from the 2-player table)."""
    from outremer.games.third_crusade.data import content, owner, what
    from outremer.games.third_crusade.state import new_state

    (rows,) = tables(page("third-crusade"), "tc-start-3")
    lone = [r for r in rows[1:] if r[0] == "Turkoman, the lone player"]
    assert len(lone) == 1 and [r[0] for r in rows[1:]].count("Turkoman") == 1  # the pair's Turkoman too
    s = new_state(content(), ["angevin", "hre", "turkoman"], 1)
    held = dict(part.split(": ", 1) for part in lone[0][1].split("; "))
    assert held["Homs"].endswith("1 Infantry, 1 Cavalry") and held["Acre"] == "3 Infantry, 1 Cavalry"
    assert sum(what(p) == "infantry" for slots in s["map"].values() for p in slots if owner(p) == "turkoman") == 12
    assert lone[0][2:] == [" ".join(map(str, s["tracks"]["turkoman"])), "6", "2"]


@pytest.mark.parametrize("side", ("saladin", "crusades"))
def test_the_map_tables_equal_the_data(side):
    from outremer.games.crusader_kingdoms.data import content

    board = content().boards[side]
    found = [
        t
        for t in tables(page("crusader-kingdoms"), "map-areas")
        if len(t) - 1 == len(board.areas)
        and {r[1] if side == "crusades" else r[0] for r in t[1:]} == {a.name for a in board.areas}
    ]
    assert len(found) == 1
    for row in found[0][1:]:
        if side == "crusades":
            area = next(a for a in board.areas if a.name == row[1])
            assert (int(row[0]), int(row[2]), int(row[3])) == (area.id, area.defence, area.vp)
            borders = row[4]
        else:
            area = next(a for a in board.areas if a.name == row[0])
            assert int(row[1]) == area.defence
            borders = row[2]
        assert borders == ", ".join(sorted(board.areas[b].name for b in area.borders))


def test_the_victory_levels_equal_the_engine():
    from outremer.games.crusader_kingdoms.flow import victory_level

    [rows] = tables(page("crusader-kingdoms"), "victory-levels")
    for span, level in (r[:2] for r in rows[1:]):
        numbers = [int(n) for n in re.findall(r"\d+", span)]
        if "more" in span:
            probes = [numbers[0], numbers[0] + 20]
        elif "less" in span:
            probes = [numbers[0], numbers[0] - 20]
        else:
            probes = list(range(numbers[0], numbers[1] + 1))
        assert {victory_level(vp) for vp in probes} == {level}, span


@pytest.mark.parametrize("game_id", GAMES)
def test_the_options_table_lists_the_players_choices_and_no_hidden_option(game_id):
    """The setup options as the new-game form offers them: a hidden option (the lesson, set by the
    Learn to play page) is no player's choice and is not listed."""
    game = get_game(game_id)
    [rows] = tables(page(game_id), "rules-options")
    listed = {r[0] for r in rows[1:]}
    assert listed == {o.label for o in game.options if not o.hidden}
    assert any(o.hidden for o in game.options)  # each game has its lesson, hidden


# ---------------------------------------------------------------------------- our own words
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", ""))


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + COPY_RUN]) for i in range(len(words) - COPY_RUN + 1)}


@pytest.mark.parametrize("game_id", GAMES)
def test_no_sentence_is_copied_from_the_rulebooks(game_id):
    books = (
        sorted(p for p in RULEBOOKS.glob("*") if p.suffix in (".txt", ".md") and p.name != "README.md")
        if RULEBOOKS.is_dir()
        else []
    )
    if not books:
        pytest.skip(f"the rulebooks are not here ({RULEBOOKS}): nothing to compare with")
    source = set()
    for book in books:
        source |= _runs(_words(book.read_text(encoding="utf-8", errors="replace")))
    ours = page(game_id).split('<section id="rulings"', 1)[0]
    copied = _runs(_words(text_of(ours))) & source
    assert not copied, [" ".join(run) for run in sorted(copied)][:5]


def test_the_copy_check_would_see_a_copied_sentence():
    book = "The Defender may put up to 1 Fortification card, 1 Leader, and 1 Army card into play."
    ours = "Meanwhile the Defender may put up to 1 Fortification card, 1 Leader, and 1 Army card down."
    assert _runs(_words(ours)) & _runs(_words(book))
