"""Rule hamer2021_comparison: comparison.csv, the paper's printed numbers next to ours."""

from fsstab.io import write_text
from fsstab.papers.hamer2021.comparison import comparison_table
from fsstab.papers.hamer2021.stages import read_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    inputs = dict(snakemake.input.items())
    table = comparison_table(
        toy=read_frame(inputs["toy"]),
        frequency=read_frame(inputs["frequency"]) if "frequency" in inputs else None,
        table5=read_frame(inputs["table5"]) if "table5" in inputs else None,
        singh_compromises=read_frame(inputs["singh"]) if "singh" in inputs else None,
        gamma=snakemake.params.gamma,
        variation=read_frame(inputs["variation"]) if "variation" in inputs else None,
    )
    write_text(snakemake.output.comparison,
               table.to_csv(index=False, float_format="%.4f", lineterminator="\n"))
