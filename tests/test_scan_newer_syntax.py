"""A project written for a newer Python than Klaro runs on (wild batch 28: dature, tatsu).

PEP 695 type parameters and aliases, PEP 701 f-strings that reuse their quotes and PEP 758
`except A, B:` do not parse under Python 3.11. Such a module must still define its names on
their own lines, so that the docs naming them are checked, neither flagged as missing nor let
through: a misspelled name in the same docs is still reported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository
from klaro.scan.syntax import downgrade, parse_module

MODERN = '''\
"""Config loading for the 3.12 crowd."""

type Loader[T] = Callable[[str], T]
type Flag = bool


def first[T](items: list[T]) -> T:
    """The first item."""
    return items[0]


class Box[T: (int, str)](
    Base,
):
    """A box of one value."""

    def describe(self) -> str:
        return f"{self.value["key"]!r:>{self.width}} and {", ".join(f'{x}' for x in self.items)}"

    def unpack(self, value, *, strict=False):
        try:
            return value
        except ValueError, TypeError:
            return None


def after_all() -> None:
    """Defined after every construct above, on its own line."""
'''

README = """\
# modern

Call `modern.first([1, 2])`, wrap a value in `modern.Box` and read `Box.describe()`;
`modern.Loader` is a type alias and `Box.unpack(value, strict=True)` never raises.
`modern.after_all()` runs last; `modern.frist` is a typo.
"""


def test_newer_grammar_defines_its_names_on_their_lines() -> None:
    tree = parse_module(MODERN, "modern/__init__.py")
    lines = MODERN.splitlines()
    defined = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            defined[node.name] = node.lineno
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            defined[node.targets[0].id] = node.lineno
        elif type(node).__name__ == "TypeAlias":  # Python 3.12+ parses it as it is
            defined[node.name.id] = node.lineno  # type: ignore[attr-defined]
    for name in ("Loader", "Flag", "first", "Box", "describe", "unpack", "after_all"):
        assert name in defined, name
        assert name in lines[defined[name] - 1], (name, defined[name])


def test_docs_of_a_newer_python_project_are_checked(tmp_path: Path) -> None:
    _write(tmp_path, {"modern/__init__.py": MODERN, "README.md": README})
    analysis = analyze_repository(tmp_path)
    assert not analysis.errors
    assert _drift(tmp_path) == {("README.md", 5, "modern.frist")}


def test_real_syntax_errors_are_still_errors(tmp_path: Path) -> None:
    _write(tmp_path, {"broken/__init__.py": "def oops(:\n    pass\n", "README.md": "# b\n"})
    analysis = analyze_repository(tmp_path)
    assert [e.path for e in analysis.errors] == ["broken/__init__.py"]
    with pytest.raises(SyntaxError):
        parse_module("def oops(:\n    pass\n")


@pytest.mark.parametrize(
    "source",
    [
        'x = f"{a!r:>{width}}" + rb"\\d" + f"{{literal}}"\n',
        "if ok: value = type(x)\ntype = 3\n",
        's = """type X = int\ndef f[T](): pass"""\n# type Y = int\n',
        "def f(a, b=lambda: {1: 2}):\n    return f'{a:{b}}'\n",
    ],
)
def test_code_the_interpreter_reads_is_never_rewritten_differently(source: str) -> None:
    assert ast.dump(ast.parse(downgrade(source))) == ast.dump(ast.parse(source))
