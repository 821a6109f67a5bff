"""Levantine's generated blocks: the Territory Chart, the card notation, the card reference
(every card of ``cards.toml`` with its effect in our words, made from the card's fields) and
the table's legend (the table's own card drawing, ``table/lev_parts.html``)."""

from __future__ import annotations

import html

from markupsafe import Markup

import render
from games import levantine as table_view
from outremer.games.levantine import cards as deck
from outremer.games.levantine import state
from outremer.games.levantine.game import Levantine
from rules_blocks import options, table

ORDER = ("leader", "army", "fortification", "transport", "battle", "siege", "battle_siege", "event", "special")
"""The order of the card reference and of the notation table."""

TYPE_WORDS = {
    "leader": "Commands in play; one die in every Battle and Siege. Ages out after two Crusades.",
    "army": "Fights in play; one die in every Battle and Siege.",
    "fortification": "Built by the Defender; one die whenever its owner defends a Siege.",
    "transport": "Crusader only: lets one more Leader and one more Army enter play in the Recruit Phase.",
    "battle": "Played from the hand during a Battle for one more die, then discarded.",
    "siege": "Played from the hand during a Siege for one more die, then discarded.",
    "battle_siege": "Played from the hand during a Battle or a Siege for one more die.",
    "event": "A one-off effect; discarded once played.",
    "special": "Two possible uses: its owner picks one when he plays it.",
}
PLAY_WORDS = {
    "attack": "Enters play only in its owner's Recruit Phase, as Attacker.",
    "defend": "Enters play only in its owner's Defender Phase.",
    "any": "Enters play in the Recruit Phase or the Defender Phase.",
}
SIDE_WORDS = {"C": "Crusader", "M": "Muslim", "Z": "Either"}
POSSESSIONS = {
    0: "nothing of the Holy Land",
    1: "a foothold in Syria",
    2: "Syria and Jerusalem",
    3: "much of the Levant",
}
"""What each row of the Territory Chart stands for (the chart's middle column, in our words)."""


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _use(use: str, card: deck.Card) -> str:
    return {
        "transport": "a Transport (one more Leader and Army this Recruit Phase)",
        "draw": f"draw {_n(card.draw, 'card')}",
        "battle": "a Battle card (one more die in a Battle)",
        "leader": "a Leader",
        "army": "an Army",
    }[use]


BASIC = {
    "fortification": "Enters play in its owner's Defender Phase; rolls one die in every Siege he defends.",
    "transport": "In the Recruit Phase: one more Leader and one more Army may enter play.",
    "battle": "Discarded during a Battle for one more die.",
    "siege": "Discarded during a Siege for one more die.",
    "battle_siege": "Discarded during a Battle or a Siege for one more die.",
}
EVENT_WORDS = {
    "discard": lambda c: f"Your opponent discards {_n(c.discard, 'card')} of his choice from his hand.",
    "random_discard": lambda c: f"Your opponent loses {_n(c.discard, 'card')} taken at random from his hand.",
    "lose_army": lambda c: "Your opponent removes one of his Armies in play.",
    "lose_leader": lambda c: "Your opponent removes one of his Leaders in play.",
    "loser_discards_armies": lambda c: "In a Battle or Siege: whoever loses it removes all his Armies in play.",
    "loser_discards_leader": lambda c: "In a Battle or Siege: whoever loses it removes one of his Leaders.",
    "siege_winner_draws": lambda c: f"In a Siege: whoever wins it draws {_n(c.draw, 'card')}.",
    "enemy_leaders_battle": lambda c: f"In a Battle: each die of the opposing Leaders counts {abs(c.modifier)} less.",
    "enemy_armies_battle": lambda c: f"In a Battle: each die of the opposing Armies counts {abs(c.modifier)} less.",
    "no_attack_phase": lambda c: (
        "Played by the Defender in a Battle or Siege: that phase is called off and the attack ends for the turn."
    ),
    "no_attack_turn": lambda c: "Played by the Muslim when defending: the Crusaders may not attack again this turn.",
    "will_of_god": lambda c: (
        "Out of turn: cancel an Event your opponent has just played, or roll again any one die of a Battle or Siege."
    ),
}


def effect(card: deck.Card) -> str:
    """What a Levantine card does, in our words, from its fields (never from its rulebook note)."""
    parts: list[str] = []
    if card.type == "leader":
        parts.append(PLAY_WORDS[card.play])
        if card.battle_dice and card.siege_dice:
            parts.append("Rolls two dice in every Battle and every Siege.")
        elif card.battle_dice:
            parts.append("Rolls two dice in every Battle, one in every Siege.")
        elif card.siege_dice:
            parts.append("Rolls one die in every Battle, two in every Siege.")
        else:
            parts.append("Rolls one die in every Battle and Siege.")
        if card.siege_dice_attacking:
            parts.append("One more die in a Siege when his side attacks.")
        if card.on_play_draw:
            parts.append(f"On entering play, his owner draws {_n(card.on_play_draw, 'card')}.")
        if card.on_play_discard:
            parts.append(f"On entering play, the opponent discards {_n(card.on_play_discard, 'card')} of his choice.")
        if card.extra_armies:
            more = "one more Army" if card.extra_armies == 1 else f"{card.extra_armies} more Armies"
            parts.append(f"In the Recruit Phase he enters, {more} may enter play with him.")
    elif card.type == "army":
        parts.append("Rolls one die in every Battle and Siege while in play.")
        if card.battle_bonus or card.age_bonus:
            parts.append(f"Adds {card.battle_bonus} to its Battle die and {card.age_bonus} to its Age Roll.")
    elif card.type in BASIC:
        parts.append(BASIC[card.type])
        if card.only:
            parts.append(f"Only the {card.only.capitalize()} may play it.")
    elif card.type == "event":
        if card.effect == "draw":
            text = f"Draw {_n(card.draw, 'card')} from the deck."
            if card.discard:
                text += f" Then your opponent discards {_n(card.discard, 'card')} of his choice."
            parts.append(text)
        else:
            parts.append(EVENT_WORDS[card.effect](card))
    elif card.type == "special":
        first, second = card.uses
        if {first, second} == {"leader", "army"}:
            parts.append("Enters play as a Leader or as an Army, as its owner chooses.")
        else:
            parts.append(f"Either {_use(first, card)}, or {_use(second, card)}.")
    return " ".join(parts)


def letter(card: deck.Card) -> str:
    """The letter the table prints on the card (AL / DL for the leaders that say when they enter)."""
    return table_view.PLAY_LETTERS.get(card.play, card.letter) if card.type == "leader" else card.letter


def territory_chart(_args: str = "") -> str:
    top = max(state.CHART)
    rows = [
        [f"{tt} or more" if tt == top else str(tt), POSSESSIONS.get(tt, ""), str(n)]
        for tt, n in sorted(state.CHART.items())
    ]
    return table(
        ["Territory Tokens held", "Stands for", "Cards drawn"],
        rows,
        caption="Territory Chart: cards drawn in each Support Phase",
        cls="territory-chart",
    )


def notation(_args: str = "") -> str:
    cards = Levantine().cards
    rows = []
    for kind in ORDER:
        members = [c for c in cards if c.type == kind]
        if kind == "leader":
            for play, code in (("attack", "AL"), ("defend", "DL"), ("any", "L")):
                n = sum(1 for c in members if c.play == play)
                rows.append(
                    [
                        code,
                        f"{deck.TYPE_NAMES[kind]} ({'Attacking' if play == 'attack' else 'Defending' if play == 'defend' else 'any phase'})",
                        str(n),
                        PLAY_WORDS[play] + " " + TYPE_WORDS[kind],
                    ]
                )
        else:
            rows.append([deck.TYPE_LETTERS[kind], deck.TYPE_NAMES[kind], str(len(members)), TYPE_WORDS[kind]])
    return table(["Letter", "Kind", "Cards", "What it is for"], rows, caption="Card letters", cls="card-letters")


def card_reference(_args: str = "") -> str:
    cards = sorted(Levantine().cards, key=lambda c: (ORDER.index(c.type), c.id))
    rows = []
    for c in cards:
        side = table_view.CARD_SIDES[c.side]
        rows.append(
            [
                c.name,
                Markup(f'<span class="card-code">{html.escape(letter(c))}</span>'),
                Markup(f'<span class="side-word side-{side["key"]}">{SIDE_WORDS[c.side]}</span>'),
                effect(c),
            ]
        )
    return table(
        ["Card", "Letter", "Side", "Effect"],
        rows,
        caption=f"Every card of the deck ({len(cards)}, one copy of each)",
        cls="card-reference",
    )


def legend(_args: str = "") -> str:
    cards = Levantine().cards
    samples, seen = [], set()
    for c in sorted(cards, key=lambda c: (ORDER.index(c.type), c.id)):
        code = (letter(c), c.side if c.type in ("leader", "army") else "")
        if code not in seen:
            seen.add(code)
            samples.append(table_view._card([x.to_json() for x in cards], c.id))
    return render.render("site/legend_levantine.html", {"samples": samples})


def setup_options(_args: str = "") -> str:
    return options(Levantine)


BLOCKS = {
    "territory-chart": territory_chart,
    "notation": notation,
    "cards": card_reference,
    "legend": legend,
    "options": setup_options,
}
STYLESHEETS: list[str] = []
