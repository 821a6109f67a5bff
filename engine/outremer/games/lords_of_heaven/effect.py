"""A card's own effect (rulebook p.7): its steps carried out in turn, each choice the player
makes in them, then the action goes on."""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import Event, State
from .actions import finish_action, place_support, upgrade
from .data import Content
from .options import effect_choices, influence_income, push_targets, reinforcements
from .state import COLUMNS, Names, gain, pay, put_influence, swap_down, words


# -- the card's effect (p.7) ------------------------------------------------------------------
def start_effect(content: Content, s: State, seat: int, log: list[Event]) -> None:
    names = Names(content, s)
    card = content.cards[s["turn"]["card"]]
    s["turn"]["effect"] = "running"
    log.append(Event(f"{names.says(seat, 'resolves')} the effect of {card.name}.", "6.effect"))
    s["effect"] = {"steps": [dict(step) for step in card.action], "left": None, "used": []}
    run_effect(content, s, seat, log)


def run_effect(content: Content, s: State, seat: int, log: list[Event]) -> None:
    """Carry out the effect's steps until one needs a choice, or the effect is done."""
    names = Names(content, s)
    e = s["effect"]
    while e["steps"]:
        step = e["steps"][0]
        do = step["do"]
        if e["left"] is None:
            e["left"] = {"push": step.get("cities"), "support": step.get("n"), "move": step.get("n")}.get(do, 1)
            e["used"] = []
            if do == "push" and step.get("pay") and push_targets(s, seat, step):  # ruling LH31
                pay(s, seat, step["pay"])
                log.append(Event(f"{names.says(seat, 'pays')} {step['pay']} Gold.", "6.effect"))
        if do == "gain":
            got = {k: v for k, v in step.items() if k != "do"}
            gain(s, seat, got)
            log.append(Event(f"{names.says(seat, 'gains')} {words(got)}.", "6.effect"))
            e["left"] = 0
        elif do == "income":
            income = influence_income(content, s, seat)
            gain(s, seat, {"gold": income})
            log.append(
                Event(
                    f"{names.says(seat, 'gains')} {income} Gold from {names.its(seat)} Influence in the Cities.",
                    "6.effect",
                )
            )
            e["left"] = 0
        elif e["left"] > 0 and effect_choices(content, s, seat):
            return
        else:
            e["left"] = 0
        if e["left"] == 0:
            e["steps"].pop(0)
            e["left"] = None
    s["effect"] = None
    t = s["turn"]
    t["effect"] = "done"
    if t["begun"]:
        finish_action(content, s, log)
    else:
        s["step"] = COLUMNS[t["column"]]


def effect_act(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    names = Names(content, s)
    e = s["effect"]
    verb, args = action.verb, action.args
    if verb == "stop":
        e["left"] = 0
    elif verb == "push":
        loc, other = args
        lv = s["city"][loc].index(other)
        swap_down(s, loc, lv)
        below = s["city"][loc][lv]
        log.append(
            Event(
                f"{names.says(seat, 'moves')} {names.owner(other)} Influence in {names.loc(loc)} down one level"
                + (f"; {names.owner(below)} rises" if below is not None else "")
                + ".",
                "LH8",
                marks=(f"loc:{loc}",),
            )
        )
        e["used"].append(loc)
        e["left"] -= 1
    elif verb == "place":
        loc = args[0]
        put_influence(s, seat, loc, 0, log, names)
        log.append(
            Event(
                f"{names.says(seat, 'places')} Influence on the lowest level of {names.loc(loc)}.",
                "6.effect",
                marks=(f"loc:{loc}",),
            )
        )
        e["left"] -= 1
    elif verb == "support":
        place_support(content, s, seat, args[0], log, price=0)
        e["left"] -= 1
    elif verb == "reinforce":
        loc = args[0]
        n = reinforcements(content, s, seat, loc)
        gain(s, seat, {"footman": n})
        log.append(
            Event(
                f"{names.says(seat, 'gains')} {n} Footm{'e' if n != 1 else 'a'}n for {names.its(seat)} Support around "
                f"{names.loc(loc)}.",
                "6.effect",
            )
        )
        e["left"] -= 1
    elif verb == "upgrade":
        upgrade(content, s, seat, args[0], log)
        e["left"] -= 1
    elif verb == "shift":
        a, b = args
        s["support"][a][seat] -= 1
        s["support"][b][seat] += 1
        log.append(
            Event(
                f"{names.says(seat, 'moves')} 1 Support from {names.loc(a)} to {names.loc(b)}.",
                "6.effect",
                marks=(f"loc:{a}", f"loc:{b}"),
            )
        )
        e["left"] -= 1
    run_effect(content, s, seat, log)
