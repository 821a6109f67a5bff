"""Third Crusade's map as the table draws it (``table/tc_map.html``): the land under the Regions
(``data/map_drawing.toml``), one drawing per map board, and each Region's box on it.

Two boards (4 players) are two drawings, the north board and the south board, side by side on a
wide screen and one above the other on a narrow one; a Road joining them is drawn on each as a
stub running off the edge. A Region's box carries what the details panel shows of it
(``data-detail-*``): its kind, Port, Mercantile, ruler, each piece in words, the Resource icons
it leaves uncovered, its Order Sections and Roads."""

from __future__ import annotations

from typing import Any

BOX_W, BOX_H, LABEL_H = 196, 72, 26
"""A Region on the map, in board units: its name line, then its box of Slots and Order Sections."""
VIEW_X, VIEW_W = -35, 1000
"""The part of each board drawn (x), the same on both boards so that they line up when stacked."""
TAGS = {"angevin": "An", "hre": "Em", "ayyubid": "Ay", "turkoman": "Tu"}
"""An Army's tag on the Region it Controls (its name is in the Region's details and label)."""
NAME_SIZE = 22
"""A Region's name, in board units (static/tc.css): a name too long for its line is drawn narrower."""
LABEL_KINDS = ("sea", "land", "hills", "water")

_DRAWING: dict | None = None


class DrawingError(ValueError):
    """The drawing's file is wrong: the message names the file, the entry and the field."""


def _points(where: str, raw: Any, closed: bool) -> str:
    if (
        not isinstance(raw, list)
        or len(raw) < (3 if closed else 2)
        or not all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p) for p in raw)
    ):
        raise DrawingError(f"{where}: a list of [x, y] points ({3 if closed else 2} or more) is expected.")
    return ("M" + " L".join(f"{x:g},{y:g}" for x, y in raw)) + (" Z" if closed else "")


def parse_drawing(data: dict, name: str = "map_drawing.toml") -> dict[str, dict]:
    """The drawing of each board: SVG paths of its sea, coast, islands, deserts, hills, rivers
    and lakes, and its labels."""
    out = {}
    for key in ("south", "north"):
        raw = data.get(key)
        if not isinstance(raw, dict):
            raise DrawingError(f"{name}: the board [{key}] is missing.")
        known = {"sea", "coast", "islands", "deserts", "hills", "rivers", "lakes", "labels"}
        if set(raw) - known:
            raise DrawingError(f"{name}: [{key}]: unknown field(s) {sorted(set(raw) - known)}.")
        board: dict[str, Any] = {
            "sea": _points(f"{name}: [{key}] field 'sea'", raw.get("sea"), True),
            "coast": _points(f"{name}: [{key}] field 'coast'", raw.get("coast"), False),
            "islands": [
                _points(f"{name}: [{key}] islands[{i}]", p, True) for i, p in enumerate(raw.get("islands", []))
            ],
            "deserts": [
                _points(f"{name}: [{key}] deserts[{i}]", p, True) for i, p in enumerate(raw.get("deserts", []))
            ],
        }
        for part, closed in (("hills", True), ("rivers", False), ("lakes", True)):
            board[part] = []
            for i, e in enumerate(raw.get(part, [])):
                where = f"{name}: [[{key}.{part}]] #{i + 1}"
                if not isinstance(e.get("name"), str) or set(e) - {"name", "points"}:
                    raise DrawingError(f"{where}: fields 'name' (text) and 'points' expected.")
                board[part].append(
                    {"name": e["name"], "d": _points(f"{where} ({e['name']}) field 'points'", e.get("points"), closed)}
                )
        board["labels"] = []
        for i, e in enumerate(raw.get("labels", [])):
            where = f"{name}: [[{key}.labels]] #{i + 1}"
            if (
                not isinstance(e.get("text"), str)
                or e.get("kind") not in LABEL_KINDS
                or not all(isinstance(e.get(c), (int, float)) for c in ("x", "y"))
                or set(e) - {"text", "x", "y", "kind"}
            ):
                raise DrawingError(
                    f"{where}: fields 'text', 'x', 'y' and 'kind' (one of {', '.join(LABEL_KINDS)}) expected."
                )
            board["labels"].append(dict(e))
        out[key] = board
    return out


def drawing() -> dict[str, dict]:
    global _DRAWING
    if _DRAWING is None:
        from outremer.core.data import read_toml

        _DRAWING = parse_drawing(read_toml("outremer.games.third_crusade", "map_drawing.toml", folder="data"))
    return _DRAWING


def short_name(name: str, kind: str) -> str:
    """The name written on a Region's box: a Desert by where it lies ("N. of Damascus"), its box
    drawn as a Desert's; the full name is in its details and its label."""
    if kind == "desert" and name.startswith("Desert "):
        where, _, place = name[len("Desert ") :].partition(" of ")
        if place:
            return f"{where[:1].upper()}. of {place}"
    return name


def region_details(g: dict, names: dict[str, str], roads: list[str]) -> dict[str, str]:
    """What the details panel shows of a Region (``data-detail-title``, ``-meta``, ``-text``)."""
    meta = ["Desert" if g["kind"] == "desert" else "City"]
    meta += [
        w
        for w, on in (
            ("Port", g["port"]),
            ("Mercantile City", g["mercantile"]),
            ("Jerusalem", g["jerusalem"]),
            ("Destroyed Port", g["destroyed"]),
        )
        if on
    ]
    meta.append(f"Controlled by the {names[g['ruler']]}" if g["ruler"] in names else "Controlled by no Army")
    pieces = [s["piece"]["words"] for s in g["slots"] if s["piece"]]
    tokens = [s["token_words"] for s in g["slots"] if s["token"]]
    uncovered: dict[str, int] = {}
    for s in g["slots"]:
        if s["icon"] and not s["covered"]:
            uncovered[s["icon_words"]] = uncovered.get(s["icon_words"], 0) + 1
    sections = []
    for sec in g["sections"]:
        side = "Crusader" if sec["side"] == "crusader" else "Muslim"
        if sec["empty"]:
            sections.append(f"{side} Section empty")
        elif sec["order"]:
            sections.append(f"{side} Section: {sec['army_name']} Order {sec['order']['name']} ({sec['order']['text']})")
        else:
            sections.append(f"{side} Section: {sec['army_name']} Order, face down")
    text = [("Pieces: " + ", ".join(pieces)) if pieces else "No pieces"]
    if tokens:
        text.append("Tokens: " + ", ".join(tokens))
    text.append(
        ("Uncovered icons: " + ", ".join(f"{w}{f' ×{n}' if n > 1 else ''}" for w, n in uncovered.items()))
        if uncovered
        else "No icon uncovered"
    )
    text.append("; ".join(sections))
    if roads:
        text.append("Roads to " + ", ".join(roads))
    out = ". ".join(text) + "."
    if g.get("flavour"):
        out += " " + g["flavour"]
    return {"title": g["name"], "meta": " · ".join(meta), "text": out}


def boards(board, regions: list[dict], bandits: dict[frozenset, int], four: bool) -> list[dict]:
    """Each map board drawn: its land, its Regions (``regions``: the table's entries, placed by
    their ``board`` and centre ``cx``, ``cy``), its Roads and their Bandits, and the stubs of the
    Roads that run on to the other board."""
    land = drawing()
    by_key = {g["key"]: g for g in regions}
    keys = ("north", "south") if four else ("south",)
    out = {
        k: {
            "key": k,
            "title": {"north": "The north board", "south": "The south board" if four else "The map"}[k],
            "regions": [],
            "roads": [],
            "stubs": [],
            "land": land[k],
            "viewbox": (VIEW_X, 0, VIEW_W, 1000),
        }
        for k in keys
    }
    for g in regions:
        out[g["board"]]["regions"].append(g)
    for r in board.regions:
        for j in r.roads:
            other = board.regions[j]
            if r.index > j or r.key not in by_key or other.key not in by_key:
                continue
            a, b = by_key[r.key], by_key[other.key]
            n = bandits.get(frozenset((r.key, other.key)), 0)
            words = f"Road {r.name} – {other.name}"
            if a["board"] == b["board"]:
                out[a["board"]]["roads"].append(
                    {
                        "x1": a["cx"],
                        "y1": a["cy"],
                        "x2": b["cx"],
                        "y2": b["cy"],
                        "bandits": n,
                        "mx": (a["cx"] + b["cx"]) // 2,
                        "my": (a["cy"] + b["cy"]) // 2,
                        "words": words,
                    }
                )
                continue
            north, south = (a, b) if a["board"] == "north" else (b, a)
            mid = (north["cx"] + south["cx"]) // 2
            for g, edge, there in ((north, 1000, south), (south, 0, north)):
                out[g["board"]]["stubs"].append(
                    {
                        "x1": g["cx"],
                        "y1": g["cy"],
                        "x2": mid,
                        "y2": edge,
                        "bandits": n,
                        "mx": (g["cx"] + mid) // 2,
                        "my": (g["cy"] + edge) // 2,
                        "edge": edge,
                        "words": f"{words}: it runs on to {there['name']}, on the {there['board']} board",
                    }
                )
    return [out[k] for k in keys]


def place(g: dict) -> dict:
    """A Region's box placed around its centre, and what its box shows."""
    g["x"], g["y"] = g["cx"] - BOX_W // 2, g["cy"] - (LABEL_H + BOX_H) // 2
    g["short"] = short_name(g["name"], g["kind"])
    g["tag"] = TAGS.get(g["ruler"] or "", "")
    flags = sum(1 for k in ("port", "mercantile", "jerusalem", "destroyed") if g[k])
    room = BOX_W - 4 - (36 if g["tag"] else 0)
    wide = (
        len(g["short"]) * (0.56 if g["kind"] == "desert" else 0.64) * NAME_SIZE
        + (flags + 0.3 * bool(flags)) * NAME_SIZE
    )
    g["squeeze"] = room if wide > room else None
    return g
