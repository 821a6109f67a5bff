"""Naming the rule behind a log line: a section of the rulebook or one of our rulings."""

from __future__ import annotations

from dataclasses import dataclass


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
        if key in self.rulings:
            return f"ruling-{key.lower()}"
        return "rule-" + key.replace(".", "-")
