"""How hard a puzzle is: the SE-scale rating, its breakdown, and Sudoku Explainer's own path and Nishio."""
