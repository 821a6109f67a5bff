"""Third Crusade designed data for the Orders and the Mission, Diplomacy and Objective Cards:
``orders.toml``, ``missions.toml``, ``diplomacy.toml`` and ``objectives.toml`` in ``data/``,
validated here into typed records; an error names the file, the entry and the field.

Designed for Outremer but the facts the rulebook gives (each file's header lists them). The
Orders are one set of 22 shared by the four Armies, differing only in the colour of their
Presence icons; :func:`orders` gives each Army its own copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.data import entry, field, only_known, tables, unique_keys
from ...core.errors import DataError
from .data import ALLIANCE_OF, ALLIANCES, ARMIES, ICONS, Board, content
from .loading import read_data

PRESENCE = ("own", "alliance", "none")
"""Whose Presence an Order needs: the Army's own, its Alliance's, or none (disregarding)."""
REGION_KINDS = ("any", "city", "desert", "port")
MUSTER_CAP = {"infantry": 6, "cavalry": 2, "siege": 1}
"""The most Units of a type one Region's Slots hold (glossary, Slots)."""
REACTIONS = ("defence", "reinforce", "diversion", "retreat", "tactical_retreat")
STEPS: dict[str, dict[str, tuple]] = {
    "muster": {"unit": (str, tuple(MUSTER_CAP)), "n": (int, (1, 6))},
    "march": {"keep": (int, (0, 8))},
    "coordinated_march": {"keep": (int, (0, 8))},
    "forced_march": {},
    "disperse": {},
    "sea_move": {},
    "defence": {"n": (int, (1, 6))},
    "reinforce": {},
    "diversion": {},
    "retreat": {},
    "tactical_retreat": {},
}
"""Each step word and its parameters: name -> (type, allowed words, or (low, high) for an int).
A parameter left out is 0 ("keep") or required ("unit", "n")."""
OPTIONAL = {"keep"}
BASIC_ORDERS, ADVANCED_ORDERS, MIN_BLANK = 12, 10, 2

PREDICATES = ("icon", "city", "desert", "port", "mercantile", "near_jerusalem")
MISSIONS = 7
GAINS = ("glory", "faith", "gold", "advanced_order", "diplomacy_move", "remove_sabotage")
DIPLOMACY_CARDS = 7
DECKS = {
    "crusader": ("adana", "antioch", "ascalon", "heraclea", "seleucia", "sidon", "tortosa", "tripoli", "tyre"),
    "muslim": ("acre", "ahamant", "aleppo", "damascus", "homs", "iconium", "jaffa", "kerak"),
    "none": ("famagusta",),
}
"""Each deck of the variable setup by main City (p.9); Famagusta is set aside."""
SECTIONS = ("south", "north")


# --- records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One large icon of an Order: a word of :data:`STEPS` and its parameters."""

    do: str
    unit: str = ""
    n: int = 0
    keep: int = 0

    @property
    def text(self) -> str:
        if self.do == "muster":
            return f"+{self.n} {'Siege Engine' if self.unit == 'siege' else self.unit.capitalize()}"
        if self.do == "defence":
            return f"Defence +{self.n}"
        words = self.do.replace("_", " ").title()
        return f"{words} with all but {self.keep}" if self.keep else words


@dataclass(frozen=True, slots=True)
class Order:
    army: str
    key: str
    name: str
    presence: str
    region: str
    cost: int
    reaction: bool
    tithe: bool
    advanced: bool
    blank: bool
    effects: tuple[Step, ...]
    flavour: str

    @property
    def id(self) -> str:
        """Unique among all Armies' Orders: ``"<army>:<key>"``."""
        return f"{self.army}:{self.key}"

    def presence_armies(self) -> tuple[str, ...]:
        """The Armies whose Units or Leaders in the Region meet the Presence requirement; ()
        when the Order disregards Presence."""
        if self.presence == "own":
            return (self.army,)
        if self.presence == "alliance":
            return ALLIANCES[ALLIANCE_OF[self.army]]
        return ()

    @property
    def text(self) -> str:
        """What the Order shows, in words: "3 CP · City · +1 Cavalry"."""
        if self.blank:
            return "Blank"
        parts = [f"{self.cost} CP"]
        if self.region != "any":
            parts.append(self.region.capitalize())
        parts.append(", ".join(s.text for s in self.effects))
        return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class Predicate:
    """Which Regions a Mission section counts (see ``missions.toml``)."""

    regions: str
    icon: str = ""


@dataclass(frozen=True, slots=True)
class Mission:
    key: str
    title: str
    glory: Predicate
    faith: Predicate
    flavour: str


@dataclass(frozen=True, slots=True)
class Reward:
    gain: str
    n: int


@dataclass(frozen=True, slots=True)
class DiplomacyCard:
    key: str
    name: str
    rewards: tuple[Reward, Reward, Reward]
    order: tuple[int, int, int]
    """The diplomacy-board movement number beside rewards 1, 2 and 3."""
    flavour: str

    def movement(self, reward: int | None) -> int:
        """When the holder of ``reward`` (1-3; None for the bidder without one, who moves
        last) moves on the diplomacy board: 1 first ... 4 last."""
        return 4 if reward is None else self.order[reward - 1]


@dataclass(frozen=True, slots=True)
class Objective:
    key: str
    section: str
    deck: str
    cities: tuple[str, str, str, str]
    glory: tuple[int, int, int, int]
    flavour: str

    @property
    def city(self) -> str:
        """The main City, in the card's title."""
        return self.cities[0]

    def score(self, controlled: Iterable[str]) -> int:
        """The Glory the card gives for the Cities of ``controlled`` among its own (p.18)."""
        n = len(set(controlled) & set(self.cities))
        return self.glory[n - 1] if n else 0


@dataclass(frozen=True, slots=True)
class Cards:
    orders: dict[str, tuple[Order, ...]]
    """Army -> its 22 Orders, basic first."""
    missions: tuple[Mission, ...]
    diplomacy: tuple[DiplomacyCard, ...]
    objectives: tuple[Objective, ...]


# --- loading -----------------------------------------------------------------------------


def _ranged(where: str, raw: dict, key: str, low: int, high: int, default=None) -> int:
    value = field(where, raw, key, int) if default is None else field(where, raw, key, int, default)
    if not low <= value <= high:
        raise DataError(f"{where}: field {key!r} is {value}; expected {low} to {high}.")
    return value


def _step(where: str, index: int, raw) -> Step:
    at = f"{where}: field 'effects', step {index + 1}"
    if not isinstance(raw, dict):
        raise DataError(f"{at} is not a table.")
    do = field(at, raw, "do", str)
    if do not in STEPS:
        raise DataError(f"{at}: 'do' is {do!r}; expected one of {', '.join(STEPS)}.")
    params = STEPS[do]
    only_known(f"{at} ({do!r})", raw, ("do", *params))
    values: dict[str, Any] = {}  # each parameter of Step, of its own type (STEPS)
    for name, (kind, allowed) in params.items():
        if kind is int:
            low, high = allowed
            values[name] = _ranged(f"{at} ({do!r})", raw, name, low, high, default=0 if name in OPTIONAL else None)
        else:
            values[name] = field(f"{at} ({do!r})", raw, name, kind, allowed=allowed)
    if do == "muster" and values["n"] > MUSTER_CAP[values["unit"]]:
        raise DataError(
            f"{at} ('muster'): {values['n']} {values['unit']} do not fit a Region's "
            f"{MUSTER_CAP[values['unit']]} Slot(s)."
        )
    return Step(do, **values)


def parse_orders(data: dict, name: str = "orders.toml") -> dict[str, tuple[Order, ...]]:
    """Each Army's 22 Orders, from the one shared set of ``orders.toml``."""
    only_known(name, data, ("order",))
    raws = tables(data, "order", name, "order")
    unique_keys(raws, name, "order")
    templates = []
    for i, raw in enumerate(raws):
        where = entry(name, "order", i, raw)
        only_known(
            where,
            raw,
            (
                "key",
                "name",
                "presence",
                "region",
                "cost",
                "reaction",
                "tithe",
                "advanced",
                "blank",
                "effects",
                "flavour",
            ),
        )
        flags = {f: field(where, raw, f, bool, False) for f in ("reaction", "tithe", "advanced", "blank")}
        presence = field(where, raw, "presence", str, allowed=PRESENCE)
        region = field(where, raw, "region", str, allowed=REGION_KINDS)
        cost = _ranged(where, raw, "cost", 0, 10)
        effects = tuple(_step(where, j, s) for j, s in enumerate(field(where, raw, "effects", list)))
        if flags["blank"]:
            if effects:
                raise DataError(f"{where}: field 'effects': a Blank Order has no effect.")
            if (
                any(flags[f] for f in ("reaction", "tithe", "advanced"))
                or cost
                or presence != "none"
                or region != "any"
            ):
                raise DataError(f"{where}: field 'blank': a Blank Order has no cost, requirement or other icon.")
        else:
            if not effects:
                raise DataError(f"{where}: field 'effects': an Order that is not Blank needs at least one step.")
            if cost < 1:
                raise DataError(f"{where}: field 'cost' is 0; only a Blank Order costs nothing.")
        for j, step in enumerate(effects):
            at = f"{where}: field 'effects', step {j + 1}: {step.do!r}"
            if step.do in REACTIONS and not flags["reaction"]:
                raise DataError(f"{at} is a Reaction; the Order needs 'reaction = true'.")
            if step.do not in REACTIONS and flags["reaction"]:
                raise DataError(f"{at} is no Reaction; a Reaction Order holds only {', '.join(REACTIONS)}.")
            if step.do == "sea_move" and region != "port":
                raise DataError(f"{where}: field 'region' is {region!r}; a Sea Move starts from a 'port'.")
        if flags["tithe"] and flags["blank"]:
            raise DataError(f"{where}: field 'tithe': a Blank Order cannot be tithed.")
        templates.append(
            (
                raw["key"],
                field(where, raw, "name", str),
                presence,
                region,
                cost,
                flags,
                effects,
                field(where, raw, "flavour", str, ""),
            )
        )
    advanced = sum(1 for t in templates if t[5]["advanced"])
    basic = len(templates) - advanced
    if basic != BASIC_ORDERS or advanced != ADVANCED_ORDERS:
        raise DataError(
            f"{name}: field 'advanced': {basic} basic and {advanced} Advanced Orders; each Army has "
            f"{BASIC_ORDERS} basic and {ADVANCED_ORDERS} Advanced (components, p.35)."
        )
    if sum(1 for t in templates if t[5]["blank"]) < MIN_BLANK:
        raise DataError(f"{name}: field 'blank': each Army needs at least {MIN_BLANK} Blank Orders (plutorial).")
    templates.sort(key=lambda t: t[5]["advanced"])
    return {
        army: tuple(
            Order(
                army,
                key,
                title,
                presence,
                region,
                cost,
                flags["reaction"],
                flags["tithe"],
                flags["advanced"],
                flags["blank"],
                effects,
                flavour,
            )
            for key, title, presence, region, cost, flags, effects, flavour in templates
        )
        for army in ARMIES
    }


def _predicate(where: str, raw: dict, key: str) -> Predicate:
    value = field(where, raw, key, dict)
    at = f"{where}: field {key!r}"
    only_known(at, value, ("regions", "icon"))
    regions = field(at, value, "regions", str, allowed=PREDICATES)
    if regions == "icon":
        return Predicate(regions, field(at, value, "icon", str, allowed=ICONS))
    if "icon" in value:
        raise DataError(f"{at}: 'icon' is only for regions = 'icon'.")
    return Predicate(regions)


def parse_missions(data: dict, name: str = "missions.toml") -> tuple[Mission, ...]:
    only_known(name, data, ("mission",))
    raws = tables(data, "mission", name, "mission")
    unique_keys(raws, name, "mission")
    out, titles = [], set()
    for i, raw in enumerate(raws):
        where = entry(name, "mission", i, raw)
        only_known(where, raw, ("key", "title", "glory", "faith", "flavour"))
        title = field(where, raw, "title", str)
        if title in titles:
            raise DataError(f"{where}: field 'title' repeats an earlier mission.")
        titles.add(title)
        out.append(
            Mission(
                raw["key"],
                title,
                _predicate(where, raw, "glory"),
                _predicate(where, raw, "faith"),
                field(where, raw, "flavour", str, ""),
            )
        )
    if len(out) != MISSIONS:
        raise DataError(f"{name}: {len(out)} Mission Cards; the game has {MISSIONS} (components, p.35).")
    return tuple(out)


def parse_diplomacy(data: dict, name: str = "diplomacy.toml") -> tuple[DiplomacyCard, ...]:
    only_known(name, data, ("card",))
    raws = tables(data, "card", name, "card")
    unique_keys(raws, name, "card")
    out, names = [], set()
    for i, raw in enumerate(raws):
        where = entry(name, "card", i, raw)
        only_known(where, raw, ("key", "name", "rewards", "order", "flavour"))
        title = field(where, raw, "name", str)
        if title in names:
            raise DataError(f"{where}: field 'name' repeats an earlier card.")
        names.add(title)
        rewards = field(where, raw, "rewards", list)
        if len(rewards) != 3:
            raise DataError(f"{where}: field 'rewards' must list 3 rewards, not {len(rewards)}.")
        got = []
        for j, r in enumerate(rewards):
            at = f"{where}: field 'rewards', reward {j + 1}"
            if not isinstance(r, dict):
                raise DataError(f"{at} is not a table.")
            only_known(at, r, ("gain", "n"))
            got.append(Reward(field(at, r, "gain", str, allowed=GAINS), _ranged(at, r, "n", 1, 3)))
        order = field(where, raw, "order", list)
        if sorted(order) != [1, 2, 3] or any(isinstance(o, bool) for o in order):
            raise DataError(f"{where}: field 'order' is {order!r}; expected 1, 2 and 3, each once.")
        out.append(
            DiplomacyCard(
                raw["key"], title, (got[0], got[1], got[2]), tuple(order), field(where, raw, "flavour", str, "")
            )
        )
    if len(out) != DIPLOMACY_CARDS:
        raise DataError(f"{name}: {len(out)} Diplomacy Cards; the game has {DIPLOMACY_CARDS} (components, p.35).")
    return tuple(out)


def parse_objectives(data: dict, board: Board, name: str = "objectives.toml") -> tuple[Objective, ...]:
    """The 18 Objective Cards; their Cities are Cities of ``board`` (both map boards joined)."""
    only_known(name, data, ("objective",))
    raws = tables(data, "objective", name, "objective")
    unique_keys(raws, name, "objective")
    regions = {r.key: r for r in board.regions}
    out: list[Objective] = []
    sets: dict[frozenset[str], str] = {}
    for i, raw in enumerate(raws):
        where = entry(name, "objective", i, raw)
        only_known(where, raw, ("key", "section", "deck", "cities", "glory", "flavour"))
        section = field(where, raw, "section", str, allowed=SECTIONS)
        deck = field(where, raw, "deck", str, allowed=tuple(DECKS))
        cities = field(where, raw, "cities", list)
        if len(cities) != 4:
            raise DataError(f"{where}: field 'cities' must list 4 Cities, not {len(cities)}.")
        for c in cities:
            if not isinstance(c, str) or c not in regions:
                raise DataError(f"{where}: field 'cities' has {c!r}, which is no Region of the {board.title}.")
            if not regions[c].city:
                raise DataError(f"{where}: field 'cities' has {c!r}, a Desert; an Objective names Cities.")
            if regions[c].jerusalem:
                raise DataError(f"{where}: field 'cities' has Jerusalem, which no Objective names.")
        if len(set(cities)) != 4:
            raise DataError(f"{where}: field 'cities' names a City twice.")
        if cities[0] != raw["key"]:
            raise DataError(f"{where}: field 'cities' must begin with the main City {raw['key']!r}.")
        north = any(regions[c].board == "north" for c in cities)
        if north != (section == "north"):
            raise DataError(
                f"{where}: field 'section' is {section!r}; a card naming "
                f"{'a City' if north else 'no City'} of the north board is a "
                f"{'north' if north else 'south'} card."
            )
        if raw["key"] not in DECKS[deck]:
            home = next((d for d, mains in DECKS.items() if raw["key"] in mains), None)
            belongs = f"the {home!r} deck" if home else "no deck"
            raise DataError(f"{where}: field 'deck' is {deck!r}, but {raw['key']!r} heads {belongs} (p.9).")
        glory = field(where, raw, "glory", list)
        if (
            len(glory) != 4
            or any(not isinstance(g, int) or isinstance(g, bool) for g in glory)
            or glory[0] < 1
            or any(b <= a for a, b in zip(glory, glory[1:], strict=False))
        ):
            raise DataError(f"{where}: field 'glory' is {glory!r}; expected 4 whole numbers rising from 1 or more.")
        key = frozenset(cities)
        if key in sets:
            raise DataError(f"{where}: field 'cities' names the same 4 Cities as {sets[key]!r}.")
        sets[key] = raw["key"]
        out.append(
            Objective(raw["key"], section, deck, tuple(cities), tuple(glory), field(where, raw, "flavour", str, ""))
        )
    for deck, mains in DECKS.items():
        got = sorted(o.key for o in out if o.deck == deck)
        if got != sorted(mains):
            raise DataError(
                f"{name}: field 'deck': the {deck!r} deck has {', '.join(got) or 'no card'}; "
                f"expected {', '.join(mains)} (p.9)."
            )
    return tuple(out)


@cache
def cards() -> Cards:
    both = content().both
    assert both is not None, "content() reads the north board too"
    return Cards(
        parse_orders(read_data("orders.toml")),
        parse_missions(read_data("missions.toml")),
        parse_diplomacy(read_data("diplomacy.toml")),
        parse_objectives(read_data("objectives.toml"), both),
    )


def orders(army: str) -> tuple[Order, ...]:
    """The 22 Orders of ``army``, the 12 basic first."""
    return cards().orders[army]


@cache
def _orders_by_key() -> dict[str, dict[str, Order]]:
    out: dict[str, dict[str, Order]] = {}
    for army, theirs in cards().orders.items():
        mine = out[army] = {}
        for o in theirs:
            mine.setdefault(o.key, o)
    return out


def order_of(army: str, key: str) -> Order:
    """``army``'s Order ``key`` (a ValueError naming both for none)."""
    try:
        return _orders_by_key()[army][key]
    except KeyError:
        raise ValueError(f"{key!r} is no Order of the {army}") from None


# --- what the Mission Cards count ----------------------------------------------------------


def matches(predicate: Predicate, board: Board, key: str, shown: Iterable[str], port_destroyed: bool = False) -> bool:
    """Whether Region ``key`` meets a Mission requirement. ``shown`` are the Resource icons it
    shows (uncovered, printed or on tokens: as the tracks count them); ``port_destroyed``
    whether a Destroyed Port token covers its Port."""
    region = board.region(key)
    if predicate.regions == "icon":
        return predicate.icon in shown
    if predicate.regions == "city":
        return region.city
    if predicate.regions == "desert":
        return not region.city
    if predicate.regions == "port":
        return region.port and not port_destroyed
    if predicate.regions == "mercantile":
        return region.mercantile
    if predicate.regions == "near_jerusalem":
        return region.jerusalem or any(board.region(k).jerusalem for k in board.adjacent_to(region.key))
    raise ValueError(predicate.regions)
