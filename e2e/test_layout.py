"""Accessible and usable on a phone: keyboard, focus, names, no sideways scrolling."""

from __future__ import annotations

import pytest

from conftest import serious_violations, wait_ready  # noqa: F401


@pytest.fixture
def phone(app):
    app.set_viewport_size({"width": 390, "height": 844})
    yield app
    app.set_viewport_size({"width": 1280, "height": 900})


def test_no_horizontal_scrolling_at_390_by_844(phone):
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_keyboard_reaches_the_controls_with_visible_focus(app):
    # From the top of the page (not from wherever an earlier test left the focus).
    app.evaluate("document.querySelector('.skip-link').focus(); document.activeElement.blur()")
    reached = []
    for _ in range(8):
        app.keyboard.press("Tab")
        info = app.evaluate(
            """() => {
                const el = document.activeElement;
                const style = getComputedStyle(el);
                return {id: el.id || el.getAttribute('class') || el.tagName, name: el.innerText || el.getAttribute('aria-label') || '',
                        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2};
            }"""
        )
        reached.append(info)
    ids = [r["id"] for r in reached]
    assert "new-game" in ids
    assert all(r["outline"] for r in reached if r["id"] in ("new-game", "skip-link")), reached


def test_log_is_a_live_region(app):
    assert app.get_attribute("#log", "aria-live") == "polite"


def test_no_accessibility_violations(app):
    serious = serious_violations(app)
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in serious]
