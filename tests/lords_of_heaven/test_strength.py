"""Where a conflict's Strength comes from (p.10-11 step 11; ``strength.strength_parts``): each
side's total is the sum of its named sources, kept with the conflict and the last conflict, and
the log's Strength line names them in words."""

import re

from .scenario import BYZ, CRU, SEL, antiocheia_battle, card, loc, play, rig, started, turn_of


def test_the_battle_in_antiocheia_by_source():
    """p.10-11, the Battle example: George's side 11 — 4 Footmen, 2 Faith, Ilghazi's Turkmen and the
    second card Armenian Soldiery, one Strength die; Beatrice and Robert 10 — 4 Footmen, 2 Faith,
    the Varangian Guard, one Strength die and Robert's Fortress at level 2 (4.fortress)."""
    s = antiocheia_battle()
    antiocheia, iconium = loc("antiocheia"), loc("iconium")
    s, _ = play(
        s, f"battle {antiocheia} {BYZ}", "done", f"ask {CRU}", "decline", f"ask {CRU}", "accept", f"bring {iconium}"
    )
    rig(s, "both", "wound", "both", "wound")
    s, log = play(
        s,
        f"commit {card('Ilghazi' + chr(39) + 's Turkmen')} 4 0 2",
        f"commit {card('Varangian Guard')} 2 0 0",
        "commit -1 2 0 2",
        f"second {card('Armenian Soldiery')}",
    )
    c = s["conflict"]
    assert c["strength"] == [11, 10]
    assert c["parts"] == [
        [["Units", 4], ["Faith", 2], ["cards", 4], ["dice", 1]],
        [["Units", 4], ["Faith", 2], ["cards", 1], ["dice", 1], ["Fortress", 2]],
    ]
    line = next(e for e in log if e.text.startswith("Strength: "))
    assert line.text == (
        "Strength: the Seljuk's side 11 (Units 4, Faith 2, cards 4, dice 1), the Byzantines' side 10 "
        "(Units 4, Faith 2, cards 1, dice 1, Fortress 2). The Seljuk wins."
    )
    assert line.rule == "7.battle"
    s, _ = play(s, f"wound {BYZ} 0", f"wound {CRU} 0", "home 0", "home 0")
    assert s["conflict"] is None and s["last_conflict"]["parts"] == c["parts"]


def test_a_siege_counts_the_defenders_citadel():
    """4.citadel and ruling LH15: a Citadel of the besieged Defender in the City adds its row's
    level to the Defender's Strength, named as the Citadel; the line names the Siege's rule."""
    s = started()
    iconium = loc("iconium")
    s["support"][iconium][SEL] = 2
    s["support"][iconium][CRU] = 0
    s["citadel"][iconium] = CRU
    s["buildings"][CRU][2] = 2
    s["upgrades"][CRU][2] = 2
    s["stock"][SEL].update(footman=1, faith=0, gold=0)
    s["stock"][CRU].update(footman=1, knight=0, siege_tower=0, faith=1, gold=0)
    s = turn_of(s, SEL, ["Holy Zeal", "Pilgrims", "Turcopoles"])
    s["turn"]["column"] = 2
    s["step"] = "conflicts"
    s, _ = play(s, f"siege {iconium}")
    rig(s, "blank", "blank")
    s, log = play(s, "commit 0 1 0 0", "commit 0 1 0 1")
    assert s["last_conflict"]["parts"] == [[["Units", 1]], [["Units", 1], ["Faith", 1], ["Citadel", 2]]]
    assert s["last_conflict"]["strength"] == [1, 4]
    line = next(e for e in log if e.text.startswith("Strength: "))
    assert re.fullmatch(
        r"Strength: the Seljuk's side 1 \(Units 1\), the Crusaders' side 4 \(Units 1, Faith 1, Citadel 2\)\. "
        r"The Crusaders win\.",
        line.text,
    ), line.text
    assert line.rule == "7.siege"
