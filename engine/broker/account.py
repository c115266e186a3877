"""A readable English account of each update, from its events (the command line's
`replay`; the site formats the same events through its message catalogs)."""

from .cards import COLOURS


def _effect(group) -> str:
    kind, delta, count = group
    mark = {"double": "×2", "half": "÷2"}.get(kind)
    return f"{delta:+d}" + (f" ({mark})" if mark else "") + (f" ({count} cards)" if count > 1 else "")


def _choices(choices: dict) -> str:
    if "others" in choices:
        return ", ".join(f"{c} {v:+d}" for c, v in choices["others"].items())
    if "other" in choices:
        return f"other: {choices['other']}"
    return ""


def describe_round(state, entry: dict) -> list[str]:
    names = state["players"]
    lines = [f"Round {entry['round']}"]
    for e in entry["events"]:
        t = e["type"]
        who = names[e["seat"]] if "seat" in e else ""
        if t == "trade":
            verb = "buys" if e["shares"] > 0 else "sells"
            lines.append(f"  {who} {verb} {abs(e['shares'])} {e['colour']} at {e['price']}")
        elif t == "card":
            extra = _choices(e["choices"])
            void = " — void, bankrupt" if e["void"] else ""
            lines.append(f"  {who} plays {e['card']}" + (f" ({extra})" if extra else "") + void)
        elif t == "discard":
            lines.append(f"  {who} played no card; {e['card']} is discarded at random")
        elif t == "price":
            stages = [f"played [{', '.join(map(_effect, e['effects']))}]"]
            if e["after_cancel"] != e["effects"]:
                stages.append(f"after cancelling [{', '.join(map(_effect, e['after_cancel']))}]")
            if e["zeros"]:
                stages.append(f"{e['zeros']} zero(s) leave [{', '.join(map(_effect, e['after_zero']))}]")
            stages.append(f"sum {e['sum']:+d}")
            line = f"  {e['colour']:6} {e['price']:>3} → {e['new_price']:>3}: " + "; ".join(stages)
            if e["computed"] != e["new_price"]:
                line += f"; computed {e['computed']}"
            if e["bonus"]:
                line += f"; bonus {e['bonus']} per share"
            if e["stopped"]:
                line += f"; stop at {e['stop']} executed" + ("; nobody pays a penalty" if e["penalty"] else "")
            elif e["penalty"]:
                line += f"; penalty {e['penalty']} per share"
            lines.append(line)
        elif t == "stop_sale":
            lines.append(f"  {who} stop-sells {e['shares']} {e['colour']} at {e['price']} (+{e['cash']})")
        elif t in ("bonus", "penalty"):
            lines.append(f"  {who} {'receives' if t == 'bonus' else 'pays'} {abs(e['cash'])} "
                         f"({e['shares']} {e['colour']} × {e['per_share']})")
        elif t == "bankrupt":
            why = "cash below 0 at the update" if e["reason"] == "debt" else "under 10 cash and no shares"
            lines.append(f"  {who} is bankrupt ({why})")
        elif t == "toss":
            lines.append(f"  tie at {e['capital']}: a toss orders " + ", ".join(names[i] for i in e["order"]))
        elif t == "game_over":
            lines.append("  The game is over: " + ", ".join(
                f"{k + 1}. {names[i]} ({e['capital'][i]})" for k, i in enumerate(e["ranking"])))
    return lines


def describe_standing(state) -> list[str]:
    lines = ["Prices: " + ", ".join(f"{c} {state['prices'][c]}" for c in COLOURS)]
    for name, s in zip(state["players"], state["seats"]):
        shares = " ".join(f"{c[0].upper()}{s['shares'][c]}" for c in COLOURS)
        mark = " (bankrupt)" if s["bankrupt"] else ""
        lines.append(f"  {name}: cash {s['cash']}, shares {shares}{mark}")
    return lines


def describe(state) -> list[str]:
    """The whole game, round by round, then the standing (`python3 -m engine replay`)."""
    lines = []
    for entry in state["history"]:
        lines += describe_round(state, entry)
    return lines + describe_standing(state)

