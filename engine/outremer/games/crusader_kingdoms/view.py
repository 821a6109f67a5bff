"""What a seat may see of a Crusader Kingdoms state, and the words for actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.game import State
from . import attack as fight
from .state import NOBODY, TURNS, castles_on_map

if TYPE_CHECKING:
    from .game import CrusaderKingdoms


def view(game: "CrusaderKingdoms", s: State, seat: int | None) -> dict:
    flow = game.flow(s)
    mode, board = flow.mode, flow.board
    seats = []
    for p, sd in enumerate(mode.seats):
        seats.append({"seat": p, "key": sd.key, "name": sd.name, "faith": sd.faith, "colour": sd.colour,
                      "hand": list(s["hands"][p]) if p == seat else None, "hand_count": len(s["hands"][p]),
                      "bonus": s["bonus"][p], "castles": castles_on_map(s, p), "supply": s["supply"][p],
                      "out": s["out"][p], "loses_round": s["skip"][p], "start": list(sd.start),
                      "draws": sd.cards})
    a = s["attack"]
    attack = None
    if a is not None:
        # face down until the reveal (4.1 step 5); after it, everything is on the table
        shown = a["dice"] is not None
        attack = {"attacker": a["attacker"], "defender": a["defender"], "area": a["area"],
                  "bonus_dice": a["bonus_dice"], "source": a["source"], "flipped": list(a["flipped"]),
                  "army": a.get("army"), "independent_from": a["independent_from"],
                  "troops": [{"seat": p, "card": c if (shown or p == seat) else None} for c, p in a["troops"]],
                  "cards": [{"seat": p, "side": side, "card": c if (shown or p == seat) else None}
                            for c, p, side in a["cards"]],
                  "responders": list(a["responders"]), "revealed": shown,
                  "dice": a["dice"], "hits": a["hits"], "winner": a["winner"],
                  "auto_response": a["auto_response"]}
    auto = None
    if s["auto"] is not None:
        au = s["auto"]
        auto = {"name": mode.automaton.name, "bonus": au["bonus"], "to_reveal": len(au["queue"]),
                "army": list(au["army"]), "strength": sum(game.cards[c].value for c in au["army"]),
                "responses": list(au["responses"]), "revealed": au["revealed"]}
    pending = s["pending"][0] if s["pending"] else None
    return {
        "game": game.id, "viewer": seat, "mode": mode.key, "title": mode.title, "map": mode.map,
        "turn": s["turn"], "turns": TURNS, "step": s["step"], "to_act": game.to_act(s),
        "current": s["current"], "prompt": prompt(game, s),
        "seats": seats, "owner": list(s["owner"]), "plus": list(s["plus"]),
        "deck_count": {f: len(d) for f, d in s["deck"].items()},
        "discard_count": {f: len(d) for f, d in s["discard"].items()},
        "lasting": [list(x) for x in s["lasting"]], "truces": [list(x) for x in s["truces"]],
        "watch": [list(x) for x in s["watch"]], "automaton": auto, "attack": attack,
        "last_attack": s["last_attack"],
        "pending": None if pending is None else {
            "kind": pending["kind"], "seat": pending["seat"], "why": pending["why"],
            "options": pending.get("options"), "card": pending.get("card"),
            "target": _target_kind(game, pending)},
        "attack_targets": game.attack_targets(s, seat) if (seat is not None and s["step"] == "action"
                                                           and game.to_act(s) == seat and not s["pending"]) else [],
        "result": s["result"],
    }


def _target_kind(game: "CrusaderKingdoms", pending: dict) -> str | None:
    """What a "target" choice picks: an area of the map or a seat."""
    if pending["kind"] != "target":
        return None
    effect = game.cards[pending["card"]].effect
    return "area" if effect in ("independent_attack", "concerted_attack") else "seat"


def prompt(game: "CrusaderKingdoms", s: State) -> str:
    flow = game.flow(s)
    names = flow.names
    if s["result"]:
        return s["result"]["text"]
    if s["pending"]:
        p = s["pending"][0]
        return f"{names[p['seat']]}: {p['why']}."
    step = s["step"]
    a = s["attack"]
    if step == "action":
        return (f"{names[s['current']]}: attack a border area, make an incursion, play an event, discard, "
                "or pass.")
    area = flow.board.areas[a["area"]].name if a else ""
    if step == "attack_cards":
        return f"{names[a['attacker']]}: place Troop cards (and attack responses) face down against {area}, then attack."
    if step == "respond":
        return f"{names[a['responders'][0]]}: place Response cards face down on the attack on {area} or its defence?"
    if step == "flip":
        return f"{names[a['defender']]}: flip +1 castles next to {area} for extra defence dice?"
    if step == "reward":
        return f"{names[a['attacker']]}: advance your Card Bonus, or flip a castle to its +1 side."
    return ""


def describe(game: "CrusaderKingdoms", s: State, action: Action) -> str:
    flow = game.flow(s)
    names, areas, cards = flow.names, flow.board.areas, game.cards
    verb, args = action.verb, action.args
    if verb == "pass":
        return "Pass"
    if verb == "go":
        return "Attack with the cards placed"
    if verb == "done":
        return "Place nothing more" if s["step"] == "respond" else "Flip no more castles"
    if verb == "bonus":
        return "Advance the Card Bonus"
    if verb == "attack":
        area = areas[args[0]]
        owner = s["owner"][args[0]]
        who = names[owner] if owner != NOBODY else ("Muslim" if flow.mode.solo_rules else "independent")
        return f"Attack {area.name} ({who}, defence {area.defence}{' +1' if s['plus'][args[0]] else ''})"
    if verb == "incursion":
        victim = names[args[0]] if args[0] != NOBODY else "the Muslims"
        return f"Incursion against {victim}, discarding {cards[args[1]].name}"
    if verb == "event":
        return f"Play {cards[args[0]].name}: {cards[args[0]].text}"
    if verb == "discard":
        return f"Discard {cards[args[0]].name}"
    if verb == "flip":
        return f"Flip the castle of {areas[args[0]].name}"
    if verb == "take":
        return f"Take {cards[args[0]].name}"
    if verb == "target":
        p = s["pending"][0]
        card = cards[p["card"]]
        if card.effect in ("independent_attack", "concerted_attack"):
            return f"{card.name}: {areas[args[0]].name}"
        return f"{card.name}: {names[args[0]] if args[0] != NOBODY else 'the Muslims'}"
    if verb == "add":
        card = cards[args[0]]
        side = args[1] if len(args) > 1 else "attack"
        if card.type == "troop":
            return f"Add {card.name} (Troop {card.value}) to the attack"
        return f"Place {card.name} on the {side}: {card.text}"
    return action.text


def why_illegal(game: "CrusaderKingdoms", s: State, action: Action) -> str:
    flow = game.flow(s)
    seat = game.to_act(s)
    names, cards = flow.names, game.cards
    verb, args = action.verb, action.args
    if verb == "attack" and args and isinstance(args[0], int) and 0 <= args[0] < len(flow.board.areas):
        area = flow.board.areas[args[0]]
        if s["step"] != "action":
            return "An attack can only be announced as the action of your round."
        if not any(cards[c].type == "troop" for c in s["hands"][seat]):
            return f"{names[seat]} has no Troop card to attack with."
        return (f"{area.name} is not a border area that {names[seat]} may attack "
                "(it must be next to one of your areas and not yours; allies and truces are spared).")
    if verb in ("event", "discard", "add") and args and isinstance(args[0], int):
        if not 0 <= args[0] < len(cards):
            return f"There is no card number {args[0]}."
        if args[0] not in s["hands"][seat]:
            return f"{cards[args[0]].name} is not in {names[seat]}'s hand."
        return f"{cards[args[0]].name} cannot be played that way now."
    return f"“{action.text}” is not possible now. {prompt(game, s)}"


__all__ = ["view", "describe", "why_illegal", "prompt", "fight"]
