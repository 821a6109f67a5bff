"""A rules-aware Third Crusade player for any Army, from its seat's view only: lays its strong
Event Cards under the high flags, picks cheap cards for many command points, places Orders where
its stacks can strike or must hold, executes every Order it can (an Order left costs Glory),
attacks where it is stronger, reacts whenever it may, buys a crown event only when it is worth
its Gold, loses Neutral and cheap pieces first, bids little and takes Glory first. In the
variable setup it keeps the Objectives whose Cities are richest and deploys where a piece gains
the most for its points: tracks, Glory icons, Strength against the enemy next door, less any
supply it will lack."""

from __future__ import annotations

import random

from ..core.actions import Action, act
from ..games.third_crusade.battle import strength
from ..games.third_crusade.data import (
    ALLIANCE_OF,
    TRACKS,
    UNITS,
    board_for,
    controller,
    owner,
    place,
    supply_need,
    tracks,
    uncovered,
    what,
)
from ..games.third_crusade.effects import CROWN_PRICE
from ..games.third_crusade.events import GAIN_POINTS, event
from ..games.third_crusade.events import value as points
from .agent import Agent
from .third_crusade_estimate import search_mode
from .third_crusade_marches import march_scores
from .third_crusade_orders import orders_by_key, value

LOSS_ORDER = {"neutral": 0, "infantry": 1, "cavalry": 2, "siege": 3}
"""What goes first when a side must lose pieces: Neutral pieces, then the cheapest Units;
Leaders last (a Leader killed gives the other side Glory, p.15)."""
TRACK_WORTH = {"cp": 1.6, "crown": 0.8, "supply": 0.9, "gold": 1.0, "glory": 1.2}
"""What one icon of each kind is worth when deploying (variable setup)."""
POINT_WORTH = 0.3
"""What a deployment point is worth against the other placements it could pay for: it ranks the
placements (points left at the end are lost, so none is refused for its price alone)."""
REWARD_WORTH = {
    "glory": 3.0,
    "faith": 1.5,
    "gold": 1.0,
    "advanced_order": 1.5,
    "diplomacy_move": 1.0,
    "remove_sabotage": 0.5,
}
TOKEN_WORTH = {"glory": 2.0, "cp": 2.0, "crown": 1.5, "gold": 1.0, "supply": 1.0}
"""What a Resource token on the map is worth, to weigh one gained against one it would replace."""
SHORTLIST = 6
"""How many Orders (each in a Region) a search weighs when placing one (``shortlist``)."""
MARCHES = 8
"""How many Marches (a destination and a group) a search weighs when marching from a Region
(``shortlist``): a March offers up to a hundred, and at its budget a search tried each once or
twice, its choice among them the luck of those few rollouts."""
MAP_MEMOS = 64
"""How many maps (with the Army looking at them) the heuristic remembers what it worked out on."""
GOLD_POINTS = GAIN_POINTS["gold"]
"""What a Gold is worth on the cards' points scale (a card's "gain 2 Gold" counts 1 point), to
weigh the crowns bought for a crown event against what it does."""


HANDLERS = (
    ("discard_objective", "_discard"),
    ("deploy", "_deploy"),
    ("arrange", "_arrange"),
    ("pick", "_pick"),
    ("order", "_plan"),
    ("section", "_section"),
    ("execute", "_command"),
    ("event", "_command"),
    ("march", "_march"),
    ("muster", "_most"),
    ("react", None),
    ("lose", "_lose"),
    ("bid", "_bid"),
    ("reward", "_reward"),
    ("move", "_move"),
    ("place", "_gain"),
    ("replace", "_gain"),
    ("tithe", None),
    ("bring", "_bring"),
    ("buy", None),
    ("advanced", None),
    ("clear", "_clear"),
    ("objective", "_objective"),
    ("crown", "_crown"),
    ("at", None),
    ("do", None),
    ("or", None),
    ("land", None),
    ("retreat", None),
    ("remove", None),
    ("assassinate", None),
    ("sabotage", None),
    ("bandit", None),
    ("unsabotage", None),
    ("unbandit", None),
    ("done", None),
    ("keep", None),
    ("no_react", None),
    ("stay", None),
    ("pass", None),
    ("skip", None),
    ("main", None),
)
"""What the heuristic does with each verb, the first of them among the legal actions deciding: its
method, or None for the first action with that verb."""


def army_index(view: dict) -> int:
    """The Army the view is taken from: the seat's own in a game between people; in a solo game
    (p.19), where a seat may command two Armies and the players are listed by Army, the Army it
    moves now, else its first."""
    seat, seat_of = view["viewer"], view.get("seat_of")
    if seat_of is None:
        return seat
    actor = view.get("actor")
    if actor is not None and seat_of[actor] == seat:
        return actor
    return seat_of.index(seat)


class ThirdCrusadeHeuristic(Agent):
    name = "heuristic"
    search_mode = staticmethod(search_mode)  # the searching levels play against the Bot as set for it

    def choose(self, game, view, legal: list[Action], rand: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        for verb, handler in HANDLERS:
            if verb in verbs:
                if handler is None:  # the first action with the verb: nothing of the view is read
                    return next(a for a in legal if a.verb == verb)
                self._setup(game, view)
                return getattr(self, handler)(legal)
        return legal[0]

    def _setup(self, game, view) -> None:
        self.g, self.v, self.c = game, view, game.content
        self.me = army_index(view)
        self.army = view["players"][self.me]["army"]
        self.side = ALLIANCE_OF[self.army]
        self.board = board_for(self.c, [p["army"] for p in view["players"]])
        self._memo = None

    # -- the map as this seat sees it --------------------------------------------------------
    # What a Region holds for this Army, and what follows from it (its threat, the worth of an
    # Order there), depends on the map alone: it is worked out once for each map this Army has
    # seen lately (``_memo``). A search asks about the same map over and over (no piece moves
    # while the Orders are placed, and every deal of the hidden cards shares the map).
    def _m(self) -> dict:
        memo = self._memo
        if memo is None:
            m = self.v["map"]
            key = (id(self.board), self.army, tuple(m), tuple(map(tuple, m.values())))
            maps = self.__dict__.setdefault("_maps", {})
            hit = maps.get(key)
            if hit is None or hit[0] is not self.board:
                if len(maps) >= MAP_MEMOS:
                    maps.clear()
                hit = maps[key] = (self.board, {})
            memo = self._memo = hit[1]
        return memo

    def _mine(self, key: str) -> tuple[str, ...]:
        memo = self._m()
        found = memo.get(("mine", key))
        if found is None:
            found = memo["mine", key] = tuple(p for p in self.v["map"][key] if owner(p) == self.army)
        return found

    def _enemy(self, key: str) -> tuple[str, ...]:
        memo = self._m()
        found = memo.get(("enemy", key))
        if found is None:
            found = memo["enemy", key] = tuple(
                p
                for p in self.v["map"][key]
                if (o := owner(p)) is not None and o != "neutral" and ALLIANCE_OF[o] != self.side
            )
        return found

    def _power(self, key: str, pieces) -> int:
        return strength(self.c, [p for p in pieces if p != "sabotage"], self.board.region(key).kind)

    def _defence(self, key: str) -> int:
        memo = self._m()
        found = memo.get(("defence", key))
        if found is None:
            found = memo["defence", key] = self._power(
                key,
                [p for p in self.v["map"][key] if (o := owner(p)) == "neutral" or (o and ALLIANCE_OF[o] != self.side)],
            )
        return found

    def _threat(self, key: str) -> int:
        """The strongest enemy stack next door (0 when none)."""
        memo = self._m()
        found = memo.get(("threat", key))
        if found is None:
            found = memo["threat", key] = max((self._enemy_power(n) for n in self._near(key)), default=0)
        return found

    def _enemy_power(self, key: str) -> int:
        memo = self._m()
        found = memo.get(("enemy_power", key))
        if found is None:
            found = memo["enemy_power", key] = self._power(key, self._enemy(key))
        return found

    def _near(self, key: str) -> list[str]:
        return self.board.adjacent_to(key)

    # -- the variable setup ----------------------------------------------------------------------
    def _discard(self, legal: list[Action]) -> Action:
        """Keep the Objectives whose main Cities, and the best Desert beside each, hold the most
        Resource icons; the Cities near one another count a little more (one Desert serves them)."""
        dealt = self.v["variable"]["objectives"][self.army]

        def icons(key: str) -> float:
            return sum(TRACK_WORTH[i] for i in self.board.region(key).icons if i)

        def worth(a: Action) -> float:
            kept = [k for k in dealt if k not in a.args]
            deserts = {n for k in kept for n in self._near(k) if not self.board.region(n).city}
            near = sum(1 for k in kept for n in deserts if n in self._near(k))
            return sum(icons(k) for k in kept) + 0.5 * max((icons(d) for d in deserts), default=0) + 0.3 * near

        return max(legal, key=worth)

    def _deploy(self, legal: list[Action]) -> Action:
        """The placement that gains the most for its points (see ``_placement``); when every one
        loses something (supply it will lack), stop, if the rules let it."""
        from ..games.third_crusade.deployment import cost, variable

        scored = [(self._placement(a), a) for a in legal if a.verb == "deploy"]
        _, best = max(scored, key=lambda x: x[0] - POINT_WORTH * cost(variable(), x[1].args[0]))
        done = next((a for a in legal if a.verb == "done"), None)
        return done if done is not None and max(g for g, _ in scored) <= 0 else best

    def _placement(self, a: Action) -> float:
        """What deploying a piece gains: the tracks and Glory icons it wins, Strength (more where
        the enemy next door is stronger), less 1.5 for each supply it will lack at Upkeep."""
        kind, key = a.args
        before = {key: tuple(self.v["map"][key])}
        after = {key: place(self.c, self.board.region(key), before[key], f"{self.army}:{kind}")}
        diff = [n - m for n, m in zip(self._tracks(after), self._tracks(before), strict=False)]
        gain = sum(TRACK_WORTH[t] * d for t, d in zip(TRACKS, diff, strict=False))
        gain += TRACK_WORTH["glory"] * (self._glory(after) - self._glory(before))
        kind_of = self.board.region(key).kind
        mine = self._power(key, [p for p in before[key] if owner(p) in self._allies()])
        added = self._power(key, [f"{self.army}:{kind}"])
        threat = max((self._power(key, self._enemy(n)) for n in self._near(key)), default=0)
        gain += 0.2 * added + 0.4 * added / (1 + mine) + 0.5 * min(added, max(0, threat + 1 - mine))
        if kind in UNITS:
            player = self.v["players"][self.me]
            reserve = dict(player["reserve"], **{kind: player["reserve"][kind] - 1})
            supply = player["tracks"][TRACKS.index("supply")]
            short = max(0, supply_need(self.c, reserve, self.army) - supply - diff[TRACKS.index("supply")]) - max(
                0, player["need"] - supply
            )
            gain -= 1.5 * short
        return gain + (0.01 if kind_of == "city" else 0)

    def _allies(self) -> set[str]:
        return {p["army"] for p in self.v["players"] if ALLIANCE_OF[p["army"]] == self.side}

    def _tracks(self, position: dict) -> tuple:
        """This Army's tracks from the Regions of ``position`` (some of the map)."""
        return tracks(self.c, position, self.board, self.v["tokens"])[self.army]

    def _glory(self, position: dict) -> int:
        return sum(
            uncovered(self.board.region(k), slots, self.v["tokens"].get(k)).count("glory")
            for k, slots in position.items()
            if controller(slots) == self.army
        )

    # -- Strategy --------------------------------------------------------------------------------
    def _arrange(self, legal: list[Action]) -> Action:
        """The strongest cards under the highest flags: a picker must pay for the command points
        by handing this Army a good card."""
        drawn = self.v["strategy"]["drawn"]
        best = tuple(sorted(drawn, key=lambda k: value(event(k))))
        return next(a for a in legal if tuple(a.args) == best)

    def _pick(self, legal: list[Action]) -> Action:
        rows = self.v["strategy"]["rows"]
        return max(legal, key=lambda a: a.args[1] - 0.6 * value(event(rows[a.args[0]][(2, 3, 4, 5).index(a.args[1])])))

    # -- Planning ---------------------------------------------------------------------------------
    # Placing an Order is two choices (the Order, then its Region): the heuristic weighs every
    # (Order, Region) pair as one, takes the Order of the best pair, then that pair's Region.
    def _plan(self, legal: list[Action]) -> Action:
        best, score = None, 0.8
        for a, _, s in self._order_scores(legal):
            if s > score:
                best, score = a, s
        return best or next(a for a in legal if a.verb == "pass")

    def _section(self, legal: list[Action]) -> Action:
        """The Region where the Order chosen is worth the most (the first such, as the pairs come):
        the Region of the pair whose Order ``_plan`` took."""
        scores = dict(self._region_scores(legal))
        return max((a for a in legal if a.verb == "section"), key=lambda a: scores[a])

    def _budget(self) -> int:
        """Its command points less those of the Orders it has placed."""
        table = orders_by_key(self.army)
        planned = sum(
            table[k][0].cost
            for sides in self.v["sections"].values()
            for side in sides.values()
            if side and side["army"] == self.army and side["order"]
            for k in [side["order"]]
        )
        return self.v["players"][self.me]["cp"] - planned

    def _worths(self, sig: tuple) -> dict[str, float]:
        memo = self._memo if self._memo is not None else self._m()
        return memo.setdefault(sig, {})  # an Order of this kind's worth in each Region asked about

    def _worth_in(self, row: dict[str, float], sig: tuple, key: str) -> float:
        """The worth in ``key`` of an Order of the kind ``sig`` (its ``row`` of :meth:`_worths`)."""
        w = row.get(key)
        if w is None:
            w = row[key] = self._order_worth(sig, key)
        return w

    def _order_scores(self, legal: list[Action]):
        """For each Order it may choose and can pay for (``_budget``), each free Order Section of
        its Alliance with what placing the Order there is worth (``_order_worth``): (the action
        choosing the Order, the Region, the worth), Order by Order in the order of ``legal``."""
        table = orders_by_key(self.army)
        budget = self._budget()
        regions = [key for key, sides in self.v["sections"].items() if sides[self.side] is None]
        for a in legal:
            if a.verb != "order":
                continue
            order, sig = table[a.args[0]]
            if order.cost > budget:
                continue
            row = self._worths(sig)
            for key in regions:
                yield a, key, self._worth_in(row, sig, key)

    def _region_scores(self, legal: list[Action]):
        """Each Region it may place the Order it has chosen in, with the worth of placing it there:
        (the action, the worth), in the order of ``legal``."""
        sig = orders_by_key(self.army)[self.v["plan"]["order"]][1]
        row = self._worths(sig)
        for a in legal:
            if a.verb == "section":
                yield a, self._worth_in(row, sig, a.args[0])

    # The easy level's noise (``NoisyAgent``) on the two steps: a random move is a random (Order,
    # Region) pair or passing, each alike, as when they were one choice.
    def wander(self, game, view, legal: list[Action], rand: random.Random) -> Action:
        """A random first step: choosing an Order, each as often as its pairs with the free
        Regions among all pairs and passing; anything else, any legal action."""
        orders_ = [a for a in legal if a.verb == "order"]
        if not orders_:
            return legal[rand.randrange(len(legal))]
        side = ALLIANCE_OF[view["players"][army_index(view)]["army"]]
        regions = sum(1 for sides in view["sections"].values() if sides[side] is None)
        i = rand.randrange(len(orders_) * regions + 1)
        return orders_[i // regions] if i < len(orders_) * regions else next(a for a in legal if a.verb == "pass")

    def follow(self, game, view, legal: list[Action], rand: random.Random) -> Action | None:
        """The Region of the Order chosen: the heuristic's when it is the Order the heuristic would
        have chosen, else (the noise chose it) any Region; None at any other decision."""
        plan = view.get("plan")
        if not plan or not any(a.verb == "section" for a in legal):
            return None
        from ..games.third_crusade.planning import distinct

        me = view["players"][army_index(view)]
        first = [act("order", k) for k in distinct(me["box"], me["army"])] + [act("pass")]
        self._setup(game, view)
        if self._plan(first) == act("order", plan["order"]):
            return self._section(legal)
        regions = [a for a in legal if a.verb == "section"]
        return regions[rand.randrange(len(regions))]

    def shortlist(self, game, view, legal: list[Action]) -> list[Action]:
        """The actions a search weighs (``SearchAgent.narrow``): all of them, but when placing an
        Order, only those of the ``SHORTLIST`` (Order, Region) pairs it rates highest, its own
        choice and passing, in the order of ``legal``: the Orders of those pairs when choosing the
        Order (all of them when they are few); the Order's ``SHORTLIST`` best Regions and its own
        when choosing its Region. With a budget of a hundred-odd iterations a search could not try
        each of a few hundred pairs once, and would take the first pair listed among those it had
        tried once. When marching, the ``MARCHES`` it rates highest (:meth:`_march_shortlist`)."""
        verbs = {a.verb for a in legal}
        if "march" in verbs:
            return self._march_shortlist(game, view, legal)
        if not verbs & {"order", "section"} or "order" in verbs and len(legal) <= SHORTLIST + 1:
            return legal
        choice = self.choose(game, view, legal, random.Random(0))
        if "order" in verbs:
            ranked = sorted(self._order_scores(legal), key=lambda x: -x[2])  # stable: ties in the order of legal
            keep = {a for a, _, _ in ranked[:SHORTLIST]}
        else:
            ranked = sorted(self._region_scores(legal), key=lambda x: -x[1])
            keep = {a for a, _ in ranked[:SHORTLIST]}
        keep |= {choice} | {a for a in legal if a.verb == "pass"}
        return [a for a in legal if a in keep]

    def _march_shortlist(self, game, view, legal: list[Action]) -> list[Action]:
        """A March's actions a search weighs: the ``MARCHES`` it rates highest, its own choice and
        every other action (staying), in the order of ``legal``; all of them when they are few."""
        if len(legal) <= MARCHES + 1:
            return legal
        choice = self.choose(game, view, legal, random.Random(0))  # sets up the view, rates the Marches
        keep = {a for a, _ in self._marches(legal)[:MARCHES]} | {choice} | {a for a in legal if a.verb != "march"}
        return [a for a in legal if a in keep]

    def _order(self, key: str):
        return orders_by_key(self.army)[key][0]

    def _order_worth(self, sig: tuple, key: str) -> float:
        """What placing an Order of this kind (``signature``) in Region ``key`` is worth."""
        where, presence, blank, reaction, do = sig
        region = self.board.region(key)
        if where == "city" and not region.city or where == "desert" and region.city:
            return 0.0
        if where == "port" and not region.port:
            return 0.0
        mine = self._mine(key)
        if presence and not mine:
            return 0.0
        threat = self._threat(key)
        if blank:
            return 0.9 if threat else 0.0
        if reaction:
            return 1.2 + 0.3 * threat if threat and do in ("defence", "reinforce") else 0.0
        if do == "muster":
            return 1.5 + 0.3 * threat + (0.5 if region.city else 0)
        if do in ("march", "coordinated_march", "forced_march", "disperse", "sea_move"):
            if len(mine) < 2:
                return 0.0
            here = self._power(key, mine)
            targets = [n for n in self._near(key) if self._enemy(n) or controller(self.v["map"][n]) is None]
            gain = max((here - self._defence(n) for n in targets), default=-9)
            return 2.0 + 0.4 * gain if gain > 0 else 0.5
        return 1.0

    # -- Command ---------------------------------------------------------------------------------
    def _command(self, legal: list[Action]) -> Action:
        events = [a for a in legal if a.verb == "event"]
        if events:
            return max(events, key=lambda a: value(event(a.args[0])))
        execs = [a for a in legal if a.verb == "execute"]
        if execs:
            return execs[0]
        return next(a for a in legal if a.verb == "pass")

    def _crown(self, legal: list[Action]) -> Action:
        """The crown decision (ruling TC38): after the main event, on the crowns it left, or before
        any step for an "Instead" card. The crown event when its points (for "Instead", what it adds
        over the main event) beat the Gold its missing crowns cost, else ``main``."""
        crown = next(a for a in legal if a.verb == "crown")
        _, extra = points(event(self.v["pending"]["card"]))
        worth = extra > GOLD_POINTS * CROWN_PRICE * crown.args[0]
        return crown if worth else next(a for a in legal if a.verb == "main")

    def _march(self, legal: list[Action]) -> Action:
        """Into the other Alliance where the group is stronger, else into an empty Region with
        icons, else stay: the March rated highest (:meth:`_marches`), if it rates over 0.5."""
        stay = next((a for a in legal if a.verb == "stay"), legal[0])
        ranked = self._marches(legal)
        return ranked[0][0] if ranked and ranked[0][1] > 0.5 else stay

    def _marches(self, legal: list[Action]) -> list[tuple[Action, float]]:
        """Every March of ``legal`` with its rating, the highest first (ties in the order of
        ``legal``); none where the view names no Region marched from."""
        p = self.v.get("pending") or {}
        frm = p.get("from") or p.get("at")
        if not frm:
            return []
        coordinated = "coordinated" in str(p)
        memo = self._m()  # the same ratings on the same map, worked out once
        seen = ("march", frm, coordinated, tuple(legal))
        ranked = memo.get(seen)
        if ranked is None:
            ranked = memo[seen] = sorted(march_scores(self, legal, frm, coordinated), key=lambda x: -x[1])
        return ranked

    @staticmethod
    def _most(legal: list[Action]) -> Action:
        return max(legal, key=lambda a: a.args[0])

    def _lose(self, legal: list[Action]) -> Action:
        def cost(a: Action) -> tuple:
            piece = a.args[0]
            kind = "neutral" if owner(piece) == "neutral" and what(piece) in UNITS else what(piece)
            return (LOSS_ORDER.get(kind, 9), owner(piece) != self.army)

        return min(legal, key=cost)

    # -- Diplomacy and Upkeep ------------------------------------------------------------------
    def _bid(self, legal: list[Action]) -> Action:
        gold = self.v["players"][self.me]["gold"]
        return next(a for a in legal if a.args[0] == min(gold, 1 if gold < 6 else 2))

    def _reward(self, legal: list[Action]) -> Action:
        from ..games.third_crusade.cards import cards

        card = next(c for c in cards().diplomacy if c.key == self.v["diplomacy_card"])
        return max(legal, key=lambda a: REWARD_WORTH[card.rewards[a.args[0] - 1].gain] * card.rewards[a.args[0] - 1].n)

    def _move(self, legal: list[Action]) -> Action:
        from ..games.third_crusade.diplomacy import board

        worth = {
            "glory": 3,
            "faith": 2,
            "glory_token": 2,
            "leader": 2.5,
            "crown_token": 1.5,
            "cp_token": 2,
            "infantry": 1,
            "cavalry": 1.5,
            "gold_token": 1,
            "supply_token": 1,
        }
        return max(
            (a for a in legal if a.verb == "move"),
            key=lambda a: worth.get(board().space(a.args[0]).gives, 0) * board().space(a.args[0]).n,
        )

    def _gain(self, legal: list[Action]) -> Action:
        """A gain of the diplomacy board: into a Region with room; else in place of something
        worth less (a Leader for a Neutral Unit first, a token for a poorer one; ruling TC56);
        else off the map."""
        places = [a for a in legal if a.verb == "place"]
        if places:
            return places[0]
        holder = (self.v.get("dip") or {}).get("place") or (self.v.get("pending") or {}).get("place") or [{}]
        item = holder[0]
        best, score = next(a for a in legal if a.verb == "discard"), 0.0
        for a in legal:
            if a.verb != "replace":
                continue
            key, i = a.args
            held = self.v["map"][key][i]
            if "token" in item:
                gain = TOKEN_WORTH[item["token"]] - TOKEN_WORTH.get(self.v["tokens"][key][i], 0)
            elif "piece" in item and what(item["piece"]) in self.c.leaders:
                gain = 1.0 + (0.5 if owner(held) == "neutral" else 0) - 0.1 * LOSS_ORDER.get(what(held), 0)
            else:
                gain = 0.0  # a Unit for a Unit of its shape: nothing won
            if gain > score:
                best, score = a, gain
        return best

    def _clear(self, legal: list[Action]) -> Action:
        """A Sabotage token to remove (ruling TC76): one that hides an icon first."""
        return max(legal, key=lambda a: bool(self.board.region(a.args[0]).icons[a.args[1]]))

    def _bring(self, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (len(self._mine(a.args[0])), a.args[1] == "infantry"))

    def _objective(self, legal: list[Action]) -> Action:
        from ..games.third_crusade.cards import cards

        def held(a: Action) -> int:
            o = next(x for x in cards().objectives if x.key == a.args[0])
            return sum(1 for c in o.cities if c in self.v["map"] and controller(self.v["map"][c]) == self.army)

        return max(legal, key=held)
