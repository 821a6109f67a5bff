"""The installable web app: manifest.webmanifest and its icons (a gold Jerusalem cross on
crimson, drawn here as PNG and SVG)."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import zlib
from pathlib import Path

from .common import CACHE

THEME_COLOR = "#6e1a1a"
THEME_COLOR_DARK = "#7e2820"  # the top bar's colour in the dark theme, for the browser's own bar
BACKGROUND_COLOR = "#f3ead6"


def _png(width: int, height: int, rgba: bytearray) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    stride = width * 4
    raw = b"".join(b"\x00" + bytes(rgba[y * stride : (y + 1) * stride]) for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _jerusalem_cross(unit: float, cx: float, cy: float) -> list[tuple[float, float, float, float]]:
    """Rectangles (x0, y0, x1, y1) of a Jerusalem cross: a cross potent and four crosslets."""
    rects = []
    arm, bar = 3.0 * unit, 0.55 * unit
    rects += [(cx - bar, cy - arm, cx + bar, cy + arm), (cx - arm, cy - bar, cx + arm, cy + bar)]
    foot = 1.1 * unit
    for _sx, sy in ((0, -1), (0, 1)):
        y = cy + sy * arm
        rects.append((cx - foot, min(y, y - sy * 2 * bar), cx + foot, max(y, y - sy * 2 * bar)))
    for sx in (-1, 1):
        x = cx + sx * arm
        rects.append((min(x, x - sx * 2 * bar), cy - foot, max(x, x - sx * 2 * bar), cy + foot))
    small_arm, small_bar = 0.85 * unit, 0.22 * unit
    for qx in (-1, 1):
        for qy in (-1, 1):
            x, y = cx + qx * 1.85 * unit, cy + qy * 1.85 * unit
            rects += [
                (x - small_bar, y - small_arm, x + small_bar, y + small_arm),
                (x - small_arm, y - small_bar, x + small_arm, y + small_bar),
            ]
    return rects


def icon_png(size: int, maskable: bool) -> bytes:
    """The app icon: a gold Jerusalem cross on crimson, drawn with exact pixel coverage."""
    ground, gold = _hex(THEME_COLOR), _hex("#d9b44a")
    rgba = bytearray(size * size * 4)
    radius = 0 if maskable else size * 0.18
    for y in range(size):
        for x in range(size):
            alpha = 1.0
            if radius:
                # distance from the rounded corner's centre, antialiased over one pixel
                dx = max(radius - (x + 0.5), (x + 0.5) - (size - radius), 0.0)
                dy = max(radius - (y + 0.5), (y + 0.5) - (size - radius), 0.0)
                if dx and dy:
                    alpha = min(1.0, max(0.0, radius - (dx * dx + dy * dy) ** 0.5 + 0.5))
            i = (y * size + x) * 4
            rgba[i : i + 4] = bytes((*ground, round(alpha * 255)))
    unit = size * (0.105 if maskable else 0.125)
    for x0, y0, x1, y1 in _jerusalem_cross(unit, size / 2, size / 2):
        for y in range(int(y0), min(size, int(y1) + 1)):
            cover_y = max(0.0, min(y + 1, y1) - max(y, y0))
            if not cover_y:
                continue
            for x in range(int(x0), min(size, int(x1) + 1)):
                cover = cover_y * max(0.0, min(x + 1, x1) - max(x, x0))
                if not cover:
                    continue
                i = (y * size + x) * 4
                for c in range(3):
                    rgba[i + c] = round(rgba[i + c] * (1 - cover) + gold[c] * cover)
    return _png(size, size, rgba)


def icon_svg() -> str:
    rects = "".join(
        f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{x1 - x0:.2f}" height="{y1 - y0:.2f}"/>'
        for x0, y0, x1, y1 in _jerusalem_cross(12.5, 50, 50)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="18" fill="{THEME_COLOR}"/>'
        f'<g fill="#d9b44a">{rects}</g></svg>\n'
    )


def write_icons(out: Path) -> list[dict]:
    cache = CACHE / "icons"
    cache.mkdir(parents=True, exist_ok=True)
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    (out / "icons").mkdir(parents=True, exist_ok=True)
    icons = []
    for size, maskable in ((192, False), (512, False), (512, True)):
        name = f"icon-{'maskable-' if maskable else ''}{size}.png"
        cached = cache / f"{key}-{name}"
        if not cached.exists():
            cached.write_bytes(icon_png(size, maskable))
        shutil.copy2(cached, out / "icons" / name)
        icons.append(
            {
                "src": f"icons/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "maskable" if maskable else "any",
            }
        )
    (out / "icons" / "icon.svg").write_text(icon_svg())
    icons.append({"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    return icons


def write_manifest(out: Path, icons: list[dict]) -> None:
    manifest = {
        "id": "./",
        "name": "Outremer — board games of the Crusades",
        "short_name": "Outremer",
        "description": "Board games of the Crusades, played with the rules enforced. Works offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "lang": "en",
        "categories": ["games", "entertainment"],
        "icons": icons,
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
