"""A seat's view worked out entry by entry, when read: for the computer players, who look at the
table thousands of times inside one search and read a few entries each time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class LazyView(dict[str, Any]):
    """A view (a dict) whose entries are worked out the first time they are read.

    ``fields`` maps each key, in the view's order, to a function of ``args`` (for a game's view:
    the game, the state and the seat) giving its value, the same function the whole view is built
    from (:meth:`whole`), so both hold the same entries. Reading a key not yet worked out works it
    out from the state as it is then; a search reads the view before it moves the state on.
    Going through it (``len``, ``items``, iteration) sees only the entries read so far:
    :meth:`whole` gives them all.
    """

    __slots__ = ("_fields", "_args")

    def __init__(self, fields: dict[str, Callable[..., Any]], *args: Any):
        super().__init__()
        self._fields = fields
        self._args = args

    def __missing__(self, key: str) -> Any:
        make = self._fields.get(key)
        if make is None:
            raise KeyError(key)
        value = self[key] = make(*self._args)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self._fields else default

    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def whole(self) -> dict[str, Any]:
        """Every entry, worked out (and those of the views it holds): the view as a plain dict."""
        return {key: _whole(self[key]) for key in self._fields}


def _whole(value: Any) -> Any:
    if isinstance(value, LazyView):
        return value.whole()
    if isinstance(value, list) and value and isinstance(value[0], LazyView):
        return [_whole(v) for v in value]
    return value
