"""The Command phase (p.12-13) and the Battles it starts (p.14-15).

In initiative order each player executes one Event Card from its hand (``effects.py``), or one
Order on the map, or passes for the rest of the phase. Executing an Order: its Region must meet the
Presence and Region type it shows and its cost must be within the Army's current command points;
it is turned face up, paid, set aside, and its large icons are resolved one by one (a Muster
places up to its number, a March moves a group the player chooses). A March into the other
Alliance's pieces starts a Battle: the Reaction loop, the losses, the retreats and the Glory.
A March along a Road with Bandits loses 2 Units for each, and so does a retreat (glossary, Bandit).

State: ``s["pending"]`` the Order or Event Card being resolved (``"kind": "event"`` for a card),
``s["battle"]`` the Battle being fought.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from . import battle as arithmetic
from . import effects
from .cards import Order, orders
from .data import ALLIANCE_OF, ARMY_NAMES, NEUTRAL, UNITS, Content, board_for, controller, owner, shape, what
from .moves import (BANDIT_TOLL, add, group_code, group_of, alliance_in, bandits_on, battle_at, cross, destinations, free, groups, movable,
                    pieces, presence, take, to_board)
from .moves import describe as describe_group
from .moves import fits as _fits
from .state import recount

MARCHES = ("march", "coordinated_march", "forced_march", "sea_move", "disperse")


def order_of(army: str, key: str) -> Order:
    return next(o for o in orders(army) if o.key == key)


def board(content: Content, s: State):
    return board_for(content, s["armies"])


# -- the turn --------------------------------------------------------------------------------------
def start(content: Content, s: State) -> None:
    s["phase"] = "command"
    s["passed"] = [False] * len(s["armies"])
    s["turn"] = 0
    s["pending"] = None
    s["battle"] = None
    s.setdefault("executed", {army: [] for army in s["armies"]})
    s.setdefault("road", None)


def to_act(s: State) -> int | None:
    if s["phase"] != "command":
        return None
    if s["battle"]:
        return s["battle"]["ask"][0] if s["battle"]["stage"] == "react" else s["battle"]["chooser"]
    if s["pending"]:
        return s["pending"]["seat"]
    return s["initiative"][s["turn"]]


def region_fits(content: Content, s: State, order: Order, key: str) -> bool:
    """The Region type an Order shows (p.12): any, City, Desert, or a Port not destroyed."""
    region = board(content, s).region(key)
    if order.region == "any":
        return True
    if order.region == "port":
        return region.port and key not in s.get("destroyed", [])
    return region.kind == order.region


def executable(content: Content, s: State, seat: int, reaction: bool = False) -> list[tuple[str, Order]]:
    """(Region, Order) for each of ``seat``'s Orders on the map it may execute now (p.12-13):
    not Blank, Reaction Orders only in a Battle, Presence and Region type met, cost within its
    current command points."""
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    out = []
    for key, sides in s["sections"].items():
        placed = sides[side]
        if placed is None or placed[0] != army:
            continue
        order = order_of(army, placed[1])
        if order.blank or order.reaction != reaction or order.cost > s["cp"][seat]:
            continue
        needed = order.presence_armies()
        if needed and not presence(s, key, needed):
            continue
        if region_fits(content, s, order, key):
            out.append((key, order))
    return out


def legal(content: Content, s: State, seat: int) -> list[Action]:
    if s["battle"]:
        return battle_legal(content, s, seat)
    if s["pending"]:
        return effects.legal(content, s) if s["pending"].get("kind") == "event" else step_legal(content, s)
    return ([act("event", key) for key in effects.playable(content, s, seat)]
            + [act("execute", key) for key, _ in executable(content, s, seat)] + [act("pass")])


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    if s["battle"]:
        battle_perform(content, s, seat, action, log)
    elif s["pending"] and s["pending"].get("kind") == "event":
        _event_perform(content, s, action, log)
    elif s["pending"]:
        step_perform(content, s, action, log)
    elif action.verb == "pass":
        s["passed"][seat] = True
        log.append(Event(f"{ARMY_NAMES[s['armies'][seat]]} passes for the rest of the Command phase.", "p.12"))
        _advance(content, s)
        return
    elif action.verb == "event":
        effects.start(content, s, seat, action.args[0], log)
        _event_battle(content, s, log)
    else:
        execute(content, s, seat, action.args[0], log)
    if not s["battle"] and not s["pending"]:
        _advance(content, s)


def _event_perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    effects.perform(content, s, action, log)
    _event_battle(content, s, log)


def _event_battle(content: Content, s: State, log: list[Event]) -> None:
    """The Battle an Event Card's step asks for: Units added to, or Marching into, a Region
    with the other Alliance's pieces (p.12)."""
    attack = s["pending"].pop("attack", None) if s["pending"] else None
    if attack:
        start_battle(content, s, s["pending"]["seat"], attack["from"], attack["to"], attack["group"], log,
                     strength=attack["strength"], sea=attack["sea"])


def execute(content: Content, s: State, seat: int, key: str, log: list[Event]) -> None:
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    order = order_of(army, s["sections"][key][side][1])
    s["sections"][key][side] = None
    s["cp"][seat] -= order.cost
    s["executed"][army].append(order.key)
    log.append(Event(f"{ARMY_NAMES[army]} turns up {order.name} ({order.text}) in "
                     f"{board(content, s).region(key).name} and pays {order.cost} command points.", "p.12",
                     marks=(f"region:{key}",)))
    s["pending"] = {"seat": seat, "army": army, "region": key, "order": order.key, "step": 0, "from": key,
                    "went": []}
    _next_step(content, s, log)


def _advance(content: Content, s: State) -> None:
    for _ in range(len(s["initiative"]) + 1):
        s["turn"] = (s["turn"] + 1) % len(s["initiative"])
        if all(s["passed"]):
            s["phase"] = "end_of_command"
            return
        if not s["passed"][s["initiative"][s["turn"]]]:
            return


# -- an Order's large icons -------------------------------------------------------------------------
def _step(s: State):
    p = s["pending"]
    order = order_of(p["army"], p["order"])
    return order.effects[p["step"]] if p["step"] < len(order.effects) else None


def _next_step(content: Content, s: State, log: list[Event]) -> None:
    """Stop at the next icon that asks for a choice; the Order is done after its last."""
    if _step(s) is None:
        s["pending"] = None


def _done_step(content: Content, s: State, log: list[Event]) -> None:
    p = s["pending"]
    if p.get("kind") == "event":
        effects.after_battle(content, s, log)
        return
    step = _step(s)
    if step.do == "forced_march" and len(p["went"]) == 1 and not p.get("stopped"):
        p["from"] = p["went"][0]  # the second March, from the new Region
    elif step.do == "disperse" and len(p["went"]) == 1 and not p.get("stopped"):
        pass  # the second group, from the same Region
    else:
        p["step"] += 1
        p["from"] = p["region"]
        p["went"] = []
        p.pop("stopped", None)
    _next_step(content, s, log)


def step_legal(content: Content, s: State) -> list[Action]:
    p = s["pending"]
    step = _step(s)
    if step.do == "muster":
        room = free(content, s, p["region"], shape(content, f"{p['army']}:{step.unit}"))
        most = min(step.n, room, s["reserve"][p["army"]][step.unit])
        return [act("muster", k) for k in range(most + 1)]
    frm = p["from"]
    candidates = movable(content, s, frm, p["army"], step.do == "coordinated_march")
    kinds = sorted(set(candidates))
    out = []
    for to in destinations(content, s, frm, step.do == "sea_move", p["went"]):
        for counts in groups(candidates):
            group = [k for k, n in zip(kinds, counts) for _ in range(n)]
            if step.keep and len(pieces(s, frm, p["army"])) - sum(1 for g in group if owner(g) == p["army"]) < step.keep:
                continue
            if _fits(content, s, to, group, first_of_forced=step.do == "forced_march" and not p["went"],
                     side=ALLIANCE_OF[p["army"]]):
                out.append(act("march", to, group_code(counts)))
    return out + [act("stay")]


def step_perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    p = s["pending"]
    army = p["army"]
    name = ARMY_NAMES[army]
    where = board(content, s).region(p["region"]).name
    if action.verb == "muster":
        unit = _step(s).unit
        for _ in range(action.args[0]):
            s["reserve"][army][unit] -= 1
            add(content, s, p["region"], f"{army}:{unit}", recount_now=False)
        recount(content, s)
        log.append(Event(f"{name} musters {action.args[0]} {unit} in {where}.", "p.13", marks=(f"region:{p['region']}",)))
        _done_step(content, s, log)
        return
    if action.verb == "stay":
        p["stopped"] = True
        log.append(Event(f"{name} does not March.", "p.13"))
        _done_step(content, s, log)
        return
    to, code = action.args
    frm = p["from"]
    kinds = sorted(set(movable(content, s, frm, army, _step(s).do == "coordinated_march")))
    group = group_of(kinds, code)
    p["went"].append(to)
    for piece in group:
        take(content, s, frm, piece, recount_now=False)
    recount(content, s)
    movers = {ALLIANCE_OF[army]}
    names = board(content, s)
    log.append(Event(f"{name} Marches {describe_group(content, group)} from {names.region(frm).name} to "
                     f"{names.region(to).name}.", "p.13", marks=(f"region:{frm}", f"region:{to}")))
    sea = _step(s).do == "sea_move"
    lost = [] if sea else cross(content, s, frm, to, group)
    if lost:
        log.append(Event(f"Bandits on the Road: {describe_group(content, lost)} lost; the Bandits are removed.",
                         "p.32"))
    if group and battle_at(s, to, movers):
        if _step(s).do == "forced_march" and len(p["went"]) == 1:
            p["stopped"] = True  # "If a Battle occurs in the first Region the March is over"
        start_battle(content, s, p["seat"], frm, to, group, log, sea=sea)
        return
    for piece in group:
        add(content, s, to, piece, recount_now=False)
    recount(content, s)
    _done_step(content, s, log)


# -- Battle --------------------------------------------------------------------------------------
def start_battle(content: Content, s: State, seat: int, frm: str | None, to: str, group: list[str], log: list[Event],
                 strength: int = 0, sea: bool = False) -> None:
    """The attacking group waits on the Road (p.14); the Reaction loop starts. ``frm`` is None
    for Units an Event Card adds; ``strength`` an Event March's modifier to the attack; ``sea``
    a Sea Move, whose way back is by sea, past no Bandit."""
    attacker = s["armies"][seat]
    s["battle"] = {"region": to, "from": frm, "attacker": seat, "side": ALLIANCE_OF[attacker], "group": list(group),
                   "strength": strength, "sea": sea, "toll": {},
                   "reactions": [], "declined": [], "stage": "react", "ask": [], "chooser": None,
                   "losses": [], "lost": [], "retreat": [], "reinforce": {},
                   "leaders_attacking": any(what(p) in content.leaders for p in group)}
    log.append(Event(f"A Battle in {board(content, s).region(to).name}: {ARMY_NAMES[attacker]} attacks.", "p.14",
                     marks=(f"region:{to}",)))
    _react_round(content, s, log)


def kind_of(content: Content, s: State, key: str) -> str:
    return board(content, s).region(key).kind


def defenders(s: State) -> list[str]:
    b = s["battle"]
    return [p for p in pieces(s, b["region"]) if owner(p) == NEUTRAL or ALLIANCE_OF[owner(p)] != b["side"]]


def in_charge(s: State, side: str) -> int:
    """The seat in charge of a side: the attacker; for the defence the Army Controlling the
    Region, or, on a tie, the one ahead on the initiative track (p.14)."""
    b = s["battle"]
    if side == b["side"]:
        return b["attacker"]
    ruler = controller(s["map"][b["region"]])
    if ruler is not None and ALLIANCE_OF[ruler] == side and ruler in s["armies"]:
        return s["armies"].index(ruler)
    for seat in s["initiative"]:
        if ALLIANCE_OF[s["armies"][seat]] == side and presence(s, b["region"], {s["armies"][seat]}):
            return seat
    return next(seat for seat in s["initiative"] if ALLIANCE_OF[s["armies"][seat]] == side)


def strengths(content: Content, s: State) -> tuple[int, int]:
    """(attack, defence): the pieces by the table, the lone player's Faith bonus, Reactions."""
    b = s["battle"]
    kind = kind_of(content, s, b["region"])
    other = "muslim" if b["side"] == "crusader" else "crusader"
    bonus = {b["side"]: 0, other: 0}
    for r in b["reactions"]:
        if not r.get("cancelled"):
            bonus[r["side"]] += r["bonus"]
    alone = {side: sum(ALLIANCE_OF[a] == side for a in s["armies"]) == 1 for side in bonus}
    faith = {side: arithmetic.faith_bonus(alone[side] and len(s["armies"]) < 4, s["faith"][side],
                                          s["faith"][other if side == b["side"] else b["side"]]) for side in bonus}
    march = b.get("strength", 0)  # an Event March's modifier
    attack = arithmetic.strength(content, b["group"], kind, bonus[b["side"]] + faith[b["side"]] + march)
    defence = arithmetic.strength(content, defenders(s), kind, bonus[other] + faith[other])
    return attack, defence


def reactions_for(content: Content, s: State, seat: int) -> list[tuple[str, Order]]:
    """The Reaction Orders ``seat`` may execute in this Battle (p.14): placed in the Battle's
    Region or an Adjacent one, its own Presence there (ruling TC17), the command points to pay;
    Defence only in the Battle's Region for the defence; Reinforce from an Adjacent Region;
    Diversion only against a Reaction the other Alliance used in an Adjacent Region."""
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    near = {b["region"]} | {board(content, s).regions[i].key for i in board(content, s).region(b["region"]).roads}
    out = []
    for key, order in executable(content, s, seat, reaction=True):
        if key not in near:
            continue
        do = order.effects[0].do
        if do == "defence" and (key != b["region"] or side == b["side"]):
            continue
        if do == "reinforce" and key == b["region"]:
            continue
        if do == "diversion" and not any(r["side"] != side and not r.get("cancelled") and r["region"] != b["region"]
                                         for r in b["reactions"]):
            continue
        if do in ("retreat", "tactical_retreat"):
            continue  # leaving the Battle: ruled in a later step of the game (not offered yet)
        out.append((key, order))
    return out


def _orders_near(content: Content, s: State, seat: int) -> bool:
    """Whether ``seat`` has an Order on the map, face down, in the Battle's Region or next to it.
    Every such seat of the lower side is asked, whether or not its Orders can react: who is
    asked tells the other Alliance nothing it cannot see (a Blank Order may bluff a Reaction)."""
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    bd = board(content, s)
    near = {b["region"]} | {bd.regions[i].key for i in bd.region(b["region"]).roads}
    return any((s["sections"][key][side] or [None])[0] == army for key in near)


def _react_round(content: Content, s: State, log: list[Event]) -> None:
    """The Alliance with the lower Strength (the attacker on a tie) may react; its seats are
    asked in turn, the one in charge first; a Reaction recomputes and asks again (p.14)."""
    b = s["battle"]
    attack, defence = strengths(content, s)
    low = b["side"] if attack <= defence else ("muslim" if b["side"] == "crusader" else "crusader")
    first = in_charge(s, low)
    seats = [first] + [seat for seat in s["initiative"] if seat != first and ALLIANCE_OF[s["armies"][seat]] == low]
    seats = list(dict.fromkeys(seats))
    b["ask"] = [seat for seat in seats if seat not in b["declined"] and _orders_near(content, s, seat)]
    if not b["ask"]:
        _resolve(content, s, log)


def battle_legal(content: Content, s: State, seat: int) -> list[Action]:
    b = s["battle"]
    if b["stage"] == "react":
        return [act("react", key) for key, _ in reactions_for(content, s, seat)] + [act("no_react")]
    if b["stage"] == "losses":
        return [act("lose", p) for p in sorted(set(_loss_candidates(content, s)))]
    if b["stage"] == "retreat":
        return [act("retreat", key, piece) for piece in sorted(set(b["retreat"][0]["pieces"]))
                for key in _retreat_targets(content, s, piece)]
    return []


def battle_perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    b = s["battle"]
    name = ARMY_NAMES[s["armies"][seat]]
    if b["stage"] == "react":
        if action.verb == "no_react":
            b["declined"].append(seat)
            log.append(Event(f"{name} executes no Reaction Order.", "p.14"))
            b["ask"].pop(0)
            if not b["ask"]:
                _resolve(content, s, log)
            return
        _react(content, s, seat, action.args[0], log)
        b["declined"] = []
        _react_round(content, s, log)
        return
    if b["stage"] == "losses":
        _lose(content, s, action.args[0], log)
        return
    if b["stage"] == "retreat":
        _retreat(content, s, action.args[0], action.args[1], log)


def _react(content: Content, s: State, seat: int, key: str, log: list[Event]) -> None:
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    order = order_of(army, s["sections"][key][side][1])
    s["sections"][key][side] = None
    s["cp"][seat] -= order.cost
    s["executed"][army].append(order.key)
    do = order.effects[0].do
    reaction = {"seat": seat, "side": side, "region": key, "do": do, "bonus": 0}
    where = board(content, s).region(key).name
    if do == "defence":
        reaction["bonus"] = order.effects[0].n
        text = f"Defence +{order.effects[0].n} in {where}"
    elif do == "reinforce":
        units = [p for p in pieces(s, key, army) if what(p) in UNITS]
        reaction["bonus"] = len(units)
        b["reinforce"][key] = army
        text = f"Reinforce from {where}: +{len(units)}"
    else:
        target = next(r for r in reversed(b["reactions"])
                      if r["side"] != side and not r.get("cancelled") and r["region"] != b["region"])
        target["cancelled"] = True
        if target["do"] == "reinforce":
            b["reinforce"].pop(target["region"], None)
        text = f"Diversion in {where}, cancelling the {target['do'].replace('_', ' ').title()} from " \
               f"{board(content, s).region(target['region']).name}"
    b["reactions"].append(reaction)
    attack, defence = strengths(content, s)
    log.append(Event(f"{ARMY_NAMES[army]} reacts: {order.name}, {text} (command points {order.cost}). "
                     f"Strength: attack {attack}, defence {defence}.", "p.14", marks=(f"region:{key}",)))


def _resolve(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    b["leaders_defending"] = any(what(p) in content.leaders for p in defenders(s))
    attack, defence = strengths(content, s)
    kind = kind_of(content, s, b["region"])
    other = "muslim" if b["side"] == "crusader" else "crusader"
    if arithmetic.only_bare_leaders(content, defenders(s)) or arithmetic.only_bare_leaders(content, b["group"]):
        bare_defence = arithmetic.only_bare_leaders(content, defenders(s))
        winner = "attacker" if bare_defence else "defender"
        b["result"] = {"winner": winner, "attack": attack, "defence": defence, "bare": True}
        loser = defenders(s) if bare_defence else list(b["group"])
        b["dead_leaders"] = [p for p in loser if what(p) in content.leaders and owner(p) != NEUTRAL]
        for piece in loser:
            if bare_defence:
                take(content, s, b["region"], piece, recount_now=False)
            else:
                b["group"].remove(piece)
        recount(content, s)
        log.append(Event(f"Leaders without Unit icons cannot fight: they are lost, and the "
                         f"{'attack' if winner == 'attacker' else 'defence'} wins without losses.", "p.14"))
        b["losses"] = []
        _after_losses(content, s, log)
        return
    winner, att_loss, def_loss = arithmetic.outcome(attack, defence)
    b["result"] = {"winner": winner, "attack": attack, "defence": defence}
    log.append(Event(f"Strength {attack} against {defence}: the {'attack' if winner == 'attacker' else 'defence'} "
                     f"wins{' (a tie goes to the defender)' if attack == defence else ''}. The attack loses {att_loss}, "
                     f"the defence {def_loss}.", "p.15"))
    loser_side = other if winner == "attacker" else b["side"]
    b["losses"] = [[loser_side, att_loss if loser_side == b["side"] else def_loss],
                   [b["side"] if loser_side != b["side"] else other, 1]]
    b["lost"] = []
    b["dead_leaders"] = []
    b["stage"] = "losses"
    _next_loss(content, s, log)


def _side_pieces(content: Content, s: State, side: str) -> list[str]:
    b = s["battle"]
    if side == b["side"]:
        return list(b["group"])
    here = defenders(s)
    for key, army in b["reinforce"].items():
        here += [p for p in pieces(s, key, army) if what(p) in UNITS]
    return here


def _next_loss(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    while b["losses"]:
        side, n = b["losses"][0]
        if n <= 0 or not _side_pieces(content, s, side):
            b["losses"].pop(0)
            b["lost"] = []
            continue
        b["chooser"] = in_charge(s, side)
        return
    _after_losses(content, s, log)


def _loss_candidates(content: Content, s: State) -> list[str]:
    b = s["battle"]
    side = b["losses"][0][0]
    own = s["armies"][b["chooser"]]
    out = [p for p in _side_pieces(content, s, side) if arithmetic.fair_losses(b["lost"] + [p], own)]
    return out or _side_pieces(content, s, side)


def _lose(content: Content, s: State, piece: str, log: list[Event]) -> None:
    b = s["battle"]
    side = b["losses"][0][0]
    if side == b["side"]:
        b["group"].remove(piece)
        if owner(piece) not in (NEUTRAL,) and what(piece) in UNITS:
            s["reserve"][owner(piece)][what(piece)] += 1
    else:
        where = b["region"] if piece in s["map"][b["region"]] else next(
            k for k, army in b["reinforce"].items() if piece in s["map"][k])
        to_board(content, s, where, piece)
    if what(piece) in content.leaders and owner(piece) != NEUTRAL and side == _loser(s):
        b["dead_leaders"].append(piece)
    b["lost"].append(piece)
    b["losses"][0][1] -= 1
    log.append(Event(f"{describe_group(content, [piece])} is lost.", "p.15"))
    recount(content, s)
    _next_loss(content, s, log)


def _loser(s: State) -> str:
    b = s["battle"]
    other = "muslim" if b["side"] == "crusader" else "crusader"
    return other if b["result"]["winner"] == "attacker" else b["side"]


def _after_losses(content: Content, s: State, log: list[Event]) -> None:
    """Retreats (p.15): the beaten defence leaves for an Adjacent Region that is empty or its
    Alliance's, never the attacker's origin; the winning attacker takes the Region, and where a
    shape of Slot is short, the attacker chooses which of its pieces retreat the same way; a
    beaten attack goes back where it came from (Neutral attackers join the defence if they fit)."""
    b = s["battle"]
    region = b["region"]
    b["retreat"] = []
    if b["result"]["winner"] == "attacker":
        for piece in [p for p in defenders(s) if owner(p) != NEUTRAL]:
            take(content, s, region, piece, recount_now=False)
            b["retreat"].append({"pieces": [piece], "n": 1})
        for sh in ("square", "hex", "trapezoid"):
            mine = [p for p in b["group"] if shape(content, p) == sh]
            room = free(content, s, region, sh)
            if len(mine) > room:
                b["retreat"].append({"pieces": mine, "n": len(mine) - room})
    else:
        for piece in b["group"]:
            if owner(piece) == NEUTRAL and free(content, s, region, shape(content, piece)):
                add(content, s, region, piece, recount_now=False)  # Neutral attackers join the defence
            elif b["from"] and free(content, s, b["from"], shape(content, piece)):
                if b.get("sea") or _past_bandits(content, s, b["from"], piece, log):
                    add(content, s, b["from"], piece, recount_now=False)
            else:  # no room where it came from, or added by an Event Card: it retreats
                b["retreat"].append({"pieces": [piece], "n": 1})
        b["group"] = []
    recount(content, s)
    _next_retreat(content, s, log)


def _retreat_targets(content: Content, s: State, piece: str) -> list[str]:
    b = s["battle"]
    bd = board(content, s)
    side = ALLIANCE_OF[owner(piece)] if owner(piece) != NEUTRAL else b["side"]
    out = []
    for i in bd.region(b["region"]).roads:
        key = bd.regions[i].key
        if key == b["from"] and side != b["side"]:
            continue  # never to the Region the attacker Marched from
        if alliance_in(s, key) - {side} or not free(content, s, key, shape(content, piece)):
            continue
        out.append(key)
    return out


def _next_retreat(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    while b["retreat"]:
        entry = b["retreat"][0]
        if entry["n"] <= 0:
            b["retreat"].pop(0)
            continue
        movable = [p for p in entry["pieces"] if _retreat_targets(content, s, p)]
        if movable:
            b["stage"] = "retreat"
            side = b["side"] if owner(movable[0]) == NEUTRAL else ALLIANCE_OF[owner(movable[0])]
            b["chooser"] = in_charge(s, side)
            return
        piece = entry["pieces"].pop(0)  # nowhere to go: lost
        entry["n"] -= 1
        if piece in b["group"]:
            b["group"].remove(piece)
        if what(piece) in UNITS and owner(piece) != NEUTRAL:
            s["reserve"][owner(piece)][what(piece)] += 1
        elif what(piece) in content.leaders and owner(piece) != NEUTRAL and ALLIANCE_OF[owner(piece)] == _loser(s):
            b["dead_leaders"].append(piece)
        log.append(Event(f"{describe_group(content, [piece])} has nowhere to retreat and is lost.", "p.15"))
    for piece in b["group"]:
        add(content, s, b["region"], piece, recount_now=False)  # the winning attack moves in
    b["group"] = []
    recount(content, s)
    _glory(content, s, log)


def _retreat(content: Content, s: State, key: str, piece: str, log: list[Event]) -> None:
    b = s["battle"]
    entry = b["retreat"][0]
    entry["pieces"].remove(piece)
    entry["n"] -= 1
    if piece in b["group"]:
        b["group"].remove(piece)
    log.append(Event(f"{describe_group(content, [piece])} retreats to {board(content, s).region(key).name}.", "p.15",
                     marks=(f"region:{key}",)))
    if _past_bandits(content, s, key, piece, log):
        add(content, s, key, piece)
    _next_retreat(content, s, log)


def _past_bandits(content: Content, s: State, to: str, piece: str, log: list[Event]) -> bool:
    """A piece leaving the Battle along the Road to ``to``: the Road's Bandits take 2 Units each
    from all that go that way in this Battle, then are removed ("even as part of a retreat",
    glossary, Bandit). Leaders are no Units: they pass. Whether the piece gets through."""
    b = s["battle"]
    n = bandits_on(s, b["region"], to)
    if n:
        b["toll"][to] = b["toll"].get(to, 0) + BANDIT_TOLL * n
        s["bandits"] = [r for r in s["bandits"] if sorted(r) != sorted((b["region"], to))]
    if what(piece) not in UNITS or not b["toll"].get(to):
        return True
    b["toll"][to] -= 1
    if owner(piece) != NEUTRAL:
        s["reserve"][owner(piece)][what(piece)] += 1
    recount(content, s)
    log.append(Event(f"Bandits on the Road to {board(content, s).region(to).name}: "
                     f"{describe_group(content, [piece])} is lost.", "p.32"))
    return False


def _glory(content: Content, s: State, log: list[Event]) -> None:
    """Glory to the winning Alliance, up to 4 (p.15); the Battle ends and the Order goes on."""
    b = s["battle"]
    result = b["result"]
    winner = b["side"] if result["winner"] == "attacker" else ("muslim" if b["side"] == "crusader" else "crusader")
    gained = arithmetic.glory(board(content, s).region(b["region"]).city, result["winner"] == "attacker",
                              bool(b.get("leaders_attacking")), bool(b.get("leaders_defending")),
                              bool(b["dead_leaders"]))
    s["glory"] += gained if winner == "crusader" else -gained
    log.append(Event(f"The {'Crusader' if winner == 'crusader' else 'Muslim'} Alliance wins the Battle"
                     + (f" and gains {gained} Glory." if gained else " and gains no Glory."), "p.15"))
    s["battle"] = None
    _done_step(content, s, log)
