"""Sechidis, Papangelou, Nogueira, Weatherall & Brown (2019), "On the stability of feature
selection in the presence of feature correlations": the worked example of eq. (1), Fig. 1,
§4.1 (Fig. 2, Tables 1-2) and §4.2 (Tables 3-5) on a simulated IPASS stand-in.

``snakemake --cores N --configfile config/paper/sechidis2019.yaml`` regenerates the paper
(``docs/paper-sechidis2019.md``): the generic stages run §4.1's seven selectors and compute φ
and Φ_C; ``rules/paper_sechidis2019.smk`` runs the scripts of ``scripts/paper_sechidis2019/``,
which call

- :mod:`~fsstab.papers.sechidis2019.settings` -- ``paper.settings`` (schema
  ``settings.schema.yaml``, checked before any job);
- :mod:`~fsstab.papers.sechidis2019.stages` -- what each rule computes (tables);
- :mod:`~fsstab.papers.sechidis2019.figures` -- Figs. 1 and 2, Table 4 as bars;
- :mod:`~fsstab.papers.sechidis2019.comparison` -- ``comparison.csv``, the numbers of
  :mod:`~fsstab.papers.sechidis2019.reference` (what the paper prints) next to ours.
"""
