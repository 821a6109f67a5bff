"""Maps as graphs: places (areas, Locations, Regions) by index, each with its neighbours.

A map file lists, for each place, the keys of the places it touches; :func:`links` checks the
list (every key names a place of the map, every link is listed from both ends) and turns it
into indices, and :func:`check_connected` that every place can be reached. :func:`distances`
and :func:`within` answer the questions rules ask of a map ("adjacent", "within two").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from .data import entry, field
from .errors import DataError

Neighbours = Sequence[Sequence[int]]
"""For each place (by index), the indices of the places it touches."""


def links(
    raws: list[dict[str, Any]],
    keys: dict[str, int],
    name: str,
    what: str,
    key: str = "key",
    link: str = "borders",
    optional: bool = False,
) -> tuple[tuple[int, ...], ...]:
    """Each entry's ``link`` list of keys, checked and sorted into indices: a key must name a
    place of this map, and the place it names must list this one back. An ``optional`` link
    may be left out of an entry (no such links)."""
    out = []
    for i, raw in enumerate(raws):
        where = entry(name, what, i, raw, key)
        listed = field(where, raw, link, list, default=[]) if optional else field(where, raw, link, list)
        for other in listed:
            if other not in keys:
                raise DataError(f"{where}: field {link!r} names {other!r}, which is no {what} of this map.")
            if raw[key] not in raws[keys[other]].get(link, []):
                raise DataError(f"{where}: field {link!r} lists {other!r}, but {other!r} does not list {raw[key]!r}.")
        out.append(tuple(sorted(keys[other] for other in listed)))
    return tuple(out)


def distances(neighbours: Neighbours, start: int, passable: Callable[[int], bool] | None = None) -> list[int | None]:
    """Steps from ``start`` to every place (None: out of reach); ``passable(i)``, if given, says
    which places a path may go through (the start and the places reached are always counted)."""
    far: list[int | None] = [None] * len(neighbours)
    far[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and passable is not None and not passable(here):
            continue
        for nxt in neighbours[here]:
            if far[nxt] is None:
                far[nxt] = (far[here] or 0) + 1  # a place queued has its distance (0 at the start)
                todo.append(nxt)
    return far


def within(neighbours: Neighbours, start: int, steps: int) -> set[int]:
    """The places at most ``steps`` away from ``start``, itself included."""
    return {i for i, d in enumerate(distances(neighbours, start)) if d is not None and d <= steps}


def check_connected(neighbours: Neighbours, keys: Sequence[str], name: str, what: str) -> None:
    """Every place can be reached from the first; else an error naming one that cannot."""
    for i, d in enumerate(distances(neighbours, 0)):
        if d is None:
            raise DataError(f"{name}: {what} {keys[i]!r} cannot be reached from {keys[0]!r}: the map is not connected.")
