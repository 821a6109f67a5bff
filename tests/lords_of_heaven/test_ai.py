"""The Lords of Heaven heuristic uses the Fortresses (p.6): it places them where a stronger
neighbour can reach it, and it counts them in every Battle it weighs. It asks the Ally furthest
behind on the VP track, and asks and answers across the faiths (p.10)."""

import random

from outremer.ai import decide
from outremer.ai.lords_of_heaven import LordsOfHeavenHeuristic

from .scenario import BYZ, CAL, CONTENT, CRU, GAME, SEL, border, card, loc, play, started, turn_of


def choice(s, seat):
    return decide(LordsOfHeavenHeuristic(), GAME, s, seat, random.Random(1)).text


def to_battles(s, seat):
    """``seat`` plays Turcopoles under Movement and moves nothing: its Battles are offered."""
    s = turn_of(s, seat, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s, _ = play(s, f"play {card('Turcopoles')} 2")
    while not any(a.verb == "battle" for a in GAME.legal_actions(s)):
        s, _ = play(s, "done")
    return s


def to_ask(s, seat, where, defender):
    """``seat`` starts a Battle against ``defender``, the heuristic playing every step up to the
    asking of an Ally."""
    s, _ = play(to_battles(s, seat), f"battle {where} {defender}")
    while not any(a.verb == "ask" for a in GAME.legal_actions(s)):
        s, _ = play(s, choice(s, GAME.to_act(s)))
    return s


def outmatched_in_antiocheia():
    """The Byzantines' 1 Support in Antiocheia, the Crusaders' 3 next door in Iconium with a
    Knight and Footmen: late in the game, when a Fortress's Recruitment points are worth little."""
    s = started()
    ant, ico = loc("antiocheia"), loc("iconium")
    s["crusade"], s["round"], s["rounds"] = 2, 5, s["rounds"][:1]
    s["support"][ant] = [1, 0, 0, 0]
    s["stock"][CRU].update(footman=6, knight=2)
    s["stock"][BYZ].update(gold=12, faith=0, footman=2)
    assert s["support"][ico][CRU] == 3
    return turn_of(s, BYZ, ["Pilgrims", "Holy Zeal", "Turcopoles"])


def test_outmatched_next_to_a_stronger_neighbour_it_builds_a_fortress_on_that_region():
    s = outmatched_in_antiocheia()
    first = choice(s, BYZ)
    assert first.startswith("play ") and first.endswith(" 0"), first  # Development
    s, _ = play(s, first)
    if choice(s, BYZ) == "effect":
        s, _ = play(s, "effect")
    built = choice(s, BYZ)
    row, site = map(int, built.split()[1:])
    assert row == 1 and loc("antiocheia") in CONTENT.borders[site], built


def test_it_counts_the_defenders_fortresses_in_a_battle_it_weighs():
    """Between two Battles in Antiocheia it picks the weaker opponent; between two Byzantine
    Fortresses at level 3 (6 Strength more) the Byzantines are no longer the weaker one."""
    s = started()
    ant = loc("antiocheia")
    s["support"][ant] = [1, 1, 3, 0]
    s["stock"][CRU].update(footman=6, knight=1, gold=10)
    s["stock"][BYZ].update(footman=2, knight=0, faith=0, gold=2)
    s["stock"][SEL].update(footman=4, knight=0, faith=0)
    s = to_battles(s, CRU)
    assert choice(s, CRU) == f"battle {ant} {BYZ}"
    for other in ("iconium", "tripoli"):
        s["fortress"][border("antiocheia", other)] = BYZ
    s["upgrades"][BYZ][1] = 3
    assert choice(s, CRU) == f"battle {ant} {SEL}"


def test_a_faction_alone_in_its_faith_asks_and_is_answered_across_the_faiths():
    """3 players without the Byzantines: the Crusaders, fighting the Seljuk in Antiocheia, ask
    the Caliphate, whose Support stands next door in Tripoli, and the Caliphate comes (an Ally
    scores 1 VP, and 1 more if its side wins: p.10 step 12); before, the faiths kept them
    apart and the Crusaders fought alone."""
    s = started(3, {"absent": "byzantines"})
    cru, sel, cal = (s["factions"].index(f) for f in ("crusaders", "seljuk", "caliphate"))
    ant, tri = loc("antiocheia"), loc("tripoli")
    s["support"][ant] = [0] * 3
    s["support"][ant][cru], s["support"][ant][sel] = 3, 1
    s["support"][tri][cal] = 1
    s["stock"][cru].update(footman=6, knight=1, gold=10)
    s = to_ask(s, cru, ant, sel)
    assert choice(s, cru) == f"ask {cal}"
    s, _ = play(s, f"ask {cal}")
    assert GAME.to_act(s) == cal and choice(s, cal) == "accept"


def test_it_asks_the_ally_furthest_behind_and_between_equals_its_own_faith():
    """4 players: the Crusaders fight the Seljuk in Antiocheia; the Byzantines (Christians) and
    the Caliphate both have Support next door. The Ally scores VP (p.10 step 12), so the
    Crusaders ask the one further behind on the VP track; level, their fellow Christians."""
    s = started()
    ant = loc("antiocheia")
    s["support"][ant] = [0, 1, 3, 0]
    s["support"][loc("edessa")][BYZ] = 1
    s["support"][loc("tripoli")][CAL] = 1
    s["stock"][CRU].update(footman=6, knight=1, gold=10)
    s = to_ask(s, CRU, ant, SEL)
    s["vp"][BYZ], s["vp"][CAL] = 6, 6
    assert choice(s, CRU) == f"ask {BYZ}"
    s["vp"][BYZ], s["vp"][CAL] = 7, 4
    assert choice(s, CRU) == f"ask {CAL}"


def test_behind_on_the_vp_track_it_does_not_help_the_leader():
    """4 players: the Crusaders, fighting the Seljuk in Antiocheia, ask the Caliphate next door.
    The Caliphate comes while the Crusaders do not lead the VP track; once they lead it by a
    single VP, it declines: as the winner's side, the leader would score 3 VP to its Ally's 2."""
    s = started()
    ant = loc("antiocheia")
    s["support"][ant] = [0, 1, 3, 0]
    s["support"][loc("tripoli")][CAL] = 1
    s["stock"][CRU].update(footman=6, knight=1, gold=10)
    s = to_ask(s, CRU, ant, SEL)
    s["vp"] = [5, 5, 5, 5]
    s, _ = play(s, f"ask {CAL}")
    assert choice(s, CAL) == "accept"
    s["vp"] = [5, 4, 6, 5]
    assert choice(s, CAL) == "decline"
