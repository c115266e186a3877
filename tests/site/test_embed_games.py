"""The embedded frame (embed.html, issue 13) with the sequential games, in a cross-origin
iframe 300 px wide with every storage blocked (tests/site/hall.py, parent_page): an Ekonos
replay in Arabic stepped through (the arrows reversed), and a fresh grid game in Russian
against bots, played up to its first building decision. Broker-Yard's replay and solo game:
tests/site/broker/test_history_embed.py."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core import codec, replay
from tests.engine.core.test_replay import bot_game, old_link

from .conftest import wait_started
from .grid.helpers import FIELD as GRID_FIELD, my_turn, quick_turn
from .hall import HALL_TIMEOUT, embed_frame, parent_page, shot

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EK_FIELD = "#by-panel .ek-field"


def ready(page):
    """The frame once started: its loading screen done (the progress full) and hidden."""
    embed = embed_frame(page)
    wait_started(embed)
    embed.wait_for_function("document.documentElement.dataset.embed === 'ready'", timeout=HALL_TIMEOUT)
    assert embed.evaluate("""() => { const p = document.getElementById('by-progress');
        return p.value === p.max && document.getElementById('by-loading').hidden; }""")
    assert embed.evaluate("() => { try { localStorage; return 'open' } catch { return 'blocked' } }") == "blocked"
    return embed


def fits(embed, where=""):
    width = embed.evaluate("document.documentElement.scrollWidth")
    assert width <= 300, f"the frame is {width}px wide ({where})"


def test_embed_replays_an_ekonos_game_in_arabic(guard, site_server, tmp_path):
    record = json.loads((FIXTURES / "ekonos/games/three-random.record.json").read_text())
    code = codec.encode("w", 1, replay.public_replay(record))
    frames = replay.step_views(record, None)
    page, _, server = parent_page(guard, tmp_path, site_server, f"{site_server.url}embed.html?lang=ar#{code}")
    try:
        embed = ready(page)
        assert embed.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
        embed.wait_for_selector("#by-history[data-at='0']")
        assert int(embed.get_attribute("#by-history", "data-steps")) == len(frames)
        fits(embed)
        embed.focus("#by-history-next")
        for i in (1, 2, 3):
            page.keyboard.press("ArrowLeft")  # right to left: the left arrow goes on
            embed.wait_for_selector(f"#by-history[data-at='{i}']")
            assert embed.get_attribute(EK_FIELD, "data-step") == str(frames[i]["view"]["step"])
            assert embed.locator(".ek-hand").count() == 0  # a replay shows nobody's hand
        page.keyboard.press("ArrowRight")
        embed.wait_for_selector("#by-history[data-at='2']")
        page.keyboard.press("End")
        embed.wait_for_selector(".final")
        fits(embed)
        assert embed.get_attribute("#by-open-full", "href") == f"{site_server.url}#{code}"
        shot(page, "embed-ekonos-replay-300-ar")
    finally:
        server.shutdown()
        server.server_close()


def test_embed_starts_a_grid_game_in_russian(guard, site_server, tmp_path):
    src = f"{site_server.url}embed.html?game=grid&bots=easy,easy&lang=ru"
    page, _, server = parent_page(guard, tmp_path, site_server, src)
    try:
        embed = ready(page)
        assert embed.evaluate("document.documentElement.lang") == "ru"
        assert embed.locator("#by-panel .grid-field").count() == 1
        assert embed.locator(".order-seat").count() == 3  # the person and the two bots
        # every decision up to the first building fits the frame (which decision follows the
        # first bid depends on the deal: the building panel is met by playing on to it)
        phases = []
        while "building" not in phases:
            phase = my_turn(embed)
            assert phase, f"the game ended before its first building phase: {phases}"
            phases.append(phase)
            fits(embed, phase)
            before = embed.get_attribute(GRID_FIELD, "data-step")
            quick_turn(embed, phase)
            assert embed.get_attribute(GRID_FIELD, "data-step") != before
            fits(embed, f"after {phase}")
        assert embed.get_attribute("#by-open-full", "href") == site_server.url
        shot(page, "embed-grid-300-ru")
    finally:
        server.shutdown()
        server.server_close()


def test_embed_seats_as_many_bots_as_the_game_needs(guard, site_server, tmp_path):
    """No `bots` in the address: the spy game, five players at least, gets four bots (three
    would be one seat short, and the frame showed the engine's refusal)."""
    page, _, server = parent_page(guard, tmp_path, site_server, f"{site_server.url}embed.html?game=spy&lang=es")
    try:
        embed = ready(page)
        assert embed.locator("#by-embed-error").count() == 0
        embed.click("#by-tab-players")
        embed.wait_for_selector("#spy-players")
        assert embed.locator("#spy-players .spy-player").count() == 5
        fits(embed)
    finally:
        server.shutdown()
        server.server_close()


def test_embed_opens_a_link_made_before_public_records_and_refuses_one_far_too_long(guard, site_server, tmp_path):
    """A replay link made by the build before every game had its public record (the public
    frames as patches) still opens; one longer than any game makes is refused at once with
    the reason in the frame's language, before anything of it is read."""
    record = bot_game("spy", 5, "embed-old", cut=0.6)
    code = codec.encode("w", 1, old_link(record))
    assert "steps" in codec.decode(code, {"w": 1})[2]
    page, _, server = parent_page(guard, tmp_path, site_server, f"{site_server.url}embed.html#{code}")
    try:
        embed = ready(page)
        embed.wait_for_selector("#by-history[data-at='0']")
        assert int(embed.get_attribute("#by-history", "data-steps")) == len(replay.step_views(record, None))
    finally:
        server.shutdown()
        server.server_close()
    es = json.loads((Path(__file__).resolve().parents[2] / "site/i18n/es.json").read_text())
    page, _, server = parent_page(guard, tmp_path, site_server, f"{site_server.url}embed.html?lang=es#w1.{'A' * 7000}")
    try:
        embed = ready(page)
        said = embed.inner_text("#by-embed-error")
        assert es["replay.failed"] in said and es["error.replay_too_long"] in said, said
        fits(embed)
    finally:
        server.shutdown()
        server.server_close()
