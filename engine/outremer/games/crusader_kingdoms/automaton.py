"""The Muslim automaton of the 1–2 player games (rules 8.3 and 8.4)."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from . import attack as fight
from .state import NOBODY, adjacent_to, areas_of, discard, move_bonus, seduced_deck

AUTOMATON_EVENTS = ("card_bonus", "walls", "seduction", "random_discard")
"""Events the automaton can play in its own favour; any other is discarded (ruling R6)."""


def army_strength(flow, s: State) -> int:
    return sum(flow.cards[c].value for c in s["auto"]["army"] if flow.cards[c].type == "troop")


def muslim_round(flow, s: State, log: list[Event], against: int) -> None:
    """Reveal the first card drawn this turn, play it, then perhaps attack (rule 8.3)."""
    a = s["auto"]
    card = flow.cards[a["queue"].pop(0)]
    a["revealed"] = card.id
    log.append(Event(f"Muslim round (against {flow.names[against]}): the Muslims reveal {card.name}.", "8.3"))
    play_card(flow, s, log, card, against)
    if s["step"] == "over" or s["pending"]:
        return
    if not a["army"] or not any(flow.cards[c].type == "troop" for c in a["army"]):
        return
    if not any(owner != NOBODY for owner in s["owner"]):
        log.append(Event("The Crusaders hold no area: the Muslims do not roll to attack.", "8.3"))
        return
    strength = army_strength(flow, s)
    die = rng.die(s)
    if die >= strength:
        log.append(Event(f"The Muslim army (strength {strength}) rolls {die}: it does not move.", "8.3"))
        return
    target = target_area(flow, s, against)
    if target is None:
        log.append(
            Event(
                f"The Muslim army (strength {strength}) rolls {die}, but no area of "
                f"{flow.names[against]} borders the Muslims.",
                "8.3",
            )
        )
        return
    area = flow.board.areas[target]
    log.append(
        Event(
            f"The Muslim army (strength {strength}) rolls {die}: it attacks {area.name} "
            f"(id {area.id}) of {flow.names[against]}.",
            "8.3",
            marks=(f"area:{target}",),
        )
    )
    att = fight.new_attack(NOBODY, against, target, bonus_dice=strength, source="army")
    att["army"] = list(a["army"])
    att["responders"] = [p for p in range(len(flow.mode.seats))]
    s["attack"] = att
    s["step"] = "respond"


def target_area(flow, s: State, against: int) -> int | None:
    """The adjacent area of ``against`` with the lowest id (rule 8.3)."""
    muslim = set(areas_of(s, NOBODY))
    options = [i for i in areas_of(s, against) if adjacent_to(flow.board, i, muslim)]
    if not options:
        return None
    return min(options, key=lambda i: flow.board.areas[i].id)


def play_card(flow, s: State, log: list[Event], card, against: int) -> None:
    a = s["auto"]
    if card.type == "troop":
        a["army"].append(card.id)
        log.append(Event(f"{card.name} joins the Muslim army (strength {army_strength(flow, s)}).", "8.3"))
    elif card.type == "response":
        if card.effect == "leader" and a["army"]:
            a["army"].append(card.id)
            log.append(Event(f"{card.name} joins the Muslim army.", "8.4"))
        elif card.effect == "regrouping":
            if a["army"]:
                a["army"].append(card.id)
                log.append(Event(f"{card.name} joins the Muslim army.", "8.4"))
            else:
                discard(s, card)
                log.append(Event(f"{card.name} is discarded: there is no Muslim army.", "8.4"))
        else:
            a["responses"].append(card.id)
            log.append(Event(f"{card.name} is kept face up for the Muslims' defence.", "8.3"))
    else:
        event(flow, s, log, card, against)


def event(flow, s: State, log: list[Event], card, against: int) -> None:
    """An event played by the automaton, at once (rule 8.3), as rule 8.4 clarifies."""
    a = s["auto"]
    effect = card.effect
    if effect == "card_bonus":
        move_bonus(s, NOBODY, card.n or 1)
        log.append(Event(f"{card.name}: the Muslim Card Bonus rises to {a['bonus']:+d}.", "8.4"))
        discard(s, card)
    elif effect == "walls":
        free = [i for i in areas_of(s, NOBODY) if not s["plus"][i]]
        if free:
            place = min(free, key=lambda i: flow.board.areas[i].id)
            s["plus"][place] = True
            log.append(Event(f"{card.name}: a +1 castle rises in {flow.board.areas[place].name}.", "8.4"))
        discard(s, card)
    elif effect == "seduction":
        # Seduction takes a Christian card (8.4); Emir's Defection, taken by it, a Muslim one (ruling R18).
        # Either is played at once, the automaton having no hand.
        discard(s, card)
        faith = seduced_deck(card)
        rule = "8.4" if faith == "christian" else "R18"
        deck = s["deck"][faith]
        if not deck:
            log.append(Event(f"{card.name}: the {faith.capitalize()} deck is empty.", rule))
            return
        taken = flow.cards[deck.pop()]
        log.append(Event(f"{card.name}: the Muslims take {taken.name} from the {faith.capitalize()} deck.", rule))
        if taken.type == "event" and taken.effect not in AUTOMATON_EVENTS:
            discard(s, taken)
            log.append(Event(f"The Muslims cannot use {taken.name}: it is discarded.", "R6"))
        else:
            play_card(flow, s, log, taken, against)
    elif effect == "random_discard":
        hand = s["hands"][against]
        lost = []
        for _ in range(min(card.n or 1, len(hand))):
            c = hand.pop(rng.randbelow(s, len(hand)))
            discard(s, flow.cards[c])
            lost.append(flow.cards[c].name)
        log.append(
            Event(
                f"{card.name}: {flow.names[against]} discards at random "
                f"{', '.join(lost) if lost else 'nothing (no cards)'}.",
                "R6",
            )
        )
        discard(s, card)
    else:
        discard(s, card)
        log.append(Event(f"The Muslims cannot use {card.name}: it is discarded.", "R6"))
