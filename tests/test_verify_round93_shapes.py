"""Shapes from the blind sets of round 29 and the findings left from round 28, each on a small
repo that has it:

- a reST link embedding a page name with a long lower-case tail (`<scheduler.schedulers>`)
  that is not there is reported, while MyST links to autosummary pages named by a class or a
  function (`_autosummary/xee.EarthStore`, `_autosummary/xee.open_dataset`) are pages;
- "The provider is `pkgs.goget`, not `pkgs.go_get`": the page disowns the second name, while
  "use `pkgs.goget()` instead of `pkgs.get_go()`" says both exist, so a missing one is
  reported;
- a console script setup.py names with an f-string of a name it imports from the project
  (`f"{APP} = ..."`, `APP` from `_metadata.py`): the program and its options are known;
- keywords a maker hands on to the class given as its `cls=` (`click.group(cls=ColorGroup,
  headers_color="yellow")`): one the class took and lost is stale, the maker's own are not;
- a value an option does not take among its integer choices (`--effort=4` of
  `choices=[1, 2, 3]`);
- a renamed console script named as the one to "invoke", or as the name another program
  (`dmb`, `python3 -m dmb`) stands "instead of", is stale; the span of a link to another
  project's script of the same name is that project's.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

SCHEDULER_PAGE = """\
Scheduling
==========

Read `the scheduler page <scheduler.schedulers>`_ for the choices.
"""

XEE_PAGE = """\
# API

See [the store](_autosummary/xee.EarthStore) and [opening](_autosummary/xee.open_dataset).
"""


def test_a_page_name_with_a_long_tail_is_a_link_and_object_pages_are_pages(
    tmp_path: Path,
) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "xee"\nversion = "1"\n',
        "xee/__init__.py": "class EarthStore:\n    pass\n\n\ndef open_dataset(path):\n    pass\n",
        "docs/conf.py": 'extensions = ["myst_parser", "sphinx.ext.autosummary"]\n',
        "docs/api.md": XEE_PAGE,
        "docs/functionality.rst": SCHEDULER_PAGE,
        "docs/_autosummary/xee.EarthStore.rst": "xee.EarthStore\n==============\n",
        "docs/_autosummary/xee.open_dataset.rst": "xee.open_dataset\n================\n",
    }
    drift = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "xee", files))}
    assert drift == {("docs/functionality.rst", "scheduler.schedulers")}


def test_a_name_the_page_disowns(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pkgs"\nversion = "1"\n',
        "pkgs/__init__.py": "def goget(name):\n    return name\n",
        "README.md": "# pkgs\n\nThe provider is `pkgs.goget`, not `pkgs.go_get`.\n"
        "Use `pkgs.goget()` instead of `pkgs.get_go()`.\n",
    }
    found = {name for _, _, name in _drift(_write(tmp_path / "pkgs", files))}
    assert found == {"pkgs.get_go()"}


DMB_SETUP = """\
from setuptools import setup

from dmb._metadata import APP

setup(
    name=APP,
    entry_points={
        "console_scripts": [
            f"{APP} = dmb.__main__:main",
            "dmb = dmb.__main__:main",
        ],
    },
)
"""

DMB_MAIN = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yes", action="store_true")
    parser.parse_args()
"""

DMB_README = """\
# delete-merged

Run `delete-merged --yes` (or the short `dmb --yes`).

    $ delete-merged --no
"""


def test_a_console_script_named_from_an_imported_name(tmp_path: Path) -> None:
    files = {
        "setup.py": DMB_SETUP,
        "dmb/__init__.py": "",
        "dmb/_metadata.py": 'APP = "delete-merged"\n',
        "dmb/__main__.py": DMB_MAIN,
        "README.md": DMB_README,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "dmb", files))}
    assert found == {(5, "delete-merged --no")}


COLOR_GROUP = """\
import click


class ColorGroup(click.Group):
    def __init__(self, *args, headers_color=None, options_color=None, **kwargs):
        self.headers_color = headers_color
        self.options_color = options_color
        super().__init__(*args, **kwargs)
"""

COLOR_README = """\
# colorhelp

```python
import click
from colorhelp import ColorGroup

@click.group(
    cls=ColorGroup,
    headers_color="yellow",
    options_color="green",
    invoke_without_command=True,
)
def cli():
    pass
```
"""


def test_keywords_a_maker_hands_on_to_its_cls(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "colorhelp"\nversion = "1"\n',
        "colorhelp/__init__.py": COLOR_GROUP,
        "README.md": COLOR_README,
    }
    renamed = {"colorhelp/__init__.py": [("options_color=None", "option_color=None")]}
    assert _drift_after(tmp_path / "colorhelp", files, renamed) == {("README.md", 10)}


EFFORT = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="prune")
    parser.add_argument("--effort", type=int, choices=[1, 2, 3], default=1)
    parser.parse_args()
"""


def test_a_value_outside_integer_choices(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "prune"\nversion = "1"\n\n'
        '[project.scripts]\nprune = "prune:main"\n',
        "prune/__init__.py": EFFORT,
        "README.md": "# prune\n\nRun `prune --effort=3` or `prune --effort=4`.\n",
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "prune", files))}
    assert found == {(3, "prune --effort=4")}


TWO_SCRIPTS = """\
# dmb

Another tool ships [a script named `dmb-long`](https://github.com/other/tools/blob/main/dmb-long).

- Invoke command `dmb` instead of `dmb-long`
- Invoke `python3 -m dmb` instead of `dmb-long`
- Invoke `dmb-long` with its absolute path.
"""


def test_a_renamed_script_invoked_or_stood_in_for(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dmb"\nversion = "1"\n\n[project.scripts]\n'
        'dmb-long = "dmb:main"\ndmb = "dmb:main"\n',
        "dmb/__init__.py": "def main():\n    pass\n",
        "dmb/__main__.py": "from dmb import main\n\nmain()\n",
        "README.md": TWO_SCRIPTS,
    }
    renamed = {"pyproject.toml": [('dmb-long = "dmb:main"', 'dmb-full = "dmb:main"')]}
    found = _drift_after(tmp_path / "dmb", files, renamed)
    assert found == {("README.md", 5), ("README.md", 6), ("README.md", 7)}
