"""The names in a replay link (engine/core/replay.py `replay_names`, issue 34): at the largest
table with the longest names a person may type, a whole game's replay link stays under the
viewer's limit (site/js/hall/table/replay.js MAX_TEXT), because the names are cut by a rule
(docs/hall.md, "History and replays")."""

import json
import random
import re
from pathlib import Path

import pytest

from engine.core import replay
from engine.core.codec import encode
from engine.core.game import get_game
from engine.core.names import MAX_NAME_LENGTH
from engine.core.record import to_record
from engine.sim.play import play_out

ROOT = Path(__file__).resolve().parents[3]
MAX_TEXT = int(re.search(r"export const MAX_TEXT = (\d+);", (ROOT / "site/js/hall/table/replay.js").read_text())[1])
# each game's largest table (Broker-Yard's: a mass start)
LARGEST = [("broker-yard", 40, {"mode": "mass", "stop_loss": True, "spread": 30}), ("spy", 20, {}),
           ("ekonos", 6, {}), ("grid", 4, {})]
# names of the longest kind: 40 characters drawn at random from a script that deflates worst
SCRIPTS = {"chinese": (0x4E00, 0x9FFF), "arabic": (0x0621, 0x064A)}


def longest_names(n, script, seed=1):
    rng = random.Random(seed)
    low, high = SCRIPTS[script]
    return ["".join(chr(rng.randint(low, high)) for _ in range(MAX_NAME_LENGTH)) for _ in range(n)]


def test_names_are_whole_up_to_12_seats_and_cut_to_share_480_characters_beyond():
    long = [f"Seat {i:02d} " + "x" * (MAX_NAME_LENGTH - 8) for i in range(40)]
    assert replay.replay_names(long[:12]) == long[:12]
    assert replay.replay_names(long[:20]) == [name[:23] + "…" for name in long[:20]]
    assert replay.replay_names(long) == [name[:11] + "…" for name in long]
    # a short name stays whole at any table
    assert replay.replay_names(["Ann", long[0]] + [f"P{i}" for i in range(38)])[:3] == ["Ann", long[0][:11] + "…", "P0"]
    # names alike once cut end in their seat's number
    alike = ["Alexander the Great " + str(i) for i in range(20)]
    cut = replay.replay_names(alike)
    assert cut[0] == "Alexander the Great 0" and cut[19] == "Alexander the Great 19"   # 21 characters: whole
    alike = ["Alexander the Great of Macedon " + str(i) for i in range(20)]
    cut = replay.replay_names(alike)
    assert cut[:2] == ["Alexander the Great of…1", "Alexander the Great of…2"] and len(set(cut)) == 20
    assert all(len(name) <= 24 for name in cut)


@pytest.mark.parametrize("name, players, options", LARGEST)
def test_a_whole_game_at_the_largest_table_with_the_longest_names_fits_the_viewer(name, players, options):
    module = get_game(name)
    levels = module.catalog()["bots"]
    state = module.new_game(options, [f"Player {i + 1}" for i in range(players)], "names-0")
    play_out(module, state, [levels[len(levels) // 2]] * players, "names-0")
    record = to_record(state)
    for script in SCRIPTS:
        named = {**record, "players": longest_names(players, script)}
        link = replay.public_replay(named)
        # the engine's own encoding of the link (the page's deflate is within a few characters of it)
        assert len(encode("w", 1, link)) < MAX_TEXT, script
        cut = replay.replay_names(named["players"])
        if cut != named["players"] and script == "chinese":
            # the viewer's tables name the seats as cut (the game takes the cut names)
            last = json.dumps(replay.replay_views(link)[-1]["view"], ensure_ascii=False)
            assert all(name in last for name in cut)
