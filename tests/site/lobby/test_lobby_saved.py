"""One corrupted saved game never hides the others: an entry of the browser's storage with a
broken summary, wrong types or a missing part is listed as damaged (its raw data can be
exported, it can be deleted) while the other games and "New game" keep working; a damaged
list of games (the `games` key) is rebuilt from the entries still in storage, with a
notice."""

from __future__ import annotations

import json

from ..hall import open_hall, shot, start
from .helpers import catalog, close_lasting, keep, lasting, shot_of, stored

# a hosted game made by the page's engine, kept as the hall keeps one (site/js/shell/store.js)
MAKE_GAME = """async ([id, names]) => {
  const { py } = window.brokerYard;
  await py.install("broker-yard");
  const seats = names.map((name, i) => (i ? { name, kind: "bot", level: "easy" } : { name }));
  const s = await py.call("hall_create", { id, game: "broker-yard", options: {}, seats, seed: 5 });
  await py.call("hall_close", { id });
  const now = new Date().toISOString();
  return { id, game: s.game, record: s.record, summary: s.summary, ui: { tab: null, seat: null },
           created: now, updated: now };
}"""


def make_game(page, id, names):
    return page.evaluate(MAKE_GAME, [id, names])


def damaged_entries(good):
    """Raw texts of entries each damaged in its own way (by id)."""
    bad_summary = {**good, "id": "badsummary", "summary": {**good["summary"], "players": 5, "kinds": "x"}}
    no_summary = {k: v for k, v in good.items() if k != "summary"} | {"id": "nosummary"}
    no_record = {k: v for k, v in good.items() if k != "record"} | {"id": "norecord"}
    wrong_types = {**good, "id": "wrongtypes", "ui": 5, "net": "yes", "record": "text"}
    bad_ranking = {**good, "id": "badranking", "summary": {**good["summary"], "over": True, "ranking": [7]}}
    unknown_game = {**good, "id": "unknowngame", "game": "chess"}
    entries = {e["id"]: json.dumps(e) for e in (bad_summary, no_summary, no_record, wrong_types,
                                                  bad_ranking, unknown_game)}
    entries["notjson"] = '{"id": "notjson", "record": {broken'
    entries["notobject"] = "[1, 2, 3]"
    return entries


def test_damaged_games_are_listed_apart_and_the_others_work(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    first = make_game(page, "goodgameone", ["Ann", "Bob"])
    second = make_game(page, "goodgametwo", ["Cleo", "Dan", "Eve"])
    damaged = damaged_entries(first)
    for game in (first, second):
        keep(page, f"game.{game['id']}", json.dumps(game))
    for id, raw in damaged.items():
        keep(page, f"game.{id}", raw)
    ids = ["goodgameone", *damaged, "goodgametwo"]
    keep(page, "games", json.dumps(ids))
    page.reload()
    page.wait_for_selector("#app > .lobby #by-damaged")

    running = page.locator("#by-running .game-item")
    assert sorted(running.evaluate_all("(els) => els.map((e) => e.dataset.game)")) == ["goodgameone", "goodgametwo"]
    listed = page.locator("#by-damaged .game-item")
    assert sorted(listed.evaluate_all("(els) => els.map((e) => e.dataset.damaged)")) == sorted(damaged)
    en = catalog("en")
    assert en["lobby.damaged"] in page.inner_text("#by-damaged-panel")
    for id in damaged:
        item = page.locator(f"#by-damaged [data-damaged='{id}']")
        assert item.locator("[data-export-raw]").is_visible() and item.locator("[data-delete-raw]").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "lobby-damaged-375-en")
    shot_of(page, "#by-damaged-panel", "lobby-damaged-list-375-en")

    # the raw data, exactly as stored (even when it is not JSON)
    for id in ("notjson", "badsummary"):
        with page.expect_download() as download:
            page.click(f"#by-damaged [data-damaged='{id}'] [data-export-raw]")
        assert open(download.value.path(), encoding="utf-8").read() == damaged[id]

    # deleting a damaged game removes its entry and its id, nothing else
    page.click("#by-damaged [data-damaged='badsummary'] [data-delete-raw]")
    page.click("dialog[open] [data-ok]")
    page.wait_for_selector("#by-damaged [data-damaged='badsummary']", state="detached")
    assert stored(page, "game.badsummary") is None
    assert "badsummary" not in json.loads(stored(page, "games"))
    assert stored(page, "game.goodgameone") is not None
    assert page.locator("#by-running .game-item").count() == 2

    # a good game opens, and a new one starts
    page.click("#by-running [data-open='goodgametwo']")
    page.wait_for_selector(".game-top")
    page.click("#by-lobby")
    page.wait_for_selector("#app > .lobby #by-damaged")
    start(page, "broker-yard", [("Fay", "human"), ("Gus", "easy")])


def test_a_damaged_list_of_games_is_rebuilt_from_storage(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="ar")
    ar = catalog("ar")
    games = [make_game(page, id, ["Ann", "Bob"]) for id in ("firstgame", "secondgame", "thirdgame")]
    for game in games:
        keep(page, f"game.{game['id']}", json.dumps(game))
    keep(page, "game.brokenone", "{not json")
    for index in ('{"not": "a list"', json.dumps({"firstgame": 1}), json.dumps(["firstgame", 7]),
                  json.dumps(["secondgame"])):
        keep(page, "games", index)
        page.reload()
        page.wait_for_selector("#app > .lobby #by-damaged")
        said = lasting(page, "index")
        # four games: Arabic's plural form "few", its digits, a left-to-right isolate (shell/i18n.js)
        four = "\u2066" + page.evaluate("new Intl.NumberFormat('ar').format(4)") + "\u2069"
        assert said == ar["storage.index_rebuilt"]["few"].replace("{count}", four), said
        rebuilt = json.loads(stored(page, "games"))
        assert sorted(rebuilt) == ["brokenone", "firstgame", "secondgame", "thirdgame"], rebuilt
        listed = page.locator("#by-running .game-item").evaluate_all("(els) => els.map((e) => e.dataset.game)")
        assert sorted(listed) == ["firstgame", "secondgame", "thirdgame"]
        assert page.locator("#by-damaged [data-damaged='brokenone']").count() == 1
        if index == json.dumps(["secondgame"]):
            shot_of(page, "#by-lasting", "lobby-index-rebuilt-375-ar")
        close_lasting(page, "index")
    # a sound list says nothing
    page.reload()
    page.wait_for_selector("#app > .lobby #by-damaged")
    assert page.locator("#by-lasting [data-notice='index']").count() == 0
    shot_of(page, "#by-damaged-panel", "lobby-damaged-list-375-ar")
    # and a new game is added to the rebuilt list
    start(page, "broker-yard", [("Hana", "human"), ("Ivo", "easy")])
    assert len(json.loads(stored(page, "games"))) == 5
