"""Third Crusade (Ion Game Design): 1-4 players in two Alliances,
the Crusaders (Angevin, Holy Roman Empire) and the Muslims (Ayyubid, Turkoman), 1190-1192.

For now only its designed data and their loader (``data``): the south map board, the Leaders,
the 2- and 3-player starting position and each Army's tracks. Not yet a playable game, and
registered nowhere."""
