"""Words for Lords of Heaven actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.game import State
from .state import COLUMNS, words

if TYPE_CHECKING:
    from .game import LordsOfHeaven

UNIT_WORDS = ("Footman", "Siege Tower", "Knight")
ROW_WORDS = ("Church/Mosque", "Fortress", "Citadel")
PROVISION_WORDS = None


def describe(game: "LordsOfHeaven", s: State, action: Action) -> str:
    from .turn import PROVISIONS
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
