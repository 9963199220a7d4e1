"""Sudoku Studio's desktop host: the window, the API for JavaScript, solve sessions, autosave."""
