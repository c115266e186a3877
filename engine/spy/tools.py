"""The spy game's own tools for its table (`TOOLS`, called through the bridge's
`game_tool`): the balance hint of a setup the lobby is editing, and the fair-deal audit a
player's device runs on a finished game's link. Pure functions of JSON-able arguments."""

from ..core.errors import GameError
from .balance import balance_hint
from .end_link import unpack_moves
from .fair import audit, audit_end
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


def audit_link(link: dict, seat: int, seen: dict | None = None, sent: list | None = None,
               private: dict | None = None) -> dict:
    """The audit of a finished game from its final state link, from the side of the device
    that played `seat`: `link` is the link's public part, `private` the seat's own sealed
    part (its moves as applied: engine/spy/end_link.py), `seen` the role card it was shown,
    `sent` the actions it sent (in order). A final link made before issue 34 carries the
    whole record instead (fair.audit replays it). Adds the link's `seed`, which the device
    compares with the seed of the published values."""
    if isinstance(link, dict) and "over" in link:
        record = link_record(link)
        return {**audit(record, seat, shown_role=seen, sent=sent), "seed": record["seed"]}
    if not isinstance(link, dict) or not isinstance(link.get("E"), dict):
        raise GameError("code_invalid", "the link is not a finished game's", where="link")
    if not isinstance(private, dict):
        raise GameError("code_invalid", "the audit needs the seat's own part of the link", where="private")
    end = link["E"]
    try:
        out = audit_end(end, unpack_moves(private), seat, shown_role=seen, sent=sent)
    except (KeyError, TypeError, ValueError):
        raise GameError("code_invalid", "the link's end cannot be read", where="end") from None
    return {**out, "seed": end["s"]}


TOOLS = {"balance": balance, "audit": audit_link}
