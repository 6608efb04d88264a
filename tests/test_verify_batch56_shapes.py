"""Shapes from the blind wild batch 56 (tockloader), on small repos with the last commit as
the documented state.

- A Markdown page's setext headings (`Title` over `-----`) end the section of a `####`
  heading naming a sub-command: a flag named under them is not that command's claim.
- `python -m lts dem` runs the `__main__` module a console script's entry point is in, a
  single click command (localtileserver's): `dem` is its argument, not a sub-command,
  though another module declares a command of its own.
- `tloader.open()` on the page of class `TLoader` of package `tloader`: the package's name
  written for an instance of its namesake class, whose method it is.
- "the `--no-build-isolation` option::" before a literal block running `python3 -m pip
  install --no-build-isolation`: pip's flag. "these tools, `matsci` contains ...": the
  package named after a clause that ended on "tools", not a program.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    tickv = sub.add_parser("tickv")
    tickv.add_argument("--key")
    install = sub.add_parser("install")
    install.add_argument("--jlink", action="store_true")
    parser.parse_args()
"""

README = """\
# tl

#### `tl tickv get|append [key]`

Interact with a key-value database; `--key` names the key.


Specifying the Channel
----------------------

To use a JTAG interface, specify `--jlink`.
"""


def test_setext_headings_end_a_commands_section(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tl"\nversion = "1"\n'
        '[project.scripts]\ntl = "tl.main:main"\n',
        "tl/__init__.py": "",
        "tl/main.py": CLI,
        "README.md": README,
    }
    changes = {"tl/main.py": [('"--jlink"', '"--jtag"')]}
    assert _drift_after(tmp_path / "tl", files, changes) == {("README.md", 11)}


APP = """\
import click


@click.command()
@click.argument("filename")
@click.option("-p", "--port", default=0)
def click_run_app(filename, port):
    pass
"""

TOOLS = """\
import click


@click.command()
def report():
    pass
"""

LTS_README = """\
# lts

    python -m lts dem --port 8000
"""


def test_python_m_runs_the_console_scripts_single_command(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "lts"\nversion = "1"\n'
        '[project.scripts]\nlts = "lts.__main__:run_app"\n',
        "lts/__init__.py": "",
        "lts/__main__.py": "from lts.app import click_run_app as run_app\n\n"
        'if __name__ == "__main__":\n    run_app()\n',
        "lts/app.py": APP,
        "lts/tools.py": TOOLS,
        "README.md": LTS_README,
    }
    changes = {"lts/app.py": [('"-p", "--port"', '"-p", "--listen"')]}
    assert _drift_after(tmp_path / "lts", files, changes) == {("README.md", 3)}


LOADER = """\
class TLoader:
    def open(self):
        pass

    def run_terminal(self):
        pass
"""

LOADER_DOC = """\
# Package tloader.tloader Documentation

### run_terminal

In particular, we do _not_ want `tloader.open()` to have been called at this point.
"""


def test_the_package_name_for_an_instance_of_its_namesake_class(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tloader"\nversion = "1"\n',
        "tloader/__init__.py": "",
        "tloader/tloader.py": LOADER,
        "docs/tloader.md": LOADER_DOC,
    }
    changes = {"tloader/tloader.py": [("def open(self)", "def connect(self)")]}
    assert _drift_after(tmp_path / "tloader", files, changes) == {("docs/tloader.md", 5)}


AVERAGE = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir")
    parser.parse_args()
"""

MATSCI_README = """\
matsci
======

As well as these domain-specific tools, `matsci` contains general utilities.

The editable install only works with the
`--no-build-isolation` option::

  python3 -m pip install --no-build-isolation --editable .[test]

Average a potential with ``matsci-average --build-dir out``.
"""


def test_pips_flag_before_its_block_and_the_package_after_a_clause(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "matsci"\nversion = "1"\n'
        '[project.scripts]\nmatsci-average = "matsci.average:main"\n',
        "matsci/__init__.py": "",
        "matsci/average.py": AVERAGE,
        "README.rst": MATSCI_README,
    }
    changes = {"matsci/average.py": [('"--build-dir"', '"--out-dir"')]}
    assert _drift_after(tmp_path / "matsci", files, changes) == {("README.rst", 11)}
