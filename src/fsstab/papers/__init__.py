"""Paper regenerations: the computations of one paper that are not generic workflow stages.

Each paper has a module ``fsstab.papers.<name>`` (small pure functions over arrays and tables,
tested like the rest of the library) with ``check_settings(settings, workflow)``, called by the
workflow's configuration check for ``paper: {name: <name>, settings: ...}``; its rules live in
``rules/paper_<name>.smk`` and its thin scripts in ``scripts/paper_<name>/``.

- :mod:`fsstab.papers.hamer2021` -- Hamer & Dupont (2021), importance-weighted stability
"""
