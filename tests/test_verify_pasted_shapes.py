"""Docs that show the API in shapes other than tagged code: a pasted `pydoc` page, Python in
an untagged block or indented under `Example:`, autodoc's `:members:` list, a link to a
module on the repository's main branch, a call of an instance, and an option a function pops
from `**kwargs` that also become data. Each was missed drift on a real package (texttable,
cssselect, tldextract, dotmap); each test checks the true page passes and the stale one fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_repair import _first_commit
from test_verify_wild import _drift, _write

from klaro.cli import main

PYPROJECT = """\
[project]
name = "tabula"
version = "1.0"

[project.urls]
Source = "https://github.com/acme/tabula"
"""

CODE = '''\
"""Tables."""

__all__ = ["Table", "SizeError"]


class SizeError(Exception):
    pass


class Table:
    HEADER = 2

    def __init__(self, max_width=80):
        self.max_width = max_width

    def add_rows(self, rows, header=True):
        return rows

    def set_chars(self, array):
        if len(array) != 4:
            raise SizeError(array)

    def draw(self):
        return ""


class Extractor:
    def __call__(self, url, include_private=False):
        return url


def render(table, style="plain"):
    return table.draw()
'''

PYDOC = """\
# tabula

```
NAME
    tabula - tables

DESCRIPTION

    Example:

        table = Table()
        table.add_rows([["a", "b"]], header=False)
        print(table.draw())

    Result:

        +---+---+
        | a | b |

CLASSES
    class Table
     |  Methods defined here:
     |
     |  __init__(self, max_width=80)
     |      Constructor
     |
     |  add_rows(self, rows, header=True)
     |      Add several rows
     |
     |  set_chars(self, array)
     |      - the array should contain 4 fields:
     |
     |          [horizontal, vertical, corner, header]
     |
     |  ----------------------------------------------------------------------
     |  Data and other attributes defined here:
     |
     |  HEADER = 2

FUNCTIONS
    render(table, style='plain')

DATA
    __all__ = ['Table', 'SizeError']
    __version__ = '1.0'
```
"""


def _tabula(root: Path, code: str, files: dict[str, str]) -> Path:
    return _write(root, {"pyproject.toml": PYPROJECT, "tabula/__init__.py": code, **files})


def test_a_pasted_pydoc_page_is_the_api_it_prints(tmp_path: Path) -> None:
    """pydoc printed each signature from the code: a renamed parameter, method or export,
    a changed arity, makes the page untrue; its `Example:` is Python like any other."""
    assert _drift(_tabula(tmp_path / "true", CODE, {"README.md": PYDOC})) == set()
    stale = (
        CODE.replace("header=True", "has_header=True")
        .replace("def set_chars(self, array)", "def set_chars(self, h, v, c, x)")
        .replace("def draw(", "def render_table(")
        .replace('"SizeError"]', '"_SizeError"]')
        .replace("class SizeError", "class _SizeError")
        .replace("raise SizeError", "raise _SizeError")
        .replace("style=", "theme=")
    )
    found = _drift(_tabula(tmp_path / "stale", stale, {"README.md": PYDOC}))
    lines = {line for _, line, _ in found}
    # 12: `add_rows(..., header=False)` in the example; 13: `table.draw()`; 27: the
    # `add_rows(self, rows, header=True)` signature; 30: `set_chars(self, array)`; 41:
    # `render(table, style=...)`; 44: `__all__` names `SizeError`; `__init__` and `HEADER`
    # still hold
    assert lines == {12, 13, 27, 30, 41, 44}, sorted(found)


PLAIN_BLOCKS = """\
# tabula

An untagged block is still Python when it is Python:

```
from tabula import render, Table

render(Table(), style="grid")
```

And so is an indented one:

    from tabula import Table
    Table(max_width=40).add_rows([])
"""


def test_untagged_and_indented_python_blocks_are_read(tmp_path: Path) -> None:
    assert _drift(_tabula(tmp_path / "true", CODE, {"README.md": PLAIN_BLOCKS})) == set()
    stale = CODE.replace("style=", "theme=").replace("max_width=80", "width=80")
    found = _drift(_tabula(tmp_path / "stale", stale, {"README.md": PLAIN_BLOCKS}))
    assert {line for _, line, _ in found} == {8, 14}, sorted(found)


def test_output_and_pseudo_code_in_untagged_blocks_claim_nothing(tmp_path: Path) -> None:
    page = (
        "# tabula\n\n```\n+---+---+\n| a | b |\n```\n\n```\n[horizontal, vertical]\n```\n\n"
        "```\nUsage:\n    tabula draw FILE\n```\n"
    )
    assert _drift(_tabula(tmp_path, CODE, {"README.md": page})) == set()


AUTODOC = """\
API
===

.. module:: tabula

.. autoclass:: Table
    :members: add_rows, draw

.. automodule:: tabula
    :members: render
    :special-members: __call__
"""


def test_autodoc_members_listed_by_name_must_exist(tmp_path: Path) -> None:
    """`:members: add_rows, draw` names members the class must have (Sphinx leaves out, with
    a warning, one it lacks); `:special-members:` only filters, it claims nothing."""
    files = {"docs/api.rst": AUTODOC, "docs/conf.py": ""}
    assert _drift(_tabula(tmp_path / "true", CODE, files)) == set()
    stale = CODE.replace("def draw(", "def render_table(").replace("def render(", "def show(")
    found = _drift(_tabula(tmp_path / "stale", stale, files))
    assert {(f, line) for f, line, _ in found} == {("docs/api.rst", 7), ("docs/api.rst", 10)}


SOURCE_LINKS = """\
# tabula

Read [the table code](https://github.com/acme/tabula/blob/main/tabula/table.py),
[the old one](https://github.com/acme/tabula/blob/v0.1/tabula/grid.py), the
[workflow](https://github.com/acme/tabula/blob/main/.github/workflows/ci.yml) and
[another project's](https://github.com/other/tabula-ext/blob/main/tabula/extra.py).
"""


def test_a_link_to_a_module_on_the_main_branch_must_exist(tmp_path: Path) -> None:
    """A tag's link never goes stale, a CI file may be left out of the tree being checked
    (an sdist), and another repository is not ours; a module of the package moved away is."""
    files = {"README.md": SOURCE_LINKS, "tabula/table.py": "WIDTH = 80\n"}
    root = _tabula(tmp_path, CODE, files)
    assert _drift(root) == set()
    (root / "tabula/table.py").rename(root / "tabula/tables.py")
    assert _drift(root) == {
        ("README.md", 3, "https://github.com/acme/tabula/blob/main/tabula/table.py")
    }


INSTANCE_CALL = """\
# tabula

```python
import tabula

extract = tabula.Extractor()
extract("https://x.example", include_private=True)
```
"""


def test_a_call_of_an_instance_is_checked_against_its_dunder_call(tmp_path: Path) -> None:
    assert _drift(_tabula(tmp_path / "true", CODE, {"README.md": INSTANCE_CALL})) == set()
    stale = CODE.replace("include_private", "private_domains")
    found = _drift(_tabula(tmp_path / "stale", stale, {"README.md": INSTANCE_CALL}))
    assert {line for _, line, _ in found} == {7}


def test_an_option_popped_from_kwargs_that_are_also_data_is_stale_once_renamed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`DotMap(_dynamic=False)`: `__init__` pops `_dynamic` and makes every other keyword a
    key, so any keyword is accepted; the documented state shows `_dynamic` was an option."""
    code = (
        "class Box(dict):\n    def __init__(self, *args, **kwargs):\n"
        "        self._dynamic = kwargs.pop('_dynamic', True)\n"
        "        for key, value in kwargs.items():\n            self[key] = value\n"
    )
    readme = "# box\n\nTurn it off with `Box(_dynamic=False)`; `Box(colour='red')` is data.\n"
    root = _write(
        tmp_path / "box",
        {"pyproject.toml": '[project]\nname = "box"\nversion = "1"\n', "box/__init__.py": code},
    )
    (root / "README.md").write_text(readme)
    _first_commit(root)
    assert main(["check", str(root), "--no-cache", "-q"]) == 0, capsys.readouterr().out
    (root / "box/__init__.py").write_text(code.replace("'_dynamic'", "'_auto'"))
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    out = capsys.readouterr().out
    assert "README.md:3" in out and "no longer takes `_dynamic`" in out, out
    assert "colour" not in out


VALUES = """\
import os


class Value:
    def __init__(self, default=None, environ_prefix="TIDY"):
        self.default = default
        self.environ_prefix = environ_prefix

    def full_name(self, name):
        return "{0}_{1}".format(self.environ_prefix, name.upper())

    def setup(self, name):
        key = self.full_name(name)
        return os.environ[key] if key in os.environ else self.default


def debug():
    return os.getenv("SETTINGS_DEBUG"), os.getenv("TIDY_CONFIGURATION")
"""


def test_variables_named_with_a_default_prefix_are_the_projects(tmp_path: Path) -> None:
    """`'{0}_{1}'.format(self.environ_prefix, name)` with `environ_prefix='TIDY'`: every
    `TIDY_*` variable may be read (django-configurations' `DJANGO_*`); others are checked."""
    page = (
        "# settings\n\nSet the `TIDY_SECRET_KEY` environment variable and the "
        "`SETTINGS_DEBUG` one, not `SETTINGS_DEBUGGING`.\n\n```bash\nexport TIDY_DEBUG=1\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "settings"\nversion = "1"\n',
        "settings/__init__.py": VALUES,
        "README.md": page,
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 3, "SETTINGS_DEBUGGING")}


REGISTRY = """\
class Validator:
    tag = "base"


class Regex(Validator):
    tag = "regex"

    def __init__(self, *patterns, name=None):
        self.patterns = patterns


VALIDATORS = {}
for v in Validator.__subclasses__():
    VALIDATORS[v.tag] = v
"""


def test_names_a_registry_takes_from_a_class_attribute_are_registered(tmp_path: Path) -> None:
    """`VALIDATORS[v.tag] = v` for each validator: a schema's `regex('^a')` names one by its
    `tag` (yamale); once no class's tag gives the name, it is stale."""
    page = "# schemas\n\nMatch with `regex('^a', name='x')`.\n"
    files = {
        "pyproject.toml": '[project]\nname = "schemas"\nversion = "1"\n',
        "schemas/__init__.py": REGISTRY,
        "README.md": page,
    }
    assert _drift(_write(tmp_path / "true", files)) == set()
    files["schemas/__init__.py"] = REGISTRY.replace('tag = "regex"', 'tag = "pattern"')
    found = _drift(_write(tmp_path / "stale", files))
    assert {(f, line) for f, line, _ in found} == {("README.md", 3)}, found


def test_the_readme_anchor_github_gives_its_readme_container(tmp_path: Path) -> None:
    page = '# tool\n\n<a href="#readme"><img src="demo.gif"></a>\n\n[usage](#usage)\n'
    files = {"README.md": page, "demo.gif": "", "tool.py": "X = 1\n"}
    assert _drift(_write(tmp_path, files)) == {("README.md", 5, "#usage")}
