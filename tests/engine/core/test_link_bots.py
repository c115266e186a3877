"""Which seats are bots reaches a remote player's page (issue 17, item 7): the hosted session's
seat kinds go into every state link's public part (engine/core/links.py, `BOTS`), for every
game of the registry, and come back as the kinds the host's table has; the game's own link
hooks never see the hall's key; a malformed list is refused."""

import pytest

from engine.core import links, session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game


def hosted(game, kinds):
    """A hosted game of `game` with seats of `kinds` ("h", "r" or a bot level), the fewest
    players the catalog allows at least len(kinds)."""
    module = get_game(game)
    cat = module.catalog()
    n = max(cat["players"]["min"], len(kinds))
    kinds = kinds + ["h"] * (n - len(kinds))
    seats = [{"name": f"P{i}", "kind": "human"} if k == "h" else {"name": f"P{i}", "kind": "remote"} if k == "r"
             else {"name": f"P{i}", "kind": "bot", "level": k} for i, k in enumerate(kinds)]
    session.create(f"bots-{game}", game, {}, seats, 7)
    return module, f"bots-{game}", n


@pytest.mark.parametrize("game", list(GAMES))
def test_bot_seats_travel_in_the_public_part_of_every_game(game):
    module, id, n = hosted(game, ["r", get_game(game).catalog()["bots"][-1], "h"])
    strong = module.catalog()["bots"][-1]
    data = session.link_input(id)
    assert data["public"][links.BOTS] == [[1, strong]]
    # the game's own public part has no key of that name (the hall's would shadow it)
    assert links.BOTS not in links.link_parts(module, session._GAMES[id]["state"], {0})["public"]
    kinds = links.link_kinds(module, data["public"], n)
    assert kinds[1] == {"kind": "bot", "level": strong}
    assert [k["kind"] for k in kinds] == ["human", "bot"] + ["human"] * (n - 2)
    # the view is the game's, as without the hall's key
    plain = {k: v for k, v in data["public"].items() if k != links.BOTS}
    assert links.link_view(module, data["public"], data["privates"][0], 0) == \
        links.link_view(module, plain, data["privates"][0], 0)
    session.close(id)


def test_a_game_without_bots_carries_nothing_more():
    module, id, n = hosted("broker-yard", ["r", "h"])
    data = session.link_input(id)
    assert links.BOTS not in data["public"]
    assert links.link_kinds(module, data["public"], n) == [{"kind": "human"}] * n
    session.close(id)


@pytest.mark.parametrize("bad", [
    "strong", [[1]], [[1, "grandmaster"]], [[5, "strong"]], [[-1, "strong"]], [[1, "strong"], [1, "easy"]],
    [["1", "strong"]], [[True, "strong"]], [[0, "easy"], [1, "easy"], [2, "easy"], [3, "easy"], [4, "easy"]],
])
def test_a_malformed_bot_list_is_refused(bad):
    module = get_game("broker-yard")
    with pytest.raises(GameError) as e:
        links.link_kinds(module, {links.BOTS: bad}, 4)
    assert e.value.code == "code_invalid"
