"""What the grid table reads beyond the view: the catalog's static parts (the map, the plant
cards, the resource market's spaces), the log of the recent actions, and the tools that
price a drawn line and preview a power choice from a seat's view."""

import json

import pytest

from engine.core.errors import GameError
from engine.grid import TOOLS, apply, bot_action, bot_view, catalog, new_game, quote, to_act, view
from engine.grid import plants as P
from engine.grid.map import CITIES, LINKS, board

from .helpers import at, fixture, table


def play_until(stop, seed="parts", players=3):
    state = new_game({}, [f"P{i}" for i in range(players)], seed)
    n = 0
    while not state["over"] and not stop(state):
        turn = to_act(state)
        if turn["phase"] == "power":
            apply(state, None, {"type": "settle"})
            continue
        seat = turn["seats"][0]
        action = bot_action("normal", bot_view(state, seat), f"{seed}:{n}")
        for a in action if isinstance(action, list) else [action]:
            apply(state, seat, a)
        n += 1
    return state


def test_the_catalog_carries_the_map_the_plants_and_the_market():
    cat = json.loads(json.dumps(catalog()))
    assert cat["board"] == json.loads(json.dumps(board()))
    assert len(cat["board"]["cities"]) == len(CITIES) and len(cat["board"]["links"]) == len(LINKS)
    assert cat["plants"]["13"] == ["eco", 0, 1] and cat["plants"]["50"] == ["fusion", 0, 6]
    assert set(cat["plants"]) == {str(n) for n in P.PLANTS}
    assert cat["resources"] == list(P.RESOURCES)
    assert cat["spaces"]["uranium"][-1] == 16 and len(cat["spaces"]["coal"]) == 24


def test_the_log_keeps_this_round_and_the_last():
    state = play_until(lambda s: s["round"] == 4 and s["phase"] == "building")
    rounds = {e["round"] for e in state["log"]}
    assert rounds == {3, 4}
    settle = [e for e in state["log"] if e["seat"] is None]
    assert len(settle) == 1 and any(x["type"] == "income" for x in settle[0]["events"])
    last = state["log"][-1]
    assert last["seat"] is not None and last["events"]
    assert view(state, None)["log"] == state["log"]
    assert "log" not in bot_view(state, 0)  # bots read the board, not the story


def test_a_refused_action_leaves_the_log_alone():
    state = new_game({}, ["A", "B", "C"], "log")
    seat = to_act(state)["seats"][0]
    with pytest.raises(GameError):
        apply(state, seat, {"type": "pass"})  # nobody passes in round 1
    assert state["log"] == []
    events = apply(state, seat, {"type": "open", "plant": 3})
    assert state["log"] == [{"round": 1, "seat": seat, "events": events}]


def test_quote_from_a_view_prices_a_drawn_line_as_the_engine_does():
    state = table(red=dict(plants=[(10, "EBB", {})], cash=60))
    at(state, "building", 0)
    seen = json.loads(json.dumps(view(state, 0)))
    # Ebbridge -> Thornwick -> Fenwick (4 + 10) instead of the direct 4, with a substation
    drawn = {"type": "line", "from": "EBB", "to": "FEN", "path": ["EBB", "THO", "FEN"]}
    got = TOOLS["quote"](seen, 0, drawn)
    assert got == quote(state, 0, drawn)
    assert got["ok"] and got["cost"] == 4 + 10 + 5
    cheapest = next(x for x in seen["legal"]["lines"] if x["to"] == "FEN")
    assert TOOLS["quote"](seen, 0, {"type": "line", "from": "EBB", "to": "FEN"})["cost"] == cheapest["total"]
    bad = TOOLS["quote"](seen, 0, {"type": "line", "from": "EBB", "to": "FEN", "path": ["EBB", "KES", "FEN"]})
    assert not bad["ok"] and bad["error"]["code"] == "not_adjacent"
    assert not TOOLS["quote"](seen, 1, drawn)["ok"]  # not that seat's turn
    # a page sends the view without the map, the legal moves, the figures and the past
    light = {k: x for k, x in seen.items() if k not in ("board", "legal", "values", "history", "log", "income")}
    assert TOOLS["quote"](light, 0, drawn) == got
    assert view(state, 0)["seats"][0]["cash"] == 60  # nothing was played


def test_preview_from_a_view_matches_the_power_phases_figures():
    state = play_until(lambda s: s["phase"] == "power" and s["round"] >= 4
                       and any(len(v) > 0 for v in [to_act(s)["seats"]]))
    seat = to_act(state)["seats"][0]
    seen = view(state, seat)
    legal = seen["legal"]
    assert TOOLS["preview"](seen, seat, legal["suggested"]["run"]) == legal["preview"]
    for n, idle in legal["idle"].items():
        got = TOOLS["preview"](seen, seat, [m for m in legal["suggested"]["run"] if m != int(n)])
        assert {k: got[k] for k in ("rounded", "powered", "owed")} == idle


def test_a_tool_refuses_what_is_not_a_view():
    for broken in ({}, [], {"seats": 3}, None):
        with pytest.raises(GameError) as e:
            TOOLS["quote"](broken, 0, {"type": "done"})
        assert e.value.code == "bad_view"
    state = new_game({}, ["A", "B"], "x")
    with pytest.raises(GameError) as e:
        TOOLS["preview"](view(state, 0), 5, [])
    assert e.value.code == "unknown_seat"


def test_a_running_hybrid_offers_every_split_of_its_fuel():
    from engine.grid.view import legal
    state = table(red=dict(plants=[(12, "EBB", {"coal": 1, "oil": 2}), (5, "KES", {"coal": 2})]))
    state["phase"] = "power"
    got = {p["plant"]: p.get("mixes") for p in legal(state, 0)["plants"]}
    assert got[12] == [{"coal": 1, "oil": 1}, {"oil": 2}]
    assert got[5] == [{"coal": 2}]
    for mix in got[12]:
        apply(state, 0, {"type": "power", "run": [12], "mix": {"12": mix}})  # the engine takes each


@pytest.mark.parametrize("name, want", [("ui-upgrade", {"upgrade": [{"plant": 4, "with": [10]}]}),
                                        ("ui-move", {"move": [{"from": 19, "to": 38, "cost": 6,
                                                               "resources": {"garbage": 2}}]})])
def test_the_browser_tests_records_stop_where_ann_may_upgrade_or_move(name, want):
    """tests/site/grid opens these records in the hall: they replay to Ann's building turn."""
    from engine.core.record import replay
    record = fixture(f"{name}.json")
    state = replay(record)[1]
    assert to_act(state)["seats"] == [0] and state["phase"] == "building"
    legal = view(state, 0)["legal"]
    for key, value in want.items():
        assert legal[key] == value


def test_the_view_carries_the_rounds_phases_numbered_and_which_run_in_reverse_order():
    seen = view(new_game({}, ["A", "B", "C"], "phases"), None)
    assert seen["phases"] == [{"phase": "auction", "number": 2, "reverse": False},
                              {"phase": "resources", "number": 3, "reverse": True},
                              {"phase": "building", "number": 4, "reverse": True},
                              {"phase": "power", "number": 5, "reverse": False}]
    from engine.grid import link
    from engine.grid.game import PHASES
    assert link.PHASES is PHASES  # the link numbers the phases by the same list


def test_the_outlook_warns_of_idle_plants_and_the_money_left():
    # Red in phase 4: coal 10 (powers 2) in Morrow without coal, eco 13 in Kestrel Bay,
    # MOR-KES (19) and MOR-FEN (10 -> 5) with a substation in Fenwick; 7 Elektro.
    # Run what can run (eco 13): Kestrel Bay 5 + Morrow as a foreign city 19/2 = 9.5 -> 14.5
    # -> 15; nothing owed (Morrow is powered). Fenwick waits for capacity.
    state = at(table(red=dict(plants=[(10, "MOR"), (13, "KES")], subs=["FEN"], hand=[4],
                              lines=[["MOR", "KES"], ["MOR", "FEN"]], cash=7)), "building", 0)
    seen = view(state, 0)
    assert seen["outlook"] == {"income": 15, "powered": 2, "owed": 0, "idle": [10], "cash": 7, "after": 22}
    assert "outlook" not in view(state, None) and "outlook" not in bot_view(state, 0)
    # a line's quote tells the bureaucracy after it: Thornwick (MOR-THO 12 + 5) costs 17 > 7
    assert not TOOLS["quote"](seen, 0, {"type": "line", "from": "MOR", "to": "THO"})["ok"]
    state["seats"][0]["cash"] = 30
    seen = view(state, 0)
    got = TOOLS["quote"](seen, 0, {"type": "build", "plant": 4, "city": "THO"})
    # plant 4 holds no coal when built: it idles this round, Thornwick unpowered costs 5
    assert got["cost"] == 10 and got["outlook"]["idle"] == [10, 4] and got["outlook"]["owed"] == 5
    assert got["outlook"]["after"] == 30 - 10 + 15 - 5
    # with no money (and only then): what can still be done
    state["seats"][0]["cash"] = 1
    assert "can" not in view(state, 0)["outlook"]
    state["seats"][0]["cash"] = 0
    assert view(state, 0)["outlook"]["can"] == ["run", "upgrade"]  # coal 4 in hand replaces coal 10
    state["seats"][0]["plants"] = [{"n": 10, "city": "MOR", "res": {}, "displaced": []}]
    assert view(state, 0)["outlook"]["can"] == ["upgrade"]
    state["seats"][0]["hand"] = []
    assert view(state, 0)["outlook"] == {"income": 0, "powered": 0, "owed": 5, "idle": [10], "cash": 0,
                                          "after": 0, "can": [], "stall": 3}


def test_a_purchases_quote_tells_the_bureaucracy_after_it():
    # Red in phase 3: coal 10 (2 coal -> 2 cities) in Morrow without coal and Fenwick
    # connected (MOR-FEN 10 -> 5). Without coal: 5 owed. With 2 coal: 5 + 5 = 10, nothing owed.
    state = at(table(red=dict(plants=[(10, "MOR")], subs=["FEN"], lines=[["MOR", "FEN"]], cash=20)),
               "resources", 0)
    seen = view(state, 0)
    assert seen["outlook"]["idle"] == [10] and seen["outlook"]["owed"] == 5
    got = TOOLS["quote"](seen, 0, {"type": "buy", "plant": 10, "resource": "coal", "amount": 2})
    assert got["cost"] == 2 and got["outlook"] == {"income": 10, "powered": 2, "owed": 0, "idle": [],
                                                   "cash": 18, "after": 28}


def test_only_a_saved_power_choice_is_a_secret_to_cover():
    """hall_secret (a hot-seat curtain covers only these seats' screens, issue 30): nobody's
    in the other phases, a seat's own while its power choice waits for the host's settle.
    tests/site/grid opens ui-power-hot.json, which stops where Ann and Bob both choose."""
    from engine.core.record import replay
    from engine.grid import hall_secret
    record = fixture("ui-power-hot.json")
    before = replay(record, len(record["actions"]) - 1)[1]
    assert before["phase"] != "power" and hall_secret(before) == []
    state = replay(record)[1]
    assert state["phase"] == "power" and {0, 1} <= set(to_act(state)["waiting"])
    assert hall_secret(state) == []
    apply(state, 0, {"type": "power", "run": [p["n"] for p in state["seats"][0]["plants"]][:1]})
    assert hall_secret(state) == [0]
    apply(state, 1, {"type": "power", "run": []})
    assert hall_secret(state) == [0, 1]
    apply(state, None, {"type": "settle"})
    assert hall_secret(state) == []
