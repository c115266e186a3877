"""The map of Europe (rule book, "Components"): 36 spaces, an irregular graph, as data.

SPACES gives each space's name and the rule book's drawing position (x, y in 0..1 from the
top left); ADJACENT the neighbours of each space (1-based ids, symmetric: the tests check).
"""

# id: (name, x, y) — west to east as the rule book lists them
SPACES = {
    1: ("Ireland", .22, .30), 2: ("Scotland", .31, .19), 3: ("Norway", .50, .11),
    4: ("Sweden", .60, .14), 5: ("Finland", .69, .08), 6: ("St Petersburg", .80, .09),
    7: ("Moscow", .91, .19), 8: ("N England", .31, .31), 9: ("Netherlands", .41, .38),
    10: ("Denmark", .52, .28), 11: ("Baltics", .73, .25), 12: ("S England", .32, .41),
    13: ("Belgium", .42, .48), 14: ("NW Germany", .49, .42), 15: ("Berlin", .56, .40),
    16: ("Poland", .68, .39), 17: ("W Russia", .86, .43), 18: ("NW France", .34, .54),
    19: ("E France", .45, .59), 20: ("S Germany", .52, .53), 21: ("Czechia", .60, .49),
    22: ("Austria", .60, .59), 23: ("Hungary", .68, .59), 24: ("Ukraine", .81, .65),
    25: ("N Spain", .20, .71), 26: ("SW France", .30, .66), 27: ("S France", .38, .66),
    28: ("N Italy", .47, .71), 29: ("Adriatic", .54, .71), 30: ("Romania", .70, .72),
    31: ("Crimea", .88, .81), 32: ("Portugal", .09, .82), 33: ("S Spain", .21, .84),
    34: ("Catalonia", .31, .81), 35: ("S Italy", .57, .83), 36: ("Greece", .77, .92),
}

ADJACENT = {
    1: (2, 8), 2: (1, 3, 8), 3: (2, 4, 10), 4: (3, 5, 10), 5: (4, 6, 11), 6: (5, 7, 11),
    7: (6, 11, 17), 8: (1, 2, 12), 9: (10, 12, 13, 14), 10: (3, 4, 9, 15), 11: (5, 6, 7, 16),
    12: (8, 9, 18), 13: (9, 14, 18, 19), 14: (9, 13, 15, 20), 15: (10, 14, 16, 21),
    16: (11, 15, 17, 21), 17: (7, 16, 24), 18: (12, 13, 26, 27), 19: (13, 20, 27, 28),
    20: (14, 19, 21, 22), 21: (15, 16, 20, 22), 22: (20, 21, 23, 29), 23: (22, 24, 30),
    24: (17, 23, 30, 31), 25: (26, 32, 33), 26: (18, 25, 27, 34), 27: (18, 19, 26, 28),
    28: (19, 27, 29, 34, 35), 29: (22, 28, 35), 30: (23, 24, 35, 36), 31: (24, 36),
    32: (25, 33), 33: (25, 32, 34), 34: (26, 28, 33), 35: (28, 29, 30, 36), 36: (30, 31, 35),
}

SPACE_IDS = tuple(sorted(SPACES))
MAP_SIZE = len(SPACES)  # 36


def board_data() -> list[dict]:
    """The map as a table draws it: every space with its name, position and neighbours."""
    return [{"space": i, "name": SPACES[i][0], "x": SPACES[i][1], "y": SPACES[i][2],
             "adjacent": list(ADJACENT[i])} for i in SPACE_IDS]
