"""Puzzles leaving the engine: PDFs and fonts, SudokuWiki links, a step's JSON view, atomic files."""
