"""Export does not hand out the secrets at a shared table (issue 25, item 8): one click on
"Export record" during a spy game at a hot-seat table downloaded the seed and every secret
action. While the game is played, export asks first and says what the full record reveals;
its default is the public file, which replays only what everyone at the table may know (it
opens as a replay in the lobby's import); the full record is the explicit choice."""

from __future__ import annotations

import json

from ..hall import in_menu, open_hall, shot
from ..net.test_net_ui import message
from .helpers import start_spy

SEATS = [("Ann", "human"), ("Bob", "human"), ("Cid", "normal"), ("Dee", "normal"), ("Eve", "normal")]


def export(page, answer):
    """Export from the table's top-bar menu, answering the question with `answer` ([data-ok]:
    the default, [data-also]: the full record): the file's JSON."""
    with page.expect_download() as got:
        in_menu(page, lambda p: p.locator("#by-menu").get_by_role("button", name=message("lobby.export")).click())
        page.wait_for_selector("dialog[open]")
        assert page.inner_text("dialog[open] h2") == message("export.ask_title")
        page.click(f"dialog[open] {answer}")
    return got.value.suggested_filename, json.loads(open(got.value.path(), encoding="utf-8").read())


def test_export_while_played_asks_and_gives_the_public_file_by_default(guard, site_server):
    page = open_hall(guard, site_server)
    start_spy(page, SEATS)
    page.wait_for_selector(".game-top")
    name, public = export(page, "[data-ok]")
    assert name.endswith("-public.json")
    assert public["game"] == "spy" and "public" in public
    assert "seed" not in json.dumps(public) and "actions" not in public
    shot(page, "spy-export-ask-1280-en")
    _, full = export(page, "[data-also]")
    assert full["seed"] and "actions" in full

    # the public file opens as a replay in the lobby
    page.click("#by-lobby")
    page.wait_for_selector("#by-import-file", state="attached")
    page.set_input_files("#by-import-file", {"name": name, "mimeType": "application/json",
                                             "buffer": json.dumps(public).encode()})
    page.wait_for_selector("#by-replay")
