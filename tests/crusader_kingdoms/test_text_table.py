"""The terminal's table of Crusader Kingdoms (``CrusaderKingdoms.text_table``): one seat's view
as plain text, in every mode — and nothing that seat may not see.

Each mode plays one seeded game: the start, the first seat's attack with a Troop card placed
face down, the moment after it attacks, then the positions of some actions of the heuristic
player (battles, the Muslims' rounds, rewards). Every position is read from every seat. Tests
name the rulebook section or ruling whose information they check.
"""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest

from outremer import cli
from outremer.ai import choose
from outremer.core.match import Match
from outremer.games import get_game
from outremer.games.crusader_kingdoms.state import NOBODY

GAME = get_game("crusader-kingdoms")
CARDS = GAME.cards
PLAYERS = {"solo": 1, "coop": 2, "three": 3, "four": 4}
SEED = {1: 3, 2: 4, 3: 5, 4: 6}
FOLLOW = 80
"""Heuristic actions played after the first attack."""

AREA = re.compile(r"(?:#(\d+) )?([^\s,\[#][^,\[]*?) \[(\d)(?:, (\d) VP)?\]( castle(?: \+1)?)?( \(under attack\))?(\*)?")


@cache
def positions(players: int) -> tuple[tuple[str, dict], ...]:
    """(what, state) along one seeded game of ``players``: the start; the first seat attacks its
    first border area and places its strongest Troop face down; it attacks ("go"); then FOLLOW
    actions of the heuristic player in every seat."""
    match = Match(GAME, GAME.make_setup(SEED[players], ["human"] * players))
    out = [("start", match.state)]
    match.play(next(a for a in match.legal_actions() if a.verb == "attack"))
    troops = [a for a in match.legal_actions() if a.verb == "add" and CARDS[a.args[0]].type == "troop"]
    match.play(max(troops, key=lambda a: CARDS[a.args[0]].value))
    out.append(("a Troop placed face down", match.state))
    match.play("go")
    out.append(("after go", match.state))
    for _ in range(FOLLOW):
        seat = match.to_act()
        if seat is None:
            break
        match.play(choose(GAME, match.state, seat, "heuristic", SEED[players], match.steps))
        out.append((f"action {match.steps}", match.state))
    return tuple(out)


def readings(players: int):
    """(what, state, seat, view, table) for every position and every seat."""
    for what, state in positions(players):
        for seat in range(players):
            view = GAME.view(state, seat)
            yield what, state, seat, view, GAME.text_table(view)


def short(name: str) -> str:
    return name.split(" of ")[-1]


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def flat(text: str) -> str:
    return " ".join(text.split())


def section(table: str, start: str, after: str = "") -> str:
    """The line starting with ``start`` (below the line ``after``, if given) and its continuation
    lines (indented by 4 or more), as one line."""
    lines = table.splitlines()
    first = lines.index(after) + 1 if after else 0
    i = next(i for i, line in enumerate(lines) if i >= first and line.startswith(start))
    j = i + 1
    while j < len(lines) and lines[j].startswith("    "):
        j += 1
    return flat(" ".join(lines[i:j]))


def map_groups(table: str) -> dict[str, str]:
    """The map's groups: each heading (up to its first comma or bracket) -> its areas' text."""
    lines = table.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("Map — ")) + 1
    groups: dict[str, str] = {}
    head = ""
    for line in lines[i:]:
        if line.startswith("      "):
            groups[head] += " " + line.strip()
        elif line.startswith("  "):
            heading, _, rest = line.strip().partition(": ")
            head = re.split(r" \(|,", heading)[0]
            groups[head] = rest
        else:
            break
    return groups


def face_up_to(state: dict, seat: int) -> list[int]:
    """The cards ``seat`` may see by the rules (taken from the state, not from its view): its own
    hand, its own attack cards and all of them once revealed, the last battle, the Muslims'
    revealed card, army and responses, and the lasting events."""
    ids = list(state["hands"][seat])
    a = state["attack"]
    if a is not None:
        ids += [c for c, p in a["troops"] if p == seat or a["dice"] is not None]
        ids += [c for c, p, _ in a["cards"] if p == seat or a["dice"] is not None] + (a.get("army") or [])
    last = state["last_attack"]
    if last:
        ids += [c for c, _ in last["troops"]] + [c for c, _, _ in last["cards"]] + (last.get("army") or [])
        ids += [last["auto_response"]] if last.get("auto_response") is not None else []
    au = state["auto"]
    if au:
        ids += au["army"] + au["responses"] + ([au["revealed"]] if au["revealed"] is not None else [])
    return ids + [c for c, _ in state["lasting"]]


def hidden_from(state: dict, seat: int) -> list[int]:
    """The cards ``seat`` may not see that a table could name: the other hands, the Muslims'
    cards not yet revealed, and the other seats' face-down attack cards."""
    ids = [c for p, hand in enumerate(state["hands"]) if p != seat for c in hand]
    if state["auto"] is not None:
        ids += state["auto"]["queue"]
    a = state["attack"]
    if a is not None and a["dice"] is None:
        ids += [c for c, p in a["troops"] if p != seat] + [c for c, p, _ in a["cards"] if p != seat]
    return ids


def named(table: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", table) is not None


@pytest.mark.parametrize("mode", PLAYERS)
def test_every_area_is_listed_under_its_holder_with_defence_castle_id_and_vp(mode):
    """Rulebook 2 (the map), 2.4 (ids and victory points on the 1st and 3rd Crusades side) and 7.1/8.1
    (castles): every area appears once, under the kingdom that holds it, the independent kingdoms or
    the Muslims, with its defensive value, its castle on the regular or +1 side, and on the Crusades
    side its id and victory points; the area under attack and those the viewer may attack are marked."""
    players = PLAYERS[mode]
    plus_seen = False
    for what, _state, seat, view, table in readings(players):
        board = GAME.content.boards[view["map"]]
        groups = map_groups(table)
        heads = [sd["name"] for sd in view["seats"]] + ["Muslim areas" if players < 3 else "Independent kingdoms"]
        assert list(groups) == heads, (what, seat)
        found = {}
        for head, text in groups.items():
            for m in AREA.finditer(text):
                assert m.group(2) not in found, f"{m.group(2)} listed twice"
                found[m.group(2)] = (head, *m.groups())
        assert len(found) == len(board.areas)
        for a in board.areas:
            owner = view["owner"][a.index]
            head = heads[owner] if owner != NOBODY else heads[-1]
            castle = " castle +1" if view["plus"][a.index] else (" castle" if owner != NOBODY else None)
            attacked = " (under attack)" if view["attack"] and view["attack"]["area"] == a.index else None
            target = "*" if a.index in view["attack_targets"] else None
            expected = (
                head,
                str(a.id) if a.id else None,
                a.name,
                str(a.defence),
                str(a.vp) if a.vp else None,
                castle,
                attacked,
                target,
            )
            assert found[a.name] == expected, (what, seat, a.name)
            plus_seen |= bool(view["plus"][a.index])
    assert plus_seen, "no +1 castle in these positions: the check of the +1 side did not run"


@pytest.mark.parametrize("mode", PLAYERS)
def test_header_tracks_seats_and_the_viewers_hand(mode):
    """Rulebook 3 (three turns of rounds), 6 (the Card Bonus track, −2 to +2) and 7.1/8.1 (castles,
    cards): the title, the turn and whose round it is, every Card Bonus marker (the Muslims' too in
    the 1–2 player games), each seat's hand size and castles, the viewer's own hand face up by name,
    and the prompt; no line is longer than 100 characters."""
    players = PLAYERS[mode]
    for what, _state, seat, view, table in readings(players):
        lines = table.splitlines()
        assert lines[0] == f"== Crusader Kingdoms — {view['title']} =="
        assert lines[1].startswith(f"Turn {view['turn']} of 3")
        if not view["result"]:
            assert f"round of {view['seats'][view['current']]['name']}" in lines[1]
        bonus = section(table, "Card Bonus (-2 to +2):")
        for sd in view["seats"]:
            assert f"{short(sd['name'])} {signed(sd['bonus'])}" in bonus, (what, seat)
        if view["automaton"]:
            assert f"Muslims {signed(view['automaton']['bonus'])}" in bonus
        for sd in view["seats"]:
            n, c = sd["hand_count"], sd["castles"]
            line = section(table, f"  {sd['name']}", after="Kingdoms:")
            tags = [
                t
                for t, on in (
                    ("you", sd["seat"] == seat),
                    ("to act", sd["seat"] == view["to_act"]),
                    ("passed", sd["out"]),
                    ("loses next round", sd["loses_round"]),
                )
                if on
            ]
            assert line.startswith(f"{sd['name']} [{', '.join(tags)}]:" if tags else f"{sd['name']}:"), line
            assert f"{n} card{'s' if n != 1 else ''} in hand, {c} castle{'s' if c != 1 else ''} on the map" in line
            if sd["supply"] >= 0:
                assert f"({sd['supply']} more to place)" in line
        hand = section(table, "Your hand (")
        mine = view["seats"][seat]["hand"]
        assert hand.startswith(f"Your hand ({len(mine)}):")
        for c in set(mine):
            assert hand.count(f"{CARDS[c].name} (") == sum(CARDS[x].name == CARDS[c].name for x in mine), (
                what,
                seat,
                CARDS[c].name,
            )
        assert flat(view["prompt"]) in flat(table)
        assert max(len(line) for line in lines) <= 100


@pytest.mark.parametrize("mode", PLAYERS)
def test_the_attack_in_progress_shows_face_down_cards_only_as_counts(mode):
    """Rulebook 4.1 steps 2–5 and ruling R10: the attack in progress names its area, attacker and
    defender; each seat sees its own cards placed on it by name and the others' only as a count of
    cards face down, until the reveal; then the cards, the dice and the hits are on the table."""
    players = PLAYERS[mode]
    counted = named_own = diced = False
    for what, state, seat, view, table in readings(players):
        a = view["attack"]
        if a is None:
            continue
        area = GAME.content.boards[view["map"]].areas[a["area"]].name
        assert f"Attack on {area} (defence" in table
        assert "Last battle:" not in table
        for label, entries in (
            (f"On the {side}", [e for e in a["placed"] if e["side"] == side]) for side in ("attack", "defence")
        ):
            for p in {e["seat"] for e in entries}:
                mine = [e["card"] for e in entries if e["seat"] == p]
                line = section(table, f"  {label}, {short(view['seats'][p]['name'])} ({len(mine)}):")
                down = mine.count(None)
                if down:
                    assert f"{down} face down" in line
                    counted |= p != seat
                for c in mine:
                    if c is not None:
                        assert f"{CARDS[c].name} (" in line
                        named_own |= p == seat and a["dice"] is None
        if what == "a Troop placed face down":
            attacker = state["attack"]["attacker"]
            troop = CARDS[state["attack"]["troops"][0][0]].name
            line = section(table, f"  On the attack, {short(view['seats'][attacker]['name'])} (1):")
            assert (troop in line) == (seat == attacker), (seat, line)
        if a["dice"]:
            diced = True
            assert f"({a['hits'][0]} hit" in table and f"({a['hits'][1]} hit" in table
    assert named_own
    assert diced or players < 3, "no attack waited for its reward: the check of the dice did not run"
    assert counted or players == 1, "no seat saw another seat's face-down card: the check did not run"


@pytest.mark.parametrize("mode", PLAYERS)
def test_the_table_never_names_a_card_the_viewer_cannot_see(mode):
    """Ruling R10 and rulebook 8.3: the other hands, the other seats' face-down attack cards and the
    Muslims' cards not yet revealed are never named (a name the viewer also sees face up elsewhere
    may appear); and dealing every hidden card anew leaves the viewer's table unchanged."""
    players = PLAYERS[mode]
    rand = random.Random(players)
    checked = 0
    for what, state, seat, _view, table in readings(players):
        visible = {CARDS[c].name for c in face_up_to(state, seat)}
        hidden = {CARDS[c].name for c in hidden_from(state, seat)} - visible
        for name in hidden:
            assert not named(table, name), f"{what}: seat {seat}'s table names {name!r}, which it cannot see"
        checked += len(hidden)
        other = GAME.redeal(state, seat, rand)
        assert GAME.text_table(GAME.view(other, seat)) == table, f"{what}: seat {seat}'s table changed"
    assert checked


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_muslims_show_their_count_revealed_card_army_and_responses(mode):
    """Rulebook 8.3: the Muslims' cards drawn for the turn lie face down (only their number shows);
    the card revealed each round, the army and the responses kept are face up."""
    revealed = army = False
    for _what, _state, _seat, view, table in readings(PLAYERS[mode]):
        au = view["automaton"]
        head = section(table, "Muslims: ")
        assert head.startswith(f"Muslims: {au['to_reveal']} card{'s' if au['to_reveal'] != 1 else ''} to reveal")
        if au["revealed"] is not None:
            revealed = True
            assert f"last revealed: {CARDS[au['revealed']].name} (" in head
        line = section(table, f"  Army (strength {au['strength']}):")
        for c in au["army"]:
            army = True
            assert f"{CARDS[c].name} (" in line
        line = section(table, "  Responses kept:")
        assert all(f"{CARDS[c].name} (" in line for c in au["responses"])
        if not au["responses"]:
            assert line == "Responses kept: none"
    assert revealed and army


@pytest.mark.parametrize("mode", PLAYERS)
def test_the_last_battle_shows_its_dice_and_outcome(mode):
    """Rulebook 4.2: once an attack is over, the table keeps its outcome — who attacked which area,
    the dice of both sides and their hits, and whether the attack took the area."""
    seen = False
    for _what, _state, _seat, view, table in readings(PLAYERS[mode]):
        last = view["last_attack"]
        if view["attack"] or not last:
            continue
        seen = True
        area = GAME.content.boards[view["map"]].areas[last["area"]].name
        text = flat(table)
        assert f"attacked {area}, held by" in text
        assert ("the attack took it" if last["winner"] == "attack" else "the defence held") in text
        assert f"({last['hits'][0]} hit" in text and f"({last['hits'][1]} hit" in text
    assert seen


def test_the_terminal_game_prints_the_table_not_the_raw_view(monkeypatch, capsys):
    """The command line: ``outremer play crusader-kingdoms`` shows the text table, then the actions."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert cli.main(["play", "crusader-kingdoms", "--seats", "human,heuristic,heuristic", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== Crusader Kingdoms — The era of Saladin — 3 players ==" in out
    assert "Your hand (12):" in out and "Independent kingdoms:" in out
    assert '"seats"' not in out and not any(line.lstrip().startswith("{") for line in out.splitlines())
    assert "Game code, to continue later:" in out
