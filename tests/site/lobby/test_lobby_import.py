"""Import says the truth: a game that could not be stored is not reported as imported; absurd
sizes (a 50 MB `meta`, 200,000-deep nesting, 100,000 players) are refused with their limit
before Python sees the record, and the page goes on working; a record's seats marked remote
come in as this device's seats (an imported game has no host state: nobody could reach
them); a game already kept is not added twice."""

from __future__ import annotations

import json
from pathlib import Path

from ..hall import open_hall
from .helpers import RECORD_NOTICES, catalog, notices, stored

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "broker-yard" / "example-classic.json"

# the bridge calls the page makes from now on, by name
SPY_CALLS = """() => {
  const py = window.brokerYard.py, call = py.call;
  window.__calls = [];
  py.call = (name, args) => (window.__calls.push(name), call.call(py, name, args));
}"""
# a storage that refuses to keep any game (as a full one does), and back
REFUSE_GAMES = """(on) => {
  const proto = Storage.prototype;
  window.__setItem = window.__setItem || proto.setItem;
  proto.setItem = on
    ? function (key, value) {
        if (String(key).startsWith("by.v1.game.")) throw new DOMException("full", "QuotaExceededError");
        return window.__setItem.call(this, key, value);
      }
    : window.__setItem;
}"""


def import_file(page, path):
    """Import `path` through the lobby's file input; the one notice the import ends with."""
    before = len(notices(page))
    page.set_input_files("#by-import-file", str(path))
    page.wait_for_function("(n) => window.__notices.length > n", arg=before, timeout=120_000)
    page.wait_for_function("!document.documentElement.dataset.busy")
    return notices(page)[before:]


def listed(page):
    return page.locator("#by-running .game-item").count()


def say(page, template, **params):
    """A catalog text with its numbers formatted as the page formats them."""
    lang = page.evaluate("document.documentElement.lang")
    for name, value in params.items():
        if isinstance(value, int):
            value = page.evaluate("([l, n]) => new Intl.NumberFormat(l).format(n)", [lang, value])
        template = template.replace("{" + name + "}", str(value))
    return template


def test_import_refuses_what_it_cannot_keep_or_read(guard, site_server, tmp_path):
    context = guard.new_context(warm=True, viewport={"width": 375, "height": 800}, locale="ru-RU")
    context.add_init_script(RECORD_NOTICES)
    page = open_hall(guard, site_server, context=context)
    ru = catalog("ru")
    page.evaluate(SPY_CALLS)

    # a storage that throws on the game's write: not imported, nothing half-kept
    page.evaluate(REFUSE_GAMES, True)
    said = import_file(page, FIXTURE)
    page.evaluate(REFUSE_GAMES, False)
    assert [n["text"] for n in said] == [ru["lobby.import_not_stored"]], said
    assert json.loads(stored(page, "games") or "[]") == [] and listed(page) == 0
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('by.v1.game.'))") == []

    # absurd sizes: refused with their limit, and Python never sees them
    record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    huge = tmp_path / "huge-meta.json"
    with huge.open("w", encoding="utf-8") as f:
        f.write(json.dumps(record)[:-1] + ', "meta": {"notes": "')
        for _ in range(50):
            f.write("x" * 1_000_000)
        f.write('"}}')
    deep = tmp_path / "deep.json"
    deep.write_text(json.dumps(record)[:-1] + ', "meta": {"x": ' + "[" * 200_000 + "]" * 200_000 + "}}")
    crowd = tmp_path / "crowd.json"
    crowd.write_text(json.dumps({**record, "options": {"mode": "mass"}, "players": [f"P{i}" for i in range(100_000)]}))
    page.evaluate("window.__calls.length = 0")
    limits = page.evaluate("""async () => {
        const app = document.querySelector('script[src*="hall/app.js"]').src;
        return (await import(new URL("./archive/recordfile.js", app))).LIMITS; }""")
    for path, key in ((huge, "error.record_too_big"), (deep, "error.record_too_deep"),
                      (crowd, "error.record_too_many_seats")):
        said = import_file(page, path)
        assert len(said) == 1 and "error" in said[0]["kind"], said
        text = ru[key] if isinstance(ru[key], str) else ru[key]["other"]  # the forms share their start
        assert said[0]["text"].startswith(text.split("{")[0]), (key, said)
    assert said[0]["text"] == say(page, ru["error.record_too_many_seats"], count=100_000, maximum=40)
    assert page.evaluate("window.__calls") == [], "Python was asked about an absurd record"
    assert limits["bytes"] < 50_000_000 and limits["depth"] < 200_000
    assert listed(page) == 0

    # a record whose seats are remote, with no host state: this device's seats
    remote = tmp_path / "remote.json"
    remote.write_text(json.dumps({**record, "meta": {"seats": [{"kind": "remote"}, {"kind": "remote"}]}}))
    said = import_file(page, remote)
    assert [n["text"] for n in said] == [ru["lobby.imported_remote"]], said
    (id,) = json.loads(stored(page, "games"))
    game = json.loads(stored(page, f"game.{id}"))
    assert [k["kind"] for k in game["summary"]["kinds"]] == ["human", "human"]
    assert [k["kind"] for k in game["record"]["meta"]["seats"]] == ["human", "human"]
    assert "net" not in game

    # the same game again (its seats as they came in or not): no second copy
    said = import_file(page, FIXTURE)
    assert [n["text"] for n in said] == [ru["lobby.import_duplicate"]], said
    assert listed(page) == 1

    # and the page still imports a sound record of another game
    said = import_file(page, FIXTURE.parent / "ui-mass.json")
    assert [n["text"] for n in said] == [ru["lobby.imported"]], said
    page.wait_for_function("document.querySelectorAll('#by-running .game-item').length === 2")

    # a table opened from the lobby drops the lobby's notices: on a phone "The game was
    # imported." lay 4 s over the table's pinned bar (here a notice that would last 8 s is put
    # up in the same moment as the game is opened, so the check does not race the 4 s; the
    # game of two human seats, where no bot moves on opening)
    page.evaluate("""async (id) => {
        const app = document.querySelector('script[src*="hall/app.js"]').src;
        const { notify } = await import(new URL("../shell/ui.js", app));
        notify("about the lobby", "error");
        document.querySelector(`#by-running [data-open="${id}"]`).click(); }""", id)
    page.wait_for_selector("#app > .game-top")
    assert page.locator(".notice").count() == 0
