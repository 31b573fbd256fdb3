"""Rule nogueira2016_pairs: per data set, the pairs of selected sets where sim_W and sim_N
differ and the smallest pairwise scores (Nogueira & Brown 2016, §5), and Fig. 2's measures with
each set left out in turn (their noise)."""

from fsstab.io import read_parquet
from fsstab.papers.nogueira2016.stages import figure2_jackknife, pair_statistics
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.stability import run_matrices

with logged(snakemake.log[0], end_process=True):
    selections = {}
    for name, runs_path, features_path in zip(snakemake.params.datasets, snakemake.input.runs,
                                              snakemake.input.features, strict=True):
        runs, metadata = read_parquet(runs_path)
        features = read_parquet(features_path)[0]
        d = int(metadata["d"])
        (variant,) = set(runs.column("variant").to_pylist())   # one forest per data set
        Z = run_matrices(runs, features, variant, d, d)[0]
        selections[name] = Z.toarray()
    write_table(pair_statistics(selections), snakemake.output.table,
                metadata={"paper": "nogueira2016", "item": "§5 pairs of sets"})
    write_table(figure2_jackknife(selections, snakemake.params.measures),
                snakemake.output.jackknife,
                metadata={"paper": "nogueira2016", "item": "Fig. 2, one set left out"})
