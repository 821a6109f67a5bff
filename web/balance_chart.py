"""The balance charts: how even each game is between its seats, sides or line-ups, drawn as SVG
from the committed figures in ``bench/`` (standard library only).

One drawing, :func:`bars` (horizontal bars with their labels and values, a target band and 95%
intervals where the figure has them), serves two places:

- the docs (``python bench/charts.py`` writes ``docs/charts/*.svg``): a picture that stands
  alone, its colours in a ``<style>`` of its own (``standalone=True``);
- each game's rules page (``web/rules_page.py``, the section "How even is it?"): inline SVG with
  no style of its own, only class hooks that ``style.css`` colours from the theme's roles, so it
  follows the light and dark schemes and the page's security policy (no inline style). Its
  ``<title>`` and ``<desc>`` (every figure in words) are its text alternative.

:func:`balance` gives one game's chart with what the page says of it: a sentence on what it
shows, the command that measured it, and every figure as rows of a table.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from outremer.sim import wilson

BENCH = Path(__file__).resolve().parent.parent / "bench"

ROW, BAR, LEFT, RIGHT, TOP = 20, 13, 250, 80, 34
COLOURS = ["#8a2f25", "#2f6b8a", "#7a8a2f", "#8a6a2f", "#5b3f8a"]
"""The bars' colours in a standalone picture, by series (the page's come from its theme)."""
STYLE = (
    "<style>text{font:12px sans-serif;fill:#222}.t{font-weight:bold;font-size:13px}"
    ".s{fill:#666;font-size:11px}.band{fill:#dfe8d8}.grid{stroke:#ccc;stroke-width:1}"
    ".mark{stroke:#111;stroke-width:1;stroke-dasharray:3 3}"
    ".whisker{stroke:#111;stroke-width:1.2;fill:none}"
    + "".join(f".bar-{k}{{fill:{c}}}" for k, c in enumerate(COLOURS))
    + "</style>"
)


def _tick(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:g}"


def pct(p: float) -> str:
    """A share as the charts write it: 0.3145 -> '31.5%'."""
    return f"{100 * p:.1f}%"


def bars(
    title: str,
    rows: list[tuple[str, list[tuple[float, str]]]],
    scale: float,
    unit: str,
    note: str = "",
    band: tuple[float, float] | None = None,
    width: int = 640,
    mark: float | None = None,
    whiskers: dict[tuple[int, int], tuple[float, float]] | None = None,
    legend: list[str] | None = None,
    ticks: int = 4,
    percent: bool = False,
    standalone: bool = True,
    ident: str = "chart",
    desc: str = "",
) -> str:
    """Rows of one or more bars: (label, [(value, text)]); values from 0 to ``scale``, the axis in
    ``ticks`` steps (as percentages if ``percent``); ``mark``: a value drawn as a dashed line across
    the bars, over them (an even result, say). ``standalone``: a picture with its own style
    and white ground (the docs); else inline SVG for a page, titled by ``<title>`` and ``<desc>``
    whose ids start with ``ident``."""
    left = max(LEFT, 16 + round(6.6 * max(len(label) for label, _ in rows)))
    width += left - LEFT
    inner = width - left - RIGHT
    heights = [max(1, len(values)) * (BAR + 2) + (ROW - BAR) for _, values in rows]
    body = sum(heights)
    height = TOP + body + 22 + (20 if legend else 0) + (18 if note else 0)
    x = lambda v: left + inner * min(v, scale) / scale  # noqa: E731
    if standalone:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
            STYLE,
            f'<rect width="{width}" height="{height}" fill="#fff"/>',
        ]
    else:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="balance-chart" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ident}-title {ident}-desc">',
            f'<title id="{ident}-title">{escape(title)}</title>',
            f'<desc id="{ident}-desc">{escape(desc)}</desc>',
        ]
    out.append(f'<text class="t" x="8" y="18">{escape(title)}</text>')
    if band:
        out.append(
            f'<rect class="band" x="{x(band[0]):.1f}" y="{TOP - 4}" width="{x(band[1]) - x(band[0]):.1f}" '
            f'height="{body + 4}"/>'
        )
    for i in range(ticks + 1):
        gx = x(scale * i / ticks)
        label = f"{_tick(100 * scale * i / ticks)}%" if percent else f"{_tick(scale * i / ticks)}{unit}"
        out.append(f'<line class="grid" x1="{gx:.1f}" y1="{TOP - 4}" x2="{gx:.1f}" y2="{TOP + body}"/>')
        out.append(f'<text class="s" x="{gx:.1f}" y="{TOP + body + 13}" text-anchor="middle">{label}</text>')
    y = TOP
    for r, ((label, values), h) in enumerate(zip(rows, heights, strict=False)):
        # A row's words first (its label, each bar's figure), then its bars and their intervals:
        # the words sit on the ground beside the bars, never on them.
        words = [f'<text x="{left - 6}" y="{y + BAR - 2}" text-anchor="end">{escape(label)}</text>']
        shapes = []
        for k, (value, text) in enumerate(values):
            by = y + k * (BAR + 2)
            shapes.append(
                f'<rect class="bar bar-{k % len(COLOURS)}" x="{left}" y="{by}" '
                f'width="{x(value) - left:.1f}" height="{BAR}" data-value="{value:g}"/>'
            )
            end = x(value)
            if whiskers and (r, k) in whiskers:
                lo, hi = whiskers[(r, k)]
                wy = by + BAR / 2
                shapes.append(
                    f'<path class="whisker" d="M{x(lo):.1f} {wy}H{x(hi):.1f}M{x(lo):.1f} {wy - 4}v8'
                    f'M{x(hi):.1f} {wy - 4}v8"/>'
                )
                end = max(end, x(hi))
            words.append(f'<text class="s" x="{end + 4:.1f}" y="{by + BAR - 2}">{escape(text)}</text>')
        out += ['<g class="row">', *words, *shapes, "</g>"]
        y += h
    if mark is not None:
        out.append(f'<line class="mark" x1="{x(mark):.1f}" y1="{TOP - 4}" x2="{x(mark):.1f}" y2="{TOP + body}"/>')
    if legend:
        lx = left
        for k, name in enumerate(legend):
            ly = TOP + body + 24
            out.append(f'<rect class="bar-{k % len(COLOURS)}" x="{lx}" y="{ly}" width="10" height="10"/>')
            out.append(f'<text class="s" x="{lx + 14}" y="{ly + 9}">{escape(name)}</text>')
            lx += 20 + 7 * len(name)
    if note:
        out.append(f'<text class="s" x="8" y="{height - 8}">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------- each game's figures
Row = tuple[str, float, tuple[float, float] | None]
"""A bar: its label, its share of the games, its 95% interval if measured."""


def _pair(values: list[float]) -> tuple[float, float]:
    lo, hi = values
    return (lo, hi)


@dataclass
class Balance:
    """One game's balance chart and what its page says of it."""

    title: str
    rows: list[Row]
    scale: float
    about: str
    """What the chart shows, in a sentence or two."""
    commands: list[str]
    sources: list[str]
    """The files the figures are read from (under bench/)."""
    band: tuple[float, float] | None = None
    band_words: str = ""

    def svg(self, standalone: bool = False, ident: str = "balance") -> str:
        rows = [(label, [(share, pct(share))]) for label, share, _ in self.rows]
        whiskers = {(r, 0): interval for r, (_, _, interval) in enumerate(self.rows) if interval}
        files = ", ".join(f"bench/{s}" for s in self.sources)
        note = f"{'; '.join(self.commands)} ({files})" + (f"; {self.band_words}" if self.band_words else "")
        desc = (
            "; ".join(
                f"{label}: {pct(share)}" + (f" (95% interval {pct(i[0])} to {pct(i[1])})" if i else "")
                for label, share, i in self.rows
            )
            + "."
        )
        return bars(
            self.title,
            rows,
            self.scale,
            "",
            note if standalone else "",
            band=self.band,
            whiskers=whiskers,
            percent=True,
            standalone=standalone,
            ident=ident,
            desc=desc,
        )


def _load(bench: Path, name: str) -> dict:
    return json.loads((bench / name).read_text(encoding="utf-8"))


def levantine(bench: Path) -> Balance:
    """Levantine's two sides: one player's wins from either side against the same opponent."""
    r = _load(bench, "results.json")["heuristic_vs_random"]
    n = r["games_per_side"]
    rows: list[Row] = []
    for side in ("crusader", "muslim"):
        share = r[f"heuristic_as_{side}"]
        rows.append((f"quick against random, as {side.title()}", share, wilson(round(share * n), n)))
    name = "levantine-normal-heuristic-10000.jsonl"
    games = [json.loads(line) for line in (bench / "series" / name).read_text().splitlines() if line.strip()]
    first = games[0]
    for seat, side in enumerate(("Crusader", "Muslim")):
        mine = [g["payoff"] for g in games if g["me"] == seat]
        rows.append((f"normal against quick, as {side}", sum(mine) / len(mine), wilson(sum(mine), len(mine))))
    return Balance(
        title="Levantine: one player's wins from either side against the same opponent",
        rows=rows,
        scale=1.0,
        about=(
            "Levantine is the rulebook's own game, with nothing designed to balance it. The same "
            "player against the same opponent, once as the Crusader (who goes first) and once as the "
            "Muslim, each with its 95% interval: a side with the better chances would show as "
            "longer bars on its rows."
        ),
        commands=[
            f"python bench/ai_strength.py heuristic --games {n} --seed 1",
            f"python bench/ai_strength.py series --game {first['game']} --players {first['players']} "
            f"--level {first['level']} --against {first['against']} --games {len(games)} "
            f"--seed {first['seed']}",
        ],
        sources=["results.json", f"series/{name}"],
    )


def crusader_kingdoms(bench: Path) -> Balance:
    d = _load(bench, "ck_balance.json")
    rows: list[Row] = []
    for key, title in (("four", "4 players, quick"), ("four_random", "4 players, random")):
        for name, rate in d[key]["win_rate"].items():
            rows.append((f"{title}: {name.split(' of ')[-1]}", rate, _pair(d[key]["interval_95"][name])))
    for name, rate in d["three"]["win_rate"].items():
        rows.append((f"3 players: {name.split(' of ')[-1]}", rate, _pair(d["three"]["interval_95"][name])))
    for key, title in (("coop", "co-op"), ("solo", "solo")):
        for name in ("Victory", "Marginal victory", "Defeat"):
            rows.append((f"{title}: {name}", d[key]["levels"][name], None))
    return Balance(
        title="Crusader Kingdoms: wins by kingdom, results of co-op and solo",
        rows=rows,
        scale=0.6,
        band=(0.18, 0.32),
        band_words="4-player band 18–32%",
        about=(
            "Each kingdom's share of the wins between computer players (the quick player in every "
            "seat, or random players), with its 95% interval; then how often the co-operative and "
            "solo games end in a Victory, a Marginal victory or a Defeat. The shaded band, 18–32%, is "
            "a fair share with 4 players."
        ),
        commands=[d["command"]],
        sources=["ck_balance.json"],
    )


def lords_of_heaven(bench: Path) -> Balance:
    d = _load(bench, "loh_balance.json")
    rows: list[Row] = []
    for s in d["series"]:
        opts = s["options"]
        line = (
            f"{s['players']} players"
            + (", random" if s["seats"] == "random" else "")
            + (f", no {opts['absent'].title()}" if "absent" in opts else "")
            + (f", {opts['christians'].title()}–{opts['muslims'].title()}" if "christians" in opts else "")
        )
        for name, rate in s["win_rate"].items():
            rows.append((f"{line}: {name}", rate, _pair(s["interval_95"][name])))
    return Balance(
        title="Lords of Heaven: wins by faction in each line-up",
        rows=rows,
        scale=0.8,
        band_words="bands 18–32% (4), 23–43% (3), 40–60% (2)",
        about=(
            "Each faction's share of the wins in every line-up, between quick players (random "
            "players too, with 4, for comparison), with its 95% interval; shared wins count as a "
            "fraction to each winner. A fair share is 18–32% with 4 players, 23–43% with 3 and "
            "40–60% with 2."
        ),
        commands=[d["command"]],
        sources=["loh_balance.json"],
    )


def third_crusade(bench: Path) -> Balance:
    d = _load(bench, "tc_balance.json")
    rows: list[Row] = []
    for s in d["series"]:
        rows.append(
            (
                f"{s['line_up']} (seed {s['seed']})",
                s["alliance_win_rate"]["Crusader Alliance"],
                _pair(s["alliance_interval_95"]["Crusader Alliance"]),
            )
        )
    # Each series names its own run (--only its line-up): a seed that measured every line-up is
    # named as one run, another by its line-ups.
    line_ups = {s["line_up"] for s in d["series"]}
    commands, again = [], []
    for seed in dict.fromkeys(s["seed"] for s in d["series"]):
        mine = [s for s in d["series"] if s["seed"] == seed]
        if {s["line_up"] for s in mine} == line_ups:
            commands.append(re.sub(r'\s+--only\s+"[^"]*"', "", mine[0]["command"]))
        else:
            commands.append(re.sub(r'--only\s+"[^"]*"', '--only "<line-up>"', mine[0]["command"]))
            again.append(f"{len(mine)} line-ups again from seed {seed}")
    return Balance(
        title="Third Crusade: the Crusader Alliance's wins in each line-up",
        rows=rows,
        scale=1.0,
        band=(0.4, 0.6),
        band_words="band 40–60%",
        about=(
            "The Crusader Alliance's share of the wins in each line-up between quick players, with "
            "its 95% interval; the Muslim Alliance won the others, but for at most "
            f"{pct(max(s['no_winner'] for s in d['series']))} of a line-up's games that nobody won. "
            "The shaded band, 40–60%, is a fair share" + (f" ({', '.join(again)})" if again else "") + "."
        ),
        commands=commands,
        sources=["tc_balance.json"],
    )


GAMES = {
    "levantine": levantine,
    "crusader-kingdoms": crusader_kingdoms,
    "lords-of-heaven": lords_of_heaven,
    "third-crusade": third_crusade,
}


def balance(game_id: str, bench: Path = BENCH) -> Balance:
    """The balance chart of one game, from the figures under ``bench``."""
    if game_id not in GAMES:
        raise KeyError(f"{game_id}: no balance figures ({', '.join(GAMES)})")
    return GAMES[game_id](bench)
