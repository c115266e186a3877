"""What every game shares: errors, the seeded RNG, records, the save-string codec, the registry."""
