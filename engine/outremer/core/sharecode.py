"""Share codes: a whole match (setup and every action) in a compact, URL-safe string.

Layout, before base64url (no padding)::

    version      1 byte   (FORMAT_VERSION)
    game         varint   (Game.code_id)
    revision     varint   (Game.rules_revision: codes replay only under the rules that made them,
                           or under later rules as Game.earlier_revision says, by player count)
    seed         varint
    seats        varint count, then one varint per seat (index in CONTROLLERS)
    options      one varint per option of the game the new-game form offers, in order (index
                 among its choices); then, in format 2 only, one per hidden option (a lesson)
    steps        varint   (number of actions)
    moves        the actions, each as its index among the legal actions of its moment,
                 packed as one mixed-radix integer (little-endian bytes); a forced
                 action (one choice) costs nothing
    check        4 bytes  (BLAKE2s of everything before)

Format 1 is every code whose hidden options (:attr:`Option.hidden`: set by a lesson, not by the
new-game form) are at their defaults; format 2, the codes of a lesson, also writes them. So a
game may gain a hidden option without changing a single existing code (no rules revision).

Decoding verifies the check before it reads anything else (a code that fails it is
damaged, whatever its first byte says), then replays every step through the rules, so a
code can only ever produce a game that was legal from its first action to its last.
Whatever the text, decoding fails only with :class:`BadShareCode`; blanks around a code
are ignored, but not inside it.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from typing import NoReturn

from .errors import BadShareCode, OutremerError, ShareCodeFromOtherVersion
from .game import CONTROLLERS, Game
from .match import Match

FORMAT_VERSION = 1
FORMAT_HIDDEN = 2
"""The format of a code whose hidden options are not all at their defaults (a lesson)."""
FORMATS = (FORMAT_VERSION, FORMAT_HIDDEN)
CHECK_BYTES = 4
MAX_STEPS = 200_000
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_BAD_CHARACTER = re.compile(r"[^A-Za-z0-9_-]")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_BLANKS = {"\n": "a line break", "\r": "a line break", "\t": "a tab", " ": "a space"}
_ALTERED = "it was not written by Outremer, or was altered"


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def varint(self, what: str) -> int:
        """The next number; ``what`` names it in an error message ("the seed",
        "a seat's player kind"), after "the middle of" and as a sentence's subject."""
        value = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise BadShareCode(
                    f"The code ends in the middle of {what}: it was not written by Outremer, or was altered."
                )
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value
            if shift > 70:
                raise BadShareCode(f"The code is malformed: {what} is not a valid number.")


def _check(payload: bytes) -> bytes:
    return hashlib.blake2s(payload, digest_size=CHECK_BYTES, person=b"outremer").digest()


def encode(match: Match) -> str:
    """The share code of a match."""
    game, setup = match.game, match.setup
    chosen = dict(setup.options)
    hidden = [opt for opt in game.options if opt.hidden]
    with_hidden = any(chosen[opt.id] != opt.default for opt in hidden)
    out = bytearray([FORMAT_HIDDEN if with_hidden else FORMAT_VERSION])
    out += _varint(game.code_id)
    out += _varint(game.rules_revision)
    out += _varint(setup.seed)
    out += _varint(len(setup.seats))
    for who in setup.seats:
        out += _varint(CONTROLLERS.index(who))
    for opt in game.options:
        if not opt.hidden:
            out += _varint(opt.choices.index(chosen[opt.id]))
    for opt in hidden if with_hidden else ():
        out += _varint(opt.choices.index(chosen[opt.id]))
    out += _varint(match.steps)
    moves = 0
    for index, count in zip(reversed(match.indices), reversed(match.counts), strict=True):
        moves = moves * count + index
    out += moves.to_bytes((moves.bit_length() + 7) // 8, "little")
    out += _check(bytes(out))
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def _bad_character(code: str) -> BadShareCode:
    """The error for a code holding a character no code has, naming it readably; a blank
    (raw, or written as in a link: %0A) most likely comes from a link split in two."""
    found = _BAD_CHARACTER.search(code)
    assert found is not None  # called only for a code holding such a character
    at = found.start()
    encoded = _PERCENT.match(code, at)
    ch = chr(int(encoded.group()[1:], 16)) if encoded else code[at]
    if not ch.isspace():
        return BadShareCode(
            f"The code contains {code[at]!r} (character {at + 1}), which no game code "
            "contains (only letters, digits, - and _)."
        )
    name = _BLANKS.get(ch, "a blank character")
    shown = f"{name} written as {encoded.group()!r}" if encoded else f"{name} ({ch!r})"
    where = f"after character {at}" if at else "at its start"
    return BadShareCode(
        f"The code contains {shown} {where}: it was probably split when it was copied. "
        "Copy the whole link again, in one piece."
    )


def _other_revision(game: Game, revision: int) -> NoReturn:
    newer = "a newer" if revision > game.rules_revision else "an older"
    raise ShareCodeFromOtherVersion(
        f"This {game.name} game was recorded under {newer} revision of the rules engine "
        f"({revision}; this site plays revision {game.rules_revision}), so its moves cannot "
        "be replayed here. Start a new game, or open the link with the version that made it."
    )


def decode(code: str, games: Callable[[int], Game | None]) -> Match:
    """The match a code holds, replayed and checked step by step.

    ``games`` maps a game's code number to the game (None if unknown). Every failure
    raises :class:`BadShareCode` with a message a player can read. The check is verified
    before anything else is read: a code that fails it is damaged, whatever it seems to
    hold; only a sound code is told apart as being from another version.
    """
    if not isinstance(code, str):
        raise BadShareCode("A game code must be text.")
    code = code.strip()
    if code.startswith("#"):
        code = code[1:].strip()
    if not code:
        raise BadShareCode("The link holds no game: its code is empty.")
    if not _ALPHABET.fullmatch(code):
        raise _bad_character(code)
    if len(code) % 4 == 1:
        raise BadShareCode("The code has a character too many or too few: it was probably cut off.")
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    if len(data) < 1 + 5 + CHECK_BYTES:
        raise BadShareCode("The code is too short to hold a game: it was probably cut off.")
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if _check(payload) != check:
        raise BadShareCode(
            "The code is damaged: its check does not match, so a character was "
            "changed, added or lost (copy the whole link again)."
        )
    if payload[0] not in FORMATS:
        raise ShareCodeFromOtherVersion(
            f"This code was written in game-code format {payload[0]}; this version of Outremer reads "
            f"formats {FORMAT_VERSION} and {FORMAT_HIDDEN}. Open it with the version that made it, or start a new game."
        )
    reader = _Reader(payload)
    reader.pos = 1
    game_no = reader.varint("the game's number")
    game = games(game_no)
    if game is None:
        raise BadShareCode(f"This code is for a game this site does not have (game number {game_no}).")
    revision = reader.varint("the rules revision")
    if revision > game.rules_revision:
        _other_revision(game, revision)
    seed = reader.varint("the seed")
    if seed >= 1 << 64:
        raise BadShareCode(f"The code's seed is {seed}, larger than any game's (at most 2^64 - 1): {_ALTERED}.")
    seat_count = reader.varint("the number of seats")
    if not game.min_seats <= seat_count <= game.max_seats:
        players = f"{game.min_seats}" if game.min_seats == game.max_seats else f"{game.min_seats}–{game.max_seats}"
        raise BadShareCode(
            f"The code names {seat_count} seat{'' if seat_count == 1 else 's'}, but "
            f"{game.name} is played by {players} players: {_ALTERED}."
        )
    fixed = {} if revision == game.rules_revision else game.earlier_revision(revision, seat_count)
    if fixed is None:
        _other_revision(game, revision)
    seats = []
    for _ in range(seat_count):
        who = reader.varint("a seat's player kind")
        if who >= len(CONTROLLERS):
            raise BadShareCode(f"The code names an unknown kind of player (number {who}).")
        seats.append(CONTROLLERS[who])
    options = {}
    with_hidden = payload[0] == FORMAT_HIDDEN
    for opt in [o for o in game.options if not o.hidden] + [o for o in game.options if o.hidden]:
        if opt.hidden and not with_hidden:
            options[opt.id] = opt.default
            continue
        if opt.id in fixed:  # an earlier revision's code: this option did not exist yet
            options[opt.id] = fixed[opt.id]
            continue
        choice = reader.varint(f"the choice for option {opt.label!r}")
        if choice >= len(opt.choices):
            raise BadShareCode(f"The code gives option {opt.label!r} a value it cannot have: {_ALTERED}.")
        options[opt.id] = opt.choices[choice]
    if revision != game.rules_revision and not game.replays_earlier(revision, seat_count, options):
        _other_revision(game, revision)
    steps = reader.varint("the number of actions")
    if steps > MAX_STEPS:
        raise BadShareCode(f"The code claims {steps} actions, more than any game can hold: {_ALTERED}.")
    moves = int.from_bytes(payload[reader.pos :], "little")
    try:
        setup = game.make_setup(seed, seats, options)
        match = Match(game, setup)
        for step in range(steps):
            legal = match.legal_actions()
            if not legal:
                raise BadShareCode(
                    f"The code goes on after the game ended (at action {step + 1} of {steps}): {_ALTERED}."
                )
            moves, index = divmod(moves, len(legal))
            match.play(legal[index])
    except BadShareCode:
        raise
    except OutremerError as exc:
        raise BadShareCode(f"The code does not replay: {exc.message}") from None
    if moves:
        raise BadShareCode(f"The code holds more moves than its number of actions: {_ALTERED}.")
    return match
