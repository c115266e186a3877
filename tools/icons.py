"""The hall's app icons (site/icons/*.png), drawn from the logo's shapes (site/logo.svg: a
rounded white tile, a blue table, four coloured seats) in pure Python: `python3 -m
tools.icons` writes them; tests/test_icons.py checks the committed files are
what this draws. A maskable icon fills its whole square (a launcher cuts it to a circle or a
squircle), so its logo sits inside the middle 80 %, the part every mask keeps."""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

from tools.theme import shell_colour

ICONS = Path(__file__).resolve().parents[1] / "site" / "icons"
THEME = shell_colour("--by-accent")  # the header's blue, also the manifest's theme colour
# the logo in its 32-unit square (site/logo.svg): (x, y, radius, colour) of each disc
TILE = (7, "#ffffff")  # corner radius, colour
DISCS = ((16, 16, 7.5, THEME), (16, 4.8, 2.6, "#c53030"), (27.2, 16, 2.6, "#d69e2e"),
         (16, 27.2, 2.6, "#2f855a"), (4.8, 16, 2.6, "#2b6cb0"))
# name: (size in pixels, maskable)
SIZES = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def rounded_square(x: float, y: float, side: float, radius: float) -> float:
    """Signed distance from (x, y) to a square [0, side]² with rounded corners (< 0 inside)."""
    qx, qy = abs(x - side / 2) - side / 2 + radius, abs(y - side / 2) - side / 2 + radius
    outside = math.hypot(max(qx, 0), max(qy, 0))
    return outside + min(max(qx, qy), 0) - radius


def draw(size: int, maskable: bool) -> bytes:
    """The icon's RGBA pixels, each shape's edge anti-aliased by its distance to the pixel."""
    # the logo's 32 units span the whole icon, or 60 % of a maskable one (on its theme colour)
    span = size * (0.6 if maskable else 1.0)
    origin = (size - span) / 2
    unit = span / 32
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            x, y = (px + 0.5 - origin) / unit, (py + 0.5 - origin) / unit
            pixel = [*rgb(THEME), 255] if maskable else [0, 0, 0, 0]
            # coverage of a shape: its distance to the pixel's centre, in pixels, clamped
            layers = [(0.5 - rounded_square(x, y, 32, TILE[0]) * unit, TILE[1])]
            layers += [(0.5 - (math.hypot(x - cx, y - cy) - r) * unit, c) for cx, cy, r, c in DISCS]
            for cover, colour in layers:
                a = min(max(cover, 0.0), 1.0)
                if a:
                    over = rgb(colour)
                    alpha = pixel[3] / 255
                    out = a + alpha * (1 - a)
                    pixel = [round((over[i] * a + pixel[i] * alpha * (1 - a)) / out) for i in range(3)]
                    pixel.append(round(out * 255))
            row += bytes(pixel)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9))
            + chunk(b"IEND", b""))


def icons() -> dict[str, bytes]:
    return {name: png(size, draw(size, maskable)) for name, (size, maskable) in SIZES.items()}


def main() -> None:
    ICONS.mkdir(exist_ok=True)
    for name, data in icons().items():
        (ICONS / name).write_bytes(data)
        print(f"{ICONS / name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
