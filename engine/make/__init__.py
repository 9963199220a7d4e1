"""Making puzzles: the generator, complete grids, minlex, generation by technique, daily, practice."""
