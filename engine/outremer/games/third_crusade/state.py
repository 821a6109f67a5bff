"""The Third Crusade state: plain data, and the operations every rule uses.

Seats are players; each plays one Army (a lone player in 3 players too: it uses both
initiative markers of its Alliance, p.4 and p.8). ``s["armies"]`` lists the Armies in play by
seat. The map is a position (``data.py``): for each Region key, its 9 Slots. Each Army's four
tracks (command points, crowns, supply, gold) follow the map after every change (glossary,
"Tracks are adjusted immediately"): what the map gives them (``s["counted"]``) is kept up to date
Region by Region as a Slot or a Resource token changes (:func:`set_slot`, :func:`set_token`), and
the tracks are set from it when a change is over (:func:`retrack`); :func:`recount` counts them
anew from the whole map, the reference the tests hold the kept count to. Its current command
points, Gold chits and the Glory and Faith tracks are kept apart.
"""

from __future__ import annotations

from ...core import rng
from ...core.game import State
from .data import (
    ALLIANCE_OF,
    ALLIANCES,
    ARMIES,
    ARMY_NAMES,
    SLOT_SHAPES,
    TRACKS,
    UNIT_TOTALS,
    UNITS,
    Content,
    genoa,
    owner,
    region_tracks,
    starting_position,
    supply_need,
    tracks,
    what,
)
from .solo import is_solo, people_and_bots

FORMAT = 1
ROUNDS = ("1190", "1191 Spring", "1191 Autumn", "1192")
"""The round track (p.5): four rounds over three years."""
MODES = {2: "two", 3: "three", 4: "four"}


def armies_for(players: int, options: dict) -> list[str]:
    """The Army of each seat, in the order of ``ARMIES``: 2 players, one Army of each Alliance
    (the chosen ones); 3 players, both Armies of one Alliance and the lone player's Army of the
    other (p.4); 4 players, all four. A solo game (one person, or two together against the Bot,
    p.19): the people's Armies first, then the Bots' (``solo.py``)."""
    if is_solo(players, options):
        people, bots = people_and_bots(players, options)
        return people + bots
    if players == 4:
        return list(ARMIES)
    crusader = options.get("crusader_army", "angevin")
    muslim = options.get("muslim_army", "ayyubid")
    if players == 2:
        chosen = {crusader, muslim}
    else:
        lone = options.get("lone", "muslim")
        chosen = {crusader if lone == "crusader" else muslim} | set(
            ALLIANCES["muslim" if lone == "crusader" else "crusader"]
        )
    return [a for a in ARMIES if a in chosen]


def alone(s: State, alliance: str) -> bool:
    """Whether one Army plays ``alliance``: both Alliances in 2 players, the lone player's in 3
    (p.4), none in 4. Such an Alliance's Faith marker only rises (p.5), its player has the Faith
    bonus in Battle (p.14), its row is worth double to the pair (p.10), and it has no Final
    Winner to find (p.18). The one answer to the question, wherever a rule asks it."""
    return sum(ALLIANCE_OF[a] == alliance for a in s["armies"]) == 1


def lone(s: State, seat: int) -> bool:
    """Whether ``seat``'s Army is alone in its Alliance (every seat in 2 players)."""
    return alone(s, ALLIANCE_OF[s["armies"][seat]])


def partner(s: State, army: str) -> str | None:
    """``army``'s Alliance Partner, if it is in play (glossary, Alliance Partner)."""
    return next((a for a in s["armies"] if a != army and ALLIANCE_OF[a] == ALLIANCE_OF[army]), None)


def towards(alliance: str, n: int) -> int:
    """``n`` steps of the Glory marker towards ``alliance``, as a change of ``s["glory"]`` (the
    two-sided track, p.5: positive towards the Crusader Alliance)."""
    return n if alliance == "crusader" else -n


def gain_faith(s: State, army: str, n: int) -> None:
    """The Faith marker moves ``n`` steps towards ``army`` (p.16): on an Alliance of two Armies a
    tug-of-war between them (positive towards the first of ``ALLIANCES``), up to 5; a lone
    Army's marker goes up, and never below 0 (p.5). In the lesson's first round the markers are
    not on the board yet and nothing moves (ruling TC121)."""
    alliance = ALLIANCE_OF[army]
    if s.get("plutorial"):
        return
    if not alone(s, alliance):
        step = n if army == ALLIANCES[alliance][0] else -n
        s["faith"][alliance] = max(-5, min(5, s["faith"][alliance] + step))
    else:
        s["faith"][alliance] = max(0, min(5, s["faith"][alliance] + n))


def faith_of(s: State, army: str) -> int:
    """``army``'s Faith, as a Battle compares it (p.14; ruling TC53): a lone Army's, its marker;
    in an Alliance of two, how many steps the shared marker stands on its side, its partner then
    counting 0 (Solo rules, General changes: "If the marker is higher for one Army, their
    Alliance Partner counts as having 0"). In the lesson's first round, no marker: 0 (TC121)."""
    if s.get("plutorial"):
        return 0
    alliance = ALLIANCE_OF[army]
    marker = s["faith"][alliance]
    if alone(s, alliance):
        return marker
    return max(0, marker if army == ALLIANCES[alliance][0] else -marker)


def faith_words(s: State, alliance: str) -> str:
    """Where ``alliance``'s Faith marker stands, for the log: on an Alliance of two Armies, which
    of them it favours and by how many steps; a lone Army's, its height."""
    if s.get("plutorial"):
        return "the Faith markers are not on the board in the lesson's first round: nothing moves (ruling TC121)"
    marker = s["faith"][alliance]
    title = f"the {'Crusader' if alliance == 'crusader' else 'Muslim'} Faith marker"
    if alone(s, alliance):
        return f"{title} stands at {marker}"
    if marker == 0:
        return f"{title} stands in the middle and favours neither Army"
    first, second = ALLIANCES[alliance]
    return f"{title} favours the {ARMY_NAMES[first if marker > 0 else second]} by {abs(marker)}"


def initiative_order(s: State) -> list[int]:
    """The initiative track from the top: a random marker of one Alliance on 1 and its
    partner's on 3, a random marker of the other on 2 and its partner's on 4; a lone player
    uses both markers of its Alliance (p.5). In 2 players, only the two Armies' markers."""
    n = len(s["armies"])
    if n == 2:
        order = [0, 1]
        rng.shuffle(s, order)
        return order
    alliances = sorted(ALLIANCES)
    rng.shuffle(s, alliances)
    track = []
    for alliance in alliances:
        markers = list(ALLIANCES[alliance])
        rng.shuffle(s, markers)
        seats = [_seat_of_marker(s, m) for m in markers]
        track.append(seats)
    return [track[0][0], track[1][0], track[0][1], track[1][1]]


def _seat_of_marker(s: State, army: str) -> int:
    """The seat moving an Army's initiative marker: its own, or the lone player of its Alliance."""
    if army in s["armies"]:
        return s["armies"].index(army)
    return next(seat for seat, a in enumerate(s["armies"]) if ALLIANCE_OF[a] == ALLIANCE_OF[army])


def new_state(
    content: Content, armies: list[str], seed: int, position: dict | None = None, ships: dict | None = None
) -> State:
    """A game's state after setup on the page for the player count, or from another ``position``
    and Genoa ``ships`` (the variable setup's empty map, ruling TC42)."""
    n = len(armies)
    position = starting_position(content, armies) if position is None else position
    ships = genoa(content, armies) if ships is None else ships
    s: State = {
        "format": FORMAT,
        "game": "third-crusade",
        "rng": rng.seed_state(seed),
        "rigged": [],
        "mode": MODES[n],
        "armies": list(armies),
        "round": 0,
        "phase": "strategy",
        "map": {key: list(slots) for key, slots in position.items()},
        "tracks": {},
        "cp": [0] * n,
        "glory": 0,
        "faith": {},
        "gold": [0] * n,
        "ships": {ship: {a: list(p) for a, p in load.items() if a in armies} for ship, load in ships.items()},
        "reserve": {},
        "tokens": {},
        "initiative": [],
        "result": None,
    }
    for seat in range(n):
        s["gold"][seat] = content.setup.lone_gold if n == 3 and lone(s, seat) else content.setup.gold
    for alliance in sorted(ALLIANCES):
        s["faith"][alliance] = content.setup.lone_faith if alone(s, alliance) else 0
    for army in armies:
        s["reserve"][army] = {unit: UNIT_TOTALS[unit] - _units(s, army, unit) for unit in UNITS}
    s["initiative"] = initiative_order(s)
    recount(content, s)
    for seat, army in enumerate(armies):
        s["cp"][seat] = s["tracks"][army][0]
    return s


def recount(content: Content, s: State) -> None:
    """Each Army's four tracks counted anew from the whole map as it stands (command points,
    crowns, supply, gold: ruling TC4): the reference for the count kept as pieces move, and
    where a position is set up from nothing."""
    s["counted"] = counted_anew(content, s)
    retrack(content, s)


def counted_anew(content: Content, s: State) -> dict[str, list[int]]:
    """What the whole map gives each Army in play on its four tracks (:func:`data.tracks`)."""
    counted = tracks(content, {key: tuple(slots) for key, slots in s["map"].items()}, tokens=s.get("tokens"))
    return {army: list(counted[army]) for army in s["armies"]}


def retrack(content: Content, s: State) -> None:
    """The four tracks after a change, from what the map gives (kept up to date Region by
    Region), as the glossary asks after every change of Control or covering; the base command
    points Event Cards gave or took (``s["base_cp"]``) stay on the track. A state saved before
    the count was kept has it counted here."""
    counted = s.get("counted")
    if counted is None:
        counted = s["counted"] = counted_anew(content, s)
    s["tracks"] = {army: list(counted[army]) for army in s["armies"]}
    for army, n in (s.get("base_cp") or {}).items():
        if army in s["tracks"]:
            s["tracks"][army][0] = max(0, s["tracks"][army][0] + n)


_INDEX = {name: i for i, name in enumerate(TRACKS)}


def _share(content: Content, s: State, key: str) -> tuple[tuple[str, str], ...]:
    """The track icons Region ``key`` gives now, each as (Army, track)."""
    region = (content.both or content.south).region(key)  # the board data.tracks counts on
    return region_tracks(content, region, s["map"][key], s["tokens"].get(key))


def _changed(content: Content, s: State, key: str, before: tuple) -> None:
    """Region ``key`` changed, and gave ``before``: what the map gives moves by the difference."""
    counted = s.get("counted")
    if counted is None:
        s["counted"] = counted_anew(content, s)
        return
    after = _share(content, s, key)
    if after == before:
        return
    for army, icon in before:
        if army in counted:
            counted[army][_INDEX[icon]] -= 1
    for army, icon in after:
        if army in counted:
            counted[army][_INDEX[icon]] += 1


def set_slot(content: Content, s: State, key: str, i: int, held: str | None) -> None:
    """Slot ``i`` of Region ``key`` holds ``held`` (a piece, a Sabotage token or None): the one
    way the rules change a Slot, so that what the map gives the tracks is kept up to date."""
    before = _share(content, s, key)
    s["map"][key][i] = held
    _changed(content, s, key, before)


def set_token(content: Content, s: State, key: str, i: int, kind: str | None) -> None:
    """Slot ``i`` of Region ``key`` holds the Resource token ``kind`` (None: none)."""
    before = _share(content, s, key)
    s["tokens"].setdefault(key, [None] * len(SLOT_SHAPES))[i] = kind
    _changed(content, s, key, before)


def _units(s: State, army: str, unit: str) -> int:
    """``army``'s Units of a type off its player board: on the map or on a Genoa ship (p.5)."""
    on_map = sum(1 for slots in s["map"].values() for piece in slots if owner(piece) == army and what(piece) == unit)
    return on_map + sum(ship.get(army, []).count(unit) for ship in s["ships"].values())


def need(content: Content, s: State, army: str) -> int:
    """The supply ``army`` needs at Upkeep (p.17; ruling TC21)."""
    return supply_need(content, s["reserve"][army], army)


def track(s: State, seat: int, name: str) -> int:
    """One of ``seat``'s four tracks by name (``cp``, ``crown``, ``supply``, ``gold``)."""
    return s["tracks"][s["armies"][seat]][TRACKS.index(name)]
