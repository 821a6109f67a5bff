"""Every log line names a known rule, and every loss names the rule that caused it.

Seeded games of every mode between the computer players are played to the end and their logs
read line by line. The cause each loss should name is worked out here from the game itself —
the action taken, the event card played before it, the state before and after — never from what
the engine wrote:

- an area taken in an attack: 4.1; the loser's Card Bonus stepping back: 6;
- an incursion: 4.3 (against the Muslims R4; stopped by watchtowers R8);
- a card lost to a player's event (Assassins, Spies): 4.4, the card named in the line;
- the automaton's cards: a random discard R6, an event it cannot use R6, Regrouping with no army
  8.4, Seduction 8.4 (Emir's Defection taken by it: R18);
- a discard as the round's action: 4.5; a round lost to Succession: R8.
"""

from __future__ import annotations

import re
from collections import Counter

from outremer.games.crusader_kingdoms.rules import RULEBOOK, RULINGS
from outremer.games.crusader_kingdoms.state import NOBODY
from outremer.sim import play_out

from .scenario import CARDS, GAME

KNOWN = set(RULEBOOK) | set(RULINGS)
CARD_NAMES = {c.name for c in CARDS}

INCURSION = re.compile(
    r"^(?P<who>.+) makes an incursion against (?P<victim>.+), discarding (?P<card>.+), "
    r"and rolls (?P<die>\d): (?P<result>.+)\.$"
)
BY_A_CARD = re.compile(r"^(?P<card>[^:]+): (?P<rest>.+)$")
CONQUEST = re.compile(r"^(?P<who>.+) takes? (?P<area>[^.]+)\.$")
BONUS_BACK = re.compile(r"^(?P<who>.+) loses an area: Card Bonus [+-]\d\.$")
FACE_DOWN = re.compile(r"^(?P<who>.+) discards (a card|.+) face down\.$")
LOSS_WORDS = re.compile(r"\b(discard|discards|discarded|lose|loses|lost|take|takes)\b")

SEATINGS = [
    ["heuristic"] * 4,
    ["random", "heuristic", "random", "heuristic"],
    ["heuristic", "random", "heuristic"],
    ["random", "heuristic"],
    ["heuristic", "heuristic"],
    ["heuristic"],
    ["random"],
]


def expected_rule(text: str, action, before, after, last_event) -> tuple[str, str] | None:
    """(the rule a line must name, what caused it) when the line reports a loss; None otherwise."""
    flow = GAME.flow(before)
    areas = {a.name for a in flow.board.areas}
    played = CARDS[last_event] if last_event is not None else None
    if m := INCURSION.match(text):
        assert action.verb == "incursion", text
        target = action.args[0]
        if any(seat == target for seat, _n in before["watch"]):
            return "R8", "watchtowers"
        if int(m["die"]) >= 4 and target == NOBODY:
            return "R4", "incursion against the Muslims"
        return "4.3", "incursion"
    if m := BY_A_CARD.match(text):
        name, rest = m["card"], m["rest"]
        if name in CARD_NAMES and action.verb in ("target", "take") and played and played.name == name:
            if played.effect == "random_discard" and " discard" in rest:
                return "4.4", name
            if played.effect == "spies" and " takes " in rest:
                return "4.4", name
        if name in CARD_NAMES and "discards at random" in rest:
            return "R6", name  # the automaton's event, against the Crusader whose round it is
        if name in CARD_NAMES and rest.startswith("the Muslims take "):
            seducer = next(c for c in CARDS if c.name == name and c.effect == "seduction")
            return ("8.4", name) if seducer.deck == "muslim" else ("R18", name)
    if text.startswith("The Muslims cannot use "):
        return "R6", "an event the automaton cannot use"
    if text.endswith("is discarded: there is no Muslim army."):
        return "8.4", "Regrouping"
    if m := BONUS_BACK.match(text):
        seat = flow.names.index(m["who"])
        assert any(owner == seat and after["owner"][i] != seat for i, owner in enumerate(before["owner"])), text
        return "6", "an area lost"
    if (m := CONQUEST.match(text)) and m["area"] in areas:
        i = next(a.index for a in flow.board.areas if a.name == m["area"])
        assert after["owner"][i] != before["owner"][i] or after["last_attack"] != before["last_attack"], text
        return "4.1", "an attack won"
    if m := FACE_DOWN.match(text):
        assert action.verb == "discard", text
        return "4.5", "a discard"
    if text.endswith(" loses this round."):
        return "R8", "Succession"
    if text.endswith(" will lose the next round."):
        assert action.verb == "target" and played is not None and played.effect == "skip_round", text
        return "4.4", played.name
    return None


def not_a_loss(text: str) -> bool:
    return (
        " plays " in text
        or "the top card of the" in text
        or "from the Christian deck" in text
        or "from the Muslim deck" in text
        or "cards are shuffled back" in text
    )


def play_and_check(seed: int, seats: list[str], seen: Counter) -> None:
    match = play_out(GAME, GAME.make_setup(seed, seats))
    for event in match.logs[0]:
        assert event.rule in KNOWN, event
    last_event = None
    for step, action in enumerate(match.actions):
        before, after = match.states[step], match.states[step + 1]
        if action.verb == "event":
            last_event = action.args[0]
        for event in match.logs[step + 1]:
            text, rule = event.text, event.rule
            assert rule in KNOWN, f"unknown rule {rule!r}: {text}"
            cause = expected_rule(text, action, before, after, last_event)
            if cause is None:
                assert not_a_loss(text) or not LOSS_WORDS.search(text), f"a loss no test reads: {text}"
                continue
            want, why = cause
            assert rule == want, f"{text!r} names {rule!r}; its cause ({why}) is {want!r}"
            if want in ("4.4", "R6", "R18") and why in CARD_NAMES:
                assert text.startswith(why), f"{text!r} does not name {why}, its cause"
            seen[f"{want} {why}" if why in CARD_NAMES else want] += 1


def test_every_loss_names_its_cause():
    """Rulebook 4.1–4.5, 6, 8.4 and rulings R4, R6, R8, R18: in seeded games of every mode each log
    line names a known rule, and each loss names the rule of its cause — the card, named in the
    line, when a card caused it."""
    seen: Counter = Counter()
    for seats in SEATINGS:
        for seed in range(10):
            try:
                play_and_check(seed, seats, seen)
            except AssertionError as exc:
                raise AssertionError(f"seed {seed}, {seats}: {exc}") from None
    # the games lost things in every way this test reads, so none of its checks went unused
    assert {"4.4 Assassins", "4.4 Spies", "4.1", "6", "4.3", "R4", "4.5", "8.4 Seduction"} <= set(seen), seen
