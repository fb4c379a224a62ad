"""Pure functions over the model: scoring, tiebreaks, standings, crosstables."""
