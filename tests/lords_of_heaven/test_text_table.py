"""The terminal's table of Lords of Heaven (``LordsOfHeaven.text_table``, what ``outremer play``
prints): one seat's view as plain text — the tracks, every Location with its City ladder and
Support, the player boards, the conflict under way — and nothing that seat may not see.

One seeded 4-player game and one 2-player game of random moves; every position read from every
seat. Tests name the rulebook section or ruling whose information they check.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from outremer.ai import choose
from outremer.core.match import Match
from outremer.games import get_game

GAME = get_game("lords-of-heaven")
CONTENT = GAME.content
ACTIONS = 700
"""Random actions played in each game (enough for several conflicts; the tables are read at
every fifth one and at every conflict step)."""


@cache
def positions(players: int) -> tuple[tuple[str, dict], ...]:
    """(what, state) along one seeded game of random moves: every fifth position, and every
    position inside a conflict."""
    match = Match(GAME, GAME.make_setup(11 + players, ["random"] * players))
    out = [("start", match.state)]
    for _ in range(ACTIONS):
        seat = match.to_act()
        if seat is None:
            break
        match.play(choose(GAME, match.state, seat, "random", 11, match.steps))
        if match.steps % 5 == 0 or match.state["conflict"]:
            out.append((f"action {match.steps}", match.state))
    return tuple(out)


def readings(players: int):
    for what, state in positions(players):
        for seat in range(players):
            view = GAME.view(state, seat)
            yield what, state, seat, view, GAME.text_table(view)


def named(table: str, name: str) -> bool:
    return re.search(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])", table) is not None


def seen_by(state: dict, seat: int) -> set[int]:
    """The Action cards ``seat`` sees face up: its hand and draft, the columns, the cards revealed
    in the conflict under way."""
    out = set(state["hands"][seat]) | {c for col in state["columns"] for c in col}
    if state["draft"]:
        out |= set(state["draft"]["hands"][seat]) | set(state["draft"]["kept"][seat])
    c = state["conflict"]
    if c:
        out |= {card for card in c["cards"].values() if card} | set(c["second"].values())
    return out


def hidden_from(state: dict, seat: int) -> set[int]:
    """The other hands and draft picks, and the deck."""
    n = len(state["factions"])
    out = set(state["deck"]) | {c for p in range(n) if p != seat for c in state["hands"][p]}
    if state["draft"]:
        out |= {c for p in range(n) if p != seat for c in state["draft"]["hands"][p] + state["draft"]["kept"][p]}
    return out


@pytest.mark.parametrize("players", [4, 2])
def test_the_table_is_text_with_every_part(players):
    """Rulebook 2 and 5: the Crusade and the round, every player's VP, the four columns, each
    Location on the board with its City ladder (ruling LH9: the top level controls) and its
    Support, every player board, the viewer's hand with its Bluff card; no JSON."""
    for what, state, seat, view, table in readings(players):
        assert not re.search(r'[{}]|"\w+":|\b(?:None|True|False)\b(?! [A-Z])', table), (
            f"{what}: not plain text:\n{table}"
        )
        assert table.startswith("== Lords of Heaven — ")
        for head in (
            "VP: ",
            "Columns:",
            "  Development (cost ",
            "  Presence (cost ",
            "  Movement (Benefits ",
            "  Income (Benefits ",
            "Locations (",
            "Players:",
        ):
            assert head in table, f"{what}: no {head.strip()!r}"
        for p in view["players"]:
            assert f"{p['name']} {p['vp']}" in table.split("\n")[1 if view["to_act"] is None else 2]
        for loc in state["on_board"]:
            line = next(x for x in table.split("\n") if x.startswith(f"  {CONTENT.locations[loc].name}: City ["))
            top = state["city"][loc][-1]
            assert (
                f"controlled by {GAME.seat_label(state, top)}" if top is not None else "controlled by nobody"
            ) in line
            for p, n in enumerate(state["support"][loc]):
                if n:
                    assert f"{GAME.seat_label(state, p)} {n}" in line.split("Support: ")[1]
        if state["result"] is None:
            assert f"To act: {GAME.seat_label(state, GAME.to_act(state))}" in table
            assert table.rstrip().endswith(GAME.prompt(state))
        if state["step"] != "draft":
            bluff = CONTENT.bluffs[state["factions"][seat]].name
            assert "Your hand: " in table and f"the Bluff card {bluff}" in table
            for card in state["hands"][seat]:
                assert named(table, CONTENT.cards[card].name)


@pytest.mark.parametrize("players", [4, 2])
def test_a_seat_sees_no_other_hand_nor_purse(players):
    """Ruling LH26 and p.7: another seat's hand shows as a count and its purse as one figure (Gold
    and Faith together); its cards are never named unless face up elsewhere; dealing everything
    hidden anew leaves the seat's table unchanged."""
    rand = random.Random(players)
    checked = 0
    for what, state, seat, _view, table in readings(players):
        visible = {CONTENT.cards[c].name for c in seen_by(state, seat)}
        for card in hidden_from(state, seat):
            name = CONTENT.cards[card].name
            if name not in visible:
                assert not named(table, name), f"{what}: seat {seat}'s table names {name!r}, which it cannot see"
                checked += 1
        for p, stock in enumerate(state["stock"]):
            line = next(x for x in table.split("\n") if x.startswith(f"  {GAME.seat_label(state, p)}") and " VP; " in x)
            if p == seat:
                assert f"{stock['gold']} Gold, {stock['faith']} Faith" in line
            else:
                assert f"purse {stock['gold'] + stock['faith']} (Gold and Faith)" in line and " Faith;" not in line
        other = GAME.redeal(state, seat, rand)
        assert GAME.text_table(GAME.view(other, seat)) == table, f"{what}: seat {seat}'s table changed"
    assert checked


def test_the_conflict_shows_its_sides_commitments_and_strength_by_source():
    """Rulebook 7: the conflict under way — its kind, place and sides; before the reveal only who has
    committed in secret (and the viewer's own choice); after it each side's Strength with where it
    comes from, as the engine totalled it (strength.strength_parts)."""
    sealed = totalled = 0
    for what, state, seat, _view, table in readings(4):
        c = state["conflict"]
        if not c:
            continue
        loc = CONTENT.locations[c["loc"]].name
        head = f"{'Battle in' if c['kind'] == 'battle' else 'Siege of'} {loc}: {GAME.seat_label(state, c['attacker'])} (attacker"
        assert head in table, what
        if c["step"] == "commit":
            sealed += 1
            assert "Strength:" not in table
            chosen = dict(zip(state["sealed"]["seats"], state["sealed"]["choices"], strict=True))
            for p, choice in chosen.items():
                words = "committed in secret" if choice is not None else "to commit in secret"
                assert f"  {GAME.seat_label(state, p)}: {words}" in table
            assert ("(your choice: " in table) == (chosen.get(seat) is not None)
        if c["winner"] is not None:
            totalled += 1
            line = next(x for x in table.split("\n") if x.startswith("  Strength: "))
            for side in (0, 1):
                assert f" {c['strength'][side]} (" in line
                for source, n in c["parts"][side]:
                    assert f"{source} {n}" in line
                assert sum(n for _, n in c["parts"][side]) == c["strength"][side]
    assert sealed and totalled
