"""The rules pages in the browser: readable on a 390-px phone (wide tables scroll inside their
own box, the page never sideways), every table in such a box, the legend drawn with the table's
own styles, nothing fetched from elsewhere, and no serious accessibility fault."""

from __future__ import annotations

import pytest

from conftest import RequestGuard, serious_violations

GAMES = ("levantine", "crusader-kingdoms", "lords-of-heaven", "third-crusade")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("width", (390, 1366))
def test_rules_page_fits_the_screen_and_its_tables_scroll_inside(browser, site, game_id, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    guard = RequestGuard(site).attach(context)
    page = context.new_page()
    guard.watch(page)
    page.goto(f"{site}rules/{game_id}.html#rule-cards")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    facts = page.evaluate("""() => [...document.querySelectorAll('main table')].map(t => {
        const box = t.closest('.table-scroll');
        return {inBox: !!box, scrolls: box ? getComputedStyle(box).overflowX : '',
                fits: box ? box.getBoundingClientRect().right <= innerWidth + 0.5 : false};
    })""")
    assert facts and all(f["inBox"] and f["scrolls"] == "auto" and f["fits"] for f in facts), facts
    # The section a log link leads to is the one in view.
    assert page.evaluate("document.querySelector(':target').id") == "rule-cards"
    # The legend's cards are the table's own drawing, styled by the table's sheets.
    border = page.evaluate(
        "getComputedStyle(document.querySelector('.legend-samples .card, "
        ".legend-samples .ck-card, .legend-samples .loh-card, .legend-samples .tc-card')).borderTopStyle"
    )
    assert border in ("solid", "double", "dashed")
    if width == 390:
        violations = [v["id"] for v in serious_violations(page)]
        assert violations == []
    guard.check()
    context.close()


# How even is it? Each page's balance chart, at a laptop's size in either scheme: drawn (its bars
# as many as its figures, none empty), coloured by the theme (its words and bars stand out from the
# page in light and in dark), allowed by the page's security policy (no violation reported, no
# error), named for a screen reader, and no serious accessibility fault on the page.
CHART_FACTS = """() => {
  const svg = document.querySelector('#balance svg.balance-chart');
  if (!svg) return null;
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                       return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (x, y) => { const a = lum(x), b = lum(y); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  // What the chart is drawn on: the nearest background painted behind it.
  let page = null;
  for (let e = svg; e && !page; e = e.parentElement) {
    const bg = parse(getComputedStyle(e).backgroundColor || 'rgba(0, 0, 0, 0)');
    if (bg.a >= 1) page = bg;
  }
  const box = svg.getBoundingClientRect();
  const bars = [...svg.querySelectorAll('rect.bar')];
  const texts = [...svg.querySelectorAll('text')];
  const band = [...svg.querySelectorAll('rect.band')].map((b) => parse(getComputedStyle(b).fill));
  const name = [...svg.getAttribute('aria-labelledby').split(' ')].map((id) => document.getElementById(id).textContent);
  return {
    width: box.width, height: box.height, right: box.right,
    bars: bars.length, rows: svg.querySelectorAll('g.row').length, tableRows: document.querySelectorAll('#balance tbody tr').length,
    emptyBars: bars.filter((b) => Number(b.dataset.value) > 0.01 && b.getBoundingClientRect().width < 2).length,
    // Its words stand on the page or on the target band: against either, 4.5:1.
    textContrast: Math.min(...texts.flatMap((t) => [page, ...band].map((g) => ratio(parse(getComputedStyle(t).fill), g)))),
    barContrast: Math.min(...bars.map((b) => ratio(parse(getComputedStyle(b).fill), page))),
    textColour: getComputedStyle(texts[0]).fill, theme: getComputedStyle(document.documentElement).getPropertyValue('--text').trim(),
    name,
  };
}"""


@pytest.mark.parametrize("scheme", ("light", "dark"))
def test_each_rules_page_shows_its_balance_chart_in_either_scheme(browser, site, scheme):
    from conftest import SHOTS

    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme=scheme)
    context.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation', "
        "(e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    guard = RequestGuard(site).attach(context)
    page = context.new_page()
    guard.watch(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for game_id in GAMES:
        page.goto(f"{site}rules/{game_id}.html#balance")
        assert page.evaluate("document.querySelector(':target h2').textContent") == "How even is it?"
        facts = page.evaluate(CHART_FACTS)
        assert facts is not None, f"{game_id}: no balance chart"
        assert facts["width"] > 400 and facts["height"] > 100 and facts["right"] <= 1366, facts
        assert facts["bars"] == facts["rows"] == facts["tableRows"] > 0, facts
        assert facts["emptyBars"] == 0, facts
        assert facts["textContrast"] >= 4.5 and facts["barContrast"] >= 3, (game_id, scheme, facts)
        assert facts["name"][0] and "%" in facts["name"][1], facts["name"]
        assert page.evaluate("window.__csp") == [], f"{game_id}: the content policy refused something"
        assert [v["id"] for v in serious_violations(page)] == [], game_id
        page.locator("#balance").screenshot(path=str(SHOTS / f"rules-balance-{game_id}-{scheme}.png"))
    # The light and dark charts are not drawn alike: the words take the theme's colour.
    assert facts["textColour"].replace(" ", "") == _rgb(facts["theme"]), facts
    assert guard.errors == [], guard.errors
    guard.check()
    context.close()


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb(" + ",".join(str(int(h[i : i + 2], 16)) for i in (0, 2, 4)) + ")"
