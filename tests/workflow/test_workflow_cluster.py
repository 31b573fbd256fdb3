"""The SLURM profile against a real single-node SLURM on 127.0.0.1 (opt-in: ``-m cluster``).

tests/cluster/start_slurm.sh installs (Debian slurm-wlm, munge) and starts the daemons
idempotently; the test submits every job of the tiny configuration through sbatch
(``localrules: false``) and compares the result tables with those of a local run. The daemons
this test started are stopped at the end, by pid, and the SLURM configuration the start wrote
is removed, so that no later ``snakemake`` start waits for a controller that is gone.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
from conftest import (
    REPO,
    cluster_selected,
    cluster_setup_note,
    run_snakemake,
    tiny_config,
    workflow_dir,
)

SCRIPTS = REPO / "tests" / "cluster"
SLURM_BASE = Path(os.environ.get("FSSTAB_SLURM_DIR", "/var/tmp/fsstab-slurm"))


@pytest.fixture(scope="module")
def slurm_conf():
    if shutil.which("bash") is None:
        pytest.skip("bash is needed to start SLURM")
    result = subprocess.run(["bash", str(SCRIPTS / "start_slurm.sh"), str(SLURM_BASE)],
                            capture_output=True, text=True, timeout=1500, check=False)
    # whatever happens next, stop exactly the daemons this start launched
    pids = [pid for _, pid in re.findall(r"^started (\S+) (\d+)$", result.stdout,
                                         flags=re.MULTILINE)]
    if "installing slurm-wlm and munge with apt-get" in result.stderr:
        # the suite changed this machine: say so in the summary, not only in the header
        warnings.warn("tests/cluster/start_slurm.sh installed the Debian packages slurm-wlm "
                      "and munge with apt-get", UserWarning, stacklevel=1)
    try:
        if result.returncode == 3:
            reason = result.stderr.strip().splitlines()[-1]
            pytest.skip(f"SLURM cannot be installed here: {reason}")
        assert result.returncode == 0, result.stderr[-3000:]
        yield re.search(r"^SLURM_CONF=(.+)$", result.stdout, flags=re.MULTILINE).group(1)
    finally:
        # with no pid of ours ("none" matches no daemon) it still removes the configuration
        # the start wrote, unless daemons found running keep using it
        subprocess.run(["bash", str(SCRIPTS / "stop_slurm.sh"), str(SLURM_BASE),
                        *(pids or ["none"])],
                       capture_output=True, text=True, timeout=120, check=False)


def job_counts(output: str) -> dict[str, int]:
    """Jobs per rule from Snakemake's dry-run statistics table."""
    block = output.split("Job stats:", 1)[1]
    counts = {}
    for line in block.splitlines()[3:]:
        parts = line.split()
        if len(parts) != 2 or parts[0] == "total":
            break
        counts[parts[0]] = int(parts[1])
    return counts


@pytest.mark.cluster
@pytest.mark.workflow
def test_slurm_profile_runs_every_job_through_sbatch(slurm_conf, tiny_run, tmp_path):
    config = tiny_config()
    config["localrules"] = False
    workdir = workflow_dir(tmp_path / "cluster", config)
    env = {"SLURM_CONF": slurm_conf}
    # the result tables (figures are drawn from them by the same code as locally; leaving them
    # out keeps the test to a few minutes: each SLURM job costs seconds of polling)
    targets = ["results/summary.parquet", "results/pareto_rank.parquet",
               "results/tiny/pareto.parquet"]
    dry = run_snakemake(workdir, "-n", "--cores", "1", *targets, env=env)
    assert dry.returncode == 0, dry.stderr[-3000:]
    jobs = {rule: n for rule, n in job_counts(dry.stdout + dry.stderr).items() if rule != "all"}
    logdir = tmp_path / "slurm_logs"
    result = run_snakemake(
        workdir, *targets, "--workflow-profile", str(REPO / "profiles" / "slurm"),
        "--jobs", "4", "--slurm-logdir", str(logdir), "--slurm-keep-successful-logs",
        "--slurm-init-seconds-before-status-checks", "1",
        env=env, timeout=1500,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-6000:]
    # one SLURM log per submitted job, for every rule of the DAG
    logs = sorted(logdir.rglob("*.log"))
    per_rule: dict[str, int] = {}
    for log in logs:
        rule = log.relative_to(logdir).parts[0].removeprefix("rule_")
        per_rule[rule] = per_rule.get(rule, 0) + 1
    assert per_rule == jobs
    # the cluster's tables equal the local run's, byte for byte (timings excepted)
    compared = 0
    for path in sorted((workdir / "results").rglob("*.parquet")):
        relative = path.relative_to(workdir)
        if path.name.endswith("timings.parquet"):
            continue
        assert path.read_bytes() == (tiny_run / relative).read_bytes(), relative
        compared += 1
    assert compared >= 15


def test_the_apt_step_is_announced(monkeypatch):
    """Run as root without SLURM, the suite installs Debian packages: the header says so."""
    import shutil as shutil_module

    monkeypatch.setattr(shutil_module, "which",
                        lambda name: "/usr/bin/apt-get" if name == "apt-get" else None)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    note = cluster_setup_note()
    assert note.startswith("cluster tests: will install the Debian packages slurm-wlm and munge "
                           "with apt-get")
    assert "stopped afterwards; leave out -m cluster to skip them" in note
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert "will be skipped" in cluster_setup_note()


def test_the_cluster_tests_are_opt_in():
    """A plain `pytest` deselects them (pyproject's addopts); `-m cluster` selects them."""
    import tomllib

    options = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"]["addopts"]
    assert '-m "not slow and not cluster"' in options
    assert not cluster_selected("not slow and not cluster")
    assert cluster_selected("cluster")
    assert cluster_selected("slow or cluster")
    assert not cluster_selected("not cluster")


def test_the_stop_removes_only_the_configuration_the_start_wrote(tmp_path):
    """stop_slurm.sh with no daemon of BASE left removes the files start_slurm.sh wrote (they
    begin with its marker), never another configuration; run on copies in ``tmp_path``."""
    base, etc = tmp_path / "base", tmp_path / "etc"
    base.mkdir()
    etc.mkdir()
    ours = etc / "slurm.conf"
    ours.write_text("# written by tests/cluster/start_slurm.sh -- a single node\nClusterName=x\n")
    theirs = etc / "cgroup.conf"
    theirs.write_text("# the site's own\nCgroupPlugin=cgroup/v1\n")
    (base / "started").write_text("")
    env = {**os.environ, "FSSTAB_SLURM_ETC": str(etc)}
    result = subprocess.run(["bash", str(SCRIPTS / "stop_slurm.sh"), str(base)], env=env,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert not ours.exists()
    assert theirs.read_text().startswith("# the site's own")
    assert f"removed {ours}" in result.stderr


def test_the_slurm_plugin_is_an_extra_of_its_own():
    """What a laptop user installs (`workflow`) has no SLURM plugin, which Snakemake would
    import at each start; `slurm` has it, and `test` brings it for the cluster test."""
    import tomllib

    from packaging.requirements import Requirement

    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    names = {extra: {Requirement(r).name for r in requirements}
             for extra, requirements in extras.items()}
    plugin = "snakemake-executor-plugin-slurm"
    assert plugin not in names["workflow"]
    assert plugin in names["slurm"]
    assert {"slurm"} <= Requirement(extras["test"][0]).extras
