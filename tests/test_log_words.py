"""The log reads as English in every game: every line, in its full (``text``) and its public
form, is a sentence a player understands without knowing the code, and names a rule that the
game's rules page explains.

Random games of all four games (every player count, options in turn, random and heuristic seats)
are played out and each line is checked against forms that betray the code or bad grammar: a
doubled possessive ("Crusaders's"), the plural of one ("1 pieces", "1 advanced orders"), a wrong
plural ("Churchs"), lower-case identifiers (snake_case words, the effect words of an event card
such as "gain 1 faith"), "cannot be carried out", "ignored", and raw dict, list or None reprs.
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from conftest import IN_PYODIDE
from outremer.games import all_games
from outremer.sim import play_out

GAMES = sorted(all_games().values(), key=lambda g: g.id)
ROOT = Path(__file__).resolve().parent.parent
MATCHES = 6 if IN_PYODIDE else 40
"""Random games played per game (CPython plays all four in about ten seconds)."""

PLURAL_NOUNS = (
    "pieces|points|orders|tokens|cards|areas|crowns|units|dice|armies|cities|ships|markers|"
    "steps|footmen|knights|fortifications|leaders|churches|spaces|icons|moves|regions|"
    "castles|provinces|troops|bids|cubes|towers|engines|rewards|turns|rounds"
)
FORMS: dict[str, re.Pattern] = {
    "doubled possessive (s's)": re.compile(r"\w+s['’]s\b"),
    "plural of one (1 ... pieces)": re.compile(
        rf"\b(?:1|one|a|an) (?:(?!(?:and|or|of|for|from|to|in|on|at|its|your|the)\b)[\w-]+ ){{0,2}}?(?:{PLURAL_NOUNS})\b",
        re.I,
    ),
    "wrong plural (Churchs)": re.compile(r"\b\w+(?:ch|sh|ss|x)s\b|\b\w+[^aeiou\W]ys\b"),
    "snake_case identifier": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "cannot be carried out": re.compile(r"cannot be carried out", re.I),
    "ignored": re.compile(r"\bignored\b", re.I),
    "raw repr (None, [], {})": re.compile(r"\bNone\b|[\[\]{}]|\(\)|'\w+'"),
    "lower-case effect words": re.compile(
        r"\b(?:gain|lose) \d+ (?:faith|glory|gold|base cp|current cp|base_cp|current_cp)\b"  # a step's key: "gain 1 faith"
        r"|\bcarry out (?!an?\b|the\b|its\b)[a-z+\d]"  # "does not carry out remove"
        r"|\b\d+ (?:advanced order|diplomacy move|remove sabotage|remove bandit|base cp|current cp)s?\b"
        r"|\bcp\b"  # the code's abbreviation of command points
        r"|\b\d+ (?:faith|glory|gold|infantry|cavalry)\b"  # the resources and Units are names: "3 Gold"
        r"|\b(?:gold|glory|faith|crown|supply) (?:tokens?|icons?)\b"
    ),
    "lower-case name": re.compile(
        r"\b(?:angevin|ayyubid|turkoman|holy roman empire|byzantines|seljuk|caliphate)\b"
        r"|\bthe (?:crusader|muslim)s?\b|\b(?:crusader|muslim) (?:alliance|faith)\b"
    ),
}
"""The forms a line must not contain, each with a name for the report."""


def _setups(game, rand: random.Random):
    counts = list(range(game.min_seats, game.max_seats + 1))
    for i in range(MATCHES):
        n = counts[i % len(counts)]
        options = {o.id: o.choices[(i // len(counts) + k) % len(o.choices)] for k, o in enumerate(game.options)}
        seats = [rand.choice(("random", "heuristic")) for _ in range(n)]
        yield game.make_setup(rand.randrange(2**32), seats, options)


_lines: dict[str, list[tuple[str, str, str]]] = {}


def lines(game) -> list[tuple[str, str, str]]:
    """(rule, form, line) of every log line of the game's random matches, each form once."""
    if game.id not in _lines:
        rand = random.Random(f"log-words {game.id}")
        seen = set()
        for setup in _setups(game, rand):
            match = play_out(game, setup)
            for events in match.logs:
                for e in events:
                    for form, text in (("text", e.text), ("public", e.public)):
                        if text is not None and (e.rule, form, text) not in seen:
                            seen.add((e.rule, form, text))
        _lines[game.id] = sorted(seen)
    return _lines[game.id]


def _keys() -> re.Pattern:
    """The keys the data gives pieces, written where their names belong ("Leader balian")."""
    from outremer.games.third_crusade.data import content

    keys = sorted(k for k in content().leaders if k.islower())
    return re.compile(rf"\b(?:{'|'.join(keys)})\b")


KEYS = _keys()


def bad_forms(text: str) -> list[tuple[str, str]]:
    found = [(name, m.group(0)) for name, rx in FORMS.items() for m in rx.finditer(text)]
    return found + [("lower-case identifier (a key of the data)", m.group(0)) for m in KEYS.finditer(text)]


def _report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{name}: {len(texts)} lines, e.g. " + " | ".join(texts[:3]) for name, texts in found.items())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_log_line_reads_as_english(game):
    found: dict[str, list[str]] = defaultdict(list)
    for _rule, _form, text in lines(game):
        for name, _what in bad_forms(text):
            found[name].append(text)
        if not text.strip() or not text[0].isupper() and not text[0].isdigit() and not text.startswith("+"):
            found["does not start as a sentence"].append(text)
    assert not found, f"{game.name}:\n{_report(found)}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_log_line_names_a_rule_of_the_rules_page(game):
    rules = importlib.import_module(f"outremer.games.{game.id.replace('-', '_')}.rules")
    keys = Counter(rule for rule, _form, _text in lines(game))
    unknown = {k: n for k, n in keys.items() if k not in rules.RULEBOOK and k not in rules.RULINGS}
    assert not unknown, f"{game.name}: log lines name rules the game does not know: {unknown}"
    if IN_PYODIDE:
        return  # the rules pages and the rulings are not shipped to the browser
    page = (ROOT / "web" / "rules" / f"{game.id}.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#{2,3}\s+.+?\{#([^}\s]+)\}\s*$", page, flags=re.M))
    rulings = (ROOT / "docs" / "rulings" / f"{game.id}.md").read_text(encoding="utf-8")
    ruled = set(re.findall(r"^## (\S+) —", rulings, flags=re.M))
    missing = sorted(k for k in keys if k not in sections and k not in ruled)
    assert not missing, f"{game.name}: no section of web/rules/{game.id}.md nor ruling explains {missing}"


def test_the_checks_see_each_form():
    """Each form is caught where it occurs, and plain sentences pass."""
    for bad in (
        "Crusaders's Influence falls out.",
        "1 pieces from the ship are lost.",
        "Byzantines upgrades Churchs.",
        "Ayyubid does not carry out gain 1 faith.",
        "+1 infantry cannot be carried out: ignored.",
        "Holy Roman Empire takes reward 1: 1 advanced order.",
        "The cards are {'a': 1}.",
        "It places a diplomacy marker on Leader balian.",
        "It takes 1 remove_sabotage.",
        "Angevin pays 1 command points.",
        "The hand is None.",
        "The muslim faith marker favours the ayyubid by 1.",
    ):
        assert bad_forms(bad), bad
    for good in (
        "The Crusaders' Influence falls out of the City.",
        "1 Infantry from the ship is lost.",
        "The Byzantines upgrade their Churches to level 2.",
        "Ayyubid does not carry out the step: gain 1 Faith.",
        "Angevin pays 1 command point.",
        "The Assassins' Knife is played.",
        "The hand is empty.",
    ):
        assert not bad_forms(good), (good, bad_forms(good))


def test_the_shared_helpers_count_and_own_in_english():
    from outremer.core.words import count, plural, possessive, sentence

    assert [count(1, "die"), count(2, "die"), count(0, "area"), count(1, "command point")] == [
        "1 die",
        "2 dice",
        "0 areas",
        "1 command point",
    ]
    assert [plural(w) for w in ("Church", "Fortress", "Siege Engine", "Footman", "Infantry", "army", "day")] == [
        "Churches",
        "Fortresses",
        "Siege Engines",
        "Footmen",
        "Infantry",
        "armies",
        "days",
    ]
    assert [possessive(n) for n in ("Crusaders", "Saladin", "Emirate of Damascus")] == [
        "Crusaders'",
        "Saladin's",
        "Emirate of Damascus'",
    ]
    assert sentence("the Muslim Faith marker favours the Ayyubid") == "The Muslim Faith marker favours the Ayyubid"


# ---------------------------------------------------------------------------- Third Crusade situations
def _third_crusade(armies):
    from outremer.games.third_crusade import diplomacy_phase, planning
    from outremer.games.third_crusade.data import content
    from outremer.games.third_crusade.state import new_state

    c = content()
    s = new_state(c, armies, 1)
    planning.setup_orders(c, s)
    diplomacy_phase.setup(c, s)
    return c, s


def test_a_diplomacy_space_of_three_tokens_is_counted_once():
    """p.16: a space of 3 Supply tokens: the marker's line counts them, and each of the three
    placements says one token (three lines of "3 Supply tokens" would read as 9)."""
    from outremer.games.third_crusade import diplomacy_moves as board_moves

    c, s = _third_crusade(["angevin", "ayyubid"])
    log = []
    items = board_moves.take(c, s, "ayyubid", "r2c", log)
    assert [e.text for e in log] == ["Ayyubid places a diplomacy marker on 3 Supply tokens."]
    assert len(items) == 3
    for item in items:
        board_moves.put(c, s, item, board_moves.choices(c, s, item)[0], log)
    placed = [e.text for e in log[1:]]
    assert len(placed) == 3 and all(t.startswith("Ayyubid places a Supply token in ") for t in placed), placed


def test_neutral_gains_are_called_neutral_and_a_leader_by_name():
    from outremer.games.third_crusade import diplomacy_moves as board_moves

    c, s = _third_crusade(["angevin", "ayyubid"])
    log = []
    units = board_moves.take(c, s, "angevin", "r2b", log)
    leader = board_moves.take(c, s, "angevin", "r5a", log)
    assert log[0].text == "Angevin places a diplomacy marker on 3 Neutral Infantry."
    assert [u["text"] for u in units] == ["a Neutral Infantry"] * 3
    name = c.leaders[board_moves.rules.board().space("r5a").leader].name
    assert log[1].text == f"Angevin places a diplomacy marker on {name}, a Neutral Leader."
    assert leader[0]["text"] == name


def test_faith_in_an_alliance_of_two_says_whom_it_favours():
    """p.16: the shared Faith marker of a two-Army Alliance moves towards the Army that gains;
    the log says which Army it now favours, and by how much."""
    from outremer.games.third_crusade import diplomacy_moves as board_moves

    c, s = _third_crusade(["angevin", "hre", "ayyubid", "turkoman"])
    s["faith"]["muslim"] = 0
    log = []
    board_moves.take(c, s, "turkoman", "r3a", log)
    assert [e.text for e in log] == [
        "Turkoman places a diplomacy marker on a triangular token of 1 Faith.",
        "The Muslim Faith marker favours the Turkoman by 1.",
    ]


def test_losses_and_retreats_name_the_army_they_hit():
    from outremer.games.third_crusade.data import content
    from outremer.games.third_crusade.moves import owned

    c = content()
    assert owned(c, "angevin:infantry") == "1 Angevin Infantry"
    assert owned(c, "neutral:cavalry") == "1 Neutral Cavalry"
    assert owned(c, "ayyubid:saladin") == "Saladin (Ayyubid)"
