"""Every log line names a known rule, and every loss names the rule that caused it.

Seeded games between the computer players are played to the end and their logs read line by
line. The cause each loss should name is worked out here from the game itself — the card just
played, the dice of the combat just resolved, the End Phase — never from what the engine wrote:

- a Leader or Army lost to a natural 6: ruling L8 (Battle or Siege);
- a loss caused by a card (Disease, Illness, Assassin Sect, Dungeon, Massacre, Slaughter, the
  discard events, Fredrick II): the card list, "cards", with the card named in the line;
- Fortifications lost in a Siege: ruling L9; the Age Roll: L10; old age: L11; the hand limit: L12;
- a Territory Token taken: the Conquest Phase (Egypt: the optional rule).
"""

from __future__ import annotations

import re
from collections import Counter

from outremer.games.levantine.rules import RULEBOOK, RULINGS
from outremer.games.levantine.state import HAND_LIMIT
from outremer.sim import play_out

from .scenario import CARDS, GAME

KNOWN = set(RULEBOOK) | set(RULINGS)
SIDES = {"Crusader": 0, "Muslim": 1}
BY_NAME = {c.name: c for c in CARDS}

FROM_PLAY = re.compile(r"^(?P<why>.+): the (?P<side>Crusader|Muslim) discards (?P<what>Leader|Army) (?P<card>.+)\.$")
EVERY_ARMY = re.compile(r"^(?P<card>.+): the (?P<side>Crusader|Muslim) loses every Army \((?P<cards>.+)\)\.$")
AT_RANDOM = re.compile(r"^(?P<card>.+): the (?P<side>Crusader|Muslim) discards at random (?P<cards>.+)\.$")
FROM_HAND = re.compile(r"^The (?P<side>Crusader|Muslim) discards (?P<cards>.+) \((?P<why>[^()]+)\)\.$")
FORTS = re.compile(
    r"^The (?P<side>Crusader|Muslim) discards (?P<cards>.+?)"
    r"(?: and gives (?P<given>.+) to the (?:Crusader|Muslim))?\.$"
)
SIXES = re.compile(
    r"^(?P<side>Crusader|Muslim) rolled (?P<n>\d+) natural 6s?: the (?P<victim>Crusader|Muslim) "
    r"must discard (?P=n) Arm(?:y|ies)\.$"
)
AGE_ROLL = re.compile(r"^Age Roll, (?P<side>Crusader|Muslim): ")
OLD_AGE = re.compile(
    r"^Old age: the (?P<side>Crusader|Muslim)'s Leader (?P<card>.+) has served two Crusades "
    r"and is discarded\.$"
)
LOSS_WORDS = re.compile(r"\b(discard|discards|discarded|lose|loses|lost|takes)\b")
NOT_A_LOSS = re.compile(r"^The (Crusader|Muslim) plays |discard pile")

SEATINGS = [
    (["heuristic", "random"], {}),
    (["random", "heuristic"], {"egypt": True}),
    (["random", "random"], {}),
    (["heuristic", "heuristic"], {"egypt": True}),
]


def names(text: str) -> list[str]:
    return text.split(", ")


def crusade_of(s) -> int:
    return (s["hand"] + 1) // 2


class Causes:
    """What the game says should be lost next, and why: a ledger filled from the actions taken and
    the combats resolved, emptied as the log reports the losses."""

    def __init__(self):
        self.expected: list[dict] = []
        self.played: list[dict] = []  # what the last card played is expected to cost
        self.seen: Counter = Counter()

    def expect(
        self, seat: int, zone: str, rule: str, card: str | None = None, count: int = 1, what: str | None = None
    ) -> dict:
        entry = {"seat": seat, "zone": zone, "rule": rule, "card": card, "count": count, "what": what}
        self.expected.append(entry)
        return entry

    def take(self, seat: int, zone: str, count: int = 1, what: str | None = None) -> dict:
        for entry in self.expected:
            if entry["seat"] == seat and entry["zone"] == zone and entry["what"] in (None, what):
                entry["count"] -= count
                if entry["count"] <= 0:
                    self.expected.remove(entry)
                return entry
        raise AssertionError(f"nothing in the game explains a loss of {zone} {what or ''} by seat {seat}")


def before_the_log(causes: Causes, before, action, after) -> None:
    """Fill the ledger from what happened in this step: the card played, the combat resolved, the
    End Phase."""
    seat = GAME.to_act(before)
    opp = 1 - seat if seat is not None else None
    if action.verb == "play" and before["step"] != "commit":
        added = causes.played = []
        card = CARDS[action.args[0]]
        use = action.args[1] if len(action.args) > 1 else card.type
        if use == "event":
            if card.effect == "lose_army":
                added.append(causes.expect(opp, "play", "cards", card.name, what="Army"))
            elif card.effect == "lose_leader":
                added.append(causes.expect(opp, "play", "cards", card.name, what="Leader"))
            elif card.effect in ("discard", "draw") and card.discard:
                added.append(causes.expect(opp, "hand", "cards", card.name, card.discard))
            elif card.effect == "random_discard":
                added.append(causes.expect(opp, "random", "cards", card.name))
        elif use == "leader" and card.on_play_discard:
            added.append(causes.expect(opp, "hand", "cards", card.name, card.on_play_discard))
    if action.verb == "negate":  # The Will of God: the event costs nothing
        for entry in causes.played:
            if entry in causes.expected:
                causes.expected.remove(entry)
    combat = after["last_combat"]
    if combat is not None and combat != before["last_combat"] and combat["dice"] is not None:
        att = (before["hand"] - 1) % 2
        loser = 1 - combat["winner"]
        for card_id, _by in combat["effects"]:
            card = CARDS[card_id]
            if card.effect == "loser_discards_armies":
                causes.expect(loser, "every army", "cards", card.name)
            elif card.effect == "loser_discards_leader":
                causes.expect(loser, "play", "cards", card.name, what="Leader")
        for side in (0, 1):
            sixes = sum(1 for die in combat["dice"][side] if die[0] == 6)
            if sixes:
                causes.expect(1 - side, "sixes", "L8", count=sixes)
                causes.expect(1 - side, "play", "L8", count=sixes, what="Army")
        if combat["kind"] == "siege" and combat["winner"] == att and before["forts"][1 - att]:
            causes.expect(1 - att, "forts", "L9")
    if after["step"] == "next" and before["step"] != "next" and after["pending"]:
        for side in (0, 1):
            excess = len(after["hands"][side]) - HAND_LIMIT
            if excess > 0:
                causes.expect(side, "hand", "L12", count=excess)


def end_phase_in(before, after) -> bool:
    return (
        after["hand"] != before["hand"]
        or (after["step"] == "next" and before["step"] != "next")
        or (after["result"] is not None and before["result"] is None)
    )


def check_line(causes: Causes, text: str, rule: str, before, after) -> None:
    assert rule in KNOWN, f"unknown rule {rule!r}: {text}"
    if m := FROM_PLAY.match(text):
        entry = causes.take(SIDES[m["side"]], "play", what=m["what"])
        kind = "card" if entry["card"] else entry["rule"]
    elif m := EVERY_ARMY.match(text):
        entry = causes.take(SIDES[m["side"]], "every army")
        assert m["card"] == entry["card"], text
        kind = "card"
    elif m := AT_RANDOM.match(text):
        entry = causes.take(SIDES[m["side"]], "random")
        kind = "card"
    elif m := FROM_HAND.match(text):
        entry = causes.take(SIDES[m["side"]], "hand", len(names(m["cards"])))
        kind = "card" if entry["card"] else entry["rule"]
    elif (m := FORTS.match(text)) and all(
        n in BY_NAME and BY_NAME[n].type == "fortification" for n in names(m["cards"])
    ):
        entry = causes.take(SIDES[m["side"]], "forts")
        kind = "L9"
    elif m := SIXES.match(text):
        entry = causes.take(SIDES[m["victim"]], "sixes", int(m["n"]))
        kind = "sixes"
    elif AGE_ROLL.match(text):
        assert end_phase_in(before, after), text
        entry = {"rule": "L10", "card": None}
        kind = "L10"
    elif m := OLD_AGE.match(text):
        leader = BY_NAME[m["card"]].id
        since = dict(map(tuple, before["leaders"][SIDES[m["side"]]]))[leader]
        assert end_phase_in(before, after) and before["hand"] % 2 == 0 and since <= crusade_of(before) - 1, text
        entry = {"rule": "L11", "card": None}
        kind = "L11"
    elif "takes a Territory Token" in text:
        assert after["tt"] != before["tt"], text
        entry = {"rule": "conquest", "card": None}
        kind = "conquest"
    elif "conquers Egypt" in text:
        assert after["egypt"] != before["egypt"], text
        entry = {"rule": "egypt", "card": None}
        kind = "egypt"
    else:
        assert NOT_A_LOSS.search(text) or not LOSS_WORDS.search(text), f"a loss no test reads: {text}"
        return
    assert rule == entry["rule"], f"{text!r} names {rule!r}; its cause is {entry['card'] or entry['rule']!r}"
    if entry["card"]:
        assert entry["card"] in text, f"{text!r} does not name {entry['card']}, its cause"
    causes.seen[kind if kind != "card" else f"card:{entry['card']}"] += 1


def play_and_check(seed: int, seats: list[str], options: dict, causes: Causes) -> None:
    match = play_out(GAME, GAME.make_setup(seed, seats, options))
    for event in match.logs[0]:
        assert event.rule in KNOWN, event
    for step, action in enumerate(match.actions):
        before, after = match.states[step], match.states[step + 1]
        before_the_log(causes, before, action, after)
        for event in match.logs[step + 1]:
            check_line(causes, event.text, event.rule, before, after)
        if not after["pending"]:
            causes.expected.clear()  # every loss the step caused has been taken


def test_every_loss_names_its_cause():
    """Rulebook and rulings L8–L12, L15: in seeded games each log line names a known rule, and each
    loss names the rule of its cause — the card, named in the line, when a card caused it."""
    causes = Causes()
    for seats, options in SEATINGS:
        for seed in range(12):
            try:
                play_and_check(seed, seats, options, causes)
            except AssertionError as exc:
                raise AssertionError(f"seed {seed}, {seats}, {options}: {exc}") from None
    # the games lost things in every way this test reads, so none of its checks went unused
    cards = {k[5:] for k in causes.seen if k.startswith("card:")}
    assert {"Disease", "Illness", "Assassin Sect", "Dungeon", "Political Strife", "Fredrick II"} <= cards, cards
    assert {"Massacre", "Slaughter"} & cards and {"Factionalism", "Revolt"} & cards, cards
    assert {"L8", "sixes", "L9", "L10", "L11", "L12", "conquest", "egypt"} <= set(causes.seen), causes.seen
