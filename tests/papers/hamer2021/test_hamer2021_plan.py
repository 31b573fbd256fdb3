"""Hamer & Dupont (2021): which figures a run draws and on which data sets
(fsstab.papers.hamer2021.plan), for the reduced configuration and with data sets left out.

The expected values are read off ``config/paper/hamer2021.test.yaml`` by hand: §7.1 runs singh,
§7.2 and §7.3 run ionosphere, sonar, breast and alon, substitutes are [breast, alon].
"""

from __future__ import annotations

from conftest import paper_workflow

from fsstab.papers.hamer2021.plan import FigureDatasets, Plan
from fsstab.papers.hamer2021.settings import SETTINGS


def plan(only_datasets=None, change=None):
    def edit(raw):
        if only_datasets is not None:
            raw["only_datasets"] = only_datasets
        if change:
            change(raw["paper"]["settings"])

    workflow = paper_workflow("hamer2021.test", edit)
    return Plan(SETTINGS.checked(workflow), workflow)


def test_the_reduced_configuration():
    p = plan()
    assert p.correlated_runs() == [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    assert p.decision_datasets() == {"singh": "t71_singh"}
    assert p.frequency_score_datasets() == {"singh": "t71_singh"}
    assert p.section_datasets("section72") == {
        "ionosphere": "t72_ionosphere", "sonar": "t72_sonar", "breast": "t72_breast",
        "alon": "t72_alon"}
    assert p.trajectory_methods() == ["elastic_net", "random_forest", "relief"]
    # Fig. 14 wants lsvt (the default), not run: the first substitute instead
    assert p.logistic_rfe_datasets() == FigureDatasets(
        {"breast": "t72_breast"}, "lsvt not in this run: breast shown instead")
    maps = p.map_figures()
    assert list(maps) == ["lasso", "random_forest", "relief"]
    assert maps["lasso"].datasets == {"breast": "t72_breast", "alon": "t72_alon"}
    assert maps["random_forest"] == FigureDatasets(
        {"breast": "t72_breast"}, "gastro not in this run: breast shown instead")
    appendix = p.appendix_figures()
    assert appendix[27] == FigureDatasets({"breast": "t72_breast"})  # breast is run: no note
    assert appendix[28] == FigureDatasets({"alon": "t72_alon"})
    # Fig. 26 is ionosphere and sonar (the paper's caption), both run
    assert appendix[26] == FigureDatasets({"ionosphere": "t72_ionosphere", "sonar": "t72_sonar"})
    assert appendix[29].datasets == {"breast": "t72_breast", "alon": "t72_alon"}
    # Fig. 18 is RELIEF on sonar, run
    assert maps["relief"] == FigureDatasets({"sonar": "t72_sonar"})
    assert p.distribution_datasets().datasets == {"breast": "t73_breast", "alon": "t73_alon"}
    assert p.selector_configurations("t72_breast", ["random_forest"]) == [
        "random_forest_n_estimators-3", "random_forest_n_estimators-20"]
    assert p.selector_configurations("t72_breast", ["rfe"]) == []
    assert (p.trajectory_method(15), p.map_method("16")) == ("random_forest", "random_forest")


def test_figures_of_data_sets_left_out_of_the_run():
    # only the §7.2 breast: no §7.1 or §7.3 figure, one substitute where two were wanted
    p = plan(only_datasets=["t72_breast"])
    assert p.decision_datasets() == p.frequency_score_datasets() == {}
    assert p.section_datasets("section73") == {}
    assert p.distribution_datasets() == FigureDatasets({})
    assert p.appendix_figures()[29] == FigureDatasets(
        {"breast": "t72_breast"}, "gravier, arcene not in this run: breast shown instead")
    # no §7.2 data set at all: no §7.2 figure, whatever the methods
    p = plan(only_datasets=["t71_singh"])
    assert p.trajectory_methods() == []
    assert p.map_figures() == p.appendix_figures() == {}
    assert p.logistic_rfe_datasets() == FigureDatasets({})


def test_figures_of_methods_not_configured():
    def without(settings):
        for method in ("logistic_rfe", "relief"):
            settings["section72"]["methods"].pop(method)

    p = plan(change=without)
    assert p.trajectory_methods() == ["elastic_net", "random_forest"]
    assert list(p.map_figures()) == ["lasso", "random_forest"]
    assert p.logistic_rfe_datasets() == FigureDatasets({})
