"""Shapes from the blind wild batch 62 (trx-python, stdeb), on small repos.

- `app = typer.Typer(name="trx", callback=_main_callback)` run by `main()` as `app()`: the
  app is the program whatever its `name=`, its commands are the program's sub-commands, and
  the callback handed as a keyword gives the program's own options (`trx --debug`).
- stdeb's untagged block `STDEB_VERSION="0.10.1"`, then `--release=$STDEB_VERSION`: a shell
  recipe's own variable, not a setting of the project.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CLI = """\
import typer


def _main_callback(debug: bool = typer.Option(False, "--debug")) -> None:
    pass


app = typer.Typer(name="trx", callback=_main_callback)


@app.command("info")
def info(path: str) -> None:
    pass


@app.command()
def convert(source: str, target: str, force: bool = False) -> None:
    pass


def main():
    app()
"""

README = """\
# trx

```console
$ trx info data.trx
$ trx convert a.trk b.trx --force
$ trx --debug info data.trx
$ trx visualize data.trx
```
"""


def test_a_typer_app_the_module_runs_is_the_program(tmp_path: Path) -> None:
    root = tmp_path / "trx"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "trx"\nversion = "1"\n'
            'dependencies = ["typer"]\n[project.scripts]\ntrx = "trx.cli:main"\n',
            "trx/__init__.py": "",
            "trx/cli.py": CLI,
            "README.md": README,
        },
    )
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.md", 7)}


RECIPE = """\
Install
=======

Here is how to install it from its own release::

  DEB_VERSION="0.10.1"

  # Download it
  pypi-download deb --release=$DEB_VERSION
  tar xzf deb-$DEB_VERSION.tar.gz

A block that sets ``DEB_OPTIONS`` alone::

  DEB_OPTIONS=--quiet
"""


def test_a_variable_a_plain_block_sets_and_uses_is_the_blocks_own(tmp_path: Path) -> None:
    root = tmp_path / "deb"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "deb"\nversion = "1"\n',
            "deb/__init__.py": "import os\n\nHOME = os.environ.get('DEB_HOME')\n",
            "README.rst": RECIPE,
        },
    )
    # the recipe's own variable is no claim; one set alone is a setting the code lacks
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.rst", 12)}
