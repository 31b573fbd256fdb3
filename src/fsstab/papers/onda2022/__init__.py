"""Onda, Gao, Kotera & Oono (2022), "Fast estimation method for the stability of ensemble
feature selectors": Tables 1, 2, 4, Figs. 1-4 and the supplementary Figs. 6-15 that apply.

:mod:`fsstab.simulator` implements the method (Algorithms 1-3), the parameter estimation (§2.3)
and the real-against-simulated experiment (:func:`fsstab.simulator.compare_ensembles`).
``snakemake --cores N --configfile config/paper/onda2022.yaml`` regenerates the paper
(``docs/paper-onda2022.md``): the generic stages fetch and prefilter the data;
``rules/paper_onda2022.smk`` runs the scripts of ``scripts/paper_onda2022/``, which call

- :mod:`~fsstab.papers.onda2022.settings` -- ``paper.settings`` (schema
  ``settings.schema.yaml``, checked before any job);
- :mod:`~fsstab.papers.onda2022.experiment` -- one experiment per (data set, normalised mtry,
  n_tree), its results apart from its computation times;
- :mod:`~fsstab.papers.onda2022.stages` -- what the other rules compute (the run's plan,
  parameter maps, the fixed point, tables);
- :mod:`~fsstab.papers.onda2022.figures` -- Figs. 1-4, 6-15;
- :mod:`~fsstab.papers.onda2022.comparison` -- ``comparison.csv``, the numbers of
  :mod:`~fsstab.papers.onda2022.reference` (what the paper prints) next to ours.
"""
