"""What the tests share: paths, puzzles, the regression library, reference searches, drivers."""
