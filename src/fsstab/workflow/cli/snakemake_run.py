"""``fsstab run``'s call of Snakemake, through its Python API.

:func:`run_workflow` hands Snakemake the workflow's Snakefile, the configuration file and the
run's options as its own command line would (``snakemake.cli.parse_args``), so that a profile
(``--profile``; the workflow's ``profiles/default``, which Snakemake applies by itself) means
what it means to ``snakemake``, and runs them through ``snakemake.cli.args_to_api``, which
calls ``snakemake.api.SnakemakeApi`` (``workflow`` -> ``dag`` -> ``execute_workflow``), in
this process.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from fsstab.workflow.cli.check import workflow_root

__all__ = ["run_workflow", "snakemake_arguments"]


def snakemake_arguments(
    configfile: str | os.PathLike[str], *, cores: int, profile: str | None = None,
    dry_run: bool = False, directory: str | os.PathLike[str] = ".",
    snakefile: Path | None = None, extra: Sequence[str] = (),
) -> list[str]:
    """The arguments of the Snakemake run of ``configfile`` (as ``snakemake`` takes them).

    Examples
    --------
    >>> snakemake_arguments("r/fsstab-config.yaml", cores=2, snakefile=Path("/w/Snakefile"))
    ['--snakefile', '/w/Snakefile', '--configfile', 'r/fsstab-config.yaml', '--cores', '2', \
'--directory', '.']
    """
    snakefile = snakefile or workflow_root() / "Snakefile"
    arguments = ["--snakefile", str(snakefile), "--configfile", str(configfile),
                 "--cores", str(cores), "--directory", str(directory)]
    if profile is not None:
        arguments += ["--profile", str(profile)]
    if dry_run:
        arguments.append("--dry-run")
    return [*arguments, *extra]


def run_workflow(configfile: str | os.PathLike[str], *, cores: int, profile: str | None = None,
                 dry_run: bool = False, directory: str | os.PathLike[str] = ".",
                 extra: Sequence[str] = ()) -> bool:
    """Run the workflow on ``configfile`` with Snakemake (module docstring); True when every
    job succeeded. A failure is printed as ``snakemake`` prints it."""
    try:
        from snakemake.cli import args_to_api, parse_args
        from snakemake.exceptions import print_exception
    except ImportError as exc:  # the library alone does not install Snakemake
        raise ImportError("`fsstab run` runs the workflow with Snakemake, which the 'workflow' "
                          "extra installs: pip install -e \".[workflow]\"") from exc

    arguments = snakemake_arguments(configfile, cores=cores, profile=profile, dry_run=dry_run,
                                    directory=directory, extra=extra)
    try:
        parser, args = parse_args(arguments)
        return bool(args_to_api(args, parser))
    except Exception as exc:
        print_exception(exc)
        return False
