"""The engine's version and the rules a game is played by.

Records name the engine version; a newer record is refused (engine/core/record.py), and an
older one is played by the rules it was made with: `game.record_setup` puts its version in
the setup, the state keeps it as `rules` (public: views, tools and bots read it), and
`rules(state)` tells the parts that changed which rules apply.

1. The first rules: an idle plant's home city powered through the network paid 5, eco and
   fusion plants always ran, the engine chose the powered cities, and only the 40-round cap
   ended a game that could not end otherwise.
2. Issue 30, following the source: that home city is a foreign city (half the cheapest leg
   into it), the player chooses the plants that run (eco and fusion too) and the cities
   they power, and a game in which nobody makes progress ends (bureaucracy.stalled).
3. Issue 30, undo within a turn: a seat that bought or built something in phase 3 or 4 is
   not skipped when nothing is left for it to do; it says `done`, and until then its last
   purchase, plant, line or upgrade may be taken back (rules 2 ended its turn at once).
"""

VERSION = 3


def rules(state) -> int:
    """The version of the rules this game is played by: this engine's, or an older record's."""
    return state.get("rules", VERSION)
