"""The frame of a Lords of Heaven game (rulebook p.7): the draft, the rounds and the turns in
them, the end of each Crusade and the end of the game."""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from ...core.secret import open_sealed, reveal, seal
from .data import Content
from .state import DRAFT_DEAL, Names, buildings_on_board, cities_controlled, controller, draw_up, round_deck


# -- the draft (p.7) --------------------------------------------------------------------------
def start_draft(content: Content, s: State) -> None:
    n = len(s["factions"])
    hands = []
    for _ in range(n):
        hands.append(sorted(s["deck"][:DRAFT_DEAL]))
        del s["deck"][:DRAFT_DEAL]
    s["draft"] = {"round": 1, "hands": hands, "kept": [[] for _ in range(n)]}
    open_sealed(s, "draft-1", [(s["first"] + i) % n for i in range(n)])


def draft_pick(s: State, seat: int, card: int) -> None:
    seal(s, seat, card)


def draft_reveal(content: Content, s: State, log: list[Event]) -> None:
    """Every pick made: the picks are set aside and the rest passed to the left; from the last
    three, the two not kept go to the bottom of the deck (p.7)."""
    names = Names(content, s)
    picks = reveal(s)
    d = s["draft"]
    n = len(s["factions"])
    for seat, card in picks.items():
        d["hands"][seat].remove(card)
        d["kept"][seat].append(card)
    if d["round"] == 3:
        for seat in range(n):
            s["deck"].extend(sorted(d["hands"][seat]))
            s["hands"][seat] = sorted(d["kept"][seat])
        s["draft"] = None
        log.append(
            Event(
                "The draft is over: each player keeps 3 cards, adds the Bluff card, and puts the "
                "other cards on the bottom of the deck.",
                "5.draft",
            )
        )
        for seat in range(n):
            log.append(
                Event(
                    f"{names.says(seat, 'keeps')} {', '.join(names.card(c) for c in s['hands'][seat])}.",
                    "5.draft",
                    private=seat,
                    public=None,
                )
            )
        s["step"] = "round"
        return
    d["hands"] = [d["hands"][(seat - 1) % n] for seat in range(n)]
    d["round"] += 1
    log.append(
        Event(
            f"Draft round {d['round'] - 1}: every player sets a card aside and passes the rest to the left.", "5.draft"
        )
    )
    open_sealed(s, f"draft-{d['round']}", [(s["first"] + i) % n for i in range(n)])


# -- rounds and Crusades (p.7) ----------------------------------------------------------------
def start_round(content: Content, s: State, log: list[Event]) -> None:
    card = s["rounds"].pop(0)
    s["round"] += 1
    s["round_card"] = card
    s["last_round"] = card == "Last Round"
    s["seat"] = s["first"]
    s["turns"] = 0
    extra = " The Crusade ends after this round." if s["last_round"] else ""
    log.append(
        Event(
            f"Crusade {s['crusade']}, round {s['round']}: the Round card is {card}. Each player in turn lays "
            f"an Action card in a column and carries out its action, or discards a card.{extra}",
            "5",
        )
    )
    start_turn(content, s)


def start_turn(content: Content, s: State) -> None:
    seat = s["seat"]
    s["step"] = "turn"
    s["turn"] = {
        "seat": seat,
        "card": None,
        "column": None,
        "effect": None,
        "begun": False,
        "start_influence": [loc for loc in s["on_board"] if seat in s["city"][loc]],
        "free": False,
        "recruit": 0,
        "conflicts": 0,
    }


def end_turn(content: Content, s: State, log: list[Event]) -> None:
    seat = s["seat"]
    names = Names(content, s)
    drawn = draw_up(s, seat)
    if drawn:
        log.append(Event(f"{names.says(seat, 'draws')} {drawn} card{'s' if drawn > 1 else ''}.", "5"))
    s["turn"] = None
    s["turns"] += 1
    n = len(s["factions"])
    if s["turns"] < n:
        s["seat"] = (s["seat"] + 1) % n
        start_turn(content, s)
        return
    if not s["last_round"]:
        start_round(content, s, log)
        return
    end_crusade(content, s, log)


def end_crusade(content: Content, s: State, log: list[Event]) -> None:
    names = Names(content, s)
    n = len(s["factions"])
    scored = []
    for seat in range(n):
        held = cities_controlled(s, seat)
        s["vp"][seat] += held
        if held:
            scored.append(f"{names.the(seat)} {held}")
    log.append(
        Event(
            f"The {'1st' if s['crusade'] == 1 else '2nd'} Crusade ends. City control scores "
            + (", ".join(scored) if scored else "nobody")
            + " VP.",
            "5.end",
        )
    )
    if s["crusade"] == 2:
        end_game(content, s, log)
        return
    for column in s["columns"]:
        s["discard"].extend(column)
        column.clear()
    s["on_board"] = list(range(len(content.locations)))
    log.append(Event("The played cards leave the columns; Damascus and Aleppo join the board.", "5.end"))
    s["crusade"] = 2
    s["round"] = 0
    s["first"] = (s["first"] + 1) % n
    s["rounds"] = round_deck(s)
    for seat in range(n):
        for _ in range(2):
            if not s["deck"] and s["discard"]:
                s["deck"] = sorted(s["discard"])
                s["discard"] = []
                rng.shuffle(s, s["deck"])
            if s["deck"]:
                s["hands"][seat].append(s["deck"].pop(0))
    s["putback"] = {"order": [(s["first"] + i) % n for i in range(n)], "left": 2}
    s["step"] = "putback"
    log.append(
        Event("Each player draws 2 cards, then puts 2 Action cards on the bottom of the deck (ruling LH21).", "LH21")
    )


def put_back(content: Content, s: State, seat: int, card: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["hands"][seat].remove(card)
    s["deck"].append(card)
    log.append(
        Event(
            f"{names.says(seat, 'puts')} {names.card(card)} on the bottom of the deck.",
            "LH21",
            private=seat,
            public=f"{names.says(seat, 'puts')} a card on the bottom of the deck.",
        )
    )
    p = s["putback"]
    p["left"] -= 1
    if p["left"] == 0 or len(s["hands"][seat]) <= 3:
        p["order"].pop(0)
        p["left"] = 2
    if not p["order"]:
        s["putback"] = None
        s["step"] = "round"


def _winners(names: Names, tied: list[int]) -> str:
    """ "The Byzantines win. ", "The Seljuk wins. ", "The Seljuk and the Crusaders win. "."""
    if len(tied) == 1:
        return f"{names.says(tied[0], 'wins')}. "
    return " and ".join(names.the(w, start=not i) for i, w in enumerate(tied)) + " win. "


def end_game(content: Content, s: State, log: list[Event]) -> None:
    names = Names(content, s)
    n = len(s["factions"])
    for seat in range(n):
        sets = [
            b
            for b, count in zip(
                ("Churches/Mosques", "Fortresses", "Citadels"), buildings_on_board(s, seat), strict=False
            )
            if count >= 3
        ]
        if sets:
            s["vp"][seat] += len(sets)
            log.append(
                Event(
                    f"{names.says(seat, 'scores')} {len(sets)} VP for all three {', '.join(sets)} on the board.",
                    "5.end",
                )
            )
    best = max(s["vp"])
    tied = [seat for seat in range(n) if s["vp"][seat] == best]
    why = f"Most VP: {best}."
    if len(tied) > 1:
        holder = controller(s, content.location("jerusalem").index)
        if holder in tied:
            tied = [holder]
            why = f"{best} VP each; {names.says(holder, 'controls', start=False)} Jerusalem and {names.verb(holder, 'wins')} the tie (p.4)."
        else:
            why = f"{best} VP each, and none of them controls Jerusalem: they share the victory (ruling LH22)."
    s["result"] = {"winners": tied, "text": _winners(names, tied) + why, "why": why, "vp": list(s["vp"])}
    s["step"] = "over"
    log.append(Event(s["result"]["text"], "3"))
