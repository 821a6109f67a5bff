"""The Lords of Heaven state: plain data, and the operations every rule uses.

Seats are factions in the order of play (``s["factions"]``). A City is a ladder of levels,
lowest first, each holding one seat's Influence or nobody (``s["city"][loc]``); the top level
controls the City (ruling LH9). Support is counted per Location and seat (``s["support"]``).
"""

from __future__ import annotations

from ...core import rng
from ...core.game import Event, State
from ...core.words import possessive
from .data import BUILDINGS, FACTIONS, FAITH_OF, Content

FORMAT = 1
HAND = 3
"""Action cards in a hand after drawing (the Bluff card is always held besides, p.7)."""
COLUMNS = ("development", "presence", "movement", "income")
ROUND_CARDS = ("Round 1", "Round 2", "Round 3", "Round 4", "Round 5")
SHUFFLED_ROUNDS = ("Round X", "Round Y", "Last Round")
DRAFT_DEAL = 5
MODES = {2: "two", 3: "three", 4: "four"}


def side_of(s: State) -> str:
    """Which side of the Location cards is up: 3-column Cities in 4 players, else 2 (p.12)."""
    return "four" if s["mode"] == "four" else "two_three"


def levels(content: Content, s: State, loc: int) -> tuple[int, ...]:
    """The Gold each level of ``loc``'s City costs, lowest first, on the side in play."""
    location = content.locations[loc]
    return location.four if s["mode"] == "four" else location.two_three


def new_state(content: Content, factions: list[str], seed: int) -> State:
    n = len(factions)
    fs = [content.faction(key) for key in factions]
    s: State = {
        "format": FORMAT,
        "game": "lords-of-heaven",
        "rng": rng.seed_state(seed),
        "rigged": [],
        "mode": MODES[n],
        "factions": list(factions),
        "crusade": 1,
        "round": 0,
        "rounds": [],
        "round_card": None,
        "last_round": False,
        "first": 0,
        "seat": 0,
        "turns": 0,
        "step": "draft",
        "deck": [],
        "discard": [],
        "hands": [[] for _ in range(n)],
        "draft": None,
        "columns": [[] for _ in COLUMNS],
        "on_board": [loc.index for loc in content.locations if loc.crusade == 1],
        "city": [[None] * (3 if n == 4 else 2) for _ in content.locations],
        "support": [[0] * n for _ in content.locations],
        "fortress": [None] * len(content.borders),
        "church": [[0] * n for _ in content.locations],
        "citadel": [None] * len(content.locations),
        "upgrades": [[1, 1, 1] for _ in range(n)],
        "upgrade_vp": [[False, False, False] for _ in range(n)],
        "buildings": [[3, 3, 3] for _ in range(n)],
        "stock": [dict(f.stock) for f in fs],
        "presence": [f.presence for f in fs],
        "vp": [0] * n,
        "turn": None,
        "effect": None,
        "conflict": None,
        "pending": [],
        "result": None,
        "putback": None,
    }
    for seat, f in enumerate(fs):
        for loc, col in f.influence:
            level = col - 1 if n == 4 else min(col, 2) - 1
            _start_influence(s, seat, loc, level)
        for loc in f.support:
            s["support"][loc][seat] += 1
            s["presence"][seat] -= 1
    if n == 2:
        _stand_in(content, s, fs)
    s["first"] = rng.randbelow(s, n)
    deck = [c.id for c in content.cards.values() if in_deck(c.affiliation, factions)]
    deck.sort()
    rng.shuffle(s, deck)
    s["deck"] = deck
    s["rounds"] = round_deck(s)
    return s


def _start_influence(s: State, seat: int, loc: int, level: int) -> None:
    city = s["city"][loc]
    if seat in city:
        here = city.index(seat)
        if here >= level:
            return
        city[here] = None
    else:
        s["presence"][seat] -= 1
    city[level] = seat


def _stand_in(content: Content, s: State, fs) -> None:
    """2 players: each player's Presence also goes where the absent faction of the same faith had
    it; where the player's own Influence stands higher, nothing happens (p.12)."""
    for seat, f in enumerate(fs):
        absent = next(o for o in content.factions if o.faith == f.faith and o.key != f.key)
        for loc, col in absent.influence:
            _start_influence(s, seat, loc, min(col, 2) - 1)
        for loc in absent.support:
            s["support"][loc][seat] += 1
            s["presence"][seat] -= 1


def in_deck(affiliation: str, factions: list[str]) -> bool:
    """Whether a card of ``affiliation`` is used: in 2 players the single-faction cards are
    removed (p.12, 5), in 3 players those of the faction that sits out (p.12, 2)."""
    if affiliation in FACTIONS:
        return len(factions) > 2 and affiliation in factions
    return True


def round_deck(s: State) -> list[str]:
    """Round 1 to 5 on top of Round X, Round Y and Last Round shuffled (Setup 4; ruling LH11 for
    the 2nd Crusade)."""
    tail = list(SHUFFLED_ROUNDS)
    rng.shuffle(s, tail)
    return list(ROUND_CARDS) + tail


def faction_of(s: State, seat: int) -> str:
    return s["factions"][seat]


def faith_of(s: State, seat: int) -> str:
    return FAITH_OF[s["factions"][seat]]


# -- Gold and Faith -------------------------------------------------------------------------
def purse(s: State, seat: int) -> int:
    """What ``seat`` can pay: Gold, and Faith spent as Gold (p.6)."""
    st = s["stock"][seat]
    return st["gold"] + st["faith"]


def pay(s: State, seat: int, amount: int) -> None:
    """Pay ``amount``: Gold first, Faith for the rest (ruling LH6)."""
    st = s["stock"][seat]
    from_gold = min(st["gold"], amount)
    st["gold"] -= from_gold
    st["faith"] -= amount - from_gold
    if st["faith"] < 0:
        raise ValueError("paid more than the purse holds")


def gain(s: State, seat: int, what: dict) -> None:
    """Take from the general supply (unlimited: ruling LH25); ``vp`` scores."""
    for key, n in what.items():
        if key == "vp":
            s["vp"][seat] += n
        else:
            s["stock"][seat][key] += n


def words(what: dict) -> str:
    names = {
        "gold": "Gold",
        "faith": "Faith",
        "footman": "Footman",
        "siege_tower": "Siege Tower",
        "knight": "Knight",
        "vp": "VP",
    }
    plural = {"footman": "Footmen", "siege_tower": "Siege Towers", "knight": "Knights"}
    parts = [f"{n} {plural.get(k, names[k]) if n > 1 else names[k]}" for k, n in what.items() if n]
    return ", ".join(parts) if parts else "nothing"


# -- the map ----------------------------------------------------------------------------------
def neighbours(content: Content, s: State, loc: int) -> list[int]:
    """The Locations on the board that border ``loc``."""
    return [b for b in content.locations[loc].borders if b in s["on_board"]]


def border_index(content: Content, a: int, b: int) -> int:
    return content.borders.index((min(a, b), max(a, b)))


def fortresses_next_to(content: Content, s: State, loc: int, seat: int) -> int:
    """``seat``'s Fortresses on the borders of ``loc`` (a Fortress lies between two Locations, on a
    Fortress space). ``s`` may be a state or a seat's view: both show the Fortresses and the board."""
    return sum(
        1
        for i in content.forts
        if s["fortress"][i] == seat
        and loc in content.borders[i]
        and all(x in s["on_board"] for x in content.borders[i])
    )


def has_presence(s: State, seat: int, loc: int) -> bool:
    return seat in s["city"][loc] or s["support"][loc][seat] > 0


# -- the City ladder ---------------------------------------------------------------------------
def level_of(s: State, seat: int, loc: int) -> int | None:
    city = s["city"][loc]
    return city.index(seat) if seat in city else None


def controller(s: State, loc: int) -> int | None:
    """Who controls ``loc``: the Influence on the top level (ruling LH9)."""
    return s["city"][loc][-1]


def protected(s: State, loc: int) -> bool:
    """A player who controls the City and has a Citadel there cannot be pushed (p.8)."""
    top = controller(s, loc)
    return top is not None and s["citadel"][loc] == top


def push_down(s: State, loc: int, level: int, log: list[Event] | None = None, names=None) -> None:
    """The Influence on ``level`` drops one level; one already there drops first; below the
    lowest level it returns to its owner's stock (ruling LH8)."""
    city = s["city"][loc]
    seat = city[level]
    if seat is None:
        return
    city[level] = None
    if level == 0:
        s["presence"][seat] += 1
        if log is not None and names is not None:
            log.append(
                Event(f"{names.owner(seat, start=True)} Influence falls out of the City and returns to stock.", "LH8")
            )
        return
    push_down(s, loc, level - 1, log, names)
    city[level - 1] = seat


def put_influence(s: State, seat: int, loc: int, level: int, log: list[Event] | None = None, names=None) -> None:
    """Place ``seat``'s Influence on ``level`` (from stock, or raised from a lower level): an
    Influence there is pushed down (p.8, ruling LH8)."""
    city = s["city"][loc]
    if seat in city:
        city[city.index(seat)] = None
    else:
        s["presence"][seat] -= 1
    push_down(s, loc, level, log, names)
    city[level] = seat


def remove_influence(s: State, seat: int, loc: int) -> None:
    city = s["city"][loc]
    if seat in city:
        city[city.index(seat)] = None
        s["presence"][seat] += 1


def swap_down(s: State, loc: int, level: int) -> None:
    """An effect moves the Influence on ``level`` one level down; the one below rises into its
    place (the Presence example, p.8: ruling LH8)."""
    city = s["city"][loc]
    seat = city[level]
    if level == 0:
        city[0] = None
        s["presence"][seat] += 1
        return
    city[level], city[level - 1] = city[level - 1], seat


def cities_controlled(s: State, seat: int) -> int:
    return sum(1 for loc in s["on_board"] if controller(s, loc) == seat)


# -- cards -----------------------------------------------------------------------------------
def draw_up(s: State, seat: int) -> int:
    """Draw until the hand holds 3 Action cards (p.7); the discard pile is shuffled into a new
    deck when the deck runs out (ruling LH12). How many were drawn."""
    hand = s["hands"][seat]
    drawn = 0
    while len(hand) < HAND:
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = sorted(s["discard"])
            s["discard"] = []
            rng.shuffle(s, s["deck"])
        hand.append(s["deck"].pop(0))
        drawn += 1
    return drawn


def visible_benefits(content: Content, column: list[int]) -> list[tuple[str, int]]:
    """The Benefit icons showing in a Movement or Income column: each card's first icon, and the
    top card's second (a card covers the lower icon of the one before: ruling LH10)."""
    out = []
    for i, card in enumerate(column):
        icons = content.cards[card].benefit
        out.append(icons[0])
        if i == len(column) - 1 and len(icons) > 1:
            out.append(icons[1])
    return out


def column_cost(content: Content, column: list[int]) -> int:
    """The total of the Cost bars in a Development or Presence column (p.7)."""
    return sum(content.cards[c].cost for c in column)


def buildings_on_board(s: State, seat: int) -> list[int]:
    """Per building type (church, fortress, citadel), how many of ``seat``'s stand on the board."""
    return [
        sum(c[seat] for c in s["church"]),
        sum(1 for f in s["fortress"] if f == seat),
        sum(1 for c in s["citadel"] if c == seat),
    ]


BUILDING_NAMES = {"church": "Church", "fortress": "Fortress", "citadel": "Citadel"}
ROWS = BUILDINGS


_NAMES: dict = {}

VERBS = {
    "agrees": "agree",
    "asks": "ask",
    "brings": "bring",
    "commits": "commit",
    "controls": "control",
    "discards": "discard",
    "draws": "draw",
    "gains": "gain",
    "has": "have",
    "holds": "hold",
    "is": "are",
    "keeps": "keep",
    "leaves": "leave",
    "loses": "lose",
    "moves": "move",
    "pays": "pay",
    "places": "place",
    "plays": "play",
    "puts": "put",
    "raises": "raise",
    "ransacks": "ransack",
    "recruits": "recruit",
    "refuses": "refuse",
    "rerolls": "reroll",
    "resolves": "resolve",
    "rolls": "roll",
    "scores": "score",
    "sets": "set",
    "starts": "start",
    "takes": "take",
    "upgrades": "upgrade",
    "was": "were",
    "wins": "win",
}
"""The verbs the log puts after a faction, in the singular ("the Caliphate pays") and the plural
("the Byzantines pay"); a verb missing here is an error, not a guess."""


class Names:
    """How the log names seats and places. In running text a faction is "the Byzantines" (a
    people: plural verb, "their") or "the Seljuk" (one realm: singular verb, "its"), as the
    faction's ``plural`` says in factions.toml; ``names[seat]`` is the bare label of the tables
    ("Byzantines")."""

    content: Content
    seats: list[str]
    plural: list[bool]

    def __new__(cls, content: Content, s: State) -> Names:
        key = tuple(s["factions"])
        names = _NAMES.get(key)
        if names is None:
            names = _NAMES[key] = super().__new__(cls)
            names.content = content
            names.seats = [content.faction(f).name for f in s["factions"]]
            names.plural = [content.faction(f).plural for f in s["factions"]]
        return names

    def __getitem__(self, seat: int) -> str:
        return self.seats[seat]

    def the(self, seat: int, start: bool = False) -> str:
        """ "the Byzantines", or "The Byzantines" to start a sentence."""
        return ("The " if start else "the ") + self.seats[seat]

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (given in the singular, "pays") agreeing with the seat: "pays" or "pay"."""
        return agree(verb, self.plural[seat])

    def says(self, seat: int, verb: str, start: bool = True) -> str:
        """The seat and its verb, to start a sentence: "The Byzantines pay", "The Seljuk pays"."""
        return f"{self.the(seat, start)} {self.verb(seat, verb)}"

    def its(self, seat: int) -> str:
        """ "their" or "its"."""
        return "their" if self.plural[seat] else "its"

    def it(self, seat: int, verb: str) -> str:
        """The pronoun and its verb: "they control", "it controls"."""
        return f"{'they' if self.plural[seat] else 'it'} {self.verb(seat, verb)}"

    def owner(self, seat: int, start: bool = False) -> str:
        """ "the Byzantines'", "the Seljuk's"."""
        return possessive(self.the(seat, start))

    def loc(self, loc: int) -> str:
        return self.content.locations[loc].name

    def card(self, card: int) -> str:
        return self.content.cards[card].name


def agree(verb: str, plural: bool) -> str:
    """``verb`` (in the singular) for a plural or a singular subject, from ``VERBS``."""
    if verb not in VERBS:
        raise KeyError(f"the verb {verb!r} is not in VERBS")
    return VERBS[verb] if plural else verb
