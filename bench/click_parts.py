"""Where a click's time goes inside Python, in CPython: the parts the site's worker runs for a
click (``dispatch.show("act", ...)``), over random clicks of games against the quick computer
player, as the site benchmark plays them (``site_bench.py click``). Figures go into
bench/click_parts.json.

    PYTHONPATH=engine python bench/click_parts.py [--game G] [--players N] [--clicks N]
        [--games N] [--root TREE] [--label NAME]

The parts (ms, median and 90th percentile of each):

engine    the action played: the match found by its share code, the action applied and the game
          advanced to the next decision, the new share code written
legal     the legal actions listed with their labels (``bridge.snapshot``)
view      the rest of the snapshot: the seat's view, its log, the lesson, the summary
context   the table's template context (``web/games/<game>.py``)
template  Jinja2: the table's HTML and SVG, and the new log lines
json      the rest of ``dispatch.show``: the answer written as JSON, read back, written again

They are timed from outside (the bridge's snapshot, the game's ``legal_actions`` and
``describe``, the game's context function, all wrapped), so that the same measure runs on an
earlier tree of the project whose code has no timing of its own: ``--root`` takes the engine
and the site's Python from that tree (its ``engine/`` and ``web/``). The browser adds what no
CPython run sees (the crossing to the worker, the DOM update, the paint): ``site_bench.py click``
measures those, and the same Python parts inside Pyodide.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
from out import out_path  # noqa: E402

RESULTS = out_path(BENCH / "click_parts.json")
PLAYERS = {
    "levantine": (2,),
    "crusader-kingdoms": (1, 2, 3, 4),
    "lords-of-heaven": (2, 3, 4),
    "third-crusade": (2, 3, 4),
}
"""The games and player counts of ``site_bench.py click``."""
PARTS = ("engine", "legal", "view", "context", "template", "json")
SIZES = ("sent_kb", "table_kb", "redrawn_kb", "parts_redrawn")
"""What a click sends and what the page draws again of it: the answer's JSON, the table's HTML in
it, the HTML the page parses again (the parts whose text changed since the table last shown, as
static/parts.js compares them; the whole table when its frame changed or the tree has no parts),
and how many parts that is (0: the whole table)."""


def table_pieces(html: dict) -> tuple[str, dict, dict] | None:
    """An answer's table as static/parts.js cuts it: its frame (the root's tag and the holders'
    tags apart), its parts (a holder's new tag changes attributes only: nothing parsed again), and
    what each part lies right after, only white space between them (``("part" or "holder", key)``,
    else None: where a part that comes is put in)."""
    text, spans = html["table"], html.get("parts") or []
    if not spans or html.get("size") != len(text.encode("utf-16-le")) // 2:
        return None
    units = text.encode("utf-16-le")
    piece = lambda a, b: units[2 * a : 2 * b].decode("utf-16-le")  # noqa: E731
    frame, parts, after, at, last = [], {}, {}, 0, None
    for key, start, end, *kind in spans:
        if kind == ["holder"]:
            frame.append(piece(at, start) + f"<!--holder {key}-->")
        else:
            frame.append(piece(at, start) + f"<!--{key}-->")
            parts[key] = piece(start, end)
            after[key] = last if last and not piece(at, start).strip() else None
        last = ("holder" if kind == ["holder"] else "part", key)
        at = end
    frame.append(piece(at, len(units) // 2))
    whole = "".join(frame)
    return whole[whole.index(">") + 1 :], parts, after


def without(frame: str, keys: list[str]) -> str:
    """The frame with the placeholders of ``keys`` taken out, each with the white space before it
    (static/parts.js: a part that comes or goes, an item of a list, is put in or taken out alone)."""
    for key in keys:
        frame = re.sub(r"\s*" + re.escape(f"<!--{key}-->"), "", frame, count=1)
    return frame


def redrawn(shown: tuple | None, html: dict) -> tuple[float, int]:
    """The kilobytes of HTML the page parses again for ``html`` after ``shown`` (table_pieces of
    the table on screen), and the parts redrawn (0: the whole table), as static/parts.js draws it:
    a part whose start tag alone changed counts its tag (given to the element kept); a part may come
    or go, the frame the same but for it and the white space before it, right after a part or a
    holder's start tag."""
    now = table_pieces(html)
    whole = len(html["table"].encode()) / 1000, 0
    if shown is None or now is None:
        return whole
    if shown[0] != now[0]:
        added = [key for key in now[1] if key not in shown[1]]
        gone = [key for key in shown[1] if key not in now[1]]
        placed: set[str] = set()
        for key in added:
            at = now[2][key]
            if not at or not (at[0] == "holder" or at[1] in shown[1] or at[1] in placed):
                return whole
            placed.add(key)
        if not (added or gone) or without(shown[0], gone) != without(now[0], added):
            return whole
    size, count = 0, 0
    for key, text in now[1].items():
        was = shown[1].get(key)
        if was == text:
            continue
        count += 1
        tag = text[: text.index(">") + 1]
        size += len((tag if was is not None and was[was.index(">") + 1 :] == text[len(tag) :] else text).encode())
    count += sum(1 for key in shown[1] if key not in now[1])
    return size / 1000, count


class Clock:
    """The time of one click's parts, from wrappers put once around the code that does them."""

    def __init__(self, bridge, dispatch, render) -> None:
        self.bridge, self.dispatch, self.render = bridge, dispatch, render
        self.times: dict[str, float] = {}
        self.inside_snapshot = False
        self.wrapped: set[str] = set()
        bridge.snapshot = self.timer(bridge.snapshot, "snapshot", snapshot=True)
        bridge.act = self.timer(bridge.act, "act")
        bridge.json = types.SimpleNamespace(dumps=self.timer(json.dumps, "bridge_dumps"), loads=json.loads)
        render.common_context = self.timer(render.common_context, "common_context")
        render.table_json = self.timer(render.table_json, "table_json")

    def timer(self, fn, part: str, snapshot: bool = False, only_in_snapshot: bool = False):
        """``fn``, its time added to ``part`` (only inside a snapshot, if so asked)."""

        def timed(*args, **kwargs):
            if only_in_snapshot and not self.inside_snapshot:
                return fn(*args, **kwargs)
            if snapshot:
                self.inside_snapshot = True
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.times[part] = self.times.get(part, 0.0) + time.perf_counter() - start
                if snapshot:
                    self.inside_snapshot = False

        return timed

    def wrap_game(self, game) -> None:
        """The game's legal actions and their labels (timed inside a snapshot), its context."""
        if game.id in self.wrapped:
            return
        self.wrapped.add(game.id)
        for name in ("legal_actions", "describe"):
            setattr(game, name, self.timer(getattr(game, name), "legal", only_in_snapshot=True))
        make = self.render.game_context(game.id)
        if make is not None:
            self.render._contexts[game.id] = self.timer(make, "game_context")

    def click(self, args: list, log_from: int) -> tuple[dict, dict]:
        """One click as the worker answers it (``dispatch.show("act", ...)``): its answer and parts (ms)."""
        self.times = {}
        start = time.perf_counter()
        raw = self.dispatch.show("act", json.dumps(args), log_from)
        whole = time.perf_counter() - start
        t = self.times
        legal = t.get("legal", 0.0)
        context = t.get("common_context", 0.0) + t.get("game_context", 0.0)
        parts = {
            "engine": t["act"] - t["snapshot"] - t.get("bridge_dumps", 0.0),
            "legal": legal,
            "view": t["snapshot"] - legal,
            "context": context,
            "template": t.get("table_json", 0.0) - context,
        }
        parts["json"] = whole - sum(parts.values())
        parts["total"] = whole
        answer = json.loads(raw)
        found = {k: round(1000 * v, 3) for k, v in parts.items()}
        found["sent_kb"] = round(len(raw.encode()) / 1000, 2)
        found["table_kb"] = round(len(answer["html"]["table"].encode()) / 1000, 2) if "html" in answer else 0.0
        return answer, found


def load(root: Path):
    """The bridge, the site's dispatch and render of the tree at ``root``."""
    sys.path[:0] = [str(root / "engine"), str(root / "web")]
    import dispatch  # the site's worker module, beside render.py
    import render
    from outremer import bridge
    from outremer.games import get_game

    dispatch.boot()
    assert dispatch._bridge is bridge
    dispatch._renderer()  # the catalog set, as in the worker
    return bridge, dispatch, render, get_game


def play(clock: Clock, get_game, game_id: str, players: int, seed: int, clicks: int, rand: random.Random) -> list[dict]:
    """A game against the quick computer player, seat 0 clicking at random; the parts of each click."""
    clock.wrap_game(get_game(game_id))
    dispatch = clock.dispatch
    request = {"game": game_id, "seats": ["human"] + ["heuristic"] * (players - 1), "seed": seed, "viewer": 0}
    answer = json.loads(dispatch.show("new_game", json.dumps([json.dumps(request)]), 0))
    if not answer.get("ok"):
        raise SystemExit(f"{game_id} with {players}: {answer.get('error')}")
    found = []
    log_count = answer["html"]["log_count"]
    shown = table_pieces(answer["html"])
    while not answer["over"] and len(found) < clicks:
        if answer["to_act"] == 0:
            index = answer["legal"][rand.randrange(len(answer["legal"]))]["index"]
            answer, parts = clock.click([answer["code"], index, 0], log_count)
            if not answer.get("ok"):
                raise SystemExit(f"{game_id}: a legal action refused: {answer.get('error')}")
            kb, count = redrawn(shown, answer["html"])
            parts.update(redrawn_kb=round(kb, 2), parts_redrawn=count)
            found.append(parts)
        else:
            answer = json.loads(dispatch.show("ai_step", json.dumps([answer["code"], 0]), log_count))
            if not answer.get("ok"):
                raise SystemExit(f"{game_id}: the computer could not move: {answer.get('error')}")
        log_count = answer["html"]["log_count"]
        shown = table_pieces(answer["html"])
    return found


def commit_of(root: Path) -> str:
    """The commit the tree at ``root`` holds ("+" when it holds changes besides), or its path
    where git cannot be asked (inside Pyodide)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--", "engine", "web"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        return head + ("+" if changed else "")
    except (OSError, RuntimeError, subprocess.SubprocessError):
        return str(root)


def figures(parts: list[dict]) -> dict:
    out = {}
    for name in (*PARTS, "total", *SIZES):
        values = [p[name] for p in parts]
        p90 = statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]
        out[name] = {"median": round(statistics.median(values), 2), "p90": round(p90, 2)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), help="one game (every player count of it)")
    parser.add_argument("--players", type=int, help="one player count")
    parser.add_argument("--games", type=int, default=2, help="games played per case")
    parser.add_argument("--clicks", type=int, default=80, help="at most this many clicks a game")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project tree whose engine and site are timed")
    parser.add_argument("--label", default="now", help="the name of this tree's figures in the results")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the figures go")
    args = parser.parse_args()
    bridge, dispatch, render, get_game = load(args.root.resolve())
    cases = [(g, n) for g in PLAYERS for n in PLAYERS[g] if args.game in (None, g) and args.players in (None, n)]
    if not cases:
        raise SystemExit("no such game and player count")
    clock = Clock(bridge, dispatch, render)
    found = {}
    for game_id, players in cases:
        parts = []
        for game in range(args.games):
            parts += play(clock, get_game, game_id, players, 100 + game, args.clicks, random.Random(game))
        row = found[f"{game_id}-{players}"] = {"clicks": len(parts), **figures(parts)}
        print(
            f"{game_id} {players}: {len(parts)} clicks, median ms: "
            + ", ".join(f"{name} {row[name]['median']}" for name in (*PARTS, "total", *SIZES)),
            flush=True,
        )
    results = json.loads(args.out.read_text()) if args.out.exists() else {}
    for row in found.values():
        row["measured"] = time.strftime("%Y-%m-%d %H:%M")
    entry = results.setdefault(args.label, {"cases": {}})  # a run of one case keeps the label's others
    entry.update({"tree": commit_of(args.root.resolve()), "python": f"{sys.version.split()[0]} on {sys.platform}"})
    entry["cases"].update(found)
    args.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
