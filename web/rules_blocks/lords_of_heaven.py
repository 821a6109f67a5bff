"""Lords of Heaven's generated blocks: the Locations (both sides of each card, ``board.toml``),
the factions' starting positions (``factions.toml``, on the 3-column and the 2-column side), the
custom die, the Upgrade rows, the card reference (every Action and Bluff card of ``cards.toml``
with its effects in our words, made from the card's steps) and the table's legend (the table's
own board symbols and card drawing)."""

from __future__ import annotations

import html

from markupsafe import Markup

import render
from games import loh_cards
from games import loh_parts as parts
from outremer.games.lords_of_heaven.data import content
from outremer.games.lords_of_heaven.game import LordsOfHeaven, factions_for
from outremer.games.lords_of_heaven.state import border_index, in_deck, new_state
from rules_blocks import options, table

SIDES = {"four": "4 players, 3-column Cities", "two_three": "2 and 3 players, 2-column Cities"}


def chip(colour: str, letter: str) -> Markup:
    return Markup(
        f'<span class="loh-chip loh-c-{html.escape(colour)}" aria-hidden="true">{html.escape(letter)}</span> '
    )


def locations(_args: str = "") -> str:
    """Every Location: the Gold of each City level on both sides of its card, its income and
    ransack, its neighbours (a dagger where the border holds a Fortress space), and when it joins the board."""
    data = content()
    rows = []
    for loc in data.locations:
        rows.append(
            [
                loc.name,
                " – ".join(str(c) for c in loc.four),
                " – ".join(str(c) for c in loc.two_three),
                str(loc.income),
                str(loc.ransack),
                ", ".join(
                    sorted(
                        data.locations[b].name + (" †" if border_index(data, loc.index, b) in data.forts else "")
                        for b in loc.borders
                    )
                ),
                "1st" if loc.crusade == 1 else "2nd",
            ]
        )
    return table(
        [
            "Location",
            "City levels, 4 players (Gold)",
            "City levels, 2–3 players (Gold)",
            "Income",
            "Ransack",
            "Borders",
            "On the board from the",
        ],
        rows,
        caption=f"The Locations ({len(data.locations)}; {len(data.borders)} borders, "
        f"{len(data.forts)} of them with a Fortress space, marked †)",
        cls="loh-locations",
    )


def _start(players: int, options_: dict) -> list[dict]:
    """Each faction's starting Influence (level per City) and Support, from the engine's own
    setup of a game of ``players``."""
    data = content()
    factions = factions_for(players, options_)
    s = new_state(data, factions, 1)
    out = []
    for seat, key in enumerate(factions):
        f = data.faction(key)
        influence = [
            f"{data.locations[loc].name} {city.index(seat) + 1}"
            + (" (top)" if city.index(seat) == len(city) - 1 else "")
            for loc, city in enumerate(s["city"])
            if seat in city
        ]
        support = [f"{data.locations[loc].name} {n}" for loc, row in enumerate(s["support"]) if (n := row[seat])]
        out.append({"faction": f, "influence": influence, "support": support, "presence": s["presence"][seat]})
    return out


def factions(args: str = "") -> str:
    """The factions, their colours and stock, and where their Presence starts: on the 3-column
    side (4 players) or, with ``2``, in a 2-player game of each pairing."""
    data = content()
    if args.strip() == "2":
        rows = []
        for christians in ("crusaders", "byzantines"):
            for muslims in ("seljuk", "caliphate"):
                for entry in _start(2, {"christians": christians, "muslims": muslims}):
                    f = entry["faction"]
                    other = muslims if f.key == christians else christians
                    rows.append(
                        [
                            Markup(chip(f.colour, parts.LETTERS[f.key]) + html.escape(f.name)),
                            data.faction(other).name,
                            "; ".join(entry["influence"]),
                            "; ".join(entry["support"]) or "—",
                        ]
                    )
        return table(
            ["Faction", "Against", "Influence (City, level from the lowest)", "Support"],
            rows,
            caption="Starting Presence in a 2-player game (2-column Cities)",
            cls="loh-start-two",
        )
    rows = []
    for entry in _start(4, {}):
        f = entry["faction"]
        stock = f.stock
        rows.append(
            [
                Markup(chip(f.colour, parts.LETTERS[f.key]) + html.escape(f.name)),
                parts.FAITH_WORDS[f.faith],
                f.colour.capitalize(),
                "; ".join(entry["influence"]),
                "; ".join(entry["support"]),
                f"{stock['gold']} Gold, {stock['faith']} Faith",
                parts.amounts([(k, stock[k]) for k in ("footman", "knight", "siege_tower")]),
                str(entry["presence"]),
            ]
        )
    return table(
        [
            "Faction",
            "Faith",
            "Colour",
            "Influence (City, level from the lowest)",
            "Support",
            "Gold and Faith",
            "Units",
            "Presence left in stock",
        ],
        rows,
        caption="The factions, in the order of play, and where they start (4 players, 3-column Cities)",
        cls="loh-factions",
    )


def dice(_args: str = "") -> str:
    data = content()
    rows = [[str(i + 1), parts.face(st, wo)["words"].capitalize()] for i, (st, wo) in enumerate(data.dice)]
    return table(["Face", "Gives"], rows, caption="The six faces of a die", cls="loh-dice-table")


def upgrades(_args: str = "") -> str:
    data = content()
    gives = {
        "church": "Gold at Income, for each of your Churches or Mosques on the board",
        "fortress": "Strength in a Battle, for each of your Fortresses next to its Region",
        "citadel": "Strength when you are besieged in a City with your Citadel",
    }
    rows = [
        [
            {"church": "Church / Mosque", "fortress": "Fortress", "citadel": "Citadel"}[row],
            gives[row],
            f"1 to {data.max_level}",
            f"reaching level {data.vp_at}",
        ]
        for row in parts.ROWS
    ]
    return table(
        ["Row", "Its level is", "Levels", "1 VP once, on"],
        rows,
        caption="The Upgrade rows of a player board",
        cls="loh-upgrades",
    )


def card_reference(_args: str = "") -> str:
    data = content()
    rows = []
    for card in sorted(data.cards.values(), key=lambda c: c.id):
        c = card.to_json()
        words = parts.card_words(c)
        benefit = ", ".join(parts.amount(w, n) for w, n in card.benefit)
        effect = []
        if words["action"]:
            effect.append(f"<strong>Action:</strong> {html.escape(words['action'])}.")
        if words["fight"]:
            effect.append(f"<strong>Conflict:</strong> {html.escape(words['fight'])}.")
        if card.flavour:
            effect.append(f'<span class="card-flavour">{html.escape(card.flavour)}</span>')
        two = "yes" if in_deck(card.affiliation, ["crusaders", "seljuk"]) else "—"
        rows.append(
            [
                card.name,
                str(card.id),
                parts.affiliation_words(card.affiliation),
                str(card.cost),
                benefit,
                str(card.strength),
                two,
                Markup("<br>".join(effect) or "—"),
            ]
        )
    for key in ("byzantines", "seljuk", "crusaders", "caliphate"):
        b = data.bluffs[key]
        rows.append(
            [
                b.name,
                "Bluff",
                data.faction(key).name,
                "—",
                "—",
                "0",
                "yes",
                Markup(
                    "Bluffs in a conflict; never played for an action nor discarded. "
                    f'<br><span class="card-flavour">{html.escape(b.flavour)}</span>'
                ),
            ]
        )
    return table(
        ["Card", "No.", "Affiliation", "Cost", "Benefit", "Strength", "In 2 players", "Effect"],
        rows,
        caption=f"The Action cards ({len(data.cards)}) and the Bluff cards ({len(data.bluffs)})",
        cls="card-reference",
    )


def legend(_args: str = "") -> str:
    data = content()
    cards = loh_cards.cards_by_id(None)
    samples = [loh_cards.card_entry(cards[n], "crusaders") for n in (29, 17, 46)]
    samples.append(loh_cards.bluff_entry("seljuk"))
    seats = [{"name": f.name, "colour": f.colour, "letter": parts.LETTERS[f.key]} for f in data.factions]
    return render.render("site/legend_lords-of-heaven.html", {"samples": samples, "seats": seats})


def setup_options(_args: str = "") -> str:
    return options(LordsOfHeaven)


BLOCKS = {
    "locations": locations,
    "factions": factions,
    "dice": dice,
    "upgrades": upgrades,
    "cards": card_reference,
    "legend": legend,
    "options": setup_options,
}
STYLESHEETS = ["loh.css"]
PAGE_CLASS = "loh-palette"
"""A class of the page's <main>: the colours of loh.css for the chips of the tables."""
