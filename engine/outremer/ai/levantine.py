"""A rules-aware Levantine player: recruits, attacks when the odds are good, spends its
Battle and Siege cards where they matter, answers with The Will of God.

It reads only its own view (its hand, the table, the counts): never the other hand or the deck.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.actions import Action
from ..games.levantine.game import Levantine
from .agent import Agent
from .estimate import Logit
from .trained import load

DIE_MEAN, DIE_VAR = 3.5, 35 / 12


def p_greater(mean_a: float, var_a: float, mean_b: float, var_b: float) -> float:
    """P(A > B) for sums of dice, normal approximation with continuity (ties to B)."""
    var = var_a + var_b
    if var <= 0:
        return 1.0 if mean_a > mean_b else 0.0
    z = (mean_a - mean_b - 0.5) / math.sqrt(var)
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


class LevantineHeuristic(Agent):
    name = "heuristic"
    _values_of = None  # the deck whose cards' values ``_values`` remembers

    def choose(self, game, view, legal: list[Action], rand: random.Random) -> Action:
        if game.cards is not self._values_of:
            self._values: dict[Any, Any] = {}
            self._values_of = game.cards
        self.cards = game.cards
        self.v = view
        self.me = view["viewer"]
        self.opp = 1 - self.me
        self.hand = view["players"][self.me]["hand"]
        pending = view["pending"]
        if pending:
            return getattr(self, f"_pending_{pending['kind']}")(legal, pending)
        step = view["step"]
        if step in ("recruit", "defender"):
            return self._main(legal)
        if step == "declare":
            return self._declare(legal)
        if step == "commit":
            return self._commit(legal)
        return legal[0]

    # -- valuing cards ---------------------------------------------------------------
    def value(self, card_id: int) -> float:
        """What a card in hand is worth to this side: a function of the card and the side only,
        remembered (a search asks it hundreds of thousands of times a move)."""
        key = (self.me, card_id)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = self._value(card_id)
        return known

    def _value(self, card_id: int) -> float:
        card = self.cards[card_id]
        if not card.usable_by(self.me):
            return 0.0
        t = card.type
        base = {
            "leader": 6,
            "army": 5,
            "fortification": 4,
            "siege": 3,
            "battle": 3,
            "battle_siege": 3.5,
            "transport": 2 if self.me == 0 else 0,
            "special": 3.5,
            "event": 3,
        }[t]
        if t == "event":
            base = {
                "will_of_god": 8,
                "no_attack_phase": 5,
                "no_attack_turn": 5,
                "draw": 3 + card.draw / 2,
                "random_discard": 3.5,
                "discard": 3.5,
                "lose_leader": 4,
                "lose_army": 3,
            }.get(card.effect, 3)
        if t == "leader":
            base += 1.5 * (card.battle_dice + card.siege_dice + card.siege_dice_attacking)
        if t == "army":
            base += card.battle_bonus / 2
        return base

    def _pending_discard(self, legal, pending):
        return min(legal, key=lambda a: (self.value(a.args[0]), a.args[0]))

    def _pending_lose(self, legal, pending):
        def worth(a):
            card = self.cards[a.args[0]]
            return card.battle_bonus + card.age_bonus + card.battle_dice + card.siege_dice

        return min(legal, key=lambda a: (worth(a), a.args[0]))

    def _pending_negate(self, legal, pending):
        effect = self.cards[pending["card"]].effect
        harmful = {
            "no_attack_phase",
            "no_attack_turn",
            "lose_leader",
            "random_discard",
            "discard",
            "loser_discards_armies",
        }
        if effect in harmful and Action("negate") in legal:
            return Action("negate")
        return Action("allow")

    def _pending_reroll(self, legal, pending):
        combat = self.v["combat"]
        dice = combat["dice"]
        att = self.v["attacker"]
        now = self._wins(dice, att)
        if now or len(legal) == 1:
            return Action("keep")
        best, best_p = Action("keep"), 0.0
        for a in legal:
            if a.verb != "reroll":
                continue
            seat, i = a.args
            wins = 0
            for face in range(1, 7):
                trial = [[list(d) for d in side] for side in dice]
                trial[seat][i][0] = face
                wins += self._wins(trial, att)
            if wins / 6 > best_p:
                best, best_p = a, wins / 6
        return best

    def _wins(self, dice, att) -> bool:
        tot = [sum(max(0, d[0] + d[1]) for d in side) for side in dice]
        return (tot[self.me] > tot[self.opp]) if self.me == att else (tot[self.me] >= tot[self.opp])

    # -- Recruit and Defender Phases ----------------------------------------------------
    def _main(self, legal):
        by_use: dict[str, list[Action]] = {}
        for a in legal:
            if a.verb != "play":
                continue
            card = self.cards[a.args[0]]
            use = a.args[1] if len(a.args) > 1 else card.type
            by_use.setdefault(use, []).append(a)
        # Leaders and Armies first, the strongest first.
        for use in ("leader", "army", "fortification"):
            options = by_use.get(use, [])
            if options:
                return max(options, key=lambda a: (self.value(a.args[0]), -a.args[0]))
        # A Transport only when there is someone left to bring over.
        if "transport" in by_use and self._wants_transport():
            return min(by_use["transport"], key=lambda a: (self.value(a.args[0]), a.args[0]))
        for a in by_use.get("event", []):
            return a
        draws = by_use.get("draw", [])
        if draws:
            keep_battle = [a for a in draws if "battle" in self.cards[a.args[0]].uses]
            plain = [a for a in draws if a not in keep_battle]
            if plain:
                return plain[0]
            if len(self.hand) > 6:
                return keep_battle[0]
        return Action("end")

    def _wants_transport(self) -> bool:
        hand_leaders = sum(1 for c in self.hand if self.cards[c].type == "leader" and self.cards[c].usable_by(self.me))
        hand_armies = sum(1 for c in self.hand if self.cards[c].type == "army" and self.cards[c].usable_by(self.me))
        leaders_in_play = len(self.v["players"][self.me]["leaders"])
        allow = self.v["allow"] or [0, 0, 0]
        want_leader = hand_leaders > 0 and leaders_in_play < 3 and allow[0] <= 0
        return want_leader or (hand_armies > 0 and allow[1] == 0)

    # -- Battle ---------------------------------------------------------------------
    def _dice(self, seat: int, kind: str, extra_cards: int = 0) -> tuple[float, float]:
        """Mean and variance of ``seat``'s total in a combat of ``kind`` from what is in view."""
        p = self.v["players"][seat]
        att = self.v["attacker"]
        n = 0
        mean = 0.0
        for leader in p["leaders"]:
            card = self.cards[leader["card"]]
            k = 1 + (
                card.battle_dice
                if kind == "battle"
                else card.siege_dice + (card.siege_dice_attacking if seat == att else 0)
            )
            n += k
        for army in p["armies"]:
            n += 1
            if kind == "battle":
                mean += self.cards[army].battle_bonus
        if kind == "siege" and seat != att:
            n += len(p["forts"])
        combat = self.v["combat"]
        if combat and combat["kind"] == kind:
            n += len(combat["played"][seat])
        n += extra_cards
        return mean + n * DIE_MEAN, n * DIE_VAR

    def _odds(self, kind: str, my_extra=0, their_extra=0) -> float:
        """Probability that I win the combat now, from my seat's point of view."""
        att = self.v["attacker"]
        a_extra, d_extra = (my_extra, their_extra) if self.me == att else (their_extra, my_extra)
        ma, va = self._dice(att, "battle" if kind == "battle" else "siege", a_extra)
        md, vd = self._dice(1 - att, kind, d_extra)
        p_att = p_greater(ma, va, md, vd)
        return p_att if self.me == att else 1 - p_att

    def _cards_for(self, kind: str) -> int:
        att = self.v["attacker"] == self.me
        n = 0
        for c in self.hand:
            card = self.cards[c]
            if not card.usable_by(self.me):
                continue
            if kind == "battle" and (card.type in ("battle", "battle_siege") or "battle" in card.uses):
                n += 1
            if (
                kind == "siege"
                and card.type in ("siege", "battle_siege")
                and (not card.only or card.only == ("attacker" if att else "defender"))
            ):
                n += 1
        return n

    def _declare(self, legal):
        guess = min(3, self.v["players"][self.opp]["hand_count"] // 3)
        battle = self._odds("battle", self._cards_for("battle"), guess)
        siege = self._odds("siege", self._cards_for("siege"), guess)
        attacks = [a for a in legal if a.verb == "attack"]
        if attacks and battle * siege >= 0.3:
            egypt = [a for a in attacks if a.args]
            return egypt[0] if egypt and self.me == 0 else attacks[0]
        return Action("hold")

    def _commit(self, legal):
        kind = self.v["combat"]["kind"]
        plays = [a for a in legal if a.verb == "play"]
        events = [a for a in plays if self.cards[a.args[0]].type == "event"]
        dice_cards = [a for a in plays if a not in events]
        odds = self._odds(kind)
        for a in events:
            effect = self.cards[a.args[0]].effect
            if effect in ("no_attack_phase", "no_attack_turn") and odds < 0.6:
                return a
            if effect in ("loser_discards_armies", "loser_discards_leader", "siege_winner_draws") and odds > 0.65:
                return a
            if effect == "enemy_leaders_battle" and self.v["players"][self.opp]["leaders"] and odds < 0.8:
                return a
            if effect == "enemy_armies_battle" and self.v["players"][self.opp]["armies"] and odds < 0.8:
                return a
        if dice_cards and 0.05 < odds < 0.85:
            return min(dice_cards, key=lambda a: (self.value(a.args[0]), a.args[0]))
        return Action("pass")


ROLLOUT_DEPTH = 20
"""Actions a searching player's rollout plays before it stops and estimates."""


def features(s, seat: int) -> tuple[int, ...]:
    """What the estimate weighs for one side: how far it leads in Territory Tokens (Egypt
    included; by thresholds, as a lead of 3 draws fewer cards than a lead of 1), the cards the
    Territory Chart deals it, cards in hand, Leaders, Armies and Fortifications in play, and
    whether it is the Crusader (the tie goes to the Muslims)."""
    from ..games.levantine.state import CRUSADER, draw_count, holdings

    lead = holdings(s, seat) - holdings(s, 1 - seat)
    return (
        lead,
        lead > 0,
        lead > 1,
        lead > 2,
        draw_count(s, seat),
        len(s["hands"][seat]),
        len(s["leaders"][seat]),
        len(s["armies"][seat]),
        len(s["forts"][seat]),
        seat == CRUSADER,
    )


def stage(s) -> int:
    """Hands still to come after this one, in twos (0–1, 2–3, … 16–17)."""
    from ..games.levantine.state import HANDS

    return min(8, max(0, HANDS - s["hand"]) // 2)


FEATURES = (
    "lead",
    "lead_over_0",
    "lead_over_1",
    "lead_over_2",
    "cards_drawn",
    "cards_in_hand",
    "leaders",
    "armies",
    "fortifications",
    "crusader",
)
"""The names of ``features``, in their order: the weights file names them, and is checked against them."""

STAGES = 9
"""How many values ``stage`` takes."""

LOGIT = Logit(features, stage, load("levantine", Levantine.rules_revision, FEATURES, STAGES))
"""Each side's chance from the position, with the weights of ``weights/levantine.json`` (its
``training`` says how they were fitted: 1,000 games between heuristic players, seed 1, by
``python bench/estimate_fit.py --game levantine``; on 1,000 others their log-likelihood per
position beats the Territory Token table's that they replaced at every stage). Learned again from
the searching player's own games by ``python bench/train.py --game levantine``."""
