"""Rule sechidis2019_comparison: every number Sechidis et al. (2019) state, next to ours."""

from pathlib import Path

from fsstab.io import read_parquet
from fsstab.papers.outputs import comparison_frame, write_table
from fsstab.papers.sechidis2019 import comparison_rows
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    tables = {name: read_parquet(path)[0].to_pandas() for name, path in snakemake.input.items()}
    ipass = ({"table3": tables["table3"], "table4": tables["table4"]}
             if "table3" in tables else None)
    rows = comparison_rows(tables["eq1"], tables["table1"], tables["table2"],
                           snakemake.params.configured, ipass)
    write_table(comparison_frame(rows), Path(snakemake.output.csv).with_suffix(""),
                metadata={"paper": "sechidis2019", "item": "comparison"})
