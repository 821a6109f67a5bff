"""Altered share codes, made from real games, and what decoding each one gives.

Shared by the test suite (``test_sharecode_mutations.py``, a sample) and by
``bench/fuzz_codes.py`` (the full run): every real code comes from games played by the
computer players, in every game and mode, cut at several lengths. Each alteration is one
of :data:`KINDS`. Those named ``signed …`` rewrite the code's content and recompute its
check, so that they get past it and reach the replay; the others alter the code as a
person or a mail program might, and are caught by the check or before it.

Decoding any of them must either give a game (whose own code then decodes to the same
game) or fail with :class:`BadShareCode` and a message; :func:`attempt` says which.
"""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from outremer.core import sharecode
from outremer.core.errors import BadShareCode
from outremer.core.game import CONTROLLERS
from outremer.core.match import Match
from outremer.games import all_games, game_by_code, get_game
from outremer.sim import play_out

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
FOREIGN = [
    "!",
    "=",
    "+",
    "/",
    "#",
    ".",
    "~",
    "*",
    "?",
    "&",
    "%",
    "'",
    '"',
    "é",
    "ß",
    "Ω",
    "\u200b",
    "\x00",
    "\x7f",
    "\ufeff",
    "😀",
    "\ud800",
]
BLANKS = ["\n", "\r\n", "\r", " ", "\t", "\u00a0", "\u2028", "%0A", "%0D%0A", "%20", "%09"]
# Where a game is cut to make a shorter code (besides its middle and its end).
CUTS = (0, 1, 2, 5, 10, 25, 60, 120, 200)


# ------------------------------------------------------------------ real codes


@dataclass(frozen=True)
class Mode:
    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()

    @property
    def label(self) -> str:
        opts = "".join(f" {k}={v}" for k, v in self.options)
        count = len(self.seats)
        return f"{self.game} {count} seat{'' if count == 1 else 's'} ({','.join(self.seats)}){opts}"


# Every game and mode: Levantine with and without Strike at Egypt, Crusader Kingdoms
# alone and with 2, 3 and 4 seats; "human" seats are played by the random player.
MODES = (
    Mode("levantine", ("heuristic", "random"), (("egypt", False),)),
    Mode("levantine", ("human", "heuristic"), (("egypt", False),)),
    Mode("levantine", ("random", "random"), (("egypt", True),)),
    Mode("levantine", ("heuristic", "heuristic"), (("egypt", True),)),
    Mode("crusader-kingdoms", ("heuristic",)),
    Mode("crusader-kingdoms", ("human",)),
    Mode("crusader-kingdoms", ("random", "heuristic")),
    Mode("crusader-kingdoms", ("heuristic", "human", "random")),
    Mode("crusader-kingdoms", ("random", "heuristic", "random", "heuristic")),
)


@dataclass(frozen=True)
class Base:
    """A real code: a game of ``mode`` after ``steps`` actions (``complete``: to its end)."""

    mode: Mode
    seed: int
    steps: int
    complete: bool
    code: str

    @property
    def label(self) -> str:
        return f"{self.mode.label} seed {self.seed}, {self.steps} actions" + (" (complete)" if self.complete else "")


def play(mode: Mode, seed: int) -> Match:
    """A complete game of ``mode``; a "human" seat is played as the random player would."""
    game = get_game(mode.game)
    played = play_out(
        game, game.make_setup(seed, [("random" if s == "human" else s) for s in mode.seats], dict(mode.options))
    )
    if "human" not in mode.seats:
        return played
    match = Match(game, game.make_setup(seed, mode.seats, dict(mode.options)))
    for index in played.indices:
        match.play_index(index)
    return match


def base_codes(
    seeds: tuple[int, ...] = (1,), cuts: tuple[int, ...] = CUTS, modes: tuple[Mode, ...] = MODES
) -> list[Base]:
    """Real codes of every mode: each game at every cut, at its middle and at its end."""
    bases = []
    for mode in modes:
        for seed in seeds:
            match = play(mode, seed)
            total = match.steps
            for steps in sorted({c for c in cuts if c < total} | {total // 2, total}, reverse=True):
                match.truncate(steps)
                bases.append(Base(mode, seed, steps, steps == total, sharecode.encode(match)))
    return bases


# ------------------------------------------------------------------ bytes and fields


def to_bytes(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def to_code(data: bytes) -> str:
    return base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode("ascii")


def signed(payload: bytes) -> str:
    """The code of ``payload`` with its check computed anew."""
    return to_code(bytes(payload) + sharecode._check(bytes(payload)))


@dataclass
class Fields:
    """A sound code's content, field by field (the layout of ``sharecode``'s docstring)."""

    version: int
    game: int
    revision: int
    seed: int
    seats: list[int]
    options: list[int]
    steps: int
    moves: bytes = b""

    @classmethod
    def of(cls, code: str) -> Fields:
        payload = to_bytes(code)[: -sharecode.CHECK_BYTES]
        reader = sharecode._Reader(payload)
        reader.pos = 1
        game_no = reader.varint("game")
        revision, seed = reader.varint("revision"), reader.varint("seed")
        seats = [reader.varint("seat") for _ in range(reader.varint("seat count"))]
        hidden = payload[0] == sharecode.FORMAT_HIDDEN  # format 2 also writes the hidden options
        options = [reader.varint("option") for o in game_by_code(game_no).options if hidden or not o.hidden]
        steps = reader.varint("steps")
        return cls(payload[0], game_no, revision, seed, seats, options, steps, payload[reader.pos :])

    def payload(self) -> bytes:
        v = sharecode._varint
        out = bytearray([self.version & 0xFF]) + v(self.game) + v(self.revision) + v(self.seed)
        out += v(len(self.seats)) + b"".join(v(s) for s in self.seats)
        out += b"".join(v(o) for o in self.options) + v(self.steps) + self.moves
        return bytes(out)


# ------------------------------------------------------------------ alterations


def _spot(rand: random.Random, code: str, end: bool = False) -> int:
    return rand.randrange(len(code) + (1 if end else 0))


def bit_flip(rand, code):
    data = bytearray(to_bytes(code))
    for _ in range(rand.choice((1, 1, 1, 2, 3))):
        data[rand.randrange(len(data))] ^= 1 << rand.randrange(8)
    return to_code(data)


def substitute(rand, code):
    chars = list(code)
    for _ in range(rand.choice((1, 1, 1, 2, 4))):
        at = _spot(rand, code)
        chars[at] = rand.choice(ALPHABET.replace(chars[at], ""))
    return "".join(chars)


def foreign_character(rand, code):
    at = _spot(rand, code, end=True)
    ch = rand.choice(FOREIGN)
    if rand.random() < 0.5:
        return code[:at] + ch + code[at:]
    return code[:at] + ch + code[at + 1 :]


def truncate(rand, code):
    if rand.random() < 0.2:
        return code[rand.randrange(1, len(code)) :]  # the start lost
    return code[: rand.randrange(len(code))]


def insert(rand, code):
    at = _spot(rand, code, end=True)
    return code[:at] + "".join(rand.choice(ALPHABET) for _ in range(rand.choice((1, 1, 2, 3, 4)))) + code[at:]


def delete(rand, code):
    at = _spot(rand, code)
    return code[:at] + code[at + rand.choice((1, 1, 2, 3)) :]


def swap(rand, code):
    spots = [i for i in range(len(code) - 1) if code[i] != code[i + 1]]
    at = rand.choice(spots)
    return code[:at] + code[at + 1] + code[at] + code[at + 2 :]


def blank(rand, code):
    """A line break, space or tab (raw, or as a link writes it) inside, before or after."""
    where = rand.random()
    ch = rand.choice(BLANKS)
    if where < 0.15:
        return code + ch
    if where < 0.25:
        return ch + code
    at = rand.randrange(1, len(code))
    return code[:at] + ch + code[at:]


def case_change(rand, code):
    letters = [i for i, ch in enumerate(code) if ch.isalpha()]
    if rand.random() < 0.1:
        return code.swapcase()
    chars = list(code)
    for at in rand.sample(letters, min(len(letters), rand.choice((1, 1, 2, 5)))):
        chars[at] = chars[at].swapcase()
    return "".join(chars)


def random_text(rand, code):
    return "".join(rand.choice(ALPHABET) for _ in range(rand.randrange(1, 2 * len(code) + 2)))


def _number(rand: random.Random, now: int) -> int:
    """Another value for a number field: near it, small, or very large."""
    pick = rand.random()
    if pick < 0.3:
        return max(0, now + rand.choice((-2, -1, 1, 2)))
    if pick < 0.6:
        return rand.randrange(8)
    if pick < 0.8:
        return rand.randrange(1 << rand.choice((7, 14, 32, 63, 64)))
    return rand.randrange(1 << 64, 1 << rand.choice((65, 70, 77)))


def _re_signed(change):
    def alter(rand, code):
        fields = Fields.of(code)
        change(rand, fields)
        return signed(fields.payload())

    alter.__name__ = change.__name__
    alter.__doc__ = change.__doc__
    return alter


@_re_signed
def signed_version(rand, f):
    f.version = rand.choice([v for v in range(256) if v != sharecode.FORMAT_VERSION])


@_re_signed
def signed_game(rand, f):
    f.game = rand.choice([g.code_id for g in all_games().values() if g.code_id != f.game] + [0, 3, 99, 1 << 40])


@_re_signed
def signed_revision(rand, f):
    f.revision = _number(rand, f.revision) or f.revision + 1


@_re_signed
def signed_seed(rand, f):
    f.seed = _number(rand, f.seed)


@_re_signed
def signed_seats(rand, f):
    pick = rand.random()
    if pick < 0.5 and f.seats:
        f.seats[rand.randrange(len(f.seats))] = rand.randrange(len(CONTROLLERS) + 2)
    elif pick < 0.8:
        f.seats = [rand.randrange(len(CONTROLLERS)) for _ in range(rand.randrange(7))]
    else:
        f.seats = f.seats + [rand.randrange(len(CONTROLLERS))] if rand.random() < 0.5 else f.seats[:-1]


@_re_signed
def signed_options(rand, f):
    if f.options and rand.random() < 0.7:
        at = rand.randrange(len(f.options))
        f.options[at] = rand.choice([v for v in range(4) if v != f.options[at]] + [1 << 40])
    elif f.options and rand.random() < 0.5:
        f.options = f.options[:-1]  # one missing: every later field moves up
    else:
        f.options = f.options + [rand.randrange(3)]  # one too many


@_re_signed
def signed_steps(rand, f):
    f.steps = rand.choice((_number(rand, f.steps), f.steps * 2, sharecode.MAX_STEPS + 1, 0))


@_re_signed
def signed_moves(rand, f):
    moves = bytearray(f.moves)
    pick = rand.random()
    if moves and pick < 0.4:
        moves[rand.randrange(len(moves))] ^= 1 << rand.randrange(8)
    elif pick < 0.55:
        moves += bytes(rand.randrange(256) for _ in range(rand.randrange(1, 4)))
    elif moves and pick < 0.7:
        moves = moves[: rand.randrange(len(moves))]
    elif pick < 0.85:
        moves = bytearray(rand.randrange(256) for _ in range(max(1, len(moves))))
    else:
        moves += b"\x00"  # the same number, one byte longer
    f.moves = bytes(moves)


def signed_bytes(rand, code):
    """Any byte of the content changed, added or removed (continuation bits included)."""
    payload = bytearray(to_bytes(code)[: -sharecode.CHECK_BYTES])
    for _ in range(rand.choice((1, 1, 2))):
        pick, at = rand.random(), rand.randrange(1, len(payload) + 1)
        if pick < 0.5 and at < len(payload):
            payload[at] ^= 1 << rand.randrange(8)
        elif pick < 0.7:
            payload.insert(at, rand.randrange(256))
        elif pick < 0.85 and at < len(payload):
            del payload[at]
        else:
            del payload[at:]
    return signed(payload)


def signed_overlong(rand, code):
    """One number of the content written with too many bytes (or never ending)."""
    payload = to_bytes(code)[: -sharecode.CHECK_BYTES]
    at = rand.randrange(1, min(len(payload), 12))
    return signed(payload[:at] + b"\xff" * rand.choice((10, 11, 12, 40)) + payload[at:])


KINDS = {
    "bit flip": bit_flip,
    "character substituted": substitute,
    "foreign character": foreign_character,
    "truncated": truncate,
    "characters inserted": insert,
    "characters deleted": delete,
    "adjacent characters swapped": swap,
    "blank or line break": blank,
    "case changed": case_change,
    "random text": random_text,
    "signed: version": signed_version,
    "signed: game number": signed_game,
    "signed: rules revision": signed_revision,
    "signed: seed": signed_seed,
    "signed: seats": signed_seats,
    "signed: options": signed_options,
    "signed: number of actions": signed_steps,
    "signed: moves": signed_moves,
    "signed: any byte": signed_bytes,
    "signed: overlong number": signed_overlong,
}
"""Every alteration, by name; those whose name starts with "signed" recompute the check."""


def mutations(
    rand: random.Random, bases: list[Base], count: int, kinds: dict = KINDS
) -> Iterator[tuple[str, Base, str]]:
    """``count`` altered codes: (kind, the real code it was made from, the altered code)."""
    names = list(kinds)
    for i in range(count):
        kind = names[i % len(names)]
        base = rand.choice(bases)
        yield kind, base, kinds[kind](rand, base.code)


# ------------------------------------------------------------------ decoding one


@dataclass
class Outcome:
    """``accepted``: a game, whose own code is ``own_code`` (and decodes to the same game);
    ``rejected``: BadShareCode with ``message``; ``other``: anything else (a bug),
    described in ``message``."""

    verdict: str
    message: str = ""
    own_code: str = ""
    other_version: bool = False


def attempt(code: str) -> Outcome:
    """Decode ``code``; an accepted one is encoded again and that code decoded too."""
    try:
        match = sharecode.decode(code, game_by_code)
    except BadShareCode as exc:
        message = exc.message
        if not isinstance(message, str) or not message.strip():
            return Outcome("other", f"BadShareCode with an empty message for {code!r}")
        return Outcome("rejected", message, other_version=type(exc).__name__ != "BadShareCode")
    except Exception as exc:  # noqa: BLE001 - any other exception is what is looked for
        return Outcome("other", f"{type(exc).__name__}: {exc}")
    try:
        again = sharecode.encode(match)
        if again != _bare(code):
            second = sharecode.decode(again, game_by_code)
            if (second.setup, second.actions, second.state) != (match.setup, match.actions, match.state):
                return Outcome("other", f"accepted, but its own code {again!r} decodes to another game")
    except Exception as exc:  # noqa: BLE001
        return Outcome("other", f"accepted, but its own code fails: {type(exc).__name__}: {exc}")
    return Outcome("accepted", own_code=again)


def _bare(code: str) -> str:
    code = code.strip()
    return code[1:].strip() if code.startswith("#") else code


_NUMBER = re.compile(r"\d+")


def template(message: str) -> str:
    """A message with its numbers blanked, to count messages of one kind together."""
    return _NUMBER.sub("N", message)
