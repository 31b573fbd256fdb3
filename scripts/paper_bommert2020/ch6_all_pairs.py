"""Rule bommert2020_ch6_all_pairs: thesis §6.2 on all 16,384 pairs of subsets of 7 features."""

from pathlib import Path

from fsstab.papers.bommert2020_ch56 import all_pairs_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    all_pairs_outputs(Path(snakemake.output[0]).parent, snakemake.output.comparison,
                      threshold=snakemake.params.threshold)
