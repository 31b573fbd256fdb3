"""Hamer & Dupont (2021), "An importance weighted feature selection stability measure", JMLR:
the computations of its figures and tables that are not generic workflow stages.

``snakemake --cores N --configfile config/paper/hamer2021.yaml`` regenerates the paper
(``docs/paper-hamer2021.md``): the generic stages select features and compute φ, φ_pears, φ_iw,
accuracies and Pareto fronts; ``rules/paper_hamer2021.smk`` calls this package through thin
scripts (one per rule, ``scripts/paper_hamer2021/``):

- :mod:`~fsstab.papers.hamer2021.settings` -- ``paper.settings``: the schema
  ``settings.schema.yaml`` and the checks against the workflow configuration;
- :mod:`~fsstab.papers.hamer2021.plan` -- which figures a run draws, on which data sets;
- :mod:`~fsstab.papers.hamer2021.stages` -- what each rule computes, tables in, figures and
  tables out, composed from the topic modules:
- :mod:`~fsstab.papers.hamer2021.toy` -- the toy feature stability maps (§4, Figs. 3-6);
- :mod:`~fsstab.papers.hamer2021.correlated` -- correlated feature groups (§5.3, Figs. 7-8);
- :mod:`~fsstab.papers.hamer2021.decisions` -- hybrid-RFE decisions (§7.1, Figs. 9-11, 21-25);
- :mod:`~fsstab.papers.hamer2021.standard` -- standard methods and the variability of the
  measures (§7.2-7.3, Table 5, Figs. 12-20, 26-29);
- :mod:`~fsstab.papers.hamer2021.figures` -- the figures (drawing only);
- :mod:`~fsstab.papers.hamer2021.reference` -- the numbers the paper prints;
- :mod:`~fsstab.papers.hamer2021.comparison` -- ``comparison.csv``, those numbers next to ours.
"""
