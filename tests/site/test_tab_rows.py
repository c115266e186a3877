"""Every game's tab row on a 375 px phone, in every language: the game's own tabs fit whole
(no tab cut at the screen's edge), and a row that cannot fit (a game with remote players adds
the board and their tab) scrolls, shows the open tab after a redraw, and hints at the tabs
beyond the edge. The rows are the table's own (tableframe.js's tabBar, each game's tabs and
names from its catalog), drawn in the page's #app at the phone's width."""

from __future__ import annotations

from .hall import open_hall

ROWS = """async () => {
  const app = document.querySelector("script[src$='/js/hall/app.js']").src;
  const at = (path) => import(new URL(path, app));
  const i18n = await at("../shell/i18n.js");
  const { tabBar } = await at("./table/tableframe.js");
  const root = document.getElementById("app");
  const seen = [];
  for (const lang of ["en", "es", "ru", "ar"]) {
    await i18n.setLanguage(lang);
    for (const game of ["broker-yard", "ekonos", "grid", "spy"]) {
      await i18n.loadGame(game);
      const table = (await at(`../games/${game}/index.js`)).default;
      for (const tabs of [table.tabs, [...table.tabs, "board", "net"]]) {
        const open = tabs.at(-1);
        const row = tabBar({ tab: open, table }, tabs, () => {});
        root.replaceChildren(row);
        await null; // the open tab is scrolled into the row a microtask after the draw
        const box = row.getBoundingClientRect();
        const tab = row.querySelector("[aria-selected=true]").getBoundingClientRect();
        const back = getComputedStyle(row).backgroundImage;
        seen.push({ lang, game, own: tabs === table.tabs, names: [...row.children].map((b) => b.textContent),
                    width: row.clientWidth, needs: row.scrollWidth,
                    shown: tab.left >= box.left - 1 && tab.right <= box.right + 1, // scrollLeft is whole pixels
                    hint: (back.match(/radial-gradient/g) || []).length });
      }
    }
  }
  return seen;
}"""


def test_tab_rows_at_375_in_every_language(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    rows = page.evaluate(ROWS)
    assert len(rows) == 4 * 4 * 2
    own = [r for r in rows if r["own"]]
    # a game's own tabs fit a phone whole in every language
    assert all(r["needs"] <= r["width"] for r in own), [r for r in own if r["needs"] > r["width"]]
    assert {r["width"] for r in rows} == {359}, "the row is #app's width at 375 px"
    # with remote players the row is wider than a phone: it scrolls, its open (last) tab is
    # in view after the draw, and the edges carry the shadows that say there is more
    wide = [r for r in rows if r["needs"] > r["width"]]
    assert wide, "no row wider than the phone: the scroll is not tested"
    assert all(r["shown"] for r in rows), [r for r in rows if not r["shown"]]
    assert all(r["hint"] == 2 for r in rows)
    # names from the catalogs, each language its own
    assert rows[0]["names"] == ["Field", "Players", "Results", "Chart"]
    assert [r["names"][0] for r in rows if r["game"] == "broker-yard" and r["own"]] == \
        ["Field", "Campo", "Поле", "الساحة"]
