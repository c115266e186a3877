"""The spy game's parts of the hall's hosted games (engine/core/session.py): the lobby's
line and the final screen. When a seat has finished a day is the default (not waiting:
it has said done)."""

from .roles import TEAMS


def hall_summary(state) -> dict:
    """Cycle n (no known end), who lives, and the winning team once over."""
    return {"progress": {"unit": "cycle", "n": state["cycle"], "of": None},
            "alive": list(state["alive"]), "winner": state["winner"]}


def deaths_of(log) -> dict:
    """{seat: {cycle, cause}} of every death the log announced (the public cause)."""
    return {e["seat"]: {"cycle": e["cycle"], "cause": e["cause"]} for e in log if e["type"] == "death"}


def hall_final(state) -> dict:
    """The final screen: the winning team, each team's seats, every role, and each death
    (cycle and cause as announced)."""
    roles = state["roles"]
    deaths = deaths_of(state["log"])
    end = next((e for e in reversed(state["log"]) if e["type"] == "game_over"), None)
    rows = [{"seat": i, "name": name, "role": roles[i]["role"], "team": roles[i]["team"],
             "won": i in state["winners"], "alive": state["alive"][i], "death": deaths.get(i)}
            for i, name in enumerate(state["players"])]
    return {"winner": state["winner"], "reason": end["reason"] if end else None,
            "winners": list(state["winners"]), "cycles": state["cycle"],
            "teams": {t: [i for i, c in enumerate(roles) if c["team"] == t] for t in TEAMS},
            "roles": [dict(c) for c in roles], "rows": rows}
