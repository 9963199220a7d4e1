"""The engine: façade, solvers, techniques, rating, generators, output; and the repository's shape."""
