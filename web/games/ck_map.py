"""Crusader Kingdoms at the table: the map of the Levant drawn from the data (each map side's
land, sea and coast, one polygon per area: the Voronoi cells of the area centres, clipped to the
land and to a radius, computed in pure Python once per side), and its sea lanes drawn from coast
to coast; ``shared_borders`` checks the drawing against the data's land borders."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

RADIUS = {"saladin": 160.0, "crusades": 200.0}

Point = tuple[float, float]


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """Sutherland–Hodgman against one half-plane: keep the points with a·x + b·y <= c."""
    out: list[Point] = []
    if not poly:
        return out
    prev = poly[-1]
    prev_in = a * prev[0] + b * prev[1] <= c
    for cur in poly:
        cur_in = a * cur[0] + b * cur[1] <= c
        if cur_in != prev_in:
            d0 = a * prev[0] + b * prev[1] - c
            d1 = a * cur[0] + b * cur[1] - c
            t = d0 / (d0 - d1)
            out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
        if cur_in:
            out.append(cur)
        prev, prev_in = cur, cur_in
    return out


def land_outline(board) -> list[Point]:
    """The land: everything east of the coast polyline (the sea lies between it and x = 0)."""
    coast = [(float(x), float(y)) for x, y in board.coast]
    w, h = board.width, board.height
    if not coast:
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    return coast + [(0.0, h), (w, h), (w, 0.0), (0.0, 0.0)]


def area_cell(board, index: int, radius: float, land: list[Point]) -> list[Point]:
    """The area's Voronoi cell, clipped to the land and to ``radius`` around its centre."""
    area = board.areas[index]
    cx, cy = area.x, area.y
    poly = list(land)
    steps = 40
    for k in range(steps):  # a regular polygon around the circle, as half-planes
        t = 2 * math.pi * (k + 0.5) / steps
        nx, ny = math.cos(t), math.sin(t)
        poly = _clip(poly, nx, ny, nx * cx + ny * cy + radius)
    for other in board.areas:
        if other.index == index:
            continue
        nx, ny = other.x - cx, other.y - cy  # keep the side nearer this centre
        mx, my = (other.x + cx) / 2, (other.y + cy) / 2
        poly = _clip(poly, nx, ny, nx * mx + ny * my)
    return _tidy(poly)


def _tidy(poly: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in poly:
        q = (round(p[0], 1), round(p[1], 1))
        if not out or (abs(q[0] - out[-1][0]) > 0.05 or abs(q[1] - out[-1][1]) > 0.05):
            out.append(q)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _path(poly: list[Point], close: bool = True) -> str:
    if not poly:
        return ""
    head, *rest = poly
    d = f"M{head[0]:g},{head[1]:g}" + "".join(f"L{x:g},{y:g}" for x, y in rest)
    return d + ("Z" if close else "")


def board_data(key: str):
    from outremer.games.crusader_kingdoms.data import content

    return content().boards[key]


@cache
def geometry(key: str) -> dict[str, Any]:
    """The drawing of one map side: land, sea, coast and one polygon per area (cached)."""
    board = board_data(key)
    land = land_outline(board)
    radius = RADIUS.get(key, 160.0)
    cells = [area_cell(board, a.index, radius, land) for a in board.areas]
    coast = [(float(x), float(y)) for x, y in board.coast]
    sea = coast + [(0.0, coast[0][1])] if coast else []
    xs = [p[0] for cell in cells for p in cell]
    ys = [p[1] for cell in cells for p in cell]
    box = (
        max(0.0, min(xs) - 30),
        max(0.0, min(ys) - 20),
        min(board.width, max(xs) + 10),
        min(board.height, max(ys) + 10),
    )
    return {
        "key": key,
        "title": board.title,
        "width": board.width,
        "height": board.height,
        "viewbox": f"{box[0]:g} {box[1]:g} {box[2] - box[0]:g} {box[3] - box[1]:g}",
        "land": _path(land),
        "sea": _path(sea),
        "coast": _path(coast, close=False),
        "cells": [_path(c) for c in cells],
        "polygons": cells,
        "lanes": [_lane(board, a, board.areas[b], coast) for a in board.areas for b in a.sea if b > a.index],
    }


def _landfall(area, coast: list[Point]) -> Point:
    """The point of the coast nearest an area's centre, where its sea lane leaves the land."""
    best, far = coast[0], math.inf
    for (x1, y1), (x2, y2) in zip(coast, coast[1:], strict=False):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((area.x - x1) * dx + (area.y - y1) * dy) / ((dx * dx + dy * dy) or 1)))
        p = (x1 + t * dx, y1 + t * dy)
        if (d := math.dist(p, (area.x, area.y))) < far:
            best, far = p, d
    return best


def _lane(board, a, b, coast: list[Point]) -> dict[str, Any]:
    """A sea lane drawn from coast to coast as a curve out at sea (the sea lies west, towards x = 0)."""
    (x1, y1), (x2, y2) = _landfall(a, coast), _landfall(b, coast)
    off = 0.3 * math.dist((x1, y1), (x2, y2))
    c1, c2 = (x1 - off, y1 + (y2 - y1) / 4), (x2 - off, y2 - (y2 - y1) / 4)
    mid = ((x1 + 3 * c1[0] + 3 * c2[0] + x2) / 8, (y1 + 3 * c1[1] + 3 * c2[1] + y2) / 8)
    return {
        "a": a.key,
        "b": b.key,
        "label": f"Sea lane: {a.name} – {b.name}",
        "d": f"M{x1:.1f},{y1:.1f}C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} {x2:.1f},{y2:.1f}",
        "ends": [(round(x1, 1), round(y1, 1)), (round(x2, 1), round(y2, 1))],
        "mid": (round(mid[0], 1), round(mid[1], 1)),
    }


def border_length(board, cells: list, i: int, j: int) -> float:
    """How long an edge the drawn cells of areas ``i`` and ``j`` share (0 when they share none):
    the stretch of cell ``i`` on the line halfway between the two areas' centres."""
    a, b = board.areas[i], board.areas[j]
    nx, ny = b.x - a.x, b.y - a.y
    norm = math.hypot(nx, ny)
    c = nx * (a.x + b.x) / 2 + ny * (a.y + b.y) / 2
    on = [p for p in cells[i] if abs(nx * p[0] + ny * p[1] - c) / norm < 0.6]
    on_b = [p for p in cells[j] if abs(nx * p[0] + ny * p[1] - c) / norm < 0.6]
    if len(on) < 2 or len(on_b) < 2:
        return 0.0
    return max(math.dist(p, q) for p in on for q in on)


def shared_borders(key: str, min_length: float = 2.0) -> set[tuple[int, int]]:
    """Pairs of areas whose drawn cells share an edge (to check the map data's land borders)."""
    board = board_data(key)
    cells = geometry(key)["polygons"]
    n = len(board.areas)
    return {(i, j) for i in range(n) for j in range(i + 1, n) if border_length(board, cells, i, j) >= min_length}
