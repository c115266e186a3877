"""A move's answer to the host's table, kept small (docs/hall.md, "One call a move").

The table draws the public screen and the view of the seat it shows, and most of a seat's
view is public (the map, the prices, the log): the seat's view travels as what it has apart
from the public view. The page keeps the record after every move, and a move changes only
its end (an action added, a seat's order of this round replaced): the record travels as its
actions from the first one that changed, against the copy the page holds.
"""

from .clone import clone


def apart(view: dict, public: dict) -> dict:
    """`view` as what it has apart from `public`: {"own": its keys whose value `public` has
    not, "not": the keys of `public` it lacks}. `{...public, ...own}` without `not` is `view`."""
    return {"own": {k: v for k, v in view.items() if k not in public or public[k] != v},
            "not": [k for k in public if k not in view]}


def copy_of(record: dict) -> tuple[dict, list]:
    """The record as the page holds it, to tell the next one's change by: its other fields
    and its actions, copied (the state goes on changing the objects it shares with the
    record; the page's copy does not)."""
    rest = {k: v for k, v in record.items() if k != "actions"}
    return clone(rest), clone(record["actions"])


def tail(kept: tuple[dict, list] | None, record: dict) -> tuple[dict | None, tuple]:
    """The change from the page's record (`kept`, copy_of it) to `record`: {"had": how many
    actions the page holds, "from": how many of them stay, "actions": the ones that follow},
    or None when the page holds no record or another field changed (the page then takes
    the whole record); and the page's record once it has the change, as copy_of gives it
    (only the new actions copied: an answer costs what it changed, not the whole record)."""
    rest = {k: v for k, v in record.items() if k != "actions"}
    if kept is None or rest != kept[0]:
        return None, copy_of(record)
    old, new = kept[1], record["actions"]
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    change = {"had": len(old), "from": same, "actions": new[same:]}
    return change, (kept[0], old[:same] + clone(new[same:]))
