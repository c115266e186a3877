"""Our own map for the grid game: the land of six regions around the Crown ridge, as data
(rule book: "Our map [decision]"). Names and shapes are our own geography, not a published
board.

- REGIONS: id -> name and outline (a polygon for drawing, in map units 1200 x 800);
- CITIES: id -> (name, region, x, y, plant sites); three double cities (Ironford, Hallam,
  Sunmouth) are one node with two plant sites;
- LINKS: (city, city, line cost), every cost 2..22 (a zero-cost line would pay no income).
Every region has a pollution cap of 5 and room for one nuclear plant (LIMITS). The region
graph has no cut region, so any five regions (a 2-player game) form one connected land;
tests/engine/grid/test_map.py checks these properties.
"""

from functools import lru_cache

REGIONS = {
    "firth": {"name": "Firthland", "outline": [
        (80, 400), (40, 300), (35, 200), (60, 130), (140, 70), (260, 60), (420, 70),
        (395, 180), (430, 300), (405, 420), (300, 410), (190, 430),
    ]},
    "crown": {"name": "Crownlands", "outline": [
        (420, 70), (520, 45), (640, 40), (760, 60), (820, 80), (790, 200), (815, 300),
        (795, 405), (660, 400), (540, 440), (405, 420), (430, 300), (395, 180),
    ]},
    "marsh": {"name": "Amber Marsh", "outline": [
        (820, 80), (920, 60), (1040, 55), (1140, 120), (1165, 250), (1130, 400), (1040, 400),
        (930, 425), (795, 405), (815, 300), (790, 200),
    ]},
    "downs": {"name": "Southdowns", "outline": [
        (80, 400), (190, 430), (300, 410), (405, 420), (385, 540), (420, 650), (380, 750),
        (300, 770), (180, 765), (70, 720), (45, 600), (60, 480),
    ]},
    "vale": {"name": "Glenvale", "outline": [
        (405, 420), (540, 440), (660, 400), (795, 405), (770, 520), (825, 640), (800, 740),
        (700, 765), (580, 770), (460, 760), (380, 750), (420, 650), (385, 540),
    ]},
    "cape": {"name": "Sunward Cape", "outline": [
        (795, 405), (930, 425), (1040, 400), (1130, 400), (1165, 520), (1160, 640), (1080, 730),
        (990, 775), (880, 790), (800, 740), (825, 640), (770, 520),
    ]},
}
CITIES = {
    "KES": ("Kestrel Bay", "firth", 130, 160, 1),
    "MOR": ("Morrow", "firth", 290, 110, 1),
    "FEN": ("Fenwick", "firth", 365, 215, 1),
    "THO": ("Thornwick", "firth", 235, 245, 1),
    "LOW": ("Lowhaven", "firth", 105, 310, 1),
    "EBB": ("Ebbridge", "firth", 320, 330, 1),
    "SAL": ("Saltmere", "firth", 200, 378, 1),
    "ALD": ("Aldercross", "crown", 480, 125, 1),
    "BRI": ("Brightwell", "crown", 640, 90, 1),
    "WYV": ("Wyvern", "crown", 745, 170, 1),
    "COR": ("Corvin", "crown", 535, 232, 1),
    "IRO": ("Ironford", "crown", 660, 268, 2),
    "DUN": ("Dunhallow", "crown", 478, 352, 1),
    "HIG": ("Highgate", "crown", 705, 335, 1),
    "AMB": ("Amberly", "marsh", 880, 130, 1),
    "PEL": ("Pellan", "marsh", 1050, 110, 1),
    "ROO": ("Rookmere", "marsh", 962, 222, 1),
    "QUA": ("Quarry Hill", "marsh", 862, 302, 1),
    "STE": ("Stennis", "marsh", 1085, 255, 1),
    "TAR": ("Tarrow", "marsh", 985, 350, 1),
    "VAR": ("Varne", "marsh", 1090, 352, 1),
    "BAR": ("Barrowdown", "downs", 120, 470, 1),
    "CIN": ("Cinderby", "downs", 272, 478, 1),
    "DEL": ("Dellmoor", "downs", 190, 582, 1),
    "HAL": ("Hallam", "downs", 330, 598, 2),
    "GOR": ("Gorse End", "downs", 98, 680, 1),
    "MIR": ("Mirefield", "downs", 248, 700, 1),
    "NET": ("Netherby", "downs", 345, 712, 1),
    "ELM": ("Elmstead", "vale", 482, 500, 1),
    "FOX": ("Foxley", "vale", 642, 470, 1),
    "GLE": ("Glenrith", "vale", 560, 592, 1),
    "HAR": ("Hartwell", "vale", 712, 598, 1),
    "JUN": ("Juniper", "vale", 470, 680, 1),
    "KIL": ("Kilnworth", "vale", 615, 700, 1),
    "OAK": ("Oakhurst", "vale", 728, 705, 1),
    "PIN": ("Pinecrest", "cape", 880, 470, 1),
    "RED": ("Redcliff", "cape", 1040, 468, 1),
    "SUN": ("Sunmouth", "cape", 962, 572, 2),
    "UMB": ("Umber", "cape", 1108, 590, 1),
    "VEX": ("Vexford", "cape", 862, 652, 1),
    "WRE": ("Wrenhold", "cape", 1010, 688, 1),
    "YAR": ("Yarrow", "cape", 915, 748, 1),
}
LINKS = [
    ("KES", "MOR", 19), ("KES", "THO", 10), ("KES", "LOW", 12), ("MOR", "FEN", 10), ("MOR", "THO", 12),
    ("FEN", "THO", 10), ("FEN", "EBB", 4), ("THO", "EBB", 4), ("THO", "LOW", 12), ("LOW", "SAL", 3),
    ("SAL", "EBB", 10), ("THO", "SAL", 11), ("ALD", "BRI", 13), ("ALD", "COR", 3), ("BRI", "WYV", 9),
    ("BRI", "COR", 14), ("BRI", "IRO", 15), ("WYV", "IRO", 9), ("COR", "IRO", 4), ("COR", "DUN", 9),
    ("DUN", "IRO", 17), ("IRO", "HIG", 2), ("WYV", "HIG", 19), ("AMB", "PEL", 16), ("AMB", "ROO", 10),
    ("AMB", "QUA", 16), ("PEL", "ROO", 12), ("PEL", "STE", 18), ("ROO", "QUA", 6), ("ROO", "STE", 11),
    ("ROO", "TAR", 11), ("QUA", "TAR", 11), ("STE", "VAR", 12), ("TAR", "VAR", 3), ("STE", "TAR", 12),
    ("BAR", "CIN", 11), ("BAR", "DEL", 9), ("BAR", "GOR", 22), ("CIN", "DEL", 9), ("CIN", "HAL", 4),
    ("DEL", "HAL", 10), ("DEL", "GOR", 9), ("DEL", "MIR", 4), ("GOR", "MIR", 16), ("MIR", "HAL", 9),
    ("MIR", "NET", 5), ("HAL", "NET", 7), ("ELM", "FOX", 13), ("ELM", "GLE", 3), ("ELM", "JUN", 15),
    ("FOX", "GLE", 11), ("FOX", "HAR", 11), ("GLE", "HAR", 11), ("GLE", "JUN", 8), ("GLE", "KIL", 3),
    ("JUN", "KIL", 6), ("KIL", "OAK", 7), ("HAR", "OAK", 6), ("KIL", "HAR", 10), ("PIN", "RED", 12),
    ("PIN", "SUN", 4), ("PIN", "VEX", 15), ("RED", "SUN", 9), ("RED", "UMB", 10), ("SUN", "UMB", 11),
    ("SUN", "VEX", 9), ("SUN", "WRE", 3), ("VEX", "WRE", 11), ("VEX", "YAR", 6), ("WRE", "YAR", 7),
    ("UMB", "WRE", 15), ("MOR", "ALD", 16), ("FEN", "ALD", 11), ("FEN", "COR", 14), ("EBB", "DUN", 12),
    ("WYV", "AMB", 15), ("WYV", "QUA", 19), ("HIG", "QUA", 17), ("BRI", "AMB", 22), ("LOW", "BAR", 12),
    ("SAL", "BAR", 13), ("SAL", "CIN", 8), ("EBB", "CIN", 12), ("DUN", "ELM", 11), ("IRO", "FOX", 17),
    ("HIG", "FOX", 11), ("TAR", "PIN", 12), ("TAR", "RED", 9), ("VAR", "RED", 13), ("QUA", "PIN", 13),
    ("CIN", "ELM", 18), ("HAL", "ELM", 15), ("HAL", "JUN", 13), ("NET", "JUN", 9), ("FOX", "PIN", 22),
    ("HAR", "PIN", 18), ("HAR", "VEX", 12), ("OAK", "VEX", 10), ("OAK", "YAR", 21),
]

POLLUTION_CAP = 5  # the total input of the dirty plants built in one region
NUCLEAR_LIMIT = 1  # uranium plants per region
LIMITS = {r: {"pollution": POLLUTION_CAP, "nuclear": NUCLEAR_LIMIT} for r in REGIONS}
WIDTH, HEIGHT = 1200, 800


def edge(a: str, b: str) -> str:
    """The key of the line between two cities, whichever way it is named: "ALD-BRI"."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


COST = {edge(a, b): c for a, b, c in LINKS}
PAIR_COST = {**{(a, b): c for a, b, c in LINKS}, **{(b, a): c for a, b, c in LINKS}}
NEIGHBOURS: dict[str, list[tuple[str, int]]] = {c: [] for c in CITIES}
for _a, _b, _c in LINKS:
    NEIGHBOURS[_a].append((_b, _c))
    NEIGHBOURS[_b].append((_a, _c))
for _n in NEIGHBOURS.values():
    _n.sort()
# A city's maximum price: half its dearest printed line (kept in half-Elektro: the cost).
DEAREST = {c: max(cost for _, cost in NEIGHBOURS[c]) for c in CITIES}


def region(city: str) -> str:
    return CITIES[city][1]


def sites(city: str) -> int:
    return CITIES[city][4]


def cities_of(regions) -> list[str]:
    return list(_cities_of(tuple(sorted(regions))))


@lru_cache(maxsize=64)
def _cities_of(regions: tuple) -> tuple:
    return tuple(c for c, v in CITIES.items() if v[1] in regions)


def board() -> dict:
    """The map as a table draws it (static data, JSON-able)."""
    return {
        "width": WIDTH, "height": HEIGHT,
        "regions": {r: {"name": v["name"], "outline": [list(p) for p in v["outline"]],
                        **LIMITS[r]} for r, v in REGIONS.items()},
        "cities": {c: {"name": v[0], "region": v[1], "x": v[2], "y": v[3], "sites": v[4],
                       "max_price": DEAREST[c] / 2} for c, v in CITIES.items()},
        "links": [[a, b, c] for a, b, c in LINKS],
    }
