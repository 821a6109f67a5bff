"""Third Crusade's constants and records, at the bottom of the game's modules: the Armies and
Alliances, the Unit types, the Slots of a Region and the tracks of a player board; and the typed
records the data files are validated into (``loading.py``): Regions and map boards, Leaders, the
setup pages, the player board's Sections and the game's whole content. Plain values that import
nothing of the game, so that every module may read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

ARMIES = ("angevin", "hre", "ayyubid", "turkoman")
ARMY_NAMES = {"angevin": "Angevin", "hre": "Holy Roman Empire", "ayyubid": "Ayyubid", "turkoman": "Turkoman"}
ALLIANCES = {"crusader": ("angevin", "hre"), "muslim": ("ayyubid", "turkoman")}
ALLIANCE_OF = {army: alliance for alliance, armies in ALLIANCES.items() for army in armies}
NEUTRAL = "neutral"
ICONS = ("glory", "cp", "crown", "gold", "supply")
TRACKS = ("cp", "crown", "supply", "gold")
"""The four tracks of a player board, in the order the setup pages print them (ruling TC4)."""
UNITS = ("infantry", "cavalry", "siege")
UNIT_WORDS = {"infantry": "Infantry", "cavalry": "Cavalry", "siege": "Siege Engine", "any": "Unit"}
"""A Unit type's name in the log ("any": a step that takes any type)."""
ICON_WORDS = {"glory": "Glory", "cp": "Command Point", "crown": "Crown", "gold": "Gold", "supply": "Supply"}
"""A Resource token's or icon's name: "a Gold token", "its Command Point icon"."""
UNIT_TOTALS = {"infantry": 30, "cavalry": 12, "siege": 6}
"""Each Army's Units (components, p.35)."""
UNIT_SHAPE = {"infantry": "square", "cavalry": "hex", "siege": "trapezoid"}
SLOT_COUNT = {"square": 6, "hex": 2, "trapezoid": 1}
SLOT_SHAPES = ("square",) * 6 + ("hex",) * 2 + ("trapezoid",)
"""The shape of each of a Region's 9 Slots, by index."""
SLOTS_OF_SHAPE = {shape: tuple(i for i, sh in enumerate(SLOT_SHAPES) if sh == shape) for shape in SLOT_COUNT}
"""Each Slot shape -> the indices of the Slots of that shape, in order."""
SABOTAGE = "sabotage"
SIDES = ("west", "east", "north", "south")
SHIPS = ("1191 Spring", "1191 Autumn")

Position = Mapping[str, Sequence]


@dataclass(frozen=True, slots=True)
class Region:
    index: int
    key: str
    name: str
    kind: str
    """"city" or "desert"."""
    jerusalem: bool
    port: bool
    mercantile: bool
    x: int
    y: int
    roads: tuple[int, ...]
    """Indices of the Regions joined to it by a Road."""
    icons: tuple[str, ...]
    """The printed Resource icon of each of its 9 Slots ("" for none), in SLOT_SHAPES order."""
    flavour: str
    board: str = "south"
    """The map board it is printed on: "south" (A) or "north" (B)."""

    @property
    def city(self) -> bool:
        return self.kind == "city"


@dataclass(frozen=True, slots=True)
class Board:
    key: str
    title: str
    regions: tuple[Region, ...]
    sides: dict
    """Alliance -> the side of the board it sits on (ruling TC9)."""
    joins: tuple[tuple[str, str], ...] = ()
    """The Roads between two boards put together, each (north key, south key) (ruling TC13)."""
    at: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    """Region key -> index (filled once: ``index`` is asked for on every step of a search)."""
    near: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    """(Region key, by sea) -> the keys of :meth:`adjacent_to` (filled once, like ``at``)."""
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    """Facts derived from the map alone, each computed once when first asked (the Bot's Proximity
    and Road steps, ``bot/geometry.py``): keyed by what they depend on, never by a game's state."""

    def __post_init__(self) -> None:
        for r in self.regions:
            self.at.setdefault(r.key, r.index)
        ports = [r for r in self.regions if r.port]
        for r in self.regions:
            roads = tuple(self.regions[i].key for i in r.roads)
            sea = {p.index for p in ports if r.port and p.index != r.index}
            self.near[r.key, False] = roads
            self.near[r.key, True] = tuple(x.key for x in self.regions if x.index in r.roads or x.index in sea)

    def index(self, key: str) -> int:
        return self.at[key]

    def region(self, key: str) -> Region:
        return self.regions[self.at[key]]

    def adjacent(self, a: str, b: str, sea: bool = False) -> bool:
        """Joined by a Road (glossary, Adjacent); with ``sea``, for a Sea Move only, two Ports
        too (ruling TC75)."""
        return self.index(b) in self.region(a).roads or (sea and self.by_sea(a, b))

    def adjacent_to(self, key: str, sea: bool = False) -> list[str]:
        """The Regions Adjacent to ``key``, in the map's order: by Road (glossary, Adjacent:
        "Regions are Adjacent if they are connected by a Road"), which is what Reinforce,
        Diversion, retreats, Marches and the events ask; with ``sea``, for a Sea Move only, every
        other Port as well ("Port Cities counts as Adjacent to each other", glossary, Sea Move;
        ruling TC75)."""
        return list(self.near[key, sea])

    def by_sea(self, a: str, b: str) -> bool:
        """Both Ports, Adjacent to each other for a Sea Move (glossary, Sea Move; ruling TC75)."""
        return a != b and self.region(a).port and self.region(b).port


@dataclass(frozen=True, slots=True)
class Leader:
    key: str
    name: str
    army: str
    shape: str
    unit: str
    """"infantry", "cavalry" or "" (Strength 0)."""
    icons: tuple[str, ...]
    flavour: str
    units: int = 1
    """How many Units of its ``unit`` it counts as in Battle (its unit icons)."""
    other: str = ""
    """The key of the token's other side, for a Leader an event may flip (ruling TC52); "" for a
    token whose two sides are alike."""
    back: bool = False
    """Whether this is a token's back side: it comes into play only by a flip, never at setup."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One Region of a setup page."""

    region: str
    own: dict
    """Army -> its own pieces here (Unit types and Leader keys)."""
    alliance: str | None
    """The Alliance of the double-coloured Units here, if any."""
    double: tuple[str, ...]
    three_player: str | None
    neutral: tuple[str, ...]
    sabotage: tuple[str, ...]
    paired: dict = field(default_factory=dict)
    """Army -> own Units it places here only when its Alliance Partner plays too (the 3-player
    pair, ruling TC71)."""


@dataclass(frozen=True, slots=True)
class LoneMove:
    """Pieces the lone player of 3 players places in another Region than the 2-player page has
    them in (ruling TC73)."""

    army: str
    source: str
    """The Region the 2-player page places them in."""
    to: str
    pieces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Setup:
    gold: int
    lone_gold: int
    lone_faith: int
    two_three: tuple[Placement, ...]
    genoa: dict
    """Ship -> Army -> pieces."""
    lone: tuple[LoneMove, ...] = ()


@dataclass(frozen=True, slots=True)
class Page:
    """The 4-player page: every Army places its own pieces (ruling TC14)."""

    placements: tuple[Placement, ...]
    genoa: dict
    """Ship -> Army -> pieces."""


@dataclass(frozen=True, slots=True)
class Section:
    """A Unit Section of the player board (ruling TC21)."""

    unit: str
    size: int
    supply: int


@dataclass(frozen=True, slots=True)
class Content:
    south: Board
    leaders: dict[str, Leader]
    setup: Setup
    north: Board | None = None
    both: Board | None = None
    """The 4-player map: both boards and the Roads that join them (ruling TC13)."""
    four: Page | None = None
    boards: Mapping[str, tuple[Section, ...]] = field(default_factory=dict)
    """Each Army's player board: its Unit Sections, each Unit type's left to right."""
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    """Facts derived from the content alone, each computed once when first asked (a piece's
    Battle Strength by Region type, ``battle.piece_strength``)."""
