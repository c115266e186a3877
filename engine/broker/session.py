"""The games one page hosts (solo against bots, hot-seat): live states kept in memory by
game id, which seats are humans and which are bots, and what the page stores to get a game
back after a reload.

The truth of a hosted game is its record (`to_record`) plus the current round's saved
orders of its human seats; `open_game` replays the record and re-submits those orders.
Bots decide when the round is resolved, each from `view(state, seat)` of its own seat only.

Everything here takes and returns plain JSON-able data, so the site's bridge can expose it
one-to-one.
"""

from ..core.errors import GameError
from .bots import LEVELS, decide
from .cards import COLOURS
from .game import new_game, submit, withdraw, resolve, capital, result
from .record import replay, to_record, load_record
from .view import view, legal, legal_moves, round_link_parts

HUMAN, BOT, REMOTE = "human", "bot", "remote"   # remote: played from another browser
_GAMES: dict[str, dict] = {}


# ---------------------------------------------------------------- seats
def check_kind(seat, where: str) -> dict:
    """A seat's kind: {"kind": "human"}, {"kind": "remote"} (another browser, by links or a
    live room) or {"kind": "bot", "level": one of LEVELS}."""
    kind = seat.get("kind", HUMAN) if isinstance(seat, dict) else None
    if kind in (HUMAN, REMOTE):
        return {"kind": kind}
    if kind == BOT:
        level = seat.get("level", "normal")
        if level not in LEVELS:
            raise GameError("bad_seat", f"bot level must be one of {', '.join(LEVELS)}",
                            where=where, level=str(level)[:20])
        return {"kind": BOT, "level": level}
    raise GameError("bad_seat", "a seat is a human, a remote player or a bot", where=where)


def _kinds_from_meta(meta, players: int) -> list[dict]:
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seats, list) or len(seats) != players:
        return [{"kind": HUMAN} for _ in range(players)]
    try:
        return [check_kind(s, f"meta.seats[{i}]") for i, s in enumerate(seats)]
    except GameError:
        return [{"kind": HUMAN} for _ in range(players)]


def _game(game_id) -> dict:
    game = _GAMES.get(game_id)
    if game is None:
        raise GameError("game_not_open", "this game is not open", game=str(game_id)[:40])
    return game


def _humans(game) -> list[int]:
    """Human seats still taking part."""
    state = game["state"]
    return [i for i, k in enumerate(game["kinds"])
            if k["kind"] == HUMAN and not state["seats"][i]["bankrupt"]]


def _remotes(game) -> list[int]:
    """Remote seats still taking part."""
    state = game["state"]
    return [i for i, k in enumerate(game["kinds"])
            if k["kind"] == REMOTE and not state["seats"][i]["bankrupt"]]


def _done(game, seat) -> bool:
    """A human seat has finished its round when it has saved an order with a card; a remote
    seat when its orders have come in (with or without a card)."""
    order = game["state"]["orders"][seat]
    if game["kinds"][seat]["kind"] == REMOTE:
        return order is not None
    return bool(order and order["card"])


def _all_done(game) -> bool:
    return all(_done(game, i) for i in _humans(game) + _remotes(game))


# ---------------------------------------------------------------- opening and storing
def create(game_id: str, options: dict, seats: list, seed, meta: dict | None = None) -> dict:
    """A new hosted game. seats: [{"name", "kind": "human"|"bot", "level"}]."""
    if not isinstance(seats, list):
        raise GameError("bad_players", "seats must be a list", where="seats")
    names, kinds = [], []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise GameError("bad_seat", "a seat is an object", where=f"seats[{i}]")
        names.append(s.get("name"))
        kinds.append(check_kind(s, f"seats[{i}]"))
    if not any(k["kind"] in (HUMAN, REMOTE) for k in kinds):
        raise GameError("no_human", "at least one seat must be a human player", where="seats")
    state = new_game(options, names, seed)
    meta = {**(meta or {}), "seats": kinds}
    _GAMES[game_id] = {"state": state, "kinds": kinds, "meta": meta, "id": game_id}
    return stored(game_id)


def open_game(game_id: str, record: dict, orders: dict | None = None) -> dict:
    """Rebuild a game from its record and the current round's saved orders (seat -> order).
    A saved order the engine no longer accepts is dropped rather than failing the game."""
    record = load_record(record)
    state = replay(record)
    meta = dict(record.get("meta") or {})
    kinds = _kinds_from_meta(meta, len(state["players"]))
    meta["seats"] = kinds
    game = {"state": state, "kinds": kinds, "meta": meta, "id": game_id}
    _GAMES[game_id] = game
    if not state["over"]:
        for seat, order in (orders or {}).items():
            try:
                seat = int(seat)
                if kinds[seat]["kind"] in (HUMAN, REMOTE):
                    submit(state, seat, order)
            except (GameError, ValueError, IndexError, TypeError):
                pass
    return stored(game_id)


def check_record(record) -> dict:
    """An imported record, validated by replaying it: what the lobby lists about it."""
    record = load_record(record)
    state = replay(record)
    meta = dict(record.get("meta") or {})
    meta["seats"] = _kinds_from_meta(meta, len(state["players"]))
    return {"record": to_record(state, meta), "summary": _summary(state, meta["seats"])}


def close(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def _summary(state, kinds) -> dict:
    """What the lobby shows about a game without opening it."""
    standing = result(state)  # the final ranking, or the current standing by the same rules
    return {
        "players": list(state["players"]),
        "kinds": kinds,
        "round": state["round"],
        "rounds_total": state["rounds_total"],
        "rounds_played": len(state["history"]),
        "over": state["over"],
        "options": {k: state["options"][k] for k in ("mode", "deal", "summation", "stop_loss", "spread")},
        "ranking": standing["ranking"],
        "capital": standing["capital"],
        "bankrupt": [s["bankrupt"] for s in state["seats"]],
    }


def stored(game_id: str) -> dict:
    """What the page keeps to rebuild the game: the record, the human seats' saved orders
    of the current round, and a summary for the lobby."""
    game = _game(game_id)
    state = game["state"]
    orders = {str(i): state["orders"][i] for i in range(len(state["players"]))
              if state["orders"][i] is not None and game["kinds"][i]["kind"] in (HUMAN, REMOTE)}
    return {"id": game_id, "record": to_record(state, game["meta"]), "orders": orders,
            "summary": _summary(state, game["kinds"])}


def export(game_id: str) -> dict:
    game = _game(game_id)
    return to_record(game["state"], game["meta"])


# ---------------------------------------------------------------- what a seat sees
def screen(game_id: str, seat: int | None) -> dict:
    """Everything the game page shows to `seat` (None: the public part only)."""
    game = _game(game_id)
    state = game["state"]
    if seat is not None and (type(seat) is not int or game["kinds"][seat]["kind"] != HUMAN):
        raise GameError("not_your_seat", "only a human seat can be shown", seat=str(seat)[:20])
    v = view(state, seat)
    can_act = seat is not None and not state["over"] and not state["seats"][seat]["bankrupt"]
    humans, remotes = _humans(game), _remotes(game)
    return {
        "id": game_id,
        "view": v,
        "legal": legal(state, seat) if can_act else None,
        "kinds": game["kinds"],
        "humans": humans,
        "waiting": [i for i in humans if not _done(game, i)] if not state["over"] else [],
        "done": {str(i): _done(game, i) for i in humans + remotes},
        "remote": remotes,
        "remote_waiting": [i for i in remotes if not _done(game, i)] if not state["over"] else [],
        "final": final(state) if state["over"] else None,
    }


def final(state) -> dict:
    """The final screen: the ranking and each player's capital broken down."""
    prices = state["prices"]
    rows = []
    for place, i in enumerate(state["ranking"] or []):
        s = state["seats"][i]
        rows.append({
            "place": place + 1, "seat": i, "name": state["players"][i],
            "bankrupt": s["bankrupt"],
            "bankrupt_round": s["bankrupt_at"][0] if s["bankrupt"] else None,
            "cash": s["cash"], "shares": dict(s["shares"]),
            "values": {c: s["shares"][c] * prices[c] for c in COLOURS},
            "capital": capital(state, i),
        })
    tosses = [e for h in state["history"] for e in h["events"] if e["type"] == "toss"]
    return {"rows": rows, "prices": dict(prices), "tosses": tosses}


# ---------------------------------------------------------------- acting
def _seat_of_kind(game, seat, kind: str, message: str) -> int:
    if type(seat) is not int or not 0 <= seat < len(game["kinds"]) or game["kinds"][seat]["kind"] != kind:
        raise GameError("not_your_seat", message, seat=str(seat)[:20])
    return seat


def _human_seat(game, seat) -> int:
    return _seat_of_kind(game, seat, HUMAN, "only a human seat can give orders here")


def _remote_seat(game, seat) -> int:
    return _seat_of_kind(game, seat, REMOTE, "that seat is not played from another browser")


def _save(game_id: str, seat: int, order: dict, check_seat) -> dict:
    game = _game(game_id)
    submit(game["state"], check_seat(game, seat), order)
    if _all_done(game):
        return end_round(game_id)
    return {"resolved": None, "stored": stored(game_id)}


def save(game_id: str, seat: int, order: dict) -> dict:
    """Store a human seat's order; when every human seat has saved a card, the round ends."""
    return _save(game_id, seat, order, _human_seat)


def save_remote(game_id: str, seat: int, order: dict) -> dict:
    """Orders that came from a remote seat (an order code or a live message the host's inbox
    has checked): the engine validates them; when every seat is in, the round ends."""
    return _save(game_id, seat, order, _remote_seat)


def link_input(game_id: str) -> dict:
    """What the host's round link carries, with the private parts of the remote seats."""
    game = _game(game_id)
    remote = {i for i, kind in enumerate(game["kinds"]) if kind["kind"] == REMOTE}
    return round_link_parts(game["state"], remote)


def seat_legal(seat_view: dict) -> dict:
    """What a remote player may do, from the view a round link gives them (their hand,
    cash, holdings and the prices): the same shape as `legal` for the game field."""
    if not isinstance(seat_view, dict) or not isinstance(seat_view.get("seat"), int):
        raise GameError("not_your_seat", "this view shows no seat of yours", seat="?")
    try:
        s = seat_view["seats"][seat_view["seat"]]
        prices = {c: int(seat_view["prices"][c]) for c in COLOURS}
        cash, shares = int(s["cash"]), {c: int(s["shares"][c]) for c in COLOURS}
        hand = [str(c) for c in seat_view.get("hand") or []]
        if any(p <= 0 for p in prices.values()):
            raise ValueError("prices")
        return legal_moves(seat_view.get("round"), hand, cash, shares, prices)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise GameError("bad_order", "the round link's view cannot be read", where=str(exc)[:40])


def cancel(game_id: str, seat: int) -> dict:
    """Take back the seat's card (its saved trades stay)."""
    game = _game(game_id)
    state = game["state"]
    seat = _human_seat(game, seat)
    order = state["orders"][seat]
    if order and order["trades"]:
        submit(state, seat, {"trades": order["trades"]})
    else:
        withdraw(state, seat)
    return {"resolved": None, "stored": stored(game_id)}


def _bot_decide(game, i) -> None:
    state = game["state"]
    seed = f"{game['id']}:{state['round']}:{i}"
    try:
        submit(state, i, decide(game["kinds"][i]["level"], view(state, i, history=False), seed=seed))
    except GameError:  # a bot never should; then it plays nothing this round
        state["orders"][i] = None
    game["decided"].add((state["round"], i))


def _undecided_bots(game) -> list[int]:
    state = game["state"]
    decided = game.setdefault("decided", set())
    return [i for i, kind in enumerate(game["kinds"])
            if kind["kind"] == BOT and not state["seats"][i]["bankrupt"]
            and (state["round"], i) not in decided]


def prepare_bot(game_id: str) -> int:
    """Let one more bot decide now (the page calls this while the humans think, so the
    update itself is quick). A bot's view holds nothing of this round's other orders, so
    deciding early or at the update is the same. Returns how many bots are still to decide."""
    game = _game(game_id)
    if game["state"]["over"]:
        return 0
    todo = _undecided_bots(game)
    if todo:
        _bot_decide(game, todo[0])
    return max(0, len(todo) - 1)


def bot_orders(game) -> None:
    """Every bot seat that has not decided yet decides from its own view and submits."""
    for i in _undecided_bots(game):
        _bot_decide(game, i)


def end_round(game_id: str) -> dict:
    """Resolve the round now: bots decide, humans without a card play none."""
    game = _game(game_id)
    state = game["state"]
    if state["over"]:
        raise GameError("game_over", "the game is over")
    bot_orders(game)
    r = state["round"]
    resolve(state)
    return {"resolved": r, "stored": stored(game_id)}


def play_out(game_id: str) -> dict:
    """Resolve the remaining rounds with no human orders (when no human seat takes part any
    more, the bots finish the game)."""
    game = _game(game_id)
    while not game["state"]["over"]:
        end_round(game_id)
    return {"resolved": game["state"]["round"], "stored": stored(game_id)}
