"""Broker-Yard's replay links (its own public record, engine/broker/public_record.py) and its
history step by step: every public table given back, a seat's own hand at each round, and a
game so far that shows no hand, no seed and no pending order."""

import glob
import json

import pytest

from engine.broker.public_record import public_of
from engine.core import replay, session
from engine.core.game import get_game
from engine.core.record import replay as replay_record, to_record

from ..core.test_replay import frames_of, through_json
from ..core.test_session import first_card

FIXTURES = sorted(glob.glob("tests/fixtures/broker-yard/games/*.record.json")) + [
    "tests/fixtures/broker-yard/example-classic.json"]


@pytest.mark.parametrize("path", FIXTURES)
def test_broker_link_gives_back_every_public_table(path):
    record = json.load(open(path))
    link = through_json(replay.public_replay(record))
    frames = frames_of(record)
    assert replay.replay_views(link) == frames
    _, state = replay_record(record)
    module = get_game(record["game"])
    assert frames[-1]["view"] == through_json(module.view(state, None))
    assert len(frames) == len(state["history"]) + 1  # the start of each round, and now
    if state["over"]:
        assert frames[-1]["final"] == through_json(module.hall_final(state))


def test_step_views_replay_the_record_to_each_step():
    _, state = replay_record(json.load(open("tests/fixtures/broker-yard/games/classic-4.record.json")))
    record = to_record(state)
    frames = frames_of(record, 1)
    module = get_game("broker-yard")
    for k, frame in enumerate(frames):
        assert frame["step"] == k
        assert "legal" not in frame["view"], "the past is never played"
        n = next(n for n in range(len(record["actions"]) + 1)
                 if len(replay_record(record, n)[1]["history"]) == k)
        _, state = replay_record(record, n)
        assert frame["view"]["hand"] == module.view(state, 1)["hand"]


def _game_with_pending_order():
    session.create("r1", "broker-yard", {}, [{"name": "Ann", "kind": "human"},
                                             {"name": "Bob", "kind": "human"}], "hidden-seed")
    for _ in range(3):
        for seat in (0, 1):
            session.act("r1", seat, {"type": "order", "trades": {}, "card": None, "choices": {}})
    scr = session.screen("r1", 0)
    order = first_card(scr, {"green": -1})
    reply = session.act("r1", 0, order)
    assert not reply["moved"]
    return reply["stored"]["record"], scr["view"]["hand"]


def test_a_game_so_far_shows_no_hand_no_seed_no_pending_order():
    record, hand = _game_with_pending_order()
    link = replay.public_replay(record)
    text = json.dumps(link)
    assert "hidden-seed" not in text and "hand" not in text
    public = link["public"]
    assert len(public["r"]) == 3 and public["s"] == [0]  # that Ann saved is public, not what
    frames = replay.replay_views(through_json(link))
    assert frames == frames_of(record)
    last = frames[-1]["view"]
    assert last["seats"][0]["saved"] and "hand" not in last and "order" not in last
    # the three random discards are public as "a discard", never as the card
    discards = [e for h in last["history"] for e in h["events"] if e["type"] == "discard"]
    assert len(discards) == 6 and all(set(e) == {"type", "seat"} for e in discards)
    _, state = replay_record(record)
    assert replay.public_replay(record)["public"] == public_of(get_game("broker-yard").view(state, None))
