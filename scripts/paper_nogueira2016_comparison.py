"""Rule nogueira2016_comparison: every number Nogueira & Brown (2016) state, next to ours."""

from pathlib import Path

from fsstab.io import read_parquet
from fsstab.papers.nogueira2016 import comparison_rows
from fsstab.papers.outputs import comparison_frame, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    tables = {name: read_parquet(snakemake.input[name])[0].to_pandas()
              for name in ("toy", "figure1", "figure2", "table2")}
    rows = comparison_rows(tables["toy"], tables["figure1"], tables["figure2"], tables["table2"],
                           snakemake.params.configured)
    write_table(comparison_frame(rows), Path(snakemake.output.csv).with_suffix(""),
                metadata={"paper": "nogueira2016", "item": "comparison"})
