"""Turns and rounds (rules 3, 5, 6, 7.3, 8.2, 8.3, 8.5): the automatic steps between decisions."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State, offer_window
from ...core.words import count
from . import attack as fight
from . import automaton
from .data import Content, Mode
from .state import NOBODY, TURNS, adjacent_to, areas_of, castles_on_map, discard, draw, faith_of, move_bonus

DECISIONS = ("action", "attack_cards", "respond", "flip", "reward", "over")
VICTORY_LEVELS = ((15, "Victory"), (11, "Marginal victory"), (None, "Defeat"))
"""Rule 8.5: the Crusaders' level by their victory points at the end (the least VP for each; None: any)."""


def victory_level(vp: int) -> str:
    return next(name for least, name in VICTORY_LEVELS if least is None or vp >= least)


class Flow:
    """The automatic part of the rules for one mode."""

    def __init__(self, content: Content, mode: Mode, names: list[str]):
        self.content = content
        self.mode = mode
        self.board = content.boards[mode.map]
        self.cards = content.cards
        self.names = names
        self.borders = tuple(area.borders for area in self.board.areas)
        """The areas bordering each area, by index (the board's, in the form the rules read often)."""

    # ------------------------------------------------------------------ settle
    def settle(self, s: State, log: list[Event]) -> None:
        while True:
            if s["pending"] or s["step"] in ("over",):
                return
            step = s["step"]
            if step == "action":
                if self._auto_pass(s, log):
                    continue
                return
            if step in ("attack_cards", "reward"):
                return
            if step == "respond":
                if self._next_responder(s):
                    return
                s["step"] = "flip"
                continue
            if step == "flip":
                if self._flippable(s):
                    return
                s["step"] = "fight"
                continue
            getattr(self, "_" + step)(s, log)

    # ------------------------------------------------------------------ turns
    def _turn_start(self, s: State, log: list[Event]) -> None:
        log.append(
            Event(
                f"Turn {s['turn']} of {TURNS} begins: every kingdom draws its cards, then each player in turn "
                "attacks, makes an incursion, plays an Event, discards a card or passes, until all have "
                "passed one after another.",
                "3",
            )
        )
        for seat, sd in enumerate(self.mode.seats):
            want = sd.cards + s["bonus"][seat] - len(s["hands"][seat])
            note = []
            if s["bonus"][seat]:
                note.append(f"Card Bonus {s['bonus'][seat]:+d}")
            if s["hands"][seat]:
                note.append(f"{len(s['hands'][seat])} kept")
            log.append(
                Event(
                    f"{self.names[seat]} draws {count(sd.cards, 'card')} a turn"
                    + (f"; {', '.join(note)}: {max(0, want)} this turn" if note else "")
                    + ".",
                    "6",
                )
            )
            draw(s, seat, sd.faith, max(0, want), self.content, log, "6", self.names[seat])
        if s["auto"] is not None:
            a = s["auto"]
            assert self.mode.automaton is not None  # the solo game's Muslims
            n = self.mode.automaton.cards + a["bonus"]
            got = draw(s, NOBODY, self.mode.automaton.faith, max(0, n), self.content, log, "8.3", "The Muslims")
            a["queue"] = got
            a["bonus"] = 0
        s["bonus"] = [0] * len(self.mode.seats)
        s["current"], s["passes"], s["slot"] = 0, 0, "seat"
        s["out"] = [False] * len(self.mode.seats)
        s["step"] = "action"
        if self.mode.solo_rules:
            self._solo_next(s, log)

    def _turn_end(self, s: State, log: list[Event]) -> None:
        for card, _seat in s["lasting"]:
            discard(s, self.cards[card])
        s["lasting"], s["truces"], s["watch"] = [], [], []
        s["skip"] = [False] * len(self.mode.seats)
        for faith in ("christian", "muslim"):
            s["deck"][faith] += s["discard"][faith]
            s["discard"][faith] = []
            rng.shuffle(s, s["deck"][faith])
        log.append(
            Event(
                f"Turn {s['turn']} ends: discarded and lasting cards are shuffled back, each deck apart; "
                "cards in hand are kept.",
                "5",
            )
        )
        if s["turn"] >= TURNS:
            self._score(s, log)
            return
        s["turn"] += 1
        s["step"] = "turn_start"

    def _score(self, s: State, log: list[Event]) -> None:
        mode = self.mode
        if mode.solo_rules:
            held = [a for a in self.board.areas if s["owner"][a.index] != NOBODY]
            vp_areas = sum(a.vp for a in held)
            diff = sum(s["bonus"]) - s["auto"]["bonus"]
            vp = vp_areas + diff
            level = victory_level(vp)
            text = (
                f"The Crusaders score {vp} VP ({vp_areas} for {count(len(held), 'area')}, {diff:+d} Card Bonus): "
                f"{level}."
            )
            winners = list(range(len(mode.seats))) if level != "Defeat" else []
            s["result"] = {"winners": winners, "text": text, "vp": vp, "level": level}
        else:
            counts = [castles_on_map(s, seat) for seat in range(len(mode.seats))]
            best = max(counts)
            tied = [seat for seat, n in enumerate(counts) if n == best]
            top = max(s["bonus"][seat] for seat in tied)
            winners = [seat for seat in tied if s["bonus"][seat] == top]
            names = " and ".join(self.names[w] for w in winners)
            tie = " (on the Card Bonus)" if len(tied) > 1 else ""
            text = f"After the third turn {names} win{'s' if len(winners) == 1 else ''} with {best} castles{tie}."
            s["result"] = {"winners": winners, "text": text, "castles": counts}
        s["step"] = "over"
        log.append(Event(s["result"]["text"], "8.5" if mode.solo_rules else "7.3"))

    # ------------------------------------------------------------------ rounds
    def after_round(self, s: State, log: list[Event], passed: bool) -> None:
        """The seat to act has finished its round (an action or a pass)."""
        if self._sudden_victory(s, log):
            return
        if self.mode.solo_rules:
            if passed:
                s["out"][s["current"]] = True
            s["slot"] = "done"
            self._solo_next(s, log)
            return
        n = len(self.mode.seats)
        s["passes"] = s["passes"] + 1 if passed else 0
        if s["passes"] >= n:
            s["step"] = "turn_end"
            return
        s["current"] = (s["current"] + 1) % n
        s["step"] = "action"

    def _auto_pass(self, s: State, log: list[Event]) -> bool:
        """A seat that lost its round (Succession) passes it at once."""
        seat = s["current"]
        if s["skip"][seat]:
            s["skip"][seat] = False
            log.append(Event(f"{self.names[seat]} loses this round.", "R8"))
            self.after_round(s, log, passed=True)
            return True
        return False

    def _solo_next(self, s: State, log: list[Event]) -> None:
        """1–2 players: a Muslim round after each Crusader round (rule 8.2). A player who passed
        is out for the turn; the Muslims play on until every card they drew is revealed (ruling R5)."""
        seats = len(self.mode.seats)
        a = s["auto"]
        while s["step"] != "over":
            slot = s["slot"]
            if slot == "done":
                s["slot"] = "muslim_done"
                if a["queue"]:
                    self._muslim_round(s, log, s["current"])
                    if s["attack"] is not None or s["pending"]:
                        return
            elif slot == "muslim_done":
                s["current"] = (s["current"] + 1) % seats
                s["slot"] = "seat"
            else:
                if all(s["out"]):
                    if not a["queue"]:
                        s["step"] = "turn_end"
                        return
                    s["slot"] = "done"
                elif s["out"][s["current"]]:
                    s["current"] = (s["current"] + 1) % seats
                else:
                    s["step"] = "action"
                    return

    def _muslim_round(self, s: State, log: list[Event], against: int) -> None:
        automaton.muslim_round(self, s, log, against)

    def _sudden_victory(self, s: State, log: list[Event]) -> bool:
        if self.mode.solo_rules:
            return False
        for seat in range(len(self.mode.seats)):
            if s["supply"][seat] == 0:
                text = f"{self.names[seat]} has every castle on the map: sudden victory!"
                s["result"] = {
                    "winners": [seat],
                    "text": text,
                    "castles": [castles_on_map(s, p) for p in range(len(self.mode.seats))],
                }
                s["step"] = "over"
                log.append(Event(text, "7.3"))
                return True
        return False

    # ------------------------------------------------------------------ attack steps
    def _next_responder(self, s: State) -> bool:
        """Move to the next player offered a response window; False when none is left."""
        a = s["attack"]
        while a["responders"]:
            seat = a["responders"][0]
            if self.asked_to_respond(s, seat):
                return True
            a["responders"].pop(0)
        return False

    def takes_part(self, s: State, seat: int) -> bool:
        """Rule 8.2: in the 1–2 player games a Crusader who has passed can no longer play — no
        response, no castle flipped — until the next turn."""
        return not (self.mode.solo_rules and s["out"][seat])

    def asked_to_respond(self, s: State, seat: int) -> bool:
        """Ruling R10: every player the attack could concern is asked, whether or not he holds a
        Response, so that being asked tells nothing; not a player with no card in hand (that is
        on the table for all to see) nor, in the 1–2 player games, one who has passed (8.2).
        With quick responses, only players who hold an answer are asked."""
        if not s["hands"][seat] or not self.takes_part(s, seat):
            return False
        return offer_window(s, self.can_respond(s, seat))

    def can_respond(self, s: State, seat: int) -> bool:
        a = s["attack"]
        for c in s["hands"][seat]:
            card = self.cards[c]
            if card.type == "response":
                return True
            if a["concerted"] and card.type == "troop" and faith_of(self.mode, seat) == "christian":
                return True
        return False

    def _flippable(self, s: State) -> bool:
        a = s["attack"]
        return a["defender"] != NOBODY and self.takes_part(s, a["defender"]) and bool(self.flip_options(s))

    def flip_options(self, s: State) -> list[int]:
        a = s["attack"]
        return [
            b
            for b in self.board.areas[a["area"]].borders
            if s["owner"][b] == a["defender"] and s["plus"][b] and b not in a["flipped"]
        ]

    def _fight(self, s: State, log: list[Event]) -> None:
        a = s["attack"]
        for b in a["flipped"]:
            s["plus"][b] = False
        fight.resolve(s, self.content, self.mode, log, self.names)
        reward = False
        if a["winner"] == "attack":
            reward = fight.conquer(s, self.content, self.mode, log, self.names)
        if reward and self.reward_options(s):
            s["step"] = "reward"
            return
        self.end_attack(s, log)

    def reward_options(self, s: State) -> list[str]:
        seat = s["attack"]["attacker"]
        opts = ["bonus"] if s["bonus"][seat] < 2 else []
        return opts + [f"{i}" for i in areas_of(s, seat) if not s["plus"][i]]

    def end_attack(self, s: State, log: list[Event]) -> None:
        a = s["attack"]
        by_automaton = a["attacker"] == NOBODY and a["independent_from"] is None and s["auto"] is not None
        fight.finish(s, self.content)
        if by_automaton:
            # the Muslim round is over: carry on with the rounds
            s["step"] = "action"
            self._solo_next(s, log)
            return
        s["step"] = "action"
        self.after_round(s, log, passed=False)

    def move_bonus(self, s: State, seat: int, delta: int) -> int:
        return move_bonus(s, seat, delta)

    # ------------------------------------------------------------------ targets
    def attack_targets(self, s: State, seat: int) -> list[int]:
        mode = self.mode
        owner = s["owner"]
        mine = set(areas_of(s, seat))
        if mine:
            options = [i for i, borders in enumerate(self.borders) if owner[i] != seat and not mine.isdisjoint(borders)]
        else:
            options = [self.board.index(k) for k in mode.seats[seat].start if s["owner"][self.board.index(k)] != seat]
        if mode.solo_rules:  # co-operative allies never attack each other (ruling R2)
            return [i for i in options if owner[i] == NOBODY]
        out = []
        for i in options:
            held = owner[i]
            if held != NOBODY:
                if (
                    mode.christians_may_not_attack_each_other
                    and mode.seats[seat].faith == "christian"
                    and mode.seats[held].faith == "christian"
                ):
                    continue
                if [seat, held] in s["truces"] or [held, seat] in s["truces"]:
                    continue
            out.append(i)
        return out

    def neighbours(self, s: State, seat: int) -> list[int]:
        """Opponents with whom ``seat`` shares a border (NOBODY: the Muslims in 1–2 player games)."""
        owner = s["owner"]
        found = {owner[b] for i in areas_of(s, seat) for b in self.borders[i]}
        found.discard(seat)
        if self.mode.solo_rules:
            return [NOBODY] if NOBODY in found and s["auto"]["queue"] else []
        found.discard(NOBODY)
        return sorted(found)

    def opponents(self, s: State, seat: int) -> list[int]:
        if self.mode.solo_rules:
            return [NOBODY]
        return [p for p in range(len(s["hands"])) if p != seat]

    def event_targets(self, s: State, seat: int, card) -> list[int]:
        opps = self.opponents(s, seat)
        if card.effect == "spies":
            return [p for p in opps if p != NOBODY and s["hands"][p]]
        if card.effect == "random_discard":
            return [p for p in opps if (s["auto"]["queue"] if p == NOBODY else s["hands"][p])]
        return [p for p in opps if p != NOBODY]

    def independent_targets(self, s: State, seat: int) -> list[int]:
        independent = set(areas_of(s, NOBODY))
        return [
            i
            for i, owner in enumerate(s["owner"])
            if owner not in (NOBODY, seat) and adjacent_to(self.board, i, independent)
        ]
