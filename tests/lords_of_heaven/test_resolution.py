"""How a card played for Development or Presence resolves: its effect and its action in either
order (p.7), where Influence goes (p.8), what Income pays (p.9), and the rulings that settle
them (LH14, LH27, LH29-LH31)."""

from outremer.games.lords_of_heaven.conflict import limit

from .scenario import BYZ, CAL, CONTENT, CRU, GAME, SEL, card, loc, play, started, turn_of


def legal(s):
    return [a.text for a in GAME.legal_actions(s)]


def places(s):
    return {int(t.split()[1]) for t in legal(s) if t.startswith("influence")}


def test_an_effect_that_moves_away_the_only_site_leaves_the_development_to_be_ended():
    """p.7 and ruling LH29: Horse Archers' effect, resolved first, moves the Seljuk's only Support
    off the one Region where a Mosque could go; the Development cannot be performed, and the
    player ends the action instead of being left with nothing to do."""
    s = started()
    antiocheia, edessa = loc("antiocheia"), loc("edessa")
    s["buildings"][SEL] = [2, 0, 0]  # one Mosque left to place, no Fortress, no Citadel
    s["church"][edessa][SEL] = 1
    s["support"][edessa][SEL] = 0
    s["support"][antiocheia][SEL] = 1
    s = turn_of(s, SEL, ["Horse Archers", "Holy Zeal", "Pilgrims"])
    s, _ = play(s, f"play {card('Horse Archers')} 0")
    assert legal(s) == ["effect", f"build 0 {antiocheia}"]
    s, log = play(s, "effect", f"shift {antiocheia} {edessa}", "stop")
    assert s["step"] == "development" and legal(s) == ["done"]
    s, log = play(s, "done")
    assert any(e.rule == "LH29" for e in log)
    assert s["buildings"][SEL] == [2, 0, 0] and s["seat"] == (SEL + 1) % 4 and s["step"] == "turn"


def test_the_free_placement_holds_only_while_the_player_has_no_influence():
    """p.8 and ruling LH30: with no Influence on the board the Caliphate places one in any City
    (Jerusalem); once it stands there the usual rule decides, and at the start of the turn it had
    no Influence anywhere: no second City is offered. Support may follow its Influence."""
    s = started()
    jerusalem, ascalon = loc("jerusalem"), loc("ascalon")
    for city in (jerusalem, ascalon):
        s["city"][city] = [None if x == CAL else x for x in s["city"][city]]
        s["presence"][CAL] += 1
    s = turn_of(s, CAL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["stock"][CAL].update(gold=20, faith=0)
    s, _ = play(s, f"play {card('Pilgrims')} 1")
    assert s["stock"][CAL]["gold"] == 20  # the action is free (p.8)
    assert places(s) == set(s["on_board"])
    s, _ = play(s, f"influence {jerusalem} 1")
    assert places(s) == set()
    assert f"support {jerusalem}" in legal(s) and "done" in legal(s)


def test_influence_goes_next_to_influence_not_next_to_support():
    """p.8 and ruling LH14: "adjacent to a Location that already had your Influence at the start of
    your turn". The Crusaders' Support in Tripoli opens no City; their Influence in Iconium opens
    its neighbours, Edessa and Antiocheia, and may rise in Iconium."""
    s = started()
    tripoli = loc("tripoli")
    s["support"][tripoli][CRU] = 1
    s = turn_of(s, CRU, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["stock"][CRU].update(gold=20)
    s, _ = play(s, f"play {card('Turcopoles')} 1")
    assert places(s) == {loc("iconium"), loc("edessa"), loc("antiocheia")}


def test_a_push_with_nothing_to_push_is_not_offered_for_its_price():
    """Ruling LH31: The Barons' Dispute (pay 2, push Christian Influence) with no Christian
    Influence on the board can do nothing: it is not offered, and no Gold is asked."""
    s = started()
    for city in s["city"]:
        for lv, who in enumerate(city):
            if who in (BYZ, CRU):
                city[lv] = None
    s = turn_of(s, SEL, ["The Barons' Dispute", "Holy Zeal", "Pilgrims"])
    s["stock"][SEL].update(gold=10, faith=0)
    barons = card("The Barons' Dispute")
    s, _ = play(s, f"play {barons} 1")
    assert "effect" not in legal(s)
    s, _ = play(s, "done")
    assert s["step"] == "turn" and s["seat"] != SEL  # no "after" step for an effect that can do nothing


def test_a_push_step_with_nothing_to_push_asks_no_price():
    """Ruling LH31: John II before Antioch pays 1 to push an opponent, then places Influence. With
    no opponent's Influence on the board the push is passed over without its price, and the
    Influence is placed."""
    s = started()
    for city in s["city"]:
        for lv, who in enumerate(city):
            if who not in (None, BYZ):
                city[lv] = None
    s = turn_of(s, BYZ, ["John II before Antioch", "Holy Zeal", "Pilgrims"])
    s["stock"][BYZ].update(gold=2, faith=0)
    s, _ = play(s, f"play {card('John II before Antioch')} 1")
    assert s["stock"][BYZ]["gold"] == 0 and "effect" in legal(s)
    s, _ = play(s, "effect", f"place {loc('antiocheia')}")
    assert s["stock"][BYZ]["gold"] == 0 and BYZ in s["city"][loc("antiocheia")]


def test_a_presence_that_can_do_nothing_is_not_offered_for_its_cost():
    """Ruling LH31: a player with no Presence marker in stock and no Gold left after the Cost to
    raise an Influence cannot play for Presence a card whose effect it cannot use."""
    s = started()
    s = turn_of(s, CAL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    s["presence"][CAL] = 0
    s["stock"][CAL].update(gold=1, faith=0)
    assert f"play {card('Pilgrims')} 1" not in legal(s)
    s["stock"][CAL].update(gold=4)  # enough to raise in Ascalon after the Cost
    assert f"play {card('Pilgrims')} 1" in legal(s)


def test_every_influence_yields_its_citys_income():
    """p.9 and ruling LH27: "the sum of Gold for all of your Influence in all Cities": the
    Caliphate's Influence on the lowest level of Ascalon yields Ascalon's income as its
    Influence in the middle of Jerusalem yields Jerusalem's."""
    s = started()
    assert s["city"][loc("ascalon")][0] == CAL
    s = turn_of(s, CAL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    before = s["stock"][CAL]["gold"]
    s, _ = play(s, f"play {card('Pilgrims')} 3", "provision 2")  # 2 Faith: only Gold from Cities
    benefit = CONTENT.cards[card("Pilgrims")].benefit[0]
    got = s["stock"][CAL]["gold"] - before - (benefit[1] if benefit[0] == "gold" else 0)
    assert got == CONTENT.location("ascalon").income + CONTENT.location("jerusalem").income


def test_a_destroyed_citadel_still_raises_the_allowance():
    """p.6 and ruling LH15: a besieged player commits 1 Unit, 1 more "for each Citadel that is not
    on your player board" (a ransacked Citadel goes to the general supply, not back), and 2 for
    each of its Support there."""
    s = started()
    s["buildings"][CRU] = [3, 3, 1]  # two Citadels off the board: one standing, one ransacked
    siege = {"kind": "siege", "loc": loc("iconium"), "defender": CRU}
    s["support"][loc("iconium")][CRU] = 1
    assert limit(CONTENT, s, siege, CRU) == 1 + 2 + 2
