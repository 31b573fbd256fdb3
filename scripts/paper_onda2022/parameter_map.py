"""Rule onda2022_parameter_map: simulated stability and n_useful^v over the (n_useful, p) grid
of Onda Figs. 2 and 8 for one data set."""

from fsstab.io import read_json
from fsstab.papers.onda2022.stages import parameter_map
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    p = snakemake.params
    grid = parameter_map(read_json(snakemake.input.reference), p.n_useful_range, p.p_range,
                         random_state=p.seed)
    write_table(grid, snakemake.output.grid,
                metadata={"paper": "onda2022", "item": "Figs. 2, 8 parameter map"})
