"""Rule paper_comparison: the comparison parts of a paper's rules files, concatenated."""

from pathlib import Path

import pandas as pd

from fsstab.papers._io import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    parts = [read_table(path) for path in snakemake.input]
    rows = pd.concat(parts, ignore_index=True).to_dict("records") if parts else []
    write_table(comparison_frame(rows), Path(snakemake.output.csv).with_suffix(""),
                metadata={"format": "fsstab.comparison/1"})
