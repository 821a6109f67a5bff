"""Each game's rules page shows how even the game is: the section "How even is it?" with the game's
balance chart (inline SVG drawn by web/balance_chart.py from the committed figures in bench/), the
command that measured it and every figure in a table.

The expected figures are read here straight from the JSON (not through the chart's module): every
bar's value, its written figure, its length and its 95% interval must be the file's. The chart
takes its colours from the page's theme and carries no style of its own (the page's security
policy allows none inline), and names itself by its <title> and <desc>.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import IN_PYODIDE

if IN_PYODIDE:
    pytest.skip("the rules pages are built by CPython (build.py), not in the browser", allow_module_level=True)
pytest.importorskip("jinja2")

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT / "web"))

import rules_page  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
LEVANTINE_SERIES = "levantine-normal-heuristic-10000.jsonl"


def _json(name: str) -> dict:
    return json.loads((BENCH / name).read_text(encoding="utf-8"))


def expected(game_id: str) -> list[tuple[float, tuple[float, float] | None]]:
    """Every bar of the game's chart, in order: (share, its 95% interval or None), from bench/."""
    if game_id == "levantine":
        r = _json("results.json")["heuristic_vs_random"]
        rows: list[tuple[float, tuple[float, float] | None]] = [
            (r["heuristic_as_crusader"], None),
            (r["heuristic_as_muslim"], None),
        ]
        games = [
            json.loads(line) for line in (BENCH / "series" / LEVANTINE_SERIES).read_text().splitlines() if line.strip()
        ]
        for seat in (0, 1):
            mine = [g["payoff"] for g in games if g["me"] == seat]
            rows.append((sum(mine) / len(mine), None))
        return rows
    if game_id == "crusader-kingdoms":
        d = _json("ck_balance.json")
        rows = [
            (rate, tuple(d[key]["interval_95"][name]))
            for key in ("four", "four_random", "three")
            for name, rate in d[key]["win_rate"].items()
        ]
        rows += [
            (d[key]["levels"][name], None)
            for key in ("coop", "solo")
            for name in ("Victory", "Marginal victory", "Defeat")
        ]
        return rows
    if game_id == "lords-of-heaven":
        return [
            (rate, tuple(s["interval_95"][name]))
            for s in _json("loh_balance.json")["series"]
            for name, rate in s["win_rate"].items()
        ]
    return [
        (s["alliance_win_rate"]["Crusader Alliance"], tuple(s["alliance_interval_95"]["Crusader Alliance"]))
        for s in _json("tc_balance.json")["series"]
    ]


def commands(game_id: str) -> list[str]:
    if game_id == "crusader-kingdoms":
        return [_json("ck_balance.json")["command"]]
    if game_id == "lords-of-heaven":
        return [_json("loh_balance.json")["command"]]
    if game_id == "third-crusade":
        return [re.sub(r'\s+--only\s+"[^"]*"', "", _json("tc_balance.json")["series"][0]["command"])]
    return [
        "python bench/ai_strength.py heuristic --games 1000 --seed 1",
        "python bench/ai_strength.py series --game levantine --players 2 --level normal "
        "--against heuristic --games 2000 --seed 10000",
    ]


_pages: dict[str, str] = {}


def page(game_id: str) -> str:
    if game_id not in _pages:
        _pages[game_id] = rules_page.page({"id": game_id, "name": game_id.title()}, ROOT)
    return _pages[game_id]


def section(html: str) -> str:
    found = re.search(r'<section id="balance"[^>]*>(.*?)</section>', html, re.S)
    assert found, "the page has no section 'How even is it?'"
    return found.group(1)


def chart(html: str) -> ET.Element:
    found = re.findall(r'<svg [^>]*class="balance-chart".*?</svg>', section(html), re.S)
    assert len(found) == 1, f"{len(found)} balance charts in the section"
    return ET.fromstring(found[0])


def plain(html: str) -> str:
    text = re.sub(r"<(?:span|/span|code|/code)[^>]*>", "", html)  # inside one command's words
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).replace("&#34;", '"').replace("&quot;", '"')


@pytest.mark.parametrize("game_id", ["levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"])
def test_each_rules_page_shows_its_balance_chart_with_the_figures_of_bench(game_id):
    html = page(game_id)
    part = section(html)
    assert "<h2>How even is it?</h2>" in part
    assert '<a href="#balance">How even is it?</a>' in html  # in the contents
    svg = chart(html)
    bars = [r for r in svg.iter(f"{SVG}rect") if "bar" in r.get("class", "").split()]
    want = expected(game_id)
    assert [float(b.get("data-value")) for b in bars] == pytest.approx([v for v, _ in want], abs=1e-9)

    # Each bar's length is its share on one scale, and its figure is written beside it.
    left = {float(b.get("x")) for b in bars}
    assert len(left) == 1
    x0 = left.pop()
    longest = max(range(len(want)), key=lambda i: want[i][0])
    unit = float(bars[longest].get("width")) / want[longest][0]  # pixels per 100%
    for b, (v, _) in zip(bars, want, strict=True):
        assert float(b.get("width")) == pytest.approx(unit * v, abs=0.1), (b.attrib, v)
    rows = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "row"]
    assert len(rows) == len(want)
    desc = svg.find(f"{SVG}desc").text
    table = plain(part.split("<details", 1)[1])
    for row, (value, interval) in zip(rows, want, strict=True):
        figure = f"{100 * value:.1f}%"
        texts = [t.text for t in row.iter(f"{SVG}text")]
        assert texts[-1] == figure, (texts, value)
        assert f"{texts[0]}: {figure}" in desc
        assert f"{texts[0]} {figure}" in table
        # The 95% interval: the JSON's where it gives one, drawn where it says.
        whisker = row.find(f"{SVG}path")
        if interval is not None:
            lo, hi = (float(n) for n in re.match(r"M([\d.]+) [\d.]+H([\d.]+)", whisker.get("d")).groups())
            assert lo == pytest.approx(x0 + unit * interval[0], abs=0.6)
            assert hi == pytest.approx(x0 + unit * interval[1], abs=0.6)
            assert f"{100 * interval[0]:.1f}% – {100 * interval[1]:.1f}%" in table

    # The command that measured the figures, in words a person can type.
    caption = plain(part.split("<figcaption>", 1)[1].split("</figcaption>", 1)[0])
    for command in commands(game_id):
        assert command in caption, (command, caption)


@pytest.mark.parametrize("game_id", ["levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"])
def test_the_chart_follows_the_theme_and_the_security_policy_and_names_itself(game_id):
    html = page(game_id)
    found = re.search(r'<svg [^>]*class="balance-chart".*?</svg>', html, re.S).group(0)
    svg = chart(html)
    # No style of its own (the policy's style-src 'self' refuses inline style), no colour of its
    # own (style.css colours it from the theme's roles), nothing fetched.
    assert "<style" not in found and "style=" not in found
    assert not re.search(r'(fill|stroke)="(?!none)', found), "a colour written into the chart"
    assert "href" not in found
    # Its name: the <title> and <desc> it points at, the desc with every figure in words.
    labelled = svg.get("aria-labelledby").split()
    ids = {e.get("id"): e for e in svg.iter() if e.get("id")}
    assert [ids[i].tag for i in labelled] == [f"{SVG}title", f"{SVG}desc"]
    assert svg.get("role") == "img" and ids[labelled[0]].text
    assert ids[labelled[1]].text.count("%") >= len(expected(game_id))


def test_the_chart_is_drawn_from_the_files_not_written_in(tmp_path):
    """Another figure in bench/ draws another chart: nothing of it is written into the code."""
    bench = tmp_path / "bench"
    shutil.copytree(BENCH, bench, ignore=shutil.ignore_patterns("lighthouse", "__pycache__"))
    d = json.loads((bench / "ck_balance.json").read_text())
    first = next(iter(d["four"]["win_rate"]))
    d["four"]["win_rate"][first] = 0.0123
    d["command"] = "python bench/ck_balance.py --games 7 --seed 99"
    (bench / "ck_balance.json").write_text(json.dumps(d))
    shown = rules_page.balance("crusader-kingdoms", tmp_path)
    assert 'data-value="0.0123"' in shown["svg"] and ">1.2%<" in shown["svg"]
    assert "99" in "".join(shown["commands"])
    assert 'data-value="0.0123"' not in page("crusader-kingdoms")


def test_the_docs_charts_are_still_drawn_by_bench_charts(tmp_path):
    """bench/charts.py draws the docs' pictures with the same drawing, standing alone (their own
    style and ground), the balance charts among them."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "charts.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    for name in ("ck_balance", "loh_balance", "tc_balance", "levantine_balance", "strength", "ai_times"):
        text = (tmp_path / f"{name}.svg").read_text()
        root = ET.fromstring(text)
        assert root.find(f"{SVG}style") is not None and 'fill="#fff"' in text
    # The strength chart's even result, the dashed line its note names, is drawn over the bars.
    strength = ET.fromstring((tmp_path / "strength.svg").read_text())
    assert "dashed line at 50%" in strength.findall(f"{SVG}text")[-1].text
    grid = {line.get("x1"): line for line in strength.iter(f"{SVG}line") if line.get("class") == "grid"}
    (mark,) = [line for line in strength.iter(f"{SVG}line") if line.get("class") == "mark"]
    assert mark.get("x1") == mark.get("x2") and mark.get("x1") in grid  # 50% of the axis: its middle tick
    xs = sorted(float(x) for x in grid)
    assert float(mark.get("x1")) == pytest.approx((xs[0] + xs[-1]) / 2)
    assert list(strength).index(mark) > max(list(strength).index(g) for g in strength.findall(f"{SVG}g"))
    ck = (tmp_path / "ck_balance.svg").read_text()
    assert all(f"{100 * v:.1f}%" in ck for v, _ in expected("crusader-kingdoms"))
