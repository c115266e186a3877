"""A seat's private part of the spy game's state links (engine/spy/link.py), compact: its
card, its mates, its acts of the cycle, the spies' picks, what it alone learned and its
powers, each only when there is something to say. Its legal moves are not carried: the
reader's engine finds them (`seat_view`), as the host's would, from the same facts. Every
part is sealed and padded to one length per link (docs/multiplayer.md, "Padding"), so the
smaller the largest part at the table, the shorter every seat's link.

    {"c": card, "m": [mates], "a": [[act, target(s), time - link's time, day]],
     "s": [[seat, target]] (the spies' picks), "p" or "q": what it learned, "w": its powers}
    card:    the role's place in ROLES when its team is the role's own, else [that place,
             the team's place in TEAMS] (links before issue 34 item 2: "role:team")
    learned: [0, cycle, target, drawn, target, drawn, ...] the spies' victims of that cycle
             and the ones after it (a run: a spy learns one every cycle); [3, cycle, target,
             target, ...] the same when none was drawn; [1, cycle, target, role or team,
             1 if a team]: a look; [2, cycle]: the Double Agent's power lost; any other kind
             as it is. "p" lists them in the order learned; "q" (since issue 34 item 2) by
             kind, when ordering them by cycle, then victim, look, power lost gives that order
             back (the order a cycle's close resolves them in): a Double Agent's victims
             then make one run, not one row each between its looks
    powers:  their values in POWERS' order, without the fresh ones at the end; the seats looked
             at as 0 when they are the targets of its looks, in order (they always are)
    act and day: their indexes in ACTS and DAYS, the time in the link's unit (links before
             issue 34: their names, in milliseconds)
"""

from ..core.errors import GameError
from .actions import DAYS, PUBLIC_ACTS, SECRET_ACTS
from .game import fresh_powers
from .roles import ROLES, TEAMS
from .view import own_acts, spy_picks, view as make_view

POWERS = tuple(fresh_powers())
ACTS = PUBLIC_ACTS + SECRET_ACTS
CARDS = tuple(ROLES)
KINDS = ("victim", "look", "power_lost")  # the order a cycle's close tells them in
LOOKED = POWERS.index("looked")


def _looks(learned: list[dict]) -> list:
    return [e.get("target") for e in learned if e.get("type") == "look"]


def _card(card: dict):
    place = CARDS.index(card["role"])
    return place if ROLES[card["role"]] == card["team"] else [place, TEAMS.index(card["team"])]


def _card_back(c) -> tuple[str, str]:
    if isinstance(c, str):
        role, team = c.split(":")
        return role, team
    if type(c) is int and 0 <= c < len(CARDS) and ROLES[CARDS[c]]:
        return CARDS[c], ROLES[CARDS[c]]
    role, team = c
    if type(role) is not int or type(team) is not int or not 0 <= role < len(CARDS) or not 0 <= team < len(TEAMS):
        raise bad("private")
    return CARDS[role], TEAMS[team]


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


def _order(e: dict):
    return (e["cycle"], KINDS.index(e["type"]))


def _by_kind(learned: list[dict]) -> list | None:
    """What the seat learned grouped by kind ("q"), when ordering by cycle and kind gives
    back the order learned; else None."""
    if not all(isinstance(e.get("cycle"), int) and e.get("type") in KINDS for e in learned) \
            or sorted(learned, key=_order) != learned:
        return None
    rows = _runs([_learned(e) for k in KINDS for e in learned if e["type"] == k])
    # a run of victims none of which was drawn: its targets alone
    return [[3, x[1], *x[2::2]] if x[0] == 0 and all(d is None for d in x[3::2]) else x for x in rows]


def _by_kind_back(rows: list) -> list[dict]:
    out = []
    for x in rows:
        if isinstance(x, list) and x[:1] == [3]:
            if len(x) < 3 or type(x[1]) is not int:
                raise bad("private")
            x = [0, x[1], *(v for t in x[2:] for v in (t, None))]
        out.extend(_learned_back(x))
    if not all(isinstance(e.get("cycle"), int) and e.get("type") in KINDS for e in out):
        raise bad("private")
    return sorted(out, key=_order)


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
    out = {"c": _card(state["roles"][seat])}
    if state["known"][seat]:
        out["m"] = list(state["known"][seat])
    mine = own_acts(state, seat)
    if mine:
        out["a"] = [[_index(ACTS, a["type"]), a["targets"] if "targets" in a else a["target"],
                     (a["at"] - base) // unit, _index(DAYS, a["day"])] for a in mine]
    picks = spy_picks(state, seat)
    if picks is not None:
        out["s"] = picks
    learned = state["private"][seat]
    if learned:
        grouped = _by_kind(learned)
        if grouped is None:
            out["p"] = _runs([_learned(e) for e in learned])
        else:
            out["q"] = grouped
    powers = state["powers"][seat]
    if powers != fresh_powers():
        if set(powers) == set(POWERS):
            fresh = fresh_powers()
            w = [powers[k] for k in POWERS]
            if w[LOOKED] and w[LOOKED] == _looks(learned):
                w[LOOKED] = 0
            while w and w[-1] == fresh[POWERS[len(w) - 1]]:
                w.pop()
            out["w"] = w
        else:
            out["w"] = powers
    return out


def seat_view(state, seat, part, base: int, unit: int = 1) -> dict:
    """The seat's own view: `state` holds the public facts only (link.py's public state);
    the part gives the seat's card, mates, acts, what it learned and its powers, and the
    engine its view, legal moves included."""
    try:
        n = len(state["players"])
        role, team = _card_back(part["c"])
        state["roles"] = [{"role": "citizen", "team": "citizens"}] * n
        state["roles"][seat] = {"role": role, "team": team}
        state["known"] = [[] for _ in range(n)]
        state["known"][seat] = list(part.get("m", []))
        powers = part.get("w")
        state["powers"] = [fresh_powers() for _ in range(n)]
        if powers is not None:
            if isinstance(powers, list) and len(powers) > len(POWERS):
                raise bad("private")
            state["powers"][seat] = {**fresh_powers(), **dict(zip(POWERS, powers))} if isinstance(powers, list) \
                else dict(powers)
        state["private"] = [[] for _ in range(n)]
        state["private"][seat] = _by_kind_back(part["q"]) if "q" in part else \
            [e for x in part.get("p", []) for e in _learned_back(x)]
        if state["powers"][seat].get("looked") == 0:
            state["powers"][seat]["looked"] = _looks(state["private"][seat])
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
