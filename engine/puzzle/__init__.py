"""The one puzzle model of every variant and size, and its formats (f-puzzles, SudokuPad, its own JSON)."""
