"""Bommert (2020), Chapter 7: multi-criteria tuning -- configurations of filter x classifier
(Table 6.5) chosen by accuracy and stability, evaluated on independent test data.

- :mod:`~fsstab.papers.bommert2020.ch7.settings` -- ``paper.settings.ch7`` (schema
  ``settings.schema.yaml``);
- :mod:`~fsstab.papers.bommert2020.ch7.reference` -- Table 6.5's search space, §7.2's
  measures, Table 7.1;
- :mod:`~fsstab.papers.bommert2020.ch7.stages` -- what each rule computes, from
  :mod:`~fsstab.papers.bommert2020.ch7.tuning` (halves and folds, the random configurations,
  filter orders shared by all configurations, cross-validation, Pareto-optimal / PA-best /
  A-best configurations, §7.1);
- :mod:`~fsstab.papers.bommert2020.ch7.figures` -- Figs. 7.1-7.5, A.16-A.21;
- :mod:`~fsstab.papers.bommert2020.ch7.comparison` -- Table 7.1's rows of ``comparison.csv``.

The authors' published R code (bommert/phd-thesis) was consulted for the data split (training
and test halves) and the similarity matrix (|Pearson| of each half, θ = 0.9).
"""
