"""Shapes from the blind wild batch 46 (gwpy, borgbackup), on a small repo, each beside a line
that must still be reported.

- An upper-case word under a prefix taken only from a variable the code reads (gwpy reads
  `LIGO_DATAFIND_SERVER`), on a page that never speaks of the environment, is some other
  name: ``LIGO_LW`` is an XML format. On a page about the environment it is a claim.
- A name the code writes as bytes (`MAGIC = b'BORG_SEG'`) is the code's.
- "a BORG_XXX environment variable": a stand-in for any of the family's names.
- Pages sphinx-gallery renders into its `gallery_dirs` (`str(Path() / "examples")`) exist
  once the docs are built.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

FIND = """\
import os

MAGIC = b"WAVES_SEG"


def server():
    return os.getenv("LIGO_DATAFIND_SERVER") or os.getenv("WAVES_CACHE")
"""

CONF = """\
from pathlib import Path

project = "waves"
sphinx_gallery_conf = {
    "examples_dirs": [str(Path("..") / "examples")],
    "gallery_dirs": [str(Path() / "gallery")],
}
"""

IO_PAGE = """\
``LIGO_LW`` XML
===============

Segments are stored in ``LIGO_LW`` format, in ``WAVES_SEG`` files.

See the `examples <gallery/index.html>`_ and :doc:`/gallery/segments/index`, but not
:doc:`/missing/index`.
"""

ENV_PAGE = """\
Configuration
=============

Set the ``LIGO_DATAFIND_SERVER`` environment variable and ``LIGO_SERVER``; a
``WAVES_XXX`` variable is read on start.
"""


def test_environment_words_bytes_names_and_gallery_pages(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "waves"\nversion = "1"\n',
        "src/waves/__init__.py": "",
        "src/waves/find.py": FIND,
        "docs/conf.py": CONF,
        "docs/io.rst": IO_PAGE,
        "docs/env.rst": ENV_PAGE,
    }
    assert _drift(_write(tmp_path / "waves", files)) == {
        ("docs/io.rst", 7, "/missing/index.rst"),
        ("docs/env.rst", 4, "LIGO_SERVER"),
    }


HELPERS = """\
from click_default_group import DefaultGroup


class OrderedGroup(DefaultGroup):
    pass
"""

LOCK = """\
import click

from lock.helpers import OrderedGroup


@click.group(cls=OrderedGroup, default="lock", default_if_no_args=True)
def main():
    pass


@main.command()
@click.option("--update", multiple=True)
@click.option("--extras", multiple=True)
@click.option("-p", "--platform", multiple=True)
@click.argument("sources", nargs=-1)
def lock(update, extras, platform, sources):
    pass


@main.command()
@click.argument("prefix")
def install(prefix):
    pass
"""

COMPILER = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="kap")
    sub = parser.add_subparsers()
    build = sub.add_parser("compile")
    build.add_argument("--targets", "-t", nargs="+")
    listing = sub.add_parser("list")
    listing.add_argument("--target-name")
    listing.add_argument("patterns", nargs="*")
    parser.parse_args()
"""

CLI_PAGE = """\
Usage
=====

Lock with the default command::

    $ lock --update pydantic
    $ lock myenv
    $ lock -p linux-64 --extra docs
    $ lock install ./env

Compile one target with ``--target`` and ``--targetz``; list some::

    $ kap list '- bin/ba*' '+ re:^.*$'
"""


def test_default_commands_argparse_prefixes_and_quoted_values(tmp_path: Path) -> None:
    """click-default-group hands a line whose words name no command to its `default` command
    (conda-lock's `lock`), whose options are then checked; argparse takes a prefix unique
    among one command's options (kapitan's `--target`) though others share it; a quoted
    word starting with "- " (borg's `--pattern '- bin/ba*'`) is no flag."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "lock"\nversion = "1"\n\n'
            '[project.scripts]\nlock = "lock.cli:main"\nkap = "lock.kap:main"\n'
        ),
        "src/lock/__init__.py": "",
        "src/lock/helpers.py": HELPERS,
        "src/lock/cli.py": LOCK,
        "src/lock/kap.py": COMPILER,
        "docs/cli.rst": CLI_PAGE,
    }
    assert _drift(_write(tmp_path / "lock", files)) == {
        ("docs/cli.rst", 8, "lock -p linux-64 --extra docs"),
        ("docs/cli.rst", 11, "--targetz"),
    }
