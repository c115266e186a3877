"""What one seat may see: the only door to hidden information. Everything that leaves the
host for a player or a bot is built from here.

Public: the map with protected marks, the stock chart (columns, holdings, presidents), the
growth counters, coins, hand sizes, every card played and the per-turn log. Private: the
seat's own hand. Hidden from everybody: the other hands, the undealt cards, the seed.
"""


from ..core.clone import clone
from ..core.errors import GameError, short
from ..core.game import check_seat
from .board import board_data
from .cards import COMPANIES, DECK, LETTERS, companies_data
from .game import acting
from .options import COLUMN, EXPAND_AT, FORCED_AT, limits
from . import rules


def _companies(state) -> dict:
    out = {}
    for c in LETTERS:
        holdings = state["shares"][c]
        tiles = sum(1 for t in state["map"] if t is not None and t[0] == c)
        shares = sum(holdings)
        out[c] = {"name": COMPANIES[c][0], "colour": COMPANIES[c][1], "tiles": tiles,
                  "protected": sum(1 for t in state["map"]
                                   if t is not None and t[0] == c and t[1]),
                  "value": tiles, "growth": state["growth"][c],
                  "president": state["president"][c],
                  "shares": shares, "holdings": list(holdings),
                  "buy_cost": shares + 1 if shares < COLUMN else None, "sell_pays": shares}
    return out


def _seats(state) -> list[dict]:
    values = {c: rules.value(state, c) for c in LETTERS}
    out = []
    for i, name in enumerate(state["players"]):
        shares = {c: state["shares"][c][i] for c in LETTERS}
        out.append({"name": name, "coins": state["coins"][i], "shares": shares,
                    "hand_size": len(state["hands"][i]),
                    "president_of": [c for c in LETTERS if state["president"][c] == i],
                    "score": state["coins"][i] + sum(shares[c] * values[c] for c in LETTERS)})
    return out


def view(state, seat=None, log=True, board=True) -> dict:
    """The game as `seat` sees it (None: a spectator). `log=False` leaves out the per-turn
    log and `board=False` the static parts (map, companies, limits), for callers that only
    decide."""
    n = len(state["players"])
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    r = state["round"]
    out = {
        "game": state["game"], "engine_version": state["engine_version"],
        "options": dict(state["options"]), "players": list(state["players"]), "seat": seat,
        "round": r, "rounds_total": state["rounds_total"], "hand_size": state["hand_size"],
        "round_coins": state["round_coins"], "first": state["first"], "start": state["start"],
        "turn": state["turn"], "phase": state["phase"], "acting": acting(state),
        "step": state["step"],
        "map": [None if t is None else {"company": t[0], "protected": t[1]}
                for t in state["map"]],
        "companies": _companies(state),
        "seats": _seats(state),
        "played": [dict(p) for p in state["played"] if p["round"] == r],
        "expansion": clone(state["expansion"]),
        "successor": clone(state["successor"]),
        "over": state["phase"] == "over",
        "result": None if state["ranking"] is None else {
            "ranking": list(state["ranking"]), "scores": list(state["scores"]),
            "places": list(state["places"])},
    }
    if board:
        out["board"] = board_data()
        out["company_list"] = companies_data()
        out["limits"] = limits()
    if seat is not None:
        out["hand"] = list(state["hands"][seat])
        out["legal"] = legal(state, seat) if acting(state) == seat else None
    if log:
        out["log"] = [{"round": e["round"], "seat": e["seat"],
                       "events": [_copy(x) for x in e["events"]]} for e in state["log"]]
    return out


def _copy(event: dict) -> dict:
    """An event is flat but for lists of numbers (rankings, scores): cheaper than deepcopy."""
    return {k: v[:] if isinstance(v, list) else v for k, v in event.items()}


def bot_view(state, seat) -> dict:
    """A bot decides from its seat's view without the log and the static map."""
    return view(state, seat, log=False, board=False)


def conceal(state, seat, rng) -> dict:
    """A copy of the state in which everything `seat` may not see is different: the seed
    (which fixes the deals to come), the other hands, the setup."""
    out = clone(state)
    out["seed"] = f"concealed-{rng.random()}"
    mine = set(state["hands"][seat]) if seat is not None else set()
    pool = [c for c in DECK if c not in mine]
    for i, hand in enumerate(out["hands"]):
        if i != seat:
            out["hands"][i] = rng.sample(pool, len(hand))
    out["setup"] = None
    return out


def legal(state, seat) -> dict:
    """What `seat` may do now, as data a UI offers without knowing the rules:

    play:           {"cards": [{"card", "top": {"company", "place": [spaces], "protect":
                    [spaces]}, "bottom": [{"company", "counter": value after, "expands":
                    None | "choice" | "forced"}, ...]}]}
    expand_or_wait: {"company", "actions": 2}; actions {"type": "expand"} / {"type": "wait"}
    grow:           {"company", "left", "place": [{"space", "replaces"}], "protect": [spaces]}
    confirm:        {"company", "waited": bool, "to": the seat whose turn goes on}; action
                    {"type": "done"} (a president in another player's turn, rules 2)
    successor:      {"company", "candidates": [seats]}
    sell:           {"sell": [{"company", "held", "pays"}], "pass": True}
    buy:            {"buy": [{"company", "cost", "president": bool (the buy makes `seat`
                    president; False for its president already)}], "pass": True}
    """
    check_seat(state, seat)
    if state["phase"] == "over":
        raise GameError("game_over", "the game is over")
    if acting(state) != seat:
        raise GameError("not_your_turn", f"it is not {state['players'][seat]}'s turn",
                        player=state["players"][seat])
    phase = state["phase"]
    out = {"phase": phase}
    if phase == "play":
        out["cards"] = play_options(state, seat)
    elif phase == "expand_or_wait":
        x = state["expansion"]
        out.update(company=x["company"], actions=x["size"])
    elif phase == "grow":
        x = state["expansion"]
        place, protect = rules.grow_options(state, x["company"], x["base"])
        m = state["map"]
        out.update(company=x["company"], left=x["left"], size=x["size"], base=list(x["base"]),
                   place=[{"space": s, "replaces": m[s - 1][0] if m[s - 1] else None}
                          for s in place],
                   protect=protect)
    elif phase == "confirm":
        x = state["expansion"]
        out.update(company=x["company"], waited=x["base"] is None, to=state["turn"])
    elif phase == "successor":
        out.update(company=state["successor"]["company"],
                   candidates=list(state["successor"]["candidates"]))
    elif phase == "sell":
        out["sell"] = [{"company": c, "held": state["shares"][c][seat],
                        "pays": rules.column(state, c)}
                       for c in LETTERS if state["shares"][c][seat]]
        out["pass"] = True
    elif phase == "buy":
        coins = state["coins"][seat]
        # "president": this share makes the buyer president (one already is not told so again)
        out["buy"] = [{"company": c, "cost": cost,
                       "president": state["president"][c] != seat
                       and rules.president_after_buy(state, c, seat) == seat}
                      for c in LETTERS
                      if (cost := rules.buy_cost(state, c)) is not None and cost <= coins]
        out["pass"] = True
    return out


def play_options(state, seat) -> list[dict]:
    empty = rules.empty_spaces(state)
    tops = {}
    cards = []
    for card in state["hands"][seat]:
        t = card[0]
        if t not in tops:
            place, protect = rules.top_options(state, t, empty)
            tops[t] = {"company": t, "place": place, "protect": protect}
        bottom = []
        for b in (card[1], card[2]):
            g = state["growth"][b] + 1
            has_president = state["president"][b] is not None
            expands = None if not has_president else \
                "choice" if g == EXPAND_AT else "forced" if g >= FORCED_AT else None
            bottom.append({"company": b, "counter": g, "expands": expands})
        cards.append({"card": card, "top": dict(tops[t], place=list(tops[t]["place"]),
                                                protect=list(tops[t]["protect"])),
                      "bottom": bottom})
    return cards


def actions_of(legal: dict) -> list[dict]:
    """Every action a `legal` listing allows, spelled out (for bots and tests)."""
    phase = legal["phase"]
    if phase == "play":
        out = []
        for entry in legal["cards"]:
            card, top = entry["card"], entry["top"]
            for s in top["place"] + top["protect"]:
                out.append({"type": "play", "card": card, "use": "top", "space": s})
            for b in entry["bottom"]:
                out.append({"type": "play", "card": card, "use": "bottom", "company": b["company"]})
        return out
    if phase == "expand_or_wait":
        return [{"type": "expand"}, {"type": "wait"}]
    if phase == "grow":
        return [{"type": "grow", "space": p["space"]} for p in legal["place"]] + \
               [{"type": "grow", "space": s} for s in legal["protect"]]
    if phase == "successor":
        return [{"type": "successor", "seat": s} for s in legal["candidates"]]
    if phase == "confirm":
        return [{"type": "done"}]
    if phase == "sell":
        return [{"type": "sell", "company": e["company"]} for e in legal["sell"]] + \
            [{"type": "pass"}]
    if phase == "buy":
        return [{"type": "buy", "company": e["company"]} for e in legal["buy"]] + [{"type": "pass"}]
    return []
