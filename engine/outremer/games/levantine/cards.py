"""The Levantine deck: loaded from ``cards.toml`` and validated into typed records."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.data import entry, field, only_known, read_toml, tables
from ...core.errors import DataError

TYPES = ("leader", "army", "event", "transport", "fortification", "siege", "battle", "battle_siege", "special")
SIDES = ("C", "M", "Z")
USES = ("transport", "draw", "battle", "leader", "army")
EFFECTS = (
    "draw",
    "discard",
    "random_discard",
    "lose_army",
    "lose_leader",
    "loser_discards_armies",
    "loser_discards_leader",
    "siege_winner_draws",
    "enemy_leaders_battle",
    "enemy_armies_battle",
    "no_attack_phase",
    "no_attack_turn",
    "will_of_god",
)
TYPE_LETTERS = {
    "leader": "L",
    "army": "A",
    "event": "E",
    "transport": "T",
    "fortification": "F",
    "siege": "S",
    "battle": "B",
    "battle_siege": "B/S",
    "special": "X",
}
TYPE_NAMES = {
    "leader": "Leader",
    "army": "Army",
    "event": "Event",
    "transport": "Transport",
    "fortification": "Fortification",
    "siege": "Siege",
    "battle": "Battle",
    "battle_siege": "Battle or Siege",
    "special": "Special",
}

# field -> (python type, allowed values or None)
FIELDS: dict[str, tuple[type, tuple | None]] = {
    "name": (str, None),
    "type": (str, TYPES),
    "side": (str, SIDES),
    "note": (str, None),
    "play": (str, ("attack", "defend", "any")),
    "battle_dice": (int, None),
    "siege_dice": (int, None),
    "siege_dice_attacking": (int, None),
    "on_play_draw": (int, None),
    "on_play_discard": (int, None),
    "extra_armies": (int, None),
    "age_bonus": (int, None),
    "battle_bonus": (int, None),
    "uses": (list, None),
    "draw": (int, None),
    "discard": (int, None),
    "effect": (str, EFFECTS),
    "modifier": (int, None),
    "only": (str, ("attacker", "defender")),
}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    type: str
    side: str
    note: str = ""
    play: str = "any"
    battle_dice: int = 0
    siege_dice: int = 0
    siege_dice_attacking: int = 0
    on_play_draw: int = 0
    on_play_discard: int = 0
    extra_armies: int = 0
    age_bonus: int = 0
    battle_bonus: int = 0
    uses: tuple[str, ...] = ()
    draw: int = 0
    discard: int = 0
    effect: str = ""
    modifier: int = 0
    only: str = ""

    def usable_by(self, seat: int) -> bool:
        """Seat 0 is the Crusader, seat 1 the Muslim."""
        return self.side == "Z" or self.side == "CM"[seat]

    @property
    def letter(self) -> str:
        return TYPE_LETTERS[self.type]

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "type_name": TYPE_NAMES[self.type],
            "letter": self.letter,
            "side": self.side,
            "text": self.text,
            "play": self.play if self.type == "leader" else None,
        }

    @property
    def text(self) -> str:
        """What the card does, in full, for players."""
        side = {"C": "Crusader only", "M": "Muslim only", "Z": "Either player"}[self.side]
        parts = [f"{TYPE_NAMES[self.type]} · {side}."]
        if self.type == "leader":
            parts.append(
                {
                    "attack": "Attacking Leader: only in the Recruit Phase.",
                    "defend": "Defending Leader: only in the Defender Phase.",
                    "any": "Leader: Recruit or Defender Phase.",
                }[self.play]
            )
            parts.append("Rolls 1D6 in Battles and Sieges.")
        elif self.type == "army":
            parts.append("Rolls 1D6 in Battles and Sieges.")
        elif self.type == "fortification":
            parts.append("Defender Phase. Rolls 1D6 in Sieges when defending.")
        elif self.type == "transport":
            parts.append("Recruit Phase: recruit one more Leader and one more Army.")
        elif self.type in ("battle", "battle_siege", "siege"):
            when = {"battle": "Battle", "battle_siege": "Battle or Siege", "siege": "Siege"}[self.type]
            only = f" ({self.only.capitalize()} only)" if self.only else ""
            parts.append(f"Discard in a {when} Phase to roll an extra 1D6{only}.")
        if self.note:
            parts.append(self.note if self.note.endswith(".") else self.note + ".")
        return " ".join(parts)


def _check(path: str, index: int, raw: dict) -> dict:
    where = entry(path, "card", index, raw, "name")
    only_known(where, raw, FIELDS)
    for key in ("name", "type", "side"):
        if key not in raw:
            raise DataError(f"{where}: missing field {key!r}.")
    for key in raw:
        kind, allowed = FIELDS[key]
        field(where, raw, key, kind, allowed=allowed)
    uses = raw.get("uses", [])
    if raw["type"] == "special":
        if len(uses) != 2 or any(u not in USES for u in uses):
            raise DataError(f"{where}: field 'uses' must name two of {', '.join(USES)}.")
    elif uses:
        raise DataError(f"{where}: field 'uses' is only for special (X) cards.")
    if raw["type"] == "event" and "effect" not in raw:
        raise DataError(f"{where}: an event needs an 'effect'.")
    if "draw" in uses and not raw.get("draw"):
        raise DataError(f"{where}: a card used to draw needs 'draw'.")
    return raw


def load_cards(text: str | None = None, path: str = "cards.toml") -> tuple[Card, ...]:
    """The deck, from the packaged file or from ``text`` (for tests and edited decks)."""
    raws = tables(read_toml(__package__, "cards.toml" if text is None else path, text=text), "cards", path, "card")
    cards = []
    seen = set()
    for index, raw in enumerate(raws):
        raw = _check(path, index, raw)
        if raw["name"] in seen:
            raise DataError(f"{path}: card {index + 1} ({raw['name']!r}): field 'name' repeats an earlier card.")
        seen.add(raw["name"])
        fields = dict(raw)
        fields["uses"] = tuple(fields.get("uses", ()))
        cards.append(Card(id=index, **fields))
    return tuple(cards)
