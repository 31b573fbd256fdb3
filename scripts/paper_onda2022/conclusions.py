"""Rule onda2022_conclusions: every claim of Onda et al. (2022) checked on this run
(conclusions.md and conclusions.{csv,parquet})."""

from fsstab.io import read_json
from fsstab.papers.conclusions import write_conclusions
from fsstab.papers.onda2022.conclusions import PREAMBLE, TITLE, claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    p = snakemake.params
    tables = {name: read_table(snakemake.input[name])
              for name in ("parameters", "curves", "table2", "table4", "diagnostics",
                           "timings")}
    fixed = {name: read_json(path)
             for name, path in zip(p.fixed, snakemake.input.fixed, strict=True)}
    fixed_curves = {name: read_table(path)
                    for name, path in zip(p.fixed, snakemake.input.fixed_curves, strict=True)}
    grids = {name: read_table(path)
             for name, path in zip(p.run_here, snakemake.input.grids, strict=True)}
    found = claims(**tables, fixed=fixed, settings=p.settings, configured=p.configured,
                   run_here=p.run_here, grids=grids, fixed_curves=fixed_curves)
    write_conclusions(found, snakemake.output.markdown, snakemake.output.table, title=TITLE,
                      preamble=PREAMBLE, metadata={"paper": "onda2022", "item": "conclusions"})
