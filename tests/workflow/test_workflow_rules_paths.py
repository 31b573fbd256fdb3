"""Every product path is spelled once, in a get_* function: rules/common.smk for the stages'
products, a paper's own rules/paper_<name>/common.smk (or its PaperConfig paths through
get_paper_*) for the paper's. Every output of every rule in every rules file (subfolders
included) comes from a get_* function; no path a get_* function spells is spelled again, in a
rule, an input function, a parameter or another get_* function; a stem given to get_paper_*
for a rule's output is not spelled again (later rules take rules.<rule>.output)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from pathlib import Path

import pytest
from _rules_source import REPO, RULES, Rule, every_rule, read_rules, rules_files

#: The folders of the workflow a path is rooted in (rules/common.smk): kept by name.
ROOTS = ("RESULTS", "DATA", "LOGS", "BENCH")

_FIELD = re.compile(r"\{([^{}]*)\}")
_EXTENSION = re.compile(r"(\.[A-Za-z0-9]+)+$")


def normalised(text: str, fstring: bool) -> str:
    """A path as spelled, with its roots kept ({RESULTS}) and every other field or wildcard
    written {}: f"{RESULTS}/{{dataset}}/x.parquet", f"{RESULTS}/{dataset}/x.parquet" and
    "{RESULTS}/{dataset}/x.parquet" read alike."""
    if fstring:
        text = text.replace("{{", "\0").replace("}}", "\1")
    text = _FIELD.sub(_field, text)
    text = text.replace("\0", "{").replace("\1", "}")
    return _FIELD.sub(_field, text)


def _field(match: re.Match) -> str:
    return "{" + match.group(1) + "}" if match.group(1) in ROOTS else "{}"


def _named(component: str) -> bool:
    """Whether a path component has a name of its own (not only fields and an extension)."""
    return bool(re.search(r"[A-Za-z]", _EXTENSION.sub("", component).replace("{}", "")))


def is_path(text: str) -> bool:
    """A spelled product path: a root, a folder, or a file name with an extension."""
    if any(f"{{{root}}}" in text for root in ROOTS):
        return True
    return " " not in text and ("/" in text or bool(_EXTENSION.search(text))) and \
        any(_named(c) for c in text.split("/"))


def _strings(source: str, first_line: int = 1) -> list[tuple[int, str]]:
    """(line, normalised text) of every string literal of a piece of rules source, comments
    and docstrings left out."""
    found = []
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    previous = None
    for token in tokens:
        if token.type == tokenize.STRING:
            prefix = re.match(r"[A-Za-z]*", token.string).group(0).lower()
            body = ast.literal_eval(token.string[len(prefix):]) if "f" in prefix else None
            if "f" in prefix:
                body = token.string[len(prefix):]
                body = body[3:-3] if body[:3] in ('"""', "'''") else body[1:-1]
            else:
                body = ast.literal_eval(token.string)
            docstring = previous in (None, tokenize.INDENT, tokenize.NEWLINE, tokenize.DEDENT) \
                and token.string.lstrip("rbuRBU").startswith(('"""', "'''"))
            if isinstance(body, str) and not docstring:
                found.append((first_line + token.start[0] - 1, normalised(body, "f" in prefix)))
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token.type
    return found


def split_get_functions(path: Path) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The top-level ``def get_*`` functions of a rules file (name -> first line, source) and
    the rest of the file as (first line, source) pieces."""
    functions, rest = {}, []
    name, start, lines = None, 1, []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line and not line[0].isspace() and not line.startswith(("#", ")", "]", "}")):
            if name is not None:
                functions[name] = (start, "\n".join(lines))
            elif lines:
                rest.append((start, "\n".join(lines)))
            match = re.match(r"def (get_\w+)\(", line)
            name, start, lines = (match.group(1) if match else None), number, []
        lines.append(line)
    if name is not None:
        functions[name] = (start, "\n".join(lines))
    elif lines:
        rest.append((start, "\n".join(lines)))
    return functions, rest


def _label(path: Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else path.name


def _files() -> list[Path]:
    return [*rules_files(), REPO / "Snakefile"]


def get_paths(files: list[Path]) -> dict[str, list[str]]:
    """Normalised path -> the get_* functions spelling it."""
    spelled = defaultdict(list)
    for path in files:
        functions, _ = split_get_functions(path)
        for function, (start, source) in functions.items():
            for _, text in _strings(source, start):
                if is_path(text):
                    spelled[text].append(f"{_label(path)}:{function}")
    return spelled


def respellings(files: list[Path]) -> list[str]:
    """Where a path of a get_* function is spelled outside the get_* functions: the same path,
    a file below its folder, or its file name."""
    products = [p for p in get_paths(files) if any(_named(c) for c in p.split("/"))]
    files_names = {p.rsplit("/", 1)[-1] for p in products if "/" in p}
    found = []
    for path in files:
        _, rest = split_get_functions(path)
        for start, source in rest:
            for line, text in _strings(source, start):
                if not is_path(text):
                    continue
                hit = [p for p in products if text == p or text.startswith(p + "/")]
                tail = text.rsplit("/", 1)[-1]
                rooted = any(text.startswith(f"{{{root}}}") for root in ROOTS)
                if not hit and rooted and tail in files_names and _EXTENSION.search(tail) \
                        and _named(tail):
                    hit = [tail]
                if hit:
                    found.append(f"{_label(path)}:{line} {text!r} (get_* spells {hit[0]!r})")
    return found


def _get_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
        node.func.id.startswith("get_")


def inline_outputs(rule: Rule) -> list[str]:
    """The paths a rule's output spells itself: every string literal of an output item that
    is neither an argument of a get_* call, nor a key naming an output, nor an argument of
    report() other than the file."""
    arguments = rule.arguments("output")
    if arguments is None:
        return []
    allowed: set[int] = set()
    for node in ast.walk(arguments):
        if _get_call(node):
            allowed |= {id(n) for arg in [*node.args, *node.keywords] for n in ast.walk(arg)}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "report":
            allowed |= {id(n) for kw in node.keywords for n in ast.walk(kw)}
        elif isinstance(node, (ast.Dict, ast.DictComp)):
            keys = node.keys if isinstance(node, ast.Dict) else [node.key]
            allowed |= {id(n) for key in keys if key is not None for n in ast.walk(key)}
    items = [*arguments.args, *(kw.value for kw in arguments.keywords)]
    found = []
    for item in items:
        inside = {id(v) for n in ast.walk(item) if isinstance(n, ast.JoinedStr) for v in n.values}
        spelled = [text for node in ast.walk(item)
                   if id(node) not in allowed and id(node) not in inside
                   for text in [_literal(node)] if text is not None and is_path(text)]
        if not spelled and not any(
                _get_call(n) or ast.unparse(n).startswith("rules.")
                for n in ast.walk(item) if isinstance(n, (ast.Call, ast.Attribute))):
            spelled = [ast.unparse(item)]  # a path from elsewhere (a helper, a variable)
        found += spelled
    return found


def _literal(node: ast.AST) -> str | None:
    """The normalised text of a string literal node (f-string fields: {ROOT} or {})."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return normalised(node.value, False)
    if isinstance(node, ast.JoinedStr):
        text = "".join(
            v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant)
            else "{" + (v.value.id if isinstance(v.value, ast.Name) else "") + "}"
            for v in node.values)
        return normalised(text, True)
    return None


def output_stems(rule: Rule) -> list[tuple[str, str]]:
    """(get_* function, stem) of the get_* calls of a rule's output whose first argument is
    spelled in full (a string, or an f-string of wildcards only): a paper's files."""
    arguments = rule.arguments("output")
    if arguments is None:
        return []
    found = []
    for node in ast.walk(arguments):
        if not (_get_call(node) and node.args):
            continue
        first = node.args[0]
        if isinstance(first, ast.JoinedStr) and any(
                isinstance(v, ast.FormattedValue) for v in first.values):
            continue
        text = _literal(first)
        if text is not None and _named(text):
            found.append((node.func.id, text))
    return found


def _paper(rule: Rule) -> str:
    """The paper a rule belongs to (rules/paper_<name>.smk, rules/paper_<name>/), else ""."""
    relative = rule.path.relative_to(RULES)
    return relative.parts[0].removesuffix(".smk") if relative.parts[0].startswith("paper_") \
        else ""


@pytest.mark.parametrize("path", rules_files(), ids=lambda p: str(p.relative_to(RULES)))
def test_every_output_comes_from_a_get_function(path):
    found = [f"{rule.where}: {spelled}" for rule in read_rules(path)
             for spelled in inline_outputs(rule)]
    assert not found, f"spell these outputs through a get_* function of common.smk: {found}"


def test_no_two_get_functions_spell_a_path():
    twice = {p: where for p, where in get_paths(_files()).items() if len(set(where)) > 1}
    assert not twice, f"spell each path in one get_* function, the others call it: {twice}"


def test_no_product_path_is_spelled_outside_the_get_functions():
    found = respellings(_files())
    assert not found, f"take these paths from the get_* function that spells them: {found}"


def test_a_stem_of_a_paper_output_is_spelled_once():
    # the file a rule writes under the paper's folder (get_paper_table("fig01_...")) is named
    # once: later rules read rules.<rule>.output
    rules = every_rule()
    where = defaultdict(set)
    for rule in rules:
        for function, stem in output_stems(rule):
            where[_paper(rule), function, stem].add(rule.where)
    read = defaultdict(list)
    for rule in rules:
        for directive in ("input", "params"):
            node = rule.arguments(directive)
            for each in ast.walk(node) if node is not None else ():
                text = _literal(each)
                if text is not None:
                    read[_paper(rule), text].append(f"{rule.where} {directive}")
    # (one pattern in rules that set their wildcards apart, wildcard_constraints, is two)
    constrained = {r.where for r in rules if "wildcard_constraints" in r.directives}
    for path in rules_files():  # and the code around the rules (targets, lists of parts)
        spans = [(r.line, r.end) for r in read_rules(path)]
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if any(a <= number <= b for a, b in spans) or line.lstrip().startswith("#"):
                continue
            for prefix, text in re.findall(r'(?<!\w)(f?)"([^"\n]*)"', line):
                rule = Rule("", path, number)
                read[_paper(rule), normalised(text, bool(prefix))].append(
                    f"{_label(path)}:{number}")
    twice = {key: sorted(w) for key, w in where.items()
             if len(w) > 1 and not ("{}" in key[2] and w <= constrained)}
    again = {key: read[key[0], key[2]] for key in where if (key[0], key[2]) in read}
    assert not twice, f"these stems name the outputs of two rules: {twice}"
    assert not again, f"read these outputs through rules.<rule>.output: {again}"


def test_the_checks_find_spelled_paths(tmp_path):
    common = tmp_path / "common.smk"
    common.write_text('def get_x(d):\n    """A doc/string.txt."""\n'
                      '    return f"{RESULTS}/{d}/x/runs.parquet"\n\n\n'
                      'def get_y(d):\n    return f"{RESULTS}/{d}/x/runs.parquet"\n\n\n'
                      'def helper(wildcards):\n'
                      '    return f"{RESULTS}/{wildcards.dataset}/x/runs.parquet"\n',
                      encoding="utf-8")
    rules = tmp_path / "x.smk"
    rules.write_text('rule a:\n    output:\n        f"{RESULTS}/{{dataset}}/x/runs.parquet",\n'
                     '        t=get_paper_table("fig01_a"),\n'
                     '        png=report(f"{RESULTS}/b.png", caption="../report/b.rst"),\n'
                     '    log:\n        f"{LOGS}/{{dataset}}/x/runs.log",\n\n\n'
                     'rule b:\n    input:\n        get_paper_table("fig01_a"),\n'
                     '    output:\n        **get_z("c/{d}.parquet"),\n'
                     '        m=report(get_m("{dataset}"), caption="../report/m.rst"),\n',
                     encoding="utf-8")
    spelled = get_paths([common, rules])
    assert spelled == {"{RESULTS}/{}/x/runs.parquet": ["common.smk:get_x", "common.smk:get_y"]}
    assert [f.split(" (")[0] for f in respellings([common, rules])] == [
        "common.smk:11 '{RESULTS}/{}/x/runs.parquet'", "x.smk:3 '{RESULTS}/{}/x/runs.parquet'"]
    a, b = read_rules(rules)
    assert inline_outputs(a) == ["{RESULTS}/{}/x/runs.parquet", "{RESULTS}/b.png"]
    assert inline_outputs(b) == []
    assert output_stems(a) == [("get_paper_table", "fig01_a")]


def test_the_rules_read_the_typed_configuration_only():
    # WF (fsstab.workflow.config_objects.WorkflowConfig) names every setting a rule reads; its
    # raw mapping stays inside the library, so that a key is read in one place
    files = [*sorted(RULES.rglob("*.smk")), RULES.parent / "Snakefile"]
    assert len(files) > 20          # rules/paper_*/ included
    found = [f"{path.relative_to(RULES.parent)}:{number}"
             for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if ".raw" in line.split("#", 1)[0]]
    assert not found, f"read the setting through a property of WorkflowConfig: {found}"
