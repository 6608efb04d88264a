"""Objects examples build whose members come from somewhere else than the class body.

The shapes come from radon, tinydb and thefuck: a visitor made by a classmethod of its base
(`ComplexityVisitor.from_code(...)` gives the subclass), attributes set on the instance,
a database forwarding unknown names to its default table (`db.search`), a query whose
`__getattr__` builds another query (`User.age.map(...)`), a doctest that leaves out the
`...` prompts, environment variables in a table the code loops over, a variable without an
underscore, and the keywords an `.. autofunction::` signature states. Each test makes the
change a maintainer would and expects exactly the lines it stales.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit

from klaro.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")

VISITORS = """\
import ast


class CodeVisitor(ast.NodeVisitor):
    @classmethod
    def from_code(cls, code, **kwargs):
        return cls.from_ast(ast.parse(code), **kwargs)

    @classmethod
    def from_ast(cls, node, **kwargs):
        visitor = cls(**kwargs)
        visitor.visit(node)
        return visitor


class ComplexityVisitor(CodeVisitor):
    def __init__(self, to_method=False):
        self.functions = []
        self.to_method = to_method


def sorted_results(blocks, order=None):
    return sorted(blocks, key=order)
"""

STORE = """\
import os

ENV_TO_ATTR = {"SCOPE_NO_COLORS": "no_colors", "SCOPE_WAIT": "wait"}


class Query:
    def __init__(self):
        self._path = ()

    def __getattr__(self, item):
        query = type(self)()
        query._path = self._path + (item,)
        return query

    def map(self, fn):
        return self

    def __eq__(self, other):
        return self


class Table:
    def search(self, cond):
        return []


class Database:
    def table(self, name="_default"):
        return Table()

    def __getattr__(self, name):
        return getattr(self.table(), name)


def settings():
    encoding = os.getenv("SCOPEFILESENCODING", "utf-8")
    values = {attr: os.environ[env] for env, attr in ENV_TO_ATTR.items() if env in os.environ}
    return encoding, values
"""

README = """\
Scope
=====

Set ``SCOPE_NO_COLORS=1`` or the ``SCOPEFILESENCODING`` environment variable.

.. code-block:: python

    >>> from scope.visitors import ComplexityVisitor
    >>> v = ComplexityVisitor.from_code(\'\'\'
    def factorial(n):
        return 1
    \'\'\')
    >>> v.functions
    []

    >>> from scope.store import Database, Query
    >>> db = Database()
    >>> User = Query()
    >>> db.search(User.age.map(len) == 2)
    []

.. autofunction:: scope.visitors.sorted_results(blocks, order=None)
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "scope"
    (root / "scope").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "scope"\nversion = "1"\n')
    (root / "scope/__init__.py").write_text("")
    (root / "scope/visitors.py").write_text(VISITORS)
    (root / "scope/store.py").write_text(STORE)
    (root / "README.rst").write_text(README)
    _first_commit(root)
    return root


def _edit(root: Path, path: str, old: str, new: str) -> None:
    text = (root / path).read_text()
    assert old in text, old
    (root / path).write_text(text.replace(old, new))


def _stale(root: Path, capsys: pytest.CaptureFixture[str]) -> list[int]:
    main(["check", str(root), "--no-cache", "-q"])
    out = capsys.readouterr().out
    return sorted(int(x.split(":")[1]) for x in out.splitlines() if ": unresolved: " in x)


def test_the_true_docs_have_no_findings(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _stale(repo, capsys) == []


@pytest.mark.parametrize(
    ("path", "old", "new", "lines"),
    [
        # a classmethod of the base returning `cls(...)` gives the subclass it is called on,
        # even across a doctest that leaves out its `...` prompts; a stdlib base (ast's
        # NodeVisitor) lists its methods, so the method is known to be gone
        ("scope/visitors.py", "def from_code(", "def from_source(", [9]),
        # an attribute set in __init__ that no class has any more
        ("scope/visitors.py", "self.functions", "self.blocks", [13]),
        # `db.search` is the default table's, which `Database.__getattr__` forwards to
        ("scope/store.py", "def search(", "def find(", [19]),
        # `User.age` is another Query (its __getattr__ builds one): `.map` is Query's
        ("scope/store.py", "def map(", "def transform(", [19]),
        # the same, while another class keeps a `map`: the Query had it, by its full name
        ("scope/store.py", "    def map(self, fn):\n        return self\n",
         "    def transform(self, fn):\n        return self\n\n    class Plan:\n"
         "        def map(self, fn):\n            return fn\n", [19]),
        # the keywords an autofunction signature states are the function's
        ("scope/visitors.py", "order=None):\n    return sorted(blocks, key=order)",
         "key=None):\n    return sorted(blocks, key=key)", [22]),
        # a table of variable names the code reads in a loop; a name without underscore
        ("scope/store.py", '"SCOPE_NO_COLORS"', '"SCOPE_NO_COLOR"', [4]),
        ("scope/store.py", '"SCOPEFILESENCODING"', '"SCOPE_FILE_ENCODING"', [4]),
    ],
)  # fmt: skip
def test_a_change_stales_exactly_its_lines(
    repo: Path,
    capsys: pytest.CaptureFixture[str],
    path: str,
    old: str,
    new: str,
    lines: list[int],
) -> None:
    _edit(repo, path, old, new)
    assert _stale(repo, capsys) == lines


PARSE = """\
__all__ = ["parse", "search"]


def parse(format, string, case_sensitive=False):
    return None


def search(format, string):
    return None


def findall(format, string):
    return []
"""

PARSE_README = """\
Parse
=====

>>> from parse import *

.. code-block:: pycon

    >>> parse("{}", "spam", case_sensitive=True)
    >>> search("{}", "spam")
    >>> findall("{}", "spam")

Changelog
---------

1.2 added ``search()``; ``case_sensitive`` came in 1.1.

Licence
-------

MIT, see ``findall()`` and ``parse()``.
"""


@pytest.fixture
def parse_repo(tmp_path: Path) -> Path:
    root = tmp_path / "parse"
    root.mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "parse"\nversion = "1"\n')
    (root / "parse.py").write_text(PARSE)
    (root / "README.rst").write_text(PARSE_README)
    _first_commit(root)
    return root


@pytest.mark.parametrize(
    ("old", "new", "lines"),
    [
        # names a star import gives the examples are the module's: a removed one is stale,
        # and the changelog section of the README names what the code used to be
        ("def findall(format, string):\n    return []\n", "", [10, 20]),
        ("def search(", "def find(", [9]),
        ("case_sensitive", "case_sensitive_match", [8]),
    ],
)
def test_a_star_import_of_the_project_binds_its_names(
    parse_repo: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, lines: list[int]
) -> None:
    assert _stale(parse_repo, capsys) == []
    _edit(parse_repo, "parse.py", old, new)
    assert _stale(parse_repo, capsys) == lines
