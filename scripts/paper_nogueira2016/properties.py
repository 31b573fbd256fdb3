"""Rule nogueira2016_properties: Table 1's properties (§2.2), the measure claims of §3.1, §4
and §5 on every pair of sets, and Theorem 1 (Nogueira & Brown 2016)."""

from fsstab.papers.nogueira2016.properties import measure_pairs, table1_properties, theorem1_table
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    pairs = measure_pairs()
    write_table(pairs, snakemake.output.pairs,
                metadata={"paper": "nogueira2016", "item": "measures on every pair of sets"})
    write_table(table1_properties(pairs), snakemake.output.table1,
                metadata={"paper": "nogueira2016", "item": "Table 1"})
    write_table(theorem1_table(), snakemake.output.theorem1,
                metadata={"paper": "nogueira2016", "item": "Theorem 1"})
