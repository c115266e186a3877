"""Our map's properties (rule book, "Our map [decision]")."""

import itertools
import re
import json
from collections import Counter
from pathlib import Path

from engine.grid.map import CITIES, LINKS, LIMITS, REGIONS, WIDTH, HEIGHT, board, edge, cities_of


def connected(cities: set) -> bool:
    links = [(a, b) for a, b, _ in LINKS if a in cities and b in cities]
    seen, todo = set(), [min(cities)]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo += [b for a, b in links if a == c] + [a for a, b in links if b == c]
    return seen == cities


def inside(x, y, outline) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(outline, outline[-1:] + outline[:-1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def test_six_regions_of_seven_cities_three_of_them_double():
    assert len(REGIONS) == 6
    assert Counter(v[1] for v in CITIES.values()) == {r: 7 for r in REGIONS}
    doubles = [c for c, v in CITIES.items() if v[4] == 2]
    assert len(doubles) == 3 and all(v[4] in (1, 2) for v in CITIES.values())
    assert len({CITIES[c][1] for c in doubles}) == 3
    assert len({v[0] for v in CITIES.values()}) == 42  # every name once


def test_line_costs_run_from_2_to_22_with_no_free_line():
    costs = [c for _, _, c in LINKS]
    assert all(type(c) is int and 2 <= c <= 22 for c in costs)
    assert min(costs) == 2 and max(costs) == 22
    keys = [edge(a, b) for a, b, _ in LINKS]
    assert len(keys) == len(set(keys)) and all(a != b and a in CITIES and b in CITIES for a, b, _ in LINKS)


def test_every_five_regions_form_one_land_and_so_do_all_six():
    assert connected(set(CITIES))
    for five in itertools.combinations(REGIONS, 5):
        assert connected(set(cities_of(five))), f"{five} falls apart"
    for region in REGIONS:
        assert connected(set(cities_of([region]))), f"{region} is not one piece"


def test_each_region_caps_pollution_at_5_and_takes_one_nuclear_plant():
    assert LIMITS == {r: {"pollution": 5, "nuclear": 1} for r in REGIONS}


def test_cities_lie_inside_their_own_region_and_on_the_drawing():
    for c, (_name, region, x, y, _) in CITIES.items():
        assert 0 < x < WIDTH and 0 < y < HEIGHT
        assert inside(x, y, REGIONS[region]["outline"]), c
        assert not any(inside(x, y, REGIONS[r]["outline"]) for r in REGIONS if r != region), c


def test_the_board_is_plain_data_for_a_table():
    b = json.loads(json.dumps(board()))
    assert len(b["cities"]) == 42 and len(b["links"]) == len(LINKS)
    assert b["cities"]["BRI"]["max_price"] == 11 and b["regions"]["crown"]["pollution"] == 5


def test_every_city_and_region_is_named_in_every_language_once():
    """The table names places from the catalogs (words.js cityName, regionName): English as
    the engine names them (its account, `python3 -m engine replay`), every other language
    its own, no two places alike, and Russian and Arabic in their own scripts (issue 30)."""
    root = Path(__file__).resolve().parents[3] / "site" / "i18n" / "grid"
    places = [f"grid.city.{c}" for c in CITIES] + [f"grid.region.{r}" for r in REGIONS]
    english = {**{f"grid.city.{c}": v[0] for c, v in CITIES.items()},
               **{f"grid.region.{r}": v["name"] for r, v in REGIONS.items()}}
    scripts = {"ru": "\u0400-\u04ff", "ar": "\u0600-\u06ff"}
    for lang in ("en", "es", "ru", "ar"):
        names = json.loads((root / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(places) <= set(names), lang
        if lang == "en":
            assert {k: names[k] for k in places} == english
        assert len({names[k] for k in places}) == len(places), f"{lang}: two places alike"
        if lang in scripts:
            foreign = [names[k] for k in places if not re.fullmatch(f"[{scripts[lang]} -]+", names[k])]
            assert not foreign, f"{lang}: {foreign}"
