"""Share codes: a whole match (setup and every action) in a compact, URL-safe string.

Layout, before base64url (no padding)::

    version      1 byte   (FORMAT_VERSION)
    game         varint   (Game.code_id)
    revision     varint   (Game.rules_revision: codes replay only under the rules that made them)
    seed         varint
    seats        varint count, then one varint per seat (index in CONTROLLERS)
    options      one varint per option of the game, in order (index among its choices)
    steps        varint   (number of actions)
    moves        the actions, each as its index among the legal actions of its moment,
                 packed as one mixed-radix integer (little-endian bytes); a forced
                 action (one choice) costs nothing
    check        4 bytes  (BLAKE2s of everything before)

Decoding replays every step through the rules, so a code can only ever produce a
game that was legal from its first action to its last.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Callable

from .errors import BadShareCode, OutremerError
from .game import CONTROLLERS, Game, Setup
from .match import Match

FORMAT_VERSION = 1
CHECK_BYTES = 4
MAX_STEPS = 200_000
_ALPHABET = re.compile(r"^[A-Za-z0-9_-]*$")


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
        value = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise BadShareCode(f"The code ends in the middle of its {what}: it was probably cut off.")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value
            if shift > 70:
                raise BadShareCode(f"The code's {what} is not a valid number.")


def _check(payload: bytes) -> bytes:
    return hashlib.blake2s(payload, digest_size=CHECK_BYTES, person=b"outremer").digest()


def encode(match: Match) -> str:
    """The share code of a match."""
    game, setup = match.game, match.setup
    out = bytearray([FORMAT_VERSION])
    out += _varint(game.code_id)
    out += _varint(game.rules_revision)
    out += _varint(setup.seed)
    out += _varint(len(setup.seats))
    for who in setup.seats:
        out += _varint(CONTROLLERS.index(who))
    chosen = dict(setup.options)
    for opt in game.options:
        out += _varint(opt.choices.index(chosen[opt.id]))
    out += _varint(match.steps)
    moves = 0
    for index, count in zip(reversed(match.indices), reversed(match.counts)):
        moves = moves * count + index
    out += moves.to_bytes((moves.bit_length() + 7) // 8, "little")
    out += _check(bytes(out))
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def decode(code: str, games: Callable[[int], Game | None]) -> Match:
    """The match a code holds, replayed and checked step by step.

    ``games`` maps a game's code number to the game (None if unknown). Every failure
    raises :class:`BadShareCode` with a message a player can read.
    """
    if not isinstance(code, str):
        raise BadShareCode("A game code must be text.")
    code = code.strip()
    if code.startswith("#"):
        code = code[1:]
    if not code:
        raise BadShareCode("The link holds no game: its code is empty.")
    if not _ALPHABET.match(code):
        bad = next(ch for ch in code if not _ALPHABET.match(ch))
        raise BadShareCode(f"The code contains {bad!r}, which no game code contains "
                           "(only letters, digits, - and _).")
    if len(code) % 4 == 1:
        raise BadShareCode("The code has a character too many or too few: it was probably cut off.")
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    if data[0] != FORMAT_VERSION:
        raise BadShareCode(f"This code was written in game-code format {data[0]}; this version of "
                           f"Outremer reads format {FORMAT_VERSION}. Open it with the version that made it, "
                           "or start a new game.")
    if len(data) < 1 + 5 + CHECK_BYTES:
        raise BadShareCode("The code is too short to hold a game: it was probably cut off.")
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if _check(payload) != check:
        raise BadShareCode("The code is damaged: its check does not match, so a character was "
                           "changed, added or lost (copy the whole link again).")
    reader = _Reader(payload)
    reader.pos = 1
    game_no = reader.varint("game number")
    game = games(game_no)
    if game is None:
        raise BadShareCode(f"This code is for a game this site does not have (game number {game_no}).")
    revision = reader.varint("rules revision")
    if revision != game.rules_revision:
        newer = "a newer" if revision > game.rules_revision else "an older"
        raise BadShareCode(f"This {game.name} game was recorded under {newer} revision of the rules engine "
                           f"({revision}; this site plays revision {game.rules_revision}), so its moves cannot "
                           "be replayed here. Start a new game, or open the link with the version that made it.")
    seed = reader.varint("seed")
    seat_count = reader.varint("seat count")
    if seat_count > 16:
        raise BadShareCode(f"The code names {seat_count} seats; no game here has so many.")
    seats = []
    for _ in range(seat_count):
        who = reader.varint("seats")
        if who >= len(CONTROLLERS):
            raise BadShareCode(f"The code names an unknown kind of player (number {who}).")
        seats.append(CONTROLLERS[who])
    options = {}
    for opt in game.options:
        choice = reader.varint(f"option {opt.label!r}")
        if choice >= len(opt.choices):
            raise BadShareCode(f"The code gives option {opt.label!r} a value it cannot have.")
        options[opt.id] = opt.choices[choice]
    steps = reader.varint("number of actions")
    if steps > MAX_STEPS:
        raise BadShareCode(f"The code claims {steps} actions, more than any game can hold.")
    moves = int.from_bytes(payload[reader.pos:], "little")
    try:
        setup = game.make_setup(seed, seats, options)
        match = Match(game, setup)
        for step in range(steps):
            legal = match.legal_actions()
            if not legal:
                raise BadShareCode(f"The code goes on after the game ended (at action {step + 1} of {steps}).")
            moves, index = divmod(moves, len(legal))
            match.play(legal[index])
    except BadShareCode:
        raise
    except OutremerError as exc:
        raise BadShareCode(f"The code does not replay: {exc.message}") from None
    if moves:
        raise BadShareCode("The code holds more moves than its action count: it was altered.")
    return match
