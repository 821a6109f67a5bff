"""The rulebook's worked examples, with their numbers (p.8-12)."""

from outremer.games.lords_of_heaven.state import controller, new_state

from .scenario import (
    BYZ,
    CAL,
    CONTENT,
    CRU,
    GAME,
    SEL,
    antiocheia_battle,
    border,
    card,
    loc,
    play,
    rig,
    started,
    turn_of,
)


def test_development_holy_zeal():
    """p.8: Robert (Crusaders) plays Holy Zeal for Development, pays 3, places a Fortress next to
    Iconium, upgrades his Fortresses (ruling LH5) and, the card being Christian, gains 2 Faith."""
    s = started()
    s["columns"][0] = [c.id for c in CONTENT.cards.values() if c.cost == 2][:1]  # 2 + Holy Zeal's 1
    s = turn_of(s, CRU, ["Holy Zeal", "Pilgrims", "Turcopoles"])
    s["stock"][CRU].update(gold=4, faith=3)
    s, log = play(s, f"play {card('Holy Zeal')} 0")
    assert s["stock"][CRU]["gold"] == 1  # paid 3
    s, log = play(s, f"build 1 {border('iconium', 'antiocheia')}", "effect")
    assert s["fortress"][border("iconium", "antiocheia")] == CRU
    assert s["upgrades"][CRU][1] == 2
    assert s["stock"][CRU]["faith"] == 5
    assert any(e.rule == "LH5" for e in log)


def test_presence_betrayal_of_the_emirs():
    """p.8: Beatrice (Byzantines) pays 3 for the Presence, 1 for the effect, which moves the
    Seljuk down in Edessa and the Caliphate down in Jerusalem while she rises; then 6 Gold raises
    her to the top of both Cities, and she takes their City Control markers."""
    s = started()
    s["columns"][1] = [c.id for c in CONTENT.cards.values() if c.cost == 1][:1]
    s = turn_of(s, BYZ, ["Betrayal of the Emirs", "Pilgrims", "Turcopoles"])
    s["stock"][BYZ].update(gold=10, faith=0)
    edessa, jerusalem = loc("edessa"), loc("jerusalem")
    assert s["city"][edessa] == [BYZ, SEL, None] and s["city"][jerusalem] == [BYZ, CAL, None]
    s, _ = play(s, f"play {card('Betrayal of the Emirs')} 1")
    assert s["stock"][BYZ]["gold"] == 7
    s, _ = play(s, "effect", f"push {edessa} {SEL}", f"push {jerusalem} {CAL}")
    assert s["city"][edessa] == [SEL, BYZ, None] and s["city"][jerusalem] == [CAL, BYZ, None]
    assert s["stock"][BYZ]["gold"] == 6
    s, _ = play(s, f"influence {edessa} 2", f"influence {jerusalem} 2")
    assert s["stock"][BYZ]["gold"] == 0
    assert controller(s, edessa) == BYZ and controller(s, jerusalem) == BYZ


def test_movement_pilgrims_then_battle():
    """p.9: George (Seljuk) plays Pilgrims for Movement and gains 2 Gold and 1 Footman, pays 1
    Gold to move 1 Support from Tripoli to Antiocheia, and may start a Battle there."""
    s = started()
    s["support"][loc("tripoli")][SEL] = 1
    s = turn_of(s, SEL, ["Pilgrims", "Holy Zeal", "Turcopoles"])
    before = dict(s["stock"][SEL])
    s, _ = play(s, f"play {card('Pilgrims')} 2")
    assert s["stock"][SEL]["gold"] == before["gold"] + 2 and s["stock"][SEL]["footman"] == before["footman"] + 1
    s, _ = play(s, f"move {loc('tripoli')} {loc('antiocheia')} 1", "done")
    assert s["stock"][SEL]["gold"] == before["gold"] + 1
    assert f"battle {loc('antiocheia')} {BYZ}" in [a.text for a in GAME.legal_actions(s)]


def test_income_the_barons_dispute():
    """p.9: Yarah (Caliphate) plays The Barons' Dispute for Income: 1 Gold, 1 Footman (showing on
    the card below) and 1 Faith, a provision of 2 Gold, and 1 Gold from her Influence in
    Jerusalem, the only Influence the example names (ruling LH27: every Influence yields its
    City's income, so her Influence in Ascalon, placed there at setup, is taken away here)."""
    s = started()
    s["city"][loc("ascalon")][0] = None
    s["presence"][CAL] += 1
    s["columns"][3] = [next(c.id for c in CONTENT.cards.values() if c.benefit[0] == ("footman", 1))]
    s = turn_of(s, CAL, ["The Barons' Dispute", "Holy Zeal", "Turcopoles"])
    before = dict(s["stock"][CAL])
    barons = card("The Barons' Dispute")
    s, _ = play(s, f"play {barons} 3", "provision 0")
    after = s["stock"][CAL]
    assert (after["gold"] - before["gold"], after["footman"] - before["footman"], after["faith"] - before["faith"]) == (
        4,
        1,
        1,
    )


def test_battle_in_antiocheia():
    """p.10-11: George (Seljuk) attacks Beatrice (Byzantines) in Antiocheia; Robert (Crusaders)
    refuses George and joins Beatrice, bringing 1 Support from Iconium for 1 Gold past his
    Fortress (a Footman: ruling LH24). 11 Strength against 8 + 2 from Robert's Fortress at level 2:
    George wins, scores 3 VP, the others 1 each; George's 5 Wounds take his 4 Footmen and a Support,
    the defenders' 2 a Footman each, as Beatrice decides; each may pay 1 Gold to bring one home."""
    s = antiocheia_battle()
    antiocheia, iconium = loc("antiocheia"), loc("iconium")
    vp = list(s["vp"])
    s, _ = play(s, f"battle {antiocheia} {BYZ}", "done", f"ask {CRU}", "decline")
    assert s["conflict"]["asker"] == BYZ
    s, log = play(s, f"ask {CRU}", "accept", f"bring {iconium}")
    assert s["stock"][CRU]["gold"] == 1 and s["stock"][CRU]["footman"] == 2 and s["support"][antiocheia][CRU] == 1
    rig(s, "both", "wound", "both", "wound")
    s, _ = play(
        s,
        f"commit {card('Ilghazi' + chr(39) + 's Turkmen')} 4 0 2",
        f"commit {card('Varangian Guard')} 2 0 0",
        "commit -1 2 0 2",
        f"second {card('Armenian Soldiery')}",
    )
    c = s["conflict"]
    assert c["strength"] == [11, 10]
    assert [s["vp"][p] - vp[p] for p in (SEL, BYZ, CRU)] == [3, 1, 1]
    assert s["support"][antiocheia][SEL] == 1  # 4 Footmen and 1 Support lost
    s, _ = play(s, f"wound {BYZ} 0", f"wound {CRU} 0")
    s, _ = play(s, "home 0", "home 0")
    assert s["stock"][BYZ]["footman"] == 1 and s["stock"][CRU]["footman"] == 1
    assert s["stock"][SEL]["footman"] == 0 and s["stock"][SEL]["faith"] == 0
    assert s["conflict"] is None and s["step"] == "conflicts"


def test_two_players_stand_in_for_the_absent_faction():
    """p.12: the Crusaders against the Muslims place Support in Antiocheia and Influence in Edessa
    and Jerusalem where the Byzantines would have, but nothing more in Iconium, where their own
    Influence stands higher."""
    s = new_state(CONTENT, ["seljuk", "crusaders"], 1)
    cru = 1
    assert s["support"][loc("antiocheia")][cru] == 1 and s["support"][loc("iconium")][cru] == 3
    assert s["city"][loc("edessa")][0] == cru and s["city"][loc("jerusalem")][0] == cru
    assert s["city"][loc("iconium")] == [None, cru]  # ruling LH4: the middle column is the top
    assert s["presence"][cru] == 10 - 3 - 4
