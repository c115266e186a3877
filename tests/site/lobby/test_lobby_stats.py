"""Statistics on this device (issue 17, item 5): a game that ends at this device's table adds
its people's figures once — per person, per game and mode: games, wins, average place, best
score (Broker-Yard: capital), and the strong bot's record against them — shown in the
lobby; a reload at the final screen, an export imported again, or the same game imported
unfinished and played to its end again never count it twice; the figures survive reloads; a
damaged entry is left out with a notice while the rest of the lobby works; "Reset
statistics" asks first. Arabic at 375 px reads right to left with the language's numbers."""

from __future__ import annotations

import json

from ..broker.helpers import choose_first_card, press_ready
from ..hall import open_hall, shot
from .helpers import catalog, keep, shot_of, stored

ID = "statsgame"
CREATED = "2026-05-01T10:00:00.000Z"
# Ann against a strong and an easy bot, played by the page's engine up to the last round
# (seed 9: Ann is still solvent there), kept as the hall keeps a game (site/js/shell/store.js)
MAKE_LAST_ROUND = """async ([id, created]) => {
  const { py } = window.brokerYard;
  await py.install("broker-yard");
  const seats = [{ name: "Ann", kind: "human" }, { name: "Rex", kind: "bot", level: "strong" },
                 { name: "Eve", kind: "bot", level: "easy" }];
  let s = await py.call("hall_create", { id, game: "broker-yard", options: { deal: "3+5" }, seats, seed: 9,
                                         meta: { created } });
  while (s.summary.progress.n < s.summary.progress.of) {
    const r = await py.call("hall_act", { id, seat: 0, action: { type: "order", trades: {} }, at: 1 });
    s = r.stored;
  }
  await py.call("hall_close", { id });
  const now = new Date().toISOString();
  return { id, game: s.game, record: s.record, summary: s.summary, ui: { tab: null, seat: null },
           created: now, updated: now };
}"""

# the figures the lobby shows, read in one step
FIGURES = """() => [...document.querySelectorAll('#by-stats .stats-person')].map((p) => ({
  name: p.dataset.name,
  rows: [...p.querySelectorAll('.stats-row')].map((r) => ({
    game: r.dataset.game, mode: r.dataset.mode, title: r.querySelector('h4').textContent,
    figures: Object.fromEntries([...r.querySelectorAll('[data-figure]')].map(
      (f) => [f.dataset.figure, f.querySelector('dd').textContent])),
    rival: r.querySelector('.stats-rival')?.textContent ?? null })) }))"""


def stats_keys(page):
    return page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('by.v1.stats.'))")


def to_lobby(page):
    page.click("#by-lobby")
    page.wait_for_selector("#app > .lobby #by-stats")


def finish_last_round(page):
    """At the table: play the last round (a card, Ready) and wait for the final screen."""
    page.wait_for_selector("#broker-orders")
    choose_first_card(page)
    press_ready(page)
    page.wait_for_selector(".final")


def money_text(page, n):
    """n as the shell writes money in English (one minus sign, U+2212)."""
    text = page.evaluate("(n) => new Intl.NumberFormat('en', {style: 'currency', currency: 'USD', "
                         "currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0}).format(n)", n)
    return text.replace("-", "\u2212")


def the_truth(page, id):
    """Ann's place and capital, and whether a strong bot won, from the stored summary."""
    summary = json.loads(stored(page, f"game.{id}"))["summary"]
    assert summary["over"]
    ranking = summary["ranking"]
    return ranking.index(0) + 1, summary["scores"][0], ranking[0] == 1


def test_a_finished_game_counts_once_per_person_and_mode(guard, site_server, tmp_path):
    page = open_hall(guard, site_server)
    en = catalog("en")
    assert page.inner_text("#by-stats .empty") == en["stats.none"]
    blob = page.evaluate(MAKE_LAST_ROUND, [ID, CREATED])
    keep(page, f"game.{ID}", json.dumps(blob))
    keep(page, "games", json.dumps([ID]))
    page.reload()
    page.click(f"#by-running [data-open='{ID}']")
    finish_last_round(page)
    place, capital, bot_won = the_truth(page, ID)
    to_lobby(page)

    (ann,) = page.evaluate(FIGURES)
    assert ann["name"] == "Ann"
    (row,) = ann["rows"]
    assert (row["game"], row["mode"], row["title"]) == ("broker-yard", "classic", "Broker-Yard · Classic")
    assert row["figures"]["played"] == "1" and row["figures"]["average"] == str(place)
    assert row["figures"]["wins"] == ("1" if place == 1 else "0")
    # the best capital: exact, or compact with the exact figure on its title from a million on
    best = page.locator("#by-stats [data-figure=best] .amount")
    assert (best.get_attribute("title") or best.inner_text()) == money_text(page, capital)
    assert row["rival"] == (f"Against the strong bot: 1 game; the bot won {int(bot_won)}, "
                            f"Ann won {int(place == 1)}.")
    assert len(stats_keys(page)) == 1
    shot(page, "lobby-stats-1280-en")

    # a reload at the final screen adds nothing
    page.click(f"#by-archive [data-open='{ID}']")
    page.wait_for_selector(".final")
    page.reload()
    page.wait_for_selector(".final")
    to_lobby(page)
    assert page.evaluate(FIGURES)[0]["rows"][0]["figures"]["played"] == "1"

    # the finished game exported and imported again adds nothing: no second copy, no count
    with page.expect_download() as download:
        page.locator(f"#by-archive [data-game='{ID}']").get_by_role("button", name="Export record").click()
    page.set_input_files("#by-import-file", download.value.path())
    page.wait_for_function("document.getElementById('by-notices').textContent.includes('already among your games')")
    assert page.locator("#by-archive .game-item").count() == 1
    # the same game imported before its last round and played to its end again adds nothing
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(blob["record"]))
    page.set_input_files("#by-import-file", str(unfinished))
    page.wait_for_function("document.querySelectorAll('#by-running .game-item').length === 1")
    page.locator("#by-running .game-item [data-open]").click()
    finish_last_round(page)
    to_lobby(page)
    assert page.locator("#by-archive .game-item").count() == 2
    assert page.evaluate(FIGURES)[0]["rows"][0]["figures"]["played"] == "1"
    assert len(stats_keys(page)) == 1

    # another mode of the same person is its own row (an entry as the hall keeps one: a mass
    # start Ann won), and the figures survive a reload
    mass = {"v": 1, "game": "broker-yard", "by": "mode", "mode": "mass", "seats": 12, "rival": None,
            "people": [{"name": "Ann", "place": 1, "score": 2_500_000}], "ended": CREATED}
    keep(page, "stats.0123456789abcdef", json.dumps(mass))
    page.reload()
    page.wait_for_selector("#app > .lobby #by-stats")
    rows = {r["mode"]: r for r in page.evaluate(FIGURES)[0]["rows"]}
    assert set(rows) == {"classic", "mass"}
    assert rows["mass"]["figures"] == {"played": "1", "wins": "1", "average": "1", "best": "$2.5M"}
    assert rows["mass"]["rival"] is None
    assert rows["classic"]["figures"]["played"] == "1"

    # damaged entries are left out with a notice; the lobby and the other figures still work
    keep(page, "stats.brokenjson", "{not json")
    keep(page, "stats.badplace", json.dumps({**mass, "people": [{"name": "Ann", "place": 0, "score": 1}]}))
    keep(page, "stats.chess", json.dumps({**mass, "game": "chess"}))
    page.reload()
    page.wait_for_selector("#app > .lobby #by-stats-damaged")
    assert page.inner_text("#by-stats-damaged p") == en["stats.damaged"]["other"].replace("{count}", "3")
    assert {r["mode"] for r in page.evaluate(FIGURES)[0]["rows"]} == {"classic", "mass"}
    shot_of(page, "#by-stats", "lobby-stats-damaged-1280-en")
    with page.expect_download() as download:
        page.click("#by-stats-damaged-export")
    raw = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert raw["stats.brokenjson"] == "{not json" and set(raw) == {"stats.brokenjson", "stats.badplace", "stats.chess"}
    page.click("#by-stats-damaged-remove")
    page.click("dialog[open] [data-ok]")
    page.wait_for_selector("#by-stats-damaged", state="detached")
    assert len(stats_keys(page)) == 2  # the game's and the mass start's
    assert stored(page, "stats.brokenjson") is None and stored(page, "stats.0123456789abcdef") is not None

    # Reset asks first; "Cancel" keeps everything, "Reset" removes every figure, and a game
    # reopened at its final screen afterwards is not counted again
    page.click("#by-stats-reset")
    page.click("dialog[open] button:not([data-ok])")
    assert len(stats_keys(page)) == 2
    page.click("#by-stats-reset")
    assert page.inner_text("dialog[open] h2") == en["stats.reset_title"]
    page.click("dialog[open] [data-ok]")
    page.wait_for_selector("#by-stats .empty")
    assert stats_keys(page) == []
    page.click(f"#by-archive [data-open='{ID}']")
    page.wait_for_selector(".final")
    to_lobby(page)
    assert stats_keys(page) == [] and page.locator("#by-stats .stats-person").count() == 0
    # a new game starts as before
    page.click("#by-start")
    page.wait_for_selector(".game-top")


def test_statistics_read_right_to_left_in_arabic_at_375(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="ar")
    ar = catalog("ar")
    entry = {"v": 1, "game": "broker-yard", "by": "mode", "mode": "classic", "seats": 3,
             "rival": {"level": "strong", "won": True}, "ended": CREATED}
    keep(page, "stats.aaaa", json.dumps({**entry, "people": [{"name": "Ann", "place": 2, "score": 1234}]}))
    keep(page, "stats.bbbb", json.dumps({**entry, "people": [{"name": "Ann", "place": 1, "score": 56_200_000_000}],
                                         "rival": {"level": "strong", "won": False}}))
    keep(page, "stats.cccc", json.dumps({**entry, "mode": "duel", "seats": 2,
                                         "people": [{"name": "هالة", "place": 1, "score": 500}]}))
    page.reload()
    page.wait_for_selector("#app > .lobby #by-stats .stats-person")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.inner_text("#by-stats-title") == ar["stats.title"]
    people = {p["name"]: p for p in page.evaluate(FIGURES)}
    assert list(people) == ["Ann", "هالة"]  # the most games first
    (row,) = people["Ann"]["rows"]
    fmt = "(n) => '\\u2066' + new Intl.NumberFormat('ar').format(n).replace(/[\\u061c\\u200e\\u200f]/g, '') + '\\u2069'"
    assert row["figures"]["played"] == page.evaluate(fmt, 2)
    assert row["figures"]["average"] == page.evaluate(fmt, 1.5)  # the language's own decimal sign
    assert row["figures"]["wins"] == page.evaluate(fmt, 1)
    # two games against the strong bot, which won one of them: Arabic's "two" form
    expected = (ar["stats.rival"]["two"].replace("{bot_wins}", page.evaluate(fmt, 1))
                .replace("{player}", "\u2068Ann\u2069").replace("{wins}", page.evaluate(fmt, 1)))
    assert row["rival"] == expected
    # the capital in billions reads compactly, the exact figure on its title
    best = page.locator("#by-stats .stats-person[data-name='Ann'] [data-figure=best] .amount-compact")
    assert best.get_attribute("title")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"page is {width}px wide"
    shot_of(page, "#by-stats", "lobby-stats-375-ar")
    page.select_option("#by-lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector("#by-stats .stats-person")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot_of(page, "#by-stats", "lobby-stats-375-en")
