"""Third Crusade's options: the Armies played with 2 and 3 players, the lone Alliance of 3, the
variable setup, the solo game against the Bot (p.19-23) with its optional rules, and the hidden
Learn to play option; their order is the share code's (core/sharecode)."""

from __future__ import annotations

from ...core.game import Option
from . import setup_phase
from .solo import SIDES, TOGETHER

OPTIONS = (
    Option(
        "crusader_army",
        "Crusader Army (2 players; the lone Crusader in 3)",
        ("angevin", "hre"),
        "In 2 players one Army of each Alliance plays (p.4). In a solo game, the Crusader Army where one "
        "plays, the person's or the Bot's.",
        names=("Angevin", "Holy Roman Empire"),
        players=(1, 2, 3),
    ),
    Option(
        "muslim_army",
        "Muslim Army (2 players; the lone Muslim in 3)",
        ("ayyubid", "turkoman"),
        "In 2 players one Army of each Alliance plays (p.4). In a solo game, the Muslim Army where one "
        "plays, the person's or the Bot's.",
        names=("Ayyubid", "Turkoman"),
        players=(1, 2, 3),
    ),
    Option(
        "lone",
        "The Alliance played by one player (3 players)",
        ("muslim", "crusader"),
        "In 3 players one Alliance has two players and the other a lone player, who uses both of its "
        "Alliance's initiative markers (p.4).",
        names=("Muslim", "Crusader"),
        players=(3,),
    ),
    Option(
        "variable",
        "Variable setup (2 and 4 players)",
        (False, True),
        "For experienced players (p.9): each player is dealt 4 Objective Cards of its Alliance, discards 1 and "
        "reveals the rest, then the players take turns deploying their Leaders and Units with deployment "
        "points into the main Cities of their Objectives, one Desert beside them and, for the Muslims, "
        "Jerusalem. With 2 players the cards with the North icon are left out.",
        names=("Off", "On"),
        players=setup_phase.PLAYERS,
    ),
    # the solo game (p.19-23): options added with revision 7, last, so earlier codes still read
    Option(
        "together",
        "Two players together against the Bot (2 players)",
        TOGETHER,
        "The two players form one Alliance, each commanding one of its Armies, against one or two Bot "
        "Armies of the other Alliance (p.19); the Crusader or Muslim Army option names a lone Bot's Army.",
        names=(
            "Off",
            "Crusaders against one Bot",
            "Crusaders against both Muslim Bots",
            "Muslims against one Bot",
            "Muslims against both Crusader Bots",
        ),
        players=(2,),
    ),
    Option(
        "side",
        "Your Alliance (solo)",
        SIDES,
        "The Alliance the player commands; the Bot plays the other (p.19).",
        names=("Crusader", "Muslim"),
        players=(1,),
    ),
    Option(
        "command",
        "Armies you command (solo)",
        (1, 2),
        'One Army of your Alliance (the Crusader or Muslim Army option says which), or both (p.19: "1 or 2 '
        'Armies of an Alliance"), from one seat.',
        names=("One Army", "Both Armies"),
        players=(1,),
    ),
    Option(
        "bots",
        "Bot Armies (solo)",
        (1, 2),
        "One Bot Army (the Crusader or Muslim Army option says which) or both Armies of the other Alliance "
        "(p.19). Four Armies play on both boards, two or three on the south board.",
        names=("One", "Two"),
        players=(1,),
    ),
    # the rulebook's optional Bot rules (p.20, p.23; rulings TC96, TC97): added with revision 8. A
    # code writes the options the form offers in this order, the hidden ones after (core/sharecode),
    # so these two come after the other offered options and a revision-7 code reads them as off.
    Option(
        "bot_reroll",
        "Bot: a new column each phase (solo)",
        (False, True),
        "The Strategy alternative rule (p.20): for more chaos and a harder game, the Bot rolls its die anew at the "
        "start of the Command, Diplomacy and Upkeep phases and follows the new column (ruling TC96).",
        names=("Off", "On"),
        players=(1, 2),
    ),
    Option(
        "bot_diplomacy_column",
        "Bot: its Diplomacy roll changes its column (solo)",
        (False, True),
        "The Diplomacy alternative rule (p.23): the die the Bot rolls for its bid becomes its column, for the bid, "
        "the rest of the Diplomacy phase and the Upkeep phase (ruling TC97).",
        names=("Off", "On"),
        players=(1, 2),
    ),
    Option(
        "lesson",
        "Learn to play",
        ("", "first-round"),
        "The rulebook's guided first round (p.24-29), the Angevin against the Ayyubid from a fixed deal, "
        "then the game goes on (rulings TC120-TC122). Set by the Learn to play page, not offered on the "
        "new-game form.",
        names=("Off", "The first round"),
        players=(2,),
        hidden=True,
    ),
)
SOLO_OPTIONS = ("together", "side", "command", "bots")
BOT_RULES = ("bot_reroll", "bot_diplomacy_column")
"""The optional Bot rules, added with revision 8."""
