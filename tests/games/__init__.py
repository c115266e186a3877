"""Games written only for the tests: each proves that a new game needs nothing of the hall's
shared code beyond its entry in the registry (docs/architecture.md, "Adding a game")."""
