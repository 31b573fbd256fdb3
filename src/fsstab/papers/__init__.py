"""Paper-specific computations of the regenerated papers (one module per paper or part).

Generic stages (selection, stability, Pareto analysis) live in the rest of the package; these
modules hold what only one paper's experiments need, as small pure functions called by the thin
scripts of ``rules/paper_*.smk``.
"""
