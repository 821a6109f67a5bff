"""Crusader Kingdoms data: the two map sides, the two decks and the deployment tables.

The maps and decks are designed for Outremer (the rulebook describes them but does not
list them); the deployment tables are the rulebook's. All are TOML files in ``data/``,
validated here into typed records; an error names the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ...core.errors import DataError

CARD_TYPES = ("troop", "event", "response")
RESPONSES = ("leader", "extra_dice", "cancel_hits", "reroll_misses", "regrouping")
EVENTS = ("draw", "card_bonus", "walls", "seduction", "random_discard", "independent_attack", "truce",
          "watchtowers", "skip_round", "spies", "concerted_attack")
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
    coastal: bool = False
    id: int = 0
    vp: int = 0


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
        return {"id": self.id, "deck": self.deck, "name": self.name, "type": self.type, "value": self.value,
                "text": self.text, "effect": self.effect, "side": self.side, "lasting": self.lasting,
                "flavour": self.flavour}


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
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML ({exc}).") from None


def _field(where: str, raw: dict, key: str, kind, default=None, allowed=None, required=True):
    if key not in raw:
        if required and default is None:
            raise DataError(f"{where}: missing field {key!r}.")
        return default
    value = raw[key]
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        ok, value = True, float(value)
    if not ok:
        raise DataError(f"{where}: field {key!r} must be {getattr(kind, '__name__', kind)}, not {value!r}.")
    if allowed is not None and value not in allowed:
        raise DataError(f"{where}: field {key!r} is {value!r}; expected one of {', '.join(map(str, allowed))}.")
    return value


def parse_board(key: str, data: dict, name: str) -> Board:
    raws = data.get("area")
    if not isinstance(raws, list) or not raws:
        raise DataError(f"{name}: expected [[area]] tables.")
    keys = {}
    for i, raw in enumerate(raws):
        where = f"{name}: area {i + 1} ({raw.get('key', '?')!r})"
        k = _field(where, raw, "key", str)
        if k in keys:
            raise DataError(f"{where}: field 'key' repeats an earlier area.")
        keys[k] = i
    areas = []
    for i, raw in enumerate(raws):
        where = f"{name}: area {i + 1} ({raw['key']!r})"
        known = {"key", "name", "defence", "x", "y", "borders", "coastal", "id", "vp"}
        for field in raw:
            if field not in known:
                raise DataError(f"{where}: unknown field {field!r}.")
        borders = _field(where, raw, "borders", list)
        for b in borders:
            if b not in keys:
                raise DataError(f"{where}: field 'borders' names {b!r}, which is no area of this map.")
            if raw["key"] not in raws[keys[b]].get("borders", []):
                raise DataError(f"{where}: field 'borders' lists {b!r}, but {b!r} does not list {raw['key']!r}.")
        areas.append(Area(
            index=i, key=raw["key"], name=_field(where, raw, "name", str),
            defence=_field(where, raw, "defence", int, allowed=range(0, 7)),
            x=_field(where, raw, "x", float), y=_field(where, raw, "y", float),
            borders=tuple(sorted(keys[b] for b in borders)),
            coastal=_field(where, raw, "coastal", bool, default=False, required=False),
            id=_field(where, raw, "id", int, default=0, required=False),
            vp=_field(where, raw, "vp", int, default=0, required=False)))
    coast = tuple(tuple(p) for p in data.get("coast", []))
    board = Board(key, _field(name, data, "title", str), data.get("note", ""),
                  _field(name, data, "width", float), _field(name, data, "height", float), coast, tuple(areas))
    seen, todo = {0}, [0]
    while todo:
        for b in areas[todo.pop()].borders:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    if len(seen) != len(areas):
        lost = next(a.key for a in areas if a.index not in seen)
        raise DataError(f"{name}: area {lost!r} cannot be reached from {areas[0].key!r}: the map is not connected.")
    return board


def parse_deck(deck: str, data: dict, name: str, first_id: int) -> list[Card]:
    raws = data.get("card")
    if not isinstance(raws, list) or not raws:
        raise DataError(f"{name}: expected [[card]] tables.")
    cards = []
    known = {"name", "type", "value", "count", "text", "effect", "n", "side", "lasting", "solo", "flavour"}
    for i, raw in enumerate(raws):
        where = f"{name}: card {i + 1} ({raw.get('name', '?')!r})"
        for field in raw:
            if field not in known:
                raise DataError(f"{where}: unknown field {field!r}.")
        kind = _field(where, raw, "type", str, allowed=CARD_TYPES)
        effect = raw.get("effect", "")
        if kind == "troop":
            _field(where, raw, "value", int, allowed=range(1, 7))
            if effect:
                raise DataError(f"{where}: field 'effect' is only for events and responses.")
        elif kind == "response":
            _field(where, raw, "effect", str, allowed=RESPONSES)
            _field(where, raw, "side", str, allowed=SIDES)
        else:
            _field(where, raw, "effect", str, allowed=EVENTS)
        count = _field(where, raw, "count", int, default=1, required=False)
        for _ in range(count):
            cards.append(Card(
                id=first_id + len(cards), deck=deck, name=_field(where, raw, "name", str), type=kind,
                value=raw.get("value", 0), text=_field(where, raw, "text", str, default="", required=False),
                effect=effect, n=_field(where, raw, "n", int, default=0, required=False),
                side=raw.get("side", ""), lasting=_field(where, raw, "lasting", bool, default=False, required=False),
                solo=_field(where, raw, "solo", bool, default=True, required=False),
                flavour=raw.get("flavour", "")))
    return cards


def parse_modes(data: dict, name: str = "deployment.toml") -> dict[str, Mode]:
    modes = {}
    for key, raw in data.get("modes", {}).items():
        where = f"{name}: mode {key!r}"

        def seat(r, w):
            return SeatDef(_field(w, r, "key", str), _field(w, r, "name", str),
                           _field(w, r, "faith", str, allowed=FAITHS), _field(w, r, "colour", str),
                           _field(w, r, "castles", int), _field(w, r, "cards", int),
                           tuple(r.get("start", ())))
        seats = tuple(seat(r, f"{where}, seat {i + 1}") for i, r in enumerate(raw.get("seats", [])))
        auto = raw.get("automaton")
        modes[key] = Mode(key, _field(where, raw, "players", int), _field(where, raw, "map", str),
                          _field(where, raw, "title", str), seats,
                          None if auto is None else SeatDef(auto["name"].lower(), auto["name"], auto["faith"],
                                                            auto["colour"], 0, auto["cards"], ()),
                          raw.get("christians_may_not_attack_each_other", False))
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
                    raise DataError(f"deployment.toml: mode {mode.key!r}, seat {s.key!r}: start area {start!r} "
                                    f"is not on the map {mode.map!r}.") from None
    return Content(boards, tuple(christian + muslim), modes)
