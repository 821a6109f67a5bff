"""Where a table's legal actions stand on the screen: the measure behind the layout tests.

An element carrying ``data-act`` is *reachable* when it is in the viewport as the page stands, or
inside a frame of its own that scrolls (a board, a hand) and whose visible part is in the
viewport: scrolling that frame, not the page, brings it into view."""

from __future__ import annotations

REACH = """() => {
  const W = innerWidth, H = innerHeight;
  const inView = (b) => b.bottom > 0.5 && b.top < H - 0.5 && b.right > 0.5 && b.left < W - 0.5;
  const within = (b) => b.top >= -0.5 && b.bottom <= H + 0.5 && b.left >= -0.5 && b.right <= W + 0.5;
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      const y = /(auto|scroll)/.test(s.overflowY) && p.scrollHeight > p.clientHeight + 1;
      const x = /(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth + 1;
      if (x || y) return p;
    }
    return null;
  };
  const out = [];
  let count = 0;
  for (const el of document.querySelectorAll('#table [data-act]')) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) continue;  // not drawn (a collapsed group)
    count += 1;
    const frame = scroller(el);
    let ok;
    if (frame) {
      const f = frame.getBoundingClientRect();
      // the frame's visible part is on screen, and the frame itself does not need the page scrolled
      ok = inView(f) && f.top >= -0.5 && f.top < H - 40;
      // inside the frame, the element is where scrolling the frame reaches it
      const fb = b;
      ok = ok && fb.left > f.left - frame.scrollWidth && fb.top > f.top - frame.scrollHeight;
    } else {
      ok = within(b);
    }
    if (!ok) out.push({label: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 50),
                       top: Math.round(b.top), bottom: Math.round(b.bottom), framed: !!frame});
  }
  return {count, out, height: document.documentElement.scrollHeight, scrollY: scrollY};
}"""

SMALL_TEXT = """(selector) => {
  const small = [];
  const root = document.querySelector(selector);
  if (!root) return small;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    if (!text) continue;
    const el = n.parentElement;
    if (el.closest('[aria-hidden="true"] , .visually-hidden, .sr-only')) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden') continue;
    let size = parseFloat(s.fontSize);
    const svg = el.closest('svg');
    if (svg && el instanceof SVGElement) {  // the drawn size: the font's size scaled by the SVG's
      const m = el.getScreenCTM();
      if (m) size = size * Math.hypot(m.a, m.b);
    }
    if (size < 10.95) small.push({text: text.slice(0, 30), size: Math.round(size * 10) / 10});
  }
  return small;
}"""
