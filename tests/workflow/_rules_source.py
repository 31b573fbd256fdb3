"""The rules of the workflow's .smk files read as source text (every folder under rules/).

A rule's directives (``input:``, ``output:``, ``resources:``, ...) hold Python call arguments,
so each is parsed with :mod:`ast` as the arguments of a call: what the checks of the rules
(paths from get_* functions, resources from fsstab.workflow.resources) read.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "rules"

_RULE = re.compile(r"^(\s*)(?:rule|checkpoint)(?: (\w+))?:\s*$")
_DIRECTIVE = re.compile(r"^(\s*)(\w+):\s*(.*)$")


@dataclass
class Rule:
    """One rule of a rules file: its name, where it is, the text of each directive."""

    name: str
    path: Path
    line: int
    end: int = 0
    directives: dict[str, str] = field(default_factory=dict)

    def arguments(self, directive: str) -> ast.Call | None:
        """The directive's items as the arguments of a call (None if the rule has none)."""
        text = self.directives.get(directive)
        if text is None:
            return None
        try:
            tree = ast.parse(f"_(\n{textwrap.dedent(text)}\n)", mode="eval")
        except SyntaxError as error:
            raise AssertionError(f"{self.where}: cannot read {directive}: {error}") from error
        return tree.body

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line} rule {self.name}"


def rules_files() -> list[Path]:
    """Every .smk under rules/, subfolders included."""
    return sorted(RULES.rglob("*.smk"))


def read_rules(path: Path) -> list[Rule]:
    """The rules of one file with the text of their directives."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Rule] = []
    i = 0
    while i < len(lines):
        match = _RULE.match(lines[i])
        if match is None:
            i += 1
            continue
        indent = len(match.group(1))
        rule = Rule(match.group(2) or "", path, i + 1)
        i += 1
        directive, directive_indent = None, None
        while i < len(lines):
            line = lines[i]
            width = len(line) - len(line.lstrip())
            if line.strip() and width <= indent:
                break
            head = _DIRECTIVE.match(line)
            if head and (directive_indent is None or width <= directive_indent) and \
                    not line.lstrip().startswith("#"):
                directive, directive_indent = head.group(2), width
                rule.directives[directive] = head.group(3)
            elif directive is not None:
                rule.directives[directive] += "\n" + line
            i += 1
        rule.end = i
        if not rule.name:  # rule:  name: f"figures_{_dataset}"
            rule.name = " ".join(rule.directives.get("name", "").split())
        found.append(rule)
    return found


def every_rule() -> list[Rule]:
    return [rule for path in rules_files() for rule in read_rules(path)]


def string_literals(node: ast.AST) -> list[str]:
    """The source form of every string literal below ``node``: plain strings as they are,
    f-strings with each replacement field written ``{}``."""
    inside = {id(v) for each in ast.walk(node) if isinstance(each, ast.JoinedStr)
              for v in each.values}
    found = []
    for each in ast.walk(node):
        if isinstance(each, ast.JoinedStr):
            found.append("".join(v.value if isinstance(v, ast.Constant) else "{}"
                                 for v in each.values))
        elif isinstance(each, ast.Constant) and isinstance(each.value, str) \
                and id(each) not in inside:
            found.append(each.value)
    return found
