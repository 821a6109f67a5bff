"""Third Crusade's solo game in the browser: started from the front door's New game dialog with
one person against the Bot, a few decisions taken by clicks, the Bot's turns made by the engine
between them (its log lines name the Bot Table), and no Bot Order shown face up."""

from __future__ import annotations

import random

from test_third_crusade import phase_of, play_a_turn, shot, start

from conftest import where


def test_a_solo_game_starts_from_the_front_door_and_plays(table):
    page = table
    start(page, ["human"], seed=5, bots=2)
    assert where(page)[0] == "move"
    assert phase_of(page) == "strategy"
    slots = page.locator("#table [data-action^='slot ']")
    assert slots.count() == 4  # the four slots, the cards laid at random (p.20)
    shot(page, "solo-strategy")
    rand, seen = random.Random(2), set()
    for _ in range(14):
        kind, _steps = where(page)
        if kind == "over":
            break
        play_a_turn(page, rand, seen)
    assert "strategy" in seen and ("planning" in seen or "command" in seen), seen
    text = page.locator("body").inner_text()
    assert "Bot Ayyubid" in text or "Bot Turkoman" in text
    assert "PLANNING: PLACE" in text
    shot(page, "solo-later")


def test_one_person_commands_both_armies_of_an_alliance(table):
    page = table
    start(page, ["human"], seed=8, command=2)
    assert where(page)[0] == "move"
    mine = page.locator(".tc-seat .tc-tag", has_text="you")
    assert mine.count() == 2  # the Angevin and the Holy Roman Empire, both the person's
    assert page.locator(".tc-seat .tc-tag", has_text="the Bot").count() == 1
    rand, seen = random.Random(4), set()
    for _ in range(12):
        kind, _steps = where(page)
        if kind == "over":
            break
        play_a_turn(page, rand, seen)
    assert "strategy" in seen and ("planning" in seen or "command" in seen), seen
    shot(page, "solo-both-armies")


def test_the_optional_bot_rules_start_from_the_options(table):
    """The two optional Bot rules (rulings TC96, TC97) set as options: the game starts, and once
    the Command phase begins the log shows the Bot's new roll (the alternative rule of p.20)."""
    page = table
    start(page, ["human"], seed=5, bot_reroll=True, bot_diplomacy_column=True)
    assert where(page)[0] == "move"
    rand, seen = random.Random(2), set()
    for _ in range(30):
        kind, _steps = where(page)
        if kind == "over" or "alternative rule" in page.locator("body").inner_text():
            break
        play_a_turn(page, rand, seen)
    assert "at the start of the Command phase" in page.locator("body").inner_text()
