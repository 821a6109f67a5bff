"""Third Crusade actions in words, as the terminal lists them (``outremer play``)."""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import State
from .cards import orders
from .data import ARMY_NAMES, SLOT_SHAPES, board_for, owner, what
from .event_choices import CROWN_PRICE
from .events import event
from .moves import movable


def describe(game, s: State, action: Action) -> str:
    c = game.content
    board = board_for(c, s["armies"])
    seat = game.actor(s)
    army = s["armies"][seat] if seat is not None else None
    verb, args = action.verb, action.args

    def place(key) -> str:
        return board.region(key).name

    def piece(p: str) -> str:
        w = what(p)
        name = c.leaders[w].name if w in c.leaders else ("Siege Engine" if w == "siege" else w.capitalize())
        return ("Neutral " if owner(p) == "neutral" else f"{ARMY_NAMES.get(owner(p) or '', '')} ") + name

    if verb == "discard_objective":
        kept = [k for k in s["variable"]["dealt"][army] if k not in args]
        return (
            f"Discard the Objective {', '.join(place(k) for k in args)} face down; keep "
            f"{', '.join(place(k) for k in kept)}"
        )
    if verb == "deploy":
        from .deployment import cost, variable

        kind, key = args
        if kind in c.leaders:
            return f"Deploy {c.leaders[kind].name} in {place(key)} (free)"
        left = s["variable"]["points"][army] - cost(variable(), kind)
        unit = "Siege Engine" if kind == "siege" else kind.capitalize()
        return f"Deploy 1 {unit} in {place(key)} ({cost(variable(), kind)} of your points; {left} left)"
    if verb == "done" and s["phase"] == "variable":
        left = s["variable"]["points"][army]
        return "Stop deploying" + (
            f" ({left} deployment point{'' if left == 1 else 's'} left are lost)" if left else ""
        )
    if verb == "arrange":
        return "Lay " + ", ".join(
            f"{event(key).title} under {flag}" for key, flag in zip(args, (2, 3, 4, 5), strict=False)
        )
    if verb == "slot":
        key = s["strategy"]["rows"][army][(2, 3, 4, 5).index(args[0])]
        return f"Slot {args[0]}: take {event(key).title} and {args[0]} command points; the Bot takes its card there"
    if verb == "pick":
        key = s["strategy"]["rows"][args[0]][(2, 3, 4, 5).index(args[1])]
        return f"Pick {event(key).title} from the {ARMY_NAMES[args[0]]} row ({args[1]} command points)"
    if verb == "order":
        assert army is not None  # an Order is chosen by the Army to act
        order = next(o for o in orders(army) if o.key == args[0])
        return f"{order.name} ({order.text})"
    if verb == "section":
        from .planning import UNEXECUTED_GLORY, chosen, reason

        placing = chosen(s)
        assert placing is not None  # a Section is offered once an Order is chosen
        why = reason(c, s, placing, args[0])
        if why is None:
            return f"Place {placing.name} in {place(args[0])}"
        when = f"never executed there, {why}" if why.startswith("not a ") else f"not executed while {why}"
        return f"Place {placing.name} in {place(args[0])} (⚠ {when}: {UNEXECUTED_GLORY} Glory at Upkeep)"
    if verb == "execute":
        return f"Execute the Order in {place(args[0])}"
    if verb == "event":
        return f"Execute the Event Card {event(args[0]).title}"
    if verb in ("march",):
        assert army is not None  # a March is the move of the Army to act
        p = s.get("pending") or {}
        frm = p.get("from") or p.get("at")
        if frm:
            kinds = sorted(
                set(movable(c, s, frm, p.get("army", army), "coordinated" in str(p.get("do", "")) or _coordinated(s)))
            )
            counts = [int(n) for n in str(args[1]).lstrip("g").split(".")]
            group = ", ".join(f"{n} × {piece(k)}" for k, n in zip(kinds, counts, strict=False) if n)
            return f"March {group} to {place(args[0])}"
        return f"March to {place(args[0])}"
    if verb == "stay":
        return "Do not March"
    if verb == "muster":
        return f"Muster {args[0]}"
    if verb == "react":
        return f"React with the Order in {place(args[0])}"
    if verb == "no_react":
        return "No Reaction"
    if verb == "lose":
        return f"Lose {piece(args[0])}" + (f" Reinforcing from {place(args[1])}" if len(args) > 1 else "")
    if verb == "retreat":
        return f"Retreat {piece(args[1])} to {place(args[0])}"
    if verb == "bid":
        return f"Bid {args[0]} Gold"
    if verb == "reward":
        return f"Take reward {args[0]}"
    if verb == "move":
        from .data import content
        from .diplomacy import board as dboard
        from .diplomacy_moves import space_words

        return f"Place a diplomacy marker on {space_words(content(), dboard().space(args[0]))}"
    if verb == "place":
        return f"Place it in {place(args[0])}"
    if verb == "replace":
        held = s["map"][args[0]][args[1]]
        there = piece(held) if held else f"the {s['tokens'][args[0]][args[1]]} token"
        return f"Place it in {place(args[0])} in place of {there}"
    if verb == "tithe":
        return f"Tithe the Order in {place(args[0])} for 1 Gold"
    if verb == "keep":
        return "Leave it"
    if verb == "bring":
        unit = "Siege Engine" if args[1] == "siege" else args[1].capitalize()
        return f"Bring 1 {unit} home from {place(args[0])}"
    if verb == "advanced":
        assert army is not None  # the Army to act takes it
        return f"Take the Advanced Order {next(o.name for o in orders(army) if o.key == args[0])}"
    if verb == "clear":
        return f"Remove the Sabotage token on a {SLOT_SHAPES[args[1]]} Slot of {place(args[0])}"
    if verb == "buy":
        assert army is not None  # the Army to act buys it
        return f"Buy the Advanced Order {next(o.name for o in orders(army) if o.key == args[0])}"
    if verb == "land":
        return f"Land in {place(args[0])}"
    if verb == "objective":
        return f"Reveal the Objective {place(args[0])}"
    if verb in ("main", "crown"):  # before any step for an "Instead" card, else after the main event
        card = (s.get("pending") or {}).get("card")
        instead = bool(card and event(card).crown_mode == "instead")
        if verb == "main":
            return "The main event" if instead else "No crown event"
        bought = (
            f" (buying {args[0]} crown{'s' if args[0] > 1 else ''} for {CROWN_PRICE * args[0]} Gold)" if args[0] else ""
        )
        return f"The crown event {'instead' if instead else 'too'}{bought}"
    if verb == "at":
        return f"In {place(args[0])}"
    if verb in ("sabotage", "unsabotage"):
        return f"{'Sabotage' if verb == 'sabotage' else 'Clear the Sabotage on'} a {SLOT_SHAPES[args[0]]} Slot"
    if verb in ("bandit", "unbandit"):
        return f"{'A Bandit on' if verb == 'bandit' else 'Remove a Bandit from'} the Road to {place(args[0])}"
    if verb == "remove":
        return f"Remove {piece(args[0])}"
    if verb == "assassinate":
        return f"Assassinate {piece(args[0])}"
    if verb == "or":
        return f"Option {args[0]}"
    words = {"pass": "Pass", "done": "Done", "skip": "Skip this step", "do": "Do it", "discard": "Leave it off the map"}
    return words.get(verb, action.text)


def _coordinated(s: State) -> bool:
    p = s.get("pending") or {}
    return bool(p.get("coordinated"))


UNIT_NAMES = {"infantry": "Infantry", "cavalry": "Cavalry", "siege": "Siege Engine"}


def text_table(game, v: dict) -> str:
    """One seat's view as text for the terminal: the year and phase, Glory, Faith and initiative;
    every Region with its ruler, pieces, uncovered Resource icons and Order Sections (an Order of
    the other Alliance only as face down); each Army's tracks, command points, Gold and hand; the
    Battle under way."""
    from .data import SABOTAGE, controller, uncovered
    from .state import ROUNDS

    c = game.content
    names = {p["army"]: p["name"] for p in v["players"]}
    board = board_for(c, [p["army"] for p in v["players"]])
    glory = v["glory"]
    lines = [
        f"{ROUNDS[min(max(v['round'], 0), 3)]}, {v['phase'].capitalize()} phase. Glory "
        + ("even" if glory == 0 else f"{abs(glory)} towards the {'Crusader' if glory > 0 else 'Muslim'} Alliance")
        + f" (10 wins). Faith: Crusaders {v['faith']['crusader']}, Muslims {v['faith']['muslim']}. Initiative: "
        + " → ".join(v["players"][i]["name"] for i in v["initiative"])
        + "."
    ]

    def piece(p: str) -> str:
        army, w = owner(p), what(p)
        who = "Neutral" if army == "neutral" else names.get(army, army)
        return f"{who} {c.leaders[w].name if w in c.leaders else UNIT_NAMES[w]}"

    bandits = {tuple(sorted(b)) for b in v["bandits"]}
    for r in board.regions:
        slots = v["map"][r.key]
        ruler = controller(slots)
        kind = (
            "Desert"
            if r.kind == "desert"
            else "City"
            + (", Port" if r.port else "")
            + (", Mercantile" if r.mercantile else "")
            + (", Jerusalem" if r.jerusalem else "")
        )
        held = [piece(p) for p in slots if p is not None and p != SABOTAGE]
        counted: dict[str, int] = {}
        for p in held:
            counted[p] = counted.get(p, 0) + 1
        icons = [i for i in uncovered(r, slots, v["tokens"].get(r.key)) if i]
        orders_here = []
        for _side, placed in (v["sections"].get(r.key) or {}).items():
            if placed:
                known = next((o.name for o in orders(placed["army"]) if o.key == placed["order"]), None)
                orders_here.append(
                    f"{names.get(placed['army'], placed['army'])} Order " + (known if known else "face down")
                )
        roads = [
            board.regions[j].name + (" (Bandits)" if tuple(sorted((r.key, board.regions[j].key))) in bandits else "")
            for j in r.roads
        ]
        lines.append(
            f"{r.name} ({kind}{'; Destroyed Port' if r.key in v['destroyed'] else ''})"
            + (f", held by the {names[ruler]}" if ruler in names else "")
            + ": "
            + (", ".join(f"{n} {p}" if n > 1 else p for p, n in counted.items()) or "empty")
            + (f"; {slots.count(SABOTAGE)} Sabotage" if SABOTAGE in slots else "")
            + (f"; icons {', '.join(icons)}" if icons else "")
            + (f"; {'; '.join(orders_here)}" if orders_here else "")
            + f"; Roads to {', '.join(roads) or 'none'}."
        )
    for p in v["players"]:
        tracks = ", ".join(
            f"{name} {n}" for name, n in zip(("command points", "crowns", "supply", "Gold"), p["tracks"], strict=False)
        )
        hand = ", ".join(event(k).title for k in p["hand"]) or "none"
        lines.append(
            f"{p['name']} ({p['alliance'].capitalize()} Alliance): tracks {tracks}; now {p['cp']} command "
            f"points, {p['gold']} Gold; reserve {p['reserve']['infantry']} Infantry, {p['reserve']['cavalry']} "
            f"Cavalry, {p['reserve']['siege']} Siege Engines; Event Cards {hand}; {p['box_count']} Orders "
            "behind the screen"
            + (f"; Objectives {', '.join(board.region(k).name for k in p['objectives'])}" if p["objectives"] else "")
            + "."
        )
        lines.append("   " + supply_words(p))
    plan = v.get("plan")
    if plan:
        army = v["players"][v["actor"]]["army"]
        order = next(o for o in orders(army) if o.key == plan["order"])
        line = f"Order chosen to place: {order.name} ({order.text})."
        if v["viewer"] == v["to_act"]:  # another Order: the first choice taken back (ruling TC78)
            line += " Choose its Region, or type 'undo' to choose another Order."
        lines.append(line)
    b = v.get("battle")
    if b:
        lines.append(
            f"Battle in {board.region(b['region']).name}: the {v['players'][b['attacker']]['name']} attack "
            f"with {', '.join(piece(p) for p in b['group'])} (Strength {b['attack']}) against "
            f"{', '.join(piece(p) for p in b['defenders']) or 'nobody'} (Strength {b['defence']})."
        )
    return "\n".join(lines)


def supply_words(p: dict) -> str:
    """An Army's supply against what its player board needs at Upkeep (p.17, step 4A; ruling
    TC21), from its entry in the view: the need (``state.need``) and the shortfall
    (``upkeep.shortfall``) as the engine counts them."""
    supply = p["tracks"][2]
    head = f"Supply at Upkeep: needs {p['need']} (the Sections of its player board not full), has {supply}"
    if p["short"]:
        return (
            head + f": {p['short']} short, so {p['short']} Glory lost and Units brought home from the map "
            "until the supply covers the need."
        )
    left = supply - p["need"]
    return head + (f": covered, {left} left over (2 buy an Advanced Order)." if left else ": covered exactly.")


def prompt(game, s: State) -> str:
    """What the seat to act is asked, in a line that names it (the result once the game is over)."""
    if s["result"]:
        return s["result"]["text"]
    seat = game.actor(s)
    if seat is None:
        return ""
    who = ARMY_NAMES[s["armies"][seat]]
    return f"{who}: {_asked(game, s)}"


def _asked(game, s: State) -> str:
    board = board_for(game.content, s["armies"])
    battle = s.get("battle")
    if battle:
        where = board.region(battle["region"]).name
        return {
            "react": f"Battle in {where}: play a Reaction Order, or none.",
            "losses": f"Battle in {where}: choose the pieces lost.",
            "retreat": f"Battle in {where}: choose where the pieces retreat.",
        }.get(battle.get("stage"), f"Battle in {where}.")
    verbs = {a.verb for a in game.legal_for(s)}
    if "move" in verbs and s["phase"] == "diplomacy":
        return "move your diplomacy marker to a space its lines reach, or stop."
    if verbs & {"place", "replace"}:
        return (
            "place what the diplomacy board gave you in a Region (or in place of a piece when the Region is "
            "full), or leave it off the map."
        )
    pending = s.get("pending")
    if pending:
        stage = pending.get("stage")
        if pending.get("kind") == "event" and stage == "crown":
            if event(pending["card"]).crown_mode == "instead":
                return "the main event, or the crown event instead of it (buying the crowns you lack)."
            return "the main event is done: buy the crowns you lack for the crown event, or leave it."
        if stage == "where":
            return "choose the Region for this step."
        return "carry out the card."
    phase = s["phase"]
    if phase == "variable":
        if (s.get("variable") or {}).get("stage") == "discard":
            return "variable setup: discard one of your Objective Cards face down; the others are then revealed."
        return "variable setup: deploy a Leader or a Unit, or stop."
    if phase == "strategy":
        if (s.get("strategy") or {}).get("rows") is None:
            return "lay your Event Cards face down under the bidding slots (2 to 5 command points)."
        if s["strategy"].get("solo"):
            return (
                "pick a slot: you take your own card there and its command points, and the Bot takes its own "
                "card in the same slot (p.20)."
            )
        return "pick an Event Card from the other Alliance's rows; its slot gives you command points."
    if phase == "planning":
        return "place an Order face down in a Region's Order Section, or pass."
    if phase == "command":
        return "execute one of your Orders on the map or an Event Card, or pass."
    if phase == "diplomacy":
        return {
            "bid": "bid Gold in secret for the Diplomacy Card's rewards.",
            "reward": "take a reward.",
            "move": "move your diplomacy marker.",
        }.get((s.get("dip") or {}).get("stage", ""), "diplomacy.")
    if phase in ("upkeep", "scoring"):
        ask = (s.get("upkeep") or {}).get("queue", [{}])[0].get("ask")
        return {
            "tithe": "Upkeep: tithe the Order left in a Region, or keep it.",
            "supply": "Upkeep: supply short, bring a Unit home from the map.",
            "buy": "Upkeep: buy an Advanced Order with leftover supply, or be done.",
            "land": "Upkeep: choose the Port where the Genoa ships land.",
            "objective": "reveal one of your Objectives.",
        }.get(ask, "Upkeep: answer this step.")
    return "choose an action."
