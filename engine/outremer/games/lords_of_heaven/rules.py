"""Where each Lords of Heaven log line's rule comes from: a section of the rulebook or a ruling
(``docs/rulings/lords-of-heaven.md``)."""

from ...core.rules import RuleIndex

RULEBOOK = {
    "2": "2. Game setup",
    "3": "3. How to win the game",
    "4.church": "4. Buildings: Church and Mosque",
    "4.fortress": "4. Buildings: Fortress",
    "4.citadel": "4. Buildings: Citadel",
    "5": "5. Gameplay",
    "5.draft": "5. Gameplay: Draft",
    "5.end": "5. Gameplay: End of the Crusades",
    "6.effect": "6. Actions: the card's effect",
    "6.development": "6. Actions: Development",
    "6.presence": "6. Actions: Presence",
    "6.movement": "6. Actions: Movement",
    "6.income": "6. Actions: Income",
    "7.battle": "7. Conflicts: Battle",
    "7.siege": "7. Conflicts: Siege",
    "8": "8. 2-3 player game",
}

RULINGS = {
    "LH1": "Designed content: the cards, the Locations, the board and the Upgrade rows are ours",
    "LH2": "Seats, factions and the first player",
    "LH3": "The custom dice",
    "LH4": "Starting Influence on the 2-column side",
    "LH5": "Development upgrades the building type placed",
    "LH6": "Paying: Gold first, then Faith",
    "LH7": "The Fortress spaces",
    "LH8": "Pushing Influence down the ladder",
    "LH9": "Control is the top level",
    "LH10": "The visible Benefits",
    "LH11": "The Round deck of the 2nd Crusade",
    "LH12": "An empty deck is refilled from the discard pile",
    "LH13": "Conflicts follow Movement",
    "LH14": "Where Influence may be placed",
    "LH15": "Citadels",
    "LH16": "The Bluff card and the second card",
    "LH17": "A tie in Strength goes to the Defender",
    "LH18": "Dice, rerolls and Wounds",
    "LH19": "Taking the City after a Siege",
    "LH20": "Drawing after a conflict",
    "LH21": "Putting back 2 cards after the 1st Crusade",
    "LH22": "A tie nobody breaks",
    "LH23": "Moving Support",
    "LH24": "Bringing Support into a Battle",
    "LH25": "The general supply",
    "LH26": "Gold and Faith behind the screen",
    "LH27": "What a City yields",
    "LH28": "Three Upgrade levels, Ascalon's sea lanes, the factions' cards, the coast's prices",
    "LH29": "A Development whose site an effect took away",
    "LH30": 'The free placement, and what "at the start of your turn" then allows',
    "LH31": "A price is not paid for nothing",
}

INDEX = RuleIndex(RULEBOOK, RULINGS)
