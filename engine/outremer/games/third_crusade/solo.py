"""The solo game (p.19-23): one or two Armies of an Alliance, played by one person or by two
together, against one or two Bot Armies of the other Alliance. Bot Armies are no seats: the
engine plays them itself (``solo_flow.py``), following the Bot Table (``bot_table.py``).

Here the mode's plain facts, below every rule that asks them: which Armies the people and the
Bots play (``armies_for``), which seat moves which Army (``s["seat_of"]``, None for a Bot), and
the Bot's setup (p.19, Setup): its die, its Order groups, no command points or supply.

State (solo games only): ``s["bot_rules"]`` the optional Bot rules played (absent when none),
``s["seat_of"]`` by Army index, the seat or None; ``s["bot"]`` by Bot
Army: ``"column"`` the Bot Table column of the round (its die, None before the Strategy roll),
``"advanced"`` its Advanced group (the Advanced Orders not gained yet, shuffled), ``"aside"`` the
Reaction Orders used in Battles this round. A Bot's Reaction and Prepared groups are the Orders
behind its screen (``s["box"]``): Reaction Orders and Blanks the one, the rest the other; a draw
"at random from the group" is a draw of the game's seeded chance among them.
"""

from __future__ import annotations

from ...core import rng
from ...core.game import State
from .bot_table import table
from .cards import Order, order_of, orders
from .data import ALLIANCE_OF, ALLIANCES

SIDES = ("crusader", "muslim")
TOGETHER = ("off", "crusader", "crusader-2", "muslim", "muslim-2")
"""The 2-player option: against each other, or together as one Alliance against one Bot or two."""
MARCH_STEPS = frozenset({"march", "coordinated_march", "forced_march", "disperse", "sea_move"})
"""The large icons of an Order that March (a Sea Move and a Disperse too: Bot Table, CARD TRIGGER)."""


ALTERNATIVES = {"bot_reroll": "reroll", "bot_diplomacy_column": "change_column"}
"""The rulebook's optional rules for the Bot (p.20 STRATEGY, p.22-23 DIPLOMACY), by option id:
the name a game that plays one keeps in ``s["bot_rules"]``."""


def alternatives(options: dict) -> list[str]:
    """The optional Bot rules a solo game's options turn on (rulings TC96, TC97)."""
    return [rule for option, rule in ALTERNATIVES.items() if options.get(option)]


def alternative(s: State, rule: str) -> bool:
    """Whether the game plays the optional Bot rule ``rule`` ("reroll", "change_column")."""
    return rule in s.get("bot_rules", ())


def other(alliance: str) -> str:
    return "muslim" if alliance == "crusader" else "crusader"


def is_solo(players: int, options: dict) -> bool:
    """One person, or two playing together against the Bot (p.19)."""
    return players == 1 or (players == 2 and options.get("together", "off") != "off")


def people_and_bots(players: int, options: dict) -> tuple[list[str], list[str]]:
    """The people's Armies (by seat: with two people, one each; one person commands one Army or
    both of its Alliance) and the Bot Armies (one or both of the other Alliance). Where one
    Army of an Alliance plays, the Crusader and Muslim Army options name it (ruling TC82)."""
    if players == 2:
        together = options.get("together", "off")
        options = {**options, "side": together.split("-")[0], "bots": 2 if together.endswith("-2") else 1}
    side = options.get("side", "crusader")
    pick = {"crusader": options.get("crusader_army", "angevin"), "muslim": options.get("muslim_army", "ayyubid")}
    people = list(ALLIANCES[side]) if players == 2 or options.get("command", 1) == 2 else [pick[side]]
    bots = list(ALLIANCES[other(side)]) if options.get("bots", 1) == 2 else [pick[other(side)]]
    return people, bots


def seats_of(players: int, options: dict) -> list[int | None]:
    """The seat of each Army (people first, then Bots): one person's seat moves all its Armies."""
    people, bots = people_and_bots(players, options)
    own = [0] * len(people) if players == 1 else list(range(len(people)))
    return own + [None] * len(bots)


def solo(s: State) -> bool:
    return "seat_of" in s


def is_bot(s: State, index: int) -> bool:
    """Whether the Army at ``index`` of ``s["armies"]`` is a Bot (never in a game without Bots)."""
    seat_of = s.get("seat_of")
    return seat_of is not None and seat_of[index] is None


def bot_army(s: State, army: str) -> bool:
    return army in s.get("bot", {})


def bots(s: State) -> list[int]:
    """The Army indices of the Bots, in the order of the initiative track."""
    return [p for p in dict.fromkeys(s["initiative"]) if is_bot(s, p)]


def reaction_group(order: Order) -> bool:
    """A Bot's Reaction group holds its Reaction Orders and its Blanks (p.19, Setup: all basic
    Reaction Orders and Blank Orders; an Advanced Reaction Order it gains joins them, ruling TC88)."""
    return order.reaction or order.blank


def column_rule(s: State, army: str, row: str) -> dict | None:
    """A Bot's Bot Table cell of the round for ``row`` ("perk", "trigger", ...), None for a person
    or before the Strategy roll."""
    bot = s.get("bot", {}).get(army)
    if not bot or not bot["column"]:
        return None
    return getattr(table().column(bot["column"]), row)


def free_crowns(s: State, army: str) -> bool:
    """Whether ``army`` is a Bot whose column makes crown effects free (p.23, EVENT CARDS, column 1)."""
    perk = column_rule(s, army, "perk")
    return bool(perk and perk["kind"] == "free_crowns")


RELAXED = {"any_region": "the main event regardless of Region", "any_presence": "the main event regardless of Presence"}
"""The EVENT CARDS perks of columns 2 and 3 (p.23), by the Bot Table's perk kind."""


def relaxed(s: State, army: str) -> str | None:
    """The Bot's EVENT CARDS perk of the round that relaxes its main events' banner (p.23: column
    2 "regardless of Region", column 3 "regardless of Presence"): its kind, None for a person,
    before the Strategy roll or under another column (ruling TC95)."""
    perk = column_rule(s, army, "perk")
    return perk["kind"] if perk and perk["kind"] in RELAXED else None


def known_orders(s: State, army: str) -> frozenset[str]:
    """The Orders of ``army`` whose place the other Alliance knows although it cannot see them:
    a Bot's Reaction group and Blanks (ruling TC123). Empty for a person's Army."""
    if army not in s.get("bot", {}):
        return frozenset()
    return frozenset(o.key for o in orders(army) if reaction_group(o))


def reactions(s: State, army: str) -> list[str]:
    """A Bot's Reaction group: its Reaction Orders and Blanks behind its screen (ruling TC88)."""
    return sorted(k for k in s["box"][army] if reaction_group(order_of(army, k)))


def bot_may_draw(s: State, index: int) -> bool:
    """Whether a Bot may be asked for a Reaction in a Battle: its Reaction group is not empty
    (p.21: "if any Orders are left there")."""
    army = s["armies"][index]
    return army in s.get("bot", {}) and bool(reactions(s, army))


def setup(s: State) -> None:
    """The solo setup (p.19): a Bot's Orders in three groups (the Advanced March, costing 1
    command point, joins Prepared), 3 Objective Cards, no command points; people use no Blank
    Orders."""
    s["bot"] = {}
    for index, army in enumerate(s["armies"]):
        if not is_bot(s, index):
            s["box"][army] = [k for k in s["box"][army] if not order_of(army, k).blank]
            continue
        march = next(o.key for o in orders(army) if o.advanced and o.cost == 1 and not o.reaction)
        advanced = sorted(o.key for o in orders(army) if o.advanced and o.key != march)
        rng.shuffle(s, advanced)
        s["box"][army].append(march)
        s["bot"][army] = {"column": None, "advanced": advanced, "aside": []}
        if s["objective_deck"] and s["objectives"][army]:
            s["objectives"][army] = sorted(s["objectives"][army] + [s["objective_deck"].pop()])
        s["cp"][index] = 0


def bot_first(s: State) -> None:
    """A Bot is always first on the initiative track in the first round (p.19, Setup): where the
    shuffled track puts a person's marker first, the two Alliances' places are swapped."""
    track = s["initiative"]
    if is_bot(s, track[0]):
        return
    if len(track) == 2:
        s["initiative"] = [track[1], track[0]]
    else:
        s["initiative"] = [track[1], track[0], track[3], track[2]]


def seat_armies(s: State, seat: int) -> list[int]:
    """The Army indices a seat moves (one, or both of its Alliance for a lone person)."""
    seat_of = s.get("seat_of")
    if seat_of is None:
        return [seat]
    return [p for p, owner in enumerate(seat_of) if owner == seat]


def seat_count(s: State) -> int:
    seat_of = s.get("seat_of")
    if seat_of is None:
        return len(s["armies"])
    return 1 + max(x for x in seat_of if x is not None)


def person_alliance(s: State) -> str:
    return ALLIANCE_OF[s["armies"][0]]
