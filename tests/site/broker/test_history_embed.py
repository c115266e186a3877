"""History and replays in the browser (issue 13), through Broker-Yard: stepping through a
whole game at the hall's table, the replay link holding only public information, and the
embedded frame (embed.html) in a cross-origin iframe with storage blocked, showing a replay
and starting a solo game."""

from __future__ import annotations

import json
import re

from engine.core import codec, replay
from engine.core.game import get_game
from engine.core.record import replay as replay_record, to_record

from ..conftest import wait_started
from ..hall import HALL_TIMEOUT, embed_frame, in_menu, open_hall, parent_page, picture_rows, show_picture, shot
from .helpers import FIXTURES, choose_first_card, play_round, round_number, start_game

PRICE = "(c) => document.querySelector(`.price-table tr[data-colour=${c}] td.price b`).textContent"


def money(n):
    return f"${n:,}"


def signed_money(n):
    return f"−${-n:,}" if n < 0 else money(n)


def shown_prices(page):
    return {c: page.evaluate(PRICE, c) for c in ("blue", "red", "yellow", "green")}


def test_history_steps_through_a_whole_game_at_the_table(guard, site_server):
    page = open_hall(guard, site_server)
    _, state = replay_record(json.loads((FIXTURES / "games/classic-4.record.json").read_text()))
    record = to_record(state, {"seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3})
    page.set_input_files("#by-import-file", {"name": "classic-4.json", "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.wait_for_selector("#by-archive .game-item [data-open], #by-running .game-item [data-open]")
    page.locator(".game-item [data-open]").first.click()
    page.wait_for_selector(".game-top")
    history = state["history"]
    assert page.locator(".final").count() == 1
    page.click("#by-history-first")
    page.wait_for_selector("#by-history[data-at='0']")
    assert page.locator("#by-history-note").count() == 1  # "you are looking at the past"
    assert page.locator("#by-history-first").is_disabled()
    steps = int(page.get_attribute("#by-history", "data-steps"))
    assert steps == len(history) + 1
    for k in range(steps - 1):
        # the table as it was at the start of round k + 1: that round's prices
        assert shown_prices(page) == {c: money(p) for c, p in history[k]["prices_before"].items()}
        assert page.locator("#broker-orders, #broker-save").count() == 0, "the past is not played"
        if k % 2:
            page.click("#by-history-next")
        else:  # the arrow keys step too
            page.focus("#by-history-next")
            page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#by-history[data-at='{k + 1}']")
    # the last step is now: the final screen, and no "back to now"
    assert page.locator(".final").count() == 1 and page.locator("#by-history-note").count() == 0
    page.fill("#by-history-slider", "3")
    page.wait_for_selector("#by-history[data-at='3']")
    assert shown_prices(page) == {c: money(p) for c, p in history[3]["prices_before"].items()}
    shot(page, "history-past-1280-en")
    page.click("#by-history-now")
    page.wait_for_selector(".final")
    # the result as a picture: the standings and the price chart in one SVG file
    with page.expect_download() as got:
        page.click("#by-picture")
    svg = open(got.value.path(), encoding="utf-8").read()
    assert svg.startswith("<?xml") and "<svg" in svg and svg.count("<polyline") == 4
    assert all(name in svg for name in state["players"])
    assert 'class="' not in svg.split("<svg", 2)[-1].split(">", 1)[0]  # styles written in
    # readable on its own: the options, the standings in order, the chart's title and legend
    lines = picture_rows(svg)
    assert lines[:2] == ["Broker-Yard — The game is over", "Classic · Deal 4+6 · Three greatest effects"]
    scores = get_game("broker-yard").result(state)["scores"]
    assert lines[2:6] == [f"{k + 1}. {state['players'][seat]} — " + signed_money(scores[seat])
                          for k, seat in enumerate(state["ranking"])]
    assert "Share prices, round by round" in lines and all(c in lines for c in ("Blue", "Red", "Yellow", "Green"))
    show_picture(guard, svg, "picture-broker-yard")


def test_history_of_a_live_game_changes_nothing_played(guard, site_server):
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    play_round(page)
    play_round(page)
    before = stored_record(page)
    page.click("#by-history-prev")
    page.wait_for_selector("#by-history[data-at='1']")
    assert "Round 2" in page.inner_text("#by-history-where")
    assert page.locator("#broker-save").count() == 0 and page.locator("#by-history-note").count() == 1
    page.click("#by-history-first")
    page.wait_for_selector("#by-history[data-at='0']")
    assert shown_prices(page) == {c: "$100" for c in ("blue", "red", "yellow", "green")}
    page.click("#by-history-now")
    page.wait_for_selector("#broker-save")
    assert "Round 3" in round_number(page)
    after = stored_record(page)
    # the game went on meanwhile (the bot may have given its order for round 3), but
    # looking at the past played nothing: what was played stays, and nothing is Ann's
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert all(a[0] != 0 for a in after["actions"][len(before["actions"]) :] if isinstance(a, list))
    assert {k: v for k, v in after.items() if k != "actions"} == {k: v for k, v in before.items() if k != "actions"}


def stored_record(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('by.v1.game.' + "
                         "JSON.parse(localStorage.getItem('by.v1.games'))[0])).record")


def read_link(text):
    code = text[text.index("#") + 1:]
    _, _, value = codec.decode(code, {"w": 1})
    return code, value


def test_replay_link_shows_nothing_a_player_could_not_see(guard, site_server):
    page = open_hall(guard, site_server)
    # people only: no bot moves while the link and the record are read
    start_game(page, [("Ann", "human"), ("Bea", "human"), ("Cid", "human")])
    for seat in range(4):  # hot-seat: Ann, Bea, Cid (the round resolves), then Ann's saved order
        page.click("#by-reveal")
        page.wait_for_selector("#broker-save")
        if seat < 3:
            page.click(".hand-none")
            page.click("#broker-save")
        else:  # a card and a sale: pending, so secret
            page.fill("input.trade-input[data-colour=green]", "-1")
            choose_first_card(page)
            page.click("#broker-save")
        page.wait_for_selector("#by-reveal")
    blob = page.evaluate("() => JSON.parse(localStorage.getItem('by.v1.game.' + "
                         "JSON.parse(localStorage.getItem('by.v1.games'))[0]))")
    record = blob["record"]
    in_menu(page, lambda p: p.click("#by-share"))
    page.wait_for_selector("#by-share-box")
    link = page.input_value("textarea[data-code=replay]")
    snippet = page.input_value("textarea[data-code=embed]")
    assert link.startswith(site_server.url) and "#w1." in link
    assert re.fullmatch(r'<iframe src="[^"]+/embed\.html\?lang=en#w1\.[^"]+" .*></iframe>', snippet)
    code, value = read_link(link)
    text = json.dumps(value)
    assert str(record["seed"]) not in text and "hand" not in text
    _, state = replay_record(record)
    assert value == json.loads(json.dumps(replay.public_replay(record)))
    assert len(value["public"]["r"]) == 1 and value["public"]["s"] == [0]
    # no card of any hand is in it, only the cards played in the resolved round
    played = {p["card"] for s in state["seats"] for p in s["played"]}
    held = {c for s in state["seats"] for c in s["hand"]} - played
    tokens = {replay_token(c) for c in held}
    assert tokens and not any(f'"{tok}"' in json.dumps(value["public"]["r"]) for tok in tokens)
    pending = state["orders"][0]
    assert pending["card"] in held and pending["trades"] == {"green": -1}
    page.click("#by-share-preview")
    frame = page.frame_locator(".share-preview iframe")
    frame.locator("#by-history").wait_for(timeout=HALL_TIMEOUT)


def replay_token(card):
    from engine.broker.link import card_token
    return card_token(card)


def whole_game_code():
    record = json.loads((FIXTURES / "games/classic-4.record.json").read_text())
    _, state = replay_record(record)
    return codec.encode("w", 1, replay.public_replay(to_record(state))), state


def test_embed_in_a_cross_origin_frame_shows_a_replay(guard, site_server, tmp_path):
    code, state = whole_game_code()
    print(f"replay link of a whole 4-player game: {len(code)} characters")
    assert len(code) < 2000
    page, frame, server = parent_page(guard, tmp_path, site_server, f"{site_server.url}embed.html#{code}")
    try:
        embed = embed_frame(page)
        wait_started(embed)
        embed.wait_for_function("document.documentElement.dataset.embed === 'ready'", timeout=HALL_TIMEOUT)
        assert embed.evaluate("() => { try { localStorage; return 'open' } catch { return 'blocked' } }") == "blocked"
        embed.wait_for_selector("#by-history[data-at='0']")
        assert embed.evaluate("document.documentElement.scrollWidth") <= 300
        history = state["history"]
        for k in range(3):
            assert shown_prices(embed) == {c: money(p) for c, p in history[k]["prices_before"].items()}
            embed.click("#by-history-next")
            embed.wait_for_selector(f"#by-history[data-at='{k + 1}']")
        embed.click("#by-history-last")
        embed.wait_for_selector(".final")
        full = embed.get_attribute("#by-open-full", "href")
        assert full == f"{site_server.url}#{code}" and embed.get_attribute("#by-open-full", "target") == "_blank"
        shot(page, "embed-replay-300")
    finally:
        server.shutdown()
        server.server_close()


def test_embed_starts_a_solo_game_in_the_language_asked(guard, site_server, tmp_path):
    src = f"{site_server.url}embed.html?bots=easy,easy&deal=3%2B5&lang=es"
    page, frame, server = parent_page(guard, tmp_path, site_server, src)
    try:
        embed = embed_frame(page)
        wait_started(embed)
        embed.wait_for_function("document.documentElement.dataset.embed === 'ready'", timeout=HALL_TIMEOUT)
        assert embed.evaluate("document.documentElement.lang") == "es"
        embed.wait_for_selector("#broker-save")
        assert "1" in round_number(embed) and "Ronda" in round_number(embed)
        play_round(embed)
        assert "2" in round_number(embed)
        assert embed.locator(".by-header").count() == 0  # no hall chrome
        assert embed.evaluate("document.documentElement.scrollWidth") <= 300
        assert embed.get_attribute("#by-open-full", "href") == site_server.url
    finally:
        server.shutdown()
        server.server_close()
