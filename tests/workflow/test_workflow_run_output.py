"""A run as a new user sees it: quiet console output with the progress of long selection jobs,
a report without warnings that opens on the results and is written into its own
configuration's folder, and configurations sharing a results folder that keep each other's
rows."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml
from conftest import REPO, run_snakemake, tiny_config, tiny_run_output

from fsstab.workflow.progress import Progress, format_duration
from fsstab.workflow.report_path import report_path, report_path_problem


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_reaches_the_console_at_most_every_interval(caplog):
    clock, console = _Clock(), io.StringIO()
    progress = Progress("dataset 'd', configuration 'rf'", 30, 1, console_name="select d/rf",
                        interval=10.0, console=console, clock=clock)
    with caplog.at_level("INFO", logger="fsstab.workflow.selection"):
        for r in range(30):
            progress.start(r)
            clock.now += 1.5
            progress.done(r)
    lines = console.getvalue().splitlines()
    # 45 s of work: lines at 10.5 s, 21 s, 31.5 s, 42 s; none for the last resample
    assert len(lines) == 4
    assert lines[0] == ("select d/rf: 7 of 30 resamples done (23 %), 1.5 s each, about 34 s to "
                        "go")
    assert sum("done" in r.getMessage() for r in caplog.records) == 30  # the log has all
    assert format_duration(125) == "2 min 05 s"
    quiet = io.StringIO()
    Progress("x", 3, 1, interval=None, console=quiet, clock=_Clock()).done(0)
    assert quiet.getvalue() == ""


def test_the_local_profile_is_quiet_and_reports_without_warnings():
    profile = yaml.safe_load((REPO / "profiles/default/config.yaml").read_text())
    assert "printshellcmds" not in profile  # "Shell command: None" once per job
    assert {"rules", "host"} <= set(profile["quiet"])
    assert profile["show-failed-logs"] is True
    assert "disk_mb" in profile["default-resources"]
    from snakemake.profiles import ProfileConfigFileParser

    folder = REPO / "profiles/default"
    with (folder / "config.yaml").open() as stream:  # as Snakemake reads it
        parsed = ProfileConfigFileParser().parse(stream)
    for key in ("report-metadata", "report-stylesheet"):
        assert Path(parsed[key]).is_absolute()
        assert Path(parsed[key]).is_file()


@pytest.mark.parametrize(("argv", "path"), [
    (["snakemake", "--cores", "2"], None),
    (["snakemake", "--report"], "report.html"),
    (["snakemake", "--report", "--configfile", "a.yaml"], "report.html"),
    (["snakemake", "--report", "results/my_data/report.html", "--configfile", "a.yaml"],
     "results/my_data/report.html"),
    (["snakemake", "--report=out/r.zip"], "out/r.zip"),
])
def test_report_path_of_a_command_line(argv, path):
    assert report_path(argv) == path


def test_a_report_outside_its_configurations_folder_is_refused():
    assert report_path_problem(["snakemake", "--report", "results/report.html"],
                               "results") is None
    assert report_path_problem(["snakemake", "--report", "results/my_data/report.html"],
                               "results/my_data") is None
    problem = report_path_problem(["snakemake", "--report", "results/report.html"],
                                  "results/my_data")
    assert "snakemake --report results/my_data/report.html" in problem
    assert report_path_problem(["snakemake", "--report", "results/my_data/report.html"],
                               "results") is not None
    assert "results/report.html" in report_path_problem(["snakemake", "--report"], "results")


@pytest.fixture(scope="module")
def quiet_run(tiny_run, tmp_path_factory):
    """A copy of the tiny run's folder (the tests below write into it: a report, a second
    configuration) and what the run printed (FSSTAB_PROGRESS_SECONDS=0: a progress line
    after every resample)."""
    workdir = tmp_path_factory.mktemp("quiet_run") / "run"
    shutil.copytree(tiny_run, workdir, symlinks=True)
    return workdir, tiny_run_output(tiny_run)


@pytest.mark.workflow
def test_the_run_output_is_quiet_and_shows_selection_progress(quiet_run):
    _, output = quiet_run
    assert "Shell command" not in output
    assert "reason:" not in output  # the per-job blocks (and the target list) are not printed
    assert "select tiny/lasso: 1 of 4 resamples done (25 %)" in output
    assert "select tiny/hybrid: 3 of 4 resamples done (75 %)" in output
    jobs = int(output.split("\ntotal", 1)[1].split()[0])
    assert len(output.splitlines()) < 40 + 6 * jobs, output


@pytest.mark.workflow
def test_the_report_opens_on_the_results_without_warnings(quiet_run):
    workdir, _ = quiet_run
    # started in the checkout, for another folder (--directory): the profile's report files
    # are found all the same
    result = run_snakemake(workdir, "--report", "results/report.html")
    message = result.stdout + result.stderr
    assert result.returncode == 0, message[-3000:]
    assert "never awaited" not in message
    html = (workdir / "results/report.html").read_text(encoding="utf-8")
    assert "Is M enough?" in html  # the landing page's convergence sentence
    assert "Stable features" in html
    assert '"fsstab": ' in html  # the metadata that makes it open on the landing page


@pytest.mark.workflow
def test_another_configuration_may_not_overwrite_the_report(quiet_run, tmp_path):
    workdir, _ = quiet_run
    other = tiny_config()
    other["results_dir"] = "results/other"
    path = workdir / "other.yaml"
    path.write_text(yaml.safe_dump(other))
    result = run_snakemake(workdir, "--report", "results/report.html", "--configfile",
                           str(path))
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "snakemake --report results/other/report.html" in message
    assert "Report created" not in message


@pytest.mark.workflow
def test_a_second_configuration_in_the_folder_keeps_the_first_ones_rows(quiet_run):
    workdir, _ = quiet_run
    second = tiny_config()
    second["datasets"] = {"tiny2": second["datasets"]["tiny"]}
    del second["selectors"]["hybrid"]
    path = workdir / "second.yaml"
    path.write_text(yaml.safe_dump(second))
    result = run_snakemake(workdir, "--cores", "2", "--configfile", str(path))
    assert result.returncode == 0, result.stderr[-3000:]
    summary = pd.read_parquet(workdir / "results/summary.parquet")
    assert list(dict.fromkeys(summary["dataset"])) == ["tiny2", "tiny"]
    first = pd.read_parquet(workdir / "results/tiny/stability.parquet")
    assert summary[summary["dataset"] == "tiny"]["label"].tolist() == first["label"].tolist()
    assert set(pd.read_csv(workdir / "results/summary.csv")["dataset"]) == {"tiny", "tiny2"}
    ranks = pd.read_parquet(workdir / "results/pareto_rank.parquet")
    assert ranks["datasets"].tolist()[0] == "tiny2"
    assert set(ranks["datasets"]) == {"tiny2", "tiny"}
    assert Path(workdir / "results/tiny2/convergence.parquet").is_file()
