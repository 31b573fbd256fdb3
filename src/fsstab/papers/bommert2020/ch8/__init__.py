"""Bommert (2020), Chapter 8: L0-regularised logistic regression on data with similar
features, tuned by accuracy and stability (with the adjusted measure SMA-Count).

- :mod:`~fsstab.papers.bommert2020.ch8.settings` -- ``paper.settings.ch8`` (schema
  ``settings.schema.yaml``);
- :mod:`~fsstab.papers.bommert2020.ch8.reference` -- Table 8.1's design, the approaches, the
  numbers §8.1 and §8.3 state;
- :mod:`~fsstab.papers.bommert2020.ch8.stages` -- what each rule computes, from
  :mod:`~fsstab.papers.bommert2020.ch8.toy` (§8.1: five classifiers with embedded selection on
  the toy design of Fig. 8.1), :mod:`~fsstab.papers.bommert2020.ch8.approaches` (§8.2: "acc",
  "unadj", "adj" by ε-constraint selection, Algorithm 3.2, and "stabs", stability selection
  with L0 through :class:`fsstab.selectors.StabilitySelection`) and
  :mod:`~fsstab.papers.bommert2020.ch8.simulation` (§8.3 simulation with false positives and
  negatives, §8.4 nested cross-validation on real data);
- :mod:`~fsstab.papers.bommert2020.ch8.figures` -- Figs. 8.2-8.9, A.22-A.29;
- :mod:`~fsstab.papers.bommert2020.ch8.comparison` -- the chapter's rows of ``comparison.csv``.

The authors' published R code (bommert/phd-thesis) was consulted for the data split of §8.3
(training and test data of n rows each), the similarity matrix (|Pearson| of the training data,
θ = 0.9, also for the false positives / negatives) and the random search of stability selection.
"""
