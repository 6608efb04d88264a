"""Shapes from the blind drift round 29 (pyquery, premailer, segno, deptry) and wild batch 28
(dature), on small repos.

A page's doctests may start from setup it hides (`..` over `>>> from jq import Query as pq`,
`.. testsetup::`); an instance called (`p = d('p')`) is what its `__call__` returns; a class
that makes camelCase aliases at run time has `addClass` while it has `add_class`; a span's
call is the name's own, not the last of its chain; `-ee` that was an option of its own is
gone once dropped, though it now reads as `-e e`; `**kw` handed to a callee that is given
`kind` already cannot take `kind=`; ``allow_network=False`` and a listing of keyword
defaults name keywords, stale once no function takes them.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

QUERY = """\
import types

_aliases = set()


def camel_alias(func):
    _aliases.add(func.__name__)
    return func


class Query(list):
    def __init__(self, html=None, parser=None):
        super().__init__()

    def __call__(self, selector) -> "Query":
        return Query(selector)

    @camel_alias
    def add_class(self, value):
        return self

    def make_links_absolute(self, base_url=None):
        return self


def build_aliases(Query):
    for alias in _aliases:
        parts = alias.split("_")
        name = parts[0] + "".join(p.title() for p in parts[1:])
        setattr(Query, name, getattr(Query, alias))


build_aliases(Query)
"""

QUERY_PAGE = """\
Tips
====

..
    >>> from jq import Query as pq

Links::

    >>> d = pq('<a href="x">')
    >>> d.make_links_absolute()
    >>> d.make_links_relative()

.. testsetup::

   from jq import Query

Classes::

    >>> p = Query('<p>')('p')
    >>> p.addClass('big')
    >>> p.add_class('big')
    >>> p.removeClass('big')
"""


def test_hidden_setup_and_called_instances_bind_the_examples(tmp_path: Path) -> None:
    plain = QUERY.partition("def build_aliases")[0]  # no members made at run time
    _write(tmp_path, {"jq/__init__.py": plain, "docs/tips.rst": QUERY_PAGE})
    assert {(f, line) for f, line, _ in _drift(tmp_path)} == {
        ("docs/tips.rst", 11),  # `d.make_links_relative()`: `d` is the hidden setup's `pq`
        ("docs/tips.rst", 20),  # `p.addClass`: no alias without the loop that makes them
        ("docs/tips.rst", 22),  # `p.removeClass`: `p` is what `Query(...)('p')` returns
    }


def test_a_camel_case_alias_goes_with_its_snake_twin(tmp_path: Path) -> None:
    _write(tmp_path, {"jq/__init__.py": QUERY, "docs/tips.rst": QUERY_PAGE})
    _first_commit(tmp_path)
    source = tmp_path / "jq/__init__.py"
    source.write_text(QUERY.replace("add_class", "add_classes"))
    lines = {(f, line) for f, line, _ in _drift_since_commit(tmp_path)}
    assert ("docs/tips.rst", 20) in lines  # `p.addClass`: `add_class` is gone
    assert ("docs/tips.rst", 21) in lines


def test_a_camel_case_alias_of_a_member_is_the_member(tmp_path: Path) -> None:
    _write(tmp_path, {"jq/__init__.py": QUERY, "docs/tips.rst": QUERY_PAGE})
    assert (("docs/tips.rst", 20)) not in {(f, line) for f, line, _ in _drift(tmp_path)}


CONDITIONS = """\
class _When:
    def in_(self, *values: str) -> "_When":
        return self


def When(template: str) -> _When:
    return _When()
"""


def test_a_span_call_is_judged_by_its_own_arguments(tmp_path: Path) -> None:
    readme = '# cond\n\nUse `When("${APP_ENV}").in_("dev", "local")`; `When("a", "b")` is wrong.\n'
    _write(tmp_path, {"cond/__init__.py": CONDITIONS, "README.md": readme})
    assert {r for _, _, r in _drift(tmp_path)} == {'When("a", "b")'}


SEGNO = """\
from cond import writers


class Code:
    def save(self, out, kind=None, **kw):
        writers.save(self, out, kind, **kw)
"""

WRITERS = """\
SERIALIZERS = {}


def save(code, out, kind=None, **kw):
    SERIALIZERS[kind](code, out, **kw)
"""


def test_a_keyword_the_forwarding_call_fills_is_a_second_value(tmp_path: Path) -> None:
    readme = (
        "# cond\n\n```python\nfrom cond.code import Code\n"
        "Code().save(out, kind='svg', scale=2)\n```\n"
    )
    files = {"cond/__init__.py": "", "cond/code.py": SEGNO, "cond/writers.py": WRITERS}
    _write(tmp_path, {**files, "README.md": readme})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()  # `kind` is save's own, `scale` may be any
    (tmp_path / "cond/code.py").write_text(SEGNO.replace("kind", "fmt"))
    lines = {(f, line) for f, line, _ in _drift_since_commit(tmp_path)}
    assert lines == {("README.md", 5)}


CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="deps")
    parser.add_argument("--exclude", "-e")
    parser.add_argument("--extend-exclude", "-ee")
    parser.add_argument("--symbol-count", "-sc")
    parser.parse_args()
"""

CLI_README = """\
# deps

Use `--extend-exclude` (short `-ee`) or `--symbol-count` (short `-sc`).

```console
$ deps -sc 2 -ee tests
```
"""

PYPROJECT = """\
[project]
name = "deps"
version = "1.0"

[project.scripts]
deps = "deps:main"
"""


def test_a_dropped_multi_letter_short_flag_is_stale(tmp_path: Path) -> None:
    files = {"deps/__init__.py": CLI, "README.md": CLI_README, "pyproject.toml": PYPROJECT}
    _write(tmp_path, files)
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    dropped = CLI.replace(', "-ee")', ")").replace(', "-sc")', ")")
    (tmp_path / "deps/__init__.py").write_text(dropped)
    found = {(line, r) for _, line, r in _drift_since_commit(tmp_path)}
    assert {r for line, r in found if line == 3} >= {"-ee", "-sc"}
    assert any(line == 6 for line, _ in found)


PREMAILER = """\
class Premailer:
    def __init__(self, html, base_url=None, keep_style_tags=False, allow_network=True):
        self.html = html


def transform(html, **kwargs):
    return Premailer(html, **kwargs)
"""

PREMAILER_README = """\
premailer
=========

Use the ``allow_network=False`` option to stay offline.

The ``transform`` function uses these defaults:

.. code:: python

    base_url=None, # prepended to relative links
    keep_style_tags=False, # discard style tags
    allow_network=True # fetch linked css
"""


def test_keyword_spans_and_listings_are_stale_once_no_function_takes_them(
    tmp_path: Path,
) -> None:
    _write(tmp_path, {"premailer/__init__.py": PREMAILER, "README.rst": PREMAILER_README})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    renamed = PREMAILER.replace("allow_network", "network").replace("keep_style", "preserve")
    (tmp_path / "premailer/__init__.py").write_text(renamed)
    lines = {line for _, line, _ in _drift_since_commit(tmp_path)}
    assert lines == {4, 11, 12}
