"""The Solo rules' pages and the rulings of the Bot's decisions (``docs/rulings/third-crusade.md``,
TC100-TC119), for the game's rule index (``rules.py``). Plain data: it imports nothing."""

BOT_PAGES = {
    "p.19": "p.19 Solo game: setup and general changes",
    "p.20": "p.20 Solo game: Strategy, Planning, Command",
    "p.21": "p.21 Solo game: adding, removing, Battle",
    "p.22": "p.22 Solo game: Marching",
    "p.23": "p.23 Solo game: Diplomacy, Upkeep, the Bot Table",
}

BOT_RULINGS = {
    "TC100": "A Bot's strength in a Region",
    "TC101": "Proximity on our boards",
    "TC102": "The Bot's Reaction drawn, placed or not used",
    "TC103": "The Bot's losses with a Reinforce, and its partner's pieces",
    "TC104": "The Bot's retreat, piece by piece",
    "TC105": "Where the Bot adds Units and Resource tokens",
    "TC106": "The Bot's Sabotage, placed and removed",
    "TC107": "Which of the player's Units and Leaders the Bot removes",
    "TC108": "The Bot's Diplomacy choices",
    "TC109": 'The Bot\'s Event Cards: the draw, "partly useful", the perks, each step',
    "TC110": "The Bot's Advanced Orders at Upkeep",
}
