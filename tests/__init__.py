"""Sudoku Studio's tests, a folder a layer (a package, so the folders' same-named files do not clash)."""
