"""Carrying out a Crusader Kingdoms action (rules 4–6 and the cards)."""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action
from ...core.game import Event, State
from ...core.words import count, possessive
from . import attack as fight
from .state import NOBODY, areas_of, discard, draw, faith_of, seduced_deck


def perform(game, s: State, action: Action, log: list[Event]) -> None:
    flow = game.flow(s)
    seat = game.to_act(s)
    cards = game.cards
    names = flow.names
    verb, args = action.verb, action.args
    if s["pending"]:
        _pending(game, s, seat, action, log)
        return
    step = s["step"]
    if step == "action":
        if verb == "pass":
            log.append(Event(f"{names[seat]} passes.", "4.6"))
            flow.after_round(s, log, passed=True)
        elif verb == "discard":
            s["hands"][seat].remove(args[0])
            discard(s, cards[args[0]])
            log.append(
                Event(
                    f"{names[seat]} discards {cards[args[0]].name} face down.",
                    "4.5",
                    private=seat,
                    public=f"{names[seat]} discards a card face down.",
                )
            )
            flow.after_round(s, log, passed=False)
        elif verb == "attack":
            _start_attack(game, s, seat, args[0], log)
        elif verb == "incursion":
            _incursion(game, s, seat, args[0], args[1], log)
        elif verb == "event":
            _event(game, s, seat, cards[args[0]], log)
        return
    a = s["attack"]
    if step == "attack_cards":
        if verb == "add":
            s["hands"][seat].remove(args[0])
            card = cards[args[0]]
            if card.type == "troop":
                a["troops"].append([card.id, seat])
            else:
                a["cards"].append([card.id, seat, "attack"])
            log.append(Event(f"{names[seat]} places a card face down for the attack.", "4.1"))
        else:  # go
            order = list(range(len(s["hands"])))
            start = order.index(seat) + 1
            a["responders"] = [p for p in order[start:] + order[:start] if p != seat]
            s["step"] = "respond"
    elif step == "respond":
        if verb == "add":
            s["hands"][seat].remove(args[0])
            card = cards[args[0]]
            side = args[1]
            if card.type == "troop":
                a["troops"].append([card.id, seat])
            else:
                a["cards"].append([card.id, seat, side])
            # the same words for a Troop (Concerted Attack) and a Response: the card is face down
            concerted = a["concerted"] and side == "attack" and faith_of(flow.mode, seat) == "christian"
            log.append(Event(f"{names[seat]} places a card face down on the {side}.", "R9" if concerted else "4.1"))
        else:  # done
            a["responders"].pop(0)
    elif step == "flip":
        if verb == "flip":
            a["flipped"].append(args[0])
            log.append(
                Event(
                    f"{names[seat]} flips the +1 castle of {flow.board.areas[args[0]].name} for one more "
                    "die in defence.",
                    "4.1",
                )
            )
        else:
            s["step"] = "fight"
    elif step == "reward":
        if verb == "bonus":
            flow.move_bonus(s, seat, 1)
            log.append(Event(f"{names[seat]} advances the Card Bonus to {s['bonus'][seat]:+d}.", "6"))
        else:
            s["plus"][args[0]] = True
            log.append(
                Event(f"{names[seat]} flips the castle of {flow.board.areas[args[0]].name} to its +1 side.", "6")
            )
        flow.end_attack(s, log)


def _start_attack(
    game, s: State, seat: int, area: int, log, *, bonus: int = 0, concerted: bool = False, source: str = ""
) -> None:
    flow = game.flow(s)
    defender = s["owner"][area]
    s["attack"] = fight.new_attack(seat, defender, area, bonus_dice=bonus, concerted=concerted, source=source)
    who = (
        flow.names[defender]
        if defender != NOBODY
        else ("the Muslims" if flow.mode.solo_rules else "an independent kingdom")
    )
    log.append(
        Event(
            f"{flow.names[seat]} attacks {flow.board.areas[area].name}, held by {who}.", "4.1", marks=(f"area:{area}",)
        )
    )
    s["step"] = "attack_cards"


def _incursion(game, s: State, seat: int, target: int, card_id: int, log) -> None:
    flow = game.flow(s)
    cards = game.cards
    s["hands"][seat].remove(card_id)
    discard(s, cards[card_id])
    die = rng.die(s)
    victim = flow.names[target] if target != NOBODY else "the Muslims"
    text = f"{flow.names[seat]} makes an incursion against {victim}, discarding {cards[card_id].name}, and rolls {die}"
    if any(p == target for p, _n in s["watch"]):
        log.append(Event(text + ": the watchtowers stop it.", "R8"))
    elif die >= fight.HIT:
        if target == NOBODY:
            lost = s["auto"]["queue"].pop(0)
            discard(s, cards[lost])
            log.append(Event(text + f": the Muslims lose {cards[lost].name}, not yet revealed.", "R4"))
        else:
            hand = s["hands"][target]
            if hand:
                lost = hand.pop(rng.randbelow(s, len(hand)))
                discard(s, cards[lost])
                log.append(Event(text + f": {victim} discards {cards[lost].name} at random.", "4.3"))
            else:
                log.append(Event(text + f": {victim} has no card to lose.", "4.3"))
    else:
        log.append(Event(text + ": no effect.", "4.3"))
    flow.after_round(s, log, passed=False)


def _event(game, s: State, seat: int, card, log) -> None:
    flow = game.flow(s)
    names = flow.names
    s["hands"][seat].remove(card.id)
    log.append(Event(f"{names[seat]} plays {card.name}: {card.text}", "4.4"))
    if card.lasting:
        s["lasting"].append([card.id, seat])
    else:
        discard(s, card)
    e = card.effect
    if e == "draw":
        draw(s, seat, faith_of(flow.mode, seat), card.n, game.content, log, "4.4", names[seat])
    elif e == "card_bonus":
        excess = flow.move_bonus(s, seat, card.n or 1)
        log.append(Event(f"{possessive(names[seat])} Card Bonus: {s['bonus'][seat]:+d}.", "6"))
        if excess and not flow.mode.solo_rules:
            for _ in range(excess):
                if any(not s["plus"][i] for i in areas_of(s, seat)):
                    s["pending"].append(
                        {
                            "kind": "flip",
                            "seat": seat,
                            "why": "Card Bonus beyond +2: flip a castle to its +1 side",
                            "rule": "6",
                        }
                    )
    elif e == "walls":
        s["pending"].append(
            {
                "kind": "flip",
                "seat": seat,
                "why": f"{card.name}: flip one of your castles to its +1 side",
                "rule": "4.4",
            }
        )
    elif e == "seduction":
        other = seduced_deck(card)
        taken = s["deck"][other].pop()
        s["hands"][seat].append(taken)
        log.append(
            Event(
                f"{names[seat]} takes {game.cards[taken].name} from the {other.capitalize()} deck.",
                "4.4",
                private=seat,
                public=f"{names[seat]} takes the top card of the {other.capitalize()} deck.",
            )
        )
    elif e in ("random_discard", "truce", "skip_round", "spies"):
        options = flow.event_targets(s, seat, card)
        s["pending"].append(
            {
                "kind": "target",
                "seat": seat,
                "card": card.id,
                "options": options,
                "why": f"{card.name}: choose an opponent",
                "rule": "4.4",
            }
        )
    elif e == "watchtowers":
        s["watch"].append([seat, card.n or 1])
    elif e == "independent_attack":
        s["pending"].append(
            {
                "kind": "target",
                "seat": seat,
                "card": card.id,
                "options": flow.independent_targets(s, seat),
                "why": f"{card.name}: choose the area an independent kingdom attacks",
                "rule": "4.4",
            }
        )
        return
    elif e == "concerted_attack":
        s["pending"].append(
            {
                "kind": "target",
                "seat": seat,
                "card": card.id,
                "options": flow.attack_targets(s, seat),
                "why": f"{card.name}: choose the area to attack",
                "rule": "4.4",
            }
        )
        return
    if not s["pending"]:
        flow.after_round(s, log, passed=False)


def _pending(game, s: State, seat: int, action: Action, log) -> None:
    flow = game.flow(s)
    names = flow.names
    cards = game.cards
    p = s["pending"].pop(0)
    args = action.args
    if p["kind"] == "flip":
        s["plus"][args[0]] = True
        log.append(
            Event(f"{names[seat]} flips the castle of {flow.board.areas[args[0]].name} to its +1 side.", p["rule"])
        )
    elif p["kind"] == "take":
        s["hands"][p["from"]].remove(args[0])
        s["hands"][seat].append(args[0])
        spies = cards[p["card"]].name
        log.append(
            Event(
                f"{spies}: {names[seat]} takes {cards[args[0]].name} from {possessive(names[p['from']])} hand.",
                "4.4",
                private=seat,
                public=f"{spies}: {names[seat]} takes a card from {possessive(names[p['from']])} hand.",
            )
        )
    elif p["kind"] == "target":
        card = cards[p["card"]]
        target = args[0]
        e = card.effect
        if e == "random_discard":
            if target == NOBODY:
                queue = s["auto"]["queue"]
                lost = [queue.pop(0) for _ in range(min(card.n or 1, len(queue)))]
            else:
                hand = s["hands"][target]
                lost = [hand.pop(rng.randbelow(s, len(hand))) for _ in range(min(card.n or 1, len(hand)))]
            for c in lost:
                discard(s, cards[c])
            victim = names[target] if target != NOBODY else "the Muslims"
            log.append(
                Event(
                    f"{card.name}: {victim} discard{'s' if target != NOBODY else ''} "
                    f"{', '.join(cards[c].name for c in lost)}.",
                    "4.4",
                )
            )
        elif e == "truce":
            s["truces"].append([seat, target])
            log.append(Event(f"Truce: {names[seat]} and {names[target]} may not attack each other this turn.", "4.4"))
        elif e == "skip_round":
            s["skip"][target] = True
            log.append(Event(f"{card.name}: {names[target]} will lose the next round.", "4.4"))
        elif e == "spies":
            s["pending"].insert(
                0,
                {
                    "kind": "take",
                    "seat": seat,
                    "from": target,
                    "card": card.id,
                    "why": f"{card.name}: take one card from {possessive(names[target])} hand",
                    "rule": "4.4",
                },
            )
            return
        elif e == "independent_attack":
            independent = [b for b in flow.board.areas[target].borders if s["owner"][b] == NOBODY]
            source = max(independent, key=lambda b: (flow.board.areas[b].defence, -b))
            dice = flow.board.areas[source].defence + (card.n or 0)
            defender = s["owner"][target]
            a = fight.new_attack(
                NOBODY, defender, target, bonus_dice=dice, independent_from=source, source="independent"
            )
            order = list(range(len(s["hands"])))
            start = order.index(seat)
            a["responders"] = order[start:] + order[:start]
            a["played_by"] = seat
            s["attack"] = a
            s["step"] = "respond"
            log.append(
                Event(
                    f"{flow.board.areas[source].name}, an independent kingdom, attacks "
                    f"{flow.board.areas[target].name} of {names[defender]} with {count(dice, 'die')}.",
                    "4.4",
                    marks=(f"area:{source}", f"area:{target}"),
                )
            )
            return
        elif e == "concerted_attack":
            _start_attack(game, s, seat, target, log, bonus=card.n or 0, concerted=True, source="concerted")
            return
    if not s["pending"] and s["step"] == "action":
        flow.after_round(s, log, passed=False)
