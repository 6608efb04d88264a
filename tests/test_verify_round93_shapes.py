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
  project's script of the same name is that project's;
- a typer app whose group class looks commands up itself (`typer.Typer(cls=_RootGroup)`,
  `_RootGroup` built on an imported `LazyTyperGroup`): its other commands are not reported;
- a page a program wrote (`.. this page created by ./docs/make_tables.py`): a near miss of a
  project name (``omega_t`` beside `omega`) is another vocabulary's, not a typo;
- "`-m`/`--models`/`--model` which are deprecated": each flag of the list is said old, and
  the words after `--model` are read after its own span, not after `--models`;
- `from .zipfile import *` binds only what the source's `__all__` lists, unless the list is
  changed by a call (`__all__.append(...)`), which leaves it unread;
- "There is no `a`, no `b`, no `app.callback`" and a list under "they do not exist in the
  API:" deny the names they give, while a list under another lead-in is checked;
- a section titled by a signature (`bysize (size: int, newline: bool = False) -> None`):
  the method's name is checked, and so are the parameters its body lists, though a private
  helper keeps their names;
- values a sentence gives for an option that takes listed ones ("the `--scope` option with
  one of the next values: `session`, `module`"): one it no longer takes is reported.
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


LAZY_CLI = """\
import typer

from lazycli._lazy import LazyTyperGroup


class _RootGroup(LazyTyperGroup):
    def invoke(self, ctx):
        return super().invoke(ctx)


app = typer.Typer(cls=_RootGroup)


@app.command()
def install(fast: bool = typer.Option(False, "--fast")):
    pass
"""

LAZY_README = """\
# lazycli

    $ lazycli install --fast
    $ lazycli model download --url x
    $ lazycli install --slow
"""


def test_a_typer_app_whose_group_looks_commands_up(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "lazycli"\nversion = "1"\n\n'
        '[project.scripts]\nlazycli = "lazycli.cli:app"\n',
        "lazycli/__init__.py": "",
        "lazycli/_lazy.py": "import typer.core\n\n\nclass LazyTyperGroup(typer.core.TyperGroup):\n"
        "    def get_command(self, ctx, name):\n        return None\n",
        "lazycli/cli.py": LAZY_CLI,
        "README.md": LAZY_README,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "lazycli", files))}
    assert found == {(5, "lazycli install --slow")}


AXES = """\
.. this page created by ./docs/make_tables.py

Axes
====

* real axes: ``omega_t``, ``mu``, ``gamma``
"""


def test_a_page_a_program_wrote_and_a_list_said_deprecated(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hkl"\nversion = "1"\n\n'
        '[project.scripts]\nhkl = "hkl:main"\n',
        "hkl/__init__.py": "import argparse\n\nomega = 1\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser()\n    parser.add_argument('--select')\n"
        "    parser.parse_args()\n",
        "docs/axes.rst": AXES,
        "docs/hand.rst": "Axes\n====\n\nThe axis ``omega_t`` moves.\n",
        "README.md": "# hkl\n\nUse `--select` instead of `-m`/`--models`/`--model` which are "
        "deprecated, or `--modls`.\n",
    }
    found = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "hkl", files))}
    assert found == {("docs/hand.rst", "omega_t"), ("README.md", "--modls")}


def test_a_star_import_binds_what_all_lists(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pz"\nversion = "1"\n',
        "pz/__init__.py": "from .zipfile import *\nfrom .extra import *\n",
        "pz/zipfile.py": '__all__ = ["ZipFile"]\n\nZIP_LZMA = 14\n\n\nclass ZipFile:\n    pass\n',
        "pz/extra.py": '__all__ = ["crc"]\n__all__.append("adler")\n\n\ndef crc():\n'
        "    pass\n\n\ndef adler():\n    pass\n",
        "README.md": "# pz\n\nUse `pz.ZipFile` with `pz.ZIP_LZMA`; check with `pz.adler()`.\n",
    }
    assert _drift(_write(tmp_path / "pz", files)) == {("README.md", 3, "pz.ZIP_LZMA")}


DENIED = """\
# merc

Changing a widget re-runs the cells. There is no `merc.on_change()`, no
`merc.callback`. Do not write them.

Do not write any of these — they do not exist in the API:

- `merc.session_state`
- `merc.rerun()`

The widgets are:

- `merc.Slider`
- `merc.TextBox`
"""


def test_names_a_page_denies_in_a_sentence_or_a_list(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "merc"\nversion = "1"\n',
        "merc/__init__.py": "class Slider:\n    pass\n\n\nclass Text:\n    pass\n",
        "README.md": DENIED,
    }
    assert _drift(_write(tmp_path / "merc", files)) == {("README.md", 14, "merc.TextBox")}


SPLIT = """\
class Split:
    def bysize(self, size, newline=False):
        self._process(size, newline)

    def _process(self, size, newline):
        pass
"""

SPLIT_README = """\
fsplit
======

bysize (size: int, newline: bool = False) -> None
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

Splits the file by size.

``newline`` (bool, Optional): no partial lines.
"""


def test_a_section_titled_by_a_signature(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fsplit"\nversion = "1"\n',
        "fsplit/__init__.py": SPLIT,
        "README.rst": SPLIT_README,
    }
    keyword = {
        "fsplit/__init__.py": [
            ("size, newline=False", "size, whole_lines=False"),
            ("(size, newline)\n", "(size, whole_lines)\n"),
        ]
    }
    assert _drift_after(tmp_path / "kw", files, keyword) == {("README.rst", 9)}
    method = {"fsplit/__init__.py": [("def bysize(", "def by_size(")]}
    assert _drift_after(tmp_path / "name", files, method) == {("README.rst", 4)}


SCOPE = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="rep")
    parser.add_argument("--scope", choices=["module", "function"], default="function")
    parser.parse_args()
"""

SCOPE_README = """\
rep
===

Use the :code:`--scope` option with one of the next values: :code:`session`,
:code:`module` or :code:`function` (default). The :code:`count` fixture repeats.
"""


def test_values_a_sentence_gives_for_an_option(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "rep"\nversion = "1"\n\n'
        '[project.scripts]\nrep = "rep:main"\n',
        "rep/__init__.py": SCOPE,
        "README.rst": SCOPE_README,
    }
    assert _drift(_write(tmp_path / "rep", files)) == {("README.rst", 4, "session")}
