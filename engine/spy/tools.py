"""The spy game's own tools for its table (`TOOLS`, called through the bridge's
`game_tool`): the balance hint of a setup the lobby is editing, and the fair-deal audit a
player's device runs on a finished game's link. Pure functions of JSON-able arguments."""

from ..core.errors import GameError
from .balance import balance_hint
from .fair import audit
from .link import link_record
from .sim import team_rates

MAX_HINT_GAMES = 1000


def balance(players: int, options: dict | None = None, games: int = 25, part: int = 0,
            prior: dict | None = None) -> dict:
    """The balance hint (each team's win rate with its 95% interval) of a setup: `options`
    as the lobby holds them (a role count left empty takes the preset). The page asks for it
    in parts of a few games, so that it can draw between them: part `part` plays `games`
    more games and merges them with `prior` (the previous part's reply)."""
    if type(players) is not int or type(games) is not int or not 1 <= games <= MAX_HINT_GAMES \
            or type(part) is not int or part < 0:
        raise GameError("bad_arguments", "the hint needs a player count and 1 to 1000 games")
    opts = {k: v for k, v in (options or {}).items() if v is not None}
    hint = balance_hint(players, opts, games=games, seed=f"hint-{players}-{part}")
    if not prior:
        return hint
    try:
        before = {team: int(prior["teams"][team]["wins"]) for team in hint["teams"]}
        done = int(prior["games"])
        cycles = float(prior["cycles"]) * done
    except (KeyError, TypeError, ValueError):
        raise GameError("bad_arguments", "prior is a previous reply of this tool") from None
    if sum(before.values()) != done or done + games > MAX_HINT_GAMES:
        raise GameError("bad_arguments", "prior is a previous reply of this tool")
    winners = [team for team, k in before.items() for _ in range(k)]
    winners += [team for team, t in hint["teams"].items() for _ in range(t["wins"])]
    total = done + games
    return {**hint, "games": total, "teams": team_rates(winners),
            "cycles": (cycles + hint["cycles"] * games) / total}


def audit_link(link: dict, seat: int, seen: dict | None = None, sent: list | None = None) -> dict:
    """The audit (fair.audit) of a finished game from its final state link's public part,
    from the side of the device that played `seat`: `seen` is the role card it was shown,
    `sent` the actions it sent (in order). Adds the record's `seed`, which the device
    compares with the seed of the published values."""
    record = link_record(link)
    out = audit(record, seat, shown_role=seen, sent=sent)
    return {**out, "seed": record["seed"]}


TOOLS = {"balance": balance, "audit": audit_link}
