"""Naming the rule behind a log line: a section of the rulebook or one of our rulings."""

from __future__ import annotations

import re
from dataclasses import dataclass


def rule_anchor(key: str) -> str:
    """The fragment of a game's rules page that explains rule ``key`` ("L8", "4.1", "TC38", "setup"):
    the one spelling the engine's log lines and the site's rules pages share."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(key).lower()).strip("-")
    return f"rule-{slug or 'none'}"


@dataclass(frozen=True)
class RuleIndex:
    """A game's rulebook sections and rulings, by the keys its log lines carry."""

    rulebook: dict[str, str]
    rulings: dict[str, str]

    def title(self, key: str) -> str:
        if key in self.rulebook:
            return f"Rulebook: {self.rulebook[key]}"
        if key in self.rulings:
            return f"Ruling {key}: {self.rulings[key]}"
        return key

    def anchor(self, key: str) -> str:
        """The fragment of the rules page that explains ``key``."""
        return rule_anchor(key)
