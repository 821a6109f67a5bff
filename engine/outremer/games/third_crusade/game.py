"""Third Crusade: 2-4 players in two Alliances, four Armies of 1189-1192, four rounds from
Strategy to Upkeep (rules: third-crusade.md)."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...core.actions import Action
from ...core.game import Event, Game, Setup, State
from . import (
    command,
    diplomacy_phase,
    hidden,
    planning,
    plutorial,
    seat_view,
    setup_phase,
    solo,
    solo_flow,
    strategy,
    upkeep_phase,
)
from .data import ALLIANCE_OF, ALLIANCES, ARMY_NAMES, Content, content
from .options import BOT_RULES, OPTIONS, SOLO_OPTIONS
from .rules import INDEX
from .state import ROUNDS, armies_for, new_state

PHASES = {
    "variable": setup_phase,
    "strategy": strategy,
    "planning": planning,
    "command": command,
    "diplomacy": diplomacy_phase,
}


class ThirdCrusade(Game):
    id = "third-crusade"
    name = "Third Crusade"
    code_id = 4
    seat_names = ("Angevin", "Holy Roman Empire", "Ayyubid", "Turkoman")
    min_seats, max_seats = 1, 4
    options = OPTIONS
    format_version = 1
    rules_revision = 8
    """Revision 3 (the victory check after Diplomacy, an Event's diplomacy moves, a full Region's
    replacements, Reinforcing Units' losses, a Named Leader on the map placed anew) changed the
    legal actions of some moments with any number of players: earlier codes do not replay.
    Revision 4 (ruling TC72: the Holy Roman Empire's and the Turkoman's player boards, Acre in the
    3-player Muslim pair, the 4-player Heraclea) left the 2-player Angevin and Ayyubid alone.
    Revision 5 (ruling TC73: where the lone player of 3 starts) changed only the 3-player games
    with a lone player who has a ``[[lone]]`` move (the Turkoman).
    Revision 6 changed the legal actions of moments every game may reach, with any number of
    players and any options: a defence of bare Leaders is lost before any Reaction is asked,
    retreats avoid Regions held by Neutral pieces alone, Control by an Alliance (TC74), the free
    Advanced Orders and the Sabotage tokens a reward removes chosen by the player (TC76), the Final
    Winner after an early victory (TC77), an Order placed in two choices (TC78). No earlier code
    provably replays: all are refused.
    Revision 7 added the solo game (p.19-23: one player, or two together, against the Bot) and
    its four options at the end of the list; the games of 2 to 4 players against each other are
    unchanged, and a revision-6 code replays with those options at their defaults.
    The hidden option ``lesson`` (Learn to play, rulings TC120-TC122) came without a new
    revision: a code holds it only when it is on (share-code format 2), so every other code
    opens with the lesson off.
    Revision 8 changed the solo game: a Bot of column 2 or 3 executes its main events regardless
    of Region or of Presence (p.23, EVENT CARDS; ruling TC95), which changes the cards it may play
    and where their steps go, and the two optional Bot rules came as options after the offered
    ones (rulings TC96, TC97). The games of 2 to 4 players against each other are unchanged: a
    revision-7 code of one replays with the new options off (a revision-6 one with the solo options
    at their defaults too). A revision-7 solo code is refused: its Bot may have drawn among other
    cards, or put a step elsewhere, than revision 8 would."""
    max_actions = 8_000
    on_site = True

    def earlier_revision(self, revision: int, seats: int) -> dict | None:
        """A revision-7 code of 2 to 4 players replays with the optional Bot rules off (revision 8
        added them); a revision-6 one also with the solo options at their defaults (revision 7
        only added them); None for a solo code of one player or any earlier revision (see
        ``rules_revision``)."""
        if revision in (6, 7) and seats >= 2:
            added = BOT_RULES + (SOLO_OPTIONS if revision == 6 else ())
            return {o.id: o.default for o in OPTIONS if o.id in added}
        return None

    def replays_earlier(self, revision: int, seats: int, options: dict) -> bool:
        """A revision-7 code of two players together against the Bot is a solo game: refused
        (revision 8 changed the Bot's Event Cards, ruling TC95)."""
        return not solo.is_solo(seats, options)

    @cached_property
    def content(self) -> Content:
        return content()

    def seat_labels(self, setup: Setup) -> list[str]:
        players, options = len(setup.seats), dict(setup.options)
        armies = armies_for(players, options)
        if not solo.is_solo(players, options):
            return [ARMY_NAMES[a] for a in armies]
        seat_of = solo.seats_of(players, options)
        return [
            " and ".join(ARMY_NAMES[a] for a, owner in zip(armies, seat_of, strict=False) if owner == seat)
            for seat in range(players)
        ]

    def seat_label(self, state: State, seat: int) -> str:
        return " and ".join(ARMY_NAMES[state["armies"][p]] for p in solo.seat_armies(state, seat))

    def rule_title(self, key: str) -> str:
        return INDEX.title(key)

    def rule_anchor(self, key: str) -> str:
        return INDEX.anchor(key)

    def teams(self, state: State) -> list[tuple[str, tuple[int, ...]]]:
        return [
            (
                f"{'Crusader' if al == 'crusader' else 'Muslim'} Alliance",
                tuple(
                    sorted(
                        {
                            seat
                            for i, a in enumerate(state["armies"])
                            if ALLIANCE_OF[a] == al
                            and not solo.is_bot(state, i)
                            and (seat := self.seat_of(state, i)) is not None
                        }
                    )
                ),
            )
            for al in sorted(ALLIANCES)
        ]

    def seat_of(self, s: State, index: int) -> int | None:
        """The seat moving the Army at ``index`` of ``s["armies"]`` (None for a Bot)."""
        return s["seat_of"][index] if solo.solo(s) else index

    # -- setup ---------------------------------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        c = self.content
        armies = armies_for(len(setup.seats), dict(setup.options))
        lesson = plutorial.applies(len(setup.seats), dict(setup.options))
        variable = (
            not lesson
            and setup_phase.applies(len(setup.seats), dict(setup.options))
            and not solo.is_solo(len(setup.seats), dict(setup.options))
        )  # rulings TC82, TC120
        s = new_state(c, armies, setup.seed, **(setup_phase.start_position(c, armies) if variable else {}))
        planning.setup_orders(c, s)
        strategy.setup_events(c, s)
        diplomacy_phase.setup(c, s)
        upkeep_phase.setup(c, s, objectives=not variable and not lesson)
        if lesson:
            plutorial.arrange(s)
        if solo.is_solo(len(setup.seats), dict(setup.options)):
            s["seat_of"] = solo.seats_of(len(setup.seats), dict(setup.options))
            solo.setup(s)
            solo.bot_first(s)
            if solo.alternatives(dict(setup.options)):
                s["bot_rules"] = solo.alternatives(dict(setup.options))
        s["executed"] = {a: [] for a in s["armies"]}
        s["pending"], s["battle"], s["road"], s["upkeep"], s["dip"] = None, None, None, None, None
        if variable:
            setup_phase.start(c, s)
        else:
            strategy.start(c, s)
        return s

    def start(self, setup: Setup):
        state, log = super().start(setup)
        names = ", ".join(
            ARMY_NAMES[a] + (" (the Bot)" if solo.is_bot(state, p) else "") for p, a in enumerate(state["armies"])
        )
        if state["phase"] == "variable":
            return state, [Event(f"A new game of Third Crusade: {names}. {setup_phase.intro(state)}", "p.9")] + log
        track = ", ".join(ARMY_NAMES[state["armies"][p]] for p in state["initiative"])
        if solo.solo(state):
            intro = Event(
                f"A new game of Third Crusade against the Bot: {names}; {ROUNDS[0]} begins. Initiative: "
                f"{track}. Every Army's 4 Event Cards are laid under the bidding board at random.",
                "p.20",
            )
        elif plutorial.on(state):
            intro = Event(
                f"{plutorial.intro(state)} {ROUNDS[0]} begins. Initiative: {track}. Each player lays its 4 "
                "Event Cards face down under the bidding board.",
                "TC120",
            )
        else:
            intro = Event(
                f"A new game of Third Crusade: {names}; {ROUNDS[0]} begins. Initiative: {track}. Each "
                "player lays 4 Event Cards face down under the bidding board.",
                "p.4",
            )
        return state, [intro] + log

    # -- the rules ---------------------------------------------------------------------------
    def actor(self, s: State) -> int | None:
        """The index in ``s["armies"]`` of the Army to decide now (a Bot's, between steps of
        ``settle`` only), or None."""
        phase = s["phase"]
        if phase in PHASES:
            return PHASES[phase].to_act(s)
        if phase in ("upkeep", "scoring"):
            return upkeep_phase.to_act(s)
        return None

    def to_act(self, s: State) -> int | None:
        index = self.actor(s)
        return None if index is None else self.seat_of(s, index)

    def legal_actions(self, s: State) -> list[Action]:
        index = self.actor(s)
        if index is None:
            return []
        return self.legal_of(s, index)

    def legal_of(self, s: State, index: int) -> list[Action]:
        module = PHASES.get(s["phase"], upkeep_phase)
        return module.legal(self.content, s, index)

    def perform(self, s: State, action: Action, log: list[Event]) -> None:
        index = self.actor(s)
        module = PHASES.get(s["phase"], upkeep_phase)
        mark = len(log) if isinstance(log, list) else None
        module.perform(self.content, s, index, action, log)
        self._to_seats(s, log, mark)

    def settle(self, s: State, log: list[Event]) -> None:
        """The phases follow one another (p.10-18): a phase over starts the next; wherever a Bot
        Army is to decide, the Bot does (p.19-23, ``solo_flow.py``) and the game goes on until a
        person is asked."""
        mark = len(log) if isinstance(log, list) else None
        for _ in range(self.max_actions):
            self._phases(s, log)
            index = self.actor(s)
            if index is None or not solo.is_bot(s, index):
                self._to_seats(s, log, mark)
                return
            module = PHASES.get(s["phase"], upkeep_phase)
            action = solo_flow.decide_at(self.content, s, index, self.legal_of, log)
            if action is not None:
                module.perform(self.content, s, index, action, log)
        raise RuntimeError("the Bot did not let a person act")

    def _to_seats(self, s: State, log: list[Event], mark: int | None) -> None:
        """The log lines since ``mark`` told to seats, not Army indices: a line private to an
        Army is private to the seat moving it (a Bot's, to nobody)."""
        if mark is None or not solo.solo(s):
            return
        for i in range(mark, len(log)):
            event = log[i]
            if event.private is None:
                continue
            indices = event.private if isinstance(event.private, tuple) else (event.private,)
            seats = tuple(sorted({s["seat_of"][j] for j in indices if s["seat_of"][j] is not None}))
            log[i] = replace(event, private=seats)

    def _phases(self, s: State, log: list[Event]) -> None:
        c = self.content
        for _ in range(12):
            phase = s["phase"]
            if phase == "planning" and s.get("_started") != "planning":
                s["_started"] = "planning"
                solo_flow.roll(s, log)
                planning.start(c, s)
                solo_flow.planning(c, s, log)
                log.append(
                    Event(
                        f"Planning, {ROUNDS[s['round']]}: in initiative order each player places an Order face "
                        "down in a Region, or passes.",
                        "p.11",
                    )
                )
                continue
            if phase == "command" and s.get("_started") != "command":
                s["_started"] = "command"
                solo_flow.reroll(s, "command", log)
                command.start(c, s)
                log.append(
                    Event(
                        "Command: in initiative order each player executes an Event Card from its hand or one of "
                        "its Orders on the map, or passes.",
                        "p.12",
                    )
                )
                continue
            if phase == "end_of_command":
                if s.get("_started") == "command":
                    s["_started"] = "end_of_command"
                    solo_flow.bonus_at_end(c, s, log)
                if upkeep_phase.victory_check(c, s, log, "p.13"):
                    return
                s["_started"] = "diplomacy"
                solo_flow.reroll(s, "diplomacy", log)
                diplomacy_phase.start(c, s)
                log.append(
                    Event(
                        f"Diplomacy: {diplomacy_phase.card(s).name} is the round's card; each player bids "
                        "Gold in secret, takes a reward in the order of the bids and places diplomacy "
                        "markers.",
                        "p.16",
                    )
                )
                continue
            if phase == "upkeep" and s.get("_started") != "upkeep":
                if upkeep_phase.victory_check(c, s, log, "p.16"):  # the Diplomacy phase is over (Overview)
                    return
                s["_started"] = "upkeep"
                solo_flow.reroll(s, "upkeep", log)
                upkeep_phase.start(c, s, log)
                continue
            if phase == "strategy" and s.get("strategy") is None:
                s["_started"] = "strategy"
                strategy.start(c, s)
                log.append(
                    Event(
                        f"{ROUNDS[s['round']]}: Strategy. Each player lays 4 Event Cards face down under the "
                        "bidding board; then each picks cards of the other Alliance's rows for command "
                        "points.",
                        "p.10",
                    )
                )
                continue
            if self.actor(s) is None and phase not in ("over",):
                raise RuntimeError(f"nobody to act in phase {phase!r}")
            return

    def result(self, s: State) -> dict | None:
        result = s["result"]
        if result is None or not solo.solo(s):
            return result
        return {**result, "winners": sorted({self.seat_of(s, w) for w in result["winners"] if not solo.is_bot(s, w)})}

    def seats_in(self, s: State) -> int:
        return solo.seat_count(s)

    def standings(self, s: State) -> tuple[list[str], list[dict]]:
        rows = []
        for seat, army in enumerate(s["armies"]):
            objective = s.get("revealed_objective", {}).get(army)
            board = self.content.both or self.content.south
            rows.append(
                {
                    "seat": seat,
                    "values": [
                        s["tracks"][army][0],
                        s["tracks"][army][1],
                        s["tracks"][army][2],
                        s["gold"][seat],
                        board.region(objective).name if objective else "",
                    ],
                    "hand": [],
                }
            )
        return ["Base command points", "Crowns", "Supply", "Gold", "Objective revealed"], rows

    # -- what a seat sees -------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> dict:
        return seat_view.view(self, s, seat)

    def agent_view(self, s: State, seat: int) -> dict:
        return seat_view.agent_view(self, s, seat)

    # -- hidden information -------------------------------------------------------------------
    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Chance, a sealed round revealed, a phase over, an Order turned face up, tithed, or
        revealed as it leaves the map at Upkeep."""
        if super().reveals(before, after, actor, seat):
            return True
        if before["executed"] != after["executed"] or before["phase"] != after["phase"]:
            return True
        return any(
            side is not None and after["sections"][key][al] is None
            for key, sides in before["sections"].items()
            for al, side in sides.items()
        )

    def redeal(self, s: State, seat: int, rand) -> State:
        return hidden.redeal(self, s, seat, rand)

    def text_table(self, view: dict) -> str:
        from .view import text_table

        return text_table(self, view)

    def describe(self, s: State, action: Action) -> str:
        from .view import describe

        return describe(self, s, action)

    def prompt(self, s: State) -> str:
        from .view import prompt

        return prompt(self, s)
