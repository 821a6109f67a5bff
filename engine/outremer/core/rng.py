"""Seeded chance whose whole state is one integer kept inside the game state.

SplitMix64: a 64-bit counter mixed into each output. Pure integer arithmetic, so the
same seed gives the same draws on CPython and inside Pyodide. Scenario tests may
script the next results through the state's ``rigged`` list (empty in real games).
"""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(257))
"""For each bound up to 256, the largest multiple of it below 2^64 (see _draw)."""


def seed_state(seed: int) -> int:
    """The generator state for a seed (any non-negative integer)."""
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK64


def randbelow(s: dict[str, Any], n: int) -> int:
    """A uniform integer in [0, n) drawn from the state ``s`` (a game-state dict)."""
    if n <= 0:
        raise ValueError("randbelow needs a positive bound")
    rigged = s.get("rigged")
    if rigged:
        value: int = rigged.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted chance {value} is outside 0..{n - 1}")
        return value
    return _draw(s, n)


def _draw(s: dict[str, Any], n: int) -> int:
    """``randbelow`` from the generator (nothing scripted): the next SplitMix64 outputs until
    one falls below the largest multiple of ``n`` (so that every result is equally likely)."""
    limit = _LIMITS[n] if n < 257 else _TWO64 - _TWO64 % n
    x: int = s["rng"]
    while True:
        x = (x + GOLDEN) & MASK64
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z < limit:
            s["rng"] = x
            return z % n


def die(s: dict[str, Any]) -> int:
    """One six-sided die: 1..6."""
    return randbelow(s, 6) + 1


def shuffle(s: dict[str, Any], items: list[Any]) -> None:
    """Fisher-Yates shuffle of ``items`` in place."""
    if s.get("rigged"):
        for i in range(len(items) - 1, 0, -1):
            j = randbelow(s, i + 1)
            items[i], items[j] = items[j], items[i]
        return
    for i in range(len(items) - 1, 0, -1):  # nothing scripted: nothing to check at each draw
        j = _draw(s, i + 1)
        items[i], items[j] = items[j], items[i]
