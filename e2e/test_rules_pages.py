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
    border = page.evaluate("getComputedStyle(document.querySelector('.legend-samples .card, "
                           ".legend-samples .ck-card, .legend-samples .loh-card, .legend-samples .tc-card')).borderTopStyle")
    assert border in ("solid", "double", "dashed")
    if width == 390:
        violations = [v["id"] for v in serious_violations(page)]
        assert violations == []
    guard.check()
    context.close()
