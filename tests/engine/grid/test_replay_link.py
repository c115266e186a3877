"""The grid game's replay link holds no deck and no plant taken out at the start (the
registry's own checks: tests/engine/core/test_replay.py)."""

from engine.core import replay

from ..core.test_replay import dicts, game_so_far, lists


def test_grid_link_holds_no_deck_and_no_removed_plant():
    _, _, state, link = game_so_far("grid", 0.5)
    assert state["deck"] and state["removed"]
    keys = {k for d in dicts(link) for k in d}
    assert not {"deck", "removed", "setup", "seed"} & keys
    # the plants taken out at the start show in no step, and the deck's order in no list (a
    # plant seen in the market may have gone back under the deck: the rules say so)
    shown = set()
    for frame in replay.replay_views(link):
        v = frame["view"]
        shown |= set(v["market"]) | set(v["gone"]) | ({v["auction"]["plant"]} if v["auction"] else set())
        for seat in v["seats"]:
            shown |= set(seat["hand"]) | {p["n"] if isinstance(p, dict) else p for p in seat["plants"]}
    assert len(shown) > 8
    assert not shown & set(state["removed"])
    top = state["deck"][:3]
    runs = [x[i : i + 3] for x in lists(link) for i in range(len(x) - 2)]
    assert len(top) == 3 and top not in runs
