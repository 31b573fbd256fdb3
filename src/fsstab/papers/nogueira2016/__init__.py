"""Nogueira & Brown (2016), "Measuring the stability of feature selection with applications to
ensemble methods": Fig. 1, the toy examples of §2.1 and §3.2, Table 1's properties, Table 2,
Fig. 2, and every claim of the paper checked (``conclusions.md``).

``snakemake --cores N --configfile config/paper/nogueira2016.yaml`` regenerates the paper
(``docs/paper-nogueira2016.md``): the generic stages select features with random forests and
compute the measures; ``rules/paper_nogueira2016.smk`` runs the scripts of
``scripts/paper_nogueira2016/``, which call

- :mod:`~fsstab.papers.nogueira2016.settings` -- ``paper.settings`` (schema
  ``settings.schema.yaml``, checked before any job);
- :mod:`~fsstab.papers.nogueira2016.stages` -- what each rule computes (tables);
- :mod:`~fsstab.papers.nogueira2016.properties` -- Table 1 and the measure claims, on every
  pair of sets;
- :mod:`~fsstab.papers.nogueira2016.figures` -- Figs. 1 and 2;
- :mod:`~fsstab.papers.nogueira2016.comparison` -- ``comparison.csv``, the numbers of
  :mod:`~fsstab.papers.nogueira2016.reference` (what the paper prints) next to ours;
- :mod:`~fsstab.papers.nogueira2016.conclusions` -- ``conclusions.md``, the paper's claims
  (``reference.STATEMENTS``) with verdicts computed by :mod:`fsstab.papers.conclusions`.

This is the template of a paper package (``docs/papers.md``).
"""
