"""A Battle (p.14-15), started by a March or an Event Card in the Command phase: the attacking
group waits on the Road; the Alliance with the lower Strength may execute Reaction Orders, asked
in turn, until it executes none; the losses, chosen one by one by the player in charge of each
side; the retreats, one piece at a time, each Road paying its Bandits (``moves.cross``); the
Glory. A Retreat or Tactical Retreat Order takes the defence out of the Battle (ruling TC51).
The retreats and the Glory, with who is in charge of each side, are ``battle_end.py``'s.

State: ``s["battle"]``, the Battle being fought, None when there is none. The Battle ends with
``s["battle"]`` back to None; the Command phase then goes on with what started it.
"""

from __future__ import annotations

from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.words import count
from . import battle as arithmetic
from .battle_end import after_losses, defenders, in_charge, loser, retreat, retreat_targets
from .cards import Order
from .data import ALLIANCE_OF, ARMY_NAMES, NEUTRAL, UNITS, Content, owner, what
from .execution import board, executable, turn_up
from .moves import cross, owned, pieces, take, to_board
from .solo import bot_may_draw, solo
from .state import alone, faith_of, retrack

WITHDRAWALS = ("retreat", "tactical_retreat")
"""Reaction Orders by which the defence leaves the Battle (glossary, Retreat, Tactical Retreat)."""


def to_act(s: State) -> int:
    """The seat asked for a Reaction, or choosing a loss or a retreat."""
    b = s["battle"]
    return b["ask"][0] if b["stage"] == "react" else b["chooser"]


def start(
    content: Content,
    s: State,
    seat: int,
    frm: str | None,
    to: str,
    group: list[str],
    log: list[Event],
    strength: int = 0,
    sea: bool = False,
) -> None:
    """The attacking group waits on the Road (p.14); the Reaction loop starts. ``frm`` is None
    for Units an Event Card adds; ``strength`` an Event March's modifier to the attack; ``sea``
    a Sea Move, whose way back is by sea, past no Bandit."""
    attacker = s["armies"][seat]
    s["battle"] = {
        "region": to,
        "from": frm,
        "attacker": seat,
        "side": ALLIANCE_OF[attacker],
        "group": list(group),
        "strength": strength,
        "sea": sea,
        "toll": {},
        "reactions": [],
        "declined": [],
        "stage": "react",
        "ask": [],
        "chooser": None,
        "losses": [],
        "lost": [],
        "retreat": [],
        "reinforce": {},
        "leaders_attacking": any(what(p) in content.leaders for p in group),
    }
    log.append(
        Event(
            f"A Battle in {board(content, s).region(to).name}: {ARMY_NAMES[attacker]} attacks.",
            "p.14",
            marks=(f"region:{to}",),
        )
    )
    if arithmetic.only_bare_leaders(content, defenders(s)) or arithmetic.only_bare_leaders(content, group):
        _resolve(content, s, log)  # Leaders without Unit icons are lost at once, before any Reaction (p.14)
        return
    _react_round(content, s, log)


def kind_of(content: Content, s: State, key: str) -> str:
    return board(content, s).region(key).kind


def strengths(content: Content, s: State) -> tuple[int, int]:
    """(attack, defence): the pieces by the table, the lone player's Faith bonus, Reactions.
    The Faith compared is the attacker's and the defending Army in charge's (ruling TC53)."""
    b = s["battle"]
    kind = kind_of(content, s, b["region"])
    other = "muslim" if b["side"] == "crusader" else "crusader"
    bonus = {b["side"]: 0, other: 0}
    for r in b["reactions"]:
        if not r.get("cancelled"):
            bonus[r["side"]] += r["bonus"]
    held = {b["side"]: faith_of(s, s["armies"][b["attacker"]]), other: faith_of(s, s["armies"][in_charge(s, other)])}
    # the solo game: "In any Battle, if an Army has higher Faith than the opposing Army, they get +1" (p.21)
    faith = {
        side: arithmetic.faith_bonus(
            alone(s, side) or solo(s), held[side], held[other if side == b["side"] else b["side"]]
        )
        for side in bonus
    }
    march = b.get("strength", 0)  # an Event March's modifier
    attack = arithmetic.strength(content, b["group"], kind, bonus[b["side"]] + faith[b["side"]] + march)
    defence = arithmetic.strength(content, defenders(s), kind, bonus[other] + faith[other])
    return attack, defence


def reactions_for(content: Content, s: State, seat: int) -> list[tuple[str, Order]]:
    """The Reaction Orders ``seat`` may execute in this Battle (p.14): placed in the Battle's
    Region or an Adjacent one, its own Presence there (ruling TC17), the command points to pay;
    Defence only in the Battle's Region for the defence; Reinforce from an Adjacent Region;
    Diversion only against a Reaction the other Alliance used in an Adjacent Region; Retreat and
    Tactical Retreat only in the Battle's Region for a defence that can fight (ruling TC51)."""
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    near = {b["region"], *board(content, s).adjacent_to(b["region"])}  # by Road only (ruling TC75)
    out = []
    for key, order in executable(content, s, seat, reaction=True):
        if key not in near:
            continue
        do = order.effects[0].do
        if do == "defence" and (key != b["region"] or side == b["side"]):
            continue
        if do == "reinforce" and key == b["region"]:
            continue
        if do == "diversion" and not any(
            r["side"] != side and not r.get("cancelled") and r["region"] != b["region"] for r in b["reactions"]
        ):
            continue
        if do in WITHDRAWALS and (
            key != b["region"] or side == b["side"] or arithmetic.only_bare_leaders(content, defenders(s))
        ):
            continue
        out.append((key, order))
    return out


def _orders_near(content: Content, s: State, seat: int) -> bool:
    """Whether ``seat`` has an Order on the map, face down, in the Battle's Region or next to it.
    Every such seat of the lower side is asked, whether or not its Orders can react: who is
    asked tells the other Alliance nothing it cannot see (a Blank Order may bluff a Reaction)."""
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    near = {b["region"], *board(content, s).adjacent_to(b["region"])}
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
    b["ask"] = [
        seat
        for seat in seats
        if seat not in b["declined"] and (_orders_near(content, s, seat) or bot_may_draw(s, seat))
    ]
    if not b["ask"]:
        _resolve(content, s, log)


def legal(content: Content, s: State, seat: int) -> list[Action]:
    b = s["battle"]
    if b["stage"] == "react":
        return [act("react", key) for key, _ in reactions_for(content, s, seat)] + [act("no_react")]
    if b["stage"] == "losses":
        return [act("lose", *choice) for choice in sorted(set(_loss_candidates(content, s)))]
    if b["stage"] == "retreat":
        return [
            act("retreat", key, piece)
            for piece in sorted(set(b["retreat"][0]["pieces"]))
            for key in retreat_targets(content, s, piece)
        ]
    return []


def perform(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
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
        if b.get("withdrawn"):
            _withdraw(content, s, log)
        else:
            _react_round(content, s, log)
        return
    if b["stage"] == "losses":
        _lose(content, s, action.args, log)
        return
    if b["stage"] == "retreat":
        retreat(content, s, action.args[0], action.args[1], log)


def _react(content: Content, s: State, seat: int, key: str, log: list[Event]) -> None:
    b = s["battle"]
    army = s["armies"][seat]
    side = ALLIANCE_OF[army]
    order = turn_up(s, seat, key)
    do = order.effects[0].do
    reaction = {"seat": seat, "side": side, "region": key, "do": do, "bonus": 0}
    where = board(content, s).region(key).name
    if do == "defence":
        reaction["bonus"] = order.effects[0].n
        text = f"Defence +{order.effects[0].n} in {where}"
    elif do == "reinforce":  # along the Road to the Battle: its Bandits take their toll first (TC50)
        units = [p for p in pieces(s, key, army) if what(p) in UNITS]
        for piece in cross(content, s, key, b["region"], units, log):
            take(content, s, key, piece, recount_now=False)
        retrack(content, s)
        reaction["bonus"] = len(units)
        b["reinforce"][key] = army
        text = f"Reinforce from {where}: +{len(units)}"
    elif do in WITHDRAWALS:
        b["withdrawn"] = {"seat": seat, "do": do}
        text = (
            f"Retreat in {where}: the defence leaves the Battle without losses"
            if do == "retreat"
            else f"Tactical Retreat in {where}: {ARMY_NAMES[army]} loses 1 Unit and the defence leaves the Battle"
        )
    else:
        target = next(
            r
            for r in reversed(b["reactions"])
            if r["side"] != side and not r.get("cancelled") and r["region"] != b["region"]
        )
        target["cancelled"] = True
        if target["do"] == "reinforce":
            b["reinforce"].pop(target["region"], None)
        text = (
            f"Diversion in {where}, cancelling the {target['do'].replace('_', ' ').title()} from "
            f"{board(content, s).region(target['region']).name}"
        )
    b["reactions"].append(reaction)
    attack, defence = strengths(content, s)
    log.append(
        Event(
            f"{ARMY_NAMES[army]} reacts: {order.name}, {text} (for {count(order.cost, 'command point')}). "
            f"Strength: attack {attack}, defence {defence}.",
            "p.14",
            marks=(f"region:{key}",),
        )
    )


def _side(alliance: str) -> str:
    return "Crusader" if alliance == "crusader" else "Muslim"


def _resolve(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    b["leaders_defending"] = any(what(p) in content.leaders for p in defenders(s))
    attack, defence = strengths(content, s)
    other = "muslim" if b["side"] == "crusader" else "crusader"
    if arithmetic.only_bare_leaders(content, defenders(s)) or arithmetic.only_bare_leaders(content, b["group"]):
        bare_defence = arithmetic.only_bare_leaders(content, defenders(s))
        winner = "attacker" if bare_defence else "defender"
        b["result"] = {"winner": winner, "attack": attack, "defence": defence, "bare": True}
        loser = defenders(s) if bare_defence else list(b["group"])
        b["dead_leaders"] = [p for p in loser if what(p) in content.leaders]
        for piece in loser:
            if bare_defence:
                take(content, s, b["region"], piece, recount_now=False)
            else:
                b["group"].remove(piece)
        retrack(content, s)
        log.append(
            Event(
                f"Leaders without Unit icons cannot fight: {', '.join(owned(content, p) for p in loser)} "
                f"{'is' if len(loser) == 1 else 'are'} lost, and the "
                f"{'attack' if winner == 'attacker' else 'defence'} wins without losses.",
                "p.14",
            )
        )
        b["losses"] = []
        after_losses(content, s, log)
        return
    winner, att_loss, def_loss = arithmetic.outcome(attack, defence)
    b["result"] = {"winner": winner, "attack": attack, "defence": defence}
    log.append(
        Event(
            f"Strength {attack} against {defence}: the {'attack' if winner == 'attacker' else 'defence'} "
            f"wins{' (a tie goes to the defender)' if attack == defence else ''}. The {_side(b['side'])} attack "
            f"loses {count(att_loss, 'piece')}, the {_side(other)} defence {count(def_loss, 'piece')}.",
            "p.15",
        )
    )
    loser_side = other if winner == "attacker" else b["side"]
    b["losses"] = [
        [loser_side, att_loss if loser_side == b["side"] else def_loss],
        [b["side"] if loser_side != b["side"] else other, 1],
    ]
    b["lost"] = []
    b["dead_leaders"] = []
    b["stage"] = "losses"
    _next_loss(content, s, log)


def _withdraw(content: Content, s: State, log: list[Event]) -> None:
    """The defence leaves the Battle by a Retreat or Tactical Retreat (ruling TC51): no Strength
    is compared; the attack takes the Region as a winning attack does, the defence retreats as a
    beaten one does (p.15), Neutral pieces staying. A Retreat costs nobody a piece and the attack
    wins the Battle; a Tactical Retreat costs the Army executing it 1 of its Units in the Battle's
    Region, and nobody wins the Battle."""
    b = s["battle"]
    b["leaders_defending"] = any(what(p) in content.leaders for p in defenders(s))
    attack, defence = strengths(content, s)
    b["result"] = {"winner": "attacker", "attack": attack, "defence": defence, "withdrawn": b["withdrawn"]["do"]}
    b["dead_leaders"] = []
    b["lost"] = []
    if b["withdrawn"]["do"] == "tactical_retreat":
        b["losses"] = [[loser(s), 1]]
        b["stage"] = "losses"
        _next_loss(content, s, log)
        return
    b["losses"] = []
    after_losses(content, s, log)


def _side_pieces(content: Content, s: State, side: str) -> list[tuple[str, ...]]:
    """A side's pieces in the Battle, each as the words of its ``lose`` action: ``(piece,)`` for
    the attacking group on the Road or the defence in the Battle's Region, ``(piece, region)``
    for a Unit the side's Reinforce brought, which stays in its Region (glossary, Reinforce:
    "the Reinforcing Units are also considered part of the Battle"; the attack as the defence
    may Reinforce, p.14; ruling TC57)."""
    b = s["battle"]
    here: list[tuple[str, ...]] = [(p,) for p in (b["group"] if side == b["side"] else defenders(s))]
    for key, army in b["reinforce"].items():
        if ALLIANCE_OF[army] == side:
            here += [(p, key) for p in pieces(s, key, army) if what(p) in UNITS]
    return here


def _next_loss(content: Content, s: State, log: list[Event]) -> None:
    b = s["battle"]
    while b["losses"]:
        side, n = b["losses"][0]
        if n <= 0 or not _pool(content, s, side):
            b["losses"].pop(0)
            b["lost"] = []
            continue
        b["chooser"] = b["withdrawn"]["seat"] if b.get("withdrawn") else in_charge(s, side)
        return
    after_losses(content, s, log)


def _pool(content: Content, s: State, side: str) -> list[tuple[str, ...]]:
    """The pieces a side may lose now (as :func:`_side_pieces`): all its pieces in the Battle;
    after a Tactical Retreat, the Units in the Battle's Region of the Army that executed it
    (ruling TC51)."""
    b = s["battle"]
    if b.get("withdrawn"):
        army = s["armies"][b["withdrawn"]["seat"]]
        return [(p,) for p in pieces(s, b["region"], army) if what(p) in UNITS]
    return _side_pieces(content, s, side)


def _loss_candidates(content: Content, s: State) -> list[tuple[str, ...]]:
    b = s["battle"]
    if b.get("withdrawn"):
        return _pool(content, s, b["losses"][0][0])
    side = b["losses"][0][0]
    own = s["armies"][b["chooser"]]
    every = _side_pieces(content, s, side)
    return [c for c in every if arithmetic.fair_losses(b["lost"] + [c[0]], own)] or every


def _lose(content: Content, s: State, choice: tuple, log: list[Event]) -> None:
    """One piece lost: from the attacking group (back to its board), from the Battle's Region,
    or a Reinforcing Unit from its own Region (``choice`` names it, ruling TC57)."""
    b = s["battle"]
    side = b["losses"][0][0]
    piece, where = choice[0], (choice[1] if len(choice) > 1 else None)
    if where is not None:
        to_board(content, s, where, piece)
    elif side == b["side"]:
        b["group"].remove(piece)
        if owner(piece) not in (NEUTRAL,) and what(piece) in UNITS:
            s["reserve"][owner(piece)][what(piece)] += 1
    else:
        to_board(content, s, b["region"], piece)
    if what(piece) in content.leaders and side == loser(s):  # a Leader of any colour (p.15)
        b["dead_leaders"].append(piece)
    b["lost"].append(piece)
    b["losses"][0][1] -= 1
    there = f" (Reinforcing from {board(content, s).region(where).name})" if where else ""
    log.append(Event(f"{owned(content, piece)}{there} is lost.", "TC57" if where else "p.15"))
    retrack(content, s)
    _next_loss(content, s, log)
