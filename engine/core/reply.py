"""A move's answer to the host's table, kept small (docs/hall.md, "One call a move").

The table draws the public screen and the view of the seat it shows, and most of a seat's
view is public (the map, the prices, the log): the seat's view travels as what it has apart
from the public view. The page keeps the record after every move, and a move changes only
its end (an action added, a seat's order of this round replaced): the record travels as its
actions from the first one that changed, against the copy the page holds.
"""

import json


def apart(view: dict, public: dict) -> dict:
    """`view` as what it has apart from `public`: {"own": its keys whose value `public` has
    not, "not": the keys of `public` it lacks}. `{...public, ...own}` without `not` is `view`."""
    return {"own": {k: v for k, v in view.items() if k not in public or public[k] != v},
            "not": [k for k in public if k not in view]}


def copy_of(record: dict) -> tuple[str, list[str]]:
    """The record as the page holds it, to tell the next one's change by: its other fields
    and each action as JSON text (what the page got, whatever the state does later with the
    objects it shares with the record)."""
    rest = json.dumps({k: v for k, v in record.items() if k != "actions"}, sort_keys=True)
    return rest, [json.dumps(a, sort_keys=True) for a in record["actions"]]


def tail(kept: tuple[str, list[str]] | None, record: dict) -> tuple[dict | None, tuple]:
    """The change from the page's record (`kept`, copy_of it) to `record`: {"had": how many
    actions the page holds, "from": how many of them stay, "actions": the ones that follow},
    or None when the page holds no record or another field changed (the page then takes
    the whole record); and copy_of(record), the page's record once it has the change."""
    now = copy_of(record)
    if kept is None or now[0] != kept[0]:
        return None, now
    old, new = kept[1], now[1]
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    return {"had": len(old), "from": same, "actions": record["actions"][same:]}, now
