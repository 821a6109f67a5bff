"""Third Crusade designed data for the 128 Event Cards: ``events.toml`` in ``data/``, validated
here into typed records; an error names the file, the entry and the field.

Each Army has 32 Event Cards, 8 per round (1190, 1191 Spring, 1191 Autumn, 1192; components,
p.35). A card has a banner (the Presence and Region its events need), a main event (free), and
a crown event with a crown requirement (p.12). The effects are steps of one vocabulary,
:data:`STEPS`, documented in the file's header. :func:`deck` gives the cards of one Army and
round that a game uses: cards marked for an opposing Army not in the game leave (setup, p.4),
and so do North cards when the north board is not in play (variable setup, p.9).

:func:`value` weighs a card on a rough points scale, to keep the Armies' decks comparable and
to give a player without better knowledge a first estimate of a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ...core.data import entry, field, only_known, tables, unique_keys
from ...core.errors import DataError
from ...core.words import count
from .data import ALLIANCE_OF, ALLIANCES, ARMIES, ICONS, NEUTRAL, UNITS, Board, Leader, content
from .loading import read_data
from .records import ICON_WORDS, UNIT_WORDS

PERIODS = ("1190", "1191 Spring", "1191 Autumn", "1192")
"""The four rounds, each with its own pile of Event Cards (setup, p.4)."""
PER_PERIOD = 8
"""Each Army's cards per round: "32 Event Cards, 8 per year" (components, p.35)."""
DRAW = 4
"""The cards each player draws in the Strategy phase (p.10): a pile never holds fewer."""
MAX_CROWNS = 6
PRESENCE = ARMIES + tuple(ALLIANCES)
"""The Presence icons of a banner: an Army's or an Alliance's (Iconography, Players)."""
REGION_KINDS = ("any", "city", "desert", "port", "jerusalem")
CROWN_MODES = ("and", "same_region", "instead")
"""How the crown event stands to the main event (p.12): besides it, "In same Region" as it,
or "Instead" of it."""
MUSTER_CAP = {"infantry": 6, "cavalry": 2, "siege": 1}
WHOSE = ARMIES + tuple(ALLIANCES) + (NEUTRAL,)
GAINS = ("glory", "faith", "gold", "base_cp", "current_cp")
SPECIALS = {
    "treaty_of_jaffa": "Until the end of the round no Unit may March, Forced March, Disperse or Sea "
    "Move into Jerusalem, Jaffa or Ascalon, and no Battle starts there.",
}
"""The bespoke effects, by key: each card text no step of the vocabulary says."""

_REQUIRED = object()
_N = (int, (1, 6), 1)
_STRENGTH = (int, (-3, 3), 0)
_IGNORE = (bool, None, False)
STEPS: dict[str, dict[str, tuple]] = {
    "muster": {
        "unit": (str, UNITS, _REQUIRED),
        "n": (int, (1, 6), _REQUIRED),
        "army": (str, ("own", "partner", NEUTRAL), "own"),
    },
    "remove": {"whose": (str, WHOSE, _REQUIRED), "unit": (str, UNITS + ("any",), "any"), "n": _N},
    "leader": {"action": (str, ("add", "remove", "flip"), _REQUIRED), "key": (str, None, _REQUIRED)},
    "assassinate": {"whose": (str, WHOSE + ("any",), _REQUIRED)},
    "sabotage": {"n": (int, (1, 3), 1)},
    "remove_sabotage": {"n": (int, (1, 3), 1)},
    "bandit": {"n": (int, (1, 2), 1)},
    "remove_bandit": {"n": (int, (1, 3), 1)},
    "destroyed_port": {},
    "token": {"icon": (str, ICONS, _REQUIRED), "n": (int, (1, 2), 1)},
    "remove_token": {"icon": (str, ICONS, _REQUIRED), "n": (int, (1, 2), 1)},
    "gain": {"what": (str, GAINS, _REQUIRED), "n": (int, (1, 5), _REQUIRED)},
    "lose": {"what": (str, GAINS, _REQUIRED), "n": (int, (1, 5), _REQUIRED), "whose": (str, ("own",) + ARMIES, "own")},
    "advanced_order": {"n": (int, (1, 3), 1)},
    "diplomacy_move": {"n": (int, (1, 3), 1)},
    "march": {"keep": (int, (0, 8), 0), "strength": _STRENGTH, "ignore_bandit": _IGNORE},
    "coordinated_march": {"keep": (int, (0, 8), 0), "strength": _STRENGTH, "ignore_bandit": _IGNORE},
    "forced_march": {"strength": _STRENGTH, "ignore_bandit": _IGNORE},
    "disperse": {"strength": _STRENGTH, "ignore_bandit": _IGNORE},
    "sea_move": {"strength": _STRENGTH},
    "or": {"options": (list, None, _REQUIRED)},
    "special": {"key": (str, tuple(SPECIALS), _REQUIRED)},
}
"""Each step word and its parameters: name -> (type, allowed words or (low, high), default);
see the header of ``events.toml`` for what each does."""
MARCHES = ("march", "coordinated_march", "forced_march", "disperse", "sea_move")


# --- records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One effect of an event: a word of :data:`STEPS` and its parameters (unused ones keep
    their defaults)."""

    do: str
    unit: str = ""
    n: int = 0
    army: str = ""
    whose: str = ""
    action: str = ""
    key: str = ""
    icon: str = ""
    what: str = ""
    keep: int = 0
    strength: int = 0
    ignore_bandit: bool = False
    options: tuple[tuple[Step, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Banner:
    """Where an event may be carried out (card anatomy 4; p.12)."""

    presence: str = "none"
    """An Army or an Alliance that must have Presence in the Region, or "none"."""
    absent: tuple[str, ...] = ()
    """Armies or Alliances that must have no Presence there ("No X Presence")."""
    region: str = "any"
    control: bool = False
    """The card's Army must Control the Region ("any City Region you Control", p.12)."""
    named: str = ""
    """A Named Region: the effects apply there only (glossary, Named Region)."""
    leader: str = ""
    """A Named Leader whose Region the effects apply in (glossary, Named Region)."""


@dataclass(frozen=True, slots=True)
class Event:
    army: str
    period: str
    key: str
    title: str
    banner: Banner
    main: tuple[Step, ...]
    crowns: int
    """The crown requirement; 0 for a card without a crown event."""
    crown: tuple[Step, ...]
    crown_mode: str
    crown_banner: Banner
    """The crown event's own banner; the main banner unless the card shows another."""
    marked: str
    """The opposing Army whose absence takes the card out of the game ("" for none)."""
    north: bool
    """Carries the North icon: used only with the north board."""
    flavour: str

    @property
    def id(self) -> str:
        return self.key


# --- loading -----------------------------------------------------------------------------


def _param(at: str, raw: dict, name: str, spec: tuple):
    kind, allowed, default = spec
    value = field(at, raw, name, kind) if default is _REQUIRED else field(at, raw, name, kind, default)
    if kind is int and allowed is not None:
        low, high = allowed
        if not low <= value <= high:
            raise DataError(f"{at}: field {name!r} is {value}; expected {low} to {high}.")
    elif kind is str and allowed is not None and value not in allowed:
        raise DataError(f"{at}: field {name!r} is {value!r}; expected one of {', '.join(allowed)}.")
    return value


def _steps(where: str, label: str, raws, army: str, leaders: dict[str, Leader], depth: int = 0) -> tuple[Step, ...]:
    if not isinstance(raws, list):
        raise DataError(f"{where}: field {label!r} must be a list of steps.")
    return tuple(_step(where, label, j, raw, army, leaders, depth) for j, raw in enumerate(raws))


def _step(where: str, label: str, index: int, raw, army: str, leaders: dict[str, Leader], depth: int) -> Step:
    at = f"{where}: field {label!r}, step {index + 1}"
    if not isinstance(raw, dict):
        raise DataError(f"{at} is not a table.")
    do = field(at, raw, "do", str)
    if do not in STEPS:
        raise DataError(f"{at}: 'do' is {do!r}; expected one of {', '.join(STEPS)}.")
    at = f"{at} ({do!r})"
    params = STEPS[do]
    only_known(at, raw, ("do", *params))
    values = {name: _param(at, raw, name, spec) for name, spec in params.items()}
    if do == "muster" and values["n"] > MUSTER_CAP[values["unit"]]:
        raise DataError(
            f"{at}: {values['n']} {values['unit']} do not fit a Region's {MUSTER_CAP[values['unit']]} Slot(s)."
        )
    if do == "leader":
        leader = leaders.get(values["key"])
        if leader is None or leader.back:
            raise DataError(
                f"{at}: field 'key' is {values['key']!r}, which is no Leader (leaders.toml; a token "
                "is named by its front)."
            )
        if values["action"] == "flip" and not leader.other:
            raise DataError(f"{at}: field 'key': {leader.name} has no other side to flip to (ruling TC52).")
        if values["action"] == "add" and leader.army not in (NEUTRAL, *ALLIANCES[ALLIANCE_OF[army]]):
            raise DataError(
                f"{at}: field 'key': a card adds a Leader of its own Alliance or a Neutral one, "
                f"not {leader.name} ({leader.army})."
            )
    if do == "or":
        if depth:
            raise DataError(f"{at}: an 'or' cannot hold another 'or'.")
        options = values.pop("options")
        if len(options) < 2:
            raise DataError(f"{at}: field 'options' must list at least 2 alternatives.")
        values["options"] = tuple(
            _steps(at, f"options {k + 1}", o, army, leaders, depth + 1) or _empty(at, k) for k, o in enumerate(options)
        )
    return Step(do, **values)


def _empty(at: str, k: int):
    raise DataError(f"{at}: field 'options': alternative {k + 1} has no step.")


def _banner(where: str, label: str, raw, board: Board, leaders: dict[str, Leader]) -> Banner:
    at = f"{where}: field {label!r}"
    if not isinstance(raw, dict):
        raise DataError(f"{at} must be a table.")
    only_known(at, raw, ("presence", "absent", "region", "control", "named", "leader"))
    presence = _param(at, raw, "presence", (str, PRESENCE + ("none",), "none"))
    absent = field(at, raw, "absent", list, [])
    for a in absent:
        if not isinstance(a, str) or a not in PRESENCE:
            raise DataError(f"{at}: field 'absent' has {a!r}; expected each of {', '.join(PRESENCE)}.")
    if len(set(absent)) != len(absent):
        raise DataError(f"{at}: field 'absent' names an Army or Alliance twice.")
    if presence != "none" and any(presence == a or ALLIANCE_OF.get(presence) == a for a in absent):
        raise DataError(f"{at}: field 'absent': {presence!r} cannot both have and lack Presence.")
    region = _param(at, raw, "region", (str, REGION_KINDS, "any"))
    control = field(at, raw, "control", bool, False)
    named = field(at, raw, "named", str, "")
    if named:
        keys = {r.key: r for r in board.regions}
        if named not in keys:
            raise DataError(f"{at}: field 'named' is {named!r}, which is no Region of the {board.title}.")
        r = keys[named]
        fits = {"any": True, "city": r.city, "desert": not r.city, "port": r.port, "jerusalem": r.jerusalem}
        if not fits[region]:
            raise DataError(f"{at}: field 'region' is {region!r}, but {r.name} is not one.")
    leader = field(at, raw, "leader", str, "")
    if leader and (leader not in leaders or leaders[leader].back):
        raise DataError(
            f"{at}: field 'leader' is {leader!r}, which is no Leader (leaders.toml; a token is named by its front)."
        )
    if leader and named:
        raise DataError(f"{at}: a banner names a Region or a Leader's Region, not both.")
    return Banner(presence, tuple(absent), region, control, named, leader)


def parse_events(data: dict, board: Board, leaders: dict[str, Leader], name: str = "events.toml") -> tuple[Event, ...]:
    """The 128 Event Cards, 8 per Army and round; ``board`` is the 4-player map (both boards),
    whose Regions a card may name."""
    only_known(name, data, ("event",))
    raws = tables(data, "event", name, "event")
    unique_keys(raws, name, "event")
    north_keys = {r.key for r in board.regions if r.board == "north"}
    out, titles = [], set()
    for i, raw in enumerate(raws):
        where = entry(name, "event", i, raw)
        only_known(
            where,
            raw,
            (
                "army",
                "period",
                "key",
                "title",
                "banner",
                "main",
                "crowns",
                "crown",
                "crown_mode",
                "crown_banner",
                "marked",
                "north",
                "flavour",
            ),
        )
        army = field(where, raw, "army", str, allowed=ARMIES)
        period = field(where, raw, "period", str, allowed=PERIODS)
        title = field(where, raw, "title", str)
        if title in titles:
            raise DataError(f"{where}: field 'title' repeats an earlier event.")
        titles.add(title)
        banner = _banner(where, "banner", field(where, raw, "banner", dict), board, leaders)
        main = _steps(where, "main", field(where, raw, "main", list), army, leaders)
        if not main:
            raise DataError(f"{where}: field 'main': a card needs a main event.")
        crowns = _param(where, raw, "crowns", (int, (0, MAX_CROWNS), _REQUIRED))
        crown = _steps(where, "crown", field(where, raw, "crown", list, []), army, leaders)
        mode = _param(where, raw, "crown_mode", (str, CROWN_MODES, "and"))
        if bool(crowns) != bool(crown):
            raise DataError(
                f"{where}: field 'crowns' is {crowns}; a crown event needs 1 or more crowns, and "
                "a card without one has 0."
            )
        if not crown and ("crown_mode" in raw or "crown_banner" in raw):
            raise DataError(f"{where}: field 'crown_mode': the card has no crown event.")
        crown_banner = banner
        if "crown_banner" in raw:
            if mode == "same_region":
                raise DataError(
                    f"{where}: field 'crown_banner': an 'In same Region' crown event uses the main event's Region."
                )
            crown_banner = _banner(where, "crown_banner", field(where, raw, "crown_banner", dict), board, leaders)
        marked = field(where, raw, "marked", str, "")
        if marked:
            if marked not in ARMIES:
                raise DataError(f"{where}: field 'marked' is {marked!r}; expected one of {', '.join(ARMIES)}.")
            if ALLIANCE_OF[marked] == ALLIANCE_OF[army]:
                raise DataError(
                    f"{where}: field 'marked' is {marked!r}; a card is marked for an Army of the "
                    "opposing Alliance (setup, p.4), not its own or its partner."
                )
        north = field(where, raw, "north", bool, False)
        named = {b.named for b in (banner, crown_banner)} & north_keys
        if named and not north:
            raise DataError(
                f"{where}: field 'north' is false, but the card names {sorted(named)[0]!r} of the north board."
            )
        out.append(
            Event(
                army,
                period,
                raw["key"],
                title,
                banner,
                main,
                crowns,
                crown,
                mode,
                crown_banner,
                marked,
                north,
                field(where, raw, "flavour", str, ""),
            )
        )
    for army in ARMIES:
        for period in PERIODS:
            pile = [e for e in out if e.army == army and e.period == period]
            if len(pile) != PER_PERIOD:
                raise DataError(
                    f"{name}: field 'period': {army} has {len(pile)} cards for {period}; each Army "
                    f"has {PER_PERIOD} per round (components, p.35)."
                )
            south = [e for e in pile if not e.north]
            for enemy in ALLIANCES[next(a for a in ALLIANCES if a != ALLIANCE_OF[army])]:
                left = [e for e in south if e.marked != enemy]
                if len(left) < DRAW:
                    raise DataError(
                        f"{name}: field 'north': {army}'s {period} pile keeps {len(left)} cards without "
                        f"the north board and the {enemy}; a player draws {DRAW} (p.10)."
                    )
    return tuple(out)


@cache
def events() -> tuple[Event, ...]:
    c = content()
    assert c.both is not None, "content() reads the north board too"
    return parse_events(read_data("events.toml"), c.both, c.leaders)


@cache
def _by_key() -> dict[str, Event]:
    out: dict[str, Event] = {}
    for e in events():
        out.setdefault(e.key, e)
    return out


def event(key: str) -> Event:
    return _by_key()[key]


def deck(
    army: str, period: str, armies_in_game: Iterable[str], north: bool, cards: Iterable[Event] | None = None
) -> tuple[Event, ...]:
    """The cards of ``army`` for ``period`` that a game uses: without those marked for an
    Army not in ``armies_in_game`` (setup, p.4) and, unless the north board is in play
    (``north``), without North cards (variable setup, p.9)."""
    if army not in ARMIES:
        raise ValueError(f"unknown army {army!r}")
    if period not in PERIODS:
        raise ValueError(f"unknown period {period!r}")
    playing = set(armies_in_game)
    return tuple(
        e
        for e in (events() if cards is None else cards)
        if e.army == army and e.period == period and (not e.marked or e.marked in playing) and (north or not e.north)
    )


# --- a rough value, to balance the decks -------------------------------------------------------

UNIT_POINTS = {"infantry": 1.0, "cavalry": 2.0, "siege": 2.0, "any": 1.5}
TOKEN_POINTS = {"glory": 2.0, "cp": 2.0, "crown": 1.5, "gold": 1.0, "supply": 1.0}
GAIN_POINTS = {"glory": 1.0, "faith": 1.0, "gold": 0.5, "base_cp": 2.0, "current_cp": 0.5}
GAIN_WORDS = {
    "glory": "Glory",
    "faith": "Faith",
    "gold": "Gold",
    "base_cp": "base command point",
    "current_cp": "command point",
}
"""What a gain or loss counts, as the log says it."""
WHOSE_WORDS = {
    "crusader": "the Crusader Alliance",
    "muslim": "the Muslim Alliance",
    NEUTRAL: "Neutral",
    "angevin": "the Angevin",
    "hre": "the Holy Roman Empire",
    "ayyubid": "the Ayyubid",
    "turkoman": "the Turkoman",
    "any": "any Army",
}
STEP_WORDS = {
    "destroyed_port": "place a Destroyed Port token",
    "march": "March",
    "coordinated_march": "make a Coordinated March",
    "forced_march": "make a Forced March",
    "disperse": "Disperse",
    "sea_move": "make a Sea Move",
    "treaty_of_jaffa": "close Jerusalem, Jaffa and Ascalon (the Treaty of Jaffa)",
}


def words(step: Step) -> str:
    """A step in a few words, for the log, as what the player does: "gain 1 Faith", "muster
    2 Neutral Infantry", "place a Sabotage token"."""
    if step.do == "or":
        return ", or ".join(" and ".join(words(x) for x in option) for option in step.options)
    if step.do in ("gain", "lose"):
        whose = "" if step.whose in ("", "own") else f"make {WHOSE_WORDS[step.whose]} "
        return f"{whose}{step.do} {count(step.n, GAIN_WORDS[step.what])}"
    if step.do == "muster":
        kind = ("Neutral " if step.army == NEUTRAL else "") + UNIT_WORDS[step.unit]
        return f"muster {count(step.n, kind)}" + (" for its partner" if step.army == "partner" else "")
    if step.do == "remove":
        kind = ("Neutral " if step.whose == NEUTRAL else "") + UNIT_WORDS[step.unit]
        whose = "" if step.whose == NEUTRAL else f" of {WHOSE_WORDS[step.whose]}"
        return f"remove {count(step.n or 1, kind)}{whose}"
    if step.do == "leader":
        return f"{step.action} {content().leaders[step.key].name}"
    if step.do == "assassinate":
        return (
            "assassinate a Neutral Leader"
            if step.whose == NEUTRAL
            else f"assassinate a Leader of {WHOSE_WORDS[step.whose]}"
        )
    if step.do in ("sabotage", "remove_sabotage", "bandit", "remove_bandit"):
        verb = "remove" if step.do.startswith("remove") else "place"
        return f"{verb} {count(step.n or 1, 'Bandit' if step.do.endswith('bandit') else 'Sabotage token')}"
    if step.do in ("token", "remove_token"):
        return f"{'place' if step.do == 'token' else 'remove'} {count(step.n or 1, ICON_WORDS[step.icon] + ' token')}"
    if step.do == "advanced_order":
        return f"take {count(step.n or 1, 'Advanced Order')}"
    if step.do == "diplomacy_move":
        return f"make {count(step.n or 1, 'move')} on the diplomacy board"
    if step.do == "special":
        return STEP_WORDS[step.key]
    return STEP_WORDS[step.do]


FLAT_POINTS = {
    "leader_add": 3.0,
    "leader_remove": 3.0,
    "leader_flip": 1.0,
    "assassinate": 3.0,
    "sabotage": 1.0,
    "remove_sabotage": 0.5,
    "bandit": 1.0,
    "remove_bandit": 0.5,
    "destroyed_port": 1.5,
    "advanced_order": 1.5,
    "diplomacy_move": 1.0,
    "march": 1.0,
    "coordinated_march": 1.5,
    "forced_march": 2.0,
    "disperse": 1.5,
    "sea_move": 1.5,
    "treaty_of_jaffa": 3.0,
}
"""The points scale: a Unit mustered or removed by type, a token by icon, a gain by kind,
everything else flat; a march +0.5 per point of strength and for ignoring Bandits."""


def step_value(step: Step, army: str) -> float:
    """A step's points for the card's ``army`` (a loss or removal hitting its own side counts
    against it)."""
    own_side = ALLIANCES[ALLIANCE_OF[army]]
    if step.do == "muster":
        return step.n * UNIT_POINTS[step.unit] * (1.0 if step.army == "own" else 0.75)
    if step.do == "remove":
        points = step.n * UNIT_POINTS[step.unit]
        if step.whose == NEUTRAL:
            return 0.5 * points
        hit = ALLIANCES.get(step.whose, (step.whose,))
        return -points if set(hit) <= set(own_side) else points
    if step.do == "leader":
        points = FLAT_POINTS[f"leader_{step.action}"]
        leader = content().leaders[step.key]
        return -points if step.action == "remove" and leader.army in own_side else points
    if step.do in ("token", "remove_token"):
        return step.n * TOKEN_POINTS[step.icon] * (1.0 if step.do == "token" else 0.75)
    if step.do == "gain":
        return step.n * GAIN_POINTS[step.what]
    if step.do == "lose":
        points = step.n * GAIN_POINTS[step.what]
        return -points if step.whose == "own" or step.whose in own_side else points
    if step.do in MARCHES:
        return FLAT_POINTS[step.do] + 0.5 * step.strength + 0.5 * step.ignore_bandit
    if step.do == "or":
        return max(sum(step_value(s, army) for s in option) for option in step.options)
    if step.do == "special":
        return FLAT_POINTS[step.key]
    return FLAT_POINTS[step.do] * (step.n or 1)


def value(card: Event) -> tuple[float, float]:
    """The card's (main, crown) points; an "Instead" crown event counts only what it adds over
    the main event."""
    main = sum(step_value(s, card.army) for s in card.main)
    crown = sum(step_value(s, card.army) for s in card.crown)
    if card.crown_mode == "instead":
        crown = max(0.0, crown - main)
    return main, crown
