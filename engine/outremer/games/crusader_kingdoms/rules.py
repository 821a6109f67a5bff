"""Where each Crusader Kingdoms log line's rule comes from: a rulebook section or a ruling
(``docs/rulings/crusader-kingdoms.md``)."""

from ...core.rules import RuleIndex

RULEBOOK = {
    "3": "3. How to play the game",
    "4.1": "4.1 Attack",
    "4.2": "4.2 Combat",
    "4.3": "4.3 Incursion",
    "4.4": "4.4 Events",
    "4.5": "4.5 Discard",
    "4.6": "4.6 Pass",
    "5": "5. End of turn",
    "6": "6. How the Card Bonus works",
    "7.1": "7.1 Deployment",
    "7.2": "7.2 Three players special rules",
    "7.3": "7.3 End of game and winning the game",
    "8.1": "8.1 Deployment (1–2 players)",
    "8.2": "8.2 Special rules (1–2 players)",
    "8.3": "8.3 Muslim game rounds",
    "8.4": "8.4 Clarifications about the Muslim cards",
    "8.5": "8.5 End of game and victory points",
}

RULINGS = {
    "R1": "Designed content: the maps and the decks are ours",
    "R2": "Allies never attack each other",
    "R3": "An empty deck stops the draw",
    "R4": "Incursions against the Muslims",
    "R5": "The Muslims play on after every Crusader has passed",
    "R6": "Events the automaton cannot use",
    "R7": "An attack needs a Troop card",
    "R8": "Lost rounds and watchtowers",
    "R9": "Concerted Attack",
    "R10": "Responses are asked of every player the attack concerns",
    "R11": "The Leader's points are placed for the most hits",
    "R12": "The Card Bonus",
    "R13": "The automaton never flips castles",
    "R14": "Winning at the end",
    "R15": "Seduction for a player",
    "R16": "Border areas",
    "R17": "The 4-player map's balance",
    "R18": "Emir's Defection taken by the Muslims",
}


INDEX = RuleIndex(RULEBOOK, RULINGS)
rule_title = INDEX.title
rule_anchor = INDEX.anchor
