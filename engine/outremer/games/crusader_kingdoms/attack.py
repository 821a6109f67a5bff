"""Attacks (rule 4.1) and combat (rule 4.2): cards face down, responses, castles flipped,
the dice and the hits, and what a conquest changes."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from ...core.words import count
from .data import Board, Card, Content, Mode
from .state import NOBODY, discard, move_bonus

HIT = 4


def new_attack(
    attacker: int,
    defender: int,
    area: int,
    *,
    bonus_dice: int = 0,
    source: str = "",
    concerted: bool = False,
    independent_from: int | None = None,
) -> dict:
    return {
        "attacker": attacker,
        "defender": defender,
        "area": area,
        "bonus_dice": bonus_dice,
        "source": source,
        "concerted": concerted,
        "independent_from": independent_from,
        "troops": [],
        "cards": [],
        "responders": [],
        "flipped": [],
        "dice": None,
        "hits": None,
        "winner": None,
        "auto_response": None,
    }


def attack_dice(s: State, cards: tuple[Card, ...]) -> int:
    a = s["attack"]
    n = sum(cards[c].value for c, _ in a["troops"]) + a["bonus_dice"]
    n += sum(cards[c].n for c, _, side in a["cards"] if side == "attack" and cards[c].effect == "extra_dice")
    return n


def defence_dice(s: State, board: Board, cards: tuple[Card, ...]) -> int:
    a = s["attack"]
    area = a["area"]
    n = board.areas[area].defence + (1 if s["plus"][area] else 0) + len(a["flipped"])
    n += sum(cards[c].n for c, _, side in a["cards"] if side == "defence" and cards[c].effect == "extra_dice")
    for seat, extra in s["watch"]:
        if seat == a["defender"] and seat != NOBODY:
            n += extra
    return n


def responses_allowed(card: Card, side: str) -> bool:
    return card.type == "response" and (card.side == "either" or card.side == side)


def _apply_leader(dice: list[int], points: int) -> list[int]:
    """Add ``points`` divided among the dice so as to make the most hits (rule example: 2 on a 2, 1 on a 3)."""
    dice = list(dice)
    order = sorted((HIT - d, i) for i, d in enumerate(dice) if d < HIT)
    for need, i in order:
        if need <= points:
            dice[i] += need
            points -= need
    return dice


def _side_roll(s: State, count: int, effects: list[Card]) -> tuple[list[int], list[int], int]:
    """Roll one side's dice with its responses; returns (rolled, final, cancels)."""
    rolled = [rng.die(s) for _ in range(max(0, count))]
    final = list(rolled)
    if any(c.effect == "reroll_misses" for c in effects):
        final = [d if d >= HIT else rng.die(s) for d in final]
    for c in effects:
        if c.effect == "leader":
            final = _apply_leader(final, 3)
    cancels = sum(c.n for c in effects if c.effect == "cancel_hits")
    return rolled, final, cancels


def resolve(s: State, content: Content, mode: Mode, log: list[Event], names: list[str]) -> None:
    """Reveal and fight (rule 4.1 steps 5–7, rule 4.2)."""
    a = s["attack"]
    cards = content.cards
    board = content.boards[mode.map]
    area = board.areas[a["area"]]
    att_effects = [cards[c] for c, _, side in a["cards"] if side == "attack"]
    def_effects = [cards[c] for c, _, side in a["cards"] if side == "defence"]
    n_att = attack_dice(s, cards)
    if a["attacker"] == NOBODY and a["independent_from"] is None and s["auto"] is not None:
        att_effects += [cards[c] for c in s["auto"]["army"] if cards[c].type == "response"]
    if a["defender"] == NOBODY and s["auto"] is not None and n_att >= 3:
        # Rule 8.3: the Muslims answer a Crusader attack of 3 or more dice with their first response.
        for c in s["auto"]["responses"]:
            if responses_allowed(cards[c], "defence"):
                s["auto"]["responses"].remove(c)
                a["auto_response"] = c
                def_effects.append(cards[c])
                log.append(Event(f"The Muslims answer with {cards[c].name}.", "8.3"))
                break
    n_def = defence_dice(s, board, cards)
    n_def += sum(c.n for c in def_effects if c.effect == "extra_dice" and c.id == a["auto_response"])
    revealed = ", ".join(cards[c].name for c, _ in a["troops"]) or "no troops"
    if a["troops"] or a["cards"]:
        log.append(
            Event(
                f"The cards are revealed — attack: {revealed}"
                + "".join(f"; {names[seat]} adds {cards[c].name} to the {side}" for c, seat, side in a["cards"])
                + ".",
                "4.1",
            )
        )
    att_roll, att_final, att_cancel = _side_roll(s, n_att, att_effects)
    def_roll, def_final, def_cancel = _side_roll(s, n_def, def_effects)
    hits = [
        max(0, sum(d >= HIT for d in att_final) - def_cancel),
        max(0, sum(d >= HIT for d in def_final) - att_cancel),
    ]
    a["dice"] = {"attack": [att_roll, att_final], "defence": [def_roll, def_final]}
    a["hits"] = hits
    won = hits[0] > hits[1]
    a["winner"] = "attack" if won else "defence"
    att_name = attacker_name(s, mode, names)
    def_name = defender_name(s, mode, names)
    log.append(
        Event(
            f"{att_name} {_verb(att_name, 'rolls')} {count(n_att, 'die')}: {_dice_text(att_roll, att_final)} — "
            f"{hits[0]} hit{'s' if hits[0] != 1 else ''}; {def_name} {_verb(def_name, 'rolls')} {n_def} "
            f"for {area.name}: "
            f"{_dice_text(def_roll, def_final)} — {hits[1]} hit{'s' if hits[1] != 1 else ''}.",
            "4.2",
        )
    )
    if won:
        log.append(Event(f"{att_name} {_verb(att_name, 'takes')} {area.name}.", "4.1", marks=(f"area:{area.index}",)))
    else:
        log.append(
            Event(
                f"{def_name[0].upper() + def_name[1:]} {_verb(def_name, 'holds')} {area.name} "
                "(the defender wins ties).",
                "4.2",
                marks=(f"area:{area.index}",),
            )
        )


def _verb(subject: str, verb: str) -> str:
    """'rolls' for a kingdom, 'roll' for the Muslims (a plural subject)."""
    return verb[:-1] if subject.lower().startswith("the muslims") else verb


def _dice_text(rolled: list[int], final: list[int]) -> str:
    if rolled == final:
        return " ".join(map(str, rolled)) or "—"
    return " ".join(map(str, rolled)) + " → " + " ".join(map(str, final))


def attacker_name(s: State, mode: Mode, names: list[str]) -> str:
    a = s["attack"]
    if a["attacker"] != NOBODY:
        return names[a["attacker"]]
    return "The Muslims" if mode.solo_rules else "An independent kingdom"


def defender_name(s: State, mode: Mode, names: list[str]) -> str:
    a = s["attack"]
    if a["defender"] != NOBODY:
        return names[a["defender"]]
    return "the Muslims" if mode.solo_rules else "the independent kingdom"


def conquer(s: State, content: Content, mode: Mode, log: list[Event], names: list[str]) -> bool:
    """After a won attack: castles change, bonuses move. Returns True if the attacker must choose a reward."""
    a = s["attack"]
    area = a["area"]
    loser = s["owner"][area]
    if loser != NOBODY and s["supply"][loser] >= 0:
        s["supply"][loser] += 1
    s["plus"][area] = False
    winner = a["attacker"]
    if a["independent_from"] is not None:
        winner = NOBODY
    s["owner"][area] = winner
    if winner != NOBODY and s["supply"][winner] > 0:
        s["supply"][winner] -= 1
    if mode.solo_rules:
        return False
    if loser != NOBODY:
        move_bonus(s, loser, -1)
        log.append(Event(f"{names[loser]} loses an area: Card Bonus {s['bonus'][loser]:+d}.", "6"))
    return winner != NOBODY


def finish(s: State, content: Content) -> None:
    """Rule 4.1 step 7: the cards used are lost (Regrouping keeps the best Troop in hand)."""
    a = s["attack"]
    cards = content.cards
    troops = [c for c, _ in a["troops"]]
    keep = None
    if any(cards[c].effect == "regrouping" for c, _, side in a["cards"] if side == "attack") and troops:
        keep = max(troops, key=lambda c: (cards[c].value, -c))
        owner = next(seat for c, seat in a["troops"] if c == keep)
        if owner != NOBODY:
            s["hands"][owner].append(keep)
    for c, _seat in a["troops"]:
        if c != keep:
            discard(s, cards[c])
    for c, _seat, _side in a["cards"]:
        discard(s, cards[c])
    if a["auto_response"] is not None:
        discard(s, cards[a["auto_response"]])
    if a["attacker"] == NOBODY and s["auto"] is not None and a["independent_from"] is None:
        army = s["auto"]["army"]
        stay = None
        if any(cards[c].effect == "regrouping" for c in army):
            troops = [c for c in army if cards[c].type == "troop"]
            stay = max(troops, key=lambda c: (cards[c].value, -c)) if troops else None
        for c in army:
            if c != stay:
                discard(s, cards[c])
        s["auto"]["army"] = [stay] if stay is not None else []
    s["last_attack"] = {
        k: a.get(k)
        for k in (
            "attacker",
            "defender",
            "area",
            "troops",
            "cards",
            "flipped",
            "dice",
            "hits",
            "winner",
            "auto_response",
            "bonus_dice",
            "source",
            "army",
            "independent_from",
        )
    }
    s["attack"] = None
