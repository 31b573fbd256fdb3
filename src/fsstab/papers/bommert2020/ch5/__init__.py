"""Bommert (2020), Chapter 5: benchmark of 20 filter methods (Table 5.1) on the data sets of
Table 4.1.

- :mod:`~fsstab.papers.bommert2020.ch5.settings` -- ``paper.settings.ch5`` (schema
  ``settings.schema.yaml``);
- :mod:`~fsstab.papers.bommert2020.ch5.reference` -- what the chapter states;
- :mod:`~fsstab.papers.bommert2020.ch5.stages` -- what each rule computes, from the topic modules
  :mod:`~fsstab.papers.bommert2020.ch5.scaling` (§5.1 run times),
  :mod:`~fsstab.papers.bommert2020.ch5.ranking` (§5.2 similarity of the rankings),
  :mod:`~fsstab.papers.bommert2020.ch5.benchmark` (§5.3 nested cross-validation of filter +
  classifier) and :mod:`~fsstab.papers.bommert2020.ch5.conclusions` (§5.5);
- :mod:`~fsstab.papers.bommert2020.ch5.figures` -- Figs. 5.1-5.8, A.2-A.10;
- :mod:`~fsstab.papers.bommert2020.ch5.comparison` -- the chapter's rows of ``comparison.csv``.
"""
