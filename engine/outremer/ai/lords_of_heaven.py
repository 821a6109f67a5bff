"""A rules-aware Lords of Heaven player for any faction: takes Cities when it can afford the top
level, builds where an Upgrade scores, fortifies where a stronger neighbour can attack it, fights
when its visible strength is well ahead, commits to win the conflicts it is in, asks the Ally
furthest behind and answers anyone but the VP leader when behind it. It reads only its own
seat's view: another player's purse is a total (Gold and Faith behind the screen), hands are counts.
Its choices inside a conflict are ``lords_of_heaven_conflicts.py``'s."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial

from ..core.actions import Action
from ..core.graph import distances
from ..games.lords_of_heaven.game import LordsOfHeaven
from ..games.lords_of_heaven.state import fortresses_next_to
from . import lords_of_heaven_conflicts as conflicts
from .agent import Agent
from .estimate import Logit
from .trained import load

RESOURCE = {"gold": 1.0, "faith": 1.1, "footman": 0.9, "siege_tower": 1.6, "knight": 2.4}
UNIT_STRENGTH = (1, 2, 3)
GOLD_VP = 0.22
"""What a Gold is worth in VP, as the heuristic weighs one against the other."""
FORTIFY = (0.9, 0.5, 3.0)
"""A Fortress next to a Region where another player could bring more Strength: worth the first
number, and the second for each Strength it falls short, up to the third."""
RECRUIT = 0.18
"""A Fortress's Recruitment point at each Movement to come, in VP for each turn left."""
DIE_STRENGTH = 0.5
"""Mean Strength of one custom die (ruling LH3: two blanks, three faces with 1 Strength of six)."""


def win_chance(edge: float) -> float:
    """A rough chance of winning a conflict ``edge`` Strength ahead (dice and hidden cards)."""
    return 1 / (1 + math.exp(-edge / 2.0))


_VALUES: dict = {}
"""Each card's worth to a faction (it depends on nothing else)."""


class LordsOfHeavenHeuristic(Agent):
    name = "heuristic"

    def choose(self, game, view, legal: list[Action], rand: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.g, self.v, self.content, self.cards = game, view, game.content, game.cards
        self.me = view["viewer"]
        self.p = view["players"][self.me]
        self.faction = self.p["faction"]
        verbs = {a.verb for a in legal}
        if "pick" in verbs:
            return max(legal, key=lambda a: (self.card_value(a.args[0]), -a.args[0]))
        if "putback" in verbs:
            return min(legal, key=lambda a: (self.card_value(a.args[0]), a.args[0]))
        if "play" in verbs:
            return self._turn(legal)
        if "commit" in verbs:
            return conflicts.commit(self, legal)
        if "accept" in verbs:
            return conflicts.answer(self, legal)
        step = view["step"]
        if step == "effect":
            return self._effect(legal)
        handler: dict[str, Callable[[list[Action]], Action]] = {
            "build": self._build,
            "influence": self._presence,
            "provision": self._provision,
            "recruit": self._movement,
            "move": self._movement,
            "battle": self._conflicts,
            "siege": self._conflicts,
            "bring": partial(conflicts.bring, self),
            "ask": partial(conflicts.ask, self),
            "second": partial(conflicts.second, self),
            "reroll": partial(conflicts.reroll, self),
            "take": partial(conflicts.outcome, self),
            "wound": partial(conflicts.wound, self),
            "home": partial(conflicts.home, self),
        }
        for verb in (
            "build",
            "influence",
            "provision",
            "recruit",
            "move",
            "battle",
            "siege",
            "bring",
            "ask",
            "second",
            "reroll",
            "take",
            "wound",
            "home",
        ):
            if verb in verbs:
                return handler[verb](legal)
        for verb in ("effect", "done", "end", "alone", "none", "keep", "release", "stop"):
            if verb in verbs:
                return next(a for a in legal if a.verb == verb)
        return legal[0]

    # -- valuing -------------------------------------------------------------------------
    def card_value(self, card: int) -> float:
        key = (card, self.faction)
        value = _VALUES.get(key)
        if value is None:
            value = _VALUES[key] = self._card_value(card)
        return value

    def _card_value(self, card: int) -> float:
        c = self.cards[card]
        value = 1.2 * c.strength + sum(RESOURCE[k] * n for k, n in c.benefit) * 0.8 - 0.4 * c.cost
        if c.action and c.usable_by(self.faction):
            value += 1.0 + 0.5 * len(c.action)
        value += 0.8 * len(c.conflict)
        return value

    def _gold(self) -> int:
        return self.p["gold"] + self.p["faith"]

    def _strength_at(self, seat: int, loc: int, bring: int = 0) -> float:
        """What ``seat`` could bring to a conflict at ``loc``, from what everyone sees."""
        pl = self.v["players"][seat]
        support = self.v["support"][loc][seat] + bring
        cap = 2 * support
        units = sorted([3] * pl["knight"] + [1] * pl["footman"], reverse=True)[:cap]
        faith = pl["faith"] if seat == self.me else min(2, pl["purse"] // 3)
        return sum(units) + faith + support * DIE_STRENGTH + 1.5 + self._fortified(seat, loc)

    def _fortified(self, seat: int, loc: int) -> int:
        """The Strength ``seat``'s Fortresses next to ``loc`` add to a Battle there (p.6: each
        gives the level of its Upgrade row)."""
        return fortresses_next_to(self.content, self.v, loc, seat) * self.v["players"][seat]["upgrades"][1]

    def _threats(self) -> list[tuple[float, int]]:
        """(how much stronger, Location) for each Region where this seat has Support and another
        player, with the Support it has there or one Region away, could bring more Strength."""
        v = self.v
        out = []
        for loc in v["on_board"]:
            if not v["support"][loc][self.me]:
                continue
            mine = self._strength_at(self.me, loc)
            worst = 0.0
            for other in range(len(v["players"])):
                if other == self.me:
                    continue
                here = v["support"][loc][other]
                moved = max(
                    [v["support"][b][other] for b in self.content.locations[loc].borders if b in v["on_board"]],
                    default=0,
                )
                if here or moved:
                    worst = max(worst, self._strength_at(other, loc, bring=moved) - mine)
            if worst > 0:
                out.append((worst, loc))
        return sorted(out, reverse=True)

    def _fort_sites(self, loc: int) -> list[int]:
        """The free Fortress spaces on the borders of ``loc``."""
        v = self.v
        return [
            i
            for i in self.content.forts
            if v["fortress"][i] is None
            and loc in self.content.borders[i]
            and all(x in v["on_board"] for x in self.content.borders[i])
        ]

    # -- the turn ------------------------------------------------------------------------------
    def _turn(self, legal: list[Action]) -> Action:
        """Each play valued in VP, Gold at GOLD_VP a piece: Income's Gold, Presence's Cities (a VP
        at the end of each Crusade still to come), Development's Upgrades and sets, Movement's
        conflicts (a VP for taking part, two more for winning)."""
        v = self.v
        gold = self._gold()
        coin = GOLD_VP * 10 / (10 + max(0, gold - 4))  # a full purse makes Gold worth less
        ends = 2 if v["crusade"] == 1 else 1
        control = self._control_moves()
        fight = self._best_conflict()
        build = self._build_value()
        best, best_score = None, -99.0
        for a in legal:
            if a.verb == "discard":
                score = -0.5 - 0.05 * self.card_value(a.args[0])
            else:
                card, column = a.args
                c = self.cards[card]
                effect = 0.6 if c.action and c.usable_by(self.faction) and column < 2 else 0.0
                if column == 0:
                    cost = v["costs"][0] + c.cost
                    score = build + effect - coin * cost
                elif column == 1:
                    cost = 0 if not any(self.me in city for city in v["cities"]) else v["costs"][1] + c.cost
                    reach = [m for m in control if m[0] <= gold - cost]
                    score = (1.1 * ends if reach else 0.2) + effect - coin * (cost + (reach[0][0] if reach else 0))
                    if self.p["presence"] > 0 and gold - cost >= 4:
                        score = max(score, 0.15 * min(6, self._idle_units()) + effect - coin * cost)
                elif column == 2:
                    gain = (
                        sum(RESOURCE[k] * n for k, n in v["benefits"][0]) + RESOURCE[c.benefit[0][0]] * c.benefit[0][1]
                    )
                    score = coin * gain + fight
                else:
                    gain = (
                        sum(RESOURCE[k] * n for k, n in v["benefits"][1]) + RESOURCE[c.benefit[0][0]] * c.benefit[0][1]
                    )
                    income = sum(
                        self.content.locations[loc].income for loc in v["on_board"] if self.me in v["cities"][loc]
                    )
                    churches = sum(x[self.me] for x in v["church"]) * self.p["upgrades"][0]
                    score = coin * (gain + 2 + income + churches) * (1.3 if gold < 4 else 1.0)
                score -= 0.04 * self.card_value(card)
            if score > best_score:
                best, best_score = a, score
        assert best is not None  # some play scores above the floor
        return best

    def _idle_units(self) -> int:
        """Units beyond what this seat's Support on the board can field (2 a Support)."""
        p, v = self.p, self.v
        support = sum(v["support"][loc][self.me] for loc in v["on_board"])
        return max(0, p["footman"] + p["knight"] + p["siege_tower"] - 2 * support)

    def _build_value(self) -> float:
        ups, left = self.p["upgrades"], self.p["buildings"]
        value = 0.0
        for row in range(3):
            if left[row] == 0:
                continue
            here = 0.5 + (1.0 if ups[row] + 1 == self.content.vp_at else 0.0) + (0.4 if left[row] == 1 else 0.0)
            value = max(value, here)
        if left[1]:
            value = max(value, 0.5 + RECRUIT * self._turns_left())
            for threat, loc in self._threats():
                if self._fort_sites(loc):
                    return max(value, FORTIFY[0] + FORTIFY[1] * min(FORTIFY[2], threat))
        return value

    def _turns_left(self) -> int:
        """About how many more turns this seat plays: the Round cards left in this Crusade (the
        last three shuffled), and a whole Crusade more in the first."""
        v = self.v
        return max(0, min(v["rounds_left"], 7 - v["round"])) + (7 if v["crusade"] == 1 else 0)

    def _best_conflict(self) -> float:
        """The VP a conflict started after Movement is worth, as it looks now (0: none)."""
        v = self.v
        best = 0.0
        for loc in v["on_board"]:
            mine = v["support"][loc][self.me]
            if not mine:
                continue
            for other, n in enumerate(v["support"][loc]):
                if other != self.me and n:
                    best = max(best, self._battle_value(loc, other))
            if any(o not in (None, self.me) for o in v["cities"][loc]):
                best = max(best, self._siege_value(loc))
            if self._gold() < 2:
                continue
            for to in self.content.locations[loc].borders:
                if to not in v["on_board"] or v["support"][to][self.me]:
                    continue
                for other, n in enumerate(v["support"][to]):
                    if other != self.me and n:
                        best = max(best, self._battle_value(to, other, bring=mine) - GOLD_VP)
                if any(o not in (None, self.me) for o in v["cities"][to]):
                    best = max(best, self._siege_value(to, bring=mine) - GOLD_VP)
        return best

    def _battle_value(self, loc: int, other: int, bring: int = 0) -> float:
        """A Battle's worth in VP against the others: a VP each for taking part, two more to the
        winner, the opponent's gain shared among the other players, less the Units it costs
        (``bring``: Support this seat would move in first)."""
        p = win_chance(self._strength_at(self.me, loc, bring) - self._strength_at(other, loc))
        rivals = max(1, len(self.v["players"]) - 1)
        return (1 + 2 * p) - (1 + 2 * (1 - p)) / rivals - 0.3

    def _control_moves(self) -> list[tuple[int, int]]:
        """(Gold, location) of each City whose top this seat could reach by Presence."""
        v = self.v
        out = []
        held = [loc for loc in v["on_board"] if self.me in v["cities"][loc]]
        for loc in v["on_board"]:
            city = v["cities"][loc]
            top = len(city) - 1
            if city[top] == self.me or (city[top] is not None and v["citadel"][loc] == city[top]):
                continue
            here = city.index(self.me) if self.me in city else None
            if here is None and held and not any(h in self.content.locations[loc].borders for h in held):
                continue  # Influence goes next to Influence (ruling LH14)
            cost = v["levels"][loc]
            out.append((cost[top] - (cost[here] if here is not None else 0), loc))
        return sorted(out)

    def _good_attack(self) -> bool:
        v = self.v
        for loc in v["on_board"]:
            if not v["support"][loc][self.me]:
                continue
            mine = self._strength_at(self.me, loc)
            for other, n in enumerate(v["support"][loc]):
                if other != self.me and n and mine > self._strength_at(other, loc) + 2:
                    return True
        return False

    def _build(self, legal: list[Action]) -> Action:
        if any(a.verb == "effect" for a in legal) and self._effect_first():
            return next(a for a in legal if a.verb == "effect")
        if self.p["buildings"][1]:
            for _, loc in self._threats():
                sites = set(self._fort_sites(loc))
                forts = [a for a in legal if a.verb == "build" and a.args[0] == 1 and a.args[1] in sites]
                if forts:
                    return forts[0]
        ups = self.p["upgrades"]

        def score(a: Action) -> float:
            if a.verb != "build":
                return -9
            row, site = a.args
            s = 2.0 if ups[row] + 1 == 3 else 0.0
            s += {0: 1.5, 1: 1.2, 2: 2.0}[row]
            if row == 2:
                s += 1.0 if self.v["levels"][site][-1] >= 5 else 0.0
            return s

        return max(legal, key=score)

    def _effect_first(self) -> bool:
        card = self.cards[self.v["turn"]["card"]]
        return any(step["do"] in ("gain", "push", "support", "influence", "income") for step in card.action)

    def _presence(self, legal: list[Action]) -> Action:
        v = self.v
        if any(a.verb == "effect" for a in legal) and self._effect_first():
            return next(a for a in legal if a.verb == "effect")
        gold = self._gold()
        best, best_score = None, 0.0
        for a in legal:
            if a.verb == "influence":
                loc, level = a.args
                top = len(v["cities"][loc]) - 1
                cost = v["levels"][loc][level] - (
                    v["levels"][loc][v["cities"][loc].index(self.me)] if self.me in v["cities"][loc] else 0
                )
                score = (6.0 if level == top else 1.0 + level) - cost * 0.7
                if self.content.locations[loc].key == "jerusalem":
                    score += 0.5
                if gold - cost < 1 and level != top:
                    score -= 3
            elif a.verb == "support":
                score = (1.0 + min(3.0, self._idle_units() / 3)) if gold >= 4 else -1
            else:
                continue
            if score > best_score:
                best, best_score = a, score
        return best or next(a for a in legal if a.verb == "done")

    def _provision(self, legal: list[Action]) -> Action:
        units = self.p["footman"] + self.p["knight"] + self.p["siege_tower"]
        return legal[3] if units < 3 else legal[0]

    def _movement(self, legal: list[Action]) -> Action:
        recruits = [a for a in legal if a.verb == "recruit"]
        if recruits:
            return max(recruits, key=lambda a: a.args[0] if a.args[0] != 1 else -1)
        done = next(a for a in legal if a.verb == "done")
        if self._gold() < 2:
            return done
        v = self.v
        here = 0.0
        for loc in v["on_board"]:
            if v["support"][loc][self.me]:
                here = max(
                    [here] + [self._battle_value(loc, o) for o, k in enumerate(v["support"][loc]) if o != self.me and k]
                )
                if any(o not in (None, self.me) for o in v["cities"][loc]):
                    here = max(here, self._siege_value(loc))
        best, best_score = done, here + 0.2
        for a in legal:
            if a.verb != "move":
                continue
            frm, to, n = a.args
            if n != v["support"][frm][self.me] or v["support"][to][self.me]:
                continue  # whole stacks, into a Region of its own
            scores = [
                self._battle_value(to, other, bring=n)
                for other, k in enumerate(v["support"][to])
                if other != self.me and k
            ]
            if any(o not in (None, self.me) for o in v["cities"][to]):
                scores.append(self._siege_value(to, bring=n))
            score = max(scores, default=0.0)
            if score > best_score:
                best, best_score = a, score
        if best is done:
            march = self._march(legal)
            if march is not None:
                return march
        return best

    def _march(self, legal: list[Action]) -> Action | None:
        """With nothing to fight next door and more Units than the Support it has can field, a
        whole stack moves one step towards the nearest Location where another player stands."""
        v = self.v
        if not self._idle_units() or self._gold() < 4:
            return None
        targets = [
            loc
            for loc in v["on_board"]
            if any(n and o != self.me for o, n in enumerate(v["support"][loc]))
            or any(o not in (None, self.me) for o in v["cities"][loc])
        ]
        if not targets:
            return None
        far = self._far(targets)
        best, gain = None, 0
        for a in legal:
            if a.verb != "move":
                continue
            frm, to, n = a.args
            if n != v["support"][frm][self.me] or frm in targets:
                continue
            step = far[frm] - far[to]
            if step > gain:
                best, gain = a, step
        return best

    def _far(self, targets: list[int]) -> list[int]:
        """Steps from each Location to the nearest of ``targets`` over the board in play."""
        on = set(self.v["on_board"])
        neighbours = [[b for b in loc.borders if b in on] for loc in self.content.locations]
        far = [99] * len(neighbours)
        for target in targets:
            for loc, steps in enumerate(distances(neighbours, target)):
                if steps is not None and steps < far[loc]:
                    far[loc] = steps
        return far

    def _conflicts(self, legal: list[Action]) -> Action:
        best, best_score = None, 0.0
        for a in legal:
            if a.verb == "battle":
                score = self._battle_value(*a.args)
            elif a.verb == "siege":
                score = self._siege_value(a.args[0])
            else:
                continue
            if score > best_score:
                best, best_score = a, score
        return best or next(a for a in legal if a.verb == "end")

    def _siege_value(self, loc: int, bring: int = 0) -> float:
        """A Siege's worth in VP: a VP each for taking part, and the City's control to the winner
        (``bring``: Support this seat would move in first)."""
        v = self.v
        city = v["cities"][loc]
        target = next(o for o in reversed(city) if o not in (None, self.me))
        pl = v["players"][target]
        defence = 1 + (3 - pl["buildings"][2]) + 2 * v["support"][loc][target] + 1.5
        defence += pl["upgrades"][2] if v["citadel"][loc] == target else 0
        support = v["support"][loc][self.me] + bring
        cap = 2 * support
        mine = sum(sorted([2] * self.p["siege_tower"] + [1] * self.p["footman"], reverse=True)[:cap])
        mine += self.p["faith"] + 1.5 + support * DIE_STRENGTH
        p = win_chance(mine - defence)
        rivals = max(1, len(v["players"]) - 1)
        worth = (2 if v["crusade"] == 1 else 1) * (1.0 if city[-1] == target else 0.4)
        return 1 - 1 / rivals + p * worth - 0.3

    def _effect(self, legal: list[Action]) -> Action:
        v = self.v
        verbs = {a.verb for a in legal}
        if "push" in verbs:

            def gain(a: Action) -> int:
                loc, other = a.args
                city = v["cities"][loc]
                lv = city.index(other)
                return (3 if lv > 0 and city[lv - 1] == self.me else 0) + lv + (2 if lv == len(city) - 1 else 0)

            return max((a for a in legal if a.verb == "push"), key=gain)
        if "place" in verbs:
            return max(legal, key=lambda a: self.content.locations[a.args[0]].income)
        if "support" in verbs:
            return next(a for a in legal if a.verb == "support")
        if "reinforce" in verbs:
            return max(
                legal,
                key=lambda a: sum(1 for b in self.content.locations[a.args[0]].borders if v["support"][b][self.me]),
            )
        if "upgrade" in verbs:
            return max(legal, key=lambda a: (v["players"][self.me]["upgrades"][a.args[0]] + 1 == 3, -a.args[0]))
        if "shift" in verbs:
            return next(a for a in legal if a.verb == "stop")
        return legal[0]


ROLLOUT_DEPTH = 16


def features(s: dict, seat: int) -> tuple[float, ...]:
    """VP, Cities controlled (each is worth a VP at each Crusade's end), purse and Units."""
    st = s["stock"][seat]
    cities = sum(1 for loc in s["on_board"] if s["city"][loc][-1] == seat)
    units = st["footman"] + 2 * st["siege_tower"] + 3 * st["knight"]
    return (s["vp"][seat], cities, st["gold"] + st["faith"], units)


def stage(s: dict) -> int:
    """The Crusade: 0 in the first, 1 in the second."""
    return 0 if s["crusade"] == 1 else 1


FEATURES = ("vp", "cities_controlled", "gold_and_faith", "unit_strength")
"""The names of ``features``, in their order (``unit_strength``: a Footman 1, a Siege Tower 2, a
Knight 3): the weights file names them, and is checked against them."""

STAGES = 2
"""How many values ``stage`` takes."""

LOGIT = Logit(features, stage, load("lords-of-heaven", LordsOfHeaven.rules_revision, FEATURES, STAGES))
"""Each seat's chance from the position, with the weights of ``weights/lords_of_heaven.json`` (its
``training`` says how they were fitted: ``python bench/estimate_fit.py --game lords-of-heaven
--players 4 --games 400 --seed 1``, 400 4-player games between heuristic players, under rules
revision 1, and how they fare under the current one). Learned again from the searching player's
own games by ``python bench/train.py --game lords-of-heaven --players 4``."""
