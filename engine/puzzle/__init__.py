"""The one puzzle model of every variant and size, and its formats.

model.py     the Puzzle and its constraint records, the model's own JSON (Puzzle.to_dict / from_dict)
fpuzzles.py  f-puzzles JSON in and out;  lzstring.py  LZString base64, as the links carry it
links.py     f-puzzles, SudokuPad and SudokuWiki links;  parse.py  parse_puzzle, format_solution
lines.py     a line of a puzzle file that is not a classic line (the CLI and the partition functions)
solving.py   the classic engine for the classic 9x9, the variant solver for the rest
"""
