"""The site follows the device's light or dark setting, and stays legible on any screen.

- Colours by role, light and dark: in each scheme every piece of text on every page (front door,
  every game's table, the end-of-game summary, the rules pages) reaches a contrast of 4.5:1
  against what is behind it, SVG text against its halo or the shape it sits on; in the dark
  scheme the page is dark, no large box is light, the maps' land and sea are dark and panels keep
  a visible edge.
- On a 390×844 phone no text on a board drawing (the Crusader Kingdoms map, the Lords of Heaven
  board, the Levantine Territory Tokens) renders smaller than 11 CSS pixels; a map too wide for
  the screen scrolls sideways in its own frame, the page never does.
- No card name or other label on cards, in hands or on buttons breaks inside a word, at phone,
  laptop and wide-screen sizes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import until, wait_for_turn

SHOTS = Path(__file__).resolve().parent.parent / "artifacts"
SCHEMES = ("light", "dark")
SIZES = {"phone": (390, 844), "laptop": (1366, 900), "wide": (1920, 1080)}
CK_SEATS = ["human", "heuristic", "heuristic", "heuristic"]


# ---------------------------------------------------------------- games to look at


def _played(game_id: str, seats: list[str], seed: int, stop) -> str:
    """The share code of a game played by the computer from ``seed`` until ``stop(match)``."""
    from outremer.ai import choose
    from outremer.core import sharecode
    from outremer.core.match import Match
    from outremer.games import get_game

    game = get_game(game_id)
    match = Match(game, game.make_setup(seed, seats))
    while match.to_act() is not None and not stop(match):
        match.play(choose(game, match.state, match.to_act(), "heuristic", seed, match.steps))
    return sharecode.encode(match)


def _battle(match) -> bool:
    return match.steps >= 40 and match.to_act() == 0


GAMES = {
    # Levantine in a Battle, cards in every zone and in the hand, the person to act.
    "levantine": lambda: _played("levantine", ["human", "heuristic"], 5, _battle),
    # Crusader Kingdoms during an attack: the fight, the last battle's dice, the hand.
    "crusader-kingdoms": lambda: _played("crusader-kingdoms", CK_SEATS, 5, lambda m: m.steps >= 25 and m.to_act() == 0),
    # Lords of Heaven in the 1st Crusade: the board with Influence and Support, the columns, the hand.
    "lords-of-heaven": lambda: _played(
        "lords-of-heaven", CK_SEATS, 5, lambda m: m.steps >= 60 and m.to_act() == 0 and m.state["step"] == "turn"
    ),
    # Lords of Heaven in a Battle: the person asked to be an Ally, the conflict panel.
    "lords-of-heaven-battle": lambda: _loh_battle(),
    # Third Crusade in its first Command phase: both boards with pieces and Orders, the person to act.
    "third-crusade": lambda: _played(
        "third-crusade", CK_SEATS, 5, lambda m: m.steps >= 30 and m.to_act() == 0 and m.state["phase"] == "command"
    ),
    # A finished game: the summary.
    "summary": lambda: _played("crusader-kingdoms", CK_SEATS, 5, lambda m: False),
}


def _loh_battle() -> str:
    from test_lords_of_heaven import _asked_to_be_an_ally

    return _asked_to_be_an_ally()


def _open(page, site: str, code: str) -> None:
    page.goto(f"{site}#{code}")
    until(
        page,
        f"window.outremer.game.snapshot && window.outremer.game.code === {code!r}"
        " && document.body.dataset.game === 'on'",
    )
    if "over" not in page.evaluate("document.body.dataset.over || ''"):
        wait_for_turn(page)


@pytest.fixture
def scheme(app, request):
    """The shared page in the colour scheme asked for; back to light afterwards."""
    app.emulate_media(color_scheme=request.param)
    yield request.param
    app.emulate_media(color_scheme="light")


# ---------------------------------------------------------------- colours

COLOURS = """
const parse = (s) => {
  const m = /rgba?\\(([^)]*)\\)/.exec(s || "");
  if (!m) return null;
  const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
};
const blend = (top, under) => ({
  r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
  b: top.b * top.a + under.b * (1 - top.a), a: 1,
});
const lum = (c) => {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
};
const ratio = (x, y) => { const a = lum(x), b = lum(y); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
const hex = (c) => "#" + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
// What is painted behind an element: its own and its ancestors' background colours, composed
// (null where a background image is in the way: a pattern, not a colour).
const backdrop = (el) => {
  const layers = [];
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const cs = getComputedStyle(e);
    const bg = parse(cs.backgroundColor);
    if (bg && bg.a > 0) layers.push(bg);
    if (bg && bg.a >= 1) break;
    if (cs.backgroundImage !== "none" && !(e instanceof SVGElement)) return null;
  }
  let c = {r: 255, g: 255, b: 255, a: 1};
  for (const l of layers.reverse()) c = blend(l, c);
  return c;
};
const shown = (el) => {
  const r = el.getBoundingClientRect();
  if (r.width * r.height < 9) return false;  // visually hidden (screen-reader text)
  for (let e = el; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.visibility === "hidden" || cs.display === "none" || cs.opacity === "0") return false;
  }
  return true;
};
const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
const name = (el) => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined && el.className
  ? "." + String(el.className).trim().split(/\\s+/).join(".") : (el.className && el.className.baseVal ? "." + el.className.baseVal.split(/\\s+/).join(".") : ""));
"""

TEXT_CONTRAST = (
    COLOURS
    + """
return (() => {
  const low = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el instanceof SVGElement || el.closest("button:disabled, select:disabled, [aria-disabled=true]")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
    if (!own || !shown(el)) continue;
    const bg = backdrop(el);
    if (!bg) continue;
    const col = parse(getComputedStyle(el).color);
    const fg = blend({...col, a: col.a * opacity(el)}, bg);
    const r = ratio(fg, bg);
    if (r < 4.5) low.push(`${name(el)} "${el.textContent.trim().slice(0, 30)}": ${hex(fg)} on ${hex(bg)} = ${r.toFixed(2)}`);
  }
  return low;
})();
"""
)

SVG_TEXT_CONTRAST = (
    COLOURS
    + """
return (() => {
  // SVG text against its halo (a stroke painted under it), else against the shape it sits on: the
  // castle it is written on, or the nearest shape drawn before it in its group.
  const low = [];
  for (const t of document.querySelectorAll("svg text")) {
    if (!shown(t)) continue;
    const cs = getComputedStyle(t);
    const fill = parse(cs.fill);
    let under = null, what = "";
    if (cs.stroke !== "none" && cs.paintOrder.startsWith("stroke") && parseFloat(cs.strokeWidth) >= 2) {
      under = parse(cs.stroke); what = "halo";
    } else {
      const castle = t.closest(".ck-castle, .ck-legend-icon") && t.parentNode.querySelector("use");
      let shape = castle;
      for (let s = t.previousElementSibling; s && !shape; s = s.previousElementSibling)
        if (["circle", "path", "rect", "ellipse", "polygon"].includes(s.tagName)) shape = s;
      if (shape) { under = parse(getComputedStyle(shape).fill); what = name(shape); }
    }
    if (!fill || !under) continue;
    const r = ratio(blend(fill, under.a < 1 ? blend(under, {r: 255, g: 255, b: 255, a: 1}) : under),
                    under.a < 1 ? blend(under, {r: 255, g: 255, b: 255, a: 1}) : under);
    if (r < 4.5) low.push(`${name(t)} "${t.textContent.trim()}": ${hex(fill)} on ${what} ${hex(under)} = ${r.toFixed(2)}`);
  }
  return low;
})();
"""
)

DARKNESS = (
    COLOURS
    + """
return (() => {
  const page = backdrop(document.documentElement);
  // Large light boxes: a white slab on a dark page.
  const slabs = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el instanceof SVGElement || !shown(el)) continue;
    const bg = parse(getComputedStyle(el).backgroundColor);
    const r = el.getBoundingClientRect();
    if (bg && bg.a > 0.5 && r.width * r.height > 3000 && lum(blend(bg, page)) > 0.3)
      slabs.push(`${name(el)} ${hex(bg)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  // The drawings: land, sea and areas of the map, the front door's pictures.
  const fills = [];
  for (const el of document.querySelectorAll(".ck-land, .ck-sea, .ck-cell, .ck-map-picture .ck-land")) {
    if (!shown(el)) continue;
    let f = getComputedStyle(el).fill;
    const url = /url\\("?#([^")]+)"?\\)/.exec(f);
    if (url) f = getComputedStyle(document.getElementById(url[1]).querySelector("rect")).fill;
    const c = parse(f);
    if (c && lum(c) > 0.3) fills.push(`${name(el)} ${hex(c)}`);
  }
  // Panels, cards and fields keep an edge that shows against what is around them.
  const edges = [];
  for (const el of document.querySelectorAll(
      ".ck-panel, .ck-card.ck-face, .lev .card, .log-panel, .game-card, .card-detail, .game-controls, select, .kept-game, .rules-toc, .table-scroll, .ruling, .decision")) {
    if (!shown(el)) continue;
    const around = backdrop(el.parentElement);
    const edge = parse(getComputedStyle(el).borderTopColor);
    if (around && edge && ratio(blend(edge, around), around) < 1.5)
      edges.push(`${name(el)} ${hex(edge)} on ${hex(around)}`);
  }
  return {page: lum(page), slabs, fills, edges};
})();
"""
)


def _colours(page, label: str, scheme: str) -> None:
    low = page.evaluate(f"() => {{ {TEXT_CONTRAST} }}")
    assert not low, f"{label} ({scheme}): text below 4.5:1: {low[:12]} ({len(low)} in all)"
    low = page.evaluate(f"() => {{ {SVG_TEXT_CONTRAST} }}")
    assert not low, f"{label} ({scheme}): SVG text below 4.5:1: {low[:12]} ({len(low)} in all)"
    dark = page.evaluate(f"() => {{ {DARKNESS} }}")
    if scheme == "dark":
        assert dark["page"] < 0.03, f"{label}: the page is not dark: luminance {dark['page']:.3f}"
        assert not dark["slabs"], f"{label}: light boxes on the dark page: {dark['slabs'][:10]}"
        assert not dark["fills"], f"{label}: light drawings on the dark page: {dark['fills'][:10]}"
        assert not dark["edges"], f"{label}: edges that do not show: {dark['edges'][:10]}"
    else:
        assert dark["page"] > 0.6, f"{label}: the page is not light: luminance {dark['page']:.3f}"


@pytest.mark.parametrize("scheme", SCHEMES, indirect=True)
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_front_door_and_rules_pages_read_well(app, site, scheme, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    app.goto(site)
    until(app, "document.documentElement.dataset.view === 'front'")
    _colours(app, "front door", scheme)
    app.screenshot(path=str(_shot(f"theme-front-{scheme}-{size}.png")))
    for game in ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"):
        app.goto(f"{site}rules/{game}.html#rulings")
        _colours(app, f"rules page of {game}", scheme)
        app.evaluate(
            "document.querySelector('.legend, .rules-table') && document.querySelector('.legend, .rules-table').scrollIntoView()"
        )
        app.screenshot(path=str(_shot(f"theme-rules-{game}-{scheme}-{size}.png")))
    app.goto(site)
    until(app, "document.body.dataset.engine === 'ready'", timeout=120)


@pytest.mark.parametrize("scheme", SCHEMES, indirect=True)
@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("which", list(GAMES))
def test_the_tables_and_summary_read_well(app, site, scheme, size, which):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    _open(app, site, GAMES[which]())
    _colours(app, which, scheme)
    app.screenshot(path=str(_shot(f"theme-{which}-{scheme}-{size}.png")))


def _shot(name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    return SHOTS / name


# ---------------------------------------------------------------- board text on a phone

BOARD_TEXT = """() => {
  const small = [], sizes = [];
  for (const t of document.querySelectorAll("#table svg text")) {
    const r = t.getBoundingClientRect();
    if (!r.width || !t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    sizes.push(px);
    if (px < 11) small.push(`${t.closest("svg").getAttribute("class")} "${t.textContent.trim()}" ${px.toFixed(1)}px`);
  }
  return {small, count: sizes.length,
          pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth};
}"""


@pytest.mark.parametrize("which", ["levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"])
def test_board_text_is_at_least_11_pixels_on_a_phone(app, site, which):
    app.set_viewport_size({"width": 390, "height": 844})
    _open(app, site, GAMES[which]())
    got = app.evaluate(BOARD_TEXT)
    assert got["count"] > 0, "no text on the board"
    assert not got["small"], f"{which}: board text under 11 px: {got['small'][:12]} ({len(got['small'])} in all)"
    assert got["pageWidth"] <= got["viewport"], got  # the map scrolls in its frame, not the page
    if which in ("crusader-kingdoms", "lords-of-heaven", "third-crusade"):
        frame = app.evaluate("""() => { const map = document.querySelector('.ck-map, .loh-board, .tc-map');
          const f = map.parentElement; return {map: map.getBoundingClientRect().width,
          frame: f.getBoundingClientRect().width, scrolls: getComputedStyle(f).overflowX}; }""")
        assert frame["map"] <= frame["frame"] + 0.5 or frame["scrolls"] in ("auto", "scroll"), frame
        app.evaluate("document.querySelector('.ck-map, .loh-board, .tc-map').scrollIntoView({block: 'start'})")
    app.screenshot(path=str(_shot(f"board-text-{which}-phone.png")))
    app.set_viewport_size({"width": 1280, "height": 900})


# ---------------------------------------------------------------- no word broken in two

LABELS = (
    ".card-name, .card-note, .card-act, .card-top, .ck-card-name, .ck-card-line, .ck-card-text, .ck-btn,"
    " .ck-tag, .seat-role, .seat-acting, .zone-title, .hand-title, .ck-panel-title, .action-bar button,"
    " .game-menu button, #controls button, .result-actions button, .game-actions button, .ck-seat-name,"
    " .loh-card-name, .loh-btn, .loh-tag, .loh-panel-title, .loh-seat-name, .loh-column-name, .compose-go"
)

BROKEN = """
// A word is broken when its letters lie on more than one line, or when it is wider than the card
// or button it is written on (cut off, or running out of it).
const brokenIn = (elements) => {
  const broken = [];
  for (const el of elements) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const edge = (el.closest(".card, .ck-card, .loh-card, button, .ck-btn") || el).getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((q) => q.width > 0.5);
        const lines = new Set(rects.map((q) => Math.round(q.bottom)));
        const over = rects.some((q) => q.right > edge.right + 1 || q.left < edge.left - 1);
        if (lines.size > 1 || over)
          broken.push(`${el.className || el.tagName} "${m[0]}" ${lines.size > 1 ? "split over " + lines.size + " lines" : "wider than its box"}`);
      }
    }
  }
  return broken;
};
"""

BROKEN_WORDS = "(selector) => {" + BROKEN + "return brokenIn(document.querySelectorAll(selector)); }"

LONGEST_NAMES = (
    "(names) => {"
    + BROKEN
    + """
  // Every card on the table shows, in turn, each of the longest names in the deck.
  const out = [];
  for (const el of document.querySelectorAll(".card-name, .ck-card-name, .loh-card-name, .tc-card-title")) {
    const was = el.textContent;
    for (const n of names) { el.textContent = n; out.push(...brokenIn([el])); }
    el.textContent = was;
  }
  return out;
}"""
)


def _longest_names(game_id: str) -> list[str]:
    from outremer.games import get_game

    if game_id == "third-crusade":  # its cards on the table are Event Cards, by title
        from outremer.games.third_crusade.events import events

        names = sorted({e.title for e in events()})
    else:
        cards = get_game(game_id).cards
        names = sorted({c.name for c in (cards.values() if isinstance(cards, dict) else cards)})
    if game_id == "lords-of-heaven":  # its table writes a card's hyphens unbreakable (games/lords_of_heaven.py)
        names = [n.replace("-", "\u2011") for n in names]
    by_word = sorted(names, key=lambda n: -max(len(w) for w in n.split()))[:4]
    by_length = sorted(names, key=len)[-3:]
    return sorted(set(by_word + by_length))


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("which", ["levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade"])
def test_no_label_breaks_inside_a_word(app, site, which, size):
    width, height = SIZES[size]
    app.set_viewport_size({"width": width, "height": height})
    _open(app, site, GAMES[which]())
    broken = app.evaluate(BROKEN_WORDS, LABELS)
    assert not broken, f"{which} at {size}: {broken[:12]} ({len(broken)} in all)"
    broken = app.evaluate(LONGEST_NAMES, _longest_names(which))
    assert not broken, f"{which} at {size}, the longest card names: {sorted(set(broken))[:12]}"
    app.set_viewport_size({"width": 1280, "height": 900})
