"""The Bot Table of the solo game (p.23), read from ``data/bot_table.toml`` and checked on load:
one column per face of the Bot's die (PLACE, the Jerusalem value, CARD TRIGGER, the Event Card
perk, BONUS, the DIPLOMACY bid, UPKEEP), and the ORDER FAIL table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.data import read_toml
from ...core.errors import DataError
from .data import UNITS

TRIGGERS = {"units", "march", "unit_in", "reaction"}
PERKS = {"free_crowns", "any_region", "any_presence", "extra_unit"}
BONUSES = {"neutral_with_leaders", "units", "gold"}
KEEPS = {"all", "not_reaction", "march", "reaction"}
BIDS = {"all", "half", "none"}


@dataclass(frozen=True)
class Column:
    die: int
    place: int
    jerusalem: int
    trigger: dict
    perk: dict
    bonus: dict
    bid_gold: str
    upkeep: dict
    ours: tuple[str, ...]


@dataclass(frozen=True)
class Fail:
    face: int
    units: tuple[tuple[str, int], ...]
    city_units: tuple[tuple[str, int], ...] | None
    march: bool
    ours: bool


@dataclass(frozen=True)
class BotTable:
    columns: tuple[Column, ...]
    order_fail: tuple[Fail, ...]

    def column(self, die: int) -> Column:
        return self.columns[die - 1]

    def fail(self, die: int) -> Fail:
        return self.order_fail[die - 1]


def _units(where: str, raw) -> tuple[tuple[str, int], ...]:
    out = []
    for pair in raw:
        if len(pair) != 2 or pair[0] not in UNITS or not isinstance(pair[1], int) or pair[1] < 1:
            raise DataError(f"bot_table.toml, {where}: {pair!r} is not [unit, number].")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _kind(where: str, raw: dict, kinds: set[str]) -> dict:
    if not isinstance(raw, dict) or raw.get("kind") not in kinds:
        raise DataError(f"bot_table.toml, {where}: the kind must be one of {sorted(kinds)}, not {raw!r}.")
    unit = raw.get("unit")
    if unit is not None and unit not in UNITS:
        raise DataError(f"bot_table.toml, {where}: no Unit {unit!r}.")
    return dict(raw)


def parse(raw: dict) -> BotTable:
    columns = []
    for i, col in enumerate(raw.get("column", [])):
        where = f"column {i + 1}"
        if col.get("die") != i + 1:
            raise DataError(f"bot_table.toml, {where}: die {col.get('die')!r}, expected {i + 1}.")
        for key in ("place", "jerusalem"):
            if not isinstance(col.get(key), int) or col[key] < 0:
                raise DataError(f"bot_table.toml, {where}: {key} must be a whole number.")
        if col.get("bid_gold") not in BIDS:
            raise DataError(f"bot_table.toml, {where}: bid_gold must be one of {sorted(BIDS)}.")
        upkeep = col.get("upkeep", {})
        if upkeep.get("keep") not in KEEPS or upkeep.get("select") not in (0, 1, 2):
            raise DataError(f"bot_table.toml, {where}: upkeep needs select 0-2 and keep in {sorted(KEEPS)}.")
        columns.append(
            Column(
                i + 1,
                col["place"],
                col["jerusalem"],
                _kind(where + " trigger", col.get("trigger"), TRIGGERS),
                _kind(where + " perk", col.get("perk"), PERKS),
                _kind(where + " bonus", col.get("bonus"), BONUSES),
                col["bid_gold"],
                dict(upkeep),
                tuple(col.get("ours", ())),
            )
        )
    if len(columns) != 6:
        raise DataError(f"bot_table.toml: 6 columns, one per face of the die, not {len(columns)}.")
    fails = []
    for i, f in enumerate(raw.get("order_fail", [])):
        where = f"order_fail {i + 1}"
        if f.get("face") != i + 1 or not isinstance(f.get("march"), bool):
            raise DataError(f"bot_table.toml, {where}: face {i + 1} with march true or false.")
        city = f.get("city_units")
        fails.append(
            Fail(
                i + 1,
                _units(where, f.get("units", [])),
                None if city is None else _units(where, city),
                f["march"],
                bool(f.get("ours", False)),
            )
        )
    if len(fails) != 6:
        raise DataError(f"bot_table.toml: ORDER FAIL needs 6 faces, not {len(fails)}.")
    return BotTable(tuple(columns), tuple(fails))


@cache
def table() -> BotTable:
    return parse(read_toml(__package__, "bot_table.toml", folder="data"))
