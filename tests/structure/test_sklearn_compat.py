"""The private scikit-learn API fsstab uses (fsstab._sklearn_compat), checked against the
installed scikit-learn: every entry must still exist in the form fsstab uses it, and no module
of src/ may reach private scikit-learn API except through the compatibility module."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
import sklearn
from packaging.requirements import Requirement

from fsstab._sklearn_compat import PRIVATE_MEMBERS, PRIVATE_NAMES

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "fsstab"
COMPAT = SRC / "_sklearn_compat.py"


def _gone(what: str, used_by: str) -> str:
    return (f"scikit-learn {sklearn.__version__} no longer has {what} (used by {used_by}); "
            "adapt fsstab._sklearn_compat and its users, or keep the scikit-learn bound in "
            "pyproject.toml below this release")


def _resolve(dotted: str):
    """The object at a dotted path: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:
            value = getattr(value, name)
        return value
    raise ImportError(dotted)


@pytest.mark.parametrize("name", sorted(PRIVATE_NAMES))
def test_private_name_exists_as_used(name):
    entry = PRIVATE_NAMES[name]
    module = importlib.import_module(entry.module)
    assert hasattr(module, name), _gone(f"{entry.module}.{name}", entry.used_by)
    value = getattr(module, name)
    if entry.keywords:
        accepted = inspect.signature(value).parameters
        missing = [keyword for keyword in entry.keywords if keyword not in accepted]
        assert not missing, _gone(f"the keyword(s) {missing} of {entry.module}.{name}",
                                  entry.used_by)
    import fsstab._sklearn_compat as compat

    assert getattr(compat, name) is value


def _fitted_instances(owner: str):
    """Instances on which a private attribute is looked for (set by fit or the constructor)."""
    if owner == "sklearn.ensemble.RandomForestClassifier":
        from sklearn.ensemble import RandomForestClassifier

        rng = np.random.RandomState(0)
        X = rng.normal(size=(20, 3))
        return RandomForestClassifier(n_estimators=2, random_state=0).fit(X, np.arange(20) % 2)
    if owner == "sklearn.metrics._scorer._MultimetricScorer":
        from sklearn.metrics import get_scorer

        return _resolve(owner)(scorers={"accuracy": get_scorer("accuracy")})
    raise AssertionError(f"no instance known for {owner}: add one to this test")


@pytest.mark.parametrize("member", PRIVATE_MEMBERS, ids=lambda m: f"{m.owner}.{m.name}")
def test_private_member_exists_as_used(member):
    try:
        owner = _resolve(member.owner)
    except (ImportError, AttributeError):
        pytest.fail(_gone(member.owner, member.used_by))
    what = f"{member.owner}.{member.name}"
    if member.kind == "read":
        assert hasattr(_fitted_instances(member.owner), member.name), _gone(what, member.used_by)
        return
    if member.kind == "set":
        return  # test_fit_sets_no_private_attribute_fsstab_does_not_set
    if member.kind == "declared":
        assert member.name in inspect.getsource(owner), _gone(
            f"{member.owner} reading {member.name}", member.used_by)
        return
    assert member.kind in ("method", "hook"), member
    assert callable(getattr(owner, member.name, None)), _gone(what, member.used_by)
    accepted = inspect.signature(getattr(owner, member.name)).parameters
    missing = [parameter for parameter in member.parameters if parameter not in accepted]
    assert not missing, _gone(f"the parameter(s) {missing} of {what}", member.used_by)


def test_fit_sets_no_private_attribute_fsstab_does_not_set():
    # fsstab._forest assembles a fitted forest without fit: every private attribute that fit
    # sets must be set there too (the public ones are compared by tests/selectors/test_forest.py)
    owners = {member.owner for member in PRIVATE_MEMBERS if member.kind == "set"}
    assert owners == {"sklearn.ensemble.RandomForestClassifier"}
    for owner in owners:
        set_by_fit = {name for name in vars(_fitted_instances(owner)) if name.startswith("_")}
        set_by_fsstab = {member.name for member in PRIVATE_MEMBERS
                         if member.owner == owner and member.kind == "set"}
        missing = sorted(set_by_fit - set_by_fsstab)
        assert not missing, (
            f"scikit-learn {sklearn.__version__}'s {owner}.fit sets {missing}, which "
            "fsstab._forest does not set: set it there and list it in "
            "fsstab._sklearn_compat.PRIVATE_MEMBERS")


def test_fsstab_constraints_pass_scikit_learns_make_constraint():
    # make_constraint hands on instances of scikit-learn's own constraint classes only (and
    # raises for any other _Constraint): fsstab's derive from them, and must stay accepted
    from fsstab._sklearn_compat import make_constraint
    from fsstab.selectors._constraints import Names, Selector, UnitPair

    for constraint in (Names({"a": 1}, what="letter"), Selector(), UnitPair()):
        assert make_constraint(constraint) is constraint, type(constraint).__name__


def _is_private_sklearn(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "sklearn" and any(part.startswith("_") for part in parts)


def test_private_sklearn_api_is_imported_only_through_the_compat_module():
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        if path == COMPAT:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and (
                node.module.split(".")[0] == "sklearn"
            ):
                private = [a.name for a in node.names if a.name.startswith("_")]
                if _is_private_sklearn(node.module) or private:
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno} {node.module}")
            elif isinstance(node, ast.Import):
                offenders += [f"{path.relative_to(REPO)}:{node.lineno} {a.name}"
                              for a in node.names if _is_private_sklearn(a.name)]
    assert not offenders, ("import these from fsstab._sklearn_compat (and list them there): "
                           f"{offenders}")


def _private_members_defined_by_sklearn(classes, names):
    found = set()
    for cls in classes:
        for base in cls.__mro__:
            if base.__module__.split(".")[0] != "sklearn":
                continue
            found |= {name for name in names if name in vars(base)}
    return found


def test_every_private_member_used_is_listed():
    """The private members of scikit-learn objects that fsstab.sklearn (``self._x`` inherited
    from BaseSearchCV, ``scorers._x``) and fsstab._forest (``forest._x``) use are all listed in
    PRIVATE_MEMBERS."""
    from fsstab.sklearn import RandomizedStabilitySearchCV, StabilitySearchCV

    listed = {member.name for member in PRIVATE_MEMBERS}
    search_source = "\n".join(path.read_text(encoding="utf-8")
                              for path in sorted((SRC / "sklearn").glob("*.py")))
    used = set(re.findall(r"\bself\.(_[A-Za-z]\w*)", search_source))
    inherited = _private_members_defined_by_sklearn(
        (StabilitySearchCV, RandomizedStabilitySearchCV), used)
    assert inherited <= listed, sorted(inherited - listed)
    assert {"_get_scorers", "_format_results", "_get_routed_params_for_fit"} <= inherited
    # fsstab's own dotted module paths (fsstab.sklearn._tracing) are no scikit-learn members
    own_paths_dropped = re.sub(r"\bfsstab(\.\w+)+", "", search_source)
    others = set(re.findall(r"\b(?!self\b)\w+\.(_[A-Za-z]\w*)", own_paths_dropped))
    assert "_scorers" in others  # the pattern still finds what it is meant to find
    assert others <= listed, sorted(others - listed)

    forest_source = (SRC / "_forest.py").read_text(encoding="utf-8")
    used = set(re.findall(r"\bforest\.(_[A-Za-z]\w*)", forest_source))
    assert used, "the forest's private members are no longer found by this test"
    assert used <= listed, sorted(used - listed)


def test_scikit_learn_is_bounded_where_private_api_is_used():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirement = next(Requirement(line) for line in project["dependencies"]
                       if Requirement(line).name == "scikit-learn")
    assert any(spec.operator == "<" for spec in requirement.specifier), (
        f"{requirement}: private API is used, so pyproject.toml bounds scikit-learn above")
    assert requirement.specifier.contains(sklearn.__version__), (
        f"installed scikit-learn {sklearn.__version__} is outside {requirement}")
