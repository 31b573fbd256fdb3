"""Bommert (2020), Chapter 6: the 20 stability measures of §3.3.2 compared.

- :mod:`~fsstab.papers.bommert2020.ch6.settings` -- ``paper.settings.ch6`` (schema
  ``settings.schema.yaml``);
- :mod:`~fsstab.papers.bommert2020.ch6.reference` -- what the chapter states (Tables 6.3, 6.4,
  the groups of Figs. 6.2 and 6.5);
- :mod:`~fsstab.papers.bommert2020.ch6.stages` -- what each rule computes, from
  :mod:`~fsstab.papers.bommert2020.ch6.all_pairs` (§6.2: every pair of subsets of 7 features)
  and :mod:`~fsstab.papers.bommert2020.ch6.real` (§6.3: the feature sets the generic stages
  selected with filter x classifier configurations);
- :mod:`~fsstab.papers.bommert2020.ch6.figures` -- Figs. 6.1-6.7, A.13-A.15;
- :mod:`~fsstab.papers.bommert2020.ch6.comparison` -- the chapter's rows of ``comparison.csv``.
"""
