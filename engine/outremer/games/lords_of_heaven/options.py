"""What a Lords of Heaven player could do now (rulebook p.7-9): the sites of a building, the
Influence and Support a Presence action may place, Movement's moves, the Income provisions, and
whether a card's effect is offered and what its step under way lets the player choose.

Queries only: nothing here changes the state."""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import State
from .data import UNIT_COST, Content
from .state import (
    column_cost,
    controller,
    faction_of,
    faith_of,
    has_presence,
    level_of,
    levels,
    neighbours,
    protected,
    purse,
)

PROVISIONS = (
    {"gold": 2},
    {"gold": 1, "faith": 1},
    {"faith": 2},
    {"footman": 1, "gold": 1},
    {"footman": 1, "faith": 1},
    {"footman": 2},
    {"siege_tower": 1},
)
"""The provision of the Income action: any mix of markers worth 2 Gold (p.9), Units at their cost."""
UNITS = ("footman", "siege_tower", "knight")


# -- one action (p.7-9) -----------------------------------------------------------------------
def can_build(content: Content, s: State, seat: int) -> list[tuple[int, int]]:
    """Where ``seat`` could place a building now: (row, site) with row 0 Church/Mosque (site: a
    Region where it has Support and no Church yet), 1 Fortress (a free border space next to its
    Presence), 2 Citadel (a City it controls with no Citadel)."""
    out = []
    left = s["buildings"][seat]
    if left[0]:
        out += [(0, loc) for loc in s["on_board"] if s["support"][loc][seat] and not s["church"][loc][seat]]
    if left[1]:
        for i in content.forts:
            a, b = content.borders[i]
            if (
                s["fortress"][i] is None
                and a in s["on_board"]
                and b in s["on_board"]
                and (has_presence(s, seat, a) or has_presence(s, seat, b))
            ):
                out.append((1, i))
    if left[2]:
        out += [(2, loc) for loc in s["on_board"] if controller(s, loc) == seat and s["citadel"][loc] is None]
    return out


def has_influence(s: State, seat: int) -> bool:
    return any(seat in s["city"][loc] for loc in s["on_board"])


def play_cost(content: Content, s: State, seat: int, card: int, column: int) -> int:
    """What playing ``card`` to the Development or Presence column costs: every Cost bar in the
    column once it lies there (p.7); nothing for a Presence action by a player without Influence
    on the board (p.8)."""
    if column == 1 and not has_influence(s, seat):
        return 0
    return column_cost(content, s["columns"][column]) + content.cards[card].cost


def turn_actions(content: Content, s: State, seat: int) -> list[Action]:
    acts = []
    builds = bool(can_build(content, s, seat))
    for card in s["hands"][seat]:
        for column in range(4):
            if column == 0 and not builds:
                continue
            if column < 2:
                left = purse(s, seat) - play_cost(content, s, seat, card, column)
                if left < 0:
                    continue
                if column == 1 and not (
                    presence_possible(content, s, seat, left) or effect_offered(content, s, seat, card, left)
                ):
                    continue  # the Cost would buy nothing (ruling LH31)
            acts.append(act("play", card, column))
    acts += [act("discard", card) for card in s["hands"][seat]]
    return acts


def presence_possible(content: Content, s: State, seat: int, money: int) -> bool:
    """Whether a Presence action could place or raise anything with ``money`` left."""
    if s["presence"][seat] >= 1 and money >= 1 and has_influence(s, seat):
        return True
    return bool(influence_options(content, s, seat, money))


# -- the card's effect (p.7) ------------------------------------------------------------------
def effect_open(content: Content, s: State, seat: int, card: int) -> bool:
    c = content.cards[card]
    return bool(c.action) and c.usable_by(faction_of(s, seat))


def push_targets(s: State, seat: int, step: dict, used=()) -> list[tuple[int, int]]:
    """(location, seat) of every Influence a push step could move down now."""
    out = []
    for loc in s["on_board"]:
        if loc in used:
            continue
        city = s["city"][loc]
        for lv, other in enumerate(city):
            if other is None or other == seat:
                continue
            if step["faith"] != "opponents" and faith_of(s, other) != step["faith"]:
                continue
            if lv == len(city) - 1 and protected(s, loc):
                continue
            out.append((loc, other))
    return out


def influence_sites(content: Content, s: State, seat: int) -> list[int]:
    """Where an effect may place Influence on the lowest level: a City next to the player's
    Presence where it has none."""
    if s["presence"][seat] < 1:
        return []
    near = {b for loc in s["on_board"] if has_presence(s, seat, loc) for b in content.locations[loc].borders}
    return [
        loc
        for loc in s["on_board"]
        if loc in near and seat not in s["city"][loc] and not (len(s["city"][loc]) == 1 and protected(s, loc))
    ]


def reinforcements(content: Content, s: State, seat: int, loc: int) -> int:
    """The Footmen Local Reinforcements gives for ``loc``: one per neighbouring Location where
    the player has Support."""
    return sum(1 for b in neighbours(content, s, loc) if s["support"][b][seat])


def step_possible(content: Content, s: State, seat: int, step: dict) -> bool:
    """Whether one step of an effect could do anything now."""
    do = step["do"]
    if do == "gain":
        return any(v for k, v in step.items() if k != "do")
    if do == "income":
        return influence_income(content, s, seat) > 0
    if do == "push":
        return bool(push_targets(s, seat, step))
    if do == "influence":
        return bool(influence_sites(content, s, seat))
    if do == "support":
        return s["presence"][seat] >= 1 and has_influence(s, seat)
    if do == "reinforce":
        return any(reinforcements(content, s, seat, loc) for loc in s["on_board"] if seat in s["city"][loc])
    if do == "upgrade":
        return bool(upgrade_rows(content, s, seat))
    if do == "move":
        return any(s["support"][loc][seat] and neighbours(content, s, loc) for loc in s["on_board"])
    return False


def effect_price(content: Content, s: State, seat: int, card: int) -> int:
    """The Gold an effect asks now: the price of each push step that has something to push
    (ruling LH31)."""
    return sum(
        step.get("pay", 0)
        for step in content.cards[card].action
        if step["do"] == "push" and push_targets(s, seat, step)
    )


def effect_offered(content: Content, s: State, seat: int, card: int, money: int | None = None) -> bool:
    """Whether the effect of ``card`` is offered: usable by the faction, able to do something
    now, and affordable (p.7; ruling LH31). A step that does nothing enables no later one, so an
    effect can do something exactly when one of its steps can now."""
    if not effect_open(content, s, seat, card):
        return False
    if not any(step_possible(content, s, seat, step) for step in content.cards[card].action):
        return False
    return (purse(s, seat) if money is None else money) >= effect_price(content, s, seat, card)


def effect_choices(content: Content, s: State, seat: int) -> list[Action]:
    """The choices of the effect step under way (a step that needs none offers none)."""
    e = s["effect"]
    step = e["steps"][0]
    do = step["do"]
    if do == "push":
        out = [act("push", loc, other) for loc, other in push_targets(s, seat, step, e["used"])]
        return out + ([act("stop")] if out else [])
    if do == "influence":
        return [act("place", loc) for loc in influence_sites(content, s, seat)]
    if do == "support":
        if s["presence"][seat] < 1:
            return []
        out = [act("support", loc) for loc in s["on_board"] if seat in s["city"][loc]]
        return out + ([act("stop")] if out else [])
    if do == "reinforce":
        return [
            act("reinforce", loc)
            for loc in s["on_board"]
            if seat in s["city"][loc] and reinforcements(content, s, seat, loc)
        ]
    if do == "upgrade":
        return [act("upgrade", row) for row in upgrade_rows(content, s, seat)]
    if do == "move":
        out = [
            act("shift", loc, to)
            for loc in s["on_board"]
            if s["support"][loc][seat]
            for to in neighbours(content, s, loc)
        ]
        return out + ([act("stop")] if out else [])
    return []


# -- Development (p.8) ------------------------------------------------------------------------
def upgrade_rows(content: Content, s: State, seat: int) -> list[int]:
    return [row for row in range(3) if s["upgrades"][seat][row] < content.max_level]


# -- Presence (p.8) ---------------------------------------------------------------------------
def influence_options(content: Content, s: State, seat: int, money: int | None = None) -> list[tuple[int, int, int]]:
    """(location, level, Gold) for every Influence ``seat`` may place or raise now: in a City next
    to a Location where it had Influence at the start of the turn (p.8, ruling LH14), anywhere while
    it has no Influence on the board (p.8, ruling LH30); raised where it stood at the start of the
    turn."""
    t = s["turn"]
    out = []
    money = purse(s, seat) if money is None else money
    anywhere = not has_influence(s, seat)  # p.8: while it has none on the board (ruling LH30)
    for loc in s["on_board"]:
        cost = levels(content, s, loc)
        city = s["city"][loc]
        top = len(city) - 1
        here = level_of(s, seat, loc)
        if here is None:
            if s["presence"][seat] < 1:
                continue
            near = anywhere or any(p in content.locations[loc].borders for p in t["start_influence"])
            if not near:
                continue
            for lv in range(len(city)):
                if lv == top and protected(s, loc):
                    continue
                if cost[lv] <= money:
                    out.append((loc, lv, cost[lv]))
        elif loc in t["start_influence"]:
            for lv in range(here + 1, len(city)):
                if lv == top and protected(s, loc):
                    continue
                if cost[lv] - cost[here] <= money:
                    out.append((loc, lv, cost[lv] - cost[here]))
    return out


def support_options(s: State, seat: int) -> list[int]:
    if s["presence"][seat] < 1 or purse(s, seat) < 1:
        return []
    return [loc for loc in s["on_board"] if seat in s["city"][loc]]


# -- Movement (p.9) ---------------------------------------------------------------------------
def movement_actions(content: Content, s: State, seat: int) -> list[Action]:
    t = s["turn"]
    acts = [act("recruit", u) for u in range(3) if UNIT_COST[UNITS[u]] <= t["recruit"]]
    if purse(s, seat) >= 1:
        for loc in s["on_board"]:
            n = s["support"][loc][seat]
            for to in neighbours(content, s, loc):
                acts += [act("move", loc, to, k) for k in range(1, n + 1)]
    return acts + [act("done")]


# -- Income (p.9) -----------------------------------------------------------------------------
def influence_income(content: Content, s: State, seat: int) -> int:
    """The City's income for each of ``seat``'s Influence, whatever its level (p.9: "the sum of
    Gold for all of your Influence in all Cities"; ruling LH27)."""
    return sum(content.locations[loc].income for loc in s["on_board"] if seat in s["city"][loc])
