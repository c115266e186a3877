"""The random bot (conformance test, simulator): a random legal action from the seat's
legal moves, leaning towards progress so that random games reach their end."""

import random


def random_action(view: dict, seed=0) -> dict | None:
    rng = random.Random(str(seed))
    legal = view.get("legal")
    if legal is None:
        return None
    kind = legal["kind"]
    if kind == "open":
        if legal["plants"] and (not legal["may_pass"] or rng.random() < 0.6):
            p = rng.choice(legal["plants"])
            return {"type": "open", "plant": p["plant"], "bid": p["min_bid"]}
        return {"type": "pass"}
    if kind == "bid":
        if legal["min_bid"] <= legal["max_bid"] and rng.random() < 0.35:
            return {"type": "bid", "amount": min(legal["max_bid"], legal["min_bid"] + rng.randrange(3))}
        return {"type": "pass"}
    if kind == "buy":
        if legal["buy"] and rng.random() < 0.7:
            o = rng.choice(legal["buy"])
            return {"type": "buy", "plant": o["plant"], "resource": o["resource"],
                    "amount": rng.randint(1, o["max"])}
        return {"type": "done"}
    if kind == "build":
        weights = {"build": 4, "upgrade": 1, "move": 0.3, "lines": 4, "substations": 1}
        groups = [g for g in weights if legal[g]]
        if not groups or rng.random() < 0.2:
            return {"type": "done"}
        g = rng.choices(groups, [weights[g] for g in groups])[0]
        # of three random picks the cheapest, so that random players keep some money
        o = min((rng.choice(legal[g]) for _ in range(3)), key=lambda x: x.get("total", 0))
        if g == "build":
            return {"type": "build", "plant": o["plant"], "city": rng.choice(o["cities"])}
        if g == "upgrade":
            return {"type": "upgrade", "plant": o["plant"], "with": rng.choice(o["with"])}
        if g == "move":
            return {"type": "move", "from": o["from"], "to": o["to"], "resources": o["resources"]}
        if g == "substations":
            return {"type": "substation", "city": o["city"]}
        action = {"type": "line", "from": o["from"], "to": o["to"], "path": o["path"]}
        if o["via"] is not None:
            action["via"] = o["via"]
        return action
    # power: usually every plant that can run, now and then a random part of them
    run = legal["suggested"]["run"]
    if rng.random() < 0.2:
        run = [n for n in run if rng.random() < 0.5]
    return {"type": "power", "run": run}
