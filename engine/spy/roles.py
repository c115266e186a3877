"""The roles of ¿Quién es el Espía? (rule book, "Teams and roles") as data: each role's
team, who knows whom, and the order in which powers resolve when they collide."""

CITIZENS, SPIES = "citizens", "spies"
TEAMS = (CITIZENS, SPIES)

# role -> its fixed team, or None for a variable role (team drawn per game)
ROLES = {
    "citizen": CITIZENS,
    "spy": SPIES,
    "vigilante": CITIZENS,      # Justiciero
    "priest": CITIZENS,         # Sacerdote
    "psychic": CITIZENS,        # Psíquico
    "brother": CITIZENS,        # Hermanos: always two
    "double_agent": SPIES,      # Agente Doble
    "trickster": None,          # Tramposo
    "mayor": None,              # Alcalde
}
VARIABLE = ("trickster", "mayor")

# The setup's role counts, as the options name them: option key -> (role, seats per unit).
# Brothers come as a pair; the other special roles are single in the rule book.
SETUP_KEYS = {
    "spies": ("spy", 1),
    "double_agent": ("double_agent", 1),
    "vigilante": ("vigilante", 1),
    "priest": ("priest", 1),
    "psychic": ("psychic", 1),
    "brothers": ("brother", 2),
    "trickster": ("trickster", 1),
    "mayor": ("mayor", 1),
}
SETUP_LIMITS = {"spies": (1, 7), "double_agent": (0, 1), "vigilante": (0, 1), "priest": (0, 1),
                "psychic": (0, 1), "brothers": (0, 1), "trickster": (0, 1), "mayor": (0, 1)}

# The Double Agent loses his power when a look shows one of these roles ([decision] "un rol
# de los Ciudadanos": the citizens' special roles, and the Mayor of either team — seed,
# Nota 3); Brothers, plain Citizens and the Trickster do not cost it.
COSTS_DOUBLE_AGENT = ("vigilante", "priest", "psychic", "mayor")

# The priority chain (rule book, "Priorities"): resolved in this order at the cycle's close.
PRIORITY = ("priest", "vigilante", "spies", "trickster", "mayor", "vote", "psychic")

# Death causes as the engine records them, and as the table announces them: role kills are
# one public kind ("killed"); the vote, the Mayor's redirected vote and inactivity are public.
PUBLIC_CAUSE = {"priest_punished": "killed", "vigilante": "killed", "remorse": "killed",
                "spies": "killed", "vote": "vote", "mayor": "mayor", "inactive": "inactive"}


def in_kill_group(card: dict) -> bool:
    """The spies who know each other and choose the victim: every spy-team member but the
    Mayor (seed: "El Alcalde es el único Espía que no sabría nada sobre sus compañeros")."""
    return card["team"] == SPIES and card["role"] != "mayor"
