"""The Upkeep phase in order (p.17), with the players' choices in it, and the end of the game
(p.18): the Objective Cards revealed, the Alliance's victory and the Final Winner.

Steps that need nobody's choice are done at once (the counts are in ``upkeep.py``); a step that
asks (Tithe, Units brought home for supply, Advanced Orders bought, the Genoa ships' landing,
the Objective revealed) keeps ``s["upkeep"]`` with a queue of questions, each for one seat.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from . import plutorial, solo_upkeep
from . import upkeep as counts
from .cards import cards, orders
from .data import ALLIANCE_OF, ALLIANCES, ARMY_NAMES, Content, board_for, controller, shape
from .execution import advanced_to_gain
from .moves import add, describe, free, presence, take
from .solo import bot_army
from .state import ROUNDS, alone, faith_words, need, retrack, towards, track

ADVANCED_PRICE = 2
"""Supply left over buys an Advanced Order for 2 (p.17, 4B)."""


def setup(content: Content, s: State, objectives: bool = True) -> None:
    """The Mission Cards shuffled face up (the top one active, the next visible) and 2 Objective
    Cards dealt to each player in secret (p.4-5; with the south board alone, the south cards:
    ruling TC20). ``objectives`` False: the variable setup uses the Objective Cards first and
    deals them after (ruling TC46)."""
    missions = sorted(m.key for m in cards().missions)
    rng.shuffle(s, missions)
    s["missions"] = missions
    if objectives:
        deal_objectives(s)
    else:
        s["objectives"] = {army: [] for army in s["armies"]}
        s["objective_deck"] = []
        s["revealed_objective"] = {}


def deal_objectives(s: State) -> None:
    """Every Objective Card in play shuffled, and 2 dealt to each player in secret (p.4)."""
    north = len(s["armies"]) == 4
    deck = sorted(o.key for o in cards().objectives if north or o.section == "south")
    rng.shuffle(s, deck)
    s["objectives"] = {army: sorted([deck.pop(), deck.pop()]) for army in s["armies"]}
    s["objective_deck"] = deck
    s["revealed_objective"] = {}


def mission(s: State):
    return next(m for m in cards().missions if m.key == s["missions"][0])


def _alliance_name(alliance: str) -> str:
    return "Crusader" if alliance == "crusader" else "Muslim"


def start(content: Content, s: State, log: list[Event]) -> None:
    s["phase"] = "upkeep"
    m = mission(s)
    diff = counts.mission_glory(content, s, m)
    s["glory"] += diff
    log.append(
        Event(
            f"Mission {m.title}: "
            + (
                f"the {_alliance_name('crusader' if diff > 0 else 'muslim')} Alliance gains {abs(diff)} Glory."
                if diff
                else "a tie, no Glory."
            ),
            "p.17",
        )
    )
    for alliance, move in counts.mission_faith(content, s, m).items():
        if move:
            first, second = ALLIANCES[alliance]
            s["faith"][alliance] = max(-5, min(5, s["faith"][alliance] + move))
            log.append(
                Event(
                    f"Mission {m.title}: the {ARMY_NAMES[first if move > 0 else second]} moves the "
                    f"{_alliance_name(alliance)} Faith marker {count(abs(move), 'step')} towards itself; "
                    f"{faith_words(s, alliance)}.",
                    "p.17",
                )
            )
    queue = []
    for seat in dict.fromkeys(s["initiative"]):
        army = s["armies"][seat]
        for key, sides in s["sections"].items():
            placed = sides[ALLIANCE_OF[army]]
            if placed and placed[0] == army:
                order = next(o for o in orders(army) if o.key == placed[1])
                if order.tithe and not bot_army(s, army):  # a Bot has no command points to tithe with
                    queue.append({"ask": "tithe", "seat": seat, "region": key})
    s["upkeep"] = {"queue": queue}
    _next(content, s, log)


def to_act(s: State) -> int | None:
    u = s.get("upkeep")
    if s["phase"] not in ("upkeep", "scoring") or not u or not u["queue"]:
        return None
    return u["queue"][0]["seat"]


def legal(content: Content, s: State, seat: int) -> list[Action]:
    q = s["upkeep"]["queue"][0]
    army = s["armies"][seat]
    if q["ask"] == "tithe":
        order = next(o for o in orders(army) if o.key == s["sections"][q["region"]][ALLIANCE_OF[army]][1])
        can = presence(s, q["region"], {army}) and s["cp"][seat] >= order.cost
        return ([act("tithe", q["region"])] if can else []) + [act("keep")]
    if q["ask"] == "supply":
        return sorted({act("bring", key, piece.split(":")[1]) for key, piece in counts.units_on_map(s, army)})
    if q["ask"] == "buy":
        return [act("buy", key) for key in advanced_to_gain(s, army)] + [act("done")]
    if q["ask"] == "land":
        return [act("land", port) for port in _ports(content, s, q)]
    if q["ask"] == "objective":
        return [act("objective", key) for key in s["objectives"][army]]
    return []


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    q = s["upkeep"]["queue"][0]
    army = s["armies"][seat]
    name = ARMY_NAMES[army]
    if q["ask"] == "tithe":
        s["upkeep"]["queue"].pop(0)
        side = ALLIANCE_OF[army]
        if action.verb == "tithe":
            order = next(o for o in orders(army) if o.key == s["sections"][q["region"]][side][1])
            s["sections"][q["region"]][side] = None
            s.setdefault("executed", {}).setdefault(army, []).append(order.key)
            s["cp"][seat] -= order.cost
            s["gold"][seat] += 1
            log.append(
                Event(
                    f"{name} reveals {order.name} in {_name(content, s, q['region'])} as a Tithe: "
                    f"{count(order.cost, 'command point')} for 1 Gold.",
                    "p.17",
                )
            )
    elif q["ask"] == "supply":
        key, unit = action.args
        take(content, s, key, f"{army}:{unit}")
        s["reserve"][army][unit] += 1
        retrack(content, s)
        label = "Siege Engine" if unit == "siege" else unit.capitalize()
        log.append(Event(f"{name} brings 1 {label} home from {_name(content, s, key)} for its supply.", "p.17"))
        if need(content, s, army) <= track(s, seat, "supply") or not counts.units_on_map(s, army):
            s["upkeep"]["queue"].pop(0)  # met, or nothing left on the map to bring home
    elif q["ask"] == "buy":
        if action.verb == "done":
            s["upkeep"]["queue"].pop(0)
        else:
            q["left"] -= ADVANCED_PRICE
            s["box"][army].append(action.args[0])
            log.append(
                Event(
                    f"{name} buys the Advanced Order {_order_name(army, action.args[0])} for {ADVANCED_PRICE} supply.",
                    "p.17",
                )
            )
            if q["left"] < ADVANCED_PRICE or len(legal(content, s, seat)) == 1:
                s["upkeep"]["queue"].pop(0)
    elif q["ask"] == "land":
        piece = q["pieces"].pop(0)
        add(content, s, action.args[0], piece)
        if action.args[0] not in q.setdefault("ports", []):
            q["ports"].append(action.args[0])
        kind = piece.split(":")[1]
        label = (
            content.leaders[kind].name
            if kind in content.leaders
            else ("a Siege Engine" if kind == "siege" else f"1 {kind.capitalize()}")
        )
        log.append(Event(f"{name} lands {label} from the Genoa ship in {_name(content, s, action.args[0])}.", "p.17"))
        if not q["pieces"] or not _ports(content, s, q):
            s["upkeep"]["queue"].pop(0)
            if q["pieces"]:
                log.append(
                    Event(
                        f"The {ARMY_NAMES[army]} Genoa ship finds no Port left: {describe(content, q['pieces'])} "
                        f"{'is' if len(q['pieces']) == 1 else 'are'} lost.",
                        "p.17",
                    )
                )
    elif q["ask"] == "objective":
        s["upkeep"]["queue"].pop(0)
        key = action.args[0]
        s["revealed_objective"][army] = key
        objective = next(o for o in cards().objectives if o.key == key)
        held = sum(1 for city in objective.cities if controller(s["map"].get(city, ())) == army)
        gained = objective.glory[held - 1] if held else 0
        s["glory"] += towards(ALLIANCE_OF[army], gained)
        log.append(
            Event(
                f"{name} reveals the Objective {_name(content, s, key)}: it Controls {held} of its Cities "
                f"and its Alliance gains {gained} Glory.",
                "p.18",
            )
        )
    _next(content, s, log)


def _name(content: Content, s: State, key: str) -> str:
    return board_for(content, s["armies"]).region(key).name


def _order_name(army: str, key: str) -> str:
    return next(o.name for o in orders(army) if o.key == key)


def _ports(content: Content, s: State, q: dict) -> list[str]:
    """Where the next piece of a Genoa ship may land (p.17, step 7): a Port of the Army's own
    Presence with a free Slot for it; once a Port is used, only it, unless it is full (then a
    second Port)."""
    army = q["army"]
    piece = q["pieces"][0]
    b = board_for(content, s["armies"])
    ports = [
        r.key
        for r in b.regions
        if r.port
        and r.key not in s.get("destroyed", [])
        and presence(s, r.key, {army})
        and free(content, s, r.key, shape(content, piece))
    ]
    used = q.get("ports", [])
    if used and used[-1] in ports:
        return [used[-1]]
    if len(used) >= 2:
        return []
    return ports


def _next(content: Content, s: State, log: list[Event]) -> None:
    """Go on through the steps until one asks somebody something."""
    u = s["upkeep"]
    _prune(content, s, log)
    while not u["queue"]:
        step = u.get("step", 2)
        u["step"] = step + 1
        if step == 2:
            _orders_step(content, s, log)
        elif step == 3:
            _supply_step(content, s, log)
        elif step == 4:
            _buy_step(content, s, log)
        elif step == 5:
            _income_step(content, s, log)
            if victory_check(content, s, log):
                return
        elif step == 6:
            if s["round"] == len(ROUNDS) - 1:
                _scoring(content, s, log)
                return
            s["round"] += 1
            log.append(Event(f"The round marker moves to {ROUNDS[s['round']]}.", "p.17"))
            _genoa_step(content, s, log)
        elif step == 7:
            _end_of_round(content, s, log)
            return
        elif step == 100:
            _final(content, s, log)
            return
        _prune(content, s, log)


def _prune(content: Content, s: State, log: list[Event]) -> None:
    """Drop a question nobody can answer any more: a ship's pieces with no Port left to land in
    (they are lost), a player with no Unit left to bring home."""
    queue = s["upkeep"]["queue"]
    while queue:
        q = queue[0]
        if q["ask"] == "land" and not _ports(content, s, q):
            queue.pop(0)
            log.append(
                Event(
                    f"{ARMY_NAMES[q['army']]} has no Port left for its Genoa ship: "
                    f"{describe(content, q['pieces'])} {'is' if len(q['pieces']) == 1 else 'are'} lost.",
                    "p.17",
                )
            )
        elif q["ask"] == "supply" and not counts.units_on_map(s, s["armies"][q["seat"]]):
            queue.pop(0)
        else:
            return


def _orders_step(content: Content, s: State, log: list[Event]) -> None:
    """Step 3: every Order still on the map is turned face up, by name, so that every player
    learns which were bluffs; each one not Blank costs its Alliance 1 Glory (p.17)."""
    left = counts.unexecuted(content, s)
    for seat in dict.fromkeys(s["initiative"]):
        army = s["armies"][seat]
        side = ALLIANCE_OF[army]
        shown = [
            f"{_order_name(army, sides[side][1])} in {_name(content, s, key)}"
            for key, sides in s["sections"].items()
            if sides[side] and sides[side][0] == army
        ]
        if not shown:
            continue
        n = 0 if bot_army(s, army) else left[army]  # the Bot loses no Glory for them (p.22)
        cost = (
            f"{n} of them not Blank: {n} Glory away from its Alliance."
            if n > 1
            else "1 of them not Blank: 1 Glory away from its Alliance."
            if n
            else "all Blank: no Glory lost."
        )
        if len(shown) == 1:
            cost = "it is not Blank: 1 Glory away from its Alliance." if n else "it is Blank: no Glory lost."
        if bot_army(s, army):
            cost = "a Bot loses no Glory for the Orders it did not execute (p.22)."
        s["glory"] += towards(side, -n)
        listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        log.append(
            Event(
                f"{ARMY_NAMES[army]} reveals the Order{'s' if len(shown) > 1 else ''} it left on the map: "
                f"{listed}; {cost}",
                "p.17",
            )
        )
    counts.clear_orders(s)


def _supply_step(content: Content, s: State, log: list[Event]) -> None:
    for seat in dict.fromkeys(s["initiative"]):
        army = s["armies"][seat]
        short = 0 if bot_army(s, army) else counts.shortfall(content, s, seat)  # no supply for a Bot (p.19)
        if short:
            s["glory"] += towards(ALLIANCE_OF[army], -short)
            log.append(
                Event(
                    f"{ARMY_NAMES[army]} is {short} supply short: {short} Glory away from its Alliance, "
                    "and it brings Units home until its supply is enough.",
                    "p.17",
                )
            )
            if counts.units_on_map(s, army):
                s["upkeep"]["queue"].append({"ask": "supply", "seat": seat})


def _buy_step(content: Content, s: State, log: list[Event]) -> None:
    for seat in dict.fromkeys(s["initiative"]):
        army = s["armies"][seat]
        if bot_army(s, army):
            solo_upkeep.advanced(s, army, log)
            continue
        left = track(s, seat, "supply") - need(content, s, army)
        if left >= ADVANCED_PRICE and advanced_to_gain(s, army):
            s["upkeep"]["queue"].append({"ask": "buy", "seat": seat, "left": left})


def _income_step(content: Content, s: State, log: list[Event]) -> None:
    jerusalem = counts.jerusalem_glory(content, s)
    if jerusalem:
        s["glory"] += jerusalem
        log.append(Event("The Crusaders Control Jerusalem: 2 Glory.", "p.17"))
    for seat, _army in enumerate(s["armies"]):
        s["gold"][seat] += track(s, seat, "gold")
    icons = counts.glory_icons(content, s)
    s["glory"] += icons
    log.append(
        Event(
            f"Each player takes its Gold; the Glory icons on the map move the Glory marker {count(abs(icons), 'step')} towards "
            f"the {_alliance_name('crusader' if icons >= 0 else 'muslim')} Alliance.",
            "p.17",
        )
    )


CHECKS = {"p.13": "at the end of the Command phase", "p.16": "at the end of the Diplomacy phase", "p.17": "in Upkeep"}
"""Where the sequence of play (Overview) makes a victory check, by the page that describes it."""


def victory_check(content: Content, s: State, log: list[Event], rule: str = "p.17") -> bool:
    """The victory check of the sequence of play (Overview): at the end of the Command phase (p.13),
    at the end of the Diplomacy phase (p.16) and in step 5 of Upkeep (p.17), 10 Glory on one
    side ends the game. ``rule``: the page of the check being made."""
    won = counts.winner(s)
    if won is None:
        return False
    log.append(Event(f"Victory check {CHECKS[rule]}: the {_alliance_name(won)} Alliance has 10 Glory and wins.", rule))
    _finish(content, s, won, f"The {_alliance_name(won)} Alliance reached 10 Glory.")
    return True


def _genoa_step(content: Content, s: State, log: list[Event]) -> None:
    ship = s["ships"].get(ROUNDS[s["round"]])
    if not ship:
        return
    for seat in dict.fromkeys(s["initiative"]):
        army = s["armies"][seat]
        if ship.get(army):
            pieces = [f"{army}:{w}" for w in ship[army]]
            q = {"ask": "land", "seat": seat, "army": army, "pieces": pieces}
            if _ports(content, s, q):
                s["upkeep"]["queue"].append(q)
            else:
                log.append(
                    Event(f"{ARMY_NAMES[army]} has no Port to land its Genoa ship in: its pieces are lost.", "p.17")
                )
    s["ships"][ROUNDS[s["round"]]] = {}


def _end_of_round(content: Content, s: State, log: list[Event]) -> None:
    s["diplomacy_cards"].pop(0)
    s["missions"].pop(0)
    counts.turn_track(s)
    for seat, army in enumerate(s["armies"]):
        s["cp"][seat] = 0 if bot_army(s, army) else track(s, seat, "cp")  # no command points for a Bot (p.19)
        s["hand"][army] = []
    s["upkeep"] = None
    s["phase"] = "strategy"
    log.append(
        Event(
            f"The round ends: the next Diplomacy and Mission Cards come up, the initiative track turns, "
            f"command points return to their base. {ROUNDS[s['round']]} begins.",
            "p.17",
        )
    )
    if plutorial.on(s):
        plutorial.continue_game(s, log)
    if s.pop("truce", None):  # The Treaty of Jaffa holds "until the end of the round"
        log.append(
            Event(
                "The truce of The Treaty of Jaffa ends with the round: Jerusalem, Jaffa and Ascalon are open again.",
                "TC39",
            )
        )


def _scoring(content: Content, s: State, log: list[Event]) -> None:
    """After the fourth round each player, in initiative order, reveals one Objective (p.18)."""
    s["phase"] = "scoring"
    s["upkeep"]["queue"] = [{"ask": "objective", "seat": seat} for seat in dict.fromkeys(s["initiative"])]
    s["upkeep"]["step"] = 100


def _final(content: Content, s: State, log: list[Event]) -> None:
    won: str | None
    if s["glory"]:
        won = "crusader" if s["glory"] > 0 else "muslim"
        why = f"The {_alliance_name(won)} Alliance has the most Glory ({abs(s['glory'])})."
    else:
        won = counts.jerusalem_alliance(content, s)  # the Alliance's Control, partners level too (TC74)
        why = (
            "The Glory is level; the " + _alliance_name(won) + " Alliance Controls Jerusalem."
            if won
            else "The Glory is level and nobody Controls Jerusalem: nobody wins."
        )
    log.append(Event(why, "p.18"))
    _finish(content, s, won, why)


def final_winner(content: Content, s: State, alliance: str) -> tuple[list[int], str]:
    """The Final Winner between partners (p.18): the majority of three tie-breakers — Faith
    (the marker on one's side), Mercantile Cities (more of them Controlled, ruling TC36) and the
    second Objective (more of its Cities Controlled, TC20); still level, Jerusalem, then Gold."""
    seats = [i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == alliance]
    if alone(s, alliance):
        return seats, ""
    first, second = seats if s["armies"][seats[0]] == ALLIANCES[alliance][0] else seats[::-1]
    points = {first: 0, second: 0}
    faith = s["faith"][alliance]
    if faith:
        points[first if faith > 0 else second] += 1
    b = board_for(content, s["armies"])
    merc = {
        seat: sum(1 for r in b.regions if r.mercantile and controller(s["map"][r.key]) == s["armies"][seat])
        for seat in points
    }
    if merc[first] != merc[second]:
        points[max(merc, key=merc.__getitem__)] += 1
    held = {seat: _remaining_objective(s, s["armies"][seat]) for seat in points}
    if held[first] != held[second]:
        points[max(held, key=held.__getitem__)] += 1
    which = "second Objective" if s["revealed_objective"] else "better Objective"
    why = (
        f"tie-breakers: Faith, Mercantile Cities ({merc[first]} to {merc[second]}), {which} "
        f"({held[first]} to {held[second]} Cities)"
    )
    if points[first] != points[second]:
        return [max(points, key=points.__getitem__)], why
    jerusalem = controller(s["map"][next(r.key for r in b.regions if r.jerusalem)])
    for seat in points:
        if s["armies"][seat] == jerusalem:
            return [seat], why + "; level, and it Controls Jerusalem"
    if s["gold"][first] != s["gold"][second]:
        return [first if s["gold"][first] > s["gold"][second] else second], why + "; level, and it has more Gold"
    return [first, second], why + "; level in everything: they share the win"


def _remaining_objective(s: State, army: str) -> int:
    """How many Cities of ``army``'s remaining Objective Card it Controls (p.18: "Each player
    reveals their remaining Objective Card"): the one it did not reveal after the fourth round;
    after a victory check ended the game earlier, when it revealed none, the one it chooses to
    reveal, which is the better of its two (ruling TC77)."""
    have = [k for k in s["objectives"][army] if k != s["revealed_objective"].get(army)]
    counts_ = [
        sum(1 for c in card.cities if controller(s["map"].get(c, ())) == army)
        for card in cards().objectives
        if card.key in have
    ]
    return max(counts_, default=0)


def _finish(content: Content, s: State, alliance: str | None, why: str) -> None:
    if alliance is None:
        s["result"] = {"winners": [], "team": None, "text": why, "why": why}
    else:
        winners, how = (
            final_winner(content, s, alliance)
            if solo_upkeep.final_winner_due(s, alliance)
            else ([i for i, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == alliance], "")
        )
        team = sorted(ALLIANCES).index(alliance)
        text = why + (
            f" Final Winner: {', '.join(ARMY_NAMES[s['armies'][w]] for w in winners)} ({how})." if how else ""
        )
        s["result"] = {"winners": winners, "team": team, "text": text, "why": text}
    s["phase"] = "over"
    s["upkeep"] = None
