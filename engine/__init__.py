"""Pure-Python game engines of the hall: engine/core (what every game shares) and one package
per game, found through the registry in engine/core/game.py. Standard library only, so they
run unchanged in CPython and in Pyodide."""
