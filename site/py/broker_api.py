"""The game hall's bridged functions (site/js/*): hosted Broker-Yard games, one call each.

Imported by bridge.py; every function takes and returns JSON-able data and raises
GameError (which the bridge turns into {"error": {code, message, params}}) when refused.
"""

from bridge import bridged
from engine.broker import session


@bridged
def hall_create(id: str, options: dict, seats: list, seed, meta: dict | None = None):
    return session.create(id, options, seats, seed, meta)


@bridged
def hall_open(id: str, record: dict, orders: dict | None = None):
    return session.open_game(id, record, orders)


@bridged
def hall_close(id: str):
    session.close(id)
    return True


@bridged
def hall_screen(id: str, seat=None):
    return session.screen(id, seat)


@bridged
def hall_save(id: str, seat: int, order: dict):
    return session.save(id, seat, order)


@bridged
def hall_cancel(id: str, seat: int):
    return session.cancel(id, seat)


@bridged
def hall_end_round(id: str):
    return session.end_round(id)


@bridged
def hall_prepare_bot(id: str):
    return session.prepare_bot(id)


@bridged
def hall_play_out(id: str):
    return session.play_out(id)


@bridged
def hall_export(id: str):
    return session.export(id)


@bridged
def hall_check_record(record):
    return session.check_record(record)


@bridged
def hall_save_remote(id: str, seat: int, order: dict):
    return session.save_remote(id, seat, order)


@bridged
def net_link_input(id: str):
    return session.link_input(id)


@bridged
def net_seat_legal(view: dict):
    return session.seat_legal(view)
