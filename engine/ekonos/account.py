"""A readable English account of a game from its per-turn log (the command line's
`replay`; a table formats the same events through its message catalogs)."""

from .board import SPACES
from .cards import COMPANIES, LETTERS
from .record import map_text
from .rules import breakdown, standings


def _space(s) -> str:
    return f"{s} ({SPACES[s][0]})"


def _co(c) -> str:
    return COMPANIES[c][0] if c in COMPANIES else str(c)


def describe_event(state, e) -> str | None:
    names = state["players"]

    def who(seat):
        return "nobody" if seat is None else names[seat]

    t = e["type"]
    if t == "round":
        return (f"Round {e['round']}: {names[e['start']]} starts; everyone receives "
                f"{e['coins']} coins and {e['cards']} cards")
    if t == "play":
        side = "top" if e["use"] == "top" else "bottom"
        return f"  {who(e['seat'])} plays {e['card']} for its {side} company {_co(e['company'])}"
    if t == "place":
        how = "grows onto" if e["growth"] else "places a tile on"
        extra = f", replacing {_co(e['replaced'])}" if e["replaced"] else ""
        return f"    {_co(e['company'])} {how} {_space(e['space'])}{extra}"
    if t == "protect":
        return f"    {_co(e['company'])} protects its tile on {_space(e['space'])}"
    if t == "counter":
        return f"    {_co(e['company'])}'s growth counter: {e['value']}"
    if t == "wait":
        if e["seat"] is None:
            return f"    {_co(e['company'])} has no president: it waits"
        return f"    {who(e['seat'])}, president of {_co(e['company'])}, waits"
    if t == "reset":
        return f"    {_co(e['company'])} has no president: its counter returns to 0, no expansion"
    if t == "expand":
        return (f"    {who(e['seat'])}, president of {_co(e['company'])}, expands: "
                f"{e['actions']} growth actions")
    if t == "grow_skipped":
        return f"    {_co(e['company'])} cannot grow further: {e['left']} action(s) skipped"
    if t == "sell":
        return f"  {who(e['seat'])} sells a share of {_co(e['company'])} for {e['coins']}"
    if t == "buy":
        return f"  {who(e['seat'])} buys a share of {_co(e['company'])} for {e['cost']}"
    if t == "president":
        how = f" (chosen by {who(e['chosen_by'])})" if "chosen_by" in e else ""
        if e["seat"] is None:
            return f"    {_co(e['company'])} has no president any more"
        return f"    {who(e['seat'])} becomes president of {_co(e['company'])}{how}"
    if t == "pass":
        return None  # passing is the absence of a sale or a purchase
    if t == "game_over":
        return "The game is over."
    return f"  {e}"


def describe_standing(state) -> list[str]:
    ranking, scores, places = standings(state)
    values = {c: sum(1 for t in state["map"] if t is not None and t[0] == c) for c in LETTERS}
    lines = [f"Map: {map_text(state)}",
             "Company values: " + ", ".join(f"{_co(c)} {values[c]}" for c in LETTERS)]
    for i in ranking:
        b = breakdown(state, i)
        parts = [f"{b['shares'][c]}×{values[c]} {c}" for c in LETTERS if b["shares"][c]]
        lines.append(f"  {places[i]}. {state['players'][i]}: {scores[i]} = {b['coins']} coins"
                     + (" + " + " + ".join(parts) if parts else ""))
    return lines


def describe(state) -> list[str]:
    """The whole game, turn by turn, then the standing (`python3 -m engine replay`)."""
    lines = []
    for entry in state["log"]:
        for e in entry["events"]:
            text = describe_event(state, e)
            if text is not None:
                lines.append(text)
    return lines + describe_standing(state)
