"""Render the table (HTML and SVG) from the engine's per-seat view.

The same module and the same templates run under CPython (build time, tests) and
inside Pyodide (the browser's worker), where build.py ships them in a small pure
wheel as the package ``outremer_web``.  Templates live in ``templates/table``
beside this file in both places.  Everything that reaches a template is plain JSON
data; autoescaping is on.

How a game plugs in (the table's one convention)
================================================

A snapshot (the JSON answer of ``outremer.bridge``: ``game``, ``view``, ``legal``,
``log``, ``viewer``, ``seats``, ``seat_names``, ``to_act``, ``result``, ``undo_to``…)
is rendered by :func:`table` with the template ``table/<game id>.html`` (e.g.
``table/levantine.html``, ``table/crusader-kingdoms.html``).

1. **Context.** The module ``games/<module>.py`` beside this file (module name = the
   game id with ``-`` turned into ``_``) defines::

       def context(snapshot: dict, catalog_game: dict) -> dict

   returning plain data for its template (cards by id, groups of legal actions, …).
   ``catalog_game`` is the game's entry of ``bridge.catalog()["games"]`` (``cards``,
   ``options``, ``seat_names``…).  Its dict is merged *over* the common context below.
   The key ``claimed`` (a list of legal-action indices) names the actions the
   template attaches to its own board elements; every other legal action is shown
   by the common action bar.  A game without a module gets the common context only.

2. **Common context** (:func:`common_context`), for every game:

   ``snapshot``, ``view``, ``legal`` (list of ``{index, text, label}``),
   ``legal_by_text`` (text -> action), ``viewer`` (seat or None), ``seats`` (who
   plays each seat: human/random/heuristic), ``seat_names``, ``to_act``,
   ``to_act_name``, ``to_act_kind``, ``over``, ``result``, ``is_my_turn``,
   ``history`` (True when showing a past step: nothing can be played), ``step``,
   ``steps``, ``catalog_game``, ``cards`` (the catalog's cards as a list indexed by
   id), ``log`` (the snapshot's log lines, each with ``href``: the link to its rule),
   ``rules_href`` (the game's rules page), ``unclaimed`` (legal actions not in
   ``claimed``: what ``_actions.html`` shows), ``lesson`` (the snapshot's lesson, none in
   the past: what ``_lesson.html`` shows in the status bar, through ``_prompt.html``).

3. **Actions.** Every legal action is offered by exactly one element carrying
   ``data-act="<index>"``: a ``<button>``, or an SVG/HTML element with
   ``role="button"``, ``tabindex="0"`` and an ``aria-label``.  The page (app.js)
   handles click, Enter and Space on any ``[data-act]`` the same way for every game
   (``bridge.act(code, index, viewer)``).  Nothing else on the table acts.

4. **Common partials**, to ``{% include %}`` from a game's template:

   ``table/_prompt.html``   what the seat to act is asked (``view.prompt`` if the view
                            has one), who acts, and the result when the game is over;
   ``table/_actions.html``  the action bar: a button for every action in ``unclaimed``
                            (so every legal action is always reachable);
   ``table/_log.html``      log lines as ``<li>``, each linking to its rule (rendered
                            by :func:`table_json` into the page's live log region, not
                            into the table).

5. **Rules links.** A log line's ``rule`` key (a rulebook section or a ruling id)
   links to ``rules/<game id>.html#`` + :func:`rule_anchor` (key); build.py writes
   that page from the engine's rule titles, the rulebook and ``docs/rulings``.

6. **Picking into a form.** An element with ``data-compose-pick="<verb> <arg> <value>"`` (and
   ``role="button"``, ``tabindex="0"``, an ``aria-label``) sets field ``<arg>`` of the composer of
   ``<verb>`` to ``<value>`` on click, Enter or Space (static/compose.js): a Region of a map for
   the Region of an Order. It plays nothing itself; compose.js marks it ``aria-disabled`` when
   the value is not open and ``aria-pressed`` when it is chosen.

7. **Card details.** An element with ``data-detail-title`` and ``data-detail-text``
   (optionally ``data-detail-meta``) shows them in the page's card-detail panel on
   hover, focus or tap (app.js, detail.js; generic).

8. **Parts.** The page redraws only the parts of the table whose HTML changed (static/parts.js).
   A part is one element with ``data-part="<key>"`` (a key unique in the table) between the
   comments ``<!--part-->`` and ``<!--/part-->``; parts do not nest, and what lies between them
   (the frame) is best kept the same from click to click: when the frame changes the whole table
   is drawn again (the root element's own attributes excepted: a step number, a phase's class).
   An element of the frame whose own attributes change from click to click (a column of panels
   whose scroll is kept under a key that changes with the step) is a holder: the comment
   ``<!--holder-->`` just before its start tag, the element carrying ``data-holder="<key>"``; when
   only its start tag changed, the page gives it the new attributes and keeps it, with the parts
   in it that are the same; a holder that scrolls and keeps no scroll of its own (no
   ``data-keep-scroll``) then shows from its start if any of it was drawn again, as a part would.
   A part whose HTML changed keeps its element where it can (its new attributes given, its
   children that are the same kept). A part may come or go without the frame counting as changed
   where it lies right after another part or a holder's start tag, only white space between them
   (an item of a list, or ``{%- if ... %}<!--part-->...``): the page puts it in or takes it out,
   with the white space before it.
   What is drawn alike from click to click can be written once and kept: ``{{ once(template,
   key, **context) }}`` (:func:`once`).

Secrets: a template only ever sees the view of the seat given (``viewer``); with
``viewer`` None (a hand-off screen, a spectator) no hand is in the snapshot.
"""

from __future__ import annotations

import functools
import importlib
import json
import marshal
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from outremer.core import rules

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"

_env: jinja2.Environment | None = None
_contexts: dict[str, Callable[[dict, dict], dict] | None] = {}
_catalog: dict[str, dict] = {}


def environment() -> jinja2.Environment:
    """The one Jinja2 environment: strict undefineds, autoescaped HTML and SVG."""
    global _env
    if _env is None:
        _env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
            autoescape=jinja2.select_autoescape(["html", "svg", "xml"]),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
            # A build's templates never change under it. (Checking would also recompile
            # each one after the engine's snapshot is restored: its files are unpacked
            # anew, with new times, though their contents are the same.)
            auto_reload=False,
        )
        _env.globals["rule_anchor"] = rule_anchor
        _env.globals["once"] = once
        _env.filters["named"] = named
    return _env


def _words(text: str) -> str:
    """Text as it is compared for "label in name": lower case, letters and digits, single spaces."""
    return " ".join("".join(ch if ch.isalnum() else " " for ch in str(text).lower()).split())


def named(label: str, visible: str) -> str:
    """An accessible name that holds the visible label (WCAG 2.5.3, "label in name"): a speech
    user who says what they see reaches the control. ``{{ a.label | named(a.short) }}``: the
    label as it is when it already holds the visible words, else the visible words, then it."""
    seen, name = _words(visible), _words(label)
    if not seen or f" {seen} " in f" {name} ":
        return label
    return f"{visible} — {label}"


def render(name: str, context: dict[str, Any] | None = None) -> str:
    """Render one template under ``templates/`` with a plain-data context."""
    return environment().get_template(name).render(**(context or {}))


# ------------------------------------------------------------------ parts and what is drawn once

PART, PART_END = "<!--part-->", "<!--/part-->"
"""A template marks a part of the table (what the page may redraw alone) by these two comments
around one element that carries ``data-part="<key>"``, a key unique in the table; parts do not
nest. :func:`table` takes the comments out; :func:`table_json` says where each part lies."""

HOLDER = "<!--holder-->"
"""A template marks an element of the frame that holds parts and whose own attributes change from
click to click (a column whose scroll and panel shown are kept while a key in its attributes
holds) by this comment just before its start tag, the element carrying ``data-holder="<key>"``:
when only its start tag changed, the page gives the element its new attributes and keeps it,
with the parts in it that did not change (static/parts.js)."""

ONCE_LIMIT = 1024
_once: dict[tuple[str, str | bytes], Markup] = {}


def once(name: str, key: str | bytes | None = None, **context: Any) -> Markup:
    """Template ``name`` rendered with ``context``, kept and given again while its inputs are the
    same: ``key`` when given (what the caller knows to name them, e.g. a map board's), else the
    context itself, written out (``marshal``). For what is drawn alike from click to click (a board's land, a Region
    whose pieces did not move). At most :data:`ONCE_LIMIT` kept: then all are forgotten."""
    if key is None:
        # The fastest faithful writing of plain data, in marshal's version 2: equal inputs are
        # written alike however their objects are shared (the later versions mark an object
        # referred to from elsewhere, so that an input kept from an earlier click would miss).
        try:
            key = marshal.dumps(context, 2)
        except ValueError:  # not plain data (a Markup, an object): its JSON
            key = json.dumps(context, sort_keys=True, separators=(",", ":"), default=repr)
    found = _once.get((name, key))
    if found is None:
        if len(_once) >= ONCE_LIMIT:
            _once.clear()
        found = _once[(name, key)] = Markup(render(name, context))
    return found


_PART_KEY = re.compile(r'data-part="([^"]*)"')
_HOLDER_KEY = re.compile(r'data-holder="([^"]*)"')
_MARK = re.compile(re.escape(PART) + "|" + re.escape(HOLDER))


def split_parts(html: str) -> tuple[str, list[list]]:
    """The table without its parts' marks, and each part as ``[key, start, end]``: where its
    element (without the white space around it) lies in that text, counted in UTF-16 code units (as
    the page's strings count); each holder (:data:`HOLDER`) as ``[key, start, end, "holder"]``:
    where its start tag lies. In the order they come in the text."""
    if PART not in html and HOLDER not in html:
        return html, []
    bmp = html.isascii() or len(html.encode("utf-16-le")) == 2 * len(html)
    length = len if bmp else (lambda text: len(text.encode("utf-16-le")) // 2)
    out: list[str] = []
    spans: list[list] = []
    pos = at = 0
    while (mark := _MARK.search(html, pos)) is not None:
        begin = mark.start()
        out.append(html[pos:begin])
        at += length(html[pos:begin])
        if mark.group() == HOLDER:
            close = html.find(">", mark.end())
            tag = html[mark.end() : close + 1]
            found = _HOLDER_KEY.search(tag)
            if close < 0 or found is None or not tag.startswith("<"):
                raise ValueError(f"a holder of parts has no start tag with a data-holder key: {tag[:80]!r}")
            spans.append([found.group(1), at, at + length(tag), "holder"])
            pos = mark.end()  # the start tag stays in the text, read on from it
            continue
        end = html.find(PART_END, begin)
        if end < 0:
            raise ValueError("a part of the table is not closed (<!--/part-->)")
        body = html[mark.end() : end]
        found = _PART_KEY.search(body, 0, body.find(">"))
        if found is None:
            raise ValueError(f"a part of the table has no data-part key: {body[:80]!r}")
        out.append(body)
        # the element alone: the white space around it belongs to the frame (replaced with
        # it, it would be added again each time)
        element = body.strip()
        start = at + length(body[: len(body) - len(body.lstrip())])
        spans.append([found.group(1), start, start + length(element)])
        at += length(body)
        pos = end + len(PART_END)
    out.append(html[pos:])
    return "".join(out), spans


def frame(snapshot: dict[str, Any] | None = None) -> str:
    """The empty table, shown while the engine loads and before a game starts."""
    return render("table/frame.html", {"snapshot": snapshot})


# ------------------------------------------------------------------ the plug-in point


def module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


def game_context(game_id: str) -> Callable[[dict, dict], dict] | None:
    """``games.<module>.context`` for a game, or None when the game has no module."""
    if game_id not in _contexts:
        package = f"{__package__}.games" if __package__ else "games"
        try:
            module = importlib.import_module(f"{package}.{module_name(game_id)}")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"{package}.{module_name(game_id)}", package):
                raise
            module = None
        _contexts[game_id] = getattr(module, "context", None)
    return _contexts[game_id]


rule_anchor = functools.lru_cache(maxsize=4096)(rules.rule_anchor)
"""The fragment of a game's rules page that explains rule ``key`` (the engine's own spelling);
kept once worked out (every log line names one, each table lists the whole log)."""


def rule_short(key: str, title: str) -> str:
    """A short link text: "Ruling L8", "Support Phase", "4.1 Attack"."""
    if title.startswith("Ruling "):
        return f"Ruling {key}"
    if title.startswith("Rulebook: "):
        return title.removeprefix("Rulebook: ")
    return title or key


def rules_href(game_id: str) -> str:
    return f"rules/{game_id}.html"


def log_lines(snapshot: dict, start: int = 0) -> list[dict]:
    """The snapshot's log lines from ``start``, each with the link to its rule."""
    game_id = snapshot.get("game", "")
    lines = []
    for n, line in enumerate(snapshot.get("log") or [], 0):
        if n < start:
            continue
        rule = line.get("rule") or ""
        title = line.get("rule_title") or rule
        lines.append(
            {
                "n": n,
                "step": line.get("step", 0),
                "text": line.get("text", ""),
                "rule": rule,
                "rule_title": title,
                "rule_short": rule_short(rule, title),
                "href": f"{rules_href(game_id)}#{rule_anchor(rule)}" if rule else None,
            }
        )
    return lines


def cards_by_id(catalog_game: dict) -> list[dict]:
    cards = catalog_game.get("cards") or []
    by_id: list[dict] = [{}] * (max((c.get("id", i) for i, c in enumerate(cards)), default=-1) + 1)
    for i, card in enumerate(cards):
        by_id[card.get("id", i)] = card
    return by_id


def common_context(snapshot: dict, catalog_game: dict) -> dict:
    """What every game's template gets (see the module's docstring)."""
    legal = snapshot.get("legal") or []
    seat_names = snapshot.get("seat_names") or []
    viewer, to_act = snapshot.get("viewer"), snapshot.get("to_act")
    steps, step = snapshot.get("steps", 0), snapshot.get("step", 0)
    history = step != steps
    return {
        "snapshot": snapshot,
        "view": snapshot.get("view") or {},
        "legal": legal,
        "legal_by_text": {a["text"]: a for a in legal},
        "viewer": viewer,
        "seats": snapshot.get("seats") or [],
        "seat_names": seat_names,
        "to_act": to_act,
        "to_act_name": seat_names[to_act] if to_act is not None and to_act < len(seat_names) else None,
        "to_act_kind": snapshot.get("to_act_kind"),
        "over": bool(snapshot.get("over")),
        "result": snapshot.get("result"),
        "is_my_turn": bool(legal) and viewer is not None and viewer == to_act and not history,
        "history": history,
        "step": step,
        "steps": steps,
        "catalog_game": catalog_game,
        "cards": cards_by_id(catalog_game),
        "log": log_lines(snapshot),
        "rules_href": rules_href(snapshot.get("game", "")),
        "claimed": [],
        "lesson": None if history else snapshot.get("lesson"),
    }


def table(snapshot: dict, catalog_game: dict | None = None, times: dict | None = None) -> str:
    """The table for a snapshot (see :func:`table_parts`), as one text."""
    return table_parts(snapshot, catalog_game, times)[0]


def table_parts(snapshot: dict, catalog_game: dict | None = None, times: dict | None = None) -> tuple[str, list[list]]:
    """The table for a snapshot: ``table/<game id>.html`` with the merged context. With ``times``
    (a benchmark's), the seconds spent building the context and rendering the template are
    added to its ``"context"`` and ``"template"``."""
    begun = time.perf_counter()
    catalog_game = catalog_game or _catalog.get(snapshot.get("game", "")) or {}
    context = common_context(snapshot, catalog_game)
    make = game_context(snapshot.get("game", ""))
    if make is not None:
        context.update(make(snapshot, catalog_game))
    claimed = set(context.get("claimed") or ())
    context["unclaimed"] = [a for a in context["legal"] if a["index"] not in claimed]
    drawn = time.perf_counter()
    html, parts = split_parts(render(f"table/{snapshot['game']}.html", context))
    if times is not None:
        times["context"] = times.get("context", 0.0) + drawn - begun
        times["template"] = times.get("template", 0.0) + time.perf_counter() - drawn
    return html, parts


def log_html(snapshot: dict, start: int = 0) -> str:
    """Log lines from ``start`` as ``<li>`` items (the page appends them to its live log)."""
    return render("table/_log.html", {"lines": log_lines(snapshot, start)})


def set_catalog(catalog: dict) -> None:
    """Remember ``bridge.catalog()``'s games, so that :func:`table` needs only a snapshot."""
    _catalog.clear()
    for game in catalog.get("games", []):
        _catalog[game["id"]] = game


# ------------------------------------------------------------------ JSON doors (the worker)


def render_json(name: str, context_json: str) -> str:
    """JSON-string door used by the worker: template name + JSON context -> HTML."""
    context = json.loads(context_json) if context_json else {}
    if not isinstance(context, dict):
        raise TypeError("the context must be a JSON object")
    return render(name, context)


def frame_json(snapshot_json: str) -> str:
    """JSON-string door used by the worker: snapshot JSON (or "null") -> table HTML."""
    snapshot = json.loads(snapshot_json) if snapshot_json else None
    return frame(snapshot)


def table_json(snapshot: dict, log_from: int = 0, times: dict | None = None) -> dict:
    """The table and the new log lines of a snapshot, as the page puts them in place (``times``:
    see :func:`table`; the new log lines count as template): ``table`` (the HTML), ``parts`` (where
    each part lies in it, see :func:`split_parts`: the page redraws only the parts that changed,
    static/parts.js), ``size`` (its length in UTF-16 code units: the page checks the parts against
    it), ``log``, ``log_from``, ``log_count``."""
    log = snapshot.get("log") or []
    reset = log_from > len(log) or log_from < 0
    start = 0 if reset else log_from
    drawn, parts = table_parts(snapshot, times=times)
    begun = time.perf_counter()
    lines = log_html(snapshot, start)
    if times is not None:
        times["template"] = times.get("template", 0.0) + time.perf_counter() - begun
    size = len(drawn) if drawn.isascii() else len(drawn.encode("utf-16-le")) // 2
    return {"table": drawn, "parts": parts, "size": size, "log": lines, "log_from": start, "log_count": len(log)}
