"""What one seat may see (rule book, "Teams and roles", "What the app adds"): the only door
to hidden information. Everything that leaves the host for a player or a bot is built here.

A seat sees its own role card, the team-mates the rules let it know (spies see the spies
but not a spy Mayor; the Brothers see each other), its own actions of the cycle, the spies'
picks if it is one of them, what it alone learned (looks, the spies' victim), and the public
table: who lives, who has said done, the public votes, redirections and the Priest's public
protection as they happen (with the tally they make), and the announcements. The Trickster's
secret votes stay secret until the close. After the game everybody sees everything: every
role, every cycle's actions and the account of its priority chain.
"""


from ..core.clone import clone
from ..core.errors import GameError, short
from .actions import PUBLIC_ACTS, legal as seat_legal
from .game import fresh_powers, mayor_window, phase, to_act
from .options import setup_of
from .roles import ROLES, TEAMS, in_kill_group
from .tally import count, pairs


def public_acts(state) -> list[dict]:
    return [{"seat": a["seat"], "type": a["type"], "target": a["target"], "at": a["at"]}
            for a in state["acts"] if a["type"] in PUBLIC_ACTS]


def seen_tally(state) -> list:
    """The count as the table sees it: every public vote, the redirections as posted (whether
    one is void, and the Trickster's votes, are known only at the close)."""
    official, redirect_to = {}, None
    for a in state["acts"]:
        if a["type"] == "vote":
            official[a["seat"]] = a["target"]
        elif a["type"] == "redirect":
            redirect_to = a["target"]
    return pairs(count(official, [], [], redirect_to))


def own_acts(state, seat) -> list[dict]:
    return [{k: v for k, v in a.items() if k not in ("seat", "revealed")}
            for a in state["acts"] if a["seat"] == seat]


def spy_picks(state, seat) -> list | None:
    """The spies' picks of the cycle, shared among them so they can agree ([decision])."""
    if not in_kill_group(state["roles"][seat]):
        return None
    return [[a["seat"], a["target"]] for a in state["acts"] if a["type"] == "victim"]


def view(state, seat=None, shared=False) -> dict:
    """The game as `seat` sees it (None: a spectator). `shared=True` hands out the state's
    own log, private log and powers instead of copies (for bots, which only read them)."""
    n = len(state["players"])
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    over = state["over"]
    out = {
        "game": state["game"], "engine_version": state["engine_version"],
        "options": dict(state["options"]), "setup": setup_of(state["options"]),
        "players": list(state["players"]), "seat": seat,
        "cycle": state["cycle"], "phase": phase(state), "day": state["day"],
        "step": state["step"], "now": state["public_now"], "deadline": state["deadline"],
        "mayor_window": mayor_window(state), "waiting": to_act(state)["waiting"],
        "alive": list(state["alive"]), "done": list(state["done"]),
        "excused": list(state["excused"]), "mayor": state["mayor"],
        "acts": public_acts(state), "tally": seen_tally(state),
        "log": state["log"] if shared else clone(state["log"]),
        "over": over, "winner": state["winner"], "winners": list(state["winners"]),
    }
    if seat is not None:
        out["role"] = dict(state["roles"][seat])
        out["mates"] = list(state["known"][seat])
        out["mine"] = own_acts(state, seat)
        out["spy_picks"] = spy_picks(state, seat)
        out["private"] = state["private"][seat] if shared else clone(state["private"][seat])
        out["powers"] = state["powers"][seat] if shared else clone(state["powers"][seat])
        out["legal"] = None if over or not state["alive"][seat] else seat_legal(state, seat)
    if over:
        out["roles"] = [dict(c) for c in state["roles"]]
        out["history"] = clone(state["history"])
        out["privates"] = clone(state["private"])
    return out


def bot_view(state, seat) -> dict:
    """A bot decides from its seat's view, sharing the state's lists rather than copying
    them (the bots never change a view)."""
    return view(state, seat, shared=True)


def legal(state, seat) -> dict:
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    return seat_legal(state, seat)


def conceal(state, seat, rng) -> dict:
    """A copy of the state in which everything `seat` may not see is different: the seed,
    the record's actions, the other seats' cards (but its known mates'), their powers and
    private logs, their secret actions of the cycle (but the spies' picks for a spy), and
    the history. A finished game hides nothing."""
    out = clone(state)
    if state["over"]:
        return out
    n = len(state["players"])
    out["seed"] = f"concealed-{rng.random()}"
    if state["public_now"] is not None:  # a secret action's time is secret
        out["now"] = state["public_now"] + rng.randrange(1, 10**6)
    out["actions"] = []
    out["setup"] = None
    out["history"] = [{"cycle": 0, "acts": [], "chain": [{"step": "vote", "seat": rng.randrange(n)}],
                       "deaths": [], "excused": []}]
    known = set(state["known"][seat]) if seat is not None else set()
    spy = seat is not None and in_kill_group(state["roles"][seat])
    for i in range(n):
        if i == seat:
            continue
        if i not in known:
            out["roles"][i] = {"role": rng.choice(list(ROLES)), "team": rng.choice(TEAMS)}
        out["known"][i] = [rng.randrange(n)]
        p = fresh_powers()
        p.update(last_kill=rng.randrange(5), looked=[rng.randrange(n)], lost=rng.random() < 0.5)
        out["powers"][i] = p
        out["private"][i] = [{"type": "look", "cycle": 1, "target": rng.randrange(n),
                              "role": rng.choice(list(ROLES))}]
    kept = []
    for a in out["acts"]:
        secret = a["type"] not in PUBLIC_ACTS and a["seat"] != seat
        if secret and not (spy and a["type"] == "victim"):
            if rng.random() < 0.3:
                continue
            if "targets" in a:
                a["targets"] = [rng.randrange(n), rng.randrange(n)]
            else:
                a["target"] = rng.randrange(n)
        kept.append(a)
    out["acts"] = kept
    return out
