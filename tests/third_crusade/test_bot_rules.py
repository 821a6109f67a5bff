"""Every log line of the Bot names a page of the rulebook or a ruling the rule index knows, and the
Bot's rulings are those of TC100-TC119 (the rule index of p.19-p.23 and TC100-TC110)."""

from __future__ import annotations

import re
from importlib.resources import files

from outremer.games.third_crusade.bot.rulings import BOT_RULINGS
from outremer.games.third_crusade.rules import RULEBOOK, RULINGS

BOT = files("outremer.games.third_crusade.bot")


def _sources() -> str:
    return "\n".join(f.read_text(encoding="utf-8") for f in BOT.iterdir() if f.name.endswith(".py"))


def test_every_bot_log_line_names_a_known_rule():
    rules = set(re.findall(r'note\(log, army,.*?, "((?:p\.\d+)|(?:TC\d+))"\)', _sources(), flags=re.S))
    assert {"p.21", "p.23", "TC102"} <= rules
    assert not rules - set(RULEBOOK) - set(RULINGS), rules - set(RULEBOOK) - set(RULINGS)


def test_the_bot_rulings_are_in_their_range_and_indexed():
    assert all(100 <= int(k[2:]) <= 119 for k in BOT_RULINGS)
    assert all(RULINGS[k] == title for k, title in BOT_RULINGS.items())
    assert {f"p.{n}" for n in range(19, 24)} <= set(RULEBOOK)
