"""Battle and Siege: the dice each side rolls, the totals, and what the result does."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from ...core.words import count
from .cards import Card
from .state import SIDE_NAMES, attacker, draw, other, remove_from_play

# A die is [natural value, modifier, source kind, card id]; kinds: L leader, A army,
# F fortification, C card played for the combat.
BATTLE_CARD_TYPES = ("battle", "battle_siege")
SIEGE_CARD_TYPES = ("siege", "battle_siege")
COMBAT_EFFECTS = {
    "battle": (
        "loser_discards_armies",
        "loser_discards_leader",
        "enemy_leaders_battle",
        "enemy_armies_battle",
        "no_attack_phase",
        "no_attack_turn",
    ),
    "siege": (
        "loser_discards_armies",
        "loser_discards_leader",
        "siege_winner_draws",
        "no_attack_phase",
        "no_attack_turn",
    ),
}
BLOCKS = ("no_attack_phase", "no_attack_turn")


def new_combat(s: State, kind: str) -> dict:
    return {
        "kind": kind,
        "turn": attacker(s),
        "passes": 0,
        "played": [[], []],
        "uses": [[], []],
        "effects": [],
        "dice": None,
        "totals": None,
        "winner": None,
    }


def may_commit(card: Card, kind: str, seat: int, is_attacker: bool, use: str = "") -> bool:
    """Whether ``card`` may be played in a ``kind`` commit step by ``seat`` (ruling L5)."""
    if not card.usable_by(seat):
        return False
    if card.type == "special":
        return kind == "battle" and use == "battle" and "battle" in card.uses
    if kind == "battle" and card.type in BATTLE_CARD_TYPES:
        return True
    if kind == "siege" and card.type in SIEGE_CARD_TYPES:
        return not card.only or card.only == ("attacker" if is_attacker else "defender")
    if card.type == "event" and card.effect in COMBAT_EFFECTS[kind]:
        if card.effect in BLOCKS:
            # "Opponent may not attack": only the defender has an attacking opponent.
            return not is_attacker and (card.effect != "no_attack_turn" or seat == 1)
        return True
    return False


def dice_plan(s: State, cards: tuple[Card, ...]) -> list[list[list[int | str]]]:
    """The dice each side will roll in the combat, as ``[modifier, kind, card]``, before they are
    rolled: everything in it is on the table (Leaders, Armies, Fortifications, the cards played
    and the events in effect), so the table shows it to both sides."""
    c = s["combat"]
    kind, att = c["kind"], attacker(s)
    mods = {0: {"L": 0, "A": 0}, 1: {"L": 0, "A": 0}}
    for card, seat in c["effects"]:
        effect = cards[card].effect
        if effect == "enemy_leaders_battle":
            mods[other(seat)]["L"] += cards[card].modifier
        elif effect == "enemy_armies_battle":
            mods[other(seat)]["A"] += cards[card].modifier
    plan: list[list[list[int | str]]] = [[], []]
    for seat in (0, 1):
        for card, _since in s["leaders"][seat]:
            leader = cards[card]
            extra = leader.battle_dice if kind == "battle" else leader.siege_dice
            if kind == "siege" and seat == att:
                extra += leader.siege_dice_attacking
            for _ in range(1 + extra):
                plan[seat].append([mods[seat]["L"] if kind == "battle" else 0, "L", card])
        for card in s["armies"][seat]:
            bonus = cards[card].battle_bonus + mods[seat]["A"] if kind == "battle" else 0
            plan[seat].append([bonus, "A", card])
        if kind == "siege" and seat != att:
            for card in s["forts"][seat]:
                plan[seat].append([0, "F", card])
        for card in c["played"][seat]:
            plan[seat].append([0, "C", card])
    return plan


def roll(s: State, cards: tuple[Card, ...], log: list[Event]) -> None:
    """Roll every die of the combat (Battle Phase, Siege Phase)."""
    c = s["combat"]
    kind, att = c["kind"], attacker(s)
    dice = [[[rng.die(s), *die] for die in side] for side in dice_plan(s, cards)]
    c["dice"] = dice
    title = "Battle" if kind == "battle" else "Siege"
    for seat in (att, other(att)):
        log.append(
            Event(
                f"{SIDE_NAMES[seat]} rolls {count(len(dice[seat]), 'die')} in the {title}: "
                f"{describe_dice(dice[seat])} = {total(dice[seat])}.",
                kind,
            )
        )


def die_value(die: list) -> int:
    """A die's count: natural value plus modifiers, never below zero (ruling L7)."""
    return max(0, die[0] + die[1])


def total(dice: list[list]) -> int:
    return sum(die_value(d) for d in dice)


def describe_dice(dice: list[list]) -> str:
    if not dice:
        return "no dice"
    return " ".join(f"{d[0]}{'+' if d[1] > 0 else ''}{d[1] if d[1] else ''}" for d in dice)


def reroll(s: State, seat: int, index: int, log: list[Event]) -> None:
    die = s["combat"]["dice"][seat][index]
    old = die[0]
    die[0] = rng.die(s)
    log.append(Event(f"The Will of God: {SIDE_NAMES[seat]}'s die of {old} is rolled again and shows {die[0]}.", "L4"))


def resolve(s: State, cards: tuple[Card, ...], log: list[Event]) -> int:
    """Totals, winner (the defender wins ties), natural sixes and the combat events."""
    c = s["combat"]
    kind, att = c["kind"], attacker(s)
    dfn = other(att)
    totals = [total(c["dice"][0]), total(c["dice"][1])]
    winner = att if totals[att] > totals[dfn] else dfn
    loser = other(winner)
    c["totals"], c["winner"] = totals, winner
    title = "Battle" if kind == "battle" else "Siege"
    tie = " (the defender wins ties)" if totals[0] == totals[1] else ""
    log.append(Event(f"{SIDE_NAMES[winner]} wins the {title}, {totals[winner]} to {totals[loser]}{tie}.", kind))
    for card, _seat in c["effects"]:
        effect = cards[card].effect
        if effect == "loser_discards_armies" and s["armies"][loser]:
            names = ", ".join(cards[a].name for a in s["armies"][loser])
            s["discard"].extend(s["armies"][loser])
            s["armies"][loser] = []
            log.append(Event(f"{cards[card].name}: the {SIDE_NAMES[loser]} loses every Army ({names}).", "cards"))
        elif effect == "loser_discards_leader":
            s["pending"].append(
                {
                    "kind": "lose",
                    "zone": "leaders",
                    "seat": loser,
                    "count": 1,
                    "why": f"{cards[card].name}: the loser discards a Leader",
                    "rule": "cards",
                }
            )
        elif effect == "siege_winner_draws" and kind == "siege":
            draw(s, winner, cards[card].draw, cards, log, "cards")
    for seat in (att, dfn):
        sixes = sum(1 for d in c["dice"][seat] if d[0] == 6)
        if sixes:
            victim = other(seat)
            log.append(
                Event(
                    f"{SIDE_NAMES[seat]} rolled {sixes} natural 6{'s' if sixes > 1 else ''}: the "
                    f"{SIDE_NAMES[victim]} must discard {sixes} Arm{'ies' if sixes > 1 else 'y'}.",
                    "L8",
                )
            )
            s["pending"].append(
                {
                    "kind": "lose",
                    "zone": "armies",
                    "seat": victim,
                    "count": sixes,
                    "why": f"Natural 6{'s' if sixes > 1 else ''} in the {title}",
                    "rule": "L8",
                }
            )
    if kind == "siege" and winner == att and s["forts"][dfn]:
        forts = s["forts"][dfn]
        lost = (len(forts) + 1) // 2
        gone, given = forts[:lost], forts[lost:]
        s["forts"][dfn] = []
        s["discard"].extend(gone)
        s["forts"][att].extend(given)
        text = f"The {SIDE_NAMES[dfn]} discards {', '.join(cards[f].name for f in gone)}"
        if given:
            text += f" and gives {', '.join(cards[f].name for f in given)} to the {SIDE_NAMES[att]}"
        log.append(Event(text + ".", "L9"))
    end_combat(s)
    return winner


def end_combat(s: State) -> None:
    """Battle and Siege cards go to the discard pile; the combat is kept for the table to show."""
    c = s["combat"]
    for seat in (0, 1):
        s["discard"].extend(c["played"][seat])
    s["last_combat"] = {
        "kind": c["kind"],
        "dice": c["dice"],
        "totals": c["totals"],
        "winner": c["winner"],
        "played": c["played"],
        "effects": c["effects"],
        "hand": s["hand"],
    }
    s["combat"] = None


def lose_from_play(
    s: State, seat: int, card: int, cards: tuple[Card, ...], log: list[Event], why: str, rule: str
) -> None:
    """A Leader or Army lost to ``why``: natural sixes (ruling L8) or a card (the card list)."""
    what = remove_from_play(s, seat, card)
    log.append(Event(f"{why}: the {SIDE_NAMES[seat]} discards {what} {cards[card].name}.", rule))


def cancel(s: State, log: list[Event], why: str) -> None:
    """The attack is called off: cards committed to it are discarded, nothing is rolled."""
    c = s["combat"]
    for seat in (0, 1):
        s["discard"].extend(c["played"][seat])
    s["last_combat"] = {
        "kind": c["kind"],
        "dice": None,
        "totals": None,
        "winner": other(attacker(s)),
        "played": c["played"],
        "effects": c["effects"],
        "hand": s["hand"],
        "cancelled": why,
    }
    s["combat"] = None
