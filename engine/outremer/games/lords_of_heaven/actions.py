"""Carrying out a Lords of Heaven action (rulebook p.7-9): a card played into a column or
discarded, then Development, Presence, Movement or Income, and the end of the action."""

from __future__ import annotations

from ...core.game import Event, State
from ...core.words import plural
from .data import BUILDINGS, UNIT_COST, Content
from .options import PROVISIONS, UNITS, effect_offered, effect_open, has_influence, influence_income, play_cost
from .rounds import end_turn
from .state import (
    COLUMNS,
    Names,
    buildings_on_board,
    controller,
    faction_of,
    gain,
    level_of,
    levels,
    pay,
    put_influence,
    visible_benefits,
    words,
)


# -- one action (p.7-9) -----------------------------------------------------------------------
def play(content: Content, s: State, seat: int, card: int, column: int, log: list[Event]) -> None:
    names = Names(content, s)
    t = s["turn"]
    s["hands"][seat].remove(card)
    t["card"], t["column"] = card, column
    if column < 2:
        cost = play_cost(content, s, seat, card, column)
        t["free"] = column == 1 and not has_influence(s, seat)
        s["columns"][column].append(card)
        pay(s, seat, cost)
        t["effect"] = "open" if effect_open(content, s, seat, card) else None
        what = "Development" if column == 0 else "Presence"
        free = " (no Influence on the board: the action is free)" if t["free"] else ""
        log.append(
            Event(
                f"{names.says(seat, 'plays')} {names.card(card)} for {what} and {names.verb(seat, 'pays')} {cost} Gold{free}.",
                "6.development" if column == 0 else "6.presence",
                marks=(f"column:{column}",),
            )
        )
        s["step"] = COLUMNS[column]
        return
    s["columns"][column].append(card)
    got: dict = {}
    for what, n in visible_benefits(content, s["columns"][column]):
        got[what] = got.get(what, 0) + n
    gain(s, seat, got)
    if column == 2:
        t["recruit"] = buildings_on_board(s, seat)[1]
        log.append(
            Event(
                f"{names.says(seat, 'plays')} {names.card(card)} for Movement and {names.verb(seat, 'gains')} {words(got)}"
                + (
                    f"; {t['recruit']} Recruitment point{'s' if t['recruit'] > 1 else ''} from Fortresses"
                    if t["recruit"]
                    else ""
                )
                + ".",
                "6.movement",
                marks=(f"column:{column}",),
            )
        )
        s["step"] = "movement"
    else:
        log.append(
            Event(
                f"{names.says(seat, 'plays')} {names.card(card)} for Income and {names.verb(seat, 'gains')} {words(got)}.",
                "6.income",
                marks=(f"column:{column}",),
            )
        )
        s["step"] = "provision"


def discard(content: Content, s: State, seat: int, card: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["hands"][seat].remove(card)
    s["discard"].append(card)
    log.append(Event(f"{names.says(seat, 'discards')} {names.card(card)}.", "5"))
    end_turn(content, s, log)


def finish_action(content: Content, s: State, log: list[Event]) -> None:
    """The action is done: an effect not yet resolved may follow (p.7); then the turn ends, or,
    after Movement, Conflicts may start (p.9)."""
    t = s["turn"]
    if t["effect"] == "open":
        if effect_offered(content, s, s["seat"], t["card"]):
            s["step"] = "after"
            return
        t["effect"] = None
    if t["column"] == 2:
        s["step"] = "conflicts"
        return
    end_turn(content, s, log)


# -- Development (p.8) ------------------------------------------------------------------------
def build(content: Content, s: State, seat: int, row: int, site: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["buildings"][seat][row] -= 1
    kind = BUILDINGS[row]
    if kind == "church":
        s["church"][site][seat] = 1
        where = f"in the Region of {names.loc(site)}"
        label = content.faction(faction_of(s, seat)).church
    elif kind == "fortress":
        s["fortress"][site] = seat
        a, b = content.borders[site]
        where = f"between {names.loc(a)} and {names.loc(b)}"
        label = "Fortress"
    else:
        s["citadel"][site] = seat
        where = f"in {names.loc(site)}"
        label = "Citadel"
    log.append(
        Event(
            f"{names.says(seat, 'places')} a {label} {where}.",
            "6.development",
            marks=(f"{'border' if kind == 'fortress' else 'loc'}:{site}",),
        )
    )
    upgrade(content, s, seat, row, log)
    s["turn"]["begun"] = True
    finish_action(content, s, log)


def upgrade(content: Content, s: State, seat: int, row: int, log: list[Event]) -> None:
    """Move the Upgrade marker of ``row`` one step (ruling LH5); the marked step scores 1 VP."""
    names = Names(content, s)
    ups = s["upgrades"][seat]
    if ups[row] >= content.max_level:
        return
    ups[row] += 1
    label = {
        "church": plural(content.faction(faction_of(s, seat)).church),
        "fortress": "Fortresses",
        "citadel": "Citadels",
    }[BUILDINGS[row]]
    text = f"{names.says(seat, 'upgrades')} {names.its(seat)} {label} to level {ups[row]}"
    if ups[row] >= content.vp_at and not s["upgrade_vp"][seat][row]:
        s["upgrade_vp"][seat][row] = True
        s["vp"][seat] += 1
        text += f" and {names.verb(seat, 'scores')} 1 VP for the marked step"
    log.append(Event(text + ".", "LH5"))


# -- Presence (p.8) ---------------------------------------------------------------------------
def place_influence(content: Content, s: State, seat: int, loc: int, level: int, log: list[Event]) -> None:
    names = Names(content, s)
    was = level_of(s, seat, loc)
    cost = levels(content, s, loc)[level] - (levels(content, s, loc)[was] if was is not None else 0)
    before = controller(s, loc)
    pay(s, seat, cost)
    put_influence(s, seat, loc, level, log, names)
    verb = (
        f"{names.says(seat, 'raises')} {names.its(seat)} Influence"
        if was is not None
        else f"{names.says(seat, 'places')} Influence"
    )
    text = f"{verb} in {names.loc(loc)} to level {level + 1} for {cost} Gold"
    if controller(s, loc) == seat and before != seat:
        text += f" and {names.verb(seat, 'takes')} control of the City" + (
            f" from {names.the(before)}" if before is not None else ""
        )
    log.append(Event(text + ".", "6.presence", marks=(f"loc:{loc}",)))
    s["turn"]["begun"] = True


def place_support(content: Content, s: State, seat: int, loc: int, log: list[Event], price: int = 1) -> None:
    names = Names(content, s)
    pay(s, seat, price)
    s["presence"][seat] -= 1
    s["support"][loc][seat] += 1
    log.append(
        Event(
            f"{names.says(seat, 'places')} Support in the Region of {names.loc(loc)}"
            + (f" for {price} Gold." if price else "."),
            "6.presence",
            marks=(f"loc:{loc}",),
        )
    )


# -- Movement (p.9) ---------------------------------------------------------------------------
def recruit(content: Content, s: State, seat: int, unit: int, log: list[Event]) -> None:
    names = Names(content, s)
    kind = UNITS[unit]
    s["turn"]["recruit"] -= UNIT_COST[kind]
    gain(s, seat, {kind: 1})
    log.append(
        Event(
            f"{names.says(seat, 'recruits')} a {words({kind: 1})[2:]} with {names.its(seat)} Fortresses' Recruitment points.",
            "4.fortress",
        )
    )


def move_support(content: Content, s: State, seat: int, a: int, b: int, n: int, log: list[Event]) -> None:
    names = Names(content, s)
    pay(s, seat, 1)
    s["support"][a][seat] -= n
    s["support"][b][seat] += n
    log.append(
        Event(
            f"{names.says(seat, 'pays')} 1 Gold and {names.verb(seat, 'moves')} {n} Support from {names.loc(a)} to {names.loc(b)}.",
            "6.movement",
            marks=(f"loc:{a}", f"loc:{b}"),
        )
    )


# -- Income (p.9) -----------------------------------------------------------------------------
def provide(content: Content, s: State, seat: int, choice: int, log: list[Event]) -> None:
    names = Names(content, s)
    gain(s, seat, PROVISIONS[choice])
    towns = influence_income(content, s, seat)
    churches = buildings_on_board(s, seat)[0] * s["upgrades"][seat][0]
    gain(s, seat, {"gold": towns + churches})
    label = content.faction(faction_of(s, seat)).church
    log.append(
        Event(
            f"{names.says(seat, 'takes')} a provision of {words(PROVISIONS[choice])}, then {towns} Gold from {names.its(seat)} "
            f"Influence in the Cities"
            + (f" and {churches} from {names.its(seat)} {plural(label)}" if churches else "")
            + ".",
            "6.income",
        )
    )
    finish_action(content, s, log)
