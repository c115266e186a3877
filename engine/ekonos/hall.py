"""Ekonos's parts of the hall's hosted games (engine/core/session.py): the lobby's line, the
final screen, and which actions a seat may take back within its turn (engine/core/undo.py).
(No `hall_done`: one seat acts at a time, so the default serves.)"""

from .cards import COMPANIES, LETTERS
from .rules import breakdown, standings, value


def hall_summary(state) -> dict:
    """Round n of N, whose turn it is and who acts now (a president may act in another
    player's turn)."""
    from .game import acting
    return {"progress": {"unit": "round", "n": state["round"], "of": state["rounds_total"]},
            "turn": state["turn"], "acting": acting(state), "phase": state["phase"]}


def hall_final(state) -> dict:
    """The final screen: places, and each player's score broken down into coins and
    shares × company value, company by company."""
    ranking, scores, places = standings(state)
    rows = []
    for i in ranking:
        b = breakdown(state, i)
        rows.append({"place": places[i], "seat": i, "name": state["players"][i],
                     "coins": b["coins"], "shares": b["shares"], "values": b["values"],
                     "score": b["score"],
                     "president_of": [c for c in LETTERS if state["president"][c] == i]})
    companies = {c: {"name": COMPANIES[c][0], "colour": COMPANIES[c][1], "value": value(state, c),
                     "shares": sum(state["shares"][c]), "president": state["president"][c]}
                 for c in LETTERS}
    return {"rows": rows, "companies": companies, "scores": scores}


# what opens a new round (a new hand dealt) or ends the game: nothing before it is taken back
REVEALS = {"round", "game_over"}


def keeps_turn(state, seat, events) -> bool:
    """The seat's action may be taken back while the seat still decides: the card it played,
    its tiles, a sale, a pass on selling, a successor chosen — and a president's choice to
    expand or wait and its growth tiles, in another player's turn too, until the president
    confirms (`done`, rules 2) and hands the decision back. Another seat deciding (a
    president asked, the next turn) ends it, and so does a new round's deal."""
    from .game import acting
    if state["ranking"] is not None or any(e.get("type") in REVEALS for e in events):
        return False
    return acting(state) == seat
