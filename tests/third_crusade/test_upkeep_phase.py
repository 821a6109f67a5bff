"""The Upkeep phase played in order, and the end of the game (p.17-18)."""

from __future__ import annotations

from outremer.core.actions import act
from outremer.games.third_crusade import diplomacy_phase, planning, strategy
from outremer.games.third_crusade import upkeep_phase as phase
from outremer.games.third_crusade.data import content
from outremer.games.third_crusade.state import ROUNDS, need, new_state, track

C = content()


def _state(armies=("angevin", "ayyubid"), seed=1):
    s = new_state(C, list(armies), seed)
    planning.setup_orders(C, s)
    strategy.setup_events(C, s)
    diplomacy_phase.setup(C, s)
    phase.setup(C, s)
    s["executed"] = {a: [] for a in s["armies"]}
    return s


def _answer(s, pick=lambda legal: legal[0]):
    log = []
    while phase.to_act(s) is not None:
        seat = phase.to_act(s)
        phase.perform(C, s, seat, pick(phase.legal(C, s, seat)), log)
    return log


def test_a_tithe_pays_command_points_for_a_gold_and_orders_left_cost_glory():
    """Steps 2-3: a Reaction Order left on the map may be tithed (its cost for 1 Gold, with
    Presence); every other Order left costs its Alliance a Glory."""
    s = _state()
    for region, (army, key) in {"tyre": ("angevin", "defence"), "sidon": ("angevin", "march_1")}.items():
        s["box"][army].remove(key)
        s["sections"][region]["crusader"] = [army, key]
    s["cp"][0] = 3
    gold = s["gold"][0]
    log = []
    phase.start(C, s, log)
    assert phase.to_act(s) == 0 and phase.legal(C, s, 0) == [act("tithe", "tyre"), act("keep")]
    phase.perform(C, s, 0, act("tithe", "tyre"), log)
    _answer(s, lambda legal: legal[-1])
    assert s["gold"][0] >= gold + 1 and s["cp"][0] == track(s, 0, "cp")  # round over: cp back to base
    lost = [e.text for e in log if "it left on the map" in e.text]
    assert len(lost) == 1 and "in Sidon; it is not Blank: 1 Glory away" in lost[0]  # the tithed Defence is gone
    assert all(len(box) >= 12 for box in s["box"].values())
    assert s["phase"] == "strategy" and s["round"] == 1


def test_short_of_supply_costs_glory_and_units_come_home_until_it_is_enough():
    """Step 4A (p.17): the need above the supply track costs a Glory each, and Units come home
    until the need is met."""
    s = _state()
    s["reserve"]["angevin"]["siege"] -= 3  # Siege Engines and Cavalry away from the board (lost at sea)
    s["reserve"]["angevin"]["cavalry"] -= 6
    short = need(C, s, "angevin") - track(s, 0, "supply")
    assert short > 0
    log = []
    phase.start(C, s, log)
    seen = 0
    while phase.to_act(s) is not None:
        seat = phase.to_act(s)
        legal = phase.legal(C, s, seat)
        phase.perform(C, s, seat, legal[0] if legal[0].verb != "buy" else legal[-1], log)
        if legal[0].verb == "bring":
            seen += 1
            asked_again = phase.to_act(s) == seat and phase.legal(C, s, seat)[0].verb == "bring"
            if not asked_again:  # the step ends when the need is met or nothing is left to bring
                on_map = [
                    p
                    for v in s["map"].values()
                    for p in v
                    if p and p.startswith("angevin:") and p.split(":")[1] in ("infantry", "cavalry", "siege")
                ]
                assert need(C, s, "angevin") <= track(s, 0, "supply") or not on_map
    assert seen >= 1
    assert any(f"{short} supply short: {short} Glory away" in e.text for e in log)


def test_the_fourth_round_ends_in_objectives_and_a_result_with_the_final_winner():
    """p.18: after 1192 each player reveals an Objective; the Alliance with the most Glory wins;
    in 4 players the Final Winner is decided between the partners."""
    s = _state(("angevin", "hre", "ayyubid", "turkoman"))
    s["round"] = len(ROUNDS) - 1
    s["glory"] = 3
    log = []
    phase.start(C, s, log)
    _answer(s, lambda legal: legal[-1] if legal[-1].verb in ("keep", "done") else legal[0])
    assert s["phase"] == "over"
    result = s["result"]
    assert result["team"] in (0, 1, None)
    if result["team"] is not None:
        winners = result["winners"]
        assert winners and all(
            s["armies"][w] in (("angevin", "hre") if result["team"] == 0 else ("ayyubid", "turkoman")) for w in winners
        )
        assert "Final Winner" in result["text"]
    assert len(s["revealed_objective"]) == 4


def test_ten_glory_ends_the_game_at_the_victory_check():
    s = _state()
    s["glory"] = -12
    log = []
    phase.start(C, s, log)
    _answer(s)
    assert s["phase"] == "over" and s["result"]["team"] == 1 and s["result"]["winners"] == [1]


def test_a_victory_check_follows_the_diplomacy_phase():
    """Sequence of play (Overview; p.16): a victory check ends the Diplomacy phase. The Ayyubid
    wins the bid and takes reward 2 of Bedouin Tribes, +1 Glory, bringing the Muslims to 10:
    the game ends there, before Upkeep counts its Mission or the Orders left on the map."""
    from outremer.games import get_game
    from outremer.games.third_crusade.diplomacy import board

    game = get_game("third-crusade")
    s, _ = game.start(game.make_setup(1, ["random", "random"], {}))
    s["glory"] = -9
    s["diplomacy_cards"].remove("bedouin_tribes")
    s["diplomacy_cards"].insert(0, "bedouin_tribes")
    s["strategy"], s["sealed"], s["_started"] = None, None, "diplomacy"
    diplomacy_phase.start(C, s)
    log = []

    def play(action):
        nonlocal s
        s, events = game.apply(s, action)
        log.extend(events)

    for _ in range(2):
        play(act("bid", 1 if s["armies"][game.to_act(s)] == "ayyubid" else 0))
    play(act("reward", 2))
    assert s["glory"] == -10 and s["phase"] == "diplomacy"
    while s["phase"] == "diplomacy":
        legal = game.legal_actions(s)
        moves = [a for a in legal if a.verb == "move" and board().space(a.args[0]).gives != "glory"]
        play(moves[0] if moves else next((a for a in legal if a.verb == "discard"), legal[0]))
    assert s["phase"] == "over" and s["result"]["team"] == 1 and s["result"]["winners"] == [1]
    assert any(e.rule == "p.16" and "end of the Diplomacy phase" in e.text for e in log)
    assert not any("Mission" in e.text or "it left on the map" in e.text for e in log)


def test_the_treaty_of_jaffa_holds_until_the_end_of_the_round():
    """The Treaty of Jaffa ("Until the end of the round no Unit may March ... into Jerusalem,
    Jaffa or Ascalon", events.SPECIALS; ruling TC39): the truce lasts through the Diplomacy phase
    and Upkeep and ends with the round; the next round's Marches may go there again."""
    from outremer.games.third_crusade.moves import destinations

    s = _state()
    s["truce"] = ["jerusalem", "jaffa", "ascalon"]
    assert "jaffa" not in destinations(C, s, "acre", False, [])
    log = []
    phase.start(C, s, log)
    log += _answer(s, lambda legal: legal[-1])
    assert s["phase"] == "strategy" and s["round"] == 1
    assert not s.get("truce") and "jaffa" in destinations(C, s, "acre", False, [])
    assert any(e.rule == "TC39" and "Treaty of Jaffa ends" in e.text for e in log)


def test_orders_left_on_the_map_are_revealed_by_name_at_upkeep():
    """Step 3: "every Order still on the map is revealed": the log names each, so that every
    player learns which were bluffs; Blank Orders cost no Glory."""
    from outremer.games.third_crusade.cards import orders

    s = _state()
    placed = {"sidon": ("angevin", "march_1"), "tyre": ("angevin", "blank_1"), "acre": ("ayyubid", "blank_2")}
    for region, (army, key) in placed.items():
        s["box"][army].remove(key)
        s["sections"][region]["crusader" if army == "angevin" else "muslim"] = [army, key]
    s["initiative"] = [0, 1]
    log = []
    phase.start(C, s, log)
    _answer(s, lambda legal: legal[-1])
    name = {k: next(o.name for o in orders("angevin") if o.key == k) for k in ("march_1", "blank_1", "blank_2")}
    lines = [e for e in log if "it left on the map" in e.text]
    assert [e.text for e in lines] == [
        f"Angevin reveals the Orders it left on the map: {name['march_1']} in Sidon and {name['blank_1']} in Tyre; "
        "1 of them not Blank: 1 Glory away from its Alliance.",
        f"Ayyubid reveals the Order it left on the map: {name['blank_2']} in Acre; it is Blank: no Glory lost.",
    ]
    assert all(e.rule == "p.17" and e.private is None for e in lines)


def test_after_an_early_victory_the_final_winner_compares_the_better_objective():
    """p.18 and ruling TC77: a victory check ends the game before any Objective is revealed; the
    Objective tie-breaker then compares the card each partner would reveal, the better of its
    two, never the first in the file's order. The Angevin's Ahamant card counts 1 City it
    Controls (Kerak), its Kerak card 2 (Kerak, Ascalon); the Holy Roman Empire's best is 1
    (Jaffa). Faith and Mercantile Cities level: the Angevin takes the Objective point and wins,
    though the Holy Roman Empire has more Gold."""
    from outremer.games.third_crusade.moves import add

    s = _state(("angevin", "hre", "ayyubid"))
    for key in s["map"]:
        s["map"][key] = [None] * 9
    for key, army in (("kerak", "angevin"), ("ascalon", "angevin"), ("jaffa", "hre"), ("damascus", "ayyubid")):
        add(C, s, key, f"{army}:infantry")
    s["objectives"] = {"angevin": ["ahamant", "kerak"], "hre": ["acre", "jaffa"], "ayyubid": ["sidon", "tyre"]}
    s["faith"]["crusader"] = 0
    s["gold"] = [1, 5, 0]
    s["glory"] = 10
    log = []
    assert phase.victory_check(C, s, log, "p.13")
    assert s["result"]["winners"] == [0], s["result"]["text"]
    assert "better Objective (2 to 1 Cities)" in s["result"]["text"]
