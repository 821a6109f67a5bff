"""Crusader Kingdoms: 1–4 players, a map of the Levant, two decks and a Muslim automaton
(rules: crusader-kingdoms.txt)."""

from __future__ import annotations

from functools import cached_property

from ...core.actions import Action, act
from ...core.game import QUICK_RESPONSES, Event, Game, Option, Setup, State, clone
from . import attack as fight
from . import moves
from . import view as views
from .data import Content, Mode, content
from .flow import Flow
from .rules import INDEX
from .state import (
    NOBODY,
    all_card_places,
    areas_of,
    castles_on_map,
    faith_of,
    looked_at,
    new_state,
    seduced_deck,
)

MODES_BY_PLAYERS = {1: "solo", 2: "coop", 3: "three", 4: "four"}

LESSON = Option(
    "lesson",
    "Learn to play",
    ("", "first-round"),
    "The guided first round (data/lesson.toml): a fixed deal, one attack and its battle, "
    "then the game goes on as any other.",
    names=("none", "the first round"),
    hidden=True,
)
"""The lesson mode: set by Learn to play, kept by its link; the rules read nothing from it (the
lesson's seed gives its deal)."""


class CrusaderKingdoms(Game):
    id = "crusader-kingdoms"
    name = "Crusader Kingdoms"
    code_id = 2
    seat_names = ("Emirate of Damascus", "Kingdom of Jerusalem", "Principality of Antioch", "Emirate of Aleppo")
    min_seats, max_seats = 1, 4
    options = (QUICK_RESPONSES, LESSON)  # appended only: a link stores one choice per option, in order
    format_version = 1
    rules_revision = 3
    """2: response windows offered to every player an attack could concern (ruling R10), none to a
    Crusader who has passed (8.2). 3: the Saladin map side redrawn for a fair 4-player game
    (ruling R17), which changes the 3–4 player games only. (The hidden lesson option changes no
    rule, and a link writes it only when it is set: core/sharecode.py.)"""

    def earlier_revision(self, revision: int, seats: int) -> dict | None:
        # revision 2's solo and co-operative games (the other map side) replay unchanged
        return {} if revision == 2 and seats <= 2 else None

    max_actions = 5_000

    @cached_property
    def content(self) -> Content:
        return content()

    @cached_property
    def cards(self):
        return self.content.cards

    def mode_of(self, s_or_setup: State | Setup) -> Mode:
        key = s_or_setup["mode"] if isinstance(s_or_setup, dict) else MODES_BY_PLAYERS[len(s_or_setup.seats)]
        return self.content.modes[key]

    def seat_labels(self, setup: Setup) -> list[str]:
        return [sd.name for sd in self.mode_of(setup).seats]

    def seat_label(self, state: State, seat: int) -> str:
        return self.mode_of(state).seats[seat].name

    def flow(self, s: State) -> Flow:
        """The automatic rules of the state's mode: one per mode, made on first use (every rule
        asks for it, often several times an action)."""
        try:
            return self._flows[s["mode"]]
        except AttributeError:
            self._flows: dict[str, Flow] = {}
        except KeyError:
            pass
        mode = self.mode_of(s)
        self._flows[mode.key] = Flow(self.content, mode, [sd.name for sd in mode.seats])
        return self._flows[mode.key]

    # -- setup ---------------------------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        mode = self.mode_of(setup)
        return new_state(self.content, mode, setup.seed, bool(setup.option("quick", False)))

    def start(self, setup: Setup):
        mode = self.mode_of(setup)
        state, log = super().start(setup)
        intro = Event(
            f"A new game of Crusader Kingdoms: {mode.title}. "
            + "; ".join(
                f"{sd.name} holds {', '.join(self.content.boards[mode.map].areas[self.content.boards[mode.map].index(k)].name for k in sd.start)}"
                for sd in mode.seats
            )
            + ".",
            "7.1" if not mode.solo_rules else "8.1",
        )
        return state, [intro] + log

    def settle(self, state: State, log: list[Event]) -> None:
        self.flow(state).settle(state, log)

    def rule_title(self, key: str) -> str:
        return INDEX.title(key)

    def rule_anchor(self, key: str) -> str:
        return INDEX.anchor(key)

    def result(self, s: State) -> dict | None:
        return s["result"]

    def payoff(self, s: State) -> list[float]:
        """Against the automaton (8.5) the Crusaders share one level: a Victory scores 1, a
        Marginal victory ½, a Defeat 0; the 3–4 player games as any other (the winners share)."""
        level = s["result"].get("level") if s["result"] else None
        if level is None:
            return super().payoff(s)
        return [{"Victory": 1.0, "Marginal victory": 0.5}.get(level, 0.0)] * self.seats_in(s)

    def standings(self, s: State) -> tuple[list[str], list[dict]]:
        seats = range(len(self.mode_of(s).seats))
        held = [sum(1 for owner in s["owner"] if owner == seat) for seat in seats]
        hands = [[self.cards[c].name for c in s["hands"][seat]] for seat in seats]
        if self.mode_of(s).solo_rules:
            columns = ["Areas held", "Card Bonus", "Cards in hand"]
            values = [[held[p], s["bonus"][p], len(s["hands"][p])] for p in seats]
        else:
            columns = ["Castles on the map", "Card Bonus", "Cards in hand"]
            values = [[castles_on_map(s, p), s["bonus"][p], len(s["hands"][p])] for p in seats]
        return columns, [{"seat": p, "values": values[p], "hand": hands[p]} for p in seats]

    def summary(self, s: State) -> dict | None:
        out = super().summary(s)
        result = s["result"]
        if out is None or "castles" not in result:
            return out
        counts = result["castles"]
        best = max(counts)
        tied = [p for p, n in enumerate(counts) if n == best]
        names = self.seat_labels_of(s)
        if len(tied) > 1 and not any(n == 0 for n in s["supply"]):
            top = max(s["bonus"][p] for p in tied)
            leaders = " and ".join(names[p] for p in out["winners"])
            out["why"] = (
                f"{len(tied)} kingdoms had {best} castles on the map "
                f"({', '.join(names[p] for p in tied)}); the tie goes to the highest Card Bonus: "
                f"{leaders}, with {top:+d} (rule 7.3)."
            )
        return out

    def seat_labels_of(self, s: State) -> list[str]:
        return [sd.name for sd in self.mode_of(s).seats]

    def in_window(self, s: State) -> bool:
        return not s["pending"] and s["step"] == "respond"

    # -- who acts ----------------------------------------------------------------------
    def to_act(self, s: State) -> int | None:
        if s["pending"]:
            return s["pending"][0]["seat"]
        step = s["step"]
        if step == "action":
            return s["current"]
        if step in ("attack_cards", "reward"):
            return s["attack"]["attacker"]
        if step == "respond":
            return s["attack"]["responders"][0]
        if step == "flip":
            return s["attack"]["defender"]
        return None

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, s: State) -> list[Action]:
        if s["pending"]:
            return self._pending_actions(s, s["pending"][0])
        step = s["step"]
        flow = self.flow(s)
        if step == "action":
            return self._round_actions(s, s["current"])
        a = s["attack"]
        if step == "attack_cards":
            seat = a["attacker"]
            acts = [
                act("add", c)
                for c in s["hands"][seat]
                if self.cards[c].type == "troop" or fight.responses_allowed(self.cards[c], "attack")
            ]
            if a["troops"] or a["bonus_dice"]:
                acts.append(act("go"))
            return acts
        if step == "respond":
            seat = a["responders"][0]
            acts = []
            for c in s["hands"][seat]:
                card = self.cards[c]
                for side in ("attack", "defence"):
                    if fight.responses_allowed(card, side):
                        acts.append(act("add", c, side))
                if a["concerted"] and card.type == "troop" and faith_of(flow.mode, seat) == "christian":
                    acts.append(act("add", c, "attack"))
            return acts + [act("done")]
        if step == "flip":
            return [act("flip", b) for b in flow.flip_options(s)] + [act("done")]
        if step == "reward":
            return [act("bonus") if o == "bonus" else act("flip", int(o)) for o in flow.reward_options(s)]
        return []

    def attack_targets(self, s: State, seat: int) -> list[int]:
        return self.flow(s).attack_targets(s, seat)

    def _round_actions(self, s: State, seat: int) -> list[Action]:
        flow = self.flow(s)
        hand = s["hands"][seat]
        cards = self.cards
        acts = []
        troops = [c for c in hand if cards[c].type == "troop"]
        if troops:
            acts += [act("attack", i) for i in flow.attack_targets(s, seat)]
            for target in flow.neighbours(s, seat):
                acts += [act("incursion", target, c) for c in troops]
        for c in hand:
            if cards[c].type == "event" and self._event_possible(s, seat, cards[c]):
                acts.append(act("event", c))
        acts += [act("discard", c) for c in hand]
        return acts + [act("pass")]

    def _event_possible(self, s: State, seat: int, card) -> bool:
        flow = self.flow(s)
        e = card.effect
        if e == "walls":
            return any(not s["plus"][i] for i in areas_of(s, seat))
        if e in ("truce", "skip_round", "spies", "random_discard"):
            return bool(flow.event_targets(s, seat, card))
        if e == "independent_attack":
            return bool(flow.independent_targets(s, seat))
        if e == "concerted_attack":
            return bool(flow.attack_targets(s, seat))
        if e == "seduction":
            return bool(s["deck"][seduced_deck(card)])
        return True

    def _pending_actions(self, s: State, p: dict) -> list[Action]:
        kind = p["kind"]
        if kind == "target":
            return [act("target", t) for t in p["options"]]
        if kind == "flip":
            return [act("flip", i) for i in areas_of(s, p["seat"]) if not s["plus"][i]]
        if kind == "take":
            return [act("take", c) for c in s["hands"][p["from"]]]
        raise AssertionError(kind)

    # -- doing, seeing, naming -----------------------------------------------------------
    def perform(self, s: State, action: Action, log: list[Event]) -> None:
        moves.perform(self, s, action, log)

    def view(self, s: State, seat: int | None) -> dict:
        return views.view(self, s, seat)

    def prompt(self, s: State) -> str:
        return views.prompt(self, s)

    def describe(self, s: State, action: Action) -> str:
        return views.describe(self, s, action)

    def why_illegal(self, s: State, action: Action) -> str:
        return views.why_illegal(self, s, action)

    def unplayable(self, s: State, seat: int) -> dict[int, str]:
        return views.unplayable(self, s, seat)

    def text_table(self, view: dict) -> str:
        return views.text_table(self, view)

    def cards_in_play(self, s: State) -> list[int]:
        return all_card_places(s)

    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Chance, a draw, a card the Muslims reveal (8.3), a hand looked at (Spies), or a card
        leaving another seat's hand."""
        if super().reveals(before, after, actor, seat) or before["deck"] != after["deck"]:
            return True
        if before["auto"] is not None and before["auto"]["queue"] != after["auto"]["queue"]:
            return True
        if looked_at(after, seat) is not None:
            return True
        return actor != seat and before["hands"][actor] != after["hands"][actor]

    def redeal(self, s: State, seat: int, rand) -> State:
        """Other hands, deck orders, the Muslims' unrevealed cards and the other seats' face-down
        attack cards, dealt anew as they could lie given what ``seat`` has seen: a face-down card
        is one its placer could have put there (a Troop or a Response the side allows), and an
        attacker has his Troop. Deals are drawn until one could be (every deal that could be is
        as likely); failing that, a deal whose misplaced face-down cards are swapped for hidden
        cards that fit. Never the true cards: a search plans on this (see Game.determinize)."""
        for _ in range(20):
            new = self._deal_anew(s, seat, rand)
            if self._could_be(new):
                return new
        for _ in range(20):
            new = self._deal_anew(s, seat, rand, repair=True)
            if self._could_be(new):
                return new
        return new

    def _deal_anew(self, s: State, seat: int, rand, repair: bool = False) -> State:
        new = clone(s)
        a = new["attack"]
        down = []  # [placer, side, card] of the face-down cards seat cannot see
        if a is not None and a["dice"] is None:
            down = [[p, "attack", c] for c, p in a["troops"] if p != seat]
            down += [[p, side, c] for c, p, side in a["cards"] if p != seat]
            a["troops"] = [t for t in a["troops"] if t[1] == seat]
            a["cards"] = [x for x in a["cards"] if x[1] == seat]
        seen = {seat, looked_at(new, seat)}
        for faith in ("christian", "muslim"):
            places: list[tuple[list, int]] = []  # (container, index) of each hidden card of this faith
            for p, hand in enumerate(new["hands"]):
                if p not in seen:
                    places += [(hand, i) for i, c in enumerate(hand) if self.cards[c].deck == faith]
            places += [(new["deck"][faith], i) for i in range(len(new["deck"][faith]))]
            if new["auto"] is not None:
                queue = new["auto"]["queue"]
                places += [(queue, i) for i, c in enumerate(queue) if self.cards[c].deck == faith]
            slots = [entry for entry in down if self.cards[entry[2]].deck == faith]
            places += [(entry, 2) for entry in slots]
            hidden = sorted(box[i] for box, i in places)  # a canonical order: see Game.determinize
            rand.shuffle(hidden)
            for (box, i), c in zip(places, hidden, strict=False):
                box[i] = c
            if repair:
                self._repair(new, slots, places[: len(places) - len(slots)])
        for p, side, c in down:
            if self.cards[c].type == "troop" and side == "attack":  # else refused by _could_be
                a["troops"].append([c, p])
            else:
                a["cards"].append([c, p, side])
        return new

    def _repair(self, s: State, slots: list[list], others: list[tuple[list, int]]) -> None:
        """Swap each face-down card that could not lie where it does with the first hidden card
        elsewhere that could (the attacker's first slot wants a Troop when he has placed none)."""
        a = s["attack"]
        mode = self.flow(s).mode
        wants_troop = a["attacker"] != NOBODY and not a["bonus_dice"] and s["step"] != "attack_cards"

        def fits(card: int, placer: int, side: str, troop_only: bool) -> bool:
            c = self.cards[card]
            if c.type == "troop":
                return side == "attack" and (
                    placer == a["attacker"] or (a["concerted"] and faith_of(mode, placer) == "christian")
                )
            return not troop_only and fight.responses_allowed(c, side)

        for n, entry in enumerate(slots):
            placer, side, card = entry
            troop_only = (
                wants_troop
                and placer == a["attacker"]
                and side == "attack"
                and not any(self.cards[e[2]].type == "troop" for e in slots[:n] if e[0] == placer)
            )
            if fits(card, placer, side, troop_only):
                continue
            for box, i in others:
                if fits(box[i], placer, side, troop_only):
                    entry[2], box[i] = box[i], card
                    break

    def _could_be(self, s: State) -> bool:
        """Whether the face-down cards of an attack could lie as they do in ``s`` (4.1, R7, R9)."""
        a = s["attack"]
        if a is None or a["dice"] is not None:
            return True
        mode = self.flow(s).mode
        for _c, p in a["troops"]:
            if p != a["attacker"] and not (a["concerted"] and faith_of(mode, p) == "christian"):
                return False
        for c, _p, side in a["cards"]:
            if not fight.responses_allowed(self.cards[c], side):
                return False
        if a["attacker"] != NOBODY and not (a["troops"] or a["bonus_dice"]):
            if s["step"] != "attack_cards":
                return False
            return any(self.cards[c].type == "troop" for c in s["hands"][a["attacker"]])
        return True
