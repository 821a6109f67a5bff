"""Lords of Heaven data: the board and its Locations, the factions, the Action and Bluff cards.

All designed for Outremer but the factions' starting positions (ruling LH1); TOML files in
``data/``, validated here into typed records; an error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.data import entry, field, only_known, read_toml, tables, unique_keys
from ...core.errors import DataError
from ...core.graph import check_connected, links

FACTIONS = ("byzantines", "seljuk", "crusaders", "caliphate")
FAITHS = ("christians", "muslims")
AFFILIATIONS = FACTIONS + FAITHS + ("any",)
RESOURCES = ("gold", "faith", "footman", "siege_tower", "knight")
UNIT_COST = {"footman": 1, "siege_tower": 2, "knight": 3}
BUILDINGS = ("church", "fortress", "citadel")

ACTION_STEPS = {
    # do: {field: (low, high)}; a field with no bounds is a string checked below
    "gain": {"gold": (1, 3), "faith": (1, 3), "footman": (1, 3), "siege_tower": (1, 3), "knight": (1, 3), "vp": (1, 1)},
    "push": {"cities": (1, 2), "faith": None, "pay": (0, 2)},
    "influence": {},
    "support": {"n": (1, 2)},
    "reinforce": {},
    "upgrade": {},
    "move": {"n": (1, 2)},
    "income": {},
}
CONFLICT_STEPS = {
    "strength": {"n": (1, 3)},
    "wounds": {"n": (1, 3)},
    "shield": {"n": (1, 2)},
    "second_card": {},
    "reroll": {"n": (1, 2)},
    "die": {"n": (1, 2)},
}
WHEN = ("attacking", "defending", "battle", "siege")
PUSH_FAITHS = ("muslims", "christians", "opponents")


@dataclass(frozen=True, slots=True)
class Location:
    index: int
    key: str
    name: str
    crusade: int
    borders: tuple[int, ...]
    four: tuple[int, ...]
    two_three: tuple[int, ...]
    income: int
    ransack: int
    flavour: str


@dataclass(frozen=True, slots=True)
class Faction:
    index: int
    key: str
    name: str
    faith: str
    colour: str
    influence: tuple[tuple[int, int], ...]
    """(location, column from 1) per starting Influence."""
    support: tuple[int, ...]
    presence: int
    stock: dict
    """footman, siege_tower, knight, faith, gold at the start."""
    church: str
    """What its Church/Mosque building is called."""
    plural: bool = False
    """Whether running text names it as a people, with a plural verb ("the Byzantines pay")."""


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    affiliation: str
    cost: int
    benefit: tuple[tuple[str, int], ...]
    strength: int
    action: tuple[dict, ...]
    conflict: tuple[dict, ...]
    flavour: str

    def usable_by(self, faction: str) -> bool:
        """Whether a player of ``faction`` may resolve the card's action effect (Faction
        Affiliation, p.5)."""
        a = self.affiliation
        return a == "any" or a == faction or (a in FAITHS and FAITH_OF[faction] == a)

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "affiliation": self.affiliation,
            "cost": self.cost,
            "benefit": [list(b) for b in self.benefit],
            "strength": self.strength,
            "action": [dict(s) for s in self.action],
            "conflict": [dict(s) for s in self.conflict],
            "flavour": self.flavour,
        }


FAITH_OF = {"byzantines": "christians", "crusaders": "christians", "seljuk": "muslims", "caliphate": "muslims"}


@dataclass(frozen=True, slots=True)
class Bluff:
    faction: str
    name: str
    flavour: str


@dataclass(frozen=True, slots=True)
class Content:
    locations: tuple[Location, ...]
    borders: tuple[tuple[int, int], ...]
    """Every pair of bordering Locations (a < b), in order; a Fortress is kept by its border's index."""
    forts: tuple[int, ...]
    """The borders with a Fortress space, as indices into ``borders`` (ruling LH7)."""
    dice: tuple[tuple[int, int], ...]
    """(strength, wounds) per die face."""
    factions: tuple[Faction, ...]
    max_level: int
    vp_at: int
    cards: dict[int, Card]
    bluffs: dict[str, Bluff]

    def location(self, key: str) -> Location:
        return next(loc for loc in self.locations if loc.key == key)

    def faction(self, key: str) -> Faction:
        return self.factions[FACTIONS.index(key)]


def _int(where: str, raw: dict, key: str, low: int, high: int, default=None) -> int:
    value = field(where, raw, key, int) if default is None else field(where, raw, key, int, default)
    if not low <= value <= high:
        raise DataError(f"{where}: field {key!r} is {value}; expected {low} to {high}.")
    return value


def parse_board(
    data: dict, name: str = "board.toml"
) -> tuple[tuple[Location, ...], tuple[tuple[int, int], ...], tuple[int, ...], tuple]:
    raws = tables(data, "location", name, "location")
    keys = unique_keys(raws, name, "location")
    borders = links(raws, keys, name, "location")
    out = []
    for i, raw in enumerate(raws):
        where = entry(name, "location", i, raw)
        only_known(
            where, raw, ("key", "name", "crusade", "borders", "four", "two_three", "income", "ransack", "flavour")
        )
        sides = {}
        for side, count in (("four", 3), ("two_three", 2)):
            levels = field(where, raw, side, list)
            if len(levels) != count or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 < c < 10 for c in levels
            ):
                raise DataError(f"{where}: field {side!r} must list {count} costs from 1 to 9.")
            if levels != sorted(levels):
                raise DataError(f"{where}: field {side!r}: a higher level cannot cost less than a lower one.")
            sides[side] = tuple(levels)
        out.append(
            Location(
                i,
                raw["key"],
                field(where, raw, "name", str),
                _int(where, raw, "crusade", 1, 2),
                borders[i],
                sides["four"],
                sides["two_three"],
                _int(where, raw, "income", 0, 5),
                _int(where, raw, "ransack", 0, 9),
                field(where, raw, "flavour", str, ""),
            )
        )
    check_connected(borders, [loc.key for loc in out], name, "location")
    first = [loc.index for loc in out if loc.crusade == 1]
    if not first or first != list(range(len(first))):
        raise DataError(f"{name}: the Locations of the 1st Crusade must come first.")
    check_connected(
        [[b for b in borders[i] if b in first] for i in first],
        [out[i].key for i in first],
        name,
        "location of the 1st Crusade",
    )
    pairs = tuple(sorted({(min(i, b), max(i, b)) for i in range(len(out)) for b in borders[i]}))
    forts = _fortress_spaces(data, keys, pairs, name)
    dice = data.get("dice")
    if not isinstance(dice, dict) or not isinstance(dice.get("faces"), list) or len(dice["faces"]) != 6:
        raise DataError(f"{name}: [dice] must list 6 faces.")
    faces = []
    for j, face in enumerate(dice["faces"]):
        where = f"{name}: die face {j + 1}"
        if not isinstance(face, dict):
            raise DataError(f"{where} is not a table.")
        only_known(where, face, ("strength", "wounds"))
        faces.append((_int(where, face, "strength", 0, 3), _int(where, face, "wounds", 0, 3)))
    return tuple(out), pairs, forts, tuple(faces)


def _fortress_spaces(
    data: dict, keys: dict[str, int], pairs: tuple[tuple[int, int], ...], name: str
) -> tuple[int, ...]:
    """``fortresses``: the borders that hold a Fortress space, each as its two Locations' keys."""
    raw = data.get("fortresses")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{name}: 'fortresses' must list the borders with a Fortress space, as [key, key] pairs.")
    out = []
    for j, pair in enumerate(raw):
        where = f"{name}: fortresses, entry {j + 1}"
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(k, str) for k in pair):
            raise DataError(f"{where} must be a pair of Location keys.")
        for k in pair:
            if k not in keys:
                raise DataError(f"{where}: unknown Location {k!r}.")
        a, b = sorted(keys[k] for k in pair)
        if (a, b) not in pairs:
            raise DataError(f"{where}: {pair[0]} and {pair[1]} do not border each other.")
        if pairs.index((a, b)) in out:
            raise DataError(f"{where}: a second Fortress space between {pair[0]} and {pair[1]}.")
        out.append(pairs.index((a, b)))
    return tuple(sorted(out))


def parse_factions(data: dict, locations: tuple[Location, ...], name: str = "factions.toml"):
    up = data.get("upgrades")
    if not isinstance(up, dict):
        raise DataError(f"{name}: expected an [upgrades] table.")
    only_known(f"{name}: [upgrades]", up, ("max_level", "vp_at"))
    max_level = _int(f"{name}: [upgrades]", up, "max_level", 2, 6)
    vp_at = _int(f"{name}: [upgrades]", up, "vp_at", 2, max_level)
    raws = tables(data, "faction", name, "faction")
    keys = unique_keys(raws, name, "faction")
    if tuple(keys) != FACTIONS:
        raise DataError(f"{name}: the factions must be {', '.join(FACTIONS)}, in that order.")
    by_key = {loc.key: loc for loc in locations}
    out = []
    for i, raw in enumerate(raws):
        where = entry(name, "faction", i, raw)
        only_known(
            where,
            raw,
            (
                "key",
                "name",
                "faith",
                "colour",
                "influence",
                "support",
                "presence",
                "footman",
                "siege_tower",
                "knight",
                "faith_tokens",
                "gold",
                "church",
                "plural",
            ),
        )
        faith = field(where, raw, "faith", str, allowed=FAITHS)
        if FAITH_OF[raw["key"]] != faith:
            raise DataError(f"{where}: field 'faith' must be {FAITH_OF[raw['key']]!r}.")
        influence = []
        for spot in field(where, raw, "influence", list):
            loc, _, col = str(spot).partition(":")
            if loc not in by_key or by_key[loc].crusade != 1 or col not in ("1", "2"):
                raise DataError(
                    f"{where}: field 'influence' has {spot!r}; expected \"location:column\" with a "
                    "Location of the 1st Crusade and column 1 or 2."
                )
            influence.append((by_key[loc].index, int(col)))
        if len({loc for loc, _ in influence}) != len(influence):
            raise DataError(f"{where}: field 'influence' names a City twice.")
        support = []
        for loc in field(where, raw, "support", list):
            if loc not in by_key or by_key[loc].crusade != 1:
                raise DataError(f"{where}: field 'support' has {loc!r}, which is no Location of the 1st Crusade.")
            support.append(by_key[loc].index)
        presence = _int(where, raw, "presence", 1, 20)
        if len(influence) + len(support) > presence:
            raise DataError(f"{where}: more Presence on the board than the faction has.")
        stock = {
            "footman": _int(where, raw, "footman", 0, 20),
            "siege_tower": _int(where, raw, "siege_tower", 0, 10),
            "knight": _int(where, raw, "knight", 0, 10),
            "faith": _int(where, raw, "faith_tokens", 0, 20),
            "gold": _int(where, raw, "gold", 0, 30),
        }
        out.append(
            Faction(
                i,
                raw["key"],
                field(where, raw, "name", str),
                faith,
                field(where, raw, "colour", str),
                tuple(influence),
                tuple(support),
                presence,
                stock,
                field(where, raw, "church", str, allowed=("Church", "Mosque")),
                field(where, raw, "plural", bool),
            )
        )
    taken: dict[tuple[int, int], str] = {}
    for f in out:
        for at, column in f.influence:
            if (at, column) in taken:
                raise DataError(
                    f"{name}: {f.key} and {taken[(at, column)]} both start on column {column} of {locations[at].name}."
                )
            taken[(at, column)] = f.key
    return tuple(out), max_level, vp_at


def _steps(where: str, raw: dict, key: str, vocabulary: dict, conflict: bool) -> tuple[dict, ...]:
    steps = field(where, raw, key, list)
    out = []
    for j, step in enumerate(steps):
        at = f"{where}: {key} step {j + 1}"
        if not isinstance(step, dict):
            raise DataError(f"{at} is not a table.")
        do = field(at, step, "do", str, allowed=tuple(vocabulary))
        allowed = vocabulary[do]
        only_known(at, step, ("do", *allowed, *(("when",) if conflict else ())))
        clean = {"do": do}
        for name, bounds in allowed.items():
            if name not in step:
                continue
            if bounds is None:
                clean[name] = field(at, step, name, str, allowed=PUSH_FAITHS)
            else:
                clean[name] = _int(at, step, name, *bounds)
        if conflict and "when" in step:
            clean["when"] = field(at, step, "when", str, allowed=WHEN)
        if do == "gain" and len(clean) == 1:
            raise DataError(f"{at}: a gain names what is gained.")
        if do == "push":
            clean.setdefault("cities", 1)
            clean.setdefault("faith", "opponents")
            clean.setdefault("pay", 0)
        if do in ("support", "move") or (conflict and do != "second_card"):
            clean.setdefault("n", 1)
        out.append(clean)
    return tuple(out)


def parse_cards(data: dict, name: str = "cards.toml") -> tuple[dict[int, Card], dict[str, Bluff]]:
    raws = tables(data, "card", name, "card")
    cards: dict[int, Card] = {}
    names = set()
    for i, raw in enumerate(raws):
        where = entry(name, "card", i, raw, "name")
        only_known(
            where,
            raw,
            ("number", "name", "affiliation", "cost", "benefit", "strength", "action", "conflict", "flavour"),
        )
        number = _int(where, raw, "number", 1, 999)
        if number in cards:
            raise DataError(f"{where}: field 'number' repeats card {number}.")
        title = field(where, raw, "name", str)
        if title in names:
            raise DataError(f"{where}: field 'name' repeats an earlier card.")
        names.add(title)
        benefit = []
        icons = field(where, raw, "benefit", list)
        if not 1 <= len(icons) <= 2:
            raise DataError(f"{where}: field 'benefit' must hold 1 or 2 icons.")
        for icon in icons:
            if not isinstance(icon, dict) or len(icon) != 1:
                raise DataError(
                    f"{where}: field 'benefit': each icon is a table with one resource, like {{ gold = 1 }}."
                )
            ((what, n),) = icon.items()
            if what not in RESOURCES or not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 2:
                raise DataError(
                    f"{where}: field 'benefit' has {icon!r}; expected one of {', '.join(RESOURCES)} "
                    "with an amount of 1 or 2."
                )
            benefit.append((what, n))
        cards[number] = Card(
            number,
            title,
            field(where, raw, "affiliation", str, allowed=AFFILIATIONS),
            _int(where, raw, "cost", 0, 3),
            tuple(benefit),
            _int(where, raw, "strength", 0, 3),
            _steps(where, raw, "action", ACTION_STEPS, False),
            _steps(where, raw, "conflict", CONFLICT_STEPS, True),
            field(where, raw, "flavour", str, ""),
        )
    bluffs = {}
    for i, raw in enumerate(tables(data, "bluff", name, "bluff")):
        where = entry(name, "bluff", i, raw, "faction")
        only_known(where, raw, ("faction", "name", "flavour"))
        faction = field(where, raw, "faction", str, allowed=FACTIONS)
        if faction in bluffs:
            raise DataError(f"{where}: a second Bluff card for {faction}.")
        bluffs[faction] = Bluff(faction, field(where, raw, "name", str), field(where, raw, "flavour", str, ""))
    if set(bluffs) != set(FACTIONS):
        raise DataError(f"{name}: every faction needs its Bluff card.")
    return cards, bluffs


def parse(board: dict, factions: dict, cards: dict) -> Content:
    locations, pairs, forts, dice = parse_board(board)
    fs, max_level, vp_at = parse_factions(factions, locations)
    deck, bluffs = parse_cards(cards)
    return Content(locations, pairs, forts, dice, fs, max_level, vp_at, deck, bluffs)


def _read(name: str) -> dict:
    return read_toml(__package__, name, folder="data")


@cache
def content() -> Content:
    return parse(_read("board.toml"), _read("factions.toml"), _read("cards.toml"))
