"""The rulebook's worked examples, played through the engine (Crusader Kingdoms)."""

from outremer.core.actions import Action
from outremer.games import get_game

GAME = get_game("crusader-kingdoms")
CARDS = GAME.cards


def troop(deck, value, taken=()):
    return next(c.id for c in CARDS if c.deck == deck and c.type == "troop" and c.value == value and c.id not in taken)


def named(deck, name):
    return next(c.id for c in CARDS if c.deck == deck and c.name == name)


def fresh(players, seed=1):
    setup = GAME.make_setup(seed, ["human"] * players)
    state, _ = GAME.start(setup)
    return state


def area(state, key):
    return GAME.flow(state).board.index(key)


def act(state, text):
    new, log = GAME.apply(state, Action.parse(text))
    return new, log


def test_antioch_attacks_homs_from_latakia():
    """Rulebook 4.1 and 4.2, combat example: Antioch attacks Homs from Latakia with Troops 2 and 3
    (5 dice) against Homs' 3 plus its +1 castle (4 dice); Damascus's Leader turns a 2 and a 3 into
    4s (ruling R11); Antioch wins 3 hits to 2; Damascus's Card Bonus goes from 0 to −1 and
    Antioch advances its own from 1 to 2 (rule 6)."""
    s = fresh(4)
    damascus, antioch = 0, 2
    homs, latakia = area(s, "homs"), area(s, "latakia")
    assert homs in GAME.flow(s).board.areas[latakia].borders
    assert GAME.flow(s).board.areas[homs].defence == 3
    two, three = troop("christian", 2), troop("christian", 3)
    leader = named("muslim", "Leader")
    s["hands"] = [[leader], [], [two, three], []]
    s["plus"][homs] = True
    s["bonus"][antioch] = 1
    s["current"] = antioch
    s["deck"] = {"christian": [], "muslim": []}
    assert Action("attack", (homs,)) in GAME.legal_actions(s)
    s, _ = act(s, f"attack {homs}")
    s, _ = act(s, f"add {two}")
    s, _ = act(s, f"add {three}")
    s, _ = act(s, "go")
    assert GAME.to_act(s) == damascus  # with quick responses, the only one holding a response (R10)
    view = GAME.view(s, damascus)
    assert view["attack"]["placed"] == [{"seat": antioch, "side": "attack", "card": None}] * 2  # face down
    # Antioch rolls 1, 3, 4, 4, 6; Damascus 1, 1, 2, 3 (scripted chance: die face − 1)
    s["rigged"] = [0, 2, 3, 3, 5, 0, 0, 1, 2]
    # Damascus places its last response; no +1 castle stands next to Homs, so the cards are revealed
    s, _ = act(s, f"add {leader} defence")
    assert s["step"] == "reward" and not s["rigged"]
    fight = s["attack"]
    assert fight["dice"]["attack"][0] == [1, 3, 4, 4, 6]
    assert fight["dice"]["defence"] == [[1, 1, 2, 3], [1, 1, 4, 4]]
    assert fight["hits"] == [3, 2] and fight["winner"] == "attack"
    assert s["owner"][homs] == antioch and s["plus"][homs] is False
    assert s["bonus"][damascus] == -1
    assert GAME.to_act(s) == antioch and Action("bonus") in GAME.legal_actions(s)
    s, _ = act(s, "bonus")
    assert s["bonus"][antioch] == 2
    assert two in s["discard"]["christian"] and three in s["discard"]["christian"]
    assert leader in s["discard"]["muslim"]


def test_automaton_attacks_turbessel_in_the_cooperative_game():
    """Rulebook 8.3, example: after Leopold's round the Muslims reveal a 2-Troop and add it to
    their army (another 2 already there): strength 4; the die shows 3, below 4, so they attack
    the adjacent area with the lowest id of the player whose Muslim round it is — Leopold's
    Turbessel (12) — and not Richard's Jerusalem (1)."""
    s = fresh(2)
    richard, leopold = 0, 1
    board = GAME.flow(s).board
    jerusalem, turbessel, antioch = area(s, "jerusalem"), area(s, "turbessel"), area(s, "antioch")
    assert board.areas[jerusalem].id == 1
    assert {area(s, "edessa"), area(s, "aleppo")} <= set(board.areas[turbessel].borders)
    s["owner"] = [-1] * len(board.areas)
    s["owner"][jerusalem] = richard
    s["owner"][area(s, "tripoli")] = richard
    s["owner"][antioch] = leopold
    s["owner"][turbessel] = leopold
    first = troop("muslim", 2)
    second = troop("muslim", 2, taken=(first,))
    s["auto"]["army"] = [first]
    s["auto"]["queue"] = [second]
    s["hands"] = [[], []]
    s["current"], s["slot"], s["step"] = leopold, "done", "action"
    s["rigged"] = [2]  # the activation die shows 3
    log = []
    GAME.flow(s)._solo_next(s, log)
    GAME.settle(s, log)
    attack = s["attack"] if s["attack"] is not None else s["last_attack"]
    assert attack["attacker"] == -1 and attack["defender"] == leopold
    assert attack["area"] == turbessel
    assert attack["bonus_dice"] == 4
    assert any("rolls 3: it attacks Turbessel" in e.text for e in log)
