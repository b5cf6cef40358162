"""Running games between bots: single matches, many games, statistics."""
