"""Shapes from the blind wild batch 49 (tcconfig, bigtree, urlwatch, tibs, tuf), on a small
repo, each beside a line that must still be reported.

- The project's own name where it installs other commands is no claim of a program when
  the words say what is installed ("To install `speedo`") or name a family of its commands
  ("run by `speedo` commands"); "the `speedo` tool" still is.
- `setup.py`'s `m['package_dir'] = {'': 'lib'}` (then `setup(**m)`) makes `lib/` a source
  folder: its modules are the package, whose settings keys (`config.get('ignore_stderr')`)
  pages may name.
- A compiled extension's stub at the top of the tree (maturin's `tibs.pyi`) is the module.
- Architecture decision records (`docs/adr/`) stay as they were decided: not checked.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

SETUP = """\
from setuptools import setup

m = {"name": "speedo", "version": "1"}
m["package_dir"] = {"": "lib"}
m["packages"] = ["speedo"]
m["entry_points"] = {"console_scripts": ["speedset=speedo.cli:main", "speeddel=speedo.cli:main"]}
setup(**m)
"""

REPORTER = """\
class Reporter:
    def __init__(self, config):
        self.config = config

    def report(self):
        return self.config.get("ignore_stderr", True)

    def ignore_error(self):
        return False
"""

STUB = """\
class View:
    def field(self, a: int, b: int, /) -> View: ...
"""

README = """\
speedo
======

To install ``speedo``, run ``pip install speedo``. The ``tc`` lines are run by ``speedo``
commands. Run the ``speedo`` tool.

Set ``ignore_stderr``. Take a ``field()`` of a view, not a ``fieldz()``.
"""


def test_project_name_words_lib_folders_and_top_stubs(tmp_path: Path) -> None:
    files = {
        "setup.py": SETUP,
        "lib/speedo/__init__.py": "",
        "lib/speedo/cli.py": "def main():\n    pass\n",
        "lib/speedo/reporters.py": REPORTER,
        "fast.pyi": STUB,
        "README.rst": README,
        "docs/adr/0001-serialization.md": "# Option 1\n\nCall `Metadata.serialize_as_json()`.\n",
    }
    assert _drift(_write(tmp_path / "speedo", files)) == {
        ("README.rst", 5, "speedo"),
        ("README.rst", 7, "fieldz()"),
    }
