"""Seeded chance whose whole state is one integer kept inside the game state.

SplitMix64: a 64-bit counter mixed into each output. Pure integer arithmetic, so the
same seed gives the same draws on CPython and inside Pyodide. Scenario tests may
script the next results through the state's ``rigged`` list (empty in real games).
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a seed (any non-negative integer)."""
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK64


def _next64(s: dict) -> int:
    x = (s["rng"] + GOLDEN) & MASK64
    s["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def randbelow(s: dict, n: int) -> int:
    """A uniform integer in [0, n) drawn from the state ``s`` (a game-state dict)."""
    if n <= 0:
        raise ValueError("randbelow needs a positive bound")
    rigged = s.get("rigged")
    if rigged:
        value = rigged.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted chance {value} is outside 0..{n - 1}")
        return value
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next64(s)
        if x < limit:
            return x % n


def die(s: dict) -> int:
    """One six-sided die: 1..6."""
    return randbelow(s, 6) + 1


def shuffle(s: dict, items: list) -> None:
    """Fisher-Yates shuffle of ``items`` in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(s, i + 1)
        items[i], items[j] = items[j], items[i]
