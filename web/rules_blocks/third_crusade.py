"""Third Crusade's generated blocks: the two map boards (``map_south.toml``, ``map_north.toml``),
the Leaders (``leaders.toml``, with where each enters play), the player board's Unit Sections
(``player_boards.toml``), the starting positions of 2, 3 and 4 players and the Genoa ships (from
the engine's own setup of each line-up), the Battle Strength table, the Orders (``orders.toml``),
the Mission, Diplomacy and Objective Cards, the diplomacy board, the Event Card counts and the
reference of every Event Card (``events.toml``, its steps in our words), the variable setup
(``variable_setup.toml``), the setup options and the table's legend (a strip of the table's own
map, Event Cards as the table draws them, and its key)."""

from __future__ import annotations

import html
from collections import Counter

from markupsafe import Markup

import render
from games import third_crusade as table_view
from games.tc_words import (
    ALLIANCE_NAMES,
    ICON_WORDS,
    UNIT_WORDS,
    _n,
    banner_words,
    leader_name,
    region_name,
    steps_words,
    unit_words,
    who,
)
from outremer.games.third_crusade.battle import STRENGTH
from outremer.games.third_crusade.cards import cards, orders
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
from outremer.games.third_crusade.events import PERIODS, events
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.state import ROUNDS, armies_for, new_state
from rules_blocks import table

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
        rows.append([r.name, kind, "yes" if r.port else "—", "yes" if r.mercantile else "—", icon_words(r.icons),
                     ", ".join(roads) or "none: by sea only"])
    cities = sum(1 for r in own.regions if r.city)
    return table(["Region", "Type", "Port", "Mercantile City", "Printed Resource icons", "Roads to"], rows,
                 caption=f"The {BOARD_NAMES[side]} board: {cities} Cities and {len(own.regions) - cities} Deserts",
                 cls=f"tc-regions tc-regions-{side}")


def strength(_args: str = "") -> str:
    rows = [[UNIT_WORDS[u][0], str(STRENGTH[(u, "city")]), str(STRENGTH[(u, "desert")])] for u in UNITS]
    return table(["Unit", "In a City", "In a Desert"], rows, caption="Battle Strength of each Unit",
                 cls="tc-strength")


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
            rows.append([f"{UNIT_WORDS[unit][0]} {n + 1} of {len(at)}",
                         _n(layout[i].size, UNIT_WORDS[unit][0], UNIT_WORDS[unit][1]),
                         *(str(icons[i]) for icons in kinds)])
    heads = [f"Supply: {', '.join(names)}" for names in kinds.values()]
    return table(["Section (from the left)", "Holds", *heads], rows,
                 caption="The Unit Sections of the player boards, and the supply each needs while not full",
                 cls="tc-sections")


# ------------------------------------------------------------------------- Leaders
def _entries() -> dict[str, list[str]]:
    """Where each Leader enters play: a starting position or a Genoa ship (with the line-ups
    where it does, when not all), the diplomacy board, an Event Card."""
    c = content()
    out: dict[str, list[str]] = {k: [] for k in c.leaders}
    found: dict[str, dict[str, list[str]]] = {k: {} for k in c.leaders}
    modes = (("2 and 3 players", c.setup.two_three, c.setup.genoa),
             ("4 players", c.four.placements if c.four else (), c.four.genoa if c.four else {}))
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
                    f"a flip of {c.leaders[step.key].name} (the {ARMY_NAMES[e.army]} Event Card {e.title})")
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
        rows.append([ldr.name, who(ldr.army), token, strength_words(ldr),
                     icon_words(ldr.icons), "; ".join(dict.fromkeys(entries[key])) or "—"])
    return table(["Leader", "Army", "Token", "Strength (City / Desert)", "Resource icons", "Enters play on"], rows,
                 caption=f"The Leaders ({len(c.leaders)})", cls="tc-leaders")


# ------------------------------------------------------------------------- setup
LINEUPS = {
    "2": [({"crusader_army": "angevin", "muslim_army": "ayyubid"}, 2),
          ({"crusader_army": "hre", "muslim_army": "turkoman"}, 2)],
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
        rows.append([ARMY_NAMES[army], "; ".join(held), " ".join(str(tracks[TRACKS.index(t)]) for t in TRACKS),
                     str(s["gold"][seat]), faith])
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
        caption = ("3 players: the two Armies of the Alliance played by two players (south board), and a "
                   "lone player who starts otherwise than in 2 players")
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
    return table(["Ship and Army", "2 and 3 players", "4 players"], rows, caption="The Genoa ships",
                 cls="tc-genoa")


def variable_setup(_args: str = "") -> str:
    """What each Army deploys in the variable setup (``variable_setup.toml``), and the Objective
    decks it deals from (the ``deck`` of each Objective Card)."""
    v = variable()
    rows = [[ARMY_NAMES[a], ", ".join(leader_name(k) for k in v.leaders[a]), str(v.points[a])] for a in ARMIES]
    out = [table(["Army", "Its Leaders (free)", "Deployment points"], rows,
                 caption="The variable setup: what each Army deploys", cls="tc-variable")]
    two, four = decks(cards().objectives, False), decks(cards().objectives, True)
    rows = [[f"{ALLIANCE_NAMES[al]} players", ", ".join(region_name(k) for k in two[al]),
             ", ".join(region_name(k) for k in four[al])] for al in ALLIANCES]
    out.append(table(["Deck", "2 players", "4 players"], rows,
                     caption="The variable setup: the Objective decks, by main City", cls="tc-variable-decks"))
    return "\n".join(out)


def setup_options(_args: str = "") -> str:
    rows = []
    for option in ThirdCrusade.options:
        names = option.choice_names()
        players = ", ".join(str(p) for p in option.players) if option.players else "all"
        rows.append([option.label, f"{names[0]} (default), " + ", ".join(names[1:]), players, option.help])
    return table(["Option", "Choices", "Players", "What it does"], rows, caption="Setup options",
                 cls="rules-options")


# ------------------------------------------------------------------------- Orders
PRESENCE_WORDS = {"own": "its own Army", "alliance": "its Alliance", "none": "none needed"}
REGION_WORDS = {"any": "any", "city": "City", "desert": "Desert", "port": "Port"}
ORDER_STEPS = {
    "march": "March", "coordinated_march": "Coordinated March", "forced_march": "Forced March",
    "disperse": "Disperse", "sea_move": "Sea Move", "reinforce": "Reinforce: +1 Strength for each Unit here, "
    "to a Battle in an Adjacent Region", "diversion": "Diversion: cancel a Reaction the other Alliance used in "
    "an Adjacent Region", "retreat": "Retreat: the defence leaves the Battle without losses",
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
    return table(["Order", "Set", "Cost (command points)", "Presence needed", "Region", "Effect", "Icons"], rows,
                 caption=f"The Orders of each Army ({basic} basic, {len(orders(ARMIES[0])) - basic} Advanced)",
                 cls="tc-orders")


# ------------------------------------------------------------------------- the cards of the round
PREDICATE_WORDS = {"city": "Cities", "desert": "Deserts", "port": "Ports (not destroyed)",
                   "mercantile": "Mercantile Cities", "near_jerusalem": "Jerusalem and the Regions next to it"}


def predicate_words(p) -> str:
    if p.regions == "icon":
        return f"Regions showing a {ICON_WORDS[p.icon]} icon"
    return PREDICATE_WORDS[p.regions]


def missions(_args: str = "") -> str:
    rows = [[m.title, predicate_words(m.glory), predicate_words(m.faith)] for m in cards().missions]
    return table(["Mission Card", "Glory: the Alliances count", "Faith: the partners count"], rows,
                 caption=f"The Mission Cards ({len(rows)})", cls="tc-missions")


GAIN_WORDS = {"glory": ("Glory", "Glory"), "faith": ("Faith", "Faith"), "gold": ("Gold", "Gold"),
              "advanced_order": ("Advanced Order, free", "Advanced Orders, free"),
              "diplomacy_move": ("more move on the diplomacy board", "more moves on the diplomacy board"),
              "remove_sabotage": ("Sabotage token removed", "Sabotage tokens removed")}


def reward_words(r) -> str:
    one, many = GAIN_WORDS[r.gain]
    return f"+{r.n} {one if r.n == 1 else many}" if r.gain in ("glory", "faith", "gold") else \
        f"{r.n} {one if r.n == 1 else many}"


def diplomacy_cards(_args: str = "") -> str:
    rows = []
    for d in cards().diplomacy:
        moves = sorted(range(3), key=lambda i: d.order[i])
        rows.append([d.name, *(reward_words(r) for r in d.rewards),
                     ", ".join(f"reward {i + 1}" for i in moves) + ", then the bidder without one"])
    return table(["Diplomacy Card", "Reward 1", "Reward 2", "Reward 3", "Who moves on the diplomacy board"], rows,
                 caption=f"The Diplomacy Cards ({len(rows)})", cls="tc-diplomacy-cards")


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
    return table(["Row (the top first)", "Spaces", "What each space gives, west to east"], rows,
                 caption=f"The diplomacy board ({len(b.spaces)} spaces in {len(b.rows)} rows)",
                 cls="tc-diplomacy-board")


def flags(_args: str = "") -> str:
    bb = bidding()
    rows = [[ARMY_NAMES[r.army], *(str(f) for f in r.flags)] for r in bb.rows]
    return table(["Row", "Slot 1", "Slot 2", "Slot 3", "Slot 4"], rows,
                 caption="The bidding board: command points for the card in each Slot", cls="tc-bidding")


def objectives(_args: str = "") -> str:
    rows = []
    for o in cards().objectives:
        rows.append([region_name(o.city), "south only" if o.section == "south" else "needs the north",
                     ", ".join(region_name(k) for k in o.cities), " / ".join(str(g) for g in o.glory)])
    south = sum(1 for o in cards().objectives if o.section == "south")
    return table(["Objective Card", "Board", "Its 4 Cities", "Glory for 1 / 2 / 3 / 4 of them"], rows,
                 caption=f"The Objective Cards ({len(rows)}; {south} in the 2- and 3-player deck)",
                 cls="tc-objectives")


def rounds(_args: str = "") -> str:
    counts = Counter((e.army, e.period) for e in events())
    rows = [[ARMY_NAMES[a], *(str(counts[(a, p)]) for p in PERIODS),
             str(sum(1 for e in events() if e.army == a and e.marked)),
             str(sum(1 for e in events() if e.army == a and e.north))] for a in ARMIES]
    return table(["Army", *ROUNDS, "Marked for an opponent", "North cards"], rows,
                 caption="The Event Cards of each Army, by round", cls="tc-event-counts")


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
                    e.crown_mode]
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
            rows.append([e.title, e.period, main, crown,
                         Markup("<br>".join(html.escape(n) if not isinstance(n, Markup) else n for n in notes))
                         if notes else "—"])
        out.append(table(["Card", "Round", "Main event (where: what)", "Crown event (crowns needed: what)", "Notes"],
                         rows, caption=f"The {ARMY_NAMES[army]} Event Cards ({len(rows)})",
                         cls=f"card-reference tc-events tc-events-{army}"))
    return "\n".join(out)


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
    tc = table_view.context({"view": view, "viewer": seat, "legal": [], "seats": ["human", "human"]},
                            {"id": ThirdCrusade.id})["tc"]
    (board,) = tc["boards"]
    regions = [g for g in board["regions"] if g["key"] in SAMPLE]
    roads = [r for r in board["roads"] if {(r["x1"], r["y1"]), (r["x2"], r["y2"])} <= {(g["cx"], g["cy"]) for g in regions}]
    left = min(g["x"] for g in regions) - 12
    top = min(g["y"] for g in regions) - 12
    right = max(g["x"] for g in regions) + tc["box_w"] + 12
    bottom = max(g["y"] for g in regions) + tc["label_h"] + tc["box_h"] + 12
    strip = {**board, "regions": regions, "roads": roads, "stubs": [], "title": "A strip of the south board",
             "viewbox": (left, top, right - left, bottom - top)}
    return {**tc, "boards": [strip], "sample": True}


SAMPLE_CARDS = ("guys_expedition", "court_of_christ", "tuhgrils_rebellion", "greek_fire")
"""The Event Cards the legend draws as the table does, one per Army (the rulebook's examples)."""


def legend(_args: str = "") -> str:
    cards_ = [{**table_view.event_entry(key, ARMY_NAMES), "slot": flag}
              for key, flag in zip(SAMPLE_CARDS, bidding().rows[0].flags, strict=False)]
    slots = [{"shape": sh, "word": SHAPE_WORDS[sh], "count": SLOT_SHAPES.count(sh),
              "holds": {"square": "Infantry (I) or a square Leader", "hex": "Cavalry (C) or a hexagonal Leader",
                        "trapezoid": "a Siege Engine (S)"}[sh]} for sh in dict.fromkeys(SLOT_SHAPES)]
    armies = [{"key": a, "name": ARMY_NAMES[a], "alliance": ALLIANCE_NAMES[ALLIANCE_OF[a]]} for a in ARMIES]
    return render.render("site/legend_third-crusade.html",
                         {"sample": _sample_map(), "cards": cards_, "slots": slots, "armies": armies})


BLOCKS = {"regions": regions, "strength": strength, "player-board": player_board, "leaders": leaders,
          "start": start, "genoa": genoa, "variable": variable_setup, "options": setup_options,
          "orders": order_table, "missions": missions, "diplomacy-cards": diplomacy_cards,
          "diplomacy-board": diplomacy_spaces, "bidding": flags, "objectives": objectives, "rounds": rounds,
          "cards": card_reference, "legend": legend}
STYLESHEETS = ["tc.css"]
