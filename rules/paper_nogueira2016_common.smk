# Nogueira & Brown (2016): settings, output names and the input functions of rules/paper_nogueira2016.smk
# (kept apart from the rules, as snakemake --lint asks).

from fsstab.papers.nogueira2016 import resolved_settings

NOGUEIRA = WF.paper.output_dir
NOGUEIRA_SETTINGS = resolved_settings(WF.paper.settings)


def nogueira_stem(stem, *extensions):
    return [f"{NOGUEIRA}/{stem}{ext}" for ext in extensions]


def nogueira_runs(wildcards):
    """The runs table of the one random-forest configuration of every dataset that is run."""
    files = {}
    for dataset in DATASETS:
        configurations = WF.configurations_for(dataset)
        if len(configurations) != 1:
            raise ValueError(
                f"nogueira2016: dataset {dataset!r} needs exactly one selector configuration "
                f"(Table 2's p), found {[c.id for c in configurations]}"
            )
        files[dataset] = f"{RESULTS}/{dataset}/select/{configurations[0].id}/runs.parquet"
    return files
