"""Third Crusade in words, for the table (``games/third_crusade.py``) and the rules page
(``rules_blocks/third_crusade.py``): an Event Card's banner and steps, Armies, Units, Leaders and
Regions as our text names them."""

from __future__ import annotations

from outremer.games.third_crusade.data import ALLIANCES, ARMY_NAMES, NEUTRAL, content
from outremer.games.third_crusade.events import SPECIALS

ALLIANCE_NAMES = {"crusader": "Crusader", "muslim": "Muslim"}
UNIT_WORDS = {
    "infantry": ("Infantry", "Infantry"),
    "cavalry": ("Cavalry", "Cavalry"),
    "siege": ("Siege Engine", "Siege Engines"),
}
ICON_WORDS = {"glory": "Glory", "cp": "command point", "crown": "crown", "gold": "gold", "supply": "supply"}


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def unit_words(unit: str, n: int) -> str:
    one, many = UNIT_WORDS[unit]
    return f"{n} {one if n == 1 else many}"


def who(key: str) -> str:
    """An Army, an Alliance or the Neutral pieces, as a card names them."""
    if key in ARMY_NAMES:
        return ARMY_NAMES[key]
    if key in ALLIANCES:
        return ALLIANCE_NAMES[key]
    if key == NEUTRAL:
        return "Neutral"
    return "any"


def _board():
    c = content()
    return c.both or c.south


def region_name(key: str) -> str:
    return _board().region(key).name


def leader_name(key: str) -> str:
    return content().leaders[key].name


def banner_words(b, army: str) -> str:
    """Where an event may be carried out, in words."""
    if b.named:
        place = region_name(b.named)
    elif b.leader:
        place = f"{leader_name(b.leader)}'s Region"
    else:
        place = {"any": "a Region", "city": "a City", "desert": "a Desert", "port": "a Port", "jerusalem": "Jerusalem"}[
            b.region
        ]
    if not b.named and not b.leader and b.region == "any" and b.presence == "none" and not b.absent and not b.control:
        return "Any Region"
    parts = [place]
    if b.control:
        parts.append(f"the {ARMY_NAMES[army]} Controls")
    if b.presence != "none" and not (b.control and b.presence == army):
        parts.append(f"with {who(b.presence)} Presence")
    if b.absent:
        parts.append("without " + " or ".join(who(a) for a in b.absent) + " Presence")
    text = " ".join(parts)
    return text[:1].upper() + text[1:]


def _march_words(step) -> str:
    text = {
        "march": "March",
        "coordinated_march": "Coordinated March",
        "forced_march": "Forced March",
        "disperse": "Disperse",
        "sea_move": "Sea Move",
    }[step.do]
    if step.keep:
        text += f" with all but {step.keep}"
    extra = []
    if step.strength:
        extra.append(f"{step.strength:+d} Strength in the Battle it starts")
    if step.ignore_bandit:
        extra.append("past Bandits")
    return text + (f" ({', '.join(extra)})" if extra else "")


def step_words(step, army: str) -> str:
    """One step of an event, in our words."""
    do = step.do
    if do == "muster":
        if step.army == NEUTRAL:
            return f"+{step.n} Neutral {UNIT_WORDS[step.unit][step.n != 1]}"
        whose = " of the Alliance Partner" if step.army == "partner" else ""
        return f"+{unit_words(step.unit, step.n)}{whose}"
    if do == "remove":
        unit = "Units" if step.unit == "any" else UNIT_WORDS[step.unit][step.n != 1]
        if step.unit == "any" and step.n == 1:
            unit = "Unit"
        return f"remove {step.n} {who(step.whose)} {unit}"
    if do == "leader":
        name = leader_name(step.key)
        other = getattr(content().leaders[step.key], "other", "")
        flip = f"flip {name}" + (f" to {leader_name(other)}" if other else "")
        return {"add": f"{name} enters here", "remove": f"{name} leaves the game", "flip": flip}[step.action]
    if do == "assassinate":
        return "assassinate a Leader" if step.whose == "any" else f"assassinate a {who(step.whose)} Leader"
    if do == "sabotage":
        return _n(step.n, "Sabotage token")
    if do == "remove_sabotage":
        return f"remove {_n(step.n, 'Sabotage token')}"
    if do == "bandit":
        return _n(step.n, "Bandit") + " on its Roads"
    if do == "remove_bandit":
        return f"remove {_n(step.n, 'Bandit')} from its Roads"
    if do == "destroyed_port":
        return "a Destroyed Port"
    if do == "token":
        return _n(step.n, f"{ICON_WORDS[step.icon]} token")
    if do == "remove_token":
        return f"remove {_n(step.n, ICON_WORDS[step.icon] + ' token')}"
    if do in ("gain", "lose"):
        word = {
            "glory": "Glory",
            "faith": "Faith",
            "gold": "Gold",
            "base_cp": "base command point",
            "current_cp": "current command point",
        }[step.what]
        if step.what in ("base_cp", "current_cp") and step.n > 1:
            word += "s"
        if do == "gain":
            return f"+{step.n} {word}"
        if step.whose in ("own", army):
            return f"lose {step.n} {word}"
        return f"the {ARMY_NAMES[step.whose]} loses {step.n} {word}"
    if do == "advanced_order":
        return _n(step.n, "Advanced Order") + ", free"
    if do == "diplomacy_move":
        return _n(step.n, "move") + " on the diplomacy board"
    if do in ("march", "coordinated_march", "forced_march", "disperse", "sea_move"):
        return _march_words(step)
    if do == "or":
        return " OR ".join(", ".join(step_words(s, army) for s in option) for option in step.options)
    if do == "special":
        return SPECIALS[step.key]
    raise ValueError(do)


def steps_words(steps, army: str, first: bool = True) -> str:
    """An event's steps in our words; ``first``: they open the sentence (capitalised)."""
    text = "; ".join(step_words(s, army) for s in steps)
    return text[:1].upper() + text[1:] if first else text
