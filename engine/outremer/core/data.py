"""Designed data in TOML files, read and checked the same way for every game.

A game keeps its cards, maps and tables in TOML files inside its package and turns them into
typed records with these helpers, so that every error a person editing a file can make is
answered alike: a :class:`DataError` whose message names the file, the entry and the field
("map_saladin.toml: area 3 ('homs'): field 'defence' must be int, not '3'.").
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from typing import Any

from .errors import DataError as DataError  # also imported from here, beside the readers

_NOT_GIVEN = object()


def read_toml(package: str, name: str, *, folder: str = "", text: str | None = None) -> dict[str, Any]:
    """The TOML file ``name`` of ``package`` (in ``folder`` if given), or ``text`` in its place
    (an edited file, in tests); an error names the file."""
    if text is None:
        where = resources.files(package)
        if folder:
            where = where.joinpath(folder)
        text = where.joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML ({exc}).") from None


def tables(data: dict[str, Any], key: str, name: str, what: str) -> list[dict[str, Any]]:
    """The non-empty array of tables ``key`` (``[[key]]``) of a file; each entry a table."""
    raws = data.get(key)
    if not isinstance(raws, list) or not raws:
        raise DataError(f"{name}: expected [[{key}]] tables.")
    for i, raw in enumerate(raws):
        if not isinstance(raw, dict):
            raise DataError(f"{name}: {what} {i + 1} is not a table.")
    return raws


def entry(name: str, what: str, index: int, raw: dict[str, Any], label: str = "key") -> str:
    """How an error names an entry: "cards.toml: card 3 ('Saladin')"."""
    return f"{name}: {what} {index + 1} ({raw.get(label, '?')!r})"


def only_known(where: str, raw: dict[str, Any], known: Iterable[str]) -> None:
    known = set(known)
    for key in raw:
        if key not in known:
            raise DataError(f"{where}: unknown field {key!r}.")


def field(
    where: str,
    raw: dict[str, Any],
    key: str,
    kind: type,
    default: Any = _NOT_GIVEN,
    allowed: Iterable[Any] | None = None,
) -> Any:
    """``raw[key]``, checked: of type ``kind`` (an int is no bool; a float may be written as an
    int) and, if ``allowed`` is given, one of them. Missing: ``default`` if one is given, else an
    error."""
    if key not in raw:
        if default is _NOT_GIVEN:
            raise DataError(f"{where}: missing field {key!r}.")
        return default
    value = raw[key]
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        ok, value = True, float(value)
    if not ok:
        raise DataError(f"{where}: field {key!r} must be {getattr(kind, '__name__', kind)}, not {value!r}.")
    if allowed is not None and value not in allowed:
        raise DataError(f"{where}: field {key!r} is {value!r}; expected one of {', '.join(map(str, allowed))}.")
    return value


def unique_keys(raws: list[dict[str, Any]], name: str, what: str, key: str = "key") -> dict[str, int]:
    """Each entry's ``key`` (a string, not repeated) and its index."""
    keys: dict[str, int] = {}
    for i, raw in enumerate(raws):
        where = entry(name, what, i, raw, key)
        k = field(where, raw, key, str)
        if k in keys:
            raise DataError(f"{where}: field {key!r} repeats an earlier {what}.")
        keys[k] = i
    return keys
