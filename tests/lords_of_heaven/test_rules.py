"""Single rules of Lords of Heaven and the rulings that settle them (docs/rulings/lords-of-heaven.md)."""

from outremer.games.lords_of_heaven.state import controller, visible_benefits
from outremer.games.lords_of_heaven.turn import end_game

from .scenario import BYZ, CAL, CONTENT, CRU, GAME, SEL, card, loc, play, rig, started, turn_of


def legal(s):
    return [a.text for a in GAME.legal_actions(s)]


def test_placing_on_a_taken_level_pushes_the_chain_down_and_off_the_ladder():
    """Ruling LH8: the Influence on the level drops one, one below it drops first, and one pushed
    below the lowest level returns to stock."""
    s = started()
    edessa = loc("edessa")
    assert s["city"][edessa] == [BYZ, SEL, None]
    # the Crusaders' Influence in Iconium, next to Edessa, opens Edessa (ruling LH14)
    s = turn_of(s, CRU, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["stock"][CRU].update(gold=10)
    presence = s["presence"][BYZ]
    s, _ = play(s, f"play {card('Turcopoles')} 1", f"influence {edessa} 1")
    assert s["city"][edessa] == [SEL, CRU, None]
    assert s["presence"][BYZ] == presence + 1


def test_influence_goes_only_near_influence_held_at_the_start_of_the_turn():
    """Ruling LH14: a City next to a Location where the player had Influence (the Caliphate's in
    Jerusalem and Ascalon), or one where it is raised."""
    s = started()
    s = turn_of(s, CAL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["stock"][CAL].update(gold=20)
    s, _ = play(s, f"play {card('Turcopoles')} 1")
    places = {int(t.split()[1]) for t in legal(s) if t.startswith("influence")}
    held = {loc("jerusalem"), loc("ascalon")}
    assert places <= held | {n for x in held for n in CONTENT.locations[x].borders if n in s["on_board"]}
    assert loc("iconium") not in places and loc("edessa") not in places


def test_a_citadel_protects_its_builder_on_the_top_level():
    """p.8 and ruling LH15: a controller with a Citadel there cannot be pushed by Presence."""
    s = started()
    tyrus = loc("tyrus")
    s["city"][tyrus] = [None, None, SEL]
    s["citadel"][tyrus] = SEL
    s["support"][tyrus][CAL] = 1
    s = turn_of(s, CAL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["stock"][CAL].update(gold=20)
    s, _ = play(s, f"play {card('Turcopoles')} 1")
    assert f"influence {tyrus} 2" not in legal(s) and f"influence {tyrus} 1" in legal(s)


def test_only_the_top_cards_second_benefit_shows():
    """Ruling LH10: each card's first icon shows; the second only on the top card."""
    pilgrims, barons = card("Pilgrims"), card("The Barons' Dispute")
    assert visible_benefits(CONTENT, [pilgrims, barons]) == [("gold", 2), ("gold", 1), ("faith", 1)]
    assert visible_benefits(CONTENT, [barons, pilgrims]) == [("gold", 1), ("gold", 2), ("footman", 1)]


def test_one_conflict_a_turn_in_the_first_crusade():
    """p.10 and ruling LH13: after Movement, one conflict in the 1st Crusade, two in the 2nd."""
    s = started()
    antiocheia = loc("antiocheia")
    s["stock"][SEL].update(gold=0, faith=0, footman=0)
    s["stock"][BYZ].update(gold=0, faith=0, footman=0)
    s = turn_of(s, SEL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["turn"]["column"] = 2
    s["step"] = "conflicts"
    assert f"battle {antiocheia} {BYZ}" in legal(s)
    s["turn"]["conflicts"] = 1
    assert legal(s) == ["end"]
    s["crusade"] = 2
    assert f"battle {antiocheia} {BYZ}" in legal(s)


def _siege_won(outcome):
    """Seljuk besieges Iconium (Crusaders on the middle level, Byzantines below) and wins."""
    s = started()
    iconium = loc("iconium")
    s["support"][iconium][SEL] = 2
    s["support"][iconium][CRU] = 0
    s["stock"][SEL].update(footman=4, faith=0, gold=0)
    s["stock"][CRU].update(footman=0, knight=0, siege_tower=0, faith=0, gold=0)
    s = turn_of(s, SEL, ["Armenian Soldiery", "Holy Zeal", "Turcopoles"])
    s["turn"]["column"] = 2
    s["step"] = "conflicts"
    s, _ = play(s, f"siege {iconium}")
    assert s["conflict"]["defender"] == CRU  # the highest Influence among the others (p.11)
    rig(s, "blank", "blank")
    s, _ = play(s, f"commit {card('Armenian Soldiery')} 4 0 0", "commit 0 0 0 0", outcome)
    return s, iconium


def test_a_siege_won_takes_the_top_level():
    """Ruling LH19: the Defender's Influence returns to stock, the winner's goes to the top."""
    s, iconium = _siege_won("take")
    assert controller(s, iconium) == SEL and CRU not in s["city"][iconium] and BYZ in s["city"][iconium]


def test_a_ransacked_city_is_emptied_for_its_gold():
    s, iconium = _siege_won("ransack")
    assert s["city"][iconium] == [None, None, None]
    assert s["stock"][SEL]["gold"] == CONTENT.location("iconium").ransack


def test_a_tie_in_strength_goes_to_the_defender():
    """Ruling LH17."""
    s = started()
    antiocheia = loc("antiocheia")
    for seat in (SEL, BYZ):
        s["stock"][seat].update(footman=1, faith=0, gold=0, knight=0, siege_tower=0)
    s = turn_of(s, SEL, ["Holy Zeal", "Pilgrims", "Turcopoles"])
    s["turn"]["column"] = 2
    s["step"] = "conflicts"
    s["support"][loc("edessa")][SEL] = 0
    s, _ = play(s, f"battle {antiocheia} {BYZ}")
    rig(s, "blank", "blank")
    s, _ = play(s, "alone", "alone", "commit 0 1 0 0", "commit 0 1 0 0")
    assert s["last_conflict"]["strength"] == [1, 1] and s["last_conflict"]["winner"] == BYZ


def test_a_tie_in_vp_goes_to_jerusalem_else_it_is_shared():
    """p.4 and ruling LH22."""
    s = started()
    jerusalem = loc("jerusalem")
    s["crusade"] = 2
    s["vp"] = [10, 10, 10, 3]
    s["city"][jerusalem] = [None, None, SEL]
    end_game(CONTENT, s, [])
    assert s["result"]["winners"] == [SEL]
    s = started()
    s["vp"] = [10, 10, 10, 3]
    s["city"][jerusalem] = [None, None, CAL]
    end_game(CONTENT, s, [])
    assert s["result"]["winners"] == [BYZ, SEL, CRU]


def test_after_the_first_crusade_each_player_puts_back_two_cards():
    """p.7 and ruling LH21: draw 2, put 2 on the bottom of the deck; Damascus and Aleppo enter."""
    from outremer.games.lords_of_heaven.turn import end_crusade

    s = started()
    for seat in range(4):
        s["hands"][seat] = [s["deck"].pop(0) for _ in range(3)]
    end_crusade(CONTENT, s, [])
    assert s["step"] == "putback" and len(s["on_board"]) == 9
    assert all(len(h) == 5 for h in s["hands"])
    first = s["putback"]["order"][0]
    c1, c2 = s["hands"][first][:2]
    s, _ = play(s, f"putback {c1}", f"putback {c2}")
    assert s["deck"][-2:] == [c1, c2] and len(s["hands"][first]) == 3
