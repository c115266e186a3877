"""Reading QR codes back in tests: a screenshot (PNG) or a module matrix -> the decoded text,
with zxing-cpp (a test extra) and a small PNG reader (8-bit RGB/RGBA/grey, no interlace)."""

from __future__ import annotations

import struct
import zlib


def png_grey(png: bytes) -> tuple[int, int, bytes]:
    """(width, height, 8-bit grey pixels) of a PNG as Chromium's screenshots write them."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos:pos + 4]), png[pos + 4:pos + 8]
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (0, 2, 4, 6), (depth, colour)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    grey = bytearray(width * height)
    for y, line in enumerate(rows):
        for x in range(width):
            grey[y * width + x] = line[x * channels] if channels < 3 else (
                line[x * channels] * 3 + line[x * channels + 1] * 6 + line[x * channels + 2]) // 10
    return width, height, bytes(grey)


def decode_grey(width: int, height: int, grey: bytes) -> list[str]:
    import zxingcpp

    found = zxingcpp.read_barcodes(memoryview(grey).cast("B", (height, width)),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    return [b.text for b in found]


def decode_png(png: bytes) -> list[str]:
    return decode_grey(*png_grey(png))


def decode_matrix(dark: list[list[int]], scale: int = 3) -> list[str]:
    """A module matrix (rows of 0/1) drawn with a 4-module quiet zone, then decoded."""
    n = len(dark)
    full = (n + 8) * scale
    buf = bytearray([255]) * (full * full)
    for y, row in enumerate(dark):
        for x, d in enumerate(row):
            if d:
                for yy in range((y + 4) * scale, (y + 5) * scale):
                    start = yy * full + (x + 4) * scale
                    buf[start:start + scale] = bytes(scale)
    return decode_grey(full, full, bytes(buf))
