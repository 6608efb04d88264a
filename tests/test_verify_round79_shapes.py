"""Shapes from the blind drift round 79 (python-vagrant, pytest-watcher, memoization), each
a change that makes a page stale, on a small repo whose last commit is the documented state:

- a method removed while its name lives on as a keyword of other methods (`provision()`
  gone, `up(provision=None)` kept);
- a key of the tool's `[tool.X]` table in a TOML example, renamed in the code's config class;
- two console scripts naming one entry point, whose parser another module builds.

(memoization's `CachingAlgorithmFlag = _memoization.CachingAlgorithmFlag`, an enum member
reached through a module attribute re-exported by assignment, stays a miss: read as an
alias, the generated chains of rosbags' type stores, `X = base.X` six versions deep, went
past the lookup's hops and 539 right names were reported missing.)
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after


def _lines(found: set[tuple[str, int]]) -> set[int]:
    return {line for _, line in found}


VAGRANT = """\
class Vagrant:
    def up(self, provision=None):
        return provision

    def provision(self):
        return None
"""

VAGRANT_README = """\
# vagrantx

Besides `up()`, there is a `provision()` method.
"""


def test_a_method_gone_whose_name_stays_a_keyword(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "vagrantx"\nversion = "1"\n',
        "vagrantx/__init__.py": VAGRANT,
        "README.md": VAGRANT_README,
    }
    changes = {"vagrantx/__init__.py": [("    def provision(self):\n        return None\n", "")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {3}


CONFIG = """\
import dataclasses


@dataclasses.dataclass
class Config:
    delay: float = 0.2
    runner_args: list = dataclasses.field(default_factory=list)
"""

WATCHER_README = """\
# watcherx

```toml
[tool.watcherx]
delay = 0.2
runner_args = []

[tool.black]
line-length = 99
```
"""


def test_a_key_of_the_tools_table_renamed(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "watcherx"\nversion = "1"\n',
        "watcherx/__init__.py": "",
        "watcherx/config.py": CONFIG,
        "README.md": WATCHER_README,
    }
    changes = {"watcherx/config.py": [("runner_args", "extra_args")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {6}


PARSE = """\
import argparse


def parse_arguments(args):
    parser = argparse.ArgumentParser(prog="ptwx")
    parser.add_argument("path")
    parser.add_argument("--now", action="store_true")
    return parser.parse_args(args)
"""

WATCHER = """\
import sys

from ptwx.parse import parse_arguments


def run():
    return parse_arguments(sys.argv[1:])
"""

PTW_README = """\
# ptwx

    ptwx . --now
    pytest-watcherx . --now
"""


def test_two_names_of_one_program_whose_parser_another_module_builds(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ptwx"\nversion = "1"\n\n[project.scripts]\n'
        'ptwx = "ptwx.watcher:run"\npytest-watcherx = "ptwx.watcher:run"\n',
        "ptwx/__init__.py": "",
        "ptwx/parse.py": PARSE,
        "ptwx/watcher.py": WATCHER,
        "README.md": PTW_README,
    }
    changes = {"ptwx/parse.py": [('"--now"', '"--immediately"')]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {3, 4}


def test_a_name_defined_from_another_librarys_stays_the_projects(tmp_path: Path) -> None:
    # configargparse's `ArgumentDefaultsHelpFormatter = argparse.ArgumentDefaultsHelpFormatter`:
    # a name the project defines for its users, not a re-export of its own module
    files = {
        "pyproject.toml": '[project]\nname = "cargx"\nversion = "1"\n',
        "cargx/__init__.py": "import argparse\n\n"
        "ArgumentDefaultsHelpFormatter = argparse.ArgumentDefaultsHelpFormatter\n"
        "DefaultsFormatter = ArgumentDefaultsHelpFormatter\n\n\n"
        "class ArgumentDefaultsHelpFormat(argparse.HelpFormatter):\n    pass\n",
        "README.md": "# cargx\n\n- `DefaultsFormatter` = `ArgumentDefaultsHelpFormatter`\n",
    }
    assert _drift_after(tmp_path, files, {}) == set()
