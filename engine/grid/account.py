"""A readable English account of a game (`python3 -m engine replay FILE`): the record's
actions are played again from the seed and every event is told, the income of each
bureaucracy city by city as the variant's players summed it by hand. The site formats the
same events through its message catalogs."""

from .bureaucracy import STALL
from .game import new_game, apply
from .map import CITIES


def _money(x) -> str:
    return f"{x:g}"


def _city(c: str) -> str:
    return CITIES[c][0]


def income_lines(names, e) -> list[str]:
    """One seat's income: every city's figure and why, the sum, the rounding, the penalties."""
    who = names[e["seat"]]
    head = f"  {who} runs {', '.join(map(str, e['run'])) or 'nothing'}"
    if e["burned"]:
        head += " burning " + ", ".join(f"{k} {r}" for r, k in sorted(e["burned"].items()))
    lines = [head]
    for c in e["cities"]:
        rule = c["rule"]
        if rule == "home":
            why = f"home city of plant {c['plant']}"
        elif rule == "home_by_network" and "leg" not in c:  # rules 1
            why = f"home city powered through the network by plant {c['plant']}"
        else:
            if rule == "home_by_network":
                why = f"home city, its plant idle, powered by plant {c['plant']} as a foreign city: "
            else:
                why = ""
            leg = c["leg"]
            owner = "own" if leg["owner"] == e["seat"] else f"{names[leg['owner']]}'s"
            via = " via " + "-".join(leg["path"][1:-1]) if len(leg["path"]) > 2 else ""
            why += f"cheapest leg {owner} {leg['path'][0]}-{leg['path'][-1]}{via} costs {leg['cost']}"
            why += f", half {_money(leg['cost'] / 2)}"
            if c["amount"] < leg["cost"] / 2:
                why += f", capped at the city's maximum {_money(c['cap'])}"
            if "own_cost" in c:
                why += f" (own leg {c['own_cost']})"
        lines.append(f"    {_city(c['city']):12} {_money(c['amount']):>5}  {why}")
    lines.append(f"    sum {_money(e['gross'])}, rounded {e['rounded']}")
    for p in e["penalties"]:
        to = "the bank" if p["to"] is None else names[p["to"]]
        paid = "" if p["paid"] == p["amount"] else f" (paid {p['paid']})"
        lines.append(f"    {_city(p['city'])} not powered: {p['amount']} to {to}{paid}")
    if e["received"]:
        lines.append(f"    receives {e['received']} for lines left hanging")
    lines.append(f"    cash {e['cash']}")
    return lines


def event_lines(names, e) -> list[str]:
    t = e["type"]
    who = names[e["seat"]] if "seat" in e and e["seat"] is not None else ""
    if t == "phase":
        return [f" Phase {e['phase']}"]
    if t == "order":
        return [" Order: " + ", ".join(names[i] for i in e["order"])]
    if t == "open":
        return [f"  {who} offers plant {e['plant']} at {e['amount']}"]
    if t == "bid":
        return [f"  {who} bids {e['amount']}"]
    if t == "pass":
        if "plant" in e:
            return [f"  {who} passes on plant {e['plant']}" + (" (cannot pay more)" if e.get("auto") else "")]
        return [f"  {who} buys no plant this round" + (" (cannot afford one)" if e.get("auto") else "")]
    if t == "sold":
        return [f"  {who} buys plant {e['plant']} for {e['price']}"]
    if t == "draw":
        return [f"  plant {e['plant']} comes to the market"]
    if t == "plant_removed":
        return [f"  plant {e['plant']} leaves the market ({e['why']})"]
    if t == "plant_under_stack":
        return [f"  plant {e['plant']} goes under the stack"]
    if t == "stage":
        return [f" Step {e['stage']} begins"]
    if t == "buy":
        return [f"  {who} buys {e['amount']} {e['resource']} for plant {e['plant']} ({e['cost']})"]
    if t == "build":
        extra = f", displacing {', '.join(names[i] for i in e['displaced'])}" if e["displaced"] else ""
        return [f"  {who} builds plant {e['plant']} in {_city(e['city'])} ({e['cost']}){extra}"]
    if t == "upgrade":
        return [f"  {who} replaces plant {e['plant']} in {_city(e['city'])} with {e['with']}"]
    if t == "move":
        cargo = ", ".join(f"{k} {r}" for r, k in e["resources"].items())
        return [f"  {who} moves {cargo} from plant {e['from']} to {e['to']} ({e['cost']})"]
    if t == "line":
        sub = " and a substation" if e["substation"] else ""
        return [f"  {who} lays {'-'.join(e['path'])} ({e['cost']}){sub}: {e['total']}"]
    if t == "substation":
        return [f"  {who} connects {_city(e['city'])} ({e['cost']})"]
    if t == "skip":
        return [f"  {who} has nothing (more) to do"]
    if t == "final_round":
        return [" Every city has a plant or a substation: this is the last round"]
    if t == "refill":
        return [" Refill: " + ", ".join(f"{r} +{k}" for r, k in e["added"].items())]
    if t == "income":
        return income_lines(names, e)
    if t == "game_over":
        why = {"all_cities": "every city connected", "round_cap": "the round cap",
               "stalled": f"nobody made progress for {STALL} rounds"}[e["end"]]
        return [f"Game over ({why}): " + ", ".join(
            f"{e['places'][i]}. {names[i]} ({e['powered'][i]} cities, {e['cash'][i]} Elektro)"
            for i in e["ranking"])]
    return []


def describe(state) -> list[str]:
    """The whole game, told from its record."""
    names = state["players"]
    replayed = new_game(state["options"], names, state["seed"], **(state.get("setup") or {}))
    lines = ["Round 1"]
    for seat, action in state["actions"]:
        before = replayed["round"]
        for e in apply(replayed, seat, action):
            if e["type"] == "phase" and e["phase"] == "auction" and replayed["round"] != before:
                lines.append(f"Round {e['round']}")
            lines += event_lines(names, e)
    return lines


def summary(state) -> dict:
    """The state in brief, by player name (`replay --json`)."""
    from .game import result
    res = result(state)
    return {"round": state["round"], "stage": state["stage"], "phase": state["phase"],
            "over": state["over"], "end": state["end"],
            "players": {name: {"cash": s["cash"], "powered": s["powered"],
                               "plants": [p["n"] for p in s["plants"]], "hand": s["hand"],
                               "substations": len(s["substations"])}
                        for name, s in zip(state["players"], state["seats"])},
            "ranking": [state["players"][i] for i in res["ranking"]], "places": res["places"]}
