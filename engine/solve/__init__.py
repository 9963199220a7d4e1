"""Exact solvers: the variant solver (the classic one is engine.solver)."""
