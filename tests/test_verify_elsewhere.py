"""Names that belong to another site or that the code serves without defining them.

Each shape comes from a real project's shipped docs: pydantic-yaml links `model_construct()`
to pydantic's API page, sphinx-click's `|CommandCollection|_` substitution points at click's,
duty's `tools` module serves deprecated names through a module `__getattr__` (PEP 562), and
stevedore's tutorial speaks of setuptools' "``entry_points`` argument". Each test pairs the
shape with drift of the same look that must still be found.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

SETUP = """\
[project]
name = "shelf"
version = "1.0"

[project.urls]
Homepage = "https://shelf.example.org"
Source = "https://github.com/someone/shelf"
"""

CORE = '''\
import warnings


class Model:
    """A stored record."""

    def __init__(self, entry_point=None):
        self.entry_point = entry_point

    def save(self):
        return self


def load_all(path):
    return [Model()]
'''

TOOLS = '''\
"""Tools, some of them moved to `shelf.core`."""
import warnings

_MOVED = {"load_everything": "load_all"}


def run(tool):
    return tool


def __getattr__(name):
    from shelf.core import Model  # noqa: F401

    if name in _MOVED or name in locals():
        warnings.warn(f"{name} moved", DeprecationWarning, stacklevel=2)
        return getattr(__import__("shelf.core").core, _MOVED.get(name, name))
    raise AttributeError(name)
'''

README = """\
# shelf

Build records without validation with [`model_construct()`](https://docs.pydantic.dev/latest/api/base_model/)
and save them with [`Model.persist()`](https://shelf.example.org/api/#Model.persist); see
[`load_alll()`](https://github.com/someone/shelf/blob/main/shelf/core.py) too.
The old [`shelf.tools.load_everything`](https://shelf.example.org/tools/) still works, so does
`shelf.tools.Model`, but `shelf.tools.fetch` never existed.
Plugins come from the ``entry_points`` argument to setuptools' `setup`; `load_alls` is misspelt.
Set [`SHELF_HOME`](https://12factor.net/config) to move the shelf.
"""

API_RST = """\
API
===

Records are grouped with |CommandSet|_ and saved with |RecordSaver|_.

.. |CommandSet| replace:: ``shelf.core.CommandSet``
.. _CommandSet: https://click.palletsprojects.com/api/#click.CommandSet
.. |RecordSaver| replace:: ``shelf.core.Saver``
.. _RecordSaver: https://shelf.example.org/api/#RecordSaver
"""


def _drift(root: Path) -> set[tuple[str, int, str]]:
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    return {(f.file, f.line, f.reference) for f in report.drift}


def test_names_of_other_sites_and_served_names_are_not_drift(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": SETUP,
            "shelf/__init__.py": "from shelf.core import Model, load_all\n",
            "shelf/core.py": CORE,
            "shelf/tools.py": TOOLS,
            "README.md": README,
            "docs/api.rst": API_RST,
        },
    )
    assert _drift(root) == {
        # linked to the project's own site or repository: still checked
        ("README.md", 4, "Model.persist()"),
        ("README.md", 5, "load_alll()"),
        # a module `__getattr__` serves only the names it binds, spells or looks up
        ("README.md", 7, "shelf.tools.fetch"),
        # a misspelt function is still a finding beside a plural of an attribute's name
        ("README.md", 8, "load_alls"),
        # a variable linked to a standard's page is still one the project must read
        ("README.md", 9, "SHELF_HOME"),
        # a substitution linked to the project's own page is checked like any literal
        ("docs/api.rst", 8, "shelf.core.Saver"),
    }
