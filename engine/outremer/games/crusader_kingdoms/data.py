"""Crusader Kingdoms data: the two map sides, the two decks and the deployment tables.

The maps and decks are designed for Outremer (the rulebook describes them but does not
list them); the deployment tables are the rulebook's. All are TOML files in ``data/``,
validated here into typed records; an error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.data import entry, field, only_known, read_toml, tables, unique_keys
from ...core.errors import DataError
from ...core.graph import check_connected, links

CARD_TYPES = ("troop", "event", "response")
RESPONSES = ("leader", "extra_dice", "cancel_hits", "reroll_misses", "regrouping")
EVENTS = (
    "draw",
    "card_bonus",
    "walls",
    "seduction",
    "random_discard",
    "independent_attack",
    "truce",
    "watchtowers",
    "skip_round",
    "spies",
    "concerted_attack",
)
SIDES = ("attack", "defence", "either")
FAITHS = ("christian", "muslim")


@dataclass(frozen=True, slots=True)
class Area:
    index: int
    key: str
    name: str
    defence: int
    x: float
    y: float
    borders: tuple[int, ...]
    """Every area this one borders for the rules: by land, and by sea where a sea lane joins them."""
    coastal: bool = False
    id: int = 0
    vp: int = 0
    sea: tuple[int, ...] = ()
    """The areas joined to this one by a sea lane (also in ``borders``; drawn across the sea)."""


@dataclass(frozen=True, slots=True)
class Board:
    key: str
    title: str
    note: str
    width: float
    height: float
    coast: tuple[tuple[float, float], ...]
    areas: tuple[Area, ...]

    def index(self, key: str) -> int:
        for area in self.areas:
            if area.key == key:
                return area.index
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    deck: str
    name: str
    type: str
    value: int = 0
    text: str = ""
    effect: str = ""
    n: int = 0
    side: str = ""
    lasting: bool = False
    solo: bool = True
    flavour: str = ""

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "deck": self.deck,
            "name": self.name,
            "type": self.type,
            "value": self.value,
            "text": self.text,
            "effect": self.effect,
            "side": self.side,
            "lasting": self.lasting,
            "flavour": self.flavour,
        }


@dataclass(frozen=True, slots=True)
class SeatDef:
    key: str
    name: str
    faith: str
    colour: str
    castles: int
    cards: int
    start: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mode:
    key: str
    players: int
    map: str
    title: str
    seats: tuple[SeatDef, ...]
    automaton: SeatDef | None
    christians_may_not_attack_each_other: bool = False

    @property
    def solo_rules(self) -> bool:
        """The 1–2 player rules (8.1–8.5) apply."""
        return self.automaton is not None


def _read(name: str) -> dict:
    return read_toml(__package__, name, folder="data")


def parse_board(key: str, data: dict, name: str) -> Board:
    raws = tables(data, "area", name, "area")
    keys = unique_keys(raws, name, "area")
    land = links(raws, keys, name, "area")
    sea = links(raws, keys, name, "area", link="sea", optional=True)
    borders = tuple(tuple(sorted(set(land[i]) | set(sea[i]))) for i in range(len(raws)))
    areas = []
    for i, raw in enumerate(raws):
        where = entry(name, "area", i, raw)
        only_known(where, raw, ("key", "name", "defence", "x", "y", "borders", "sea", "coastal", "id", "vp"))
        for j in sea[i]:
            if j in land[i]:
                raise DataError(f"{where}: {raws[j]['key']!r} is listed both as a border and as a sea lane.")
            if not (raw.get("coastal") and raws[j].get("coastal")):
                raise DataError(f"{where}: the sea lane to {raws[j]['key']!r} needs both areas coastal.")
        areas.append(
            Area(
                index=i,
                key=raw["key"],
                name=field(where, raw, "name", str),
                defence=field(where, raw, "defence", int, allowed=range(0, 7)),
                x=field(where, raw, "x", float),
                y=field(where, raw, "y", float),
                borders=borders[i],
                coastal=field(where, raw, "coastal", bool, default=False),
                id=field(where, raw, "id", int, default=0),
                vp=field(where, raw, "vp", int, default=0),
                sea=sea[i],
            )
        )
    coast = tuple(tuple(p) for p in data.get("coast", []))
    board = Board(
        key,
        field(name, data, "title", str),
        data.get("note", ""),
        field(name, data, "width", float),
        field(name, data, "height", float),
        coast,
        tuple(areas),
    )
    check_connected(borders, list(keys), name, "area")
    return board


def parse_deck(deck: str, data: dict, name: str, first_id: int) -> list[Card]:
    raws = tables(data, "card", name, "card")
    cards: list[Card] = []
    known = ("name", "type", "value", "count", "text", "effect", "n", "side", "lasting", "solo", "flavour")
    for i, raw in enumerate(raws):
        where = entry(name, "card", i, raw, "name")
        only_known(where, raw, known)
        kind = field(where, raw, "type", str, allowed=CARD_TYPES)
        effect = raw.get("effect", "")
        if kind == "troop":
            field(where, raw, "value", int, allowed=range(1, 7))
            if effect:
                raise DataError(f"{where}: field 'effect' is only for events and responses.")
        elif kind == "response":
            field(where, raw, "effect", str, allowed=RESPONSES)
            field(where, raw, "side", str, allowed=SIDES)
        else:
            field(where, raw, "effect", str, allowed=EVENTS)
        count = field(where, raw, "count", int, default=1)
        for _ in range(count):
            cards.append(
                Card(
                    id=first_id + len(cards),
                    deck=deck,
                    name=field(where, raw, "name", str),
                    type=kind,
                    value=raw.get("value", 0),
                    text=field(where, raw, "text", str, default=""),
                    effect=effect,
                    n=field(where, raw, "n", int, default=0),
                    side=raw.get("side", ""),
                    lasting=field(where, raw, "lasting", bool, default=False),
                    solo=field(where, raw, "solo", bool, default=True),
                    flavour=raw.get("flavour", ""),
                )
            )
    return cards


def parse_modes(data: dict, name: str = "deployment.toml") -> dict[str, Mode]:
    modes = {}
    for key, raw in data.get("modes", {}).items():
        where = f"{name}: mode {key!r}"

        def seat(r, w):
            return SeatDef(
                field(w, r, "key", str),
                field(w, r, "name", str),
                field(w, r, "faith", str, allowed=FAITHS),
                field(w, r, "colour", str),
                field(w, r, "castles", int),
                field(w, r, "cards", int),
                tuple(r.get("start", ())),
            )

        seats = tuple(seat(r, f"{where}, seat {i + 1}") for i, r in enumerate(raw.get("seats", [])))
        auto = raw.get("automaton")
        modes[key] = Mode(
            key,
            field(where, raw, "players", int),
            field(where, raw, "map", str),
            field(where, raw, "title", str),
            seats,
            None
            if auto is None
            else SeatDef(auto["name"].lower(), auto["name"], auto["faith"], auto["colour"], 0, auto["cards"], ()),
            raw.get("christians_may_not_attack_each_other", False),
        )
    return modes


@dataclass(frozen=True, slots=True)
class Content:
    boards: dict
    cards: tuple[Card, ...]
    modes: dict


@cache
def content() -> Content:
    boards = {k: parse_board(k, _read(f"map_{k}.toml"), f"map_{k}.toml") for k in ("saladin", "crusades")}
    christian = parse_deck("christian", _read("deck_christian.toml"), "deck_christian.toml", 0)
    muslim = parse_deck("muslim", _read("deck_muslim.toml"), "deck_muslim.toml", len(christian))
    modes = parse_modes(_read("deployment.toml"))
    for mode in modes.values():
        board = boards[mode.map]
        for s in mode.seats:
            for start in s.start:
                try:
                    board.index(start)
                except KeyError:
                    raise DataError(
                        f"deployment.toml: mode {mode.key!r}, seat {s.key!r}: start area {start!r} "
                        f"is not on the map {mode.map!r}."
                    ) from None
    return Content(boards, tuple(christian + muslim), modes)
