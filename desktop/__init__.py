"""Sudoku Studio's desktop host: the pywebview window, the API exposed to JavaScript, solve sessions, autosave."""
