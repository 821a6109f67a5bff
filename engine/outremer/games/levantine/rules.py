"""Where each log line's rule comes from: a rulebook section or one of our rulings.

Keys are what :class:`~outremer.core.game.Event` carries in ``rule``; rulings are
written out in ``docs/rulings/levantine.md`` under the same ids.
"""

from ...core.rules import RuleIndex

RULEBOOK = {
    "setup": "Setup",
    "turn": "Turn Sequence",
    "support": "Support Phase",
    "chart": "Territory Chart",
    "recruit": "Recruit Phase",
    "defender": "Defender Phase",
    "battle": "Battle Phase",
    "siege": "Siege Phase",
    "conquest": "Conquest Phase",
    "end": "End Phase",
    "victory": "Victory",
    "cards": "Common Deck Card List",
    "egypt": "Optional rule: Strike at Egypt",
}

RULINGS = {
    "L1": "One copy of each card",
    "L2": "An empty deck is refilled from the discard pile",
    "L3": "When events may be played",
    "L4": "The Will of God answers as a response",
    "L5": "Battle cards and combat events are played in turn",
    "L6": "The attack is declared, and may be held back",
    "L7": "Modified dice never count below zero",
    "L8": "Natural sixes: the owner chooses which Army to lose",
    "L9": "Fortifications lost in a Siege",
    "L10": "The Age Roll covers both players' cards",
    "L11": "Old age: a Leader serves two Crusades",
    "L12": "Hand limit for both players",
    "L13": "A tie in Territory Tokens goes to the Muslims",
    "L14": "Nothing to conquer, no attack",
    "L15": "Discards chosen by the player who discards",
    "L16": "Transports are the Crusader's",
    "L17": "Egypt is a Territory Token",
    "L18": "Conquest is taken at once",
    "L19": "St Louis IX brings one more Army",
    "L20": "Order of the Support Phase and first hands",
}


INDEX = RuleIndex(RULEBOOK, RULINGS)
rule_title = INDEX.title
rule_anchor = INDEX.anchor
