"""Shapes from the blind wild batch 50 (datalad, eventlet, asreview, ctapipe), on a small
repo, each beside a line that must still be reported.

- Pages in a folder a Sphinx build fills (`generated/`, absent from the repository: a
  conf.py running `setup.py build_manpage`, autosummary's `:toctree: generated`) are made by
  the build; a missing page elsewhere stays dead.
- A module handing `globals()` to a helper (eventlet's `patcher.inject("urllib.request",
  globals())`) has the names the helper copies in: they cannot be listed.
- Flask's `app.config.from_prefixed_env("LAB_WEB")` reads every LAB_WEB_* variable.
- Enhancement proposals (`ceps/`) describe code to come: not checked.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

GREEN = """\
from lab import patcher

patcher.inject("urllib.request", globals(), ("socket", None))
"""

APP = """\
import os

from flask import Flask

HOME = os.environ.get("LAB_HOME")


def create_app():
    app = Flask(__name__)
    app.config.from_prefixed_env("LAB_WEB")
    return app
"""

INDEX = """\
Lab
===

.. toctree::

   generated/man/lab-run
   usage

.. include:: generated/cfginfo/basic.rst.in

Call ``lab.green.request.urlopen`` or ``lab.web.urlopen``. Set the environment variable
``LAB_WEB_CONFIG_PATH``, or ``LAB_HOME``, not ``LAB_HOMES``.
"""


def test_build_filled_pages_copied_names_prefixed_env_and_proposals(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "lab"\nversion = "1"\n',
        "lab/__init__.py": "",
        "lab/patcher.py": "def inject(name, target, *extra):\n    pass\n",
        "lab/green/__init__.py": "",
        "lab/green/request.py": GREEN,
        "lab/web.py": APP,
        "docs/conf.py": "project = 'lab'\n",
        "docs/index.rst": INDEX,
        "docs/ceps/cep-002.rst": "CEP 2\n=====\n\nAdd ``lab.SubarrayEventContainer``.\n",
    }
    assert _drift(_write(tmp_path / "lab", files)) == {
        ("docs/index.rst", 7, "usage.rst"),
        ("docs/index.rst", 11, "lab.web.urlopen"),
        ("docs/index.rst", 12, "LAB_HOMES"),
    }
