"""The papers fsstab regenerates, one package each, all of the same shape (``docs/papers.md``).

A configuration with ``paper: {name: <name>, settings: {...}}`` regenerates the figures and
tables of one paper: the generic stages compute whatever the paper's experiment shares with
every study (selectors x datasets x resamples -> stability, accuracy, Pareto fronts), and the
rules of ``rules/paper_<name>.smk`` add what is specific to the paper through the thin scripts
of ``scripts/paper_<name>/``, which call the package ``fsstab.papers.<name>``:

- ``settings.schema.yaml`` + ``settings.py`` -- ``paper.settings`` (:mod:`fsstab.papers.settings`,
  checked by the rules file before any job);
- ``reference.py`` -- what the paper prints;
- ``stages.py`` -- what each rule computes (tables from in-memory inputs);
- ``figures.py`` -- the figures;
- ``comparison.py`` -- ``comparison.csv``, the paper's numbers next to ours;
- ``conclusions.py`` -- ``conclusions.md`` and ``conclusions.csv``: the paper's claims with
  verdicts computed from the run (:mod:`fsstab.papers.conclusions`, the shared mechanism).

Outputs go to ``<results_dir>/paper/<name>/`` (:class:`fsstab.workflow.config.PaperConfig`),
named after the paper's numbering (``fig01_...``, ``table2_...``), tables through
:func:`fsstab.papers.outputs.write_table`.

Papers use the library's public API only; the library, the workflow included, never imports
them. Papers: :mod:`~fsstab.papers.nogueira2016` (Nogueira & Brown 2016, the template),
:mod:`~fsstab.papers.hamer2021` (Hamer & Dupont 2021), :mod:`~fsstab.papers.sechidis2019`
(Sechidis et al. 2019), :mod:`~fsstab.papers.onda2022` (Onda et al. 2022),
:mod:`~fsstab.papers.bommert2020` (Bommert 2020, thesis).
"""
