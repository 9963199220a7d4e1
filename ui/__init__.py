"""Sudoku Studio's web front end (HTML, CSS, ES modules); a package only so that installs carry it."""
