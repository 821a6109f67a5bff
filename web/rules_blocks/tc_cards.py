"""Third Crusade's generated blocks of the cards and the Orders: the Orders every Army has
(``orders.toml``), the Mission, Diplomacy and Objective Cards, the diplomacy board and the
bidding board, the Event Card counts by round and the reference of every Event Card
(``events.toml``, its steps in our words). ``third_crusade.py`` lists them with the other blocks."""

from __future__ import annotations

import html
from collections import Counter

from markupsafe import Markup

from games.tc_words import (
    ICON_WORDS,
    UNIT_WORDS,
    _n,
    banner_words,
    leader_name,
    region_name,
    steps_words,
    unit_words,
)
from outremer.games.third_crusade.cards import cards, orders
from outremer.games.third_crusade.data import ARMIES, ARMY_NAMES
from outremer.games.third_crusade.diplomacy import bidding
from outremer.games.third_crusade.diplomacy import board as diplomacy_board
from outremer.games.third_crusade.events import PERIODS, events
from outremer.games.third_crusade.state import ROUNDS
from rules_blocks import table

# ------------------------------------------------------------------------- Orders
PRESENCE_WORDS = {"own": "its own Army", "alliance": "its Alliance", "none": "none needed"}
REGION_WORDS = {"any": "any", "city": "City", "desert": "Desert", "port": "Port"}
ORDER_STEPS = {
    "march": "March",
    "coordinated_march": "Coordinated March",
    "forced_march": "Forced March",
    "disperse": "Disperse",
    "sea_move": "Sea Move",
    "reinforce": "Reinforce: +1 Strength for each Unit here, to a Battle in an Adjacent Region",
    "diversion": "Diversion: cancel a Reaction the other Alliance used in an Adjacent Region",
    "retreat": "Retreat: the defence leaves the Battle without losses",
    "tactical_retreat": "Tactical Retreat: lose 1 Unit and leave as a beaten defence; the attacker wins "
    "neither the Battle nor Glory",
}


def order_effect(order) -> str:
    if order.blank:
        return "nothing: a bluff, never executed"
    parts = []
    for step in order.effects:
        if step.do == "muster":
            parts.append(f"+{unit_words(step.unit, step.n)}")
        elif step.do == "defence":
            parts.append(f"Defence: +{step.n} to the defence, in a Battle here")
        else:
            text = ORDER_STEPS[step.do]
            parts.append(text + (f" with all but {step.keep}" if step.keep else ""))
    return ", then ".join(parts)


def order_table(_args: str = "") -> str:
    """The 22 Orders every Army has (the same set, in its own colour), two copies of an Order
    on one row."""
    rows = []
    counted = Counter(o.name for o in orders(ARMIES[0]))
    seen = set()
    for o in orders(ARMIES[0]):
        if o.name in seen:
            continue
        seen.add(o.name)
        marks = [w for w, on in (("Reaction", o.reaction), ("Tithe", o.tithe)) if on]
        name = o.name + (f" ×{counted[o.name]}" if counted[o.name] > 1 else "")
        needs = ["—"] * 3 if o.blank else [str(o.cost), PRESENCE_WORDS[o.presence], REGION_WORDS[o.region]]
        rows.append([name, "Advanced" if o.advanced else "basic", *needs, order_effect(o), ", ".join(marks) or "—"])
    basic = sum(1 for o in orders(ARMIES[0]) if not o.advanced)
    return table(
        ["Order", "Set", "Cost (command points)", "Presence needed", "Region", "Effect", "Icons"],
        rows,
        caption=f"The Orders of each Army ({basic} basic, {len(orders(ARMIES[0])) - basic} Advanced)",
        cls="tc-orders",
    )


# ------------------------------------------------------------------------- the cards of the round
PREDICATE_WORDS = {
    "city": "Cities",
    "desert": "Deserts",
    "port": "Ports (not destroyed)",
    "mercantile": "Mercantile Cities",
    "near_jerusalem": "Jerusalem and the Regions next to it",
}


def predicate_words(p) -> str:
    if p.regions == "icon":
        return f"Regions showing a {ICON_WORDS[p.icon]} icon"
    return PREDICATE_WORDS[p.regions]


def missions(_args: str = "") -> str:
    rows = [[m.title, predicate_words(m.glory), predicate_words(m.faith)] for m in cards().missions]
    return table(
        ["Mission Card", "Glory: the Alliances count", "Faith: the partners count"],
        rows,
        caption=f"The Mission Cards ({len(rows)})",
        cls="tc-missions",
    )


GAIN_WORDS = {
    "glory": ("Glory", "Glory"),
    "faith": ("Faith", "Faith"),
    "gold": ("Gold", "Gold"),
    "advanced_order": ("Advanced Order, free", "Advanced Orders, free"),
    "diplomacy_move": ("more move on the diplomacy board", "more moves on the diplomacy board"),
    "remove_sabotage": ("Sabotage token removed", "Sabotage tokens removed"),
}


def reward_words(r) -> str:
    one, many = GAIN_WORDS[r.gain]
    return (
        f"+{r.n} {one if r.n == 1 else many}"
        if r.gain in ("glory", "faith", "gold")
        else f"{r.n} {one if r.n == 1 else many}"
    )


def diplomacy_cards(_args: str = "") -> str:
    rows = []
    for d in cards().diplomacy:
        moves = sorted(range(3), key=lambda i: d.order[i])
        rows.append(
            [
                d.name,
                *(reward_words(r) for r in d.rewards),
                ", ".join(f"reward {i + 1}" for i in moves) + ", then the bidder without one",
            ]
        )
    return table(
        ["Diplomacy Card", "Reward 1", "Reward 2", "Reward 3", "Who moves on the diplomacy board"],
        rows,
        caption=f"The Diplomacy Cards ({len(rows)})",
        cls="tc-diplomacy-cards",
    )


def space_words(space) -> str:
    if space.gives == "leader":
        return f"{leader_name(space.leader)} (Neutral Leader)"
    if space.instant:
        return f"+{space.n} {space.gives.capitalize()} at once"
    if space.gives in UNIT_WORDS:
        return f"{unit_words(space.gives, space.n)}, Neutral"
    kind = ICON_WORDS[space.gives.replace("_token", "")]
    return f"{_n(space.n, kind + ' token')}"


def diplomacy_spaces(_args: str = "") -> str:
    b = diplomacy_board()
    rows = []
    for number in range(len(b.rows), 0, -1):
        row = sorted(b.row(number), key=lambda s: s.x)
        rows.append([f"Row {number}", str(len(row)), "; ".join(space_words(s) for s in row)])
    return table(
        ["Row (the top first)", "Spaces", "What each space gives, west to east"],
        rows,
        caption=f"The diplomacy board ({len(b.spaces)} spaces in {len(b.rows)} rows)",
        cls="tc-diplomacy-board",
    )


def flags(_args: str = "") -> str:
    bb = bidding()
    rows = [[ARMY_NAMES[r.army], *(str(f) for f in r.flags)] for r in bb.rows]
    return table(
        ["Row", "Slot 1", "Slot 2", "Slot 3", "Slot 4"],
        rows,
        caption="The bidding board: command points for the card in each Slot",
        cls="tc-bidding",
    )


def objectives(_args: str = "") -> str:
    rows = []
    for o in cards().objectives:
        rows.append(
            [
                region_name(o.city),
                "south only" if o.section == "south" else "needs the north",
                ", ".join(region_name(k) for k in o.cities),
                " / ".join(str(g) for g in o.glory),
            ]
        )
    south = sum(1 for o in cards().objectives if o.section == "south")
    return table(
        ["Objective Card", "Board", "Its 4 Cities", "Glory for 1 / 2 / 3 / 4 of them"],
        rows,
        caption=f"The Objective Cards ({len(rows)}; {south} in the 2- and 3-player deck)",
        cls="tc-objectives",
    )


def rounds(_args: str = "") -> str:
    counts = Counter((e.army, e.period) for e in events())
    rows = [
        [
            ARMY_NAMES[a],
            *(str(counts[(a, p)]) for p in PERIODS),
            str(sum(1 for e in events() if e.army == a and e.marked)),
            str(sum(1 for e in events() if e.army == a and e.north)),
        ]
        for a in ARMIES
    ]
    return table(
        ["Army", *ROUNDS, "Marked for an opponent", "North cards"],
        rows,
        caption="The Event Cards of each Army, by round",
        cls="tc-event-counts",
    )


# ------------------------------------------------------------------------- the Event Cards
OFF_MAP = ("gain", "lose", "advanced_order", "diplomacy_move", "special")
"""Steps that act off the map and need no Region (ruling TC35)."""


def _on_map(steps) -> bool:
    return any(s.do not in OFF_MAP and (s.do != "or" or any(_on_map(o) for o in s.options)) for s in steps)


def card_reference(_args: str = "") -> str:
    """Every Event Card of every Army, in its round, with where it may be carried out and its
    main and crown events in our words."""
    out = []
    for army in ARMIES:
        rows = []
        for e in sorted((e for e in events() if e.army == army), key=lambda e: PERIODS.index(e.period)):
            where = f"<em>{html.escape(banner_words(e.banner, army))}:</em> " if _on_map(e.main) else ""
            main = Markup(f"{where}{html.escape(steps_words(e.main, army, not where))}.")
            if e.crown:
                where = {"and": "", "same_region": "in the same Region: ", "instead": "instead of the main event: "}[
                    e.crown_mode
                ]
                if e.crown_banner != e.banner and _on_map(e.crown):
                    own = banner_words(e.crown_banner, army)
                    where += f"{own[:1].lower()}{own[1:]}: "
                crown = f"{e.crowns}: {where}{steps_words(e.crown, army, not where)}."
            else:
                crown = "—"
            notes = []
            if e.marked:
                notes.append(f"out without the {ARMY_NAMES[e.marked]}")
            if e.north:
                notes.append("North card (4 players)")
            if e.flavour:
                notes.append(Markup(f'<span class="card-flavour">{html.escape(e.flavour)}</span>'))
            rows.append(
                [
                    e.title,
                    e.period,
                    main,
                    crown,
                    Markup("<br>".join(html.escape(n) if not isinstance(n, Markup) else n for n in notes))
                    if notes
                    else "—",
                ]
            )
        out.append(
            table(
                ["Card", "Round", "Main event (where: what)", "Crown event (crowns needed: what)", "Notes"],
                rows,
                caption=f"The {ARMY_NAMES[army]} Event Cards ({len(rows)})",
                cls=f"card-reference tc-events tc-events-{army}",
            )
        )
    return "\n".join(out)
