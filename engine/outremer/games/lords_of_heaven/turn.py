"""A Lords of Heaven turn: the draft, one action a turn into the four columns or a discard, the
card's own effect, and the end of each Crusade and of the game (rulebook p.7-9).

Each function takes the game's data (``content``), the state and the log; the decisions open at
each step are listed by :func:`legal`, carried out by :func:`perform`, and the automatic steps
that follow run in :func:`settle`.
"""

from __future__ import annotations

from ...core import rng
from ...core.actions import Action, act
from ...core.game import Event, State
from ...core.secret import all_sealed, open_sealed, reveal, seal, sealed_next
from ...core.words import plural, possessive
from . import conflict
from .data import BUILDINGS, UNIT_COST, Content
from .state import (COLUMNS, DRAFT_DEAL, BUILDING_NAMES, Names, border_index, buildings_on_board, cities_controlled,
                    column_cost, controller, draw_up, faction_of, faith_of, fortresses_next_to, gain, has_presence,
                    level_of, levels, neighbours, pay, protected, purse, put_influence, round_deck, swap_down,
                    visible_benefits, words)

PROVISIONS = ({"gold": 2}, {"gold": 1, "faith": 1}, {"faith": 2}, {"footman": 1, "gold": 1},
              {"footman": 1, "faith": 1}, {"footman": 2}, {"siege_tower": 1})
"""The provision of the Income action: any mix of markers worth 2 Gold (p.9), Units at their cost."""
UNITS = ("footman", "siege_tower", "knight")


# -- the draft (p.7) ---------------------------------------------------------------------------
def start_draft(content: Content, s: State) -> None:
    n = len(s["factions"])
    hands = []
    for _ in range(n):
        hands.append(sorted(s["deck"][:DRAFT_DEAL]))
        del s["deck"][:DRAFT_DEAL]
    s["draft"] = {"round": 1, "hands": hands, "kept": [[] for _ in range(n)]}
    open_sealed(s, "draft-1", [(s["first"] + i) % n for i in range(n)])


def draft_pick(s: State, seat: int, card: int) -> None:
    seal(s, seat, card)


def draft_reveal(content: Content, s: State, log: list[Event]) -> None:
    """Every pick made: the picks are set aside and the rest passed to the left; from the last
    three, the two not kept go to the bottom of the deck (p.7)."""
    names = Names(content, s)
    picks = reveal(s)
    d = s["draft"]
    n = len(s["factions"])
    for seat, card in picks.items():
        d["hands"][seat].remove(card)
        d["kept"][seat].append(card)
    if d["round"] == 3:
        for seat in range(n):
            s["deck"].extend(sorted(d["hands"][seat]))
            s["hands"][seat] = sorted(d["kept"][seat])
        s["draft"] = None
        log.append(Event("The draft is over: each player keeps 3 cards, adds the Bluff card, and puts the "
                         "other cards on the bottom of the deck.", "5.draft"))
        for seat in range(n):
            log.append(Event(f"{names[seat]} keeps {', '.join(names.card(c) for c in s['hands'][seat])}.", "5.draft",
                             private=seat, public=None))
        s["step"] = "round"
        return
    d["hands"] = [d["hands"][(seat - 1) % n] for seat in range(n)]
    d["round"] += 1
    log.append(Event(f"Draft round {d['round'] - 1}: every player sets a card aside and passes the rest to the left.",
                     "5.draft"))
    open_sealed(s, f"draft-{d['round']}", [(s["first"] + i) % n for i in range(n)])


# -- rounds and Crusades (p.7) ---------------------------------------------------------------------
def start_round(content: Content, s: State, log: list[Event]) -> None:
    card = s["rounds"].pop(0)
    s["round"] += 1
    s["round_card"] = card
    s["last_round"] = card == "Last Round"
    s["seat"] = s["first"]
    s["turns"] = 0
    extra = " The Crusade ends after this round." if s["last_round"] else ""
    log.append(Event(f"Crusade {s['crusade']}, round {s['round']}: the Round card is {card}. Each player in turn lays "
                     f"an Action card in a column and carries out its action, or discards a card.{extra}", "5"))
    start_turn(content, s)


def start_turn(content: Content, s: State) -> None:
    seat = s["seat"]
    s["step"] = "turn"
    s["turn"] = {"seat": seat, "card": None, "column": None, "effect": None, "begun": False,
                 "start_influence": [loc for loc in s["on_board"] if seat in s["city"][loc]],
                 "free": False, "recruit": 0, "conflicts": 0}


def end_turn(content: Content, s: State, log: list[Event]) -> None:
    seat = s["seat"]
    names = Names(content, s)
    drawn = draw_up(s, seat)
    if drawn:
        log.append(Event(f"{names[seat]} draws {drawn} card{'s' if drawn > 1 else ''}.", "5"))
    s["turn"] = None
    s["turns"] += 1
    n = len(s["factions"])
    if s["turns"] < n:
        s["seat"] = (s["seat"] + 1) % n
        start_turn(content, s)
        return
    if not s["last_round"]:
        start_round(content, s, log)
        return
    end_crusade(content, s, log)


def end_crusade(content: Content, s: State, log: list[Event]) -> None:
    names = Names(content, s)
    n = len(s["factions"])
    scored = []
    for seat in range(n):
        held = cities_controlled(s, seat)
        s["vp"][seat] += held
        if held:
            scored.append(f"{names[seat]} {held}")
    log.append(Event(f"The {'1st' if s['crusade'] == 1 else '2nd'} Crusade ends. City control scores "
                     + (", ".join(scored) if scored else "nobody") + " VP.", "5.end"))
    if s["crusade"] == 2:
        end_game(content, s, log)
        return
    for column in s["columns"]:
        s["discard"].extend(column)
        column.clear()
    s["on_board"] = list(range(len(content.locations)))
    log.append(Event("The played cards leave the columns; Damascus and Aleppo join the board.", "5.end"))
    s["crusade"] = 2
    s["round"] = 0
    s["first"] = (s["first"] + 1) % n
    s["rounds"] = round_deck(s)
    for seat in range(n):
        for _ in range(2):
            if not s["deck"] and s["discard"]:
                s["deck"] = sorted(s["discard"])
                s["discard"] = []
                rng.shuffle(s, s["deck"])
            if s["deck"]:
                s["hands"][seat].append(s["deck"].pop(0))
    s["putback"] = {"order": [(s["first"] + i) % n for i in range(n)], "left": 2}
    s["step"] = "putback"
    log.append(Event("Each player draws 2 cards, then puts 2 Action cards on the bottom of the deck (ruling LH21).",
                     "LH21"))


def put_back(content: Content, s: State, seat: int, card: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["hands"][seat].remove(card)
    s["deck"].append(card)
    log.append(Event(f"{names[seat]} puts {names.card(card)} on the bottom of the deck.", "LH21", private=seat,
                     public=f"{names[seat]} puts a card on the bottom of the deck."))
    p = s["putback"]
    p["left"] -= 1
    if p["left"] == 0 or len(s["hands"][seat]) <= 3:
        p["order"].pop(0)
        p["left"] = 2
    if not p["order"]:
        s["putback"] = None
        s["step"] = "round"


def end_game(content: Content, s: State, log: list[Event]) -> None:
    names = Names(content, s)
    n = len(s["factions"])
    for seat in range(n):
        sets = [b for b, count in zip(("Churches/Mosques", "Fortresses", "Citadels"), buildings_on_board(s, seat))
                if count >= 3]
        if sets:
            s["vp"][seat] += len(sets)
            log.append(Event(f"{names[seat]} scores {len(sets)} VP for all three {', '.join(sets)} on the board.",
                             "5.end"))
    best = max(s["vp"])
    tied = [seat for seat in range(n) if s["vp"][seat] == best]
    why = f"Most VP: {best}."
    if len(tied) > 1:
        holder = controller(s, content.location("jerusalem").index)
        if holder in tied:
            tied = [holder]
            why = f"{best} VP each; {names[holder]} controls Jerusalem and wins the tie (p.4)."
        else:
            why = f"{best} VP each, and none of them controls Jerusalem: they share the victory (ruling LH22)."
    s["result"] = {"winners": tied, "text": " and ".join(names[w] for w in tied) + (" wins. " if len(tied) == 1 else " win. ") + why,
                   "why": why, "vp": list(s["vp"])}
    s["step"] = "over"
    log.append(Event(s["result"]["text"], "3"))


# -- one action (p.7-9) -----------------------------------------------------------------------------
def can_build(content: Content, s: State, seat: int) -> list[tuple[int, int]]:
    """Where ``seat`` could place a building now: (row, site) with row 0 Church/Mosque (site: a
    Region where it has Support and no Church yet), 1 Fortress (a free border space next to its
    Presence), 2 Citadel (a City it controls with no Citadel)."""
    out = []
    left = s["buildings"][seat]
    if left[0]:
        out += [(0, loc) for loc in s["on_board"] if s["support"][loc][seat] and not s["church"][loc][seat]]
    if left[1]:
        for i in content.forts:
            a, b = content.borders[i]
            if (s["fortress"][i] is None and a in s["on_board"] and b in s["on_board"]
                    and (has_presence(s, seat, a) or has_presence(s, seat, b))):
                out.append((1, i))
    if left[2]:
        out += [(2, loc) for loc in s["on_board"] if controller(s, loc) == seat and s["citadel"][loc] is None]
    return out


def has_influence(s: State, seat: int) -> bool:
    return any(seat in s["city"][loc] for loc in s["on_board"])


def play_cost(content: Content, s: State, seat: int, card: int, column: int) -> int:
    """What playing ``card`` to the Development or Presence column costs: every Cost bar in the
    column once it lies there (p.7); nothing for a Presence action by a player without Influence
    on the board (p.8)."""
    if column == 1 and not has_influence(s, seat):
        return 0
    return column_cost(content, s["columns"][column]) + content.cards[card].cost


def turn_actions(content: Content, s: State, seat: int) -> list[Action]:
    acts = []
    builds = bool(can_build(content, s, seat))
    for card in s["hands"][seat]:
        for column in range(4):
            if column == 0 and not builds:
                continue
            if column < 2:
                left = purse(s, seat) - play_cost(content, s, seat, card, column)
                if left < 0:
                    continue
                if column == 1 and not (presence_possible(content, s, seat, left)
                                        or effect_offered(content, s, seat, card, left)):
                    continue  # the Cost would buy nothing (ruling LH31)
            acts.append(act("play", card, column))
    acts += [act("discard", card) for card in s["hands"][seat]]
    return acts


def presence_possible(content: Content, s: State, seat: int, money: int) -> bool:
    """Whether a Presence action could place or raise anything with ``money`` left."""
    if s["presence"][seat] >= 1 and money >= 1 and has_influence(s, seat):
        return True
    return bool(influence_options(content, s, seat, money))


def effect_open(content: Content, s: State, seat: int, card: int) -> bool:
    c = content.cards[card]
    return bool(c.action) and c.usable_by(faction_of(s, seat))


def push_targets(s: State, seat: int, step: dict, used=()) -> list[tuple[int, int]]:
    """(location, seat) of every Influence a push step could move down now."""
    out = []
    for loc in s["on_board"]:
        if loc in used:
            continue
        city = s["city"][loc]
        for lv, other in enumerate(city):
            if other is None or other == seat:
                continue
            if step["faith"] != "opponents" and faith_of(s, other) != step["faith"]:
                continue
            if lv == len(city) - 1 and protected(s, loc):
                continue
            out.append((loc, other))
    return out


def influence_sites(content: Content, s: State, seat: int) -> list[int]:
    """Where an effect may place Influence on the lowest level: a City next to the player's
    Presence where it has none."""
    if s["presence"][seat] < 1:
        return []
    near = {b for loc in s["on_board"] if has_presence(s, seat, loc) for b in content.locations[loc].borders}
    return [loc for loc in s["on_board"]
            if loc in near and seat not in s["city"][loc] and not (len(s["city"][loc]) == 1 and protected(s, loc))]


def reinforcements(content: Content, s: State, seat: int, loc: int) -> int:
    """The Footmen Local Reinforcements gives for ``loc``: one per neighbouring Location where
    the player has Support."""
    return sum(1 for b in neighbours(content, s, loc) if s["support"][b][seat])


def step_possible(content: Content, s: State, seat: int, step: dict) -> bool:
    """Whether one step of an effect could do anything now."""
    do = step["do"]
    if do == "gain":
        return any(v for k, v in step.items() if k != "do")
    if do == "income":
        return influence_income(content, s, seat) > 0
    if do == "push":
        return bool(push_targets(s, seat, step))
    if do == "influence":
        return bool(influence_sites(content, s, seat))
    if do == "support":
        return s["presence"][seat] >= 1 and has_influence(s, seat)
    if do == "reinforce":
        return any(reinforcements(content, s, seat, loc) for loc in s["on_board"] if seat in s["city"][loc])
    if do == "upgrade":
        return bool(upgrade_rows(content, s, seat))
    if do == "move":
        return any(s["support"][loc][seat] and neighbours(content, s, loc) for loc in s["on_board"])
    return False


def effect_price(content: Content, s: State, seat: int, card: int) -> int:
    """The Gold an effect asks now: the price of each push step that has something to push
    (ruling LH31)."""
    return sum(step.get("pay", 0) for step in content.cards[card].action
               if step["do"] == "push" and push_targets(s, seat, step))


def effect_offered(content: Content, s: State, seat: int, card: int, money: int | None = None) -> bool:
    """Whether the effect of ``card`` is offered: usable by the faction, able to do something
    now, and affordable (p.7; ruling LH31). A step that does nothing enables no later one, so an
    effect can do something exactly when one of its steps can now."""
    if not effect_open(content, s, seat, card):
        return False
    if not any(step_possible(content, s, seat, step) for step in content.cards[card].action):
        return False
    return (purse(s, seat) if money is None else money) >= effect_price(content, s, seat, card)


def play(content: Content, s: State, seat: int, card: int, column: int, log: list[Event]) -> None:
    names = Names(content, s)
    t = s["turn"]
    s["hands"][seat].remove(card)
    t["card"], t["column"] = card, column
    if column < 2:
        cost = play_cost(content, s, seat, card, column)
        t["free"] = column == 1 and not has_influence(s, seat)
        s["columns"][column].append(card)
        pay(s, seat, cost)
        t["effect"] = "open" if effect_open(content, s, seat, card) else None
        what = "Development" if column == 0 else "Presence"
        free = " (no Influence on the board: the action is free)" if t["free"] else ""
        log.append(Event(f"{names[seat]} plays {names.card(card)} for {what} and pays {cost} Gold{free}.",
                         "6.development" if column == 0 else "6.presence", marks=(f"column:{column}",)))
        s["step"] = COLUMNS[column]
        return
    s["columns"][column].append(card)
    got: dict = {}
    for what, n in visible_benefits(content, s["columns"][column]):
        got[what] = got.get(what, 0) + n
    gain(s, seat, got)
    if column == 2:
        t["recruit"] = buildings_on_board(s, seat)[1]
        log.append(Event(f"{names[seat]} plays {names.card(card)} for Movement and gains {words(got)}"
                         + (f"; {t['recruit']} Recruitment point{'s' if t['recruit'] > 1 else ''} from Fortresses"
                            if t["recruit"] else "") + ".", "6.movement", marks=(f"column:{column}",)))
        s["step"] = "movement"
    else:
        log.append(Event(f"{names[seat]} plays {names.card(card)} for Income and gains {words(got)}.", "6.income",
                         marks=(f"column:{column}",)))
        s["step"] = "provision"


def discard(content: Content, s: State, seat: int, card: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["hands"][seat].remove(card)
    s["discard"].append(card)
    log.append(Event(f"{names[seat]} discards {names.card(card)}.", "5"))
    end_turn(content, s, log)


# -- Development (p.8) ------------------------------------------------------------------------
def build(content: Content, s: State, seat: int, row: int, site: int, log: list[Event]) -> None:
    names = Names(content, s)
    s["buildings"][seat][row] -= 1
    kind = BUILDINGS[row]
    if kind == "church":
        s["church"][site][seat] = 1
        where = f"in the Region of {names.loc(site)}"
        label = content.faction(faction_of(s, seat)).church
    elif kind == "fortress":
        s["fortress"][site] = seat
        a, b = content.borders[site]
        where = f"between {names.loc(a)} and {names.loc(b)}"
        label = "Fortress"
    else:
        s["citadel"][site] = seat
        where = f"in {names.loc(site)}"
        label = "Citadel"
    log.append(Event(f"{names[seat]} places a {label} {where}.", "6.development",
                     marks=(f"{'border' if kind == 'fortress' else 'loc'}:{site}",)))
    upgrade(content, s, seat, row, log)
    s["turn"]["begun"] = True
    finish_action(content, s, log)


def upgrade(content: Content, s: State, seat: int, row: int, log: list[Event]) -> None:
    """Move the Upgrade marker of ``row`` one step (ruling LH5); the marked step scores 1 VP."""
    names = Names(content, s)
    ups = s["upgrades"][seat]
    if ups[row] >= content.max_level:
        return
    ups[row] += 1
    label = {"church": plural(content.faction(faction_of(s, seat)).church), "fortress": "Fortresses",
             "citadel": "Citadels"}[BUILDINGS[row]]
    text = f"{names[seat]} upgrades its {label} to level {ups[row]}"
    if ups[row] >= content.vp_at and not s["upgrade_vp"][seat][row]:
        s["upgrade_vp"][seat][row] = True
        s["vp"][seat] += 1
        text += " and scores 1 VP for the marked step"
    log.append(Event(text + ".", "LH5"))


def upgrade_rows(content: Content, s: State, seat: int) -> list[int]:
    return [row for row in range(3) if s["upgrades"][seat][row] < content.max_level]


# -- Presence (p.8) ----------------------------------------------------------------------------
def influence_options(content: Content, s: State, seat: int, money: int | None = None) -> list[tuple[int, int, int]]:
    """(location, level, Gold) for every Influence ``seat`` may place or raise now: in a City next
    to a Location where it had Influence at the start of the turn (p.8, ruling LH14), anywhere while
    it has no Influence on the board (p.8, ruling LH30); raised where it stood at the start of the
    turn."""
    t = s["turn"]
    out = []
    money = purse(s, seat) if money is None else money
    anywhere = not has_influence(s, seat)  # p.8: while it has none on the board (ruling LH30)
    for loc in s["on_board"]:
        cost = levels(content, s, loc)
        city = s["city"][loc]
        top = len(city) - 1
        here = level_of(s, seat, loc)
        if here is None:
            if s["presence"][seat] < 1:
                continue
            near = anywhere or any(p in content.locations[loc].borders for p in t["start_influence"])
            if not near:
                continue
            for lv in range(len(city)):
                if lv == top and protected(s, loc):
                    continue
                if cost[lv] <= money:
                    out.append((loc, lv, cost[lv]))
        elif loc in t["start_influence"]:
            for lv in range(here + 1, len(city)):
                if lv == top and protected(s, loc):
                    continue
                if cost[lv] - cost[here] <= money:
                    out.append((loc, lv, cost[lv] - cost[here]))
    return out


def support_options(s: State, seat: int) -> list[int]:
    if s["presence"][seat] < 1 or purse(s, seat) < 1:
        return []
    return [loc for loc in s["on_board"] if seat in s["city"][loc]]


def place_influence(content: Content, s: State, seat: int, loc: int, level: int, log: list[Event]) -> None:
    names = Names(content, s)
    was = level_of(s, seat, loc)
    cost = levels(content, s, loc)[level] - (levels(content, s, loc)[was] if was is not None else 0)
    before = controller(s, loc)
    pay(s, seat, cost)
    put_influence(s, seat, loc, level, log, names)
    verb = "raises its Influence" if was is not None else "places Influence"
    text = f"{names[seat]} {verb} in {names.loc(loc)} to level {level + 1} for {cost} Gold"
    if controller(s, loc) == seat and before != seat:
        text += " and takes control of the City" + (f" from {names[before]}" if before is not None else "")
    log.append(Event(text + ".", "6.presence", marks=(f"loc:{loc}",)))
    s["turn"]["begun"] = True


def place_support(content: Content, s: State, seat: int, loc: int, log: list[Event], price: int = 1) -> None:
    names = Names(content, s)
    pay(s, seat, price)
    s["presence"][seat] -= 1
    s["support"][loc][seat] += 1
    log.append(Event(f"{names[seat]} places Support in the Region of {names.loc(loc)}"
                     + (f" for {price} Gold." if price else "."), "6.presence", marks=(f"loc:{loc}",)))


# -- Movement (p.9) -----------------------------------------------------------------------------
def movement_actions(content: Content, s: State, seat: int) -> list[Action]:
    t = s["turn"]
    acts = [act("recruit", u) for u in range(3) if UNIT_COST[UNITS[u]] <= t["recruit"]]
    if purse(s, seat) >= 1:
        for loc in s["on_board"]:
            n = s["support"][loc][seat]
            for to in neighbours(content, s, loc):
                acts += [act("move", loc, to, k) for k in range(1, n + 1)]
    return acts + [act("done")]


def recruit(content: Content, s: State, seat: int, unit: int, log: list[Event]) -> None:
    names = Names(content, s)
    kind = UNITS[unit]
    s["turn"]["recruit"] -= UNIT_COST[kind]
    gain(s, seat, {kind: 1})
    log.append(Event(f"{names[seat]} recruits a {words({kind: 1})[2:]} with its Fortresses' Recruitment points.",
                     "4.fortress"))


def move_support(content: Content, s: State, seat: int, a: int, b: int, n: int, log: list[Event]) -> None:
    names = Names(content, s)
    pay(s, seat, 1)
    s["support"][a][seat] -= n
    s["support"][b][seat] += n
    log.append(Event(f"{names[seat]} pays 1 Gold and moves {n} Support from {names.loc(a)} to {names.loc(b)}.",
                     "6.movement", marks=(f"loc:{a}", f"loc:{b}")))


# -- Income (p.9) -----------------------------------------------------------------------------
def influence_income(content: Content, s: State, seat: int) -> int:
    """The City's income for each of ``seat``'s Influence, whatever its level (p.9: "the sum of
    Gold for all of your Influence in all Cities"; ruling LH27)."""
    return sum(content.locations[loc].income for loc in s["on_board"] if seat in s["city"][loc])


def provide(content: Content, s: State, seat: int, choice: int, log: list[Event]) -> None:
    names = Names(content, s)
    gain(s, seat, PROVISIONS[choice])
    towns = influence_income(content, s, seat)
    churches = buildings_on_board(s, seat)[0] * s["upgrades"][seat][0]
    gain(s, seat, {"gold": towns + churches})
    label = content.faction(faction_of(s, seat)).church
    log.append(Event(f"{names[seat]} takes a provision of {words(PROVISIONS[choice])}, then {towns} Gold from its "
                     f"Influence in the Cities" + (f" and {churches} from its {plural(label)}" if churches else "") + ".",
                     "6.income"))
    finish_action(content, s, log)


# -- the card's effect (p.7) ---------------------------------------------------------------------------
def start_effect(content: Content, s: State, seat: int, log: list[Event]) -> None:
    names = Names(content, s)
    card = content.cards[s["turn"]["card"]]
    s["turn"]["effect"] = "running"
    log.append(Event(f"{names[seat]} resolves the effect of {card.name}.", "6.effect"))
    s["effect"] = {"steps": [dict(step) for step in card.action], "left": None, "used": []}
    run_effect(content, s, seat, log)


def run_effect(content: Content, s: State, seat: int, log: list[Event]) -> None:
    """Carry out the effect's steps until one needs a choice, or the effect is done."""
    names = Names(content, s)
    e = s["effect"]
    while e["steps"]:
        step = e["steps"][0]
        do = step["do"]
        if e["left"] is None:
            e["left"] = {"push": step.get("cities"), "support": step.get("n"), "move": step.get("n")}.get(do, 1)
            e["used"] = []
            if do == "push" and step.get("pay") and push_targets(s, seat, step):  # ruling LH31
                pay(s, seat, step["pay"])
                log.append(Event(f"{names[seat]} pays {step['pay']} Gold.", "6.effect"))
        if do == "gain":
            got = {k: v for k, v in step.items() if k != "do"}
            gain(s, seat, got)
            log.append(Event(f"{names[seat]} gains {words(got)}.", "6.effect"))
            e["left"] = 0
        elif do == "income":
            got = influence_income(content, s, seat)
            gain(s, seat, {"gold": got})
            log.append(Event(f"{names[seat]} gains {got} Gold from its Influence in the Cities.", "6.effect"))
            e["left"] = 0
        elif e["left"] > 0 and effect_choices(content, s, seat):
            return
        else:
            e["left"] = 0
        if e["left"] == 0:
            e["steps"].pop(0)
            e["left"] = None
    s["effect"] = None
    t = s["turn"]
    t["effect"] = "done"
    if t["begun"]:
        finish_action(content, s, log)
    else:
        s["step"] = COLUMNS[t["column"]]


def effect_choices(content: Content, s: State, seat: int) -> list[Action]:
    """The choices of the effect step under way (a step that needs none offers none)."""
    e = s["effect"]
    step = e["steps"][0]
    do = step["do"]
    if do == "push":
        out = [act("push", loc, other) for loc, other in push_targets(s, seat, step, e["used"])]
        return out + ([act("stop")] if out else [])
    if do == "influence":
        return [act("place", loc) for loc in influence_sites(content, s, seat)]
    if do == "support":
        if s["presence"][seat] < 1:
            return []
        out = [act("support", loc) for loc in s["on_board"] if seat in s["city"][loc]]
        return out + ([act("stop")] if out else [])
    if do == "reinforce":
        return [act("reinforce", loc) for loc in s["on_board"]
                if seat in s["city"][loc] and reinforcements(content, s, seat, loc)]
    if do == "upgrade":
        return [act("upgrade", row) for row in upgrade_rows(content, s, seat)]
    if do == "move":
        out = [act("shift", loc, to) for loc in s["on_board"] if s["support"][loc][seat]
               for to in neighbours(content, s, loc)]
        return out + ([act("stop")] if out else [])
    return []


def effect_act(content: Content, s: State, seat: int, action: Action, log: list[Event]) -> None:
    names = Names(content, s)
    e = s["effect"]
    verb, args = action.verb, action.args
    if verb == "stop":
        e["left"] = 0
    elif verb == "push":
        loc, other = args
        lv = s["city"][loc].index(other)
        swap_down(s, loc, lv)
        below = s["city"][loc][lv]
        log.append(Event(f"{names[seat]} moves {possessive(names[other])} Influence in {names.loc(loc)} down one level"
                         + (f"; {possessive(names[below])} rises" if below is not None else "") + ".", "LH8",
                         marks=(f"loc:{loc}",)))
        e["used"].append(loc)
        e["left"] -= 1
    elif verb == "place":
        loc = args[0]
        put_influence(s, seat, loc, 0, log, names)
        log.append(Event(f"{names[seat]} places Influence on the lowest level of {names.loc(loc)}.", "6.effect",
                         marks=(f"loc:{loc}",)))
        e["left"] -= 1
    elif verb == "support":
        place_support(content, s, seat, args[0], log, price=0)
        e["left"] -= 1
    elif verb == "reinforce":
        loc = args[0]
        n = reinforcements(content, s, seat, loc)
        gain(s, seat, {"footman": n})
        log.append(Event(f"{names[seat]} gains {n} Footm{'e' if n != 1 else 'a'}n for its Support around "
                         f"{names.loc(loc)}.", "6.effect"))
        e["left"] -= 1
    elif verb == "upgrade":
        upgrade(content, s, seat, args[0], log)
        e["left"] -= 1
    elif verb == "shift":
        a, b = args
        s["support"][a][seat] -= 1
        s["support"][b][seat] += 1
        log.append(Event(f"{names[seat]} moves 1 Support from {names.loc(a)} to {names.loc(b)}.", "6.effect",
                         marks=(f"loc:{a}", f"loc:{b}")))
        e["left"] -= 1
    run_effect(content, s, seat, log)


def finish_action(content: Content, s: State, log: list[Event]) -> None:
    """The action is done: an effect not yet resolved may follow (p.7); then the turn ends, or,
    after Movement, Conflicts may start (p.9)."""
    t = s["turn"]
    if t["effect"] == "open":
        if effect_offered(content, s, s["seat"], t["card"]):
            s["step"] = "after"
            return
        t["effect"] = None
    if t["column"] == 2:
        s["step"] = "conflicts"
        return
    end_turn(content, s, log)


# -- legal actions and doing them --------------------------------------------------------------
def legal(content: Content, s: State) -> list[Action]:
    step = s["step"]
    if step == "over":
        return []
    if step == "draft":
        seat = sealed_next(s)
        return [act("pick", c) for c in s["draft"]["hands"][seat]] if seat is not None else []
    if step == "putback":
        seat = s["putback"]["order"][0]
        return [act("putback", c) for c in s["hands"][seat]]
    seat = s["seat"]
    if step == "conflict":
        return conflict.legal(content, s)
    t = s["turn"]
    if step == "effect":
        return effect_choices(content, s, seat)
    if step == "turn":
        return turn_actions(content, s, seat)
    offered = t["effect"] == "open" and effect_offered(content, s, seat, t["card"])
    first = [act("effect")] if offered and not t["begun"] else []
    if step == "development":
        builds = [act("build", row, site) for row, site in can_build(content, s, seat)]
        # the effect, resolved first, moved away what made a site: the Development is lost (LH29)
        return first + builds if first or builds else [act("done")]
    if step == "presence":
        return (first + [act("influence", loc, lv) for loc, lv, _ in influence_options(content, s, seat)]
                + [act("support", loc) for loc in support_options(s, seat)] + [act("done")])
    if step == "after":
        return ([act("effect")] if offered else []) + [act("skip")]
    if step == "movement":
        return movement_actions(content, s, seat)
    if step == "provision":
        return [act("provision", i) for i in range(len(PROVISIONS))]
    if step == "conflicts":
        return conflict.starts(content, s, seat) + [act("end")]
    return []


def to_act(s: State) -> int | None:
    step = s["step"]
    if step == "over":
        return None
    if step == "draft":
        return sealed_next(s)
    if step == "putback":
        return s["putback"]["order"][0]
    if step == "conflict":
        return conflict.to_act(s)
    return s["seat"]


def perform(content: Content, s: State, action: Action, log: list[Event]) -> None:
    step = s["step"]
    verb, args = action.verb, action.args
    if step == "draft":
        seat = sealed_next(s)
        draft_pick(s, seat, args[0])
        names = Names(content, s)
        log.append(Event(f"{names[seat]} sets {names.card(args[0])} aside.", "5.draft", private=seat,
                         public=f"{names[seat]} has chosen a card."))
        return
    if step == "putback":
        put_back(content, s, s["putback"]["order"][0], args[0], log)
        return
    if step == "conflict":
        conflict.perform(content, s, action, log)
        return
    seat = s["seat"]
    if step == "effect":
        effect_act(content, s, seat, action, log)
    elif verb == "play":
        play(content, s, seat, args[0], args[1], log)
    elif verb == "discard":
        discard(content, s, seat, args[0], log)
    elif verb == "effect":
        s["step"] = "effect"
        start_effect(content, s, seat, log)
    elif verb == "skip":
        s["turn"]["effect"] = None
        finish_action(content, s, log)
    elif verb == "build":
        build(content, s, seat, args[0], args[1], log)
    elif verb == "influence":
        place_influence(content, s, seat, args[0], args[1], log)
    elif verb == "support":
        place_support(content, s, seat, args[0], log)
        s["turn"]["begun"] = True
    elif verb == "done" and step == "development":
        names = Names(content, s)
        log.append(Event(f"{names[seat]} has no site left for a building: the Development is not performed "
                         "(ruling LH29).", "LH29"))
        s["turn"]["begun"] = True
        finish_action(content, s, log)
    elif verb == "done" and step == "presence":
        s["turn"]["begun"] = True
        finish_action(content, s, log)
    elif verb == "recruit":
        recruit(content, s, seat, args[0], log)
    elif verb == "move":
        move_support(content, s, seat, args[0], args[1], args[2], log)
    elif verb == "done" and step == "movement":
        s["step"] = "conflicts"
    elif verb == "provision":
        provide(content, s, seat, args[0], log)
    elif verb == "end":
        end_turn(content, s, log)
    elif verb in ("battle", "siege"):
        conflict.start(content, s, seat, verb, args, log)
    else:
        raise AssertionError(action)


def settle(content: Content, s: State, log: list[Event]) -> None:
    """The automatic steps: reveal a finished draft round, start a round."""
    while True:
        if s["step"] == "draft" and all_sealed(s):
            draft_reveal(content, s, log)
        elif s["step"] == "round":
            start_round(content, s, log)
        elif s["step"] == "conflict" and conflict.automatic(content, s, log):
            continue
        else:
            return
