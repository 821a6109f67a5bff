"""Third Crusade's generated blocks: the two map boards (``map_south.toml``, ``map_north.toml``),
the Leaders (``leaders.toml``, with where each enters play), the player board's Unit Sections
(``player_boards.toml``), the starting positions of 2, 3 and 4 players and the Genoa ships (from
the engine's own setup of each line-up), the Battle Strength table, the variable setup
(``variable_setup.toml``), the setup options and the table's legend (a strip of the table's own
map, Event Cards as the table draws them, and its key); with the blocks of the cards and the
Orders (``tc_cards.py``) in ``BLOCKS``."""

from __future__ import annotations

from collections import Counter

import render
from games import third_crusade as table_view
from games.tc_words import (
    ALLIANCE_NAMES,
    ICON_WORDS,
    UNIT_WORDS,
    _n,
    leader_name,
    region_name,
    unit_words,
    who,
)
from outremer.games.third_crusade.battle import STRENGTH
from outremer.games.third_crusade.cards import cards
from outremer.games.third_crusade.data import (
    ALLIANCE_OF,
    ALLIANCES,
    ARMIES,
    ARMY_NAMES,
    NEUTRAL,
    SLOT_SHAPES,
    TRACKS,
    UNITS,
    content,
    owner,
    what,
)
from outremer.games.third_crusade.deployment import decks, variable
from outremer.games.third_crusade.diplomacy import bidding
from outremer.games.third_crusade.diplomacy import board as diplomacy_board
from outremer.games.third_crusade.events import events
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.state import armies_for, new_state
from rules_blocks import table
from rules_blocks.tc_cards import (
    card_reference,
    diplomacy_cards,
    diplomacy_spaces,
    flags,
    missions,
    objectives,
    order_table,
    rounds,
)

SHAPE_WORDS = {"square": "square", "hex": "hexagonal", "trapezoid": "trapezoid"}
BOARD_NAMES = {"south": "south (A)", "north": "north (B)"}


def icon_words(icons) -> str:
    """Resource icons in words, Glory first: "Glory, command point, 2 supply"."""
    counted = Counter(i for i in icons if i)
    out = []
    for icon in ("glory", "cp", "crown", "gold", "supply"):
        n = counted.get(icon, 0)
        if n:
            word = ICON_WORDS[icon] + ("s" if n > 1 and icon in ("cp", "crown") else "")
            out.append(f"{n} {word}" if n > 1 else word)
    return ", ".join(out) or "—"


def pieces_words(pieces) -> str:
    """An Army's pieces in a Region: its Leaders by name, then its Units counted."""
    c = content()
    leaders = [c.leaders[p].name for p in pieces if p in c.leaders]
    units = [unit_words(u, n) for u in UNITS if (n := sum(1 for p in pieces if p == u))]
    return ", ".join(leaders + units)


def strength_words(leader) -> str:
    """A Leader's Battle Strength in a City and in a Desert, as "1 / 2" (0 without unit icons)."""
    if not leader.unit:
        return "0 / 0"
    return f"{STRENGTH[(leader.unit, 'city')] * leader.units} / {STRENGTH[(leader.unit, 'desert')] * leader.units}"


# ------------------------------------------------------------------------- the map
def regions(args: str = "") -> str:
    """One map board's Regions: type, Port, Mercantile City, printed Resource icons and Roads
    (on the 4-player map the two Roads joining the boards are marked)."""
    c = content()
    side = args.strip() or "south"
    own = c.south if side == "south" else c.north
    both = c.both
    joined = {frozenset(j) for j in both.joins}
    rows = []
    for r in own.regions:
        kind = "Jerusalem (City)" if r.jerusalem else r.kind.capitalize()
        roads = []
        for i in sorted(both.region(r.key).roads, key=lambda i: both.regions[i].name):
            other = both.regions[i]
            mark = " (4 players)" if frozenset((r.key, other.key)) in joined else ""
            roads.append(other.name + mark)
        rows.append(
            [
                r.name,
                kind,
                "yes" if r.port else "—",
                "yes" if r.mercantile else "—",
                icon_words(r.icons),
                ", ".join(roads) or "none: by sea only",
            ]
        )
    cities = sum(1 for r in own.regions if r.city)
    return table(
        ["Region", "Type", "Port", "Mercantile City", "Printed Resource icons", "Roads to"],
        rows,
        caption=f"The {BOARD_NAMES[side]} board: {cities} Cities and {len(own.regions) - cities} Deserts",
        cls=f"tc-regions tc-regions-{side}",
    )


def strength(_args: str = "") -> str:
    rows = [[UNIT_WORDS[u][0], str(STRENGTH[(u, "city")]), str(STRENGTH[(u, "desert")])] for u in UNITS]
    return table(["Unit", "In a City", "In a Desert"], rows, caption="Battle Strength of each Unit", cls="tc-strength")


def player_board(_args: str = "") -> str:
    """The Sections of the player boards, with a column of supply icons for each board (the
    Armies whose boards print the same icons share one)."""
    c = content()
    kinds: dict[tuple[int, ...], list[str]] = {}
    for army in ARMIES:
        kinds.setdefault(tuple(s.supply for s in c.boards[army]), []).append(ARMY_NAMES[army])
    layout = c.boards[ARMIES[0]]
    rows = []
    for unit in UNITS:
        at = [i for i, s in enumerate(layout) if s.unit == unit]
        for n, i in enumerate(at):
            rows.append(
                [
                    f"{UNIT_WORDS[unit][0]} {n + 1} of {len(at)}",
                    _n(layout[i].size, UNIT_WORDS[unit][0], UNIT_WORDS[unit][1]),
                    *(str(icons[i]) for icons in kinds),
                ]
            )
    heads = [f"Supply: {', '.join(names)}" for names in kinds.values()]
    return table(
        ["Section (from the left)", "Holds", *heads],
        rows,
        caption="The Unit Sections of the player boards, and the supply each needs while not full",
        cls="tc-sections",
    )


# ------------------------------------------------------------------------- Leaders
def _entries() -> dict[str, list[str]]:
    """Where each Leader enters play: a starting position or a Genoa ship (with the line-ups
    where it does, when not all), the diplomacy board, an Event Card."""
    c = content()
    out: dict[str, list[str]] = {k: [] for k in c.leaders}
    found: dict[str, dict[str, list[str]]] = {k: {} for k in c.leaders}
    modes = (
        ("2 and 3 players", c.setup.two_three, c.setup.genoa),
        ("4 players", c.four.placements if c.four else (), c.four.genoa if c.four else {}),
    )
    for label, page, ships in modes:
        for p in page:
            for placed in [*p.own.values(), p.neutral]:
                for w in placed:
                    if w in c.leaders:
                        found[w].setdefault(f"{region_name(p.region)} at setup", []).append(label)
        for ship, loads in ships.items():
            for load in loads.values():
                for w in load:
                    if w in c.leaders:
                        found[w].setdefault(f"the {ship} Genoa ship", []).append(label)
    for key, places in found.items():
        for place, labels in places.items():
            out[key].append(place if len(labels) == len(modes) else f"{place} ({', '.join(labels)})")
    for space in diplomacy_board().spaces:
        if space.gives == "leader":
            out[space.leader].append(f"the diplomacy board (row {space.row})")
    for e in events():
        for step in _all_steps(e.main + e.crown):
            if step.do == "leader" and step.action == "add":
                out[step.key].append(f"the {ARMY_NAMES[e.army]} Event Card {e.title}")
            elif step.do == "leader" and step.action == "flip" and getattr(c.leaders[step.key], "other", ""):
                out[c.leaders[step.key].other].append(
                    f"a flip of {c.leaders[step.key].name} (the {ARMY_NAMES[e.army]} Event Card {e.title})"
                )
    return out


def _all_steps(steps):
    """The steps of an event, those inside an OR too."""
    for step in steps:
        yield step
        for option in step.options:
            yield from option


def leaders(_args: str = "") -> str:
    c = content()
    entries = _entries()
    rows = []
    order = {a: i for i, a in enumerate(ARMIES + (NEUTRAL,))}
    for key, ldr in sorted(c.leaders.items(), key=lambda kv: order[kv[1].army]):
        token = SHAPE_WORDS[ldr.shape]
        if getattr(ldr, "back", False):
            token += f", the back of {c.leaders[ldr.other].name}"
        rows.append(
            [
                ldr.name,
                who(ldr.army),
                token,
                strength_words(ldr),
                icon_words(ldr.icons),
                "; ".join(dict.fromkeys(entries[key])) or "—",
            ]
        )
    return table(
        ["Leader", "Army", "Token", "Strength (City / Desert)", "Resource icons", "Enters play on"],
        rows,
        caption=f"The Leaders ({len(c.leaders)})",
        cls="tc-leaders",
    )


# ------------------------------------------------------------------------- setup
LINEUPS = {
    "2": [
        ({"crusader_army": "angevin", "muslim_army": "ayyubid"}, 2),
        ({"crusader_army": "hre", "muslim_army": "turkoman"}, 2),
    ],
    "3": [({"lone": "muslim"}, 3), ({"lone": "crusader"}, 3)],
    "4": [({}, 4)],
}


def _start_rows(players: int, options_: dict, only: set[str] | None = None) -> list[list]:
    c = content()
    armies = armies_for(players, options_)
    s = new_state(c, armies, 1)
    rows = []
    for seat, army in enumerate(armies):
        if only is not None and army not in only:
            continue
        held = []
        for r in (c.both if players == 4 else c.south).regions:
            mine = [what(p) for p in s["map"][r.key] if owner(p) == army]
            if mine:
                held.append(f"{r.name}: {pieces_words(mine)}")
        tracks = s["tracks"][army]
        alone = sum(ALLIANCE_OF[a] == ALLIANCE_OF[army] for a in armies) == 1
        faith = str(s["faith"][ALLIANCE_OF[army]]) if alone else "in the middle"
        rows.append(
            [
                ARMY_NAMES[army],
                "; ".join(held),
                " ".join(str(tracks[TRACKS.index(t)]) for t in TRACKS),
                str(s["gold"][seat]),
                faith,
            ]
        )
    return rows


def start(args: str = "") -> str:
    """Each Army's starting pieces and tracks in a line-up, from the engine's own setup: ``2``
    (each Army as it plays alone in 2 players), ``3`` (the pair's Armies, and a lone player whose
    start differs from its 2-player one, ruling TC73) or ``4``."""
    mode = args.strip() or "2"
    head = ["Army", "Regions and pieces", "Command points, crowns, supply, gold", "Gold", "Faith marker"]
    rows: list[list] = []
    if mode == "2":
        for options_, n in LINEUPS["2"]:
            rows += _start_rows(n, options_)
        rows.sort(key=lambda r: [ARMY_NAMES[a] for a in ARMIES].index(r[0]))
        caption = "2 players: each Army as it starts when it plays (south board)"
    elif mode == "3":
        for options_, n in LINEUPS["3"]:
            pair = set(ALLIANCES["crusader" if options_["lone"] == "muslim" else "muslim"])
            rows += _start_rows(n, options_, pair)
        rows.sort(key=lambda r: [ARMY_NAMES[a] for a in ARMIES].index(r[0]))
        for army in dict.fromkeys(m.army for m in content().setup.lone):  # ruling TC73
            alliance = ALLIANCE_OF[army]
            row = _start_rows(3, {"lone": alliance, f"{alliance}_army": army}, {army})[0]
            rows.append([f"{row[0]}, the lone player", *row[1:]])
        caption = (
            "3 players: the two Armies of the Alliance played by two players (south board), and a "
            "lone player who starts otherwise than in 2 players"
        )
    else:
        rows = _start_rows(4, {})
        caption = "4 players: both boards"
    return table(head, rows, caption=caption, cls=f"tc-start tc-start-{mode}")


def genoa(_args: str = "") -> str:
    c = content()
    rows = []
    for ship in c.setup.genoa:
        for army in ALLIANCES["crusader"]:
            two = c.setup.genoa[ship].get(army, ())
            four = c.four.genoa.get(ship, {}).get(army, ()) if c.four else ()
            rows.append([f"{ship}: {ARMY_NAMES[army]}", pieces_words(two) or "—", pieces_words(four) or "—"])
    return table(["Ship and Army", "2 and 3 players", "4 players"], rows, caption="The Genoa ships", cls="tc-genoa")


def variable_setup(_args: str = "") -> str:
    """What each Army deploys in the variable setup (``variable_setup.toml``), and the Objective
    decks it deals from (the ``deck`` of each Objective Card)."""
    v = variable()
    rows = [[ARMY_NAMES[a], ", ".join(leader_name(k) for k in v.leaders[a]), str(v.points[a])] for a in ARMIES]
    out = [
        table(
            ["Army", "Its Leaders (free)", "Deployment points"],
            rows,
            caption="The variable setup: what each Army deploys",
            cls="tc-variable",
        )
    ]
    two, four = decks(cards().objectives, False), decks(cards().objectives, True)
    rows = [
        [
            f"{ALLIANCE_NAMES[al]} players",
            ", ".join(region_name(k) for k in two[al]),
            ", ".join(region_name(k) for k in four[al]),
        ]
        for al in ALLIANCES
    ]
    out.append(
        table(
            ["Deck", "2 players", "4 players"],
            rows,
            caption="The variable setup: the Objective decks, by main City",
            cls="tc-variable-decks",
        )
    )
    return "\n".join(out)


def setup_options(_args: str = "") -> str:
    rows = []
    for option in ThirdCrusade.offered_options():
        names = option.choice_names()
        players = ", ".join(str(p) for p in option.players) if option.players else "all"
        rows.append([option.label, f"{names[0]} (default), " + ", ".join(names[1:]), players, option.help])
    return table(["Option", "Choices", "Players", "What it does"], rows, caption="Setup options", cls="rules-options")


# ------------------------------------------------------------------------- the legend
SAMPLE = ("tyre", "desert_west_of_damascus", "damascus")
"""The Regions of the legend's sample of the map: one row of the south board."""


def _sample_map() -> dict:
    """A strip of the table's own map (``table/tc_map.html``, through ``games.third_crusade``):
    Tyre, the Desert west of Damascus and Damascus at the start of a 2-player game, seen by the
    Angevin, with one of its Orders, two Ayyubid Orders face down and a Bandit."""
    game = ThirdCrusade()
    state, _ = game.start(game.make_setup(1, ["human", "human"]))
    seat = state["armies"].index("angevin")
    view = game.view(state, seat)
    view["sections"]["tyre"]["crusader"] = {"army": "angevin", "order": "muster_infantry"}
    view["sections"]["desert_west_of_damascus"]["muslim"] = {"army": "ayyubid", "order": None}
    view["sections"]["damascus"]["muslim"] = {"army": "ayyubid", "order": None}
    view["bandits"] = [["damascus", "desert_west_of_damascus"]]
    tc = table_view.context(
        {"view": view, "viewer": seat, "legal": [], "seats": ["human", "human"]}, {"id": ThirdCrusade.id}
    )["tc"]
    (board,) = tc["boards"]
    regions = [g for g in board["regions"] if g["key"] in SAMPLE]
    roads = [
        r for r in board["roads"] if {(r["x1"], r["y1"]), (r["x2"], r["y2"])} <= {(g["cx"], g["cy"]) for g in regions}
    ]
    left = min(g["x"] for g in regions) - 12
    top = min(g["y"] for g in regions) - 12
    right = max(g["x"] for g in regions) + tc["box_w"] + 12
    bottom = max(g["y"] for g in regions) + tc["label_h"] + tc["box_h"] + 12
    strip = {
        **board,
        "regions": regions,
        "roads": roads,
        "stubs": [],
        "title": "A strip of the south board",
        "viewbox": (left, top, right - left, bottom - top),
    }
    return {**tc, "boards": [strip], "sample": True}


SAMPLE_CARDS = ("guys_expedition", "court_of_christ", "tuhgrils_rebellion", "greek_fire")
"""The Event Cards the legend draws as the table does, one per Army (the rulebook's examples)."""


def legend(_args: str = "") -> str:
    cards_ = [
        {**table_view.event_entry(key, ARMY_NAMES), "slot": flag}
        for key, flag in zip(SAMPLE_CARDS, bidding().rows[0].flags, strict=False)
    ]
    slots = [
        {
            "shape": sh,
            "word": SHAPE_WORDS[sh],
            "count": SLOT_SHAPES.count(sh),
            "holds": {
                "square": "Infantry (I) or a square Leader",
                "hex": "Cavalry (C) or a hexagonal Leader",
                "trapezoid": "a Siege Engine (S)",
            }[sh],
        }
        for sh in dict.fromkeys(SLOT_SHAPES)
    ]
    armies = [{"key": a, "name": ARMY_NAMES[a], "alliance": ALLIANCE_NAMES[ALLIANCE_OF[a]]} for a in ARMIES]
    return render.render(
        "site/legend_third-crusade.html", {"sample": _sample_map(), "cards": cards_, "slots": slots, "armies": armies}
    )


BLOCKS = {
    "regions": regions,
    "strength": strength,
    "player-board": player_board,
    "leaders": leaders,
    "start": start,
    "genoa": genoa,
    "variable": variable_setup,
    "options": setup_options,
    "orders": order_table,
    "missions": missions,
    "diplomacy-cards": diplomacy_cards,
    "diplomacy-board": diplomacy_spaces,
    "bidding": flags,
    "objectives": objectives,
    "rounds": rounds,
    "cards": card_reference,
    "legend": legend,
}
STYLESHEETS = ["tc.css"]
