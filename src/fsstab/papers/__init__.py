"""Paper-specific computations behind the paper configurations (``config/paper/*.yaml``).

Each module holds the small pure functions one paper's figures and tables need beyond the
generic workflow stages (scenario enumerations, tuning protocols, aggregations, figures); the
thin scripts of ``rules/paper_<paper>*.smk`` call them.

- :mod:`fsstab.papers.bommert2020_ch56` -- Bommert (2020, thesis), Chapters 5 (filter
  benchmark) and 6 (comparison of stability measures)
"""
