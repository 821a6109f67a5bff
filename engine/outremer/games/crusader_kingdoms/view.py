"""What a seat may see of a Crusader Kingdoms state, and the words for actions."""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import State
from . import attack as fight
from .state import NOBODY, TURNS, castles_on_map, looked_at


def view(game, s: State, seat: int | None) -> dict:
    flow = game.flow(s)
    mode, board = flow.mode, flow.board
    seats = []
    for p, sd in enumerate(mode.seats):
        seats.append(
            {
                "seat": p,
                "key": sd.key,
                "name": sd.name,
                "faith": sd.faith,
                "colour": sd.colour,
                "hand": list(s["hands"][p]) if p == seat else None,
                "hand_count": len(s["hands"][p]),
                "bonus": s["bonus"][p],
                "castles": castles_on_map(s, p),
                "supply": s["supply"][p],
                "out": s["out"][p],
                "loses_round": s["skip"][p],
                "start": list(sd.start),
                "draws": sd.cards,
            }
        )
    a = s["attack"]
    attack = None
    if a is not None:
        # face down until the reveal (4.1 step 5); after it, everything is on the table
        shown = a["dice"] is not None
        attack = {
            "attacker": a["attacker"],
            "defender": a["defender"],
            "area": a["area"],
            "bonus_dice": a["bonus_dice"],
            "source": a["source"],
            "flipped": list(a["flipped"]),
            "army": a.get("army"),
            "independent_from": a["independent_from"],
            "placed": placed_cards(a, seat),
            "responders": list(a["responders"]),
            "revealed": shown,
            "dice": a["dice"],
            "hits": a["hits"],
            "winner": a["winner"],
            "auto_response": a["auto_response"],
        }
        if not shown:
            # the dice known before the reveal (4.2): the area's defence, its +1 castle, the
            # castles flipped and watchtowers for the defence; the bonus dice for the attack.
            # Face-down cards add what nobody else can know yet.
            known = board.areas[a["area"]].defence + (1 if s["plus"][a["area"]] else 0) + len(a["flipped"])
            known += sum(extra for who, extra in s["watch"] if who == a["defender"] and who != NOBODY)
            attack["known_dice"] = {"attack": a["bonus_dice"], "defence": known}
    auto = None
    if s["auto"] is not None:
        au = s["auto"]
        auto = {
            "name": mode.automaton.name,
            "bonus": au["bonus"],
            "to_reveal": len(au["queue"]),
            "army": list(au["army"]),
            "strength": sum(game.cards[c].value for c in au["army"]),
            "responses": list(au["responses"]),
            "revealed": au["revealed"],
        }
    pending = s["pending"][0] if s["pending"] else None
    spied = looked_at(s, seat)
    looking = None if spied is None else {"seat": spied, "hand": list(s["hands"][spied])}
    return {
        "game": game.id,
        "viewer": seat,
        "mode": mode.key,
        "title": mode.title,
        "map": mode.map,
        "turn": s["turn"],
        "turns": TURNS,
        "step": s["step"],
        "to_act": game.to_act(s),
        "current": s["current"],
        "prompt": prompt(game, s),
        "seats": seats,
        "owner": list(s["owner"]),
        "plus": list(s["plus"]),
        "deck_count": {f: len(d) for f, d in s["deck"].items()},
        "discard_count": {f: len(d) for f, d in s["discard"].items()},
        "lasting": [list(x) for x in s["lasting"]],
        "truces": [list(x) for x in s["truces"]],
        "watch": [list(x) for x in s["watch"]],
        "automaton": auto,
        "attack": attack,
        "last_attack": s["last_attack"],
        "pending": None
        if pending is None
        else {
            "kind": pending["kind"],
            "seat": pending["seat"],
            "why": pending["why"],
            "options": pending.get("options"),
            "card": pending.get("card"),
            "target": _target_kind(game, pending),
            "looking_at": looking,
        },
        "attack_targets": flow.attack_targets(s, seat)
        if (seat is not None and s["step"] == "action" and game.to_act(s) == seat and not s["pending"])
        else [],
        "result": s["result"],
    }


def placed_cards(a: dict, seat: int | None) -> list[dict]:
    """The cards placed on an attack, as ``seat`` sees them (4.1 steps 2–5): its own by name, the
    others' face down until the reveal, telling only who placed each and on which side — not
    whether it is a Troop or a Response. Hidden cards come after the seen ones of each seat and
    side, so their order tells nothing either."""
    shown = a["dice"] is not None
    entries = [(p, "attack", c) for c, p in a["troops"]] + [(p, side, c) for c, p, side in a["cards"]]
    out = [{"seat": p, "side": side, "card": c if (shown or p == seat) else None} for p, side, c in entries]
    return sorted(out, key=lambda e: (e["seat"], e["side"] != "attack", e["card"] is None, e["card"] or 0))


def _target_kind(game, pending: dict) -> str | None:
    """What a "target" choice picks: an area of the map or a seat."""
    if pending["kind"] != "target":
        return None
    effect = game.cards[pending["card"]].effect
    return "area" if effect in ("independent_attack", "concerted_attack") else "seat"


def prompt(game, s: State) -> str:
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
        return f"{names[s['current']]}: attack a border area, make an incursion, play an event, discard, or pass."
    area = flow.board.areas[a["area"]].name if a else ""
    if step == "attack_cards":
        return (
            f"{names[a['attacker']]}: place Troop cards (and attack responses) face down against {area}, then attack."
        )
    if step == "respond":
        return f"{names[a['responders'][0]]}: place Response cards face down on the attack on {area} or its defence?"
    if step == "flip":
        return f"{names[a['defender']]}: flip +1 castles next to {area} for extra defence dice?"
    if step == "reward":
        return f"{names[a['attacker']]}: advance your Card Bonus, or flip a castle to its +1 side."
    return ""


def describe(game, s: State, action: Action) -> str:
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


def why_illegal(game, s: State, action: Action) -> str:
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
        return (
            f"{area.name} is not a border area that {names[seat]} may attack "
            "(it must be next to one of your areas and not yours; allies and truces are spared)."
        )
    if verb in ("event", "discard", "add") and args and isinstance(args[0], int):
        if not 0 <= args[0] < len(cards):
            return f"There is no card number {args[0]}."
        if args[0] not in s["hands"][seat]:
            return f"{cards[args[0]].name} is not in {names[seat]}'s hand."
        return f"{cards[args[0]].name} cannot be played that way now."
    return f"“{action.text}” is not possible now. {prompt(game, s)}"


def unplayable(game, s: State, seat: int) -> dict[int, str]:
    """Why each card of ``seat``'s hand that no legal action uses cannot be played now."""
    if game.to_act(s) != seat:
        return {}
    legal = game.legal_actions(s)
    used = {a.args[0] for a in legal if a.verb in ("event", "discard", "add") and a.args}
    used |= {a.args[1] for a in legal if a.verb == "incursion" and len(a.args) > 1}
    cards, step = game.cards, s["step"]
    reasons = {}
    for c in s["hands"][seat]:
        if c in used:
            continue
        card = cards[c]
        if s["pending"]:
            why = f"First this must be settled — {prompt(game, s)}"
        elif card.type == "event":
            why = f"{card.name} is an event: it is played as the action of your round (4.4), not during an attack."
        elif step == "attack_cards":
            why = (
                f"{card.name} serves on the defence only (4.1)."
                if card.type == "response"
                else f"{card.name} cannot be placed on this attack."
            )
        elif step == "respond":
            if card.type == "troop":
                why = f"{card.name} is a Troop: only the attacker places Troops, face down, when he attacks (4.1)."
            else:
                side = "attack" if card.side == "attack" else "defence"
                why = f"{card.name} serves on the {side} only (4.1)."
        elif step in ("flip", "reward"):
            why = "No card is played now: " + prompt(game, s)
        else:
            why = why_illegal(game, s, Action("event", (c,)))
        reasons[c] = why
    return reasons


__all__ = ["view", "describe", "why_illegal", "prompt", "fight", "text_table", "unplayable"]


# ---------------------------------------------------------------------------- the terminal table
WIDTH = 96
"""Lines of the text table stay within this many characters (items are never split)."""
SOURCE_DICE = {
    "army": "The army's dice",
    "independent": "The independent kingdom's dice",
    "concerted": "Extra dice (Concerted Attack)",
}


def _short(name: str) -> str:
    """A kingdom's short name: "Principality of Antioch" -> "Antioch"."""
    return name.split(" of ")[-1] if " of " in name else name


def _wrap(head: str, items: list[str], indent: int = 6, sep: str = ",") -> list[str]:
    """``head`` then the items, separated by ``sep``, wrapped at WIDTH between items."""
    if not items:
        return [f"{head} none"]
    lines, line = [], head
    for i, item in enumerate(items):
        word = item + (sep if i < len(items) - 1 else "")
        if len(line) + 1 + len(word) > WIDTH and line.strip():
            lines.append(line)
            line = " " * indent + word
        else:
            line = f"{line} {word}"
    lines.append(line)
    return lines


def _fill(text: str, indent: int = 4) -> list[str]:
    """A sentence wrapped at WIDTH between words."""
    first, *rest = text.split(" ")
    return _wrap(first, rest, indent, sep="") if rest else [first]


def _card(card) -> str:
    """A card face up: its name and what it is."""
    if card.type == "troop":
        return f"{card.name} (Troop {card.value})"
    if card.type == "response":
        return f"{card.name} (Response{'' if card.side == 'either' else ', ' + card.side})"
    return f"{card.name} (Event{', lasting' if card.lasting else ''})"


def _in_hand_order(game, ids: list[int]) -> list[int]:
    order = {"troop": 0, "response": 1, "event": 2}
    return sorted(ids, key=lambda c: (order[game.cards[c].type], -game.cards[c].value, game.cards[c].name, c))


def text_table(game, v: dict) -> str:
    """The table as plain text for the terminal: only what the view holds — the other hands as
    counts, the Muslims' unrevealed cards as a count, face-down attack cards as backs (4.1, R10)."""
    cards = game.cards
    board = game.content.boards[v["map"]]
    seats = v["seats"]
    solo = v["automaton"] is not None
    ids = any(a.id for a in board.areas)
    me = v["viewer"]

    def name(p: int) -> str:
        if p != NOBODY:
            return seats[p]["name"]
        return v["automaton"]["name"] if solo else "independent kingdom"

    lines = [f"== Crusader Kingdoms — {v['title']} =="]
    turn = f"Turn {v['turn']} of {v['turns']}"
    if v["result"]:
        turn += " · game over"
    else:
        turn += f" · round of {name(v['current'])}"
        if v["to_act"] is not None and v["to_act"] != v["current"]:
            turn += f" · to act: {name(v['to_act'])}"
    lines.append(turn)
    bonus = [(_short(sd["name"]), sd["bonus"]) for sd in seats]
    if solo:
        bonus.append((v["automaton"]["name"], v["automaton"]["bonus"]))
    lines += _wrap("Card Bonus (-2 to +2):", [f"{who} {b:+d}" if b else f"{who} 0" for who, b in bonus])
    lines.append(
        f"Decks: Christian {v['deck_count']['christian']}, discards {v['discard_count']['christian']}"
        f" · Muslim {v['deck_count']['muslim']}, discards {v['discard_count']['muslim']}"
    )

    # -- the map, area by area, grouped by holder
    targets = set(v.get("attack_targets") or [])
    attacked = v["attack"]["area"] if v["attack"] else None
    what = "#id area [defence, VP]" if ids else "area [defence]"
    lines.append(f"Map — {board.title} side ({what}{'; * you may attack' if targets else ''}):")

    def area_text(i: int) -> str:
        a = board.areas[i]
        text = (f"#{a.id} " if a.id else "") + f"{a.name} [{a.defence}" + (f", {a.vp} VP]" if a.vp else "]")
        if v["owner"][i] != NOBODY or v["plus"][i]:
            text += " castle +1" if v["plus"][i] else " castle"
        if i == attacked:
            text += " (under attack)"
        return text + ("*" if i in targets else "")

    holders = [sd["seat"] for sd in seats] + [NOBODY]
    for p in holders:
        held = [i for i, owner in enumerate(v["owner"]) if owner == p]
        if p == NOBODY:
            head = "Muslim areas:" if solo else "Independent kingdoms:"
        else:
            head = name(p) + (" (you)" if p == me else "")
            if ids:
                head += f", {sum(board.areas[i].vp for i in held)} VP"
            head += ":"
        lines += _wrap("  " + head, [area_text(i) for i in held])

    # -- the kingdoms
    lines.append("Kingdoms:")
    for sd in seats:
        p = sd["seat"]
        castles = f"{sd['castles']} castle{'s' if sd['castles'] != 1 else ''} on the map" + (
            f" ({sd['supply']} more to place)" if sd["supply"] >= 0 else ""
        )
        tags = [
            t
            for t, on in (
                ("you", p == me),
                ("to act", p == v["to_act"]),
                ("passed", sd["out"]),
                ("loses next round", sd["loses_round"]),
            )
            if on
        ]
        head = f"  {sd['name']}" + (f" [{', '.join(tags)}]:" if tags else ":")
        lines += _wrap(head, [f"{sd['hand_count']} card{'s' if sd['hand_count'] != 1 else ''} in hand", castles])
    for c, p in v["lasting"]:
        lines.append(f"Lasting this turn: {_card(cards[c])}, played by {name(p)}")
    for a, b in v["truces"]:
        lines.append(f"Truce: {_short(name(a))} and {_short(name(b))} may not attack each other this turn.")
    for p, n in v["watch"]:
        lines.append(f"Watchtowers: {_short(name(p))} (+{n} {'die' if n == 1 else 'dice'} in defence, no incursions).")

    # -- the Muslim automaton (1–2 players)
    au = v["automaton"]
    if au is not None:
        head = f"{au['name']}: {au['to_reveal']} card{'s' if au['to_reveal'] != 1 else ''} to reveal"
        if au["revealed"] is not None:
            head += f" · last revealed: {_card(cards[au['revealed']])}"
        lines.append(head)
        lines += _wrap(f"  Army (strength {au['strength']}):", [_card(cards[c]) for c in au["army"]])
        lines += _wrap("  Responses kept:", [_card(cards[c]) for c in au["responses"]])

    # -- the attack in progress, or the last battle
    if v["attack"]:
        lines += _attack_lines(game, v, name)
    elif v["last_attack"] and v["last_attack"].get("dice"):
        lines += _last_lines(game, v, name)

    # -- hands: the viewer's face up (a view holds no other)
    for sd in seats:
        if sd["hand"] is not None:
            who = "Your hand" if sd["seat"] == me else f"Hand of {sd['name']}"
            lines += _wrap(f"{who} ({len(sd['hand'])}):", [_card(cards[c]) for c in _in_hand_order(game, sd["hand"])])
    if v["prompt"]:
        lines += _fill(v["prompt"], indent=2)
    return "\n".join(lines)


def _placed(game, label: str, entries: list[dict], name) -> list[str]:
    """Cards on an attack, a line for each seat that placed some: face up by name, face down
    only counted (4.1 steps 2–3: they stay hidden until the reveal)."""
    by_seat: dict[int, list[int | None]] = {}
    for e in entries:
        by_seat.setdefault(e["seat"], []).append(e["card"])
    lines = []
    for p, placed in by_seat.items():
        up = [_card(game.cards[c]) for c in placed if c is not None]
        down = len(placed) - len(up)
        lines += _wrap(f"  {label}, {_short(name(p))} ({len(placed)}):", up + ([f"{down} face down"] if down else []))
    return lines


def _dice(rolled: list[int], final: list[int]) -> str:
    """Each die as rolled, with what a response made of it: "2→3" (Leader), "1→5" (a reroll)."""
    if not rolled:
        return "no dice"
    return " ".join(str(r) if r == f else f"{r}→{f}" for r, f in zip(rolled, final, strict=False))


def _dice_lines(a: dict) -> list[str]:
    """Both sides' dice (rolled, then as changed by responses) and their hits (4.2)."""
    hits = a["hits"]
    return _wrap(
        "  Dice —",
        [
            f"attack: {_dice(*a['dice']['attack'])} ({hits[0]} hit{'s' if hits[0] != 1 else ''})",
            f"defence: {_dice(*a['dice']['defence'])} ({hits[1]} hit{'s' if hits[1] != 1 else ''})",
        ],
        indent=4,
        sep=" ·",
    )


def _sides(v: dict, a: dict, name) -> tuple[str, str]:
    """Who attacks and who defends: a kingdom, the Muslims (1–2 players) or an independent kingdom."""
    muslims = v["automaton"] is not None
    if a["attacker"] != NOBODY:
        attacker = name(a["attacker"])
    else:
        attacker = f"The {name(NOBODY)}" if muslims and a.get("independent_from") is None else "An independent kingdom"
    if a["defender"] != NOBODY:
        return attacker, name(a["defender"])
    return attacker, f"the {name(NOBODY)}" if muslims else "an independent kingdom"


def _attack_lines(game, v: dict, name) -> list[str]:
    a = v["attack"]
    board = game.content.boards[v["map"]]
    area = board.areas[a["area"]]
    attacker, defender = _sides(v, a, name)
    if a["independent_from"] is not None:
        attacker += f" (from {board.areas[a['independent_from']].name})"
    plus = " +1" if v["plus"][a["area"]] else ""
    lines = _fill(f"Attack on {area.name} (defence {area.defence}{plus}): {attacker} against {defender}")
    if a.get("army"):
        lines += _wrap("  Muslim army:", [_card(game.cards[c]) for c in a["army"]])
    if a["bonus_dice"]:
        lines.append(f"  {SOURCE_DICE.get(a['source'], 'Extra attack dice')}: {a['bonus_dice']}")
    for side in ("attack", "defence"):
        lines += _placed(game, f"On the {side}", [c for c in a["placed"] if c["side"] == side], name)
    if a["source"] not in ("army", "independent") and not any(c["side"] == "attack" for c in a["placed"]):
        lines.append("  On the attack: no card yet")
    if a["flipped"]:
        lines += _wrap("  +1 castles flipped:", [board.areas[b].name for b in a["flipped"]])
    if a["dice"]:
        lines += _dice_lines(a)
        lines.append(f"  {'The attack wins' if a['winner'] == 'attack' else 'The defence holds'}.")
    if a["responders"]:
        lines += _wrap("  Responses may still come from:", [name(p) for p in a["responders"]])
    return lines


def _last_lines(game, v: dict, name) -> list[str]:
    last = v["last_attack"]
    area = game.content.boards[v["map"]].areas[last["area"]].name
    attacker, defender = _sides(v, last, name)
    outcome = "the attack took it" if last["winner"] == "attack" else "the defence held"
    return _fill(f"Last battle: {attacker} attacked {area}, held by {defender}: {outcome}.") + _dice_lines(last)
