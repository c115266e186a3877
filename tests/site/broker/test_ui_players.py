"""The Players tab at 375, 800 and 1280 px, in English, Russian and Arabic: no row of a player
card (its header, facts, holdings, each card played with its choices — a hundred's three
colours are the longest) overlaps another, and nothing spills out of its card or the page.
Rows are measured by what they paint: their boxes and each line of their text."""

from __future__ import annotations

from ..hall import no_horizontal_overflow, open_hall, shot
from .helpers import open_imported

WIDTHS = (375, 800, 1280)
ROWS = ".player-card header, .facts > div, .holdings > li, .player-card h4, .played > li, .player-card > p"

# each row's painted box: the union of its element boxes and of every line of its text
MEASURE = """(rows) => {
  const box = (r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
  const union = (a, r) => (a ? { top: Math.min(a.top, r.top), bottom: Math.max(a.bottom, r.bottom),
    left: Math.min(a.left, r.left), right: Math.max(a.right, r.right) } : box(r));
  const painted = (el) => {
    let u = box(el.getBoundingClientRect());
    for (const d of el.querySelectorAll("*")) if (d.getClientRects().length) u = union(u, d.getBoundingClientRect());
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width && r.height) u = union(u, r);
    }
    return u;
  };
  const cards = [...document.querySelectorAll(".player-card")];
  const out = { rows: [], cards: cards.map((c) =>
    ({ ...box(c.getBoundingClientRect()), spill: c.scrollWidth - c.clientWidth })) };
  for (const [i, card] of cards.entries())
    for (const row of card.querySelectorAll(rows)) {
      const text = row.textContent.replace(/[\\u2066-\\u2069\\s]+/g, " ").trim().slice(0, 50);
      out.rows.push({ card: i, text, ...painted(row) });
    }
  return out;
}"""


def overlaps(a, b, slack=0.5):
    return (min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > slack
            and min(a["right"], b["right"]) - max(a["left"], b["left"]) > slack)


def layout_problems(page, width):
    found = page.evaluate(MEASURE, ROWS)
    rows, cards = found["rows"], found["cards"]
    assert len(cards) == 3 and len(rows) > 20
    problems = []
    for i, a in enumerate(rows):
        card = cards[a["card"]]
        inside = (a["top"] >= card["top"] - 0.5 and a["bottom"] <= card["bottom"] + 0.5
                  and a["left"] >= card["left"] - 0.5 and a["right"] <= card["right"] + 0.5)
        if not inside:
            problems.append(f"{width}px: {a['text']!r} spills out of its player card")
        if a["left"] < 0 or a["right"] > width:
            problems.append(f"{width}px: {a['text']!r} is off the screen")
        problems += [f"{width}px: {a['text']!r} overlaps {b['text']!r}" for b in rows[i + 1:] if overlaps(a, b)]
    problems += [f"{width}px: player card {i + 1} is {c['spill']}px wider than its box"
                 for i, c in enumerate(cards) if c["spill"] > 0]
    return problems


def test_players_tab_rows_never_overlap(guard, site_server):
    page = open_hall(guard, site_server)
    # several hundreds played, each with its three colour choices
    open_imported(page, "ui-bankrupt.json")
    page.click("#by-tab-players")
    page.wait_for_selector("#by-tab-players[aria-selected=true]")
    assert page.locator(".played .card-hundred, .played .card-tile").count() >= 10
    problems = []
    for lang in ("en", "ru", "ar"):
        page.select_option("#by-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l && document.querySelector('.player-card')",
                               arg=lang)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            problems += layout_problems(page, width)
            no_horizontal_overflow(page)
            if lang != "ru" and width != 800:
                shot(page, f"players-{width}-{lang}")
    assert not problems, "\n".join(problems)
