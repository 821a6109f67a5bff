"""Levantine: the 2-player card game of the Crusades (rules: crusades-card-game.txt)."""

from __future__ import annotations

from functools import cached_property

from ...core import rng
from ...core.actions import Action, act
from ...core.game import QUICK_RESPONSES, Event, Game, Option, Setup, State, clone
from . import combat, flow
from . import view as views
from .cards import Card, load_cards
from .rules import INDEX
from .state import (
    CRUSADER,
    EGYPT_DRAW,
    MAX_LEADERS,
    MUSLIM,
    SIDE_NAMES,
    all_card_places,
    asked_will_of_god,
    attacker,
    crusade,
    discard_from_hand,
    draw,
    holdings,
    holds_will_of_god,
    new_state,
    other,
)

MAIN_EFFECTS = ("draw", "discard", "random_discard", "lose_army", "lose_leader")


class Levantine(Game):
    id = "levantine"
    name = "Levantine"
    code_id = 1
    seat_names = SIDE_NAMES
    min_seats = max_seats = 2
    options = (
        Option(
            "egypt",
            "Strike at Egypt",
            (False, True),
            "Egypt is a fourth Territory Token the Crusaders may attack instead.",
        ),
        QUICK_RESPONSES,
        Option(
            "lesson",
            "Learn to play",
            ("", "first-turn"),
            "A guided first turn from a fixed deal (data/lesson.toml).",
            hidden=True,
        ),
    )
    format_version = 1
    rules_revision = 2
    """2: Will of God windows offered whether or not the card is held (ruling L4)."""
    earlier_revisions = {1: {"quick": True}}
    """Revision 1 asked only the holder: its games replay exactly with Quick responses."""

    def __init__(self, cards: tuple[Card, ...] | None = None):
        self._cards = cards

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return self._cards if self._cards is not None else load_cards()

    # -- setup -------------------------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        s = new_state(setup.seed, bool(setup.option("egypt", False)), bool(setup.option("quick", False)))
        s["deck"] = list(range(len(self.cards)))
        rng.shuffle(s, s["deck"])
        return s

    def start(self, setup: Setup):
        state, log = super().start(setup)
        return state, [
            Event(
                f"A new game of Levantine: the Muslims hold {holdings(state, MUSLIM)} Territory "
                "Tokens, the Crusaders none; the Crusader goes first. The deck is shuffled.",
                "setup",
            )
        ] + log

    def settle(self, state: State, log: list[Event]) -> None:
        flow.settle(state, self.cards, log)

    def rule_title(self, key: str) -> str:
        return INDEX.title(key)

    def rule_anchor(self, key: str) -> str:
        return INDEX.anchor(key)

    # -- who acts, what they may do -------------------------------------------------
    def to_act(self, s: State) -> int | None:
        if s["pending"]:
            return s["pending"][0]["seat"]
        step = s["step"]
        if step in ("recruit", "declare"):
            return attacker(s)
        if step == "defender":
            return other(attacker(s))
        if step == "commit":
            return s["combat"]["turn"]
        return None

    def result(self, s: State) -> dict | None:
        return s["result"]

    def standings(self, s: State) -> tuple[list[str], list[dict]]:
        columns = ["Territory Tokens", "Leaders", "Armies", "Fortifications", "Cards in hand"]
        rows = [
            {
                "seat": seat,
                "values": [
                    holdings(s, seat),
                    len(s["leaders"][seat]),
                    len(s["armies"][seat]),
                    len(s["forts"][seat]),
                    len(s["hands"][seat]),
                ],
                "hand": [self.cards[c].name for c in s["hands"][seat]],
            }
            for seat in (CRUSADER, MUSLIM)
        ]
        return columns, rows

    def in_window(self, s: State) -> bool:
        return bool(s["pending"]) and s["pending"][0]["kind"] in ("negate", "reroll")

    def legal_actions(self, s: State) -> list[Action]:
        if s["pending"]:
            return self._pending_actions(s, s["pending"][0])
        step = s["step"]
        if step in ("recruit", "defender"):
            seat = self.to_act(s)
            assert seat is not None  # the Recruit and Defender Phases always have a seat to act
            return self._main_plays(s, seat) + [act("end")]
        if step == "declare":
            return self._declare_actions(s)
        if step == "commit":
            return self._commit_actions(s)
        return []

    def _pending_actions(self, s: State, p: dict) -> list[Action]:
        kind = p["kind"]
        if kind == "discard":
            return [act("discard", c) for c in s["hands"][p["seat"]]]
        if kind == "lose":
            return [act("lose", c) for c in flow.pool(s, p)]
        holds = holds_will_of_god(s, p["seat"], self.cards)
        if kind == "negate":
            return ([act("negate")] if holds else []) + [act("allow")]
        if kind == "reroll":
            dice = s["combat"]["dice"]
            rerolls = [act("reroll", seat, i) for seat in (0, 1) for i in range(len(dice[seat]))]
            return (rerolls if holds else []) + [act("keep")]
        raise AssertionError(kind)

    def _main_plays(self, s: State, seat: int) -> list[Action]:
        """The cards ``seat`` may play from his hand in the Recruit or Defender Phase."""
        recruiting = s["step"] == "recruit"
        leaders_left, armies_left, forts_left = s["allow"]
        room = len(s["leaders"][seat]) < MAX_LEADERS[seat] and leaders_left > 0
        can_army = armies_left != 0
        can_fort = not recruiting and forts_left > 0
        transport = recruiting and seat == CRUSADER
        leader_play = "attack" if recruiting else "defend"
        cards = self.cards
        acts = []
        for card_id in s["hands"][seat]:
            card = cards[card_id]
            if not card.usable_by(seat):
                continue
            t = card.type
            if t == "leader":
                ok = room and (card.play == "any" or card.play == leader_play)
            elif t == "army":
                ok = can_army
            elif t == "fortification":
                ok = can_fort
            elif t == "transport":
                ok = transport
            elif t == "event":
                ok = (card.effect in MAIN_EFFECTS and self._event_has_target(s, seat, card)) or (
                    card.effect == "no_attack_turn" and not recruiting and seat == MUSLIM
                )
            elif t == "special":
                for use in card.uses:
                    if (
                        use == "draw"
                        or (use == "transport" and transport)
                        or (use == "leader" and room)
                        or (use == "army" and can_army)
                    ):
                        acts.append(act("play", card_id, use))
                continue
            else:
                ok = False
            if ok:
                acts.append(act("play", card_id))
        return acts

    def _event_has_target(self, s: State, seat: int, card: Card) -> bool:
        """Ruling L3: an event that could do nothing cannot be played."""
        if card.effect == "lose_army":
            return bool(s["armies"][other(seat)])
        if card.effect == "lose_leader":
            return bool(s["leaders"][other(seat)])
        if card.effect in ("discard", "random_discard"):
            return bool(s["hands"][other(seat)])
        return True

    def _declare_actions(self, s: State) -> list[Action]:
        att = attacker(s)
        dfn = other(att)
        acts = []
        if s["tt"][dfn] > 0:
            acts.append(act("attack"))
        if s["egypt"] == dfn:
            acts.append(act("attack", "egypt"))
        return acts + [act("hold")]

    def _commit_actions(self, s: State) -> list[Action]:
        c = s["combat"]
        seat = c["turn"]
        is_att = seat == attacker(s)
        acts = []
        for card_id in s["hands"][seat]:
            card = self.cards[card_id]
            if card.type == "special":
                if combat.may_commit(card, c["kind"], seat, is_att, "battle"):
                    acts.append(act("play", card_id, "battle"))
            elif combat.may_commit(card, c["kind"], seat, is_att):
                acts.append(act("play", card_id))
        return acts + [act("pass")]

    # -- carrying out an action ----------------------------------------------------
    def perform(self, s: State, action: Action, log: list[Event]) -> None:
        seat = self.to_act(s)
        assert seat is not None  # an action is taken only while some seat is to act
        verb, args = action.verb, action.args
        cards = self.cards
        if s["pending"]:
            self._perform_pending(s, seat, action, log)
        elif verb == "end":
            if s["step"] == "recruit":
                log.append(Event(f"The {SIDE_NAMES[seat]} ends the Recruit Phase.", "recruit"))
                s["step"] = "defender"
                s["allow"] = [1, 1, 1]
            else:
                log.append(Event(f"The {SIDE_NAMES[seat]} ends the Defender Phase.", "defender"))
                s["step"] = "battle_check"
        elif verb == "attack":
            s["target"] = "egypt" if args else "tt"
            again = " again (Extended Conquest)" if s["conquered"] else ""
            if s["target"] == "egypt":
                log.append(Event(f"The {SIDE_NAMES[seat]} attacks Egypt{again}.", "egypt"))
                if seat == CRUSADER:
                    draw(s, MUSLIM, EGYPT_DRAW, cards, log, "egypt")
            else:
                log.append(
                    Event(f"The {SIDE_NAMES[seat]} attacks{again}: Battle Phase.", "conquest" if again else "battle")
                )
            s["combat"] = combat.new_combat(s, "battle")
            s["step"] = "commit"
        elif verb == "hold":
            if s["conquered"]:
                log.append(Event(f"The {SIDE_NAMES[seat]} ends the conquest.", "conquest"))
            else:
                log.append(Event(f"The {SIDE_NAMES[seat]} does not attack this turn.", "L6"))
            s["step"] = "age"
        elif verb == "pass":
            c = s["combat"]
            c["passes"] += 1
            c["turn"] = other(seat)
            log.append(Event(f"The {SIDE_NAMES[seat]} plays no more cards for now.", "L5"))
        elif verb == "play":
            self._play(s, seat, args[0], args[1] if len(args) > 1 else "", log)

    def _play(self, s: State, seat: int, card_id: int, use: str, log: list[Event]) -> None:
        cards = self.cards
        card = cards[card_id]
        who = SIDE_NAMES[seat]
        mark = (f"card:{card_id}",)  # the card is face up once played (the table marks it)
        s["hands"][seat].remove(card_id)
        if s["step"] == "commit":
            c = s["combat"]
            c["passes"] = 0
            c["turn"] = other(seat)
            if card.type == "event":
                s["discard"].append(card_id)
                self._event(s, seat, card, log)
            else:
                c["played"][seat].append(card_id)
                how = " as a Battle card" if use else ""
                log.append(Event(f"The {who} plays {card.name}{how}: one more die.", c["kind"], marks=mark))
            return
        kind = use or card.type
        if kind == "leader":
            s["leaders"][seat].append([card_id, crusade(s)])
            s["allow"][0] -= 1
            log.append(Event(f"The {who} puts Leader {card.name} into play.", s["step"], marks=mark))
            if card.extra_armies and s["allow"][1] >= 0:
                s["allow"][1] += card.extra_armies
                log.append(Event(f"{card.name} brings {card.extra_armies} more Army this phase.", "L19"))
            if card.on_play_draw:
                draw(s, seat, card.on_play_draw, cards, log, "cards")
            if card.on_play_discard:
                self._opponent_discards(s, seat, card, card.on_play_discard)
        elif kind == "army":
            s["armies"][seat].append(card_id)
            if s["allow"][1] > 0:
                s["allow"][1] -= 1
            log.append(Event(f"The {who} puts Army {card.name} into play.", s["step"], marks=mark))
        elif kind == "fortification":
            s["forts"][seat].append(card_id)
            s["allow"][2] -= 1
            log.append(Event(f"The {who} builds {card.name}.", "defender", marks=mark))
        elif kind == "transport":
            s["discard"].append(card_id)
            s["allow"][0] += 1
            s["allow"][1] += 1
            log.append(
                Event(
                    f"The {who} plays {card.name} as a Transport: one more Leader and Army may be recruited.",
                    "recruit",
                    marks=mark,
                )
            )
        elif kind == "draw":
            s["discard"].append(card_id)
            log.append(Event(f"The {who} plays {card.name} to draw {card.draw} cards.", "cards", marks=mark))
            draw(s, seat, card.draw, cards, log, "cards")
        elif kind == "event":
            s["discard"].append(card_id)
            self._event(s, seat, card, log)

    def _event(self, s: State, seat: int, card: Card, log: list[Event]) -> None:
        """An event is played: the opponent may answer with The Will of God (ruling L4). He is
        asked whether or not he holds it, unless it is face up in the discard pile."""
        log.append(Event(f"The {SIDE_NAMES[seat]} plays {card.name}: {card.note}.", "L3", marks=(f"card:{card.id}",)))
        if asked_will_of_god(s, other(seat), self.cards):
            s["pending"].insert(
                0,
                {
                    "kind": "negate",
                    "seat": other(seat),
                    "card": card.id,
                    "by": seat,
                    "why": f"Negate {card.name} with The Will of God?",
                    "rule": "L4",
                },
            )
        else:
            self._event_effect(s, seat, card, log)

    def _event_effect(self, s: State, seat: int, card: Card, log: list[Event]) -> None:
        effect, opp = card.effect, other(seat)
        if effect == "draw":
            draw(s, seat, card.draw, self.cards, log, "cards")
            if card.discard:
                self._opponent_discards(s, seat, card, card.discard)
        elif effect == "discard":
            self._opponent_discards(s, seat, card, card.discard)
        elif effect == "random_discard":
            hand = s["hands"][opp]
            lost = []
            for _ in range(min(card.discard, len(hand))):
                lost.append(hand[rng.randbelow(s, len(hand))])
                discard_from_hand(s, opp, lost[-1])
            if lost:
                log.append(
                    Event(
                        f"{card.name}: the {SIDE_NAMES[opp]} discards at random "
                        f"{', '.join(self.cards[c].name for c in lost)}.",
                        "cards",
                    )
                )
        elif effect in ("lose_army", "lose_leader"):
            zone = "armies" if effect == "lose_army" else "leaders"
            s["pending"].append(
                {
                    "kind": "lose",
                    "zone": zone,
                    "seat": opp,
                    "count": 1,
                    "why": f"{card.name}: discard a{'n Army' if zone == 'armies' else ' Leader'} in play",
                    "rule": "cards",
                }
            )
        elif effect == "no_attack_phase":
            combat.cancel(s, log, card.name)
            log.append(
                Event(
                    f"{card.name}: the {SIDE_NAMES[opp]} may not attack this Phase; the attack is over for this turn.",
                    "cards",
                )
            )
            s["step"] = "age"
        elif effect == "no_attack_turn":
            s["blocked"] = True
            if s["combat"]:
                combat.cancel(s, log, card.name)
                s["step"] = "age"
            log.append(Event(f"{card.name}: the Crusaders may not attack this turn.", "cards"))
        else:
            s["combat"]["effects"].append([card.id, seat])

    def _opponent_discards(self, s: State, seat: int, card: Card, count: int) -> None:
        s["pending"].append(
            {
                "kind": "discard",
                "seat": other(seat),
                "count": count,
                "why": f"{card.name}: discard {count} card{'s' if count > 1 else ''} of your choice",
                "rule": "cards",
            }
        )

    def _perform_pending(self, s: State, seat: int, action: Action, log: list[Event]) -> None:
        p = s["pending"][0]
        verb, args = action.verb, action.args
        cards = self.cards
        if verb == "discard":
            # One log line for the whole choice, once it is complete (the table confirms it at once)
            discard_from_hand(s, seat, args[0])
            taken = p.setdefault("taken", [])
            taken.append(args[0])
            p["count"] -= 1
            if p["count"] <= 0:
                log.append(
                    Event(
                        f"The {SIDE_NAMES[seat]} discards {', '.join(cards[c].name for c in taken)} ({p['why']}).",
                        p["rule"],
                    )
                )
                s["pending"].pop(0)
        elif verb == "lose":
            combat.lose_from_play(s, seat, args[0], cards, log, p["why"], p["rule"])
            p["count"] -= 1
            if p["count"] <= 0 or not flow.pool(s, p):
                s["pending"].pop(0)
        elif verb in ("negate", "allow"):
            s["pending"].pop(0)
            event = cards[p["card"]]
            if verb == "negate":
                self._spend_will_of_god(s, seat)
                log.append(Event(f"The {SIDE_NAMES[seat]} plays The Will of God: {event.name} is negated.", "L4"))
            else:
                log.append(Event(f"The {SIDE_NAMES[seat]} lets {event.name} stand.", "L4"))
                self._event_effect(s, p["by"], event, log)
        elif verb == "reroll":
            s["pending"].pop(0)
            self._spend_will_of_god(s, seat)
            combat.reroll(s, args[0], args[1], log)
        elif verb == "keep":
            s["pending"].pop(0)

    def _spend_will_of_god(self, s: State, seat: int) -> None:
        card = next(c for c in s["hands"][seat] if self.cards[c].effect == "will_of_god")
        discard_from_hand(s, seat, card)

    # -- what a seat sees, and how things are named -------------------------------------
    def view(self, s: State, seat: int | None) -> dict:
        return views.view(self, s, seat)

    def agent_view(self, s: State, seat: int) -> dict:
        return views.agent_view(self, s, seat)

    def multi_choice(self, s: State) -> dict | None:
        """Discarding several cards of one's choice (the hand limit, L12; an event's discards),
        and the rest of such a choice once begun."""
        p = s["pending"][0] if s["pending"] else None
        if p and p["kind"] == "discard" and (p["count"] > 1 or p.get("taken")):
            return {"verb": "discard", "count": p["count"]}
        return None

    def unplayable(self, s: State, seat: int) -> dict[int, str]:
        if self.to_act(s) != seat:
            return {}
        used = {a.args[0] for a in self.legal_actions(s) if a.verb in ("play", "discard") and a.args}
        return {card: self.why_illegal(s, Action("play", (card,))) for card in s["hands"][seat] if card not in used}

    def prompt(self, s: State) -> str:
        return views.prompt(self, s)

    def describe(self, s: State, action: Action) -> str:
        return views.describe(self, s, action)

    def why_illegal(self, s: State, action: Action) -> str:
        return views.why_illegal(self, s, action)

    def text_table(self, view: dict) -> str:
        return views.text_table(self, view)

    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Chance, a card drawn from the deck, or a card leaving another seat's hand (played, or
        discarded as an event makes it)."""
        if super().reveals(before, after, actor, seat) or before["deck"] != after["deck"]:
            return True
        return before["hands"][other(seat)] != after["hands"][other(seat)]

    def cards_in_play(self, s: State) -> list[int]:
        return all_card_places(s)

    max_actions = 3_000

    def redeal(self, s: State, seat: int, rand) -> State:
        """The other hand and the deck order dealt anew from the cards ``seat`` cannot see."""
        new = clone(s)
        hidden_hand = new["hands"][other(seat)]
        pool = sorted(new["deck"] + hidden_hand)  # from a canonical order: see Game.determinize
        rand.shuffle(pool)
        new["hands"][other(seat)] = pool[: len(hidden_hand)]
        new["deck"] = pool[len(hidden_hand) :]
        return new
