"""What a finished game adds to the statistics a device keeps (docs/hall.md, "Statistics on
this device"), for every game of the registry: from the game's own `result` (its ranking,
places and scores: Broker-Yard's capital) and catalog (`stats_by`: the option whose value
splits the statistics, Broker-Yard's mode), never from a second reading of the rules in the
page. The page keeps the entry under its `key` once, so a game counts once however often it
is opened or imported.
"""

import hashlib
import json

from .game import catalog_of

# The bot level whose record against the people of a device is shown, where a game has it.
RIVAL = "strong"


def places_of(result: dict) -> list[int]:
    """Each seat's place (1 = first): the result's `places` (ties share), else its ranking."""
    if result.get("places"):
        return list(result["places"])
    places = [0] * len(result["ranking"])
    for at, seat in enumerate(result["ranking"]):
        places[seat] = at + 1
    return places


def game_key(state: dict, meta: dict | None) -> str:
    """The same game, however it reached this device (reopened, exported and imported
    again): its game, seed, seats, options, setup and the time it was created."""
    created = (meta or {}).get("created")
    same = [state["game"], state["seed"], state["players"], state["options"], state.get("setup"), created]
    text = json.dumps(same, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def entry(module, state: dict, kinds: list[dict], meta: dict | None) -> dict | None:
    """The statistics entry of a finished game (None while it is played): its game, the option
    that splits it (`by`) and that option's value (`mode`), the people who played it on this
    device (its human seats) with their place and score, and whether a bot of the RIVAL level
    sat at the table and won. Remote seats are other devices' people: not counted here."""
    if not module.is_over(state):
        return None
    result = module.result(state)
    places, scores = places_of(result), result.get("scores")
    catalog = catalog_of(module)
    by = catalog.get("stats_by")
    mode = state["options"].get(by) if by else None
    people = [{"name": name, "place": places[i], "score": scores[i] if scores else None}
              for i, name in enumerate(state["players"]) if kinds[i]["kind"] == "human"]
    rivals = [i for i, k in enumerate(kinds) if k["kind"] == "bot" and k.get("level") == RIVAL]
    rival = {"level": RIVAL, "won": any(places[i] == 1 for i in rivals)} if rivals else None
    return {"key": game_key(state, meta), "game": module.GAME, "by": by,
            "mode": None if mode is None else str(mode), "seats": len(state["players"]),
            "people": people, "rival": rival}
