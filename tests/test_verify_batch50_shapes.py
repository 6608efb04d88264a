"""Shapes from the blind wild batch 50 (datalad, eventlet, asreview, ctapipe), on a small
repo, each beside a line that must still be reported.

- Pages in a folder a Sphinx build fills (`generated/`, absent from the repository: a
  conf.py running `setup.py build_manpage`, autosummary's `:toctree: generated`) are made by
  the build; a missing page elsewhere stays dead.
- A module handing `globals()` to a helper (eventlet's `patcher.inject("urllib.request",
  globals())`) has the names the helper copies in: they cannot be listed.
- Flask's `app.config.from_prefixed_env("LAB_WEB")` reads every LAB_WEB_* variable.
- Enhancement proposals (`ceps/`) describe code to come: not checked.
- The entries of an entry-point group named `*.entry_points` that a program dispatches to are
  its sub-commands.
- Links to the ids Sphinx makes (autodoc's `#module-X` and `#X.Class.method`, sphinx-click's
  `#accounts-generate`) hold when the project has what they name.
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
``LAB_WEB_CONFIG_PATH``, or ``LAB_HOME`` and ``LAB_HOMES``.
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


ACCOUNTS_CLI = """\
import click


@click.group()
def cli():
    pass


@cli.command()
def generate():
    pass
"""

MANAGERS = """\
# ape.managers

```{eval-rst}
.. automodule:: ape.managers.accounts
    :members:
```
"""

GUIDE = """\
# Accounts

Make one with [generate](../commands/accounts.html#accounts-generate), not
[create](../commands/accounts.html#accounts-create). See
[the manager](../methoddocs/managers.html#module-ape.managers.accounts),
[its load](../methoddocs/managers.html#ape.managers.accounts.AccountManager.load),
[its save](../methoddocs/managers.html#ape.managers.accounts.AccountManager.save) and
[the chain](../methoddocs/managers.html#module-ape.managers.chain).
"""


def test_anchors_sphinx_click_and_autodoc_make(tmp_path: Path) -> None:
    """eth-ape's guides link to the ids Sphinx gives what `.. automodule::` documents
    (`#module-X`, `#X.Class.method`) and to sphinx-click's sections (`#accounts-generate`):
    checked against the project's names and commands."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "ape"\nversion = "1"\n\n[project.scripts]\nape = "ape.cli:cli"\n'
        ),
        "ape/__init__.py": "",
        "ape/cli.py": ACCOUNTS_CLI,
        "ape/managers/__init__.py": "",
        "ape/managers/accounts.py": "class AccountManager:\n    def load(self):\n        pass\n",
        "ape/managers/chain.py": "class ChainManager:\n    pass\n",
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx_click']\n",
        "docs/commands/accounts.rst": ".. click:: ape.cli:cli\n  :prog: accounts\n",
        "docs/methoddocs/managers.md": MANAGERS,
        "docs/userguides/accounts.md": GUIDE,
    }
    assert _drift(_write(tmp_path / "ape", files)) == {
        ("docs/userguides/accounts.md", 4, "../commands/accounts.html#accounts-create"),
        (
            "docs/userguides/accounts.md",
            7,
            "../methoddocs/managers.html#ape.managers.accounts.AccountManager.save",
        ),
        ("docs/userguides/accounts.md", 8, "../methoddocs/managers.html#module-ape.managers.chain"),
    }


SIMULATE = """\
import argparse


def _cli_simulate(argv):
    parser = argparse.ArgumentParser(prog="asr simulate")
    parser.add_argument("dataset")
    parser.add_argument("-o", "--output")
    return parser.parse_args(argv)
"""


def test_commands_from_an_entry_points_group(tmp_path: Path) -> None:
    """asreview's `__main__` runs the entry point of `asreview.entry_points` that the first
    word names: those are its sub-commands, each parsing its own flags."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "asr"\nversion = "1"\n\n[project.scripts]\nasr = "asr.main:main"\n'
            '\n[project.entry-points."asr.entry_points"]\nsimulate = "asr.simulate:_cli_simulate"\n'
        ),
        "asr/__init__.py": "",
        "asr/main.py": (
            "import sys\nfrom importlib.metadata import entry_points\n\n\ndef main():\n"
            "    eps = entry_points(group='asr.entry_points')\n"
            "    eps[sys.argv[1]].load()(sys.argv[2:])\n"
        ),
        "asr/simulate.py": SIMULATE,
        "README.md": (
            "# asr\n\n```console\n$ asr simulate data.csv -o out.asr\n$ asr simulat x\n```\n"
        ),
    }
    assert _drift(_write(tmp_path / "asr", files)) == {("README.md", 5, "asr simulat x")}
