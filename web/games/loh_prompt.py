"""Lords of Heaven at the table: what the seat to act is asked (the prompt every viewer reads)
and, for the viewer to act, where on the table to answer (the hint), step by step."""

from __future__ import annotations

try:  # outremer_web.games in the browser, games beside render.py at build time
    from . import loh_parts as parts
except ImportError:  # pragma: no cover
    import loh_parts as parts  # type: ignore[no-redef]


STEP_WORDS = {
    "turn": (
        "play a card into one of the four columns, or discard one.",
        "Each card in your hand shows what each column would cost or give: choose one.",
    ),
    "development": (
        "build a Church or Mosque in a Region, a Fortress on a border or a Citadel in a City.",
        "Click a place outlined in red to build there.",
    ),
    "presence": (
        "place Influence in the Cities and Support in the Regions.",
        "Click a City level outlined in red for Influence, or a Region for Support (1 Gold); Done when finished.",
    ),
    "after": ("resolve the card's effect, or leave it.", ""),
    "provision": ("take a provision worth 2 Gold; the Gold of the Cities follows.", "Choose the provision."),
}
"""Steps whose question and hint are always the same: (what the seat to act is asked, the hint)."""


def words(view, seats, names, me, legal, forms, fight) -> tuple[str, str]:
    """What the seat to act is asked (the prompt every viewer reads) and, for the viewer to act,
    where on the table to answer (the hint)."""
    step = view["step"]
    to_act = view["to_act"]
    if to_act is None:
        return "", ""
    who = names[to_act]
    verbs = {a["text"].split()[0] for a in legal}
    effect = (view.get("effect") or {}).get("step") or {}
    if step == "draft":
        d = view.get("draft") or {}
        prompt = f"Draft round {d.get('round', 1)} of 3: keep one card, pass the rest to the left."
        hint = "Choose the card to keep with its Keep button."
    elif step == "putback":
        prompt = f"{who}: put {view['putback']['left']} card{'s' if view['putback']['left'] != 1 else ''} on the bottom of the deck."
        hint = "Choose a card of your hand to put on the bottom of the deck."
    elif step == "development" and verbs == {"done"}:
        prompt = f"{who}: the effect moved away what made a building site possible; the Development is lost."
        hint = "End the action (ruling LH29)."
    elif step in STEP_WORDS:
        asked, hint = STEP_WORDS[step]
        prompt = f"{who}: {asked}"
    elif step == "effect":
        do = effect.get("do")
        prompt = (
            f"{who}: the card's effect — "
            + (parts.action_words(effect)[:1].lower() + parts.action_words(effect)[1:] if effect else "")
            + "."
        )
        hint = {
            "push": "Click an Influence outlined in red to move it down one level.",
            "influence": "Click the lowest level of a City outlined in red.",
            "support": "Click a Region outlined in red to place a free Support.",
            "reinforce": "Click one of your Cities outlined in red.",
            "upgrade": "Choose a row of your player board to upgrade.",
            "move": "Choose where to move 1 Support, in the form above your hand.",
        }.get(do, "")
    elif step == "movement":
        prompt = f"{who}: move Support (1 Gold a move); then Battles and Sieges may follow."
        hint = "Move Support with the form above your hand" if "move" in forms else ""
        hint += "; recruit Units with your Fortresses' points on your player board" if "recruit" in verbs else ""
        hint = (hint + "; Done when finished.").lstrip("; ") if hint else ""
    elif step == "conflicts":
        prompt = f"{who}: start a Battle or a Siege, or end the turn."
        hint = (
            "Click an opponent's Support outlined in red to start a Battle there, or a City outlined in red to lay "
            "Siege to it."
            if verbs & {"battle", "siege"}
            else ""
        )
    elif step == "conflict" and fight:
        prompt = f"{fight['title']}: {fight['note']}"
        hint = {
            "bring": "Click a neighbouring Region outlined in red to bring 1 Support (1 Gold), or Done.",
            "reroll": "Click a die to reroll it, or keep the dice.",
            "wounds": "Choose who loses a Unit or a Support, one Wound at a time.",
            "home": "Pay 1 Gold to bring a Unit home, or leave the rest.",
        }.get(fight["step"], "")
    else:
        prompt, hint = "", ""
    return prompt, hint
