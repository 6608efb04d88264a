"""Shapes from the blind wild batch 37 (linopy, eodag, pypsa, caldav, cyclonedx-python-lib), on
small repos, each beside a line that must still be reported.

- Pages Sphinx builds from notebooks: a toctree entry for an nbsphinx-link stub
  (`create-a-model.nblink`), a link to the `.html` nbsphinx makes of `tuto.ipynb`.
- A page `.. include::`d into a docs page: its links resolve from the including page too.
- An MkDocs site with the autolinks plugin finds `[x](features.md)` anywhere in its folder.
- A design note whose status line says `## Status: 📋 PLANNING` names what does not exist yet.
- Another package's class decorator (`@serializable_class`) may add members (`from_json`).
- A package module's alias (`AsyncEvent = Event`, `import get_client as get_async_client`)
  is a name of the project.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "grid"
version = "1.0"
dependencies = ["py-serializable"]
"""

INIT = """\
import serializable

from grid.client import Event, get_client
from grid.client import get_client as get_async_client

AsyncEvent = Event


@serializable.serializable_class
class Bom:
    def validate(self):
        return True


class Plain:
    def validate(self):
        return True
"""

CLIENT = """\
class Event:
    pass


def get_client():
    return Event()
"""

INDEX_RST = """\
Grid
====

.. toctree::

   create-a-model
   missing-page

See `the tutorial <notebooks/tuto.html#Registration>`_ and `the gone one
<notebooks/gone.html>`_.

.. include:: ../CONTRIBUTING.rst

``Bom.from_json`` and ``Plain.from_json`` read a file. Use ``AsyncEvent`` or
``get_async_client()``.
"""

CONTRIBUTING = """\
Contributing
============

Run `the notebook <notebooks/tuto.ipynb>`_ and `the other <notebooks/other.ipynb>`_.
"""

MKDOCS = """\
site_name: grid
plugins:
  - search
  - autolinks
"""

MD_INDEX = """\
# Grid

Read the [features](features.md) and the [faq](faq.md).
"""

PLAN = """\
# Refactoring Plan

## Status: 📋 PLANNING

Add `grid.operations.plan_ops` and call `Bom.plan()`.
"""


def test_pages_sites_build_and_names_the_code_gains_or_aliases(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "grid/__init__.py": INIT,
        "grid/client.py": CLIENT,
        "docs/conf.py": "extensions = ['nbsphinx', 'nbsphinx_link']\n",
        "docs/index.rst": INDEX_RST,
        "docs/create-a-model.nblink": '{"path": "../examples/create-a-model.ipynb"}\n',
        "docs/notebooks/tuto.ipynb": "{}\n",
        "CONTRIBUTING.rst": CONTRIBUTING,
        "site/mkdocs.yml": MKDOCS,
        "site/docs/index.md": MD_INDEX,
        "site/docs/home/features.md": "# Features\n",
        "design/PLAN.md": PLAN,
    }
    assert _drift(_write(tmp_path / "grid", files)) == {
        ("docs/index.rst", 7, "missing-page.rst"),
        ("docs/index.rst", 9, "notebooks/gone.html"),
        ("docs/index.rst", 14, "Plain.from_json"),
        ("CONTRIBUTING.rst", 4, "notebooks/other.ipynb"),
        ("site/docs/index.md", 3, "faq.md"),
    }
