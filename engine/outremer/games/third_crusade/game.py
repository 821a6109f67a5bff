"""Third Crusade: 2-4 players in two Alliances, four Armies of 1189-1192, four rounds from
Strategy to Upkeep (rules: third-crusade.md)."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ...core.actions import Action
from ...core.game import Event, Game, Option, Setup, State, clone
from ...core.secret import redeal_sealed, sealed_view
from . import command, diplomacy_phase, planning, plutorial, setup_phase, solo, solo_flow, strategy, upkeep_phase
from .data import ALLIANCE_OF, ALLIANCES, ARMY_NAMES, Content, content
from .events import PERIODS
from .execution import owned_by_army
from .rules import INDEX
from .solo import SIDES, TOGETHER
from .state import ROUNDS, armies_for, need, new_state
from .upkeep import shortfall

OPTIONS = (
    Option("crusader_army", "Crusader Army (2 players; the lone Crusader in 3)", ("angevin", "hre"),
           "In 2 players one Army of each Alliance plays (p.4). In a solo game, the Crusader Army where one "
           "plays, the person's or the Bot's.", names=("Angevin", "Holy Roman Empire"),
           players=(1, 2, 3)),
    Option("muslim_army", "Muslim Army (2 players; the lone Muslim in 3)", ("ayyubid", "turkoman"),
           "In 2 players one Army of each Alliance plays (p.4). In a solo game, the Muslim Army where one "
           "plays, the person's or the Bot's.", names=("Ayyubid", "Turkoman"), players=(1, 2, 3)),
    Option("lone", "The Alliance played by one player (3 players)", ("muslim", "crusader"),
           "In 3 players one Alliance has two players and the other a lone player, who uses both of its "
           "Alliance's initiative markers (p.4).", names=("Muslim", "Crusader"), players=(3,)),
    Option("variable", "Variable setup (2 and 4 players)", (False, True),
           "For experienced players (p.9): each player is dealt 4 Objective Cards of its Alliance, discards 1 and "
           "reveals the rest, then the players take turns deploying their Leaders and Units with deployment "
           "points into the main Cities of their Objectives, one Desert beside them and, for the Muslims, "
           "Jerusalem. With 2 players the cards with the North icon are left out.",
           names=("Off", "On"), players=setup_phase.PLAYERS),
    # the solo game (p.19-23): options added with revision 7, last, so earlier codes still read
    Option("together", "Two players together against the Bot (2 players)", TOGETHER,
           "The two players form one Alliance, each commanding one of its Armies, against one or two Bot "
           "Armies of the other Alliance (p.19); the Crusader or Muslim Army option names a lone Bot's Army.",
           names=("Off", "Crusaders against one Bot", "Crusaders against both Muslim Bots", "Muslims against one Bot",
                  "Muslims against both Crusader Bots"), players=(2,)),
    Option("side", "Your Alliance (solo)", SIDES,
           "The Alliance the player commands; the Bot plays the other (p.19).",
           names=("Crusader", "Muslim"), players=(1,)),
    Option("command", "Armies you command (solo)", (1, 2),
           "One Army of your Alliance (the Crusader or Muslim Army option says which), or both (p.19: \"1 or 2 "
           "Armies of an Alliance\"), from one seat.", names=("One Army", "Both Armies"), players=(1,)),
    Option("bots", "Bot Armies (solo)", (1, 2),
           "One Bot Army (the Crusader or Muslim Army option says which) or both Armies of the other Alliance "
           "(p.19). Four Armies play on both boards, two or three on the south board.", names=("One", "Two"),
           players=(1,)),
    # the rulebook's optional Bot rules (p.20, p.23; rulings TC96, TC97): added with revision 8. A
    # code writes the options the form offers in this order, the hidden ones after (core/sharecode),
    # so these two come after the other offered options and a revision-7 code reads them as off.
    Option("bot_reroll", "Bot: a new column each phase (solo)", (False, True),
           "The Strategy alternative rule (p.20): for more chaos and a harder game, the Bot rolls its die anew at the "
           "start of the Command, Diplomacy and Upkeep phases and follows the new column (ruling TC96).",
           names=("Off", "On"), players=(1, 2)),
    Option("bot_diplomacy_column", "Bot: its Diplomacy roll changes its column (solo)", (False, True),
           "The Diplomacy alternative rule (p.23): the die the Bot rolls for its bid becomes its column, for the bid, "
           "the rest of the Diplomacy phase and the Upkeep phase (ruling TC97).", names=("Off", "On"),
           players=(1, 2)),
    Option("lesson", "Learn to play", ("", "first-round"),
           "The rulebook's guided first round (p.24-29), the Angevin against the Ayyubid from a fixed deal, "
           "then the game goes on (rulings TC120-TC122). Set by the Learn to play page, not offered on the "
           "new-game form.", names=("Off", "The first round"), players=(2,), hidden=True),
)
SOLO_OPTIONS = ("together", "side", "command", "bots")
BOT_RULES = ("bot_reroll", "bot_diplomacy_column")
"""The optional Bot rules, added with revision 8."""

PHASES = {"variable": setup_phase, "strategy": strategy, "planning": planning, "command": command,
          "diplomacy": diplomacy_phase}


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
        return [" and ".join(ARMY_NAMES[a] for a, owner in zip(armies, seat_of, strict=False) if owner == seat)
                for seat in range(players)]

    def seat_label(self, state: State, seat: int) -> str:
        return " and ".join(ARMY_NAMES[state["armies"][p]] for p in solo.seat_armies(state, seat))

    def rule_title(self, key: str) -> str:
        return INDEX.title(key)

    def rule_anchor(self, key: str) -> str:
        return INDEX.anchor(key)

    def teams(self, state: State) -> list[tuple[str, tuple[int, ...]]]:
        return [(f"{'Crusader' if al == 'crusader' else 'Muslim'} Alliance",
                 tuple(sorted({seat for i, a in enumerate(state["armies"])
                               if ALLIANCE_OF[a] == al and not solo.is_bot(state, i)
                               and (seat := self.seat_of(state, i)) is not None})))
                for al in sorted(ALLIANCES)]

    def seat_of(self, s: State, index: int) -> int | None:
        """The seat moving the Army at ``index`` of ``s["armies"]`` (None for a Bot)."""
        return s["seat_of"][index] if solo.solo(s) else index

    # -- setup ---------------------------------------------------------------------------
    def initial_state(self, setup: Setup) -> State:
        c = self.content
        armies = armies_for(len(setup.seats), dict(setup.options))
        lesson = plutorial.applies(len(setup.seats), dict(setup.options))
        variable = (not lesson and setup_phase.applies(len(setup.seats), dict(setup.options))
                    and not solo.is_solo(len(setup.seats), dict(setup.options)))  # rulings TC82, TC120
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
        names = ", ".join(ARMY_NAMES[a] + (" (the Bot)" if solo.is_bot(state, p) else "")
                          for p, a in enumerate(state["armies"]))
        if state["phase"] == "variable":
            return state, [Event(f"A new game of Third Crusade: {names}. {setup_phase.intro(state)}", "p.9")] + log
        track = ", ".join(ARMY_NAMES[state["armies"][p]] for p in state["initiative"])
        if solo.solo(state):
            intro = Event(f"A new game of Third Crusade against the Bot: {names}; {ROUNDS[0]} begins. Initiative: "
                          f"{track}. Every Army's 4 Event Cards are laid under the bidding board at random.", "p.20")
        elif plutorial.on(state):
            intro = Event(f"{plutorial.intro(state)} {ROUNDS[0]} begins. Initiative: {track}. Each player lays its 4 "
                          "Event Cards face down under the bidding board.", "TC120")
        else:
            intro = Event(f"A new game of Third Crusade: {names}; {ROUNDS[0]} begins. Initiative: {track}. Each "
                          "player lays 4 Event Cards face down under the bidding board.", "p.4")
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
            action = solo_flow.decide(self.content, s, index, self.legal_of(s, index), log)
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
                log.append(Event(f"Planning, {ROUNDS[s['round']]}: in initiative order each player places an Order face "
                                 "down in a Region, or passes.",
                                 "p.11"))
                continue
            if phase == "command" and s.get("_started") != "command":
                s["_started"] = "command"
                solo_flow.reroll(s, "command", log)
                command.start(c, s)
                log.append(Event("Command: in initiative order each player executes an Event Card from its hand or one of "
                                 "its Orders on the map, or passes.", "p.12"))
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
                log.append(Event(f"Diplomacy: {diplomacy_phase.card(s).name} is the round's card; each player bids "
                                 "Gold in secret, takes a reward in the order of the bids and places diplomacy "
                                 "markers.", "p.16"))
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
                log.append(Event(f"{ROUNDS[s['round']]}: Strategy. Each player lays 4 Event Cards face down under the "
                                 "bidding board; then each picks cards of the other Alliance's rows for command "
                                 "points.", "p.10"))
                continue
            if self.actor(s) is None and phase not in ("over",):
                raise RuntimeError(f"nobody to act in phase {phase!r}")
            return

    def result(self, s: State) -> dict | None:
        result = s["result"]
        if result is None or not solo.solo(s):
            return result
        return {**result, "winners": sorted({self.seat_of(s, w) for w in result["winners"]
                                              if not solo.is_bot(s, w)})}

    def seats_in(self, s: State) -> int:
        return solo.seat_count(s)

    def standings(self, s: State) -> tuple[list[str], list[dict]]:
        rows = []
        for seat, army in enumerate(s["armies"]):
            objective = s.get("revealed_objective", {}).get(army)
            board = self.content.both or self.content.south
            rows.append({"seat": seat, "values": [s["tracks"][army][0], s["tracks"][army][1], s["tracks"][army][2],
                                                  s["gold"][seat], board.region(objective).name if objective else ""],
                         "hand": []})
        return ["Base command points", "Crowns", "Supply", "Gold", "Objective revealed"], rows

    # -- what a seat sees -------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> dict:
        index = self._index(s, seat)
        view = self._view(s, index)
        view["viewer"], view["to_act"], view["actor"] = seat, self.to_act(s), self.actor(s)
        if solo.solo(s):
            view["seat_of"] = list(s["seat_of"])
            mine = set(solo.seat_armies(s, seat)) if seat is not None else set()
            for p in view["players"]:
                p["bot"] = solo.is_bot(s, p["seat"])
                if p["seat"] in mine:
                    p["objectives"] = list(s["objectives"][p["army"]])
                p["person"] = s["seat_of"][p["seat"]]
        return view

    def _index(self, s: State, seat: int | None) -> int | None:
        """The Army index a seat's view is taken from: the Army it moves now, else its first."""
        if seat is None or not solo.solo(s):
            return seat
        actor = self.actor(s)
        if actor is not None and s["seat_of"][actor] == seat:
            return actor
        return solo.seat_armies(s, seat)[0]

    def _view(self, s: State, seat: int | None) -> dict:
        mine = ALLIANCE_OF[s["armies"][seat]] if seat is not None else None
        owned = owned_by_army(s)
        players = []
        for p, army in enumerate(s["armies"]):
            own = p == seat
            partner = seat is not None and ALLIANCE_OF[army] == mine
            players.append({
                "seat": p, "army": army, "name": ARMY_NAMES[army], "alliance": ALLIANCE_OF[army],
                "tracks": list(s["tracks"][army]), "cp": s["cp"][p], "gold": s["gold"][p],
                "reserve": dict(s["reserve"][army]), "need": need(self.content, s, army),
                "short": shortfall(self.content, s, p),
                "hand": list(s["hand"][army]),
                "box": sorted(s["box"][army]) if partner else None, "box_count": len(s["box"][army]),
                "owned": sorted(owned[army]),
                "executed": list(s["executed"].get(army, [])),
                "objectives": list(s["objectives"][army]) if own else None,
                "revealed_objective": s["revealed_objective"].get(army),
                "markers": list(s["markers"][army]),
                "pile": len(s["events"][army][PERIODS[min(s["round"], 3)]]),
            })
        st = s.get("strategy")
        strat = None
        if st:
            strat = {"rows": None if st["rows"] is None else {a: list(r) for a, r in st["rows"].items()},
                     "drawn": list(st["drawn"][s["armies"][seat]]) if seat is not None and st["rows"] is None else None,
                     "picks": {k: [list(x) for x in v] for k, v in st["picks"].items()}}
        d = s.get("dip")
        dip = None
        if d:
            dip = {"stage": d["stage"], "order": list(d["order"]), "rewards": dict(d["rewards"]),
                   "moving": list(d["moving"]), "place": [dict(x) for x in d["place"]]}
        return {
            "game": self.id, "viewer": seat, "mode": s["mode"], "round": s["round"], "phase": s["phase"],
            "to_act": self.to_act(s), "players": players, "initiative": list(s["initiative"]),
            "map": {k: list(v) for k, v in s["map"].items()}, "tokens": {k: list(v) for k, v in s["tokens"].items()},
            "sections": planning.sections_view(s, seat), "plan": planning.plan_view(self.content, s, seat),
            "glory": s["glory"], "faith": None if plutorial.on(s) else dict(s["faith"]),
            "ships": {k: {a: list(p) for a, p in v.items()} for k, v in s["ships"].items()},
            "mission": s["missions"][0] if s["missions"] else None,
            "next_mission": s["missions"][1] if len(s["missions"]) > 1 else None,
            "diplomacy_card": s["diplomacy_cards"][0] if s["diplomacy_cards"] else None,
            "destroyed": list(s.get("destroyed", [])), "bandits": [list(b) for b in s.get("bandits", [])],
            "strategy": strat, "sealed": sealed_view(s, seat), "dip": dip, "variable": setup_phase.view(s, seat),
            "pending": clone(s["pending"]) if s.get("pending") else None,
            "battle": self._battle_view(s),
            "upkeep": None if not s.get("upkeep") else {"queue": [dict(q) for q in s["upkeep"]["queue"]]},
            "result": s["result"],
        }

    def _battle_view(self, s: State) -> dict | None:
        """The Battle under way, with both sides' Battle Strength as it stands and the defending
        pieces (p.14): all public."""
        if not s.get("battle"):
            return None
        attack, defence = command.strengths(self.content, s)
        return {**clone(s["battle"]), "attack": attack, "defence": defence, "defenders": command.defenders(s)}

    # -- hidden information -------------------------------------------------------------------
    def reveals(self, before: State, after: State, actor: int, seat: int) -> bool:
        """Chance, a sealed round revealed, a phase over, an Order turned face up, tithed, or
        revealed as it leaves the map at Upkeep."""
        if super().reveals(before, after, actor, seat):
            return True
        if before["executed"] != after["executed"] or before["phase"] != after["phase"]:
            return True
        return any(side is not None and after["sections"][key][al] is None
                   for key, sides in before["sections"].items() for al, side in sides.items())

    def redeal(self, s: State, seat: int, rand) -> State:
        """What ``seat`` cannot see dealt anew: the other players' Objectives (from the unseen
        ones), the other Alliance's Orders face down and behind its screens (and the one chosen
        to place), the Event piles' order and the cards drawn but not yet revealed, the Mission
        and Diplomacy Cards not yet turned up, and the other seats' sealed choices."""
        own = {new_army for new_army in (s["armies"][i] for i in solo.seat_armies(s, seat))}
        index = self._index(s, seat)
        assert index is not None  # a seat given, an Army index back
        seat = index
        new = clone(s)
        mine = ALLIANCE_OF[new["armies"][seat]]
        others = [a for a in new["armies"] if a not in own]
        hidden = sorted(k for a in others for k in new["objectives"][a] if k != new["revealed_objective"].get(a))
        hidden += sorted(new["objective_deck"])
        hidden.sort()
        rand.shuffle(hidden)
        for a in others:
            keep = [k for k in new["objectives"][a] if k == new["revealed_objective"].get(a)]
            size = len(new["objectives"][a]) - len(keep)
            new["objectives"][a], hidden = sorted(keep + hidden[:size]), hidden[size:]
        new["objective_deck"] = hidden
        for army in new["armies"]:
            if ALLIANCE_OF[army] == mine:
                continue
            side = ALLIANCE_OF[army]
            # a Bot's Reaction group is known Order by Order (each drawn one named, ruling TC123):
            # only its Prepared Orders, behind its screen or face down on the map, are dealt anew
            kept = solo.known_orders(new, army)
            spots = sorted(key for key, sides in new["sections"].items()
                           if sides[side] and sides[side][0] == army and sides[side][1] not in kept)
            pool = sorted([k for k in new["box"][army] if k not in kept] + [new["sections"][k][side][1] for k in spots])
            rand.shuffle(pool)
            for key in spots:
                new["sections"][key][side] = [army, pool.pop()]
            new["box"][army] = sorted(pool + [k for k in new["box"][army] if k in kept])
        planning.redeal_plan(new, seat, rand)
        st = new.get("strategy")
        for army in new["armies"]:
            for period, pile in new["events"][army].items():
                cards = sorted(pile)
                if st and st["rows"] is None and army != new["armies"][seat] and period == PERIODS[new["round"]]:
                    cards = sorted(cards + st["drawn"][army])
                rand.shuffle(cards)
                if st and st["rows"] is None and army != new["armies"][seat] and period == PERIODS[new["round"]]:
                    st["drawn"][army], cards = sorted(cards[:len(st["drawn"][army])]), cards[len(st["drawn"][army]):]
                new["events"][army][period] = cards
        for key, visible in (("missions", 2), ("diplomacy_cards", 1)):
            rest = sorted(new[key][visible:])
            rand.shuffle(rest)
            new[key] = new[key][:visible] + rest
        for _army, bot in sorted(new.get("bot", {}).items()):  # a Bot's Advanced group, face down
            group = sorted(bot["advanced"])
            rand.shuffle(group)
            bot["advanced"] = group
        setup_phase.redeal(new, seat, rand)
        redeal_sealed(new, seat, rand, self._sealed_choices)
        return new

    def _sealed_choices(self, s: State, seat: int) -> list:
        if s["phase"] == "variable":
            return setup_phase.sealed_choices(s, seat)
        if s["phase"] == "strategy":
            drawn = s["strategy"]["drawn"][s["armies"][seat]]
            return [[drawn[i] for i in order] for order in strategy.ORDERS]
        return list(range(s["gold"][seat] + 1))

    def text_table(self, view: dict) -> str:
        from .view import text_table
        return text_table(self, view)

    def describe(self, s: State, action: Action) -> str:
        from .view import describe
        return describe(self, s, action)

    def prompt(self, s: State) -> str:
        from .view import prompt
        return prompt(self, s)
