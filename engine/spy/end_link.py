"""A finished spy game's state link (issue 34): the end of the game and what the fair deal's
audit needs, in fewer than 2,000 characters at 20 players (docs/games/spy.md, "Links, hall,
replay"; bench/link_budget.py).

Links made before carried the whole record ("over": options, names, seed, every act with
its time): 545 acts in a long 20-player game, whose times alone deflate to 700 bytes, so a
seat's final link was up to 3,993 characters. What a seat's page needs of a finished game is
less:
- the table at the end, as in play (engine/spy/link.py's public part: who lives, the last
  cycle's public acts, times, the Mayor, who was done) with the game master's announcements
  of every cycle — the counts, void redirections, deaths, last words and the end — but not
  each vote or day (the replay link tells the whole game: engine/spy/public_record.py);
- the seed, from which the reader deals the roles itself (`deal_roles`): the announced end
  names every role, and carries them only when they are not the seed's deal ("R");
- in each seat's sealed part, that seat's own moves as the host applied them, in order,
  without times: the audit (engine/spy/fair.py `audit_end`) checks them against the moves
  the device sent and saw posted, and the card it was shown against the seed's deal.

    {"E": {in-play public part (link.py), "l": the announcements only, "s": seed,
           "R": roles as "role:team" when not the seed's deal, "F": 1 when the record fixed
           the deal (a test table)}}
    a seat's part: {"m": "j a3 j b15 …" without the spaces} — a move's letter (its type's
    place in MOVE_TYPES), then its target, or "+" before each of its targets; if a move
    has any other field, {"m": [[type, {fields}], ...]}
"""

import re

from ..core.clone import clone
from ..core.errors import GameError
from .actions import PUBLIC_ACTS
from .deal import deal_roles, known_mates
from .game import fresh_powers
from .options import resolve_options, setup_of
from .roles import SETUP_KEYS

# the announcements an end link keeps of the log: the game master's at each close, and
# last words; every vote, day and deadline is the replay's
ANNOUNCED = ("vote_result", "redirect_void", "death", "game_over", "last_words")
# a move's letter in a seat's part is its type's place here (a, b, …): fixed, so that a
# link keeps its meaning whatever order the engine lists its actions in
MOVE_TYPES = ("vote", "victim", "kill", "protect", "protect_public", "look", "add_votes",
              "subtract_vote", "redirect", "done")
MOVE_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:len(MOVE_TYPES)]
WORD = re.compile(r"([a-z])((?:\+[0-9]{1,3})+|[0-9]{1,3})?")
MOVES = re.compile(r"(?:[a-z](?:(?:\+[0-9]{1,3})+|[0-9]{1,3})?)*")


def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def _card(c: dict) -> str:
    return f"{c['role']}:{c['team']}"


def end_state(state) -> dict:
    """The finished game as an end link describes it: its announcements only, the last
    cycle's public acts, no account of the cycles (`history`) and nobody's private log
    (the replay link has them); the roles, their mates and every seat's fresh powers."""
    out = clone(state)
    n = len(state["players"])
    out["log"] = [e for e in out["log"] if e["type"] in ANNOUNCED]
    out["acts"] = [{k: a[k] for k in ("seat", "type", "target", "at")} for a in out["acts"]
                   if a["type"] in PUBLIC_ACTS]
    out["history"], out["private"] = [], [[] for _ in range(n)]
    out["powers"] = [fresh_powers() for _ in range(n)]
    out["known"] = known_mates(state["roles"])
    out["now"] = state["public_now"]
    return out


def dealt(options: dict, players: list, seed) -> list[dict]:
    """The roles the seed deals at this table."""
    return deal_roles(setup_of(resolve_options(options, len(players))), len(players), seed)


def end_public(state, in_play) -> dict:
    """The public part of a finished game's link; `in_play(state)` is link.py's public part
    of a game in play, made here of the end state with the roles left out of the end."""
    told = end_state(state)
    told["log"] = [{**e, "roles": 0} if e["type"] == "game_over" else e for e in told["log"]]
    out = {**in_play(told), "s": state["seed"]}
    if state["roles"] != dealt(state["options"], state["players"], state["seed"]):
        out["R"] = [_card(c) for c in state["roles"]]
    if (state.get("setup") or {}).get("roles") is not None:
        out["F"] = 1
    return {"E": out}


def _token(action) -> str | None:
    """A move as a word: its type's letter, then its target, or "+" before each of its
    targets; None for a move of other fields."""
    letter = MOVE_LETTERS[MOVE_TYPES.index(action["type"])] if action["type"] in MOVE_TYPES else None
    rest = {k: v for k, v in action.items() if k not in ("type", "at")}
    if letter is None or len(rest) > 1:
        return None
    if not rest:
        return letter
    if _count(rest.get("target")):
        return f"{letter}{rest['target']}"
    if isinstance(rest.get("targets"), list) and all(_count(t) for t in rest["targets"]):
        return letter + "".join(f"+{t}" for t in rest["targets"])
    return None


def _count(v) -> bool:
    return type(v) is int and 0 <= v < 1000


def pack_moves(state, seat) -> dict:
    """A seat's own moves as applied, in order, without the host's times: one word each
    ("m", a string; a long game's are half as long deflated as arrays, and every seat's part
    is padded to the longest), or, if any move has other fields, [type, {fields}] each."""
    mine = [a for s, a in state["actions"] if s == seat]
    words = [_token(a) for a in mine]
    if all(words):
        return {"m": "".join(words)}
    return {"m": [[a["type"], {k: v for k, v in a.items() if k not in ("type", "at")}] for a in mine]}


def unpack_moves(private) -> list[dict]:
    try:
        moves = private["m"]
        if isinstance(moves, str):
            if not MOVES.fullmatch(moves):
                raise bad("moves")
            out = []
            for letter, numbers in WORD.findall(moves):
                if letter not in MOVE_LETTERS:
                    raise bad("moves")
                move = {"type": MOVE_TYPES[MOVE_LETTERS.index(letter)]}
                if numbers.startswith("+"):
                    move["targets"] = [int(n) for n in numbers[1:].split("+")]
                elif numbers:
                    move["target"] = int(numbers)
                out.append(move)
            return out
        out = []
        for kind, rest in moves:
            if not isinstance(kind, str) or not isinstance(rest, dict):
                raise bad("moves")
            out.append({"type": kind, **rest})
        return out
    except (KeyError, TypeError, ValueError):
        raise bad("moves") from None


def roles_of(end) -> list[dict]:
    """The roles an end link names: the seed's deal, or those it carries ("R")."""
    try:
        options = {**end["o"], **dict(zip(SETUP_KEYS, end["r"]))}
        if "R" in end:
            cards = [card.split(":") for card in end["R"]]
            if len(cards) != len(end["p"]) or any(len(c) != 2 for c in cards):
                raise bad("roles")
            return [{"role": r, "team": t} for r, t in cards]
        return dealt(options, end["p"], end["s"])
    except GameError as error:
        if error.code == "code_invalid":
            raise
        raise bad("roles") from None
    except (KeyError, TypeError, AttributeError):
        raise bad("roles") from None


def end_view_state(end, public_state) -> dict:
    """The finished game's state from its end link; `public_state` is link.py's reader of
    the in-play part."""
    state = public_state(end)
    roles = roles_of(end)
    over = [e for e in state["log"] if e["type"] == "game_over"]
    if len(over) != 1 or over[0]["roles"] != 0:
        raise bad("end")
    over[0]["roles"] = clone(roles)
    n = len(state["players"])
    state.update(over=True, winner=over[0]["winner"], winners=list(over[0]["winners"]),
                 roles=roles, known=known_mates(roles), history=[], private=[[] for _ in range(n)],
                 powers=[fresh_powers() for _ in range(n)], now=state["public_now"])
    return state
