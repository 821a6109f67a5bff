"""Lords of Heaven: 2-4 players, four powers of the First and Second Crusades, one action a turn
into four shared columns, Battles and Sieges with secret commitments (rules: lords-of-heaven.md)."""

from __future__ import annotations

from functools import cached_property

from ...core.actions import Action
from ...core.game import Event, Game, Option, Setup, State, clone
from ...core.secret import redeal_sealed, sealed_view
from . import conflict, turn
from . import view as views
from .data import FACTIONS, Content, content
from .rules import INDEX
from .state import (
    SHUFFLED_ROUNDS,
    Names,
    buildings_on_board,
    cities_controlled,
    column_cost,
    new_state,
    purse,
    visible_benefits,
)

OPTIONS = (
    Option(
        "christians",
        "Christian faction (2 players)",
        ("crusaders", "byzantines"),
        "In 2 players one Christian faction plays against one Muslim faction (p.12).",
        names=("Crusaders", "Byzantines"),
        players=(2,),
    ),
    Option(
        "muslims",
        "Muslim faction (2 players)",
        ("seljuk", "caliphate"),
        "In 2 players one Christian faction plays against one Muslim faction (p.12).",
        names=("Seljuk", "Caliphate"),
        players=(2,),
    ),
    Option(
        "absent",
        "Faction that sits out (3 players)",
        ("caliphate", "byzantines", "crusaders", "seljuk"),
        "In 3 players one faction and all its elements leave the game (p.12).",
        names=("Caliphate", "Byzantines", "Crusaders", "Seljuk"),
        players=(3,),
    ),
    Option(
        "lesson",
        "Learn to play",
        ("", "first-turn"),
        "A guided first turn from a fixed deal (data/lesson.toml); the rules are the same.",
        hidden=True,
    ),
)


def factions_for(players: int, options: dict) -> list[str]:
    """The factions at the table, in the order of play (ruling LH2)."""
    if players == 4:
        chosen = set(FACTIONS)
    elif players == 3:
        chosen = set(FACTIONS) - {options.get("absent", "caliphate")}
    else:
        chosen = {options.get("christians", "crusaders"), options.get("muslims", "seljuk")}
    return [f for f in FACTIONS if f in chosen]


class LordsOfHeaven(Game):
    id = "lords-of-heaven"
    name = "Lords of Heaven"
    code_id = 3
    seat_names = ("Byzantines", "Seljuk", "Crusaders", "Caliphate")
    min_seats, max_seats = 2, 4
    options = OPTIONS
    format_version = 1
    rules_revision = 3
    """2: The Caliph's Galleys place Influence up the coast (ruling LH28), a Caliphate card that is
    not in the 2-player deck. 3: Influence opens Cities next to Influence only (LH14), every
    Influence yields its City's income (LH27), a Development whose site an effect moved away is
    ended (LH29), the free placement holds only while the player has no Influence (LH30), an
    effect or a Presence action that can do nothing is not offered (LH31), three Byzantine cards
    give less (LH28). The Income change alone alters every game with any number of players: no
    earlier code replays."""
    max_actions = 8_000

    @cached_property
    def content(self) -> Content:
        return content()

    @cached_property
    def cards(self):
        return self.content.cards

    def seat_labels(self, setup: Setup) -> list[str]:
        return [self.content.faction(f).name for f in factions_for(len(setup.seats), dict(setup.options))]

    def seat_label(self, state: State, seat: int) -> str:
        return self.content.faction(state["factions"][seat]).name

    def rule_title(self, key: str) -> str:
        return INDEX.title(key)

    def rule_anchor(self, key: str) -> str:
        return INDEX.anchor(key)

    # -- setup ---------------------------------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        s = new_state(self.content, factions_for(len(setup.seats), dict(setup.options)), setup.seed)
        turn.start_draft(self.content, s)
        return s

    def start(self, setup: Setup):
        state, log = super().start(setup)
        n = len(state["factions"])
        say = Names(self.content, state)
        side = "3-column" if state["mode"] == "four" else "2-column"
        intro = Event(
            f"A new game of Lords of Heaven: {', '.join(say.the(p) for p in range(n))}, in this order of play; the Location "
            f"cards show their {side} Cities. Each player drafts from 5 Action cards.",
            "2",
        )
        second = (state["first"] + 1) % n
        first = Event(
            f"{say.says(state['first'], 'is')} drawn by lot to play first in the 1st Crusade; "
            f"{say.the(second)} will start the 2nd.",
            "LH2",
        )
        return state, [intro, first] + log

    # -- the rules ---------------------------------------------------------------------------
    def to_act(self, s: State) -> int | None:
        return turn.to_act(s)

    def legal_actions(self, s: State) -> list[Action]:
        return turn.legal(self.content, s)

    def perform(self, s: State, action: Action, log: list[Event]) -> None:
        turn.perform(self.content, s, action, log)

    def settle(self, s: State, log: list[Event]) -> None:
        turn.settle(self.content, s, log)

    def result(self, s: State) -> dict | None:
        return s["result"]

    def seats_in(self, s: State) -> int:
        return len(s["factions"])

    def standings(self, s: State) -> tuple[list[str], list[dict]]:
        n = len(s["factions"])
        rows = []
        for p in range(n):
            rows.append(
                {
                    "seat": p,
                    "values": [
                        s["vp"][p],
                        cities_controlled(s, p),
                        sum(buildings_on_board(s, p)),
                        s["stock"][p]["gold"],
                        s["stock"][p]["faith"],
                    ],
                    "hand": [self.cards[c].name for c in s["hands"][p]],
                }
            )
        return ["VP", "Cities controlled", "Buildings on the board", "Gold", "Faith"], rows

    def cards_in_play(self, s: State) -> list[int]:
        out = list(s["deck"]) + list(s["discard"]) + [c for h in s["hands"] for c in h]
        out += [c for col in s["columns"] for c in col]
        if s["draft"]:
            out += [c for h in s["draft"]["hands"] for c in h] + [c for h in s["draft"]["kept"] for c in h]
        c = s["conflict"]
        if c:
            out += [card for card in c["cards"].values() if card] + list(c["second"].values())
        return out

    # -- what a seat sees -------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> dict:
        n = len(s["factions"])
        controllers = [city[-1] for city in s["city"]]
        held = [0] * n
        for loc in s["on_board"]:
            if controllers[loc] is not None:
                held[controllers[loc]] += 1
        players = []
        for p in range(n):
            st = s["stock"][p]
            mine = p == seat
            players.append(
                {
                    "seat": p,
                    "faction": s["factions"][p],
                    "name": self.seat_label(s, p),
                    "vp": s["vp"][p],
                    "hand": sorted(s["hands"][p]) if mine else None,
                    "hand_count": len(s["hands"][p]),
                    "gold": st["gold"] if mine else None,
                    "faith": st["faith"] if mine else None,
                    "purse": purse(s, p),
                    "footman": st["footman"],
                    "siege_tower": st["siege_tower"],
                    "knight": st["knight"],
                    "presence": s["presence"][p],
                    "upgrades": list(s["upgrades"][p]),
                    "buildings": list(s["buildings"][p]),
                    "cities": held[p],
                }
            )
        d = s["draft"]
        draft = None
        if d:
            draft = {
                "round": d["round"],
                "hand": sorted(d["hands"][seat]) if seat is not None else None,
                "kept": list(d["kept"][seat]) if seat is not None else None,
            }
        t = s["turn"]
        c = s["conflict"]
        return {
            "game": self.id,
            "viewer": seat,
            "mode": s["mode"],
            "crusade": s["crusade"],
            "round": s["round"],
            "round_card": s["round_card"],
            "last_round": s["last_round"],
            "rounds_left": len(s["rounds"]),
            "first": s["first"],
            "seat": s["seat"],
            "step": s["step"],
            "to_act": self.to_act(s),
            "players": players,
            "on_board": list(s["on_board"]),
            "cities": [list(city) for city in s["city"]],
            "support": [list(x) for x in s["support"]],
            "levels": self._levels[s["mode"] == "four"],
            "fortress": list(s["fortress"]),
            "church": [list(x) for x in s["church"]],
            "citadel": list(s["citadel"]),
            "columns": [list(col) for col in s["columns"]],
            "costs": [column_cost(self.content, s["columns"][i]) for i in (0, 1)],
            "benefits": [visible_benefits(self.content, s["columns"][i]) for i in (2, 3)],
            "deck_count": len(s["deck"]),
            "discard": list(s["discard"]),
            "draft": draft,
            "sealed": sealed_view(s, seat),
            "turn": None
            if t is None
            else {
                "card": t["card"],
                "column": t["column"],
                "effect": t["effect"],
                "recruit": t["recruit"],
                "conflicts": t["conflicts"],
            },
            "effect": None
            if s["effect"] is None
            else {"step": dict(s["effect"]["steps"][0]) if s["effect"]["steps"] else None, "left": s["effect"]["left"]},
            "conflict": None if c is None else conflict_view(c),
            "last_conflict": _last_conflict(s.get("last_conflict")),
            "putback": None
            if s["putback"] is None
            else {"order": list(s["putback"]["order"]), "left": s["putback"]["left"]},
            "controllers": controllers,
            "result": s["result"],
        }

    @cached_property
    def _levels(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The cost of each City level on either side of the Location cards: [False] the
        2-column side (2 and 3 players), [True] the 3-column side (4 players)."""
        return tuple(
            tuple(tuple(getattr(loc, side)) for loc in self.content.locations) for side in ("two_three", "four")
        )

    def describe(self, s: State, action: Action) -> str:
        return views.describe(self, s, action)

    def prompt(self, s: State) -> str:
        return views.prompt(self, self.view(s, None))

    def text_table(self, view: dict) -> str:
        return views.text_table(self, view)

    # -- hidden information -------------------------------------------------------------------
    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Chance, a card drawn, a Round card turned, a card leaving another seat's hand, or a
        round of secret choices opened together."""
        if (
            super().reveals(before, after, actor, seat)
            or before["deck"] != after["deck"]
            or before["rounds"] != after["rounds"]
        ):
            return True
        return actor != seat and before["hands"][actor] != after["hands"][actor]

    def redeal(self, s: State, seat: int, rand) -> State:
        """What ``seat`` cannot see dealt anew: the other hands, draft hands and kept picks, the
        deck's order, the Round cards still shuffled, how each other purse divides into Gold and
        Faith (ruling LH26), and the other seats' sealed choices."""
        new = clone(s)
        n = len(new["factions"])
        others = [p for p in range(n) if p != seat]
        pool = list(new["deck"]) + [c for p in others for c in new["hands"][p]]
        d = new["draft"]
        if d:
            pool += [c for p in others for c in d["hands"][p] + d["kept"][p]]
        pool.sort()
        rand.shuffle(pool)
        for p in others:
            size = len(new["hands"][p])
            new["hands"][p], pool = sorted(pool[:size]), pool[size:]
        if d:
            for p in others:
                for key in ("hands", "kept"):
                    size = len(d[key][p])
                    d[key][p], pool = sorted(pool[:size]), pool[size:]
        new["deck"] = pool
        shuffled = [r for r in new["rounds"] if r in SHUFFLED_ROUNDS]
        if shuffled:
            shuffled.sort()
            rand.shuffle(shuffled)
            new["rounds"] = [r for r in new["rounds"] if r not in SHUFFLED_ROUNDS] + shuffled
        for p in others:
            st = new["stock"][p]
            total = st["gold"] + st["faith"]
            st["gold"] = rand.randrange(total + 1)
            st["faith"] = total - st["gold"]
        redeal_sealed(new, seat, rand, self._sealed_choices)
        return new

    def _sealed_choices(self, s: State, seat: int) -> list:
        if s["step"] == "draft":
            return list(s["draft"]["hands"][seat])
        return [list(a.args) for a in conflict.commit_options(self.content, s, seat)]


def _last_conflict(last: dict | None) -> dict | None:
    """The last conflict as the view shows it: a copy (its lists are the Strength and where it came from)."""
    return (
        None
        if not last
        else {**last, "strength": list(last["strength"]), "parts": clone(last.get("parts") or [[], []])}
    )


def conflict_view(c: dict) -> dict:
    """A conflict as every seat sees it: nothing sealed shows until the reveal (the cards and
    Units are filled in only then); ``parts`` is each side's Strength by source, once totalled."""
    keys = (
        "kind",
        "loc",
        "attacker",
        "defender",
        "ally",
        "def_ally",
        "step",
        "mover",
        "asker",
        "asking",
        "asked",
        "cards",
        "units",
        "faith",
        "second",
        "dice",
        "rerolls",
        "strength",
        "winner",
        "wounds",
        "wounding",
        "home",
        "bonus",
        "dealt",
        "shield",
    )
    return clone({**{k: c[k] for k in keys}, "parts": c.get("parts") or [[], []]})
