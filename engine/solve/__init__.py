"""The exact solvers: solve, count and classify; the search algorithms and their traces; files of lines."""
