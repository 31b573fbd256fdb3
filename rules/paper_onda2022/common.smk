# Onda et al. (2022): the paths of an experiment's files and the wildcard input functions of
# rules/paper_onda2022.smk (kept apart from the rules, as snakemake --lint asks).


def get_onda2022_experiment(dataset, experiment):
    """The files of one experiment (fsstab.papers.onda2022.experiment.EXPERIMENT_FILES) under
    experiments/<dataset>/<experiment id> of the paper's folder; the arguments may be the
    rule's wildcards ("{dataset}", "mtry-{mtry}_ntree-{ntree}")."""
    folder = f"experiments/{dataset}/{experiment}"
    return {
        name: get_paper_file(f"{folder}/{name}", extension)
        for name, extension in EXPERIMENT_FILES.items()
    }


def get_onda2022_parameter_map(dataset):
    """The (n_useful, p) map of the data set (Figs. 2, 8), computed around its reference
    experiment: a table of the paper's folder (CSV + Parquet), which the conclusions read."""
    return get_paper_table(f"fig02-08_parameter_map_{dataset}")


def get_onda2022_timing_experiments():
    """The experiments of §3.6's times (Fig. 4, Figs. 12-13): each data set run at its timing
    n_tree, mtry = √d."""
    return [
        get_onda2022_parameters(d, "sqrt", figure_n_tree(ONDA, "timing_n_tree", d))
        for d in ONDA_PLAN.datasets
    ]


def get_onda2022_parameters(dataset, mtry, n_tree):
    """parameters.json of the experiment (dataset, mtry, n_tree): what the rules that read an
    experiment take as its input."""
    return get_onda2022_experiment(dataset, experiment_id(mtry, n_tree))["parameters"]


def get_onda2022_reference(wildcards):
    """The experiment of the data set at its reference n_tree (mtry = √d), §3.3.2."""
    n_tree = ONDA["datasets"][wildcards.dataset]["reference_n_tree"]
    return get_onda2022_parameters(wildcards.dataset, "sqrt", n_tree)


def get_onda2022_forests(wildcards):
    """The forests of §3 (mtry = √d) on the data set, for every n_tree."""
    return [
        get_onda2022_parameters(wildcards.dataset, "sqrt", t)
        for t in dataset_n_trees(ONDA, wildcards.dataset)
    ]


def get_onda2022_figure15_forests(wildcards):
    """Fig. 15's forests (the large normalised mtry) on the data set, for every n_tree."""
    return [
        get_onda2022_parameters(wildcards.dataset, mtry, t)
        for mtry, t in ONDA_PLAN.figure15_experiments
    ]
