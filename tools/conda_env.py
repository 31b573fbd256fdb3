"""Write envs/fsstab.yaml, the conda environment of every rule, from pyproject.toml.

``pyproject.toml`` is the one list of fsstab's dependencies; the conda environment that
``snakemake --software-deployment-method conda`` builds for the jobs is generated from it::

    python3 tools/conda_env.py            # rewrite envs/fsstab.yaml
    python3 tools/conda_env.py --check    # exit 1 if envs/fsstab.yaml is out of date

``tests/structure/test_dependencies.py`` fails when the file differs from what this tool writes, so
a
dependency changed in ``pyproject.toml`` cannot be forgotten in the environment.

Why a generated file rather than an environment that ``pip install``-s the checkout: Snakemake
names a conda environment by the hash of its YAML file and copies that file into
``.snakemake/conda/`` before creating it, so a ``pip: [-e ..]`` line would resolve against the
copy's folder, and an environment that installs the package would not be rebuilt when
``pyproject.toml`` changes (its YAML, hence its hash, stays the same). Generated pins change the
YAML, so Snakemake rebuilds the environment exactly when the dependencies change. fsstab itself
is not installed into it: the Snakefile puts the checkout's ``src/`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = REPO / "pyproject.toml"
ENVIRONMENT = REPO / "envs" / "fsstab.yaml"

#: Dependencies conda-forge does not carry (or carries too old): installed by pip inside the env.
PIP_ONLY = ("rdata", "abess")

#: PyPI names that conda-forge spells differently (none today; kept explicit).
CONDA_NAMES: dict[str, str] = {}

HEADER = """\
# GENERATED from pyproject.toml by tools/conda_env.py -- do not edit; change pyproject.toml and
# run `python3 tools/conda_env.py` (tests/structure/test_dependencies.py checks the two agree).
# Conda environment of every rule (snakemake --software-deployment-method conda): fsstab's
# dependencies on the oldest Python it supports. fsstab itself comes from the checkout: the
# Snakefile puts its src/ folder on PYTHONPATH for every job.
"""


def _python_pin(requires_python: str) -> str:
    # the oldest supported Python, the one the tests run on
    lower = [spec.version for spec in Requirement(f"python{requires_python}").specifier
             if spec.operator == ">="]
    if len(lower) != 1:
        raise SystemExit(f"pyproject.toml: requires-python = {requires_python!r} needs one '>=' "
                         "bound (the Python of the conda environment)")
    return f"python={lower[0]}"


def _spec(requirement: Requirement, conda: bool) -> str:
    if requirement.marker is not None or requirement.extras or requirement.url:
        raise SystemExit(f"pyproject.toml: dependency {str(requirement)!r} has a marker, extra or "
                         "URL, which this tool does not translate to conda; extend it")
    name = CONDA_NAMES.get(requirement.name, requirement.name) if conda else requirement.name
    # conda and pip read the same comparison syntax; order the clauses for a stable file
    clauses = sorted(str(spec) for spec in requirement.specifier)
    clauses.sort(key=lambda clause: not clause.startswith(">"))
    return name + ",".join(clauses)


def environment_text(pyproject: Path = PYPROJECT) -> str:
    """The text of envs/fsstab.yaml for the dependencies in ``pyproject``."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    requirements = [Requirement(line) for line in project["dependencies"]]
    unknown_pip = sorted(set(PIP_ONLY) - {r.name for r in requirements})
    if unknown_pip:
        raise SystemExit(f"tools/conda_env.py: PIP_ONLY names {unknown_pip}, which are not "
                         "dependencies in pyproject.toml")
    conda = [_spec(r, conda=True) for r in requirements if r.name not in PIP_ONLY]
    pip = [_spec(r, conda=False) for r in requirements if r.name in PIP_ONLY]
    lines = [HEADER.rstrip("\n"), "channels:", "  - conda-forge", "  - nodefaults",
             "dependencies:", f"  - {_python_pin(project['requires-python'])}"]
    lines += [f"  - {spec}" for spec in conda]
    if pip:
        lines += ["  - pip", "  - pip:"] + [f"      - {spec}" for spec in pip]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 (writing nothing) if envs/fsstab.yaml is out of date")
    args = parser.parse_args()
    text = environment_text()
    current = ENVIRONMENT.read_text(encoding="utf-8") if ENVIRONMENT.exists() else ""
    if args.check:
        if current != text:
            print(f"{ENVIRONMENT.relative_to(REPO)} is out of date: run "
                  "python3 tools/conda_env.py", file=sys.stderr)
            raise SystemExit(1)
        return
    if current != text:
        ENVIRONMENT.write_text(text, encoding="utf-8")
        print(f"wrote {ENVIRONMENT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
