"""Errors a player can read. Nothing reaches a player as a traceback."""


class OutremerError(Exception):
    """Base class: the message is written for a player."""

    kind = "Error"

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else self.kind


class IllegalAction(OutremerError):
    """An action that is not among the legal actions of the moment."""

    kind = "IllegalAction"


class BadShareCode(OutremerError):
    """A share code that is malformed, truncated, tampered with, foreign or from another version."""

    kind = "BadShareCode"


class ShareCodeFromOtherVersion(BadShareCode):
    """A sound share code (its check matches) written by another version of Outremer: another
    code format, or another revision of its game's rules, so its moves cannot be replayed here."""


class BadSetup(OutremerError):
    """A setup that the game cannot start from (seats, options, seed)."""

    kind = "BadSetup"


class BadState(OutremerError):
    """A saved state that cannot be loaded."""

    kind = "BadState"


class DataError(OutremerError):
    """A data file (cards, maps) that does not validate; the message names file, entry and field."""

    kind = "DataError"
