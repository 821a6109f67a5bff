"""A small game built on the core's sealed rounds, to test them as a game would use them.

Sealed Bids, 2–4 players: a deck of cards numbered 1 to 4 × players, three dealt to each seat in
secret. Three rounds; in each, every seat bids one card of its hand in secret (a sealed round,
opened by a different seat each round), then the bids are revealed together: the highest card
scores a point and every bid is discarded face up. Most points wins. With the "partners" option
(4 players) North and South play against East and West: the side with more points wins, and its
seat with more points is the Final Winner.
"""

from __future__ import annotations

from outremer.core import rng
from outremer.core.actions import Action
from outremer.core.errors import BadSetup
from outremer.core.game import Event, Game, Option, Setup, State, clone
from outremer.core.secret import all_sealed, open_sealed, redeal_sealed, reveal, seal, sealed_next, sealed_view

ROUNDS = 3


class SealedBids(Game):
    id = "sealed-bids"
    name = "Sealed Bids"
    seat_names = ("North", "East", "South", "West")
    min_seats, max_seats = 2, 4
    options = (
        Option("partners", "Partners (4 players: North and South against East and West)", (False, True), players=(4,)),
    )
    SIDES = (("North and South", (0, 2)), ("East and West", (1, 3)))

    def initial_state(self, setup: Setup) -> State:
        n = len(setup.seats)
        if setup.option("partners") and n != 4:
            raise BadSetup("Partners are played by 4 players.")
        state = {
            "game": self.id,
            "format": 1,
            "partners": bool(setup.option("partners")),
            "rng": rng.seed_state(setup.seed),
            "rigged": [],
            "round": 0,
            "scores": [0] * n,
            "discards": [],
            "hands": [],
            "deck": list(range(1, 4 * n + 1)),
        }
        rng.shuffle(state, state["deck"])
        state["hands"] = [sorted(state["deck"][3 * i : 3 * i + 3]) for i in range(n)]
        del state["deck"][: 3 * n]
        self._open(state)
        return state

    def _open(self, state: State) -> None:
        n = len(state["hands"])
        first = state["round"] % n
        open_sealed(state, f"bid-{state['round'] + 1}", [(first + i) % n for i in range(n)])

    def to_act(self, state):
        return sealed_next(state)

    def legal_actions(self, state):
        seat = sealed_next(state)
        return [] if seat is None else [Action.of("bid", c) for c in state["hands"][seat]]

    def perform(self, state, action, log):
        seat = sealed_next(state)
        seal(state, seat, action.args[0])
        who = self.seat_names[seat]
        log.append(
            Event(f"{who} bids {action.args[0]} in secret.", "bid", private=seat, public=f"{who} has chosen a bid.")
        )

    def settle(self, state, log):
        if not all_sealed(state):
            return
        bids = reveal(state)
        for seat, card in bids.items():
            state["hands"][seat].remove(card)
            state["discards"].append(card)
        winner = max(bids, key=bids.get)
        state["scores"][winner] += 1
        shown = ", ".join(f"{self.seat_names[s]} {c}" for s, c in sorted(bids.items()))
        log.append(Event(f"The bids are revealed: {shown}. {self.seat_names[winner]} scores.", "reveal"))
        state["round"] += 1
        if state["round"] < ROUNDS:
            self._open(state)

    def view(self, state, seat):
        return {
            "viewer": seat,
            "round": state["round"],
            "scores": list(state["scores"]),
            "discards": list(state["discards"]),
            "sealed": sealed_view(state, seat),
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "deck": len(state["deck"]),
        }

    def result(self, state):
        if state["round"] < ROUNDS:
            return None
        scores = state["scores"]
        if state.get("partners"):
            totals = [sum(scores[s] for s in seats) for _, seats in self.SIDES]
            if totals[0] == totals[1]:
                return {"winners": [], "team": None, "text": "The sides are level: nobody wins."}
            side = 0 if totals[0] > totals[1] else 1
            seats = self.SIDES[side][1]
            best = max(scores[s] for s in seats)
            return {
                "winners": [s for s in seats if scores[s] == best],
                "team": side,
                "text": f"{self.SIDES[side][0]} win; most points among them is the Final Winner.",
            }
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        return {"winners": winners, "text": "Most points."}

    def teams(self, state):
        return list(self.SIDES) if state.get("partners") else []

    def redeal(self, state, seat, rand):
        new = clone(state)
        others = [s for s in range(len(new["hands"])) if s != seat]
        pool = sorted(new["deck"] + [c for s in others for c in new["hands"][s]])
        rand.shuffle(pool)
        for s in others:
            size = len(new["hands"][s])
            new["hands"][s], pool = sorted(pool[:size]), pool[size:]
        new["deck"] = sorted(pool)
        redeal_sealed(new, seat, rand, lambda st, other: st["hands"][other])
        return new

    def cards_in_play(self, state):
        return state["deck"] + [c for h in state["hands"] for c in h] + state["discards"]
