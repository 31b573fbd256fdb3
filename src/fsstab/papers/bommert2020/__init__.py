"""Bommert (2020, thesis), "Integration of Feature Selection Stability in Model Fitting":
Chapters 5-8, one sub-package per chapter, each of the same shape (``docs/papers.md``).

``snakemake --cores N --configfile config/paper/bommert2020.yaml`` regenerates the thesis
(``docs/paper-bommert2020-ch56.md``, ``docs/paper-bommert2020-ch78.md``). ``paper.settings`` has
one section per chapter; a run computes the chapters it is given
(:mod:`~fsstab.papers.bommert2020.settings`). ``rules/paper_bommert2020.smk`` includes the rules
of each (``rules/paper_bommert2020/<chapter>.smk``), whose scripts
(``scripts/paper_bommert2020/<chapter>_<step>.py``) call

- :mod:`~fsstab.papers.bommert2020.ch5` -- the filter benchmark (§5.1 run times, §5.2 rankings,
  §5.3 nested cross-validation, §5.5 conclusions);
- :mod:`~fsstab.papers.bommert2020.ch6` -- the stability measures compared (§6.2 all pairs of
  subsets of 7 features, §6.3 real feature sets from the generic stages);
- :mod:`~fsstab.papers.bommert2020.ch7` -- multi-criteria tuning over filter x classifier;
- :mod:`~fsstab.papers.bommert2020.ch8` -- L0-regularised logistic regression on data with
  similar features (§8.1 toy, §8.2 approaches, §8.3 simulation, §8.4 real data);

each with ``settings.schema.yaml``, ``settings``, ``reference`` (what the thesis prints),
``stages`` (what each rule computes) and topic modules, ``figures`` and ``comparison``. What the
chapters share: :mod:`~fsstab.papers.bommert2020.reference` (the measures' symbols, Table 4.1),
:mod:`~fsstab.papers.bommert2020.common` and :mod:`~fsstab.papers.bommert2020.comparison` (Table
4.1's rows; the order of the parts in ``comparison.csv``).
"""
