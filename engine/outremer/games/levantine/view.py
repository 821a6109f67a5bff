"""What a seat may see of a Levantine state, and the words for actions and refusals."""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import State
from ...core.view import LazyView
from . import combat
from .state import HAND_LIMIT, HANDS, MAX_LEADERS, SIDE_NAMES, attacker, crusade, draw_count, holdings, other

PHASES = {
    "support": "Support Phase",
    "recruit": "Recruit Phase",
    "defender": "Defender Phase",
    "battle_check": "Battle Phase",
    "declare": "Battle Phase",
    "siege_check": "Siege Phase",
    "conquest": "Conquest Phase",
    "age": "End Phase",
    "next": "End Phase",
    "over": "Game over",
    "rolled": "Battle Phase",
    "resolve": "Battle Phase",
}


def phase_name(s: State) -> str:
    if s["combat"]:
        return "Battle Phase" if s["combat"]["kind"] == "battle" else "Siege Phase"
    if s["step"] == "declare" and s["conquered"]:
        return "Conquest Phase"
    last = s["last_combat"]
    if (
        s["pending"]
        and s["step"] in ("siege_check", "conquest", "age")
        and last
        and last["hand"] == s["hand"]
        and not last.get("cancelled")
    ):
        # losses still to choose after a Battle or Siege (natural sixes, Dungeon)
        return "Battle Phase" if last["kind"] == "battle" else "Siege Phase"
    if s["pending"] and s["step"] == "next":
        return "End Phase"
    step: str = s["step"]
    return PHASES.get(step, step)


def _combat(game, s: State, seat: int | None) -> dict | None:
    c = s["combat"]
    return (
        None
        if c is None
        else {
            "kind": c["kind"],
            "turn": c["turn"],
            "played": c["played"],
            "effects": c["effects"],
            "dice": c["dice"],
            "totals": c["totals"],
            "plan": None if c["dice"] else combat.dice_plan(s, game.cards),
        }
    )


def _pending(game, s: State, seat: int | None) -> dict | None:
    if not s["pending"]:
        return None
    pending = s["pending"][0]
    return {
        "kind": pending["kind"],
        "seat": pending["seat"],
        "why": pending["why"],
        "count": pending.get("count"),
        "card": pending.get("card"),
    }


PLAYER = {
    "seat": lambda s, p, seat: p,
    "name": lambda s, p, seat: SIDE_NAMES[p],
    "hand": lambda s, p, seat: list(s["hands"][p]) if p == seat else None,
    "hand_count": lambda s, p, seat: len(s["hands"][p]),
    "leaders": lambda s, p, seat: [
        {"card": c, "since": since, "leaves_after": since + 1} for c, since in s["leaders"][p]
    ],
    "armies": lambda s, p, seat: list(s["armies"][p]),
    "forts": lambda s, p, seat: list(s["forts"][p]),
    "tt": lambda s, p, seat: s["tt"][p],
    "holdings": lambda s, p, seat: holdings(s, p),
    "draws": lambda s, p, seat: draw_count(s, p),
    "max_leaders": lambda s, p, seat: MAX_LEADERS[p],
}
"""A side's entries in the view, each a function of (state, side, viewer)."""

VIEW = {
    "game": lambda game, s, seat: game.id,
    "viewer": lambda game, s, seat: seat,
    "hand": lambda game, s, seat: s["hand"],
    "hands": lambda game, s, seat: HANDS,
    "crusade": lambda game, s, seat: crusade(s),
    "attacker": lambda game, s, seat: attacker(s),
    "defender": lambda game, s, seat: other(attacker(s)),
    "step": lambda game, s, seat: s["step"],
    "phase": lambda game, s, seat: phase_name(s),
    "to_act": lambda game, s, seat: game.to_act(s),
    "prompt": lambda game, s, seat: prompt(game, s),
    "players": lambda game, s, seat: [{key: make(s, p, seat) for key, make in PLAYER.items()} for p in (0, 1)],
    "egypt_option": lambda game, s, seat: s["egypt_option"],
    "egypt": lambda game, s, seat: s["egypt"],
    "deck_count": lambda game, s, seat: len(s["deck"]),
    "discard": lambda game, s, seat: list(s["discard"]),
    "hand_limit": lambda game, s, seat: HAND_LIMIT,
    "allow": lambda game, s, seat: list(s["allow"]) if s["step"] in ("recruit", "defender") else None,
    "conquered": lambda game, s, seat: s["conquered"],
    "target": lambda game, s, seat: s["target"],
    "blocked": lambda game, s, seat: s["blocked"],
    "combat": _combat,
    "last_combat": lambda game, s, seat: s["last_combat"],
    "pending": _pending,
    "result": lambda game, s, seat: s["result"],
}
"""The view's entries, in its order, each a function of (game, state, viewer): the whole view
(:func:`view`) and the one a computer player reads entry by entry (:func:`agent_view`)."""


def view(game, s: State, seat: int | None) -> dict:
    """Everything ``seat`` may see: its own hand, never the other hand or the deck order."""
    return {key: make(game, s, seat) for key, make in VIEW.items()}


AGENT_VIEW = {**VIEW, "players": lambda game, s, seat: [LazyView(PLAYER, s, p, seat) for p in (0, 1)]}


def agent_view(game, s: State, seat: int) -> LazyView:
    """The same view, its entries worked out when read (a side's too)."""
    return LazyView(AGENT_VIEW, game, s, seat)


def prompt(game, s: State) -> str:
    """What the seat to act is being asked, in a sentence."""
    if s["result"]:
        return s["result"]["text"]
    if s["pending"]:
        p = s["pending"][0]
        who = SIDE_NAMES[p["seat"]]
        if p["kind"] == "discard":
            return f"{who}: discard {p['count']} card{'s' if p['count'] > 1 else ''} — {p['why']}."
        if p["kind"] == "lose":
            what = "Army" if p["zone"] == "armies" else "Leader"
            return f"{who}: choose {p['count']} {what}{'s' if p['count'] > 1 else ''} in play to discard — {p['why']}."
        return f"{who}: {p['why']}"
    step, att = s["step"], attacker(s)
    if step == "recruit":
        return f"{SIDE_NAMES[att]}: recruit Leaders and Armies, play Transports and events, then end the phase."
    if step == "defender":
        return (
            f"{SIDE_NAMES[other(att)]}: you may put 1 Fortification, 1 Leader and 1 Army into play, then end the phase."
        )
    if step == "declare":
        if s["conquered"]:
            return f"{SIDE_NAMES[att]}: continue the conquest with another Battle and Siege, or stop?"
        return f"{SIDE_NAMES[att]}: attack, or hold back this turn?"
    if step == "commit":
        c = s["combat"]
        kind = "Battle" if c["kind"] == "battle" else "Siege"
        return f"{SIDE_NAMES[c['turn']]}: play a card for the {kind}, or pass (both passing rolls the dice)."
    return ""


def describe(game, s: State, action: Action) -> str:
    """A label for a legal action."""
    verb, args = action.verb, action.args
    cards = game.cards
    if verb == "end":
        return "End the Recruit Phase" if s["step"] == "recruit" else "End the Defender Phase"
    if verb == "attack":
        if args:
            return "Attack Egypt" + (" again" if s["conquered"] else "")
        return "Attack again (Extended Conquest)" if s["conquered"] else "Attack: Battle, then Siege"
    if verb == "hold":
        return "Stop the conquest" if s["conquered"] else "Do not attack this turn"
    if verb == "pass":
        return "Pass"
    if verb == "negate":
        return f"Play The Will of God: negate {cards[s['pending'][0]['card']].name}"
    if verb == "allow":
        return f"Let {cards[s['pending'][0]['card']].name} stand"
    if verb == "keep":
        return "Keep the dice as they are"
    if verb == "reroll":
        die = s["combat"]["dice"][args[0]][args[1]]
        return f"The Will of God: reroll the {SIDE_NAMES[args[0]]}'s {die[0]} ({cards[die[3]].name})"
    card = cards[args[0]]
    if verb == "discard":
        return f"Discard {card.name}"
    if verb == "lose":
        return f"Discard {card.name} from play"
    use = args[1] if len(args) > 1 else card.type
    if s["step"] == "commit":
        if card.type == "event":
            return f"Play {card.name}: {card.note}"
        return f"Play {card.name} for one more die" + (" (as a Battle card)" if len(args) > 1 else "")
    return {
        "leader": f"Put {card.name} into play as a Leader",
        "army": f"Put {card.name} into play as an Army",
        "fortification": f"Build {card.name}",
        "transport": f"Play {card.name} as a Transport (+1 Leader, +1 Army)",
        "draw": f"Play {card.name} to draw {card.draw} cards",
        "event": f"Play {card.name}: {card.note}",
    }.get(use, f"Play {card.name}")


def why_illegal(game, s: State, action: Action) -> str:
    """A specific reason an action is refused now."""
    legal = game.legal_actions(s)
    seat = game.to_act(s)
    who = SIDE_NAMES[seat] if seat is not None else ""
    verb, args = action.verb, action.args
    known = {"play", "end", "attack", "hold", "pass", "discard", "lose", "negate", "allow", "reroll", "keep"}
    if verb not in known:
        return f"“{action.text}” is not a Levantine action (actions: {', '.join(sorted(known))})."
    if s["pending"] and verb not in {a.verb for a in legal}:
        return f"First this must be settled — {prompt(game, s)}"
    if verb in ("play", "discard", "lose") and args:
        card_id = args[0]
        if not isinstance(card_id, int) or not 0 <= card_id < len(game.cards):
            return f"There is no card number {card_id!r} (cards are numbered 0–{len(game.cards) - 1})."
        card = game.cards[card_id]
        if verb in ("play", "discard") and card_id not in s["hands"][seat]:
            return f"{card.name} is not in the {who}'s hand."
        if verb == "lose":
            return f"{card.name} cannot be discarded from play now."
        if not card.usable_by(seat):
            return f"{card.name} is a {'Crusader' if card.side == 'C' else 'Muslim'} card: the {who} cannot use it."
        if s["step"] == "commit":
            return f"{card.name} cannot be played in this {phase_name(s)} by the {who}."
        use = args[1] if len(args) > 1 and isinstance(args[1], str) else None
        if use is not None and use not in card.uses:
            uses = " or ".join(card.uses) if card.uses else "only as itself"
            return f"{card.name} cannot be used as “{use}” (it is used {uses})."
        kind = use or card.type
        if kind == "transport":
            if seat == 1:
                return (
                    f"Only the Crusader gains from Transports: the Muslim may not use {card.name} "
                    "as a Transport (ruling L16)."
                )
            if s["step"] != "recruit":
                return "Transports are played only in the Recruit Phase."
        if kind == "leader":
            if len(s["leaders"][seat]) >= MAX_LEADERS[seat]:
                return (
                    f"The {who} already has {MAX_LEADERS[seat]} Leader{'s' if MAX_LEADERS[seat] > 1 else ''} in play."
                )
            if s["allow"][0] <= 0:
                return f"The {who} may put no more Leaders into play this phase."
        if kind == "army" and s["allow"][1] == 0:
            return f"The {who} may put no more Armies into play this phase."
        if kind == "fortification":
            if s["step"] == "recruit":
                return "Fortifications are built in the Defender Phase."
            if s["allow"][2] <= 0:
                return f"The {who} may put no more Fortifications into play this phase."
        if card.type == "event" and s["step"] in ("recruit", "defender"):
            return f"{card.name} would have no effect now, or is not played in the {phase_name(s)} (ruling L3)."
        return f"{card.name} cannot be played in the {phase_name(s)}."
    return f"“{action.text}” is not possible now. {prompt(game, s)}"


__all__ = ["view", "describe", "why_illegal", "prompt", "phase_name", "text_table"]


def text_table(game, v: dict) -> str:
    """The table as plain text for the terminal: what the viewer may see."""
    cards = game.cards
    lines = [f"== Levantine — Hand {v['hand']} of {v['hands']}, Crusade {v['crusade']} — {v['phase']} =="]
    egypt = ""
    if v["egypt_option"]:
        egypt = f"   Egypt: {SIDE_NAMES[v['egypt']]}"
    lines.append(
        f"Territory Tokens — Crusader {v['players'][0]['tt']}, Muslim {v['players'][1]['tt']}{egypt}"
        f"   Deck {v['deck_count']}, discard {len(v['discard'])}"
    )
    for p in v["players"]:
        role = "attacker" if p["seat"] == v["attacker"] else "defender"
        leaders = ", ".join(f"{cards[ld['card']].name} (C{ld['since']})" for ld in p["leaders"]) or "—"
        armies = ", ".join(cards[a].name for a in p["armies"]) or "—"
        forts = ", ".join(cards[f].name for f in p["forts"]) or "—"
        lines.append(f"{p['name']} ({role}), {p['hand_count']} cards in hand")
        lines.append(f"   Leaders: {leaders}\n   Armies: {armies}\n   Fortifications: {forts}")
    c = v["combat"] or None
    if c:
        for seat in (0, 1):
            played = ", ".join(cards[x].name for x in c["played"][seat]) or "—"
            lines.append(f"{c['kind'].capitalize()} — {SIDE_NAMES[seat]} committed: {played}")
        if c["dice"]:
            for seat in (0, 1):
                lines.append(
                    f"   {SIDE_NAMES[seat]} dice: {combat.describe_dice(c['dice'][seat])}"
                    f" = {combat.total(c['dice'][seat])}"
                )
    me = v["viewer"]
    if me is not None:
        hand = v["players"][me]["hand"]
        lines.append(
            f"Your hand ({SIDE_NAMES[me]}): "
            + (", ".join(f"{cards[h].name} [{cards[h].letter} {cards[h].side}]" for h in hand) or "empty")
        )
    if v["prompt"]:
        lines.append(v["prompt"])
    return "\n".join(lines)
