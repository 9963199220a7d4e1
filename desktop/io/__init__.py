"""Files and the outside world: saves, settings, puzzle files, printing, sharing, the daily puzzle, photos."""
