"""The plant market and the resource market of the base game (rule book: "Base game parts
the variant keeps"): the deck, the market of 4 current + 4 future plants (6, all current,
in Step 3), the «Step 3» card, the minimum-plant check, resource prices and the refill.

The state's `market` is one sorted list of plants (the «Step 3» card, drawn in phase 2,
sorts last); `current` and `future` are its parts. The game's Step 1-3 is `state["stage"]`
(the protocol's `step` counts decisions).
"""

from ..core.rng import Stream
from . import plants as P

MARKET_SIZE = {1: 8, 2: 8, 3: 6}


def sort_key(card):
    return 1000 if card == P.STEP3 else card


def current(state) -> list:
    market = state["market"]
    return [c for c in (market if state["stage"] == 3 else market[:4]) if c != P.STEP3]


def future(state) -> list:
    return [] if state["stage"] == 3 else state["market"][4:]


def leader_cities(state) -> int:
    """The most built plants + substations of any seat (its "cities" for the order, the
    minimum-plant check and Step 2: [decision] of the rule book)."""
    return max(len(s["plants"]) + len(s["substations"]) for s in state["seats"])


def largest_plant(seat: dict) -> int:
    return max([p["n"] for p in seat["plants"]] + seat["hand"] + [0])


def new_deck(seed, players: int) -> tuple[list, list]:
    """(deck top first, plants removed face down): 13 on top of the shuffled rest, the
    «Step 3» card at the bottom, 8 (2-3 players) or 4 (4 players) plants removed at random."""
    rest = [n for n in sorted(P.PLANTS) if n not in P.OPENING and n != P.TOP_CARD]
    Stream(seed, "deck").shuffle(rest)
    k = P.REMOVED[players]
    return [P.TOP_CARD] + rest[k:] + [P.STEP3], sorted(rest[:k])


def _insert(state, card) -> None:
    state["market"].append(card)
    state["market"].sort(key=sort_key)


def draw(state, events) -> None:
    """Draw the top card into the market. The «Step 3» card drawn in phase 2 waits in the
    market as its highest card until the auctions end; drawn at any other time it starts
    Step 3 at once."""
    if not state["deck"]:
        return
    card = state["deck"].pop(0)
    if card != P.STEP3:
        _insert(state, card)
        events.append({"type": "draw", "plant": card})
    elif state["phase"] == "auction":
        _insert(state, card)
        events.append({"type": "draw", "plant": card})
    else:
        start_step3(state, events)


def fill(state, events) -> None:
    """Draw until the market has its size (or the deck is empty)."""
    while len(state["market"]) < MARKET_SIZE[state["stage"]] and state["deck"]:
        before = len(state["deck"])
        draw(state, events)
        if len(state["deck"]) == before:
            break


def remove_lowest(state, events, why: str) -> None:
    plants = [c for c in state["market"] if c != P.STEP3]
    if plants:
        state["market"].remove(plants[0])
        state["gone"].append(plants[0])
        events.append({"type": "plant_removed", "plant": plants[0], "why": why})


def start_step3(state, events) -> None:
    """Step 3: the card and the lowest plant leave, the market is 6 plants all current, and
    the draw stack is shuffled."""
    if P.STEP3 in state["market"]:
        state["market"].remove(P.STEP3)
    state["stage"] = 3
    events.append({"type": "stage", "stage": 3})
    remove_lowest(state, events, "step3")
    Stream(state["seed"], "step3").shuffle(state["deck"])
    while len(state["market"]) > MARKET_SIZE[3]:
        state["gone"].append(state["market"].pop(0))
    fill(state, events)


def start_step2(state, events) -> None:
    state["stage"] = 2
    events.append({"type": "stage", "stage": 2})
    remove_lowest(state, events, "step2")
    fill(state, events)


def check_small_plants(state, events) -> None:
    """Market plants numbered no more than the leader's city count leave and are replaced."""
    leader = leader_cities(state)
    while True:
        small = [c for c in state["market"] if c != P.STEP3 and c <= leader]
        if not small:
            return
        state["market"].remove(small[0])
        state["gone"].append(small[0])
        events.append({"type": "plant_removed", "plant": small[0], "why": "small"})
        fill(state, events)


def bureaucracy_update(state, events) -> None:
    """Phase 5's market step: Steps 1-2 put the highest plant under the stack, Step 3
    removes the lowest; then a new plant is drawn."""
    plants = [c for c in state["market"] if c != P.STEP3]
    if not plants:
        return
    if state["stage"] == 3:
        remove_lowest(state, events, "bureaucracy")
    else:
        top = plants[-1]
        state["market"].remove(top)
        state["deck"].append(top)
        events.append({"type": "plant_under_stack", "plant": top})
    fill(state, events)
    check_small_plants(state, events)


def stage2_due(state) -> bool:
    """Step 2 begins when a seat has 10 (2 players) or 7 (3-4 players) plants + substations."""
    need = 10 if len(state["players"]) == 2 else 7
    return state["stage"] == 1 and leader_cities(state) >= need


# ---------------------------------------------------------------- resources
def stored(state, resource: str) -> int:
    return sum(p["res"].get(resource, 0) for s in state["seats"] for p in s["plants"])


def supply(state, resource: str) -> int:
    """Units in the box: neither on the market nor on a plant."""
    return P.TOTAL[resource] - state["resources"][resource] - stored(state, resource)


def prices(state) -> dict:
    """resource -> the price of the next unit (None when the market has none)."""
    out = {}
    for r in P.RESOURCES:
        units = P.unit_prices(r, state["resources"][r])
        out[r] = units[0] if units else None
    return out


def refill(state, events) -> None:
    """After bureaucracy: the table's units by players and step, from the box, dearest
    empty spaces first (as far as the box and the spaces allow)."""
    table = P.REFILL[len(state["players"])][state["stage"]]
    added = {}
    for r, k in zip(P.RESOURCES, table):
        room = len(P.SPACES[r]) - state["resources"][r]
        k = min(k, supply(state, r), room)
        state["resources"][r] += k
        added[r] = k
    events.append({"type": "refill", "added": added, "market": dict(state["resources"])})
