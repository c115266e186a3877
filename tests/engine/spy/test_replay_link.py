"""The spy game's replay link of a game so far holds no hidden role and no secret act (the
registry's own checks: tests/engine/core/test_replay.py)."""

from engine.core import replay

from ..core.test_replay import dicts, game_so_far


def test_spy_link_of_a_game_so_far_holds_no_hidden_role_and_no_secret_act():
    _, _, state, link = game_so_far("spy", 0.5)
    assert not state["over"]
    for frame in replay.replay_views(link):
        assert not {"roles", "privates", "history"} & set(frame["view"])
    # a role shows only as one revealed for a seat out of the game
    for d in dicts(link):
        if "role" in d:
            assert "seat" in d and not state["alive"][d["seat"]], d
    # the night's secret acts (who protected, looked at, struck whom) are in no step
    acts = [a for cycle in state["history"] for a in cycle["acts"]] + list(state["acts"].values()
                                                                          if isinstance(state["acts"], dict)
                                                                          else state["acts"])
    secret = {a["type"] for a in dicts(acts) if a.get("type") not in (None, "vote")}
    assert secret
    assert not [d for d in dicts(link) if d.get("type") in secret and "seat" in d]
