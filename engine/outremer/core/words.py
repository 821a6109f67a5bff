"""Small helpers for the English of log lines: counts, plurals and possessives, said once and
right in every game ("1 die", "2 Churches", "the Crusaders' Ally")."""

from __future__ import annotations

IRREGULAR = {"die": "dice", "Footman": "Footmen", "footman": "footmen", "Man-at-Arms": "Men-at-Arms"}
"""Plurals that do not take -s or -es."""

UNCHANGED = frozenset(
    {
        "Gold",
        "Faith",
        "Glory",
        "Infantry",
        "Cavalry",
        "Support",
        "VP",
        "TT",
        "supply",
        "Supply",
        "Influence",
        "Presence",
    }
)
"""Words the games count without a plural form ("3 Gold", "2 Infantry")."""


def plural(noun: str) -> str:
    """The plural of ``noun``; in a name of several words, of its last word ("Siege Engines")."""
    head, _, last = noun.rpartition(" ")
    if last in UNCHANGED:
        many = last
    elif last in IRREGULAR:
        many = IRREGULAR[last]
    elif last.endswith(("ch", "sh", "ss", "x", "z")):
        many = last + "es"
    elif len(last) > 1 and last.endswith("y") and last[-2].lower() not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: "1 command point", "3 command points",
    "2 Churches". ``many`` gives the plural where :func:`plural` would not."""
    return f"{n} {noun if n == 1 else (many or plural(noun))}"


def possessive(name: str) -> str:
    """``name`` as an owner: "Saladin's", "the Crusaders'", "Emirate of Damascus'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def sentence(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is (unlike ``str.capitalize``,
    which would lower "the Muslim Faith marker favours the Ayyubid")."""
    return text[:1].upper() + text[1:]
