"""What a browser kept and was sent before the hall had a name of its own still works: the
storage, links and codes that the build of b395b28 (its header said "Broker-Yard") made,
kept in tests/fixtures/hall/before-rename.json (make_before_rename.py). A host's storage
opens in the lobby with its two games, the Broker-Yard game takes the remote seat's order
code made then, the player's page opens the round's state link with its own storage of
then (an invite of then, made before invites were signed, is refused with words that say
what to do), and the replay link shows its game. The storage keys keep their
prefix (`by.v1.`, `by.net.`) and the links their sealing: the name is the pages' words only."""

from __future__ import annotations

import json
from pathlib import Path

from ..hall import HALL_TIMEOUT, open_hall, shot

BEFORE = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "hall" / "before-rename.json").read_text())

# the storage of then, written before the page's first script (once: a reload keeps what the page wrote since)
RESTORE = """(kept) => {
  if (location.protocol !== "http:") return;  // about:blank has no storage of its own
  if (localStorage.getItem("__restored")) return;
  for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
  localStorage.setItem("__restored", "1");
}"""


def restored(guard, site_server, kept, width):
    context = guard.new_context(warm=True, viewport={"width": width, "height": 800}, locale="en-US")
    context.add_init_script(f"({RESTORE})({json.dumps(kept)})")
    return open_hall(guard, site_server, context=context)


def test_a_host_and_a_player_of_the_build_before_the_name(guard, site_server):
    host = restored(guard, site_server, BEFORE["host_storage"], 1280)
    assert host.inner_text(".by-title") == "Mesa"
    assert "Broker-Yard" not in host.inner_text(".by-header")
    # the route kept then was the Broker-Yard table: it opens again, with its game's name on it
    host.wait_for_selector(".game-top")
    assert host.inner_text("#by-game-name") == "Broker-Yard"
    assert host.title() == "Broker-Yard — Mesa"
    # the remote seat's order, as its page made it then, is taken (the host's key kept then)
    host.click("#by-tab-net")
    host.locator("textarea[data-paste='order']").fill(BEFORE["order_code"])
    host.click("[data-submit='order']")
    ok = host.wait_for_function("() => document.querySelector(\"[data-result='order']\")?.dataset.ok",
                                timeout=HALL_TIMEOUT).json_value()
    assert ok == "1", host.inner_text("[data-result='order']")
    # both games listed in the lobby
    host.click("#by-lobby")
    kinds = {host.locator("#by-running .game-item").nth(i).get_attribute("data-kind")
             for i in range(host.locator("#by-running .game-item").count())}
    assert kinds == {"broker-yard", "grid"}
    shot(host, "before-rename-lobby-1280-en")

    # the player's page of then opens the round's link, its order sent
    pia = restored(guard, site_server, BEFORE["player_storage"], 375)
    pia.goto(site_server.url + BEFORE["round_link"])
    pia.wait_for_selector("#by-play .game-top", timeout=HALL_TIMEOUT)
    assert "Pia" in pia.inner_text("#by-play")
    # the invite of then was not signed (issue 25): refused in words that say what to do, and
    # nothing this browser kept is lost: the round's link still opens the seat's page
    pia.goto(site_server.url + BEFORE["invite"])
    pia.wait_for_selector("#by-lasting [data-notice='link'][data-code='invite_old_version']", timeout=HALL_TIMEOUT)
    assert "ask the host to send it again" in pia.inner_text("#by-lasting")
    pia.goto(site_server.url + BEFORE["round_link"])
    pia.wait_for_selector("#by-play .game-top", timeout=HALL_TIMEOUT)
    assert "Pia" in pia.inner_text("#by-play")

    # the replay link of then shows its game from the first step
    viewer = open_hall(guard, site_server, width=375)
    viewer.goto(site_server.url + BEFORE["replay_link"])
    viewer.wait_for_selector("#by-history", timeout=HALL_TIMEOUT)
    assert int(viewer.get_attribute("#by-history", "data-steps")) >= 1
