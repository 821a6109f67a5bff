"""Words for Lords of Heaven actions."""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import State
from .state import COLUMNS, Names, words

UNIT_WORDS = ("Footman", "Siege Tower", "Knight")
ROW_WORDS = ("Church/Mosque", "Fortress", "Citadel")
PROVISION_WORDS = None


def describe(game, s: State, action: Action) -> str:
    from .options import PROVISIONS

    content = game.content
    verb, args = action.verb, action.args
    loc = lambda i: content.locations[i].name  # noqa: E731
    card = lambda i: content.cards[i].name  # noqa: E731
    seat = lambda i: game.seat_label(s, i)  # noqa: E731
    if verb == "pick":
        return f"Keep {card(args[0])}"
    if verb == "putback":
        return f"Put {card(args[0])} on the bottom of the deck"
    if verb == "play":
        return f"Play {card(args[0])} for {COLUMNS[args[1]].capitalize()}"
    if verb == "discard":
        return f"Discard {card(args[0])}"
    if verb == "effect":
        return f"Resolve the effect of {card(s['turn']['card'])}"
    if verb == "skip":
        return "Leave the effect unused"
    if verb == "build":
        row, site = args
        if row == 1:
            a, b = content.borders[site]
            return f"Place a Fortress between {loc(a)} and {loc(b)}"
        return f"Place a {ROW_WORDS[row] if row else content.faction(s['factions'][s['seat']]).church} in {loc(site)}"
    if verb == "influence":
        return f"Influence in {loc(args[0])}, level {args[1] + 1}"
    if verb == "support":
        return f"Support in {loc(args[0])}"
    if verb == "done" and s["step"] == "development":
        return "End the action: no site is left to build (ruling LH29)"
    if verb == "done":
        return "Done"
    if verb == "recruit":
        return f"Recruit a {UNIT_WORDS[args[0]]}"
    if verb == "move":
        return f"Move {args[2]} Support from {loc(args[0])} to {loc(args[1])}"
    if verb == "provision":
        return f"Provision: {words(PROVISIONS[args[0]])}"
    if verb == "end":
        return "End the turn"
    if verb == "battle":
        return f"Battle in {loc(args[0])} against {seat(args[1])}"
    if verb == "siege":
        return f"Siege of {loc(args[0])}"
    if verb == "push":
        return f"Push {seat(args[1])} down in {loc(args[0])}"
    if verb == "place":
        return f"Influence on the lowest level of {loc(args[0])}"
    if verb == "reinforce":
        return f"Reinforce around {loc(args[0])}"
    if verb == "upgrade":
        return f"Upgrade {ROW_WORDS[args[0]]}"
    if verb == "shift":
        return f"Move 1 Support from {loc(args[0])} to {loc(args[1])}"
    if verb == "stop":
        return "Stop"
    if verb == "bring":
        return f"Bring 1 Support from {loc(args[0])}"
    if verb == "ask":
        return f"Ask {seat(args[0])} to be your Ally"
    if verb == "alone":
        return "Ask nobody"
    if verb in ("accept", "decline"):
        return "Agree to be the Ally" if verb == "accept" else "Refuse"
    if verb == "commit":
        c, f, b, x = args
        big = "Knight" if s["conflict"]["kind"] == "battle" else "Siege Tower"
        what = words({"footman": f, ("knight" if big == "Knight" else "siege_tower"): b, "faith": x})
        head = "" if c < 0 else ("the Bluff card; " if c == 0 else f"{card(c)}; ")
        return f"Commit {head}{what}"
    if verb == "second":
        return f"Play {card(args[0])} as a second card"
    if verb == "none":
        return "No second card"
    if verb == "reroll":
        return f"Reroll die {args[0] + 1}"
    if verb == "keep":
        return "Keep the dice"
    if verb in ("take", "ransack"):
        return "Take the City" if verb == "take" else "Ransack the City"
    if verb == "wound":
        what = "Support" if args[1] == 3 else UNIT_WORDS[args[1]]
        return f"Wound: {seat(args[0])} loses a {what}"
    if verb == "home":
        return f"Pay 1 Gold to bring a {UNIT_WORDS[args[0]]} home"
    if verb == "release":
        return "Leave the other Units"
    return action.text


# -- what the seat to act is asked, and the table as text ----------------------------------------
STEP_ASKED = {
    "turn": "play a card into one of the four columns, or discard one.",
    "development": "build a Church or Mosque in a Region, a Fortress on a border or a Citadel in a City.",
    "presence": "place Influence in the Cities and Support in the Regions.",
    "after": "resolve the card's effect, or leave it.",
    "movement": "move Support (1 Gold a move) and recruit with the Fortresses; then Battles and Sieges may follow.",
    "provision": "take a provision worth 2 Gold; the Gold of the Cities follows.",
    "conflicts": "start a Battle or a Siege, or end the turn.",
    "effect": "carry out the card's effect.",
}
CONFLICT_ASKED = {
    "bring": "bring 1 Support from a neighbouring Location (1 Gold each), or be done.",
    "ask": "ask a player to be its Ally, or ask nobody.",
    "answer": "agree to be the Ally, or refuse.",
    "commit": "commit in secret: a card face down (the leaders only), Units and Faith.",
    "second": "play a second card face up, or none.",
    "reroll": "reroll a die, or keep the dice.",
    "outcome": "take the City, or ransack it.",
    "wounds": "give a Wound to a Unit, or to a Support when no Unit is left.",
    "home": "pay 1 Gold to bring a Unit home, or leave the rest.",
}


def prompt(game, v: dict) -> str:
    """What the seat to act is asked, in a line that names it, read from a view (every seat reads
    the same line); the result once the game is over."""
    if v["result"]:
        return v["result"]["text"]
    seat = v["to_act"]
    if seat is None:
        return ""
    who = v["players"][seat]["name"]
    step = v["step"]
    if step == "draft":
        return f"{who}: keep one card of the draft (round {v['draft']['round']} of 3) and pass the rest to the left."
    if step == "putback":
        left = v["putback"]["left"]
        return f"{who}: put {left} card{'s' if left != 1 else ''} on the bottom of the deck."
    c = v["conflict"]
    if step == "conflict" and c:
        what = f"{'Battle in' if c['kind'] == 'battle' else 'Siege of'} {game.content.locations[c['loc']].name}"
        return f"{what} — {who}: {CONFLICT_ASKED.get(c['step'], 'choose an action.')}"
    return f"{who}: {STEP_ASKED.get(step, 'choose an action.')}"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _card_text(content, card_id: int) -> str:
    """A card face up: its name, cost, Benefit icons and Strength."""
    card = content.cards[card_id]
    benefit = " / ".join(words({k: n}) for k, n in card.benefit) or "none"
    return f"{card.name} (cost {card.cost}, Benefit {benefit}, strength {card.strength})"


def text_table(game, v: dict) -> str:
    """One seat's view as text for the terminal: the Crusade, the round and every player's VP; the
    four columns; each Location on the board with its City ladder, Citadel, Support, Churches and
    Mosques and the Fortresses on its borders; each player's board, the purse split into Gold and
    Faith for its owner only (ruling LH26); the conflict under way or the last one; the viewer's hand
    and draft. Only what the view holds: other hands as counts, sealed choices as who has chosen."""
    from .resolution import face_text
    from .strength import parts_text

    content = game.content
    players = v["players"]
    names = [p["name"] for p in players]
    loc_name = lambda i: content.locations[i].name  # noqa: E731
    me = v["viewer"]

    # -- the tracks
    if v["round_card"]:
        when = f"{'1st' if v['crusade'] == 1 else '2nd'} Crusade, round {v['round']} (Round card {v['round_card']})"
        if v["last_round"]:
            when += ", the Crusade ends after it"
    else:
        when = f"{'1st' if v['crusade'] == 1 else '2nd'} Crusade, the draft"
    lines = [f"== Lords of Heaven — {when} =="]
    if v["to_act"] is not None:
        lines.append(
            f"To act: {names[v['to_act']]}"
            + (" (you)" if v["to_act"] == me else "")
            + (f" · turn of {names[v['seat']]}" if v["step"] not in ("draft", "putback") else "")
        )
    lines.append(
        "VP: "
        + ", ".join(f"{p['name']} {p['vp']}" for p in players)
        + f" · Action deck {v['deck_count']}, discards {len(v['discard'])}"
    )

    # -- the four columns
    cols = []
    for i, col in enumerate(v["columns"]):
        head = ("Development", "Presence", "Movement", "Income")[i]
        if i < 2:
            head += f" (cost {v['costs'][i]})"
        else:
            shown = " / ".join(words({k: n}) for k, n in v["benefits"][i - 2])
            head += f" (Benefits {shown or 'none'})"
        cols.append(f"  {head}: " + (", ".join(content.cards[c].name for c in col) or "empty"))
    lines += ["Columns:"] + cols

    # -- the board, Location by Location
    lines.append("Locations (City levels lowest first, Gold each; the top level controls the City):")
    for loc in v["on_board"]:
        city = v["cities"][loc]
        ladder = ", ".join(
            f"{cost}: {names[who] if who is not None else 'empty'}"
            for cost, who in zip(v["levels"][loc], city, strict=False)
        )
        parts = [f"City [{ladder}]"]
        top = v["controllers"][loc]
        parts.append(f"controlled by {names[top]}" if top is not None else "controlled by nobody")
        if v["citadel"][loc] is not None:
            parts.append(f"Citadel of {names[v['citadel'][loc]]}")
        support = [f"{names[p]} {n}" for p, n in enumerate(v["support"][loc]) if n]
        parts.append("Support: " + (", ".join(support) or "none"))
        churches = [
            f"{content.faction(players[p]['faction']).church} of {names[p]}"
            for p, n in enumerate(v["church"][loc])
            for _ in range(n)
        ]
        if churches:
            parts.append(", ".join(churches))
        forts = []
        for i in content.forts:
            a, b = content.borders[i]
            if loc in (a, b) and v["fortress"][i] is not None:
                forts.append(f"towards {loc_name(b if a == loc else a)} ({names[v['fortress'][i]]})")
        if forts:
            parts.append("Fortresses " + ", ".join(forts))
        if v["conflict"] and v["conflict"]["loc"] == loc:
            parts.append("under attack")
        lines.append(f"  {loc_name(loc)}: " + "; ".join(parts) + ".")

    # -- the player boards
    lines.append("Players:")
    for p in players:
        tags = [
            t
            for t, on in (
                ("you", p["seat"] == me),
                ("first player", p["seat"] == v["first"]),
                ("to act", p["seat"] == v["to_act"]),
            )
            if on
        ]
        purse = (
            f"{p['gold']} Gold, {p['faith']} Faith" if p["gold"] is not None else f"purse {p['purse']} (Gold and Faith)"
        )
        church = content.faction(p["faction"]).church
        rows = ", ".join(
            f"{label} level {lv} ({left} left to build)"
            for label, lv, left in zip(
                (church + ("es" if church == "Church" else "s"), "Fortresses", "Citadels"),
                p["upgrades"],
                p["buildings"],
                strict=False,
            )
        )
        lines.append(
            f"  {p['name']}" + (f" [{', '.join(tags)}]" if tags else "") + f": {p['vp']} VP; {purse}; "
            f"{_plural(p['footman'], 'Footman', 'Footmen')}, {_plural(p['knight'], 'Knight')}, "
            f"{_plural(p['siege_tower'], 'Siege Tower')}; {p['presence']} Presence in stock; "
            f"{_plural(p['cities'], 'City', 'Cities')} controlled; {_plural(p['hand_count'], 'card')} "
            f"in hand and the Bluff; {rows}."
        )

    # -- the conflict under way, or the last one
    c = v["conflict"]
    if c:
        kind = "Battle in" if c["kind"] == "battle" else "Siege of"
        att = (
            names[c["attacker"]]
            + " (attacker"
            + (f", with {names[c['ally']]} as Ally" if c["ally"] is not None else "")
        )
        dfd = (
            names[c["defender"]]
            + " (Defender"
            + (f", with {names[c['def_ally']]} as Ally" if c["def_ally"] is not None else "")
        )
        lines.append(f"{kind} {loc_name(c['loc'])}: {att}) against {dfd}).")
        sealed = v["sealed"] if v["sealed"] and v["sealed"]["key"] == "conflict" else None
        for seat in [x for x in (c["attacker"], c["ally"], c["defender"], c["def_ally"]) if x is not None]:
            key = str(seat)
            name = names[seat]
            if key in c["units"]:
                units = c["units"][key]
                what = words(
                    {"footman": units[0], "siege_tower": units[1], "knight": units[2], "faith": c["faith"].get(key, 0)}
                )
                card = c["cards"].get(key)
                if card == 0:
                    what += f"; the Bluff card {content.bluffs[players[seat]['faction']].name}"
                elif card:
                    what += f"; {content.cards[card].name} (strength {content.cards[card].strength})"
                if key in c["second"]:
                    second = content.cards[c["second"][key]]
                    what += f"; second card {second.name} (strength {second.strength})"
                line = f"  {name} committed {what}"
            elif sealed and seat in sealed["seats"]:
                done = sealed["chosen"][sealed["seats"].index(seat)]
                line = f"  {name}: {'committed in secret' if done else 'to commit in secret'}"
                if seat == me and sealed["mine"] is not None:
                    card, f, b, x = sealed["mine"]
                    big = "knight" if c["kind"] == "battle" else "siege_tower"
                    head = "" if card < 0 else ("the Bluff card, " if card == 0 else f"{content.cards[card].name}, ")
                    line += f" (your choice: {head}{words({'footman': f, big: b, 'faith': x})})"
            else:
                line = f"  {name}: {_plural(v['support'][c['loc']][seat], 'Support', 'Support')} here"
            dice = c["dice"].get(key)
            if dice:
                line += "; dice " + ", ".join(face_text(content, d) for d in dice)
                if c["rerolls"].get(key):
                    line += f" ({_plural(c['rerolls'][key], 'reroll')} left)"
            lines.append(line + ".")
        if c["winner"] is not None:
            lines += _strength_lines(Names(game.content, {"factions": [p["faction"] for p in players]}), c)
            left = [
                f"{_plural(n, 'Wound')} on the {side} side"
                for side, n in zip(("attacking", "defending"), c["wounds"], strict=False)
                if n
            ]
            if left and c["step"] == "wounds":
                lines.append("  Still to take: " + ", ".join(left) + ".")
    elif v["last_conflict"]:
        last = v["last_conflict"]
        kind = "Battle in" if last["kind"] == "battle" else "Siege of"
        lines.append(
            f"Last conflict: {kind} {loc_name(last['loc'])}, won by {names[last['winner']]}; Strength "
            f"{last['strength'][0]} against {last['strength'][1]}"
            + (
                f" (attack: {parts_text(last['parts'][0])}; defence: {parts_text(last['parts'][1])})"
                if last.get("parts") and any(last["parts"])
                else ""
            )
            + "."
        )

    # -- what the viewer holds
    if me is not None:
        mine = players[me]
        if mine["hand"] is not None:
            bluff = content.bluffs[mine["faction"]].name
            lines.append(
                "Your hand: " + "; ".join([_card_text(content, h) for h in mine["hand"]] + [f"the Bluff card {bluff}"])
            )
        d = v["draft"]
        if d and d["hand"] is not None:
            lines.append(
                f"Draft, round {d['round']} of 3 — to choose from: "
                + ("; ".join(_card_text(content, h) for h in d["hand"]) or "nothing")
            )
            if d["kept"]:
                lines.append("Kept so far: " + ", ".join(content.cards[k].name for k in d["kept"]))
            sealed = v["sealed"]
            if sealed and sealed.get("mine") is not None and sealed["key"].startswith("draft"):
                lines.append(f"You set aside {content.cards[sealed['mine']].name} this round.")
    asked = prompt(game, v)
    if asked:
        lines.append(asked)
    return "\n".join(lines)


def _strength_lines(names: Names, c: dict) -> list[str]:
    """Each side's Strength and where it comes from (:func:`.strength.strength_parts`), and who wins."""
    from .strength import parts_text

    winner = c["attacker"] if c["winner"] == 0 else c["defender"]
    tie = " (a tie goes to the Defender)" if c["strength"][0] == c["strength"][1] else ""
    return [
        f"  Strength: {names.owner(c['attacker'])} side {c['strength'][0]} ({parts_text(c['parts'][0])}); "
        f"{names.owner(c['defender'])} side {c['strength'][1]} ({parts_text(c['parts'][1])}). "
        f"{names.says(winner, 'wins')}{tie}."
    ]
