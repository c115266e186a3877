"""A readable English account of a game (`python3 -m engine replay`): the deal, then each
cycle's actions and the priority chain as it resolved, then the announcements. The site
formats the same structured events through its message catalogs."""

ROLE_NAMES = {"citizen": "Citizen", "spy": "Spy", "vigilante": "Vigilante", "priest": "Priest",
              "psychic": "Psychic", "brother": "Brother", "double_agent": "Double Agent",
              "trickster": "Trickster", "mayor": "Mayor"}


def _card(card) -> str:
    name = ROLE_NAMES[card["role"]]
    return f"{name} ({card['team']})" if card["role"] in ("trickster", "mayor") else name


def _act(names, a) -> str:
    who = names[a["seat"]]
    kind = a["type"]
    if kind == "add_votes":
        return f"{who} adds two secret votes: " + ", ".join(names[t] for t in a["targets"])
    verbs = {"vote": "votes for", "victim": "picks as the spies' victim", "kill": "shoots",
             "protect": "protects", "protect_public": "publicly protects from the vote",
             "look": "looks at", "subtract_vote": "takes a secret vote from",
             "redirect": "redirects every vote to"}
    return f"{who} {verbs[kind]} {names[a['target']]}"


def _chain(names, c) -> str:
    step = c["step"]
    if step == "priest":
        line = f"1 Priest: {names[c['target']]} protected" + (" (publicly)" if c["public"] else "")
        return line + ("; a spy — the Priest dies" if c.get("punished") else "")
    if step == "vigilante":
        line = f"2 Vigilante: {names[c['target']]} — {c['outcome'].replace('_', ' ')}"
        return line + ("; the Vigilante dies of remorse" if c.get("remorse") else "")
    if step == "spies":
        how = {"picks": " (drawn among their picks)", "anyone": " (no pick: drawn among the living)"}
        return f"3 Spies: {names[c['target']]}{how.get(c['drawn'], '')} — {c['outcome'].replace('_', ' ')}"
    if step == "vote":
        counts = ", ".join(f"{names[s]} {v}" for s, v in c["counts"]) or "no votes"
        line = f"6 Vote: {counts}"
        for r in c["redirects"]:
            line += f"; Mayor's redirection to {names[r['target']]} " + \
                (f"void ({r['void'].replace('_', ' ')})" if "void" in r else "in force")
        if c["dies"] is not None:
            line += f"; {names[c['dies']]} — {c['outcome'].replace('_', ' ')}"
        elif len(c["most"]) > 1:
            line += "; a tie, nobody dies"
        return line
    if step == "inactivity":
        return "   Inactive, removed: " + ", ".join(names[s] for s in c["removed"]) if c["removed"] else ""
    if step == "look":
        seen = c.get("role") or c.get("team")
        if c.get("outcome") == "died":
            return f"7 {names[c['seat']]}'s look at {names[c['target']]}: the looker died"
        return f"7 {names[c['seat']]} sees {names[c['target']]}: {seen}" + \
            ("; the Double Agent's power is lost" if c.get("power_lost") else "")
    return ""


def describe(state) -> list[str]:
    names = state["players"]
    lines = ["Roles: " + ", ".join(f"{n}: {_card(c)}" for n, c in zip(names, state["roles"]))]
    for h in state["history"]:
        lines.append(f"Cycle {h['cycle']}")
        lines += ["  " + _act(names, a) for a in h["acts"]]
        lines += ["  " + text for text in (_chain(names, c) for c in h["chain"]) if text]
        for seat, cause in h["deaths"]:
            lines.append(f"  {names[seat]} dies ({cause.replace('_', ' ')})")
    for e in state["log"]:
        if e["type"] == "last_words":
            lines.append(f"Last words of {names[e['seat']]}: {e['text']}")
    if state["over"]:
        lines.append(f"The game is over after {state['cycle']} cycle(s): " + (
            "nobody wins" if state["winner"] == "nobody" else f"the {state['winner']} win (" +
            ", ".join(names[i] for i in state["winners"]) + ")"))
    else:
        lines.append(f"In play: cycle {state['cycle']}, {state['day']}")
    return lines
