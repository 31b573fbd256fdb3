"""Rule pareto: fronts, hull γ intervals, γ and ε-constraint choices of one dataset."""

from fsstab.io import read_parquet, write_parquet
from fsstab.seeds import derive_seed
from fsstab.workflow.decisions import PARETO_FORMAT, pareto_arrow, pareto_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    summary = read_parquet(snakemake.input.summary)[0].to_pandas()
    epsilon = snakemake.params.epsilon
    table = pareto_table(
        summary,
        snakemake.params.measures,
        gammas=snakemake.params.gammas,
        acc_const=epsilon["acc_const"],
        stab_const=epsilon["stab_const"],
        random_state=derive_seed(snakemake.params.seed, snakemake.wildcards.dataset, "pareto"),
    )
    write_parquet(pareto_arrow(table), snakemake.output.pareto, metadata={"format": PARETO_FORMAT})
