"""Shapes from the blind drift rounds 70 and 71 (zyte-api, pyinstaller-versionfile,
click-odoo), on small repos with the last commit as the documented state.

- zyte-api reads `ZYTE_API_KEY` through a constant another module holds
  (`environ.get(API_KEY_ENV_VAR)` after `from ._x import API_KEY_ENV_VAR`): renamed there,
  the variable the docs set is stale.
- pyinstaller-versionfile's command lines in a ```cmd block (Windows' shell) are command
  lines; and "The CLI command `create-version-file` is still available", a hyphenated word
  called a command, names a script the project dropped, however unlike the one it keeps.
- click-odoo's copied `def get_odoo_args(self, ctx):` of a method the code renamed.
- pyclean's `choices=['all', *debris_default_topics, *debris_optional_topics]`: the values
  `--debris` takes, `all` among them until it is renamed.
- cherry-picker's `draft_pr` config key, renamed, named in a plain table: a test's
  parameter of that name keeps no name of the package alive.
- icmplib's property `Hop.distance` renamed with `Hop.__init__`'s parameter (round 72): the
  documented state named a property, not only a parameter.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

from klaro.scan.analyze import analyze_repository

CONSTANTS = 'API_KEY_ENV_VAR = "ZYTE_API_KEY"\n'

KEY = """\
from os import environ

from ._constants import API_KEY_ENV_VAR


def get_apikey(key=None):
    return key or environ.get(API_KEY_ENV_VAR)
"""


def test_a_variable_named_by_another_modules_constant(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "zyte"\nversion = "1"\n',
        "zyte/__init__.py": "",
        "zyte/_constants.py": CONSTANTS,
        "zyte/apikey.py": KEY,
        "README.md": "# zyte\n\nSet `ZYTE_API_KEY` to your key.\n",
    }
    changes = {"zyte/_constants.py": [('"ZYTE_API_KEY"', '"ZYTE_API_TOKEN"')]}
    assert _drift_after(tmp_path / "zyte", files, changes) == {("README.md", 3)}
    # the analysis knows the read, where it happens: the variable the docs must list
    reads = {(e.name, e.path, e.lineno) for e in analyze_repository(tmp_path / "zyte").env_vars}
    assert reads == {("ZYTE_API_TOKEN", "zyte/apikey.py", 7)}


VERSIONFILE = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--outfile")
    parser.parse_args(argv)
"""

VERSIONFILE_README = """\
# versionfile

```cmd
make-version metadata.yml --outfile version_file.txt
```

The CLI command `create-version-file` is currently still available.
"""


def test_a_cmd_block_and_a_dropped_script(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "versionfile"\nversion = "1"\n'
        '[project.scripts]\nmake-version = "versionfile:main"\n'
        'create-version-file = "versionfile:main"\n',
        "versionfile/__init__.py": VERSIONFILE,
        "README.md": VERSIONFILE_README,
    }
    changes = {
        "versionfile/__init__.py": [('"--outfile"', '"--output"')],
        "pyproject.toml": [('create-version-file = "versionfile:main"\n', "")],
    }
    assert _drift_after(tmp_path / "versionfile", files, changes) == {
        ("README.md", 4),
        ("README.md", 7),
    }


ODOO = """\
class CommandWithOdooEnv:
    def get_odoo_args(self, ctx):
        return []
"""

ODOO_README = """\
# odoo

```python
def get_odoo_args(self, ctx):
    \"\"\"Return the arguments Odoo starts with.\"\"\"
```
"""


def test_a_copied_signature_of_a_renamed_method(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "odoo"\nversion = "1"\n',
        "odoo.py": ODOO,
        "README.md": ODOO_README,
    }
    changes = {"odoo.py": [("def get_odoo_args(", "def build_odoo_args(")]}
    assert _drift_after(tmp_path / "odoo", files, changes) == {("README.md", 4)}


CLEAN = """\
import argparse


def main(argv=None):
    default_topics = ["cache", "coverage"]
    optional_topics = ["mypy", "tox"]
    choices = ["all", *default_topics, *optional_topics]
    parser = argparse.ArgumentParser(prog="clean")
    parser.add_argument("--debris", nargs="*", choices=choices)
    parser.parse_args(argv)
"""


def test_choices_that_splice_lists(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "clean"\nversion = "1"\n'
        '[project.scripts]\nclean = "clean:main"\n',
        "clean/__init__.py": CLEAN,
        "README.md": "# clean\n\nRun `clean --debris all` or `clean --debris tox`.\n",
    }
    changes = {"clean/__init__.py": [('["all", *default', '["everything", *default')]}
    assert _drift_after(tmp_path / "clean", files, changes) == {("README.md", 3)}


PICKER = """\
def load_config(path):
    return {"draft_pr": False, "team": "python"}
"""

PICKER_TEST = """\
import pytest

from picker import load_config


@pytest.mark.parametrize("draft_pr", [True, False])
def test_draft(draft_pr):
    assert "draft_pr" in load_config("x") or draft_pr
"""

PICKER_README = """\
picker
======

Options of the configuration file:

    team       the team
    draft_pr   create the pull request as a draft
"""


def test_a_prose_name_only_a_tests_parameter_keeps(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "picker"\nversion = "1"\n',
        "picker/__init__.py": PICKER,
        "tests/test_picker.py": PICKER_TEST,
        "README.rst": PICKER_README,
    }
    changes = {"picker/__init__.py": [('"draft_pr"', '"draft"')]}
    assert _drift_after(tmp_path / "picker", files, changes) == {("README.rst", 7)}


HOP = """\
class Hop:
    def __init__(self, address, distance):
        self._address = address
        self._distance = distance

    @property
    def distance(self):
        return self._distance
"""

HOP_README = """\
# hops

A hop has an `address` and a `distance`.
"""


def test_a_property_renamed_with_its_constructors_parameter(tmp_path: Path) -> None:
    # the documented state had both a parameter and a property `distance`: the sentence
    # names the property, gone, whatever the sentence says of `__init__`
    files = {
        "pyproject.toml": '[project]\nname = "hops"\nversion = "1"\n',
        "hops.py": HOP,
        "README.md": HOP_README,
    }
    changes = {"hops.py": [("distance", "ttl")]}
    assert _drift_after(tmp_path / "hops", files, changes) == {("README.md", 3)}
