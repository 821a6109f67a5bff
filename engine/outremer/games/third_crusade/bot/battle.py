"""The Bot in a Battle (Solo rules, Battle, p.21): its Reactions drawn at random from its
Reaction group and where they go, the losses it takes, and where its pieces retreat. Standard
Battles otherwise (p.14-15); the engine's ``battle_phase`` asks, these answer.

- ``bot_is_lowest(s, army) -> bool``: whether the Bot's side has the lower Battle Strength now
  (the attacker on a tie, p.14), when it draws a Reaction.
- ``draw_reaction(s, army, group, rand, log) -> str | None``: a random Order key drawn out of
  the Bot's face-down Reaction ``group`` (the list is changed: the Order drawn, a Blank one too,
  is set aside until Upkeep, ruling TC102); None for a Blank Order or an empty group.
- ``reaction_region(s, army, order_key, log) -> str | None``: where the drawn Order is placed
  (the defended Region; the Region attacked from; Reinforce in the strongest Adjacent Region
  with Presence), None when it can do nothing there and is not used (ruling TC102).
- ``choose_reaction(s, army, legal, rand, log, placed=None) -> Action``: once the flow has put
  the drawn Order face down in ``placed``, ``react <placed>`` if the engine offers it, else
  ``no_react``.
- ``choose_loss(s, army, legal, rand, log) -> Action`` and ``choose_retreat(...)``.
"""

from __future__ import annotations

from ....core.actions import Action, act
from ....core.errors import IllegalAction
from ....core.game import State
from .. import battle as arithmetic
from ..battle_end import defenders
from ..battle_phase import strengths
from ..cards import order_of
from ..data import ALLIANCE_OF, content, what
from . import geometry as geo
from .common import LOSS_ORDER, Rand, allies, draw, is_neutral, is_unit, need, note, of_verb, unit_word, units_in

DEFENCE_ONLY = ("defence", "retreat", "tactical_retreat")
"""Reactions only the defence may execute in the Battle's Region (p.14; ruling TC51)."""


def _battle(s: State) -> dict:
    b = s.get("battle")
    if not b:
        raise ValueError("no Battle is being fought")
    return b


def _attacking(s: State, army: str) -> bool:
    return ALLIANCE_OF[army] == _battle(s)["side"]


def bot_is_lowest(s: State, army: str) -> bool:
    """Whether the Bot's side has the lower Battle Strength (the attacker on a tie, p.14: the
    side that may react)."""
    attack, defence = strengths(content(), s)
    return attack <= defence if _attacking(s, army) else defence < attack


def draw_reaction(s: State, army: str, group: list[str], rand: Rand, log: list) -> str | None:
    """p.21: "if the Bot has the lowest Battle Strength, a random Order is drawn from the Reaction
    group (if any Orders are left there). If a Blank Order is drawn, there is no Reaction.\""""
    if not group:
        note(log, army, "has no Order left in its Reaction group and does not react", "p.21")
        return None
    key = draw(group, rand)
    order = order_of(army, key)
    if order.blank:
        note(log, army, "draws a Blank Order from its Reaction group: no Reaction", "p.21")
        return None
    note(log, army, f"draws {order.name} from its Reaction group", "p.21")
    return key


def reaction_region(s: State, army: str, order_key: str, log: list) -> str | None:
    """Where the drawn Reaction Order goes (p.21): as the defender, the defended Region; as the
    attacker, the Region it attacked from; Reinforce, the strongest Adjacent Region with the Bot's
    Presence (ties by Proximity), else unused. An Order that could not react there (a Defence or
    Retreat for the attack, a Diversion with nothing to cancel, an attack an Event Card brought
    from no Region) is not placed (ruling TC102)."""
    b = _battle(s)
    do = order_of(army, order_key).effects[0].do
    name = order_of(army, order_key).name
    c = content()
    if do == "reinforce":
        near = [k for k in geo.board(s).adjacent_to(b["region"]) if units_in(s, k, army)]
        where = geo.strongest(s, army, near)
        if where is None:
            note(log, army, f"has no Adjacent Region with its Units for {name}: the Order is not used", "p.21")
            return None
        note(
            log,
            army,
            f"places {name} in {geo.board(s).region(where).name}, its strongest Adjacent Region (Reinforce, p.21)",
            "p.21",
        )
        return where
    attacking = _attacking(s, army)
    if do in DEFENCE_ONLY and attacking:
        note(log, army, f"cannot use {name} as the attacker: the Order is not used", "TC102")
        return None
    if do in ("retreat", "tactical_retreat") and arithmetic.only_bare_leaders(c, defenders(s)):
        note(log, army, f"cannot use {name}: the Order is not used", "TC102")
        return None
    side = ALLIANCE_OF[army]
    if do == "diversion" and not any(
        r["side"] != side and not r.get("cancelled") and r["region"] != b["region"] for r in b["reactions"]
    ):
        note(log, army, f"has nothing for {name} to cancel: the Order is not used", "TC102")
        return None
    where = b["from"] if attacking else b["region"]
    if where is None:
        note(log, army, f"attacked from no Region: {name} is not used", "TC102")
        return None
    role = "the Region it attacked from" if attacking else "the Region it defends"
    note(log, army, f"places {name} in {geo.board(s).region(where).name}, {role}", "p.21")
    return where


def choose_reaction(
    s: State, army: str, legal: list[Action], rand: Rand, log: list, placed: str | None = None
) -> Action:
    """The Bot executes only the Order it drew and placed in ``placed`` (p.21); with none, or
    where the engine does not offer it, no Reaction."""
    need(legal, "a Reaction")
    if act("no_react") not in legal:
        raise IllegalAction("The Bot is asked for a Reaction, but no Reaction is being asked in this Battle.")
    if placed is not None and act("react", placed) in legal:
        return act("react", placed)
    return act("no_react")


# -- losses ---------------------------------------------------------------------------------------
def _piece_and_region(s: State, a: Action) -> tuple[str, str]:
    """A ``lose`` action's piece, and the Region it stands in for the Bot's count: a Reinforcing
    Unit's own Region, else the Battle's Region (the attack on its Road fights there)."""
    return a.args[0], (a.args[1] if len(a.args) > 1 else _battle(s)["region"])


def _side_strength(s: State, army: str, where: str) -> int:
    """The Bot's strength in the Battle where ``where`` is the Battle's Region (its attacking
    group counted there when it attacks), else in that Reinforcing Region (ruling TC103)."""
    b = _battle(s)
    mine = allies(s, army)
    if where != b["region"]:
        return geo.strength(s, mine, where)
    kind = geo.board(s).region(b["region"]).kind
    group = b["group"] if _attacking(s, army) else [p for p in defenders(s) if not is_neutral(p)]
    return sum(arithmetic.piece_strength(content(), p, kind) for p in group if p.split(":")[0] in mine)


def choose_loss(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    """p.21: "The Bot will always remove the 1 Neutral Unit allowed first. In a City they will
    prioritize: Infantry, Cavalry and last Siege Engines. In a Desert: Siege Engines, Infantry and
    Cavalry. The Bot will avoid losing any Leaders if possible. If the Reinforce Order is used,
    the Bot will remove losses from the stronger Region. Ties are broken by Proximity." Its own
    pieces before its partner's (ruling TC103)."""
    need(legal, "a Battle loss")
    b = _battle(s)
    losses = of_verb(legal, "lose")
    kind = geo.board(s).region(b["region"]).kind
    where_name = geo.board(s).region(b["region"]).name
    if not b["lost"]:
        neutral = [a for a in losses if is_neutral(a.args[0]) and is_unit(a.args[0])]
        if neutral:
            choice = min(neutral, key=lambda a: LOSS_ORDER[kind].index(what(a.args[0])))
            note(
                log,
                army,
                f"loses the Neutral {unit_word(choice.args[0])} first (the 1 Neutral Unit allowed, p.21)",
                "p.21",
            )
            return choice
    units = [a for a in losses if is_unit(a.args[0])]
    pool = units or losses
    regions = {_piece_and_region(s, a)[1] for a in pool}
    ranked = sorted(regions, key=lambda k: (-_side_strength(s, army, k), geo.proximity_key(s, army, k)))
    top = ranked[0]
    here = [a for a in pool if _piece_and_region(s, a)[1] == top]

    def rank(a: Action) -> tuple:
        piece = a.args[0]
        theirs = piece.split(":")[0] != army
        if is_unit(piece):
            return theirs, LOSS_ORDER[kind].index(what(piece)), piece
        return theirs, arithmetic.piece_strength(content(), piece, kind), piece

    choice = min(here, key=rank)
    piece = choice.args[0]
    if is_unit(piece):
        order = " > ".join(unit_word(f"x:{u}") for u in LOSS_ORDER[kind])
        why = f"losses in a {'City' if kind == 'city' else 'Desert'}: {order}, p.21"
    else:
        why = "no Unit left to lose, the weakest Leader, p.21"
    there = geo.board(s).region(top).name
    extra = f", from {there}, the stronger Region (Reinforce)" if len(regions) > 1 else ""
    note(
        log,
        army,
        f"loses {'a' if is_unit(piece) else 'the Leader'} "
        f"{unit_word(piece) if is_unit(piece) else content().leaders[what(piece)].name} in {where_name}"
        f"{extra} ({why})",
        "p.21",
    )
    return choice


# -- retreat --------------------------------------------------------------------------------------
def choose_retreat(s: State, army: str, legal: list[Action], rand: Rand, log: list) -> Action:
    """p.21: "They will first choose the weakest Region where they have Units, if there are
    multiple options, the one closest to Jerusalem. Any tie is broken by Proximity." Each piece in
    turn goes to the Region weakest at that moment; Units before Leaders, who stay with the
    winning attack when they can; a Region without its Units only when none with them is offered
    (ruling TC104)."""
    need(legal, "a retreat")
    moves = of_verb(legal, "retreat")
    if not moves:
        return legal[0]
    pieces = sorted({a.args[1] for a in moves}, key=lambda p: (not is_unit(p), p))
    piece = pieces[0]
    targets = [a.args[0] for a in moves if a.args[1] == piece]
    with_units = [k for k in targets if units_in(s, k, army)]
    pool = with_units or targets

    def order(k: str) -> tuple:
        return geo.strength_key(s, army, k), geo.jerusalem_steps(s, k), geo.proximity_key(s, army, k)

    to = min(pool, key=order)
    label = unit_word(piece) if is_unit(piece) else content().leaders[what(piece)].name
    why = "the weakest Region with its Units" if with_units else "no Region with its Units: the weakest"
    note(
        log,
        army,
        f"retreats {'a ' if is_unit(piece) else ''}{label} to {geo.board(s).region(to).name} "
        f"({why}, then closest to Jerusalem, then Proximity, p.21)",
        "p.21",
    )
    return act("retreat", to, piece)
