"""site/js/net/qr.js: the QR codes the page makes decode back to the exact text (zxing-cpp),
at every length a link or code can have, at levels M and L, and as the page draws them."""

from __future__ import annotations

import pytest

from .net_helpers import build_dir
from .qr_decode import decode_matrix, decode_png

pytest.importorskip("zxingcpp")

ALPHABET = "abcXYZ019-_.#:/"
# lengths across versions 1..40 (both levels), including every size a link or code has
LENGTHS = [1, 14, 17, 30, 100, 129, 300, 339, 700, 1000, 1300, 1600, 2000, 2331, 2953]


def qr_page(guard, site_server, site_dist):
    page = guard.new_page()
    page.goto(f"{site_server.url.rstrip('/')}/{build_dir(site_dist)}/js/net/qr.js")
    page.evaluate("async () => { window.qr = await import('./qr.js'); }")
    return page


def test_capacities_match_the_standard(guard, site_server, site_dist):
    page = qr_page(guard, site_server, site_dist)
    caps = page.evaluate("""() => [[1,'L'],[1,'M'],[10,'L'],[10,'M'],[25,'M'],[29,'L'],[40,'L'],[40,'M']]
        .map(([v, l]) => qr.byteCapacity(v, l))""")
    assert caps == [17, 14, 271, 213, 997, 1628, 2953, 2331]


def test_every_size_decodes_to_the_same_text(guard, site_server, site_dist):
    page = qr_page(guard, site_server, site_dist)
    symbols = page.evaluate("""([lengths, alphabet]) => {
        const out = [];
        for (const n of lengths) {
            const text = Array.from({length: n}, (_, i) => alphabet[(i * 7 + n) % alphabet.length]).join("");
            for (const ecl of ["M", "L"]) {
                if (n > qr.byteCapacity(40, ecl)) continue;
                const q = qr.qrMatrix(text, {ecl});
                out.push({text, version: q.version, ecl: q.ecl, mask: q.mask, dark: q.dark});
            }
        }
        const utf = "Ünïcödé — عربي — Русский";
        const q = qr.qrMatrix(utf);
        out.push({text: utf, version: q.version, ecl: q.ecl, mask: q.mask, dark: q.dark});
        return out;
    }""", [LENGTHS, ALPHABET])
    versions = set()
    for q in symbols:
        assert decode_matrix(q["dark"]) == [q["text"]], (len(q["text"]), q["version"], q["ecl"])
        versions.add(q["version"])
    assert max(versions) == 40 and min(versions) == 1
    assert len({q["mask"] for q in symbols}) > 1   # the penalty picks different masks


def test_svg_as_rendered_decodes(guard, site_server, site_dist):
    page = qr_page(guard, site_server, site_dist)
    text = "http://127.0.0.1:8000/#r2." + "x" * 1500
    page.evaluate("""(text) => {
        document.body.style.margin = "0";
        const svg = qr.qrSvg(text, {label: "test"});
        svg.style.width = "560px"; svg.id = "q";
        document.body.append(svg);
    }""", text)
    assert decode_png(page.locator("#q").screenshot()) == [text]
