"""A seat's private part of the spy game's state links (engine/spy/link.py), compact: its
card, its mates, its acts of the cycle, the spies' picks, what it alone learned and its
powers, each only when there is something to say. Its legal moves are not carried: the
reader's engine finds them (`seat_view`), as the host's would, from the same facts. Every
part is sealed and padded to one length per link (docs/multiplayer.md, "Padding"), so the
smaller the largest part at the table, the shorter every seat's link.

    {"c": "role:team", "m": [mates], "a": [[act, target(s), time - link's time, day]],
     "s": [[seat, target]] (the spies' picks), "p": what it learned, "w": its powers}
    learned: [0, cycle, target, drawn, target, drawn, ...] the spies' victims of that cycle
             and the ones after it (a run: a spy learns one every cycle); [1, cycle, target, role or team,
             1 if a team]: a look; [2, cycle]: the Double Agent's power lost; any other kind
             as it is
    act and day: their indexes in ACTS and DAYS, the time in the link's unit (links before
             issue 34: their names, in milliseconds)
"""

from ..core.errors import GameError
from .actions import DAYS, PUBLIC_ACTS, SECRET_ACTS
from .game import fresh_powers
from .view import own_acts, spy_picks, view as make_view

POWERS = tuple(fresh_powers())
ACTS = PUBLIC_ACTS + SECRET_ACTS


def _index(names, name):
    return names.index(name) if name in names else name


def _name(names, x):
    if type(x) is int:
        if not 0 <= x < len(names):
            raise bad("private")
        return names[x]
    return x


def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def _learned(e: dict):
    kind = e.get("type")
    if kind == "victim" and set(e) == {"type", "cycle", "target", "drawn"}:
        return [0, e["cycle"], e["target"], e["drawn"]]
    if kind == "look" and set(e) in ({"type", "cycle", "target", "role"}, {"type", "cycle", "target", "team"}):
        return [1, e["cycle"], e["target"], e.get("role", e.get("team")), 1 if "team" in e else 0]
    if kind == "power_lost" and set(e) == {"type", "cycle"}:
        return [2, e["cycle"]]
    return e


def _runs(learned: list) -> list:
    """The spies' victims of consecutive cycles as one row: [0, cycle, target, drawn, target,
    drawn, ...] (a long game's spy learns one every cycle)."""
    out = []
    for x in learned:
        last = out[-1] if out else None
        if isinstance(x, list) and x[0] == 0 and isinstance(last, list) and last[0] == 0 \
                and type(x[1]) is int and last[1] + (len(last) - 2) // 2 == x[1]:
            last.extend(x[2:])
        else:
            out.append(list(x) if isinstance(x, list) else x)
    return out


def _learned_back(x) -> list[dict]:
    if isinstance(x, dict):
        return [x]
    if x[0] == 0:
        if len(x) < 4 or len(x) % 2 or type(x[1]) is not int:
            raise bad("private")
        return [{"type": "victim", "cycle": x[1] + i, "target": t, "drawn": d}
                for i, (t, d) in enumerate(zip(x[2::2], x[3::2]))]
    if x[0] == 1:
        return [{"type": "look", "cycle": x[1], "target": x[2], ("team" if x[4] else "role"): x[3]}]
    if x[0] == 2:
        return [{"type": "power_lost", "cycle": x[1]}]
    raise bad("private")


def pack(state, seat, base: int, unit: int = 1) -> dict:
    """The seat's private part; times from the link's time `base`, in `unit` ms."""
    card = state["roles"][seat]
    out = {"c": f"{card['role']}:{card['team']}"}
    if state["known"][seat]:
        out["m"] = list(state["known"][seat])
    mine = own_acts(state, seat)
    if mine:
        out["a"] = [[_index(ACTS, a["type"]), a["targets"] if "targets" in a else a["target"],
                     (a["at"] - base) // unit, _index(DAYS, a["day"])] for a in mine]
    picks = spy_picks(state, seat)
    if picks is not None:
        out["s"] = picks
    if state["private"][seat]:
        out["p"] = _runs([_learned(e) for e in state["private"][seat]])
    powers = state["powers"][seat]
    if powers != fresh_powers():
        out["w"] = [powers[k] for k in POWERS] if set(powers) == set(POWERS) else powers
    return out


def seat_view(state, seat, part, base: int, unit: int = 1) -> dict:
    """The seat's own view: `state` holds the public facts only (link.py's public state);
    the part gives the seat's card, mates, acts, what it learned and its powers, and the
    engine its view, legal moves included."""
    try:
        n = len(state["players"])
        role, team = part["c"].split(":")
        state["roles"] = [{"role": "citizen", "team": "citizens"}] * n
        state["roles"][seat] = {"role": role, "team": team}
        state["known"] = [[] for _ in range(n)]
        state["known"][seat] = list(part.get("m", []))
        powers = part.get("w")
        state["powers"] = [fresh_powers() for _ in range(n)]
        if powers is not None:
            state["powers"][seat] = dict(zip(POWERS, powers)) if isinstance(powers, list) else dict(powers)
        state["private"] = [[] for _ in range(n)]
        state["private"][seat] = [e for x in part.get("p", []) for e in _learned_back(x)]
        mine = []
        for k, t, dt, day in part.get("a", []):
            k = _name(ACTS, k)
            if type(dt) is not int:
                raise bad("private")
            mine.append({"type": k, ("targets" if k == "add_votes" else "target"): t, "at": dt * unit + base,
                         "day": _name(DAYS, day)})
        # the seat's own secret acts, for its legal moves (its public ones are there already)
        public = {(a["type"], a["at"]) for a in state["acts"] if a["seat"] == seat}
        state["acts"] = state["acts"] + [{"seat": seat, **a} for a in mine if (a["type"], a["at"]) not in public]
        out = make_view(state, seat)
        out["mine"] = mine
        out["spy_picks"] = part.get("s")
        return out
    except GameError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise bad("private") from None
